import Foundation
internal import GRDB
import HavenCore
import HavenSystem
import SQLiteRows

/// Haven's SQLite database (through GRDB): entries, freezes, tracker state,
/// mode epochs and engine checkpoints. One file per home, in WAL mode, with
/// a busy timeout so that a REPL and a cron job can write at once. Every
/// write is one immediate transaction that also drops the checkpoints it
/// makes stale.
public final class Store: Sendable {
    let queue: DatabaseQueue
    public let path: String
    /// Test hook: milliseconds to wait inside an entry write, before commit;
    /// `PATH.paused` appears when the wait begins.
    private let writeDelay: Int
    /// The device and inode of the file opened: a write first checks that
    /// the path still names it.
    private let identity: FileIdentity?

    /// Why this store cannot write, when it cannot: a read-only home or a
    /// full disk. Reading commands still work; every write is refused with
    /// this error before it starts.
    public let writeRefusal: StoreError?
    public var isReadOnly: Bool { writeRefusal != nil }

    /// Opens (creating it and its folder when needed) and migrates the
    /// database; a database from a newer Haven is refused and left as it is.
    /// A new database is made under another name and linked into place
    /// whole, so a file Haven made is never empty: an empty `haven.db` (a
    /// copy that failed) is refused, never silently started afresh. A
    /// database Haven cannot write (a read-only folder, a full disk) is
    /// opened read-only, and so is any database when `readOnly` says so.
    public init(path: String, busyTimeout: TimeInterval = 5, writeDelay: Int = 0, readOnly: Bool = false)
        throws(StoreError) {
        self.path = path
        self.writeDelay = writeDelay
        var info = stat()
        if stat(path, &info) != 0 {
            try Store.create(path: path)
        } else if info.st_mode & S_IFMT != S_IFREG {
            throw StoreError.damaged(path: path, reason: "it is not a regular file")
        } else if info.st_size == 0 {
            throw StoreError.empty(path: path)
        }
        let folder = (path as NSString).deletingLastPathComponent
        var refusal: StoreError?
        if readOnly || access(path, W_OK) != 0 || access(folder.isEmpty ? "." : folder, W_OK) != 0 {
            refusal = .readOnly(path: path)
        }
        do {
            queue = try Store.connect(path, busyTimeout: busyTimeout, refusal: refusal)
        } catch {
            let mapped = Store.map(error, path: path)
            guard refusal == nil else { throw mapped }
            switch mapped {
            case .full, .io, .readOnly:
                refusal = mapped
                do {
                    queue = try Store.connect(path, busyTimeout: busyTimeout, refusal: mapped)
                } catch {
                    throw mapped
                }
            default:
                throw mapped
            }
        }
        writeRefusal = refusal
        identity = FileIdentity(path: path)
    }

