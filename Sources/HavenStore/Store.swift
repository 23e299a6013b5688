import Foundation
internal import GRDB
import HavenCore

/// Haven's SQLite database (through GRDB): entries, freezes, tracker state,
/// mode epochs and engine checkpoints. One file per home, in WAL mode, with
/// a busy timeout so that a REPL and a cron job can write at once. Every
/// write is one immediate transaction that also drops the checkpoints it
/// makes stale.
public final class Store: Sendable {
    let queue: DatabaseQueue
    public let path: String
    /// Test hook: milliseconds to wait inside an entry write, before commit.
    private let writeDelay: Int
    /// The device and inode of the file opened: a write first checks that
    /// the path still names it.
    private let identity: FileIdentity?

    /// Opens (creating it and its folder when needed) and migrates the
    /// database; a database from a newer Haven is refused and left as it is.
    public init(path: String, busyTimeout: TimeInterval = 5, writeDelay: Int = 0) throws(StoreError) {
        self.path = path
        self.writeDelay = writeDelay
        var config = Configuration()
        config.busyMode = .timeout(busyTimeout)
        // WAL is a property of the file, kept by every later connection. It is
        // set here rather than through GRDB's `journalMode`, which also writes
        // a throwaway table whenever the WAL file is absent: on every open,
        // since the last connection to close removes it.
        // In WAL mode, NORMAL survives any crash of Haven itself (a killed
        // process never loses a committed entry); only a power cut may drop
        // the last commits, and the file is never corrupted.
        config.prepareDatabase { db in
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        // GRDB opens write transactions IMMEDIATE, so the busy timeout applies to them.
        do {
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            queue = try DatabaseQueue(path: path, configuration: config)
            // One pragma read in the common case; the migrator only when the
            // schema version differs.
            let version = try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 }
            if version > Migrations.version { throw StoreError.newerSchema(path: path) }
            if version < Migrations.version {
                let migrator = Migrations.migrator
                if try queue.read({ db in try migrator.hasBeenSuperseded(db) }) {
                    throw StoreError.newerSchema(path: path)
                }
                try migrator.migrate(queue)
                try queue.write { db in try db.execute(sql: "PRAGMA user_version = \(Migrations.version)") }
            }
        } catch {
            throw Store.map(error, path: path)
        }
        identity = FileIdentity(path: path)
    }

    /// True when the path no longer names the file this store has open.
    public var isReplaced: Bool { identity != nil && FileIdentity(path: path) != identity }

    /// Runs `body` in one immediate write transaction, once the path is known
    /// to name the file this store has open: SQLite would go on writing to
    /// a file that was removed or replaced, and the entry would be lost.
    func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try queue.write { db in
                if isReplaced { throw StoreError.replaced(path: path) }
                return try body(db)
            }
        } catch {
            throw Store.map(error, path: path)
        }
    }

    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try queue.read(body)
        } catch {
            throw Store.map(error, path: path)
        }
    }

    static func map(_ error: any Error, path: String) -> StoreError {
        if let error = error as? StoreError { return error }
        if let error = error as? DatabaseError {
            if error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED { return .busy(path: path) }
            return .unreadable(path: path, reason: error.message ?? "\(error.resultCode)")
        }
        return .unreadable(path: path, reason: "\(error)")
    }

    /// Drops the checkpoints that entries or freezes on `day` make stale:
    /// every state from after that day on.
    static func invalidate(_ db: Database, tracker: String, after day: Day) throws {
        try db.run("DELETE FROM checkpoint WHERE tracker = ? AND day > ?", [tracker, day.description])
    }

    func pauseForTests() {
        if writeDelay > 0 { usleep(useconds_t(writeDelay * 1000)) }
    }
}

/// Which file a path names: its device and inode.
struct FileIdentity: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

extension Database {
    /// Runs one statement, prepared once per connection and reused: a REPL
    /// writes the same few statements thousands of times.
    func run(_ sql: String, _ arguments: StatementArguments = StatementArguments()) throws {
        try cachedStatement(sql: sql).execute(arguments: arguments)
    }

    func rows(_ sql: String, _ arguments: StatementArguments = StatementArguments()) throws -> [Row] {
        try Row.fetchAll(cachedStatement(sql: sql), arguments: arguments)
    }

    /// Each row read straight from SQLite as it is stepped, without copying
    /// it first: for queries that return thousands.
    func map<T>(_ sql: String, _ arguments: StatementArguments, _ transform: (Row) throws -> T?) throws -> [T] {
        var result: [T] = []
        let cursor = try Row.fetchCursor(cachedStatement(sql: sql), arguments: arguments)
        while let row = try cursor.next() {
            if let value = try transform(row) { result.append(value) }
        }
        return result
    }

    func row(_ sql: String, _ arguments: StatementArguments = StatementArguments()) throws -> Row? {
        try Row.fetchOne(cachedStatement(sql: sql), arguments: arguments)
    }

    func value<T: DatabaseValueConvertible & StatementColumnConvertible>(
        _ sql: String, _ arguments: StatementArguments = StatementArguments(), as type: T.Type) throws -> T? {
        try T.fetchOne(cachedStatement(sql: sql), arguments: arguments)
    }
}
