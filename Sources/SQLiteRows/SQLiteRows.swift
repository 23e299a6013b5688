internal import GRDBSQLite

/// A thin, safe face over SQLite's stepping calls, for the one read where
/// GRDB's generic decoding of each column costs more than the work around
/// it (a day_outcome walk's entries, #31 item 2). The statement is GRDB's,
/// prepared and bound; this only steps it and reads its columns by type.
public enum SQLiteRows {
    /// A column's storage class.
    public enum Storage: Sendable {
        case integer, real, text, blob, null
    }

    /// The row the statement stands on: valid inside `step`'s body only.
    public struct Row {
        let statement: OpaquePointer

        public func storage(_ column: Int32) -> Storage {
            switch sqlite3_column_type(statement, column) {
            case SQLITE_INTEGER: .integer
            case SQLITE_FLOAT: .real
            case SQLITE_TEXT: .text
            case SQLITE_NULL: .null
            default: .blob
            }
        }

        public func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
        public func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }

        /// The column's text as UTF-8 bytes, for `body` only.
        public func withText<T>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
            guard let bytes = sqlite3_column_text(statement, column) else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
            return body(UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, column))))
        }

        public func text(_ column: Int32) -> String { withText(column) { String(decoding: $0, as: UTF8.self) } }

        /// The column's text as UTF-8 bytes, valid until the statement moves
        /// to its next row (never longer than `step`'s body).
        public func bytes(_ column: Int32) -> UnsafeRawBufferPointer {
            guard let bytes = sqlite3_column_text(statement, column) else { return UnsafeRawBufferPointer(start: nil, count: 0) }
            return UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, column)))
        }
    }

    /// What stepping met instead of a row or the end.
    public struct Failure: Error {
        public let code: Int32
        public let message: String
    }

    /// A value bound to a statement's parameter.
    public enum Argument: Sendable {
        case text(String)
        case integer(Int64)
    }

    /// Binds `arguments` to the statement's parameters 1, 2, 3 … (SQLite
    /// copies the texts), after resetting it.
    public static func bind(_ statement: OpaquePointer, _ arguments: [Argument]) throws {
        sqlite3_reset(statement)
        for (index, argument) in arguments.enumerated() {
            let position = Int32(index + 1)
            let code: Int32
            switch argument {
            case .integer(let n): code = sqlite3_bind_int64(statement, position, n)
            case .text(let text):
                // NUL-terminated, so that even an empty text has a pointer.
                code = text.withCString { sqlite3_bind_text(statement, position, $0, -1, transient) }
            }
            guard code == SQLITE_OK else {
                throw Failure(code: code, message: String(cString: sqlite3_errmsg(sqlite3_db_handle(statement))))
            }
        }
    }

    /// SQLite's SQLITE_TRANSIENT: copy the bytes before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Steps `statement` from its start, handing each row to `body` until it
    /// returns false or the rows end, and resets it after; true when every
    /// row was taken.
    public static func step(_ statement: OpaquePointer, _ body: (Row) throws -> Bool) throws -> Bool {
        defer { sqlite3_reset(statement) }
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return true }
            guard code == SQLITE_ROW else {
                throw Failure(code: code, message: String(cString: sqlite3_errmsg(sqlite3_db_handle(statement))))
            }
            guard try body(Row(statement: statement)) else { return false }
        }
    }
}

extension SQLiteRows {
    /// Removes the connection's authorizer. GRDB registers one that turns
    /// every column a statement reads into Swift strings and sets, for
    /// observation features Haven does not use (D332): 9 % of a one-shot
    /// `haven log`, most of it compiling the entry table's triggers.
    public static func dropAuthorizer(_ connection: OpaquePointer) {
        sqlite3_set_authorizer(connection, nil, nil)
    }
}