    /// Opens the file and brings its schema up to date; a store that cannot
    /// write opens read-only and cannot migrate.
    private static func connect(_ path: String, busyTimeout: TimeInterval, refusal: StoreError?) throws -> DatabaseQueue {
        let queue = try Store.open(path, busyTimeout: busyTimeout, readOnly: refusal != nil)
        // One pragma read in the common case; the migrator only when the
        // schema version differs.
        let version = try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 }
        if version > Migrations.version { throw StoreError.newerSchema(path: path) }
        if version < Migrations.version {
            if try queue.read({ db in try Migrations.isForeign(db) }) { throw StoreError.foreign(path: path) }
            let migrator = Migrations.migrator
            if try queue.read({ db in try migrator.hasBeenSuperseded(db) }) {
                throw StoreError.newerSchema(path: path)
            }
            if let refusal {
                // An older schema Haven can still read is read as it is; the
                // next run that can write migrates it.
                if version >= Migrations.readableFrom {
                    // Entries written before UUIDs and sources were kept read
                    // as having none (a temporary view, in memory only).
                    if version < 3 {
                        try queue.inDatabase { db in
                            try db.execute(sql: "CREATE TEMP VIEW entry AS SELECT *, NULL AS uuid, NULL AS source FROM main.entry")
                        }
                    }
                    // No milestone was celebrated before they were kept.
                    if version < 4 {
                        try queue.inDatabase { db in try db.execute(sql: Migrations.milestoneTable("temp")) }
                    }
                    // No latest checkpoint was kept: walks read the full tables.
                    if version < 11 {
                        try queue.inDatabase { db in try db.execute(sql: Migrations.latestCheckpointTable("temp")) }
                    }
                    return queue
                }
                throw refusal
            }
            try Migrations.migrate(queue)
        }
        // Once the schema is current, GRDB's authorizer only feeds features
        // Haven does not use (transaction observers, value observation,
        // its schema cache after DDL), at 9 % of a one-shot log: dropped (D332).
        queue.inDatabase { db in
            if let connection = db.sqliteConnection { SQLiteRows.dropAuthorizer(connection) }
        }
        return queue
    }

    private static func open(_ path: String, busyTimeout: TimeInterval, readOnly: Bool) throws -> DatabaseQueue {
        var config = Configuration()
        config.busyMode = .timeout(busyTimeout)
        if readOnly {
            // SQLite reads a WAL database only where it may create the
            // shared-memory file; in a folder it cannot write, the file is
            // read as it is on disk (`immutable`), which is whole once the
            // last writer has closed it and its WAL is empty or gone.
            config.readonly = true
            var info = stat()
            let wal = stat(path + "-wal", &info) == 0 && info.st_size > 0
            var allowed = CharacterSet.urlPathAllowed
            allowed.remove(charactersIn: "?#%")
            let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
            return try DatabaseQueue(path: "file:\(encoded)?mode=ro" + (wal ? "" : "&immutable=1"), configuration: config)
        }
        // In WAL mode (set when the file is made), NORMAL survives any crash
        // of Haven itself (a killed process never loses a committed entry);
        // only a power cut may drop the last commits, and the file is never
        // corrupted.
        config.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL; " + Store.readCache) }
        // GRDB opens write transactions IMMEDIATE, so the busy timeout applies to them.
        return try DatabaseQueue(path: path, configuration: config)
    }

    /// Makes a new, migrated database beside `path` and links it into place
    /// unless another Haven got there first.
    private static func create(path: String) throws(StoreError) {
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = Staging.name(for: path)
        Staging.removeLeftovers(of: path)
        do {
            if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        } catch {
            throw .cannotCreate(path: path, reason: error.localizedDescription)
        }
        for suffix in ["", "-wal", "-shm"] { unlink(temporary + suffix) }
        defer { unlink(temporary) }
        do {
            let queue = try open(temporary, busyTimeout: 5, readOnly: false)
            // WAL is a property of the file, kept by every later connection.
            // It is set here rather than through GRDB's `journalMode`, which
            // also writes a throwaway table whenever the WAL file is absent.
            try queue.writeWithoutTransaction { db in _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") }
            try Migrations.migrate(queue)
            try queue.close()
        } catch {
            throw Store.map(error, path: path, creating: true)
        }
        if link(temporary, path) != 0 && errno != EEXIST {
            let code = errno
            throw .cannotCreate(path: path, reason: String(cString: strerror(code)))
        }
    }

    /// Closes the database now (SQLite checkpoints the WAL and removes it,
    /// as when the store is released); the store answers nothing after.
    public func close() {
        try? queue.close()
    }

    /// True when the path no longer names the file this store has open.
    public var isReplaced: Bool { identity != nil && FileIdentity(path: path) != identity }

    /// Runs `body` in one immediate write transaction, once the path is known
    /// to name the file this store has open: SQLite would go on writing to
    /// a file that was removed or replaced, and the entry would be lost.
    func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        if let writeRefusal { throw writeRefusal }
        do {
            return try queue.write { db in
                if isReplaced { throw StoreError.replaced(path: path) }
                return try Store.withWriteCache(db) { try body(db) }
            }
        } catch {
            throw Store.map(error, path: path)
        }
    }

    /// The page cache for reads: 256 KiB (64 pages), not SQLite's 2 MiB.
    /// Every page SQLite keeps is fresh memory, and touching it costs the
    /// kernel a page fault (1.5–2 µs here), where reading the page again
    /// from the file system's cache costs a copy (0.7 µs): a status over
    /// ten years of history read 300 pages into 300 new pages (#31 item 4).
    static let readCache = "PRAGMA cache_size = -256"

    /// A write keeps SQLite's 2 MiB while it runs: a page of a sync or an
    /// import touches many index pages, and a small cache would read them
    /// again and spill changed ones to the WAL before the commit.
    static func withWriteCache<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        try db.run("PRAGMA cache_size = -2000")
        defer { try? db.run(readCache) }
        return try body()
    }

    /// Runs `body` in one deferred transaction: a consistent snapshot that
    /// writes nothing. Not GRDB's `read`, which toggles `PRAGMA query_only`
    /// around it: each toggle expires every prepared statement, and
    /// re-preparing them was 41% of a warm `status`. A read that changed a
    /// row anyway is rolled back and refused.
    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try queue.inDatabase { db in
                if db.isInsideTransaction { return try body(db) }
                var result: T?
                let before = db.totalChangesCount
                try db.inTransaction(.deferred) {
                    result = try body(db)
                    guard db.totalChangesCount == before else {
                        throw StoreError.unreadable(path: path, reason: "a read tried to write")
                    }
                    return .commit
                }
                return result!
            }
        } catch {
            throw Store.map(error, path: path)
        }
    }

    /// The store's error for whatever SQLite or GRDB threw, by kind: what
    /// the person can do about it differs (wait, move the file aside, free
    /// space, make the folder writable).
    static func map(_ error: any Error, path: String, creating: Bool = false) -> StoreError {
        if let error = error as? StoreError { return error }
        if let error = error as? RowProblem { return .badRow(path: path, detail: error.detail) }
        guard let error = error as? DatabaseError else { return .unreadable(path: path, reason: "\(error)") }
        let reason = error.message ?? "\(error.resultCode)"
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .busy(path: path)
        case .SQLITE_CONSTRAINT:
            // A row another program wrote breaks one of the schema's rules.
            return .badRow(path: path, detail: "a row breaks the rule \(reason.components(separatedBy: ": ").last ?? reason)")
        case .SQLITE_NOTADB, .SQLITE_CORRUPT: return .damaged(path: path, reason: reason)
        case .SQLITE_FULL: return .full(path: path)
        case .SQLITE_READONLY: return .readOnly(path: path)
        case .SQLITE_CANTOPEN where creating: return .cannotCreate(path: path, reason: reason)
        case .SQLITE_IOERR, .SQLITE_CANTOPEN, .SQLITE_PERM:
            // SQLite reports a full disk as an I/O error when it happens while
            // growing its shared-memory file: ask the file system.
            return diskIsFull(path) ? .full(path: path) : .io(path: path, reason: reason)
        default: return .unreadable(path: path, reason: reason)
        }
    }

    /// True when the file system holding `path` has no block left.
    static func diskIsFull(_ path: String) -> Bool {
        Disk.isFull((path as NSString).deletingLastPathComponent)
    }

    func pauseForTests() {
        guard writeDelay > 0 else { return }
        // Tells a test waiting to kill this writer that the entry is in and not yet committed.
        _ = FileManager.default.createFile(atPath: path + ".paused", contents: nil)
        usleep(useconds_t(writeDelay * 1000))
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

/// A row whose column holds a value of the wrong type: a database edited
/// by another program, or damaged.
struct RowProblem: Error {
    var detail: String
}

extension Row {
    /// Column `index` as `T`, strictly: text is never read as a number nor a
    /// number as text, and a missing value is an error, never a trap.
    func value<T: DatabaseValueConvertible>(_ index: Int, _ table: String) throws -> T {
        let raw = try decode(DatabaseValue.self, atIndex: index)
        guard let value = T.fromDatabaseValue(raw) else { throw problem(index, table, raw) }
        return value
    }

    /// Column `index` as `T`, or nil when it holds NULL.
    func optional<T: DatabaseValueConvertible>(_ index: Int, _ table: String) throws -> T? {
        let raw = try decode(DatabaseValue.self, atIndex: index)
        if raw.isNull { return nil }
        guard let value = T.fromDatabaseValue(raw) else { throw problem(index, table, raw) }
        return value
    }

    /// Column `index` as a day, YYYY-MM-DD.
    func day(_ index: Int, _ table: String) throws -> Day {
        let raw = try decode(DatabaseValue.self, atIndex: index)
        guard let text = String.fromDatabaseValue(raw), let day = Day(text) else { throw problem(index, table, raw) }
        return day
    }

    /// Column `index` as a day, or nil when it holds NULL.
    func optionalDay(_ index: Int, _ table: String) throws -> Day? {
        try decode(DatabaseValue.self, atIndex: index).isNull ? nil : day(index, table)
    }

    private func problem(_ index: Int, _ table: String, _ raw: DatabaseValue) -> RowProblem {
        let column = columnNames[columnNames.index(columnNames.startIndex, offsetBy: index)]
        let shown: String
        switch raw.storage {
        case .null: shown = "is empty (NULL)"
        case .int64(let n): shown = "holds the number \(n)"
        case .double(let d): shown = "holds the number \(d)"
        case .string(let text): shown = "holds the text '\(text.prefix(40))'"
        case .blob(let data): shown = "holds \(data.count) \(data.count == 1 ? "byte" : "bytes") of binary data"
        }
        return RowProblem(detail: "its \(table) table has a row whose \(column) \(shown)")
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

extension Store {
    /// A consistent copy of the database at `destination` through SQLite's
    /// online backup, while other processes may be writing: written beside
    /// it and renamed into place whole, so a copy is never half there.
    public func backup(to destination: String) throws(StoreError) {
        let temporary = destination + ".part-\(getpid())"
        unlink(temporary)
        do {
            let target = try DatabaseQueue(path: temporary)
            try queue.backup(to: target)
            try target.close()
        } catch {
            unlink(temporary)
            unlink(temporary + "-wal")
            unlink(temporary + "-shm")
            throw Store.map(error, path: destination, creating: true)
        }
        guard rename(temporary, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw StoreError.unreadable(path: destination, reason: reason)
        }
    }
}
