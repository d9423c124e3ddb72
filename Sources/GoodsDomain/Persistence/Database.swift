import CSQLite
import Foundation

/// Why a database call failed, with SQLite's own message.
public struct DatabaseError: Error, CustomStringConvertible, Equatable {
    /// SQLite's primary result code (`SQLITE_CORRUPT`, `SQLITE_NOTADB`, …).
    public let code: Int32
    public let message: String

    public var description: String { "\(message) (SQLite code \(code))" }

    /// Whether the file is really damaged or not a database at all: the only faults for which
    /// the store moves a file aside. Locks, full disks and read-only media are not damage.
    public var meansDamagedFile: Bool {
        [SQLITE_CORRUPT, SQLITE_NOTADB].contains(code & 0xFF)
    }

    /// Whether another connection holds a lock the busy timeout did not outwait.
    public var meansLocked: Bool { [SQLITE_BUSY, SQLITE_LOCKED].contains(code & 0xFF) }

    /// Whether a progress check stopped the statement (`Database.interruptible`).
    public var meansInterrupted: Bool { code & 0xFF == SQLITE_INTERRUPT }

    /// Whether the disk is full.
    public var meansDiskFull: Bool { code & 0xFF == SQLITE_FULL }

    /// Whether the operating system failed a read or write (a bad disk, a `-shm` that cannot be
    /// made): not damage, and not a reason to touch the file.
    public var meansIOError: Bool { code & 0xFF == SQLITE_IOERR }

    /// Whether the file or its medium cannot be written (or, for a new file, created).
    public var meansReadOnly: Bool { [SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM].contains(code & 0xFF) }
}

/// A thin, safe wrapper over one SQLite connection. Not thread-safe by itself: `GoodsStore`
/// owns it behind a mutex.
final class Database {
    private var handle: OpaquePointer?

    /// Opens the database at `path` (`":memory:"` for a private one): read-write, creating it
    /// when `create`, or read-only.
    init(path: String, readOnly: Bool = false, create: Bool = true) throws(DatabaseError) {
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0))
            | SQLITE_OPEN_NOMUTEX
        try open(path, flags: flags)
    }

    /// Opens a file that nothing changes and that has no WAL to read, touching nothing beside it:
    /// no lock, no `-shm`, no `-wal` (a copy kept aside, being salvaged).
    init(immutableAt path: String) throws(DatabaseError) {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        let escaped = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        try open("file:\(escaped)?immutable=1", flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX)
    }

    private func open(_ path: String, flags: Int32) throws(DatabaseError) {
        let result = sqlite3_open_v2(path, &handle, flags, nil)
        guard result == SQLITE_OK else {
            let error = DatabaseError(code: result, message: handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open \(path)")
            sqlite3_close(handle)
            handle = nil
            throw error
        }
        sqlite3_busy_timeout(handle, 5_000)
        sqlite3_extended_result_codes(handle, 1)
    }

    /// Runs `body` with `cancellation` checked every 1,000 virtual machine steps: once it is
    /// set, the statement running fails with `SQLITE_INTERRUPT` (see `meansInterrupted`).
    func interruptible<T>(by cancellation: QueryCancellation?, _ body: () throws(DatabaseError) -> T) throws(DatabaseError) -> T {
        guard let cancellation else { return try body() }
        let context = Unmanaged.passUnretained(cancellation).toOpaque()
        sqlite3_progress_handler(handle, 1_000, { context in
            guard let context else { return 0 }
            return Unmanaged<QueryCancellation>.fromOpaque(context).takeUnretainedValue().check() ? 1 : 0
        }, context)
        defer { sqlite3_progress_handler(handle, 0, nil, nil) }
        return try withExtendedLifetime(cancellation) { () throws(DatabaseError) -> T in try body() }
    }

    /// How long a statement waits for another connection's lock before failing with `SQLITE_BUSY`.
    func setBusyTimeout(_ milliseconds: Int32) { sqlite3_busy_timeout(handle, milliseconds) }

    deinit { close() }

    /// Closes the connection (statements still alive keep it open until they go); later calls
    /// do nothing.
    func close() {
        sqlite3_close_v2(handle)
        handle = nil
    }

    private func error(_ code: Int32) -> DatabaseError {
        DatabaseError(code: code, message: handle.map { String(cString: sqlite3_errmsg($0)) } ?? "no connection")
    }

    /// Runs one or more statements that return no rows.
    func execute(_ sql: String) throws(DatabaseError) {
        let result = sqlite3_exec(handle, sql, nil, nil, nil)
        guard result == SQLITE_OK else { throw error(result) }
    }

    /// Compiles `sql` with its `?` parameters bound to `arguments`.
    func prepare(_ sql: String, _ arguments: [SQLValue] = []) throws(DatabaseError) -> Statement {
        var statement: OpaquePointer?
        let result = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard result == SQLITE_OK, let statement else { throw error(result) }
        let prepared = Statement(statement, database: self)
        try prepared.bind(arguments)
        return prepared
    }

    /// Runs a statement that returns no rows.
    func run(_ sql: String, _ arguments: [SQLValue] = []) throws(DatabaseError) {
        let statement = try prepare(sql, arguments)
        while try statement.step() {}
    }

    /// The rows `sql` returns, each turned into a value by `row`.
    func query<T>(_ sql: String, _ arguments: [SQLValue] = [], row: (Statement) -> T) throws(DatabaseError) -> [T] {
        let statement = try prepare(sql, arguments)
        var rows: [T] = []
        while try statement.step() { rows.append(row(statement)) }
        return rows
    }

    /// Runs `body` in one transaction: committed if it returns, rolled back if it throws.
    func transaction<T>(_ body: () throws(DatabaseError) -> T) throws(DatabaseError) -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Whether SQLite could only open the file read-only (its permissions or its medium).
    var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// Rows the last statement inserted, changed or deleted.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// Leaves a WAL file as it is when the connection closes (for a copy that is only read).
    func keepWALOnClose() { _ = csqlite_keep_wal_on_close(handle) }

    /// The schema version (`PRAGMA user_version`).
    var userVersion: Int {
        get throws(DatabaseError) { try query("PRAGMA user_version") { $0.int(0) }.first ?? 0 }
    }

    func setUserVersion(_ version: Int) throws(DatabaseError) {
        try execute("PRAGMA user_version = \(version)")
    }

    fileprivate func failure(_ code: Int32) -> DatabaseError { error(code) }
}

