import Foundation
import HavenConfig
import HavenCore
import HavenStore

/// What `import harsh` did (SPEC §9).
public struct HarshImport: Sendable {
    /// Each habit with the tracker id it went to, and whether its file is new.
    public let habits: [(name: String, tracker: String, created: Bool)]
    /// Habits whose name gave an id a file of this home already uses, with the id taken instead.
    public let renamed: [(name: String, tracker: String)]
    public let entries: Int
    public let alreadyThere: Int
    public let days: Int
    public let freezes: Int
}

extension Session {
    /// Imports harsh's `habits` and `log` files from `folder` (SPEC §9):
    /// each habit becomes a tracker file of the home (written only after it
    /// validates; one made by an earlier import is used again), `y` an entry
    /// (with its `@` amount for a habit that always has one, its comment as
    /// the note), `s` a freeze, `n` nothing; the last line of a day and
    /// habit wins. Entries are keyed by habit and day, so a second import
    /// adds nothing. A malformed line stops it with `file:line`; nothing is
    /// written.
    public func importHarsh(_ folder: String, shown: String, dryRun: Bool) throws(RuntimeError) -> HarshImport {
        let habitsText = try Session.readText(folder + "/habits", shown: shown + "/habits")
        let logText = try Session.readText(folder + "/log", shown: shown + "/log")
        let habits = try HarshFiles.habits(habitsText, file: shown + "/habits")
        let days = try HarshFiles.log(logText, file: shown + "/log", habits: Set(habits.map(\.name)))

        // One tracker per habit: amounts when every done day has one.
        var plans: [(habit: HarshFiles.Habit, id: String, text: String, created: Bool)] = []
        var renamed: [(name: String, tracker: String)] = []
        var taken = Set(runtime.trackers.map(\.id))
        for habit in habits {
            let done = days.filter { $0.key.habit == habit.name && $0.value.result == "y" }.map(\.value)
            let amounts = !done.isEmpty && done.allSatisfy { ($0.amount ?? 0) > 0 }
            let marker = "# Imported from harsh: \(habit.name)"
            let base = HarshFiles.id(for: habit.name)
            var id = base, suffix = 1
            // A file an earlier import made for this habit is used again; another file of that id is not.
            while taken.contains(id) || FileManager.default.fileExists(atPath: runtime.layout.trackers + "/\(id).yaml") {
                let path = runtime.layout.trackers + "/\(id).yaml"
                if case .bytes(let bytes) = PlainFile.contents(path, limit: 1 << 20),
                   String(decoding: bytes, as: UTF8.self).hasPrefix(marker + "\n") {
                    break
                }
                suffix += 1
                id = "\(base)-\(suffix)"
            }
            let exists = FileManager.default.fileExists(atPath: runtime.layout.trackers + "/\(id).yaml")
            if id != base { renamed.append((habit.name, id)) }
            taken.insert(id)
            plans.append((habit, id, HarshFiles.tracker(habit, amounts: amounts, marker: marker), !exists))
        }
        try validate(plans.filter(\.created).map { ($0.id, $0.text) })

        // Entries and freezes, keyed by habit and day.
        let ids = Dictionary(uniqueKeysWithValues: plans.map { ($0.habit.name, $0.id) })
        let amountTrackers = Set(plans.filter { $0.text.contains("input: amount") }.map(\.id))
        var contents = StoreContents()
        for (key, outcome) in days.sorted(by: { ($0.key.day, $0.key.habit) < ($1.key.day, $1.key.habit) }) {
            guard let tracker = ids[key.habit] else { continue }
            switch outcome.result {
            case "y":
                let noon = noon(of: key.day)
                let amount = outcome.amount
                let note = [outcome.comment, amountTrackers.contains(tracker) ? nil : amount.map { "@ \($0.plainText)" }]
                    .compactMap { $0 }.joined(separator: " ")
                contents.entries.append(Entry(
                    tracker: tracker, instant: noon.milliseconds, zone: clock.zone.identifier, offset: noon.offset,
                    day: key.day, value: amountTrackers.contains(tracker) ? .number(amount ?? 1) : .none,
                    note: note.isEmpty ? nil : note, writtenAt: noon.milliseconds,
                    uuid: HarshFiles.uuid(habit: key.habit, day: key.day, milliseconds: noon.milliseconds),
                    source: "import:harsh"))
            case "s":
                contents.freezes.append(Freeze(tracker: tracker, day: key.day, note: outcome.comment,
                                               placedAt: clock.milliseconds))
            default:
                continue
            }
        }
        var created: [String] = []
        if !dryRun {
            do {
                try FileManager.default.createDirectory(atPath: runtime.layout.trackers, withIntermediateDirectories: true)
                for plan in plans where plan.created {
                    let path = runtime.layout.trackers + "/\(plan.id).yaml"
                    try Data(plan.text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
                    created.append(path)
                }
            } catch {
                for path in created { unlink(path) }
                throw .homeNotWritable(runtime.layout.trackers, reason: error.localizedDescription)
            }
        }
        let added: StoreContents.Added
        do {
            added = try db { () throws(StoreError) in try store.merge(contents, dryRun: dryRun) }
        } catch {
            // The entries did not go in: neither do the files made for them.
            for path in created { unlink(path) }
            throw error
        }
        return HarshImport(habits: plans.map { ($0.habit.name, $0.id, $0.created) }, renamed: renamed,
                           entries: added.entries.count, alreadyThere: contents.entries.count - added.entries.count,
                           days: Set(added.entries.map(\.day)).count, freezes: added.freezes)
    }

    /// Noon of `day` in the person's zone: an imported day's entry lands on it whatever the day boundary.
    private func noon(of day: Day) -> (milliseconds: Int64, offset: Int) {
        var components = DateComponents(year: day.year, month: day.month, day: day.day, hour: 12)
        components.timeZone = clock.zone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = clock.zone
        let date = calendar.date(from: components) ?? Date(timeIntervalSince1970: 0)
        return (Int64(date.timeIntervalSince1970 * 1000), clock.zone.secondsFromGMT(for: date))
    }

    /// Checks new tracker files as the home would load them, beside everything it has.
    private func validate(_ files: [(id: String, text: String)]) throws(RuntimeError) {
        guard !files.isEmpty else { return }
        let staging = Staging.name(for: runtime.layout.configRoot + "/.import")
        defer { try? FileManager.default.removeItem(atPath: staging) }
        do {
            try FileManager.default.createDirectory(atPath: staging + "/trackers", withIntermediateDirectories: true)
            for file in files {
                try Data(file.text.utf8).write(to: URL(fileURLWithPath: staging + "/trackers/\(file.id).yaml"))
            }
        } catch {
            throw .homeNotWritable(staging, reason: error.localizedDescription)
        }
        let core = PackLocation(id: "core", root: runtime.corePack, display: "core", kind: .builtin)
        let catalog = CatalogLoader.load([core, PackLocation(id: "local", root: staging, display: "trackers", kind: .local)],
                                         havenVersion: HavenVersion.current)
        guard catalog.diagnostics.isEmpty else { throw .packInvalid(id: "harsh", diagnostics: catalog.diagnostics,
                                                                     action: "imported") }
    }

    static func readText(_ path: String, shown: String) throws(RuntimeError) -> String {
        switch PlainFile.contents(path, limit: 1 << 30, followLinks: true) {
        case .bytes(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .tooLarge(let size): throw .invalidInput("\(shown) holds \(size) bytes, more than the 1 GiB an import reads")
        case .notPlain(let problem): throw .invalidInput("\(shown) \(problem)")
        case .unreadable where PlainFile.kind(path) == .missing: throw .pathNotFound(shown)
        case .unreadable(let reason): throw .invalidInput("cannot read \(shown): \(reason)")
        }
    }
}

/// harsh's two files, read strictly.
enum HarshFiles {
    struct Habit {
        var name: String
        /// Successes needed in `window` days; nil for `0` (tracked only, no streak).
        var times: Int
        var window: Int?
    }

    struct Key: Hashable {
        var day: Day
        var habit: String
    }

    struct Outcome {
        var result: String
        var comment: String?
        var amount: Double?
    }

    /// `Name: frequency[: end date]`; `#` comments and `!` headings are skipped.
    static func habits(_ text: String, file: String) throws(RuntimeError) -> [Habit] {
        var habits: [Habit] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix("!") { continue }
            let parts = line.components(separatedBy: ":").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count >= 2, !parts[0].isEmpty else {
                throw .invalidInput("\(file):\(index + 1): a habit is written 'Name: frequency', like 'Gym: 3/7'; "
                    + "nothing was imported")
            }
            guard let (times, window) = frequency(parts[1]) else {
                throw .invalidInput("\(file):\(index + 1): '\(parts[1])' is not a frequency harsh writes (1, 7, 1w, 3/7 "
                    + "or 0); nothing was imported")
            }
            habits.append(Habit(name: parts[0], times: times, window: window))
        }
        return habits
    }

    /// `N` (once in N days), `Nw` (once in N weeks), `T/I` (T in any I days), `0` (no streak).
    static func frequency(_ text: String) -> (Int, Int?)? {
        if text == "0" { return (0, nil) }
        if let n = Int(text), (1...365).contains(n) { return (1, n) }
        if text.hasSuffix("w"), let n = Int(text.dropLast()), (1...52).contains(n) { return (1, 7 * n) }
        let pair = text.split(separator: "/")
        if pair.count == 2, let t = Int(pair[0]), let i = Int(pair[1]), (1...365).contains(i), (1...i).contains(t) {
            return (t, i)
        }
        return nil
    }

    /// `DATE : Habit : y|n|s [: comment [: amount]]`; the last line of a day and habit wins.
    static func log(_ text: String, file: String, habits: Set<String>) throws(RuntimeError) -> [Key: Outcome] {
        var days: [Key: Outcome] = [:]
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw)
            if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#") { continue }
            let where_ = "\(file):\(index + 1)"
            let parts = line.components(separatedBy: " : ")
            guard parts.count >= 3, let day = Day(parts[0].trimmingCharacters(in: .whitespaces)) else {
                throw .invalidInput("\(where_): a log line is written 'YYYY-MM-DD : Habit : y', with y, n or s; "
                    + "nothing was imported")
            }
            let habit = parts[1].trimmingCharacters(in: .whitespaces)
            guard habits.contains(habit) else {
                throw .invalidInput("\(where_): no habit '\(habit.prefix(60))' in the habits file; add it there or "
                    + "remove the line; nothing was imported")
            }
            let result = parts[2].trimmingCharacters(in: .whitespaces)
            guard ["y", "n", "s"].contains(result) else {
                throw .invalidInput("\(where_): '\(result.prefix(20))' is not y, n or s; nothing was imported")
            }
            let comment = parts.count > 3 ? parts[3].trimmingCharacters(in: .whitespaces) : ""
            var amount: Double?
            if parts.count > 4 {
                let text = parts[4].trimmingCharacters(in: .whitespaces)
                if !text.isEmpty {
                    guard let value = Double(text), value.isFinite, value >= 0 else {
                        throw .invalidInput("\(where_): the amount '\(text.prefix(20))' is not a number; nothing was "
                            + "imported")
                    }
                    amount = value > 0 ? (value * 1000).rounded() / 1000 : nil
                }
            }
            days[Key(day: day, habit: habit)] = Outcome(result: result, comment: comment.isEmpty ? nil : comment,
                                                        amount: amount)
        }
        return days
    }

    /// A tracker id from a habit's name: lower case, words joined by '-'.
    static func id(for name: String) -> String {
        var id = ""
        for scalar in name.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                id.unicodeScalars.append(scalar)
            } else if !id.isEmpty, id.last != "-" {
                id += "-"
            }
        }
        while id.hasSuffix("-") { id.removeLast() }
        if id.isEmpty || !("a"..."z").contains(id.unicodeScalars.first!) { id = "habit" + (id.isEmpty ? "" : "-" + id) }
        return String(id.prefix(60))
    }

    /// The tracker file for a habit, starting with the marker a later import recognises.
    static func tracker(_ habit: Habit, amounts: Bool, marker: String) -> String {
        let name = habit.name.contains(where: { "\"\\:#{}[],&*!|>'%@`".contains($0) })
            ? "\"" + habit.name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                + "\"" : habit.name
        var text = marker + "\n" + "name: \(name)\n" + (amounts ? "input: amount\nunit: units\n" : "input: check\n")
        switch (habit.times, habit.window) {
        case (0, _): text += "streak: false\n"
        case (1, 1?): break
        case (let times, let window?): text += "streak: { period: { rolling: \(window) }, times: \(times) }\n"
        default: break
        }
        return text
    }

    /// A UUIDv7 fixed by habit and day (its random bits a hash of both):
    /// the same line imported twice is the same entry.
    static func uuid(habit: String, day: Day, milliseconds: Int64) -> String {
        struct Hashed: RandomNumberGenerator {
            var state: UInt64
            mutating func next() -> UInt64 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "harsh|\(habit)|\(day)".utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        var generator = Hashed(state: hash)
        return UUID7.make(milliseconds: milliseconds, using: &generator)
    }
}
