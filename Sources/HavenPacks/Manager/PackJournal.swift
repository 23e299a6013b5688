import Foundation
import HavenSystem

/// One change of a home's packs (an install, an update, a rollback, a
/// removal) made so that `packs.lock` and the folders change together or
/// not at all (#28, item 18). The change is a list of renames and the new
/// lock, written to a journal before the first rename; the rename of the
/// new lock over `packs.lock` is the one moment it happens. A process
/// killed anywhere leaves the journal, and the next Haven that opens the
/// home finishes the change (the lock was renamed) or undoes its renames
/// (it was not), as SQLite does with a hot journal. How many renames were
/// made is written after each (a rename and its count cannot be one
/// step, but the one rename past the count is told by its two paths).
struct PackJournal: Codable, Equatable {
    struct Move: Codable, Equatable {
        var from: String
        var to: String
    }

    /// The renames, in order.
    var moves: [Move]
    /// The new lock, written beside `packs.lock`, and the sha256 of its text.
    var lock: String
    var lockSHA256: String
    /// Removed once the change is made.
    var leftovers: [String]
    /// Made for the change and moved into place by it (the new version, a
    /// new record): removed when it is undone.
    var temporaries: [String]

    static func path(in home: PackHome) -> String { home.root + "/.packs-journal" }
    static func progress(in home: PackHome) -> String { home.root + "/.packs-journal-step" }

    /// Makes the change: writes `newLock` and the journal, does the moves,
    /// renames the lock into place, removes the leftovers. A failure
    /// before the lock's rename undoes the moves and throws.
    static func apply(_ moves: [Move], lock newLock: PackLock, leftovers: [String], temporaries: [String],
                      in home: PackHome) throws(PackFolder.Problem) {
        let text = newLock.text
        let journal = PackJournal(moves: moves, lock: Staging.name(for: home.lock), lockSHA256: PackHash.sha256(Data(text.utf8)),
                                  leftovers: leftovers, temporaries: temporaries)
        unlink(progress(in: home))
        try write(Data(text.utf8), to: journal.lock)
        do {
            try write(try JSONEncoder().encode(journal), atomicallyTo: path(in: home))
        } catch {
            unlink(journal.lock)
            throw error as? PackFolder.Problem ?? .cannotWrite(path: path(in: home), reason: "\(error)")
        }
        for (index, move) in moves.enumerated() {
            guard rename(move.from, move.to) == 0 else {
                let reason = String(cString: strerror(errno))
                journal.undo(done: index, home)
                throw .cannotWrite(path: move.to, reason: reason)
            }
            crashPoint(2 * index + 1)
            try? write(Data("\(index + 1)".utf8), atomicallyTo: progress(in: home))
            crashPoint(2 * index + 2)
        }
        guard rename(journal.lock, home.lock) == 0 else {
            let reason = String(cString: strerror(errno))
            journal.undo(done: moves.count, home)
            throw .cannotWrite(path: home.lock, reason: reason)
        }
        crashPoint(2 * moves.count + 1)
        journal.finish(home)
    }

    /// Finishes or undoes a change a killed process left, if there is one.
    static func recover(_ home: PackHome) {
        let file = path(in: home)
        guard case .bytes(let bytes) = PlainFile.contents(file, limit: 1 << 20) else { return }
        guard let journal = try? JSONDecoder().decode(PackJournal.self, from: Data(bytes)) else {
            // Written whole and renamed into place: a journal that does not
            // read was never one; nothing was moved under it.
            unlink(file)
            return
        }
        // The renames made: as counted, and the next one if its source is
        // gone and its target there.
        var done = 0
        if case .bytes(let count) = PlainFile.contents(progress(in: home), limit: 64) {
            done = min(journal.moves.count, Int(String(decoding: count, as: UTF8.self)) ?? 0)
        }
        if done < journal.moves.count, PlainFile.kind(journal.moves[done].from) == .missing,
           PlainFile.kind(journal.moves[done].to) != .missing {
            done += 1
        }
        let lock = PlainFile.contents(home.lock, limit: 16 << 20)
        if case .bytes(let text) = lock, PackHash.sha256(text) == journal.lockSHA256 {
            for move in journal.moves[done...] { _ = rename(move.from, move.to) }
            journal.finish(home)
        } else {
            journal.undo(done: done, home)
        }
    }

    /// The first `done` renames undone, last first; then what the change
    /// made for itself, and the journal, removed.
    private func undo(done: Int, _ home: PackHome) {
        for move in moves.prefix(done).reversed() { _ = rename(move.to, move.from) }
        for temporary in temporaries + [lock] { try? FileManager.default.removeItem(atPath: temporary) }
        unlink(PackJournal.progress(in: home))
        unlink(PackJournal.path(in: home))
    }

    private func finish(_ home: PackHome) {
        for leftover in leftovers { try? FileManager.default.removeItem(atPath: leftover) }
        unlink(PackJournal.progress(in: home))
        unlink(PackJournal.path(in: home))
    }

    private static func write(_ data: Data, to path: String) throws(PackFolder.Problem) {
        do {
            try data.write(to: URL(fileURLWithPath: path))
        } catch {
            throw .cannotWrite(path: path, reason: error.localizedDescription)
        }
    }

    private static func write(_ data: Data, atomicallyTo path: String) throws(PackFolder.Problem) {
        let temporary = Staging.name(for: path)
        try write(data, to: temporary)
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// The tests' way to kill Haven between two steps of a change
    /// (`HAVEN_TEST_PACK_CRASH_AT=N`: after the Nth: a rename, its count,
    /// the next rename…, the lock), where a SIGKILL from outside would
    /// land at random.
    private static func crashPoint(_ step: Int) {
        guard let at = ProcessInfo.processInfo.environment["HAVEN_TEST_PACK_CRASH_AT"], Int(at) == step else { return }
        kill(getpid(), SIGKILL)
    }
}