/// A value bound to a statement parameter.
enum SQLValue {
    case int(Int)
    case double(Double)
    case text(String)
    case null
}

/// A compiled statement; finalized when released.
final class Statement {
    private let handle: OpaquePointer
    private let database: Database

    fileprivate init(_ handle: OpaquePointer, database: Database) {
        self.handle = handle
        self.database = database
    }

    deinit { sqlite3_finalize(handle) }

    fileprivate func bind(_ arguments: [SQLValue]) throws(DatabaseError) {
        for (offset, argument) in arguments.enumerated() { try bind(argument, at: Int32(offset + 1)) }
    }

    /// Binds parameter `index` (from 1) to `value`, for statements run many times
    /// (`bind`…, then `execute`): no array per run.
    func bind(_ value: SQLValue, at index: Int32) throws(DatabaseError) {
        let result: Int32
        switch value {
        case let .int(value): result = sqlite3_bind_int64(handle, index, sqlite3_int64(value))
        case let .double(value): result = sqlite3_bind_double(handle, index, value)
        case let .text(value):
            // With its byte length: a NUL inside the text is kept, not an end.
            var text = value
            result = text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    guard let start = chars.baseAddress else { return sqlite3_bind_text(handle, index, "", 0, csqlite_transient()) }
                    return sqlite3_bind_text64(handle, index, start, sqlite3_uint64(chars.count), csqlite_transient(), UInt8(SQLITE_UTF8))
                }
            }
        case .null: result = sqlite3_bind_null(handle, index)
        }
        guard result == SQLITE_OK else { throw database.failure(result) }
    }

    /// Runs a statement that returns no rows with the values bound, and rewinds it for the next.
    func execute() throws(DatabaseError) {
        defer { sqlite3_reset(handle) }
        while try step() {}
    }

    /// Advances to the next row; false when done.
    func step() throws(DatabaseError) -> Bool {
        let result = sqlite3_step(handle)
        switch result {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.failure(result)
        }
    }

    /// Runs the statement again with `arguments`, for statements that return no rows.
    func run(_ arguments: [SQLValue]) throws(DatabaseError) {
        try reset(arguments)
        while try step() {}
    }

    /// Rewinds for another run with new arguments.
    func reset(_ arguments: [SQLValue]) throws(DatabaseError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        try bind(arguments)
    }

    func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }
    func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }
    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
    func optionalText(_ column: Int32) -> String? {
        sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : text(column)
    }
}
