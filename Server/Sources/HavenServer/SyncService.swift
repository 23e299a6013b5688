import Foundation
import HavenCore
import HTTPTypes
import HavenWire
import Logging
import NIOCore
import NIOFoundationEssentialsCompat
import PostgresNIO

/// What the endpoints do, over PostgreSQL (SPEC §12). It stores and hands
/// back sealed records; it never opens, merges or rewrites one.
struct SyncService: Sendable {
    let client: PostgresClient
    let limits: Limits

    init(client: PostgresClient, limits: Limits) {
        self.client = client
        self.limits = limits
    }

    // MARK: Tokens

    /// Days a token may go unused before it stops working.
    static let tokenDays = 180

    /// The caller of a token. A token unused for `tokenDays` is deleted
    /// and refused; its last use is kept to the hour (one write an hour, not
    /// one a request).
    func authenticate(_ token: String, logger: Logger) async throws -> Caller {
        let hash = ByteBuffer(bytes: DeviceToken.hash(token))
        let days = Self.tokenDays
        let rows = try await client.query("""
            SELECT account_id, device::text, last_used_at < now() - make_interval(days => \(Int32(days))),
                   last_used_at < now() - interval '1 hour'
            FROM token WHERE hash = \(hash)
            """, logger: logger)
        for try await (account, device, expired, stale) in rows.decode((Int64, String, Bool, Bool).self) {
            if expired {
                try await client.query("DELETE FROM token WHERE hash = \(hash)", logger: logger)
                throw ServerError.expiredToken(days)
            }
            if stale { try await client.query("UPDATE token SET last_used_at = now() WHERE hash = \(hash)", logger: logger) }
            return Caller(account: account, device: device)
        }
        throw ServerError.unknownToken
    }

    /// The devices of the caller's account that hold a token.
    func devices(_ caller: Caller, logger: Logger) async throws -> DevicesResponse {
        let rows = try await client.query("""
            SELECT device::text, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                   to_char(last_used_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
            FROM token WHERE account_id = \(caller.account) ORDER BY device
            """, logger: logger)
        var devices: [DevicesResponse.Device] = []
        for try await (device, created, used) in rows.decode((String, String, String).self) {
            devices.append(.init(device: device, loggedInAt: created, lastUsedAt: used))
        }
        return DevicesResponse(devices: devices)
    }

    /// The account's key check: `offered` when it held none, else the one it holds.
    func keyCheck(_ caller: Caller, offered: String, logger: Logger) async throws -> KeyCheck {
        let rows = try await client.query("""
            UPDATE account SET key_check = COALESCE(key_check, \(offered)) WHERE id = \(caller.account) RETURNING key_check
            """, logger: logger)
        for try await held in rows.decode(String.self) { return KeyCheck(keyCheck: held) }
        throw ServerError(.unauthorized, "the account is gone")
    }

    /// Revokes the token of `device` (the caller's own at logout): that
    /// device must log in again. False when it holds none.
    func revoke(_ caller: Caller, device: String, logger: Logger) async throws -> Bool {
        let rows = try await client.query("""
            DELETE FROM token WHERE account_id = \(caller.account) AND device = \(device)::uuid RETURNING 1
            """, logger: logger)
        var removed = false
        for try await _ in rows.decode(Int.self) { removed = true }
        return removed
    }

    // MARK: Streams

    func status(_ caller: Caller, logger: Logger) async throws -> StatusResponse {
        let rows = try await client.query("""
            SELECT EXISTS (SELECT 1 FROM token WHERE account_id = \(caller.account) AND paired), s.device::text, s.last_idx
            FROM (SELECT 1) AS one LEFT JOIN stream s ON s.account_id = \(caller.account) ORDER BY s.device
            """, logger: logger)
        var devices: [StatusResponse.Position] = []
        var boards = false
        for try await (paired, device, last) in rows.decode((Bool, String?, Int64?).self) {
            boards = paired
            if let device, let last { devices.append(.init(device: device, last: last)) }
        }
        return StatusResponse(devices: devices, boards: boards ? true : nil)
    }

    /// Stores a batch in one transaction: for each stream, records up to the
    /// server's last idx must be the very bytes stored (a replay is accepted
    /// and writes nothing); the rest must go on at last + 1 with no gap.
    func push(_ caller: Caller, _ records: [IncomingRecord], logger: Logger) async throws -> PushResponse {
        let streams = try validate(records)
        if streams.count == 1, streams[0].0 == caller.device,
           let last = try await pushOwn(streams[0].1, account: caller.account, logger: logger) {
            return PushResponse(devices: [.init(device: caller.device, last: last)])
        }
        return try await client.transaction(logger: logger) { connection in
            // Another device's stream only as a refill: while that device holds
            // a token here, it alone writes its stream.
            let others = streams.map(\.0).filter { $0 != caller.device }
            if !others.isEmpty {
                let active = try await connection.query("""
                    SELECT device::text FROM token WHERE account_id = \(caller.account) AND device = ANY(\(others)::uuid[])
                    ORDER BY device LIMIT 1
                    """, logger: logger)
                for try await device in active.decode(String.self) {
                    throw ServerError(.forbidden, "the stream of device \(device) is written by that device, which is "
                                      + "logged in here: another device may refill it only while it is not")
                }
            }
            var positions: [StatusResponse.Position] = []
            for (device, records) in streams {
                // The stream's row, made when new, locked until the commit: one round trip.
                var last: Int64 = 0
                let rows = try await connection.query("""
                    INSERT INTO stream (account_id, device) VALUES (\(caller.account), \(device)::uuid)
                    ON CONFLICT (account_id, device) DO UPDATE SET last_idx = stream.last_idx
                    RETURNING last_idx
                    """, logger: logger)
                for try await value in rows.decode(Int64.self) { last = value }

                let held = records.prefix { $0.idx <= last }
                if !held.isEmpty { try await checkReplay(Array(held), account: caller.account, on: connection, logger: logger) }
                let fresh = records.dropFirst(held.count)
                if let first = fresh.first {
                    guard first.idx == last + 1 else {
                        throw ServerError(.conflict, body: IdxGap(device: device, expected: last + 1))
                    }
                    last = fresh[fresh.endIndex - 1].idx
                    try await insert(Array(fresh), last: last, account: caller.account, on: connection, logger: logger)
                }
                positions.append(.init(device: device, last: last))
            }
            return PushResponse(devices: positions)
        }
    }

    private func checkReplay(_ records: [Sealed], account: Int64, on connection: PostgresConnection,
                             logger: Logger) async throws {
        let device = records[0].device
        let indices = records.map(\.idx)
        let rows = try await connection.query("""
            SELECT idx, id::text, version, sealed FROM record
            WHERE account_id = \(account) AND device = \(device)::uuid AND idx = ANY(\(indices))
            """, logger: logger)
        var stored: [Int64: (String, Int32, ByteBuffer)] = [:]
        for try await (idx, id, version, sealed) in rows.decode((Int64, String, Int32, ByteBuffer).self) {
            stored[idx] = (id, version, sealed)
        }
        for record in records {
            guard let held = stored[record.idx], held.0 == record.id, held.1 == record.version, held.2 == record.sealed
            else {
                throw ServerError(.conflict, "record \(record.idx) of device \(device) is already stored with other bytes: "
                                  + "a stream is append-only, so an edit is a new record")
            }
        }
    }

    /// The everyday push, a device's own records going on where its stream
    /// ends: one statement (`haven_push`), its own transaction. Nil, with
    /// nothing written, when they do not go on there (a replay or a gap):
    /// the checked path finds out which.
    private func pushOwn(_ records: [Sealed], account: Int64, logger: Logger) async throws -> Int64? {
        let device = records[0].device
        let (indices, ids) = (records.map(\.idx), records.map(\.id))
        let (versions, sealed) = (records.map(\.version), records.map(\.sealed))
        do {
            let rows = try await client.query("""
                SELECT haven_push(\(account), \(device)::uuid, \(indices)::bigint[], \(ids)::text[],
                                  \(versions)::integer[], \(sealed)::bytea[])
                """, logger: logger)
            for try await last in rows.decode(Int64.self) { return last }
            return nil
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "HV001" {
            return nil
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
            throw Self.duplicateID
        }
    }

    private static let duplicateID = ServerError(.conflict, "a record of this batch has an id already stored at another "
                                                 + "place: every record has its own id")

    /// Stores the records and moves the stream's position to `last`, in one statement.
    private func insert(_ records: [Sealed], last: Int64, account: Int64, on connection: PostgresConnection,
                        logger: Logger) async throws {
        let device = records[0].device
        let indices = records.map(\.idx)
        let ids = records.map(\.id)
        let versions = records.map(\.version)
        let sealed = records.map(\.sealed)
        do {
            try await connection.query("""
                WITH stored AS (
                    INSERT INTO record (account_id, device, idx, id, version, sealed)
                    SELECT \(account), \(device)::uuid, r.idx, r.id::uuid, r.version, r.sealed
                    FROM unnest(\(indices)::bigint[], \(ids)::text[], \(versions)::integer[], \(sealed)::bytea[])
                        AS r (idx, id, version, sealed)
                )
                UPDATE stream SET last_idx = \(last) WHERE account_id = \(account) AND device = \(device)::uuid
                """, logger: logger)
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
            throw Self.duplicateID
        }
    }

    func pull(_ caller: Caller, device: String, after: Int64, limit: Int, logger: Logger) async throws -> PullResponse {
        let rows = try await client.query("""
            SELECT idx, id::text, version, sealed FROM record
            WHERE account_id = \(caller.account) AND device = \(device)::uuid AND idx > \(after)
            ORDER BY idx LIMIT \(limit + 1)
            """, logger: logger)
        var records: [WireRecord] = []
        for try await (idx, id, version, sealed) in rows.decode((Int64, String, Int32, ByteBuffer).self) {
            records.append(WireRecord(id: id, device: device, idx: idx, version: Int(version),
                                      sealed: Data(buffer: sealed).base64EncodedString()))
        }
        let more = records.count > limit
        return PullResponse(records: Array(records.prefix(limit)), more: more)
    }

    // MARK: Checking a batch before any of it is written

    struct Sealed {
        let device: String
        let idx: Int64
        let id: String
        let version: Int32
        let sealed: ByteBuffer
    }

    /// The batch as streams in device order (a fixed lock order), each in idx
    /// order with no gap inside the batch.
    private func validate(_ records: [IncomingRecord]) throws -> [(String, [Sealed])] {
        guard !records.isEmpty else { throw ServerError(.badRequest, "a push carries at least one record") }
        guard records.count <= limits.maxBatch else {
            throw ServerError(.contentTooLarge, "a push carries at most \(limits.maxBatch) records, not \(records.count): "
                              + "send them in batches")
        }
        var streams: [String: [Sealed]] = [:]
        for (index, record) in records.enumerated() {
            let place = "record \(index + 1)"
            guard UUID7.isValid(record.id), UUID7.isValid(record.device) else {
                throw ServerError(.badRequest, "\(place): id and device are lower-case UUIDs")
            }
            // Bounded first, so that no arithmetic on it can overflow.
            guard (1 ... WireRecord.maxIdx).contains(record.idx) else {
                throw ServerError(.badRequest, "\(place): idx is from 1 to \(WireRecord.maxIdx), not \(record.idx)")
            }
            guard (1 ... Int(Int32.max)).contains(record.version) else {
                throw ServerError(.badRequest, "\(place): version is a positive number")
            }
            guard let sealed = record.sealed, sealed.readableBytes >= 28 else {
                throw ServerError(.badRequest, "\(place): sealed is the base64 of nonce, ciphertext and tag")
            }
            guard sealed.readableBytes <= limits.maxSealed else {
                throw ServerError(.contentTooLarge, "\(place): a sealed record has at most \(limits.maxSealed) bytes")
            }
            if let previous = streams[record.device]?.last, previous.idx + 1 != record.idx {
                throw ServerError(.badRequest, "\(place): the records of device \(record.device) must follow each other "
                                  + "(idx \(previous.idx + 1), not \(record.idx))")
            }
            streams[record.device, default: []].append(
                Sealed(device: record.device, idx: record.idx, id: record.id, version: Int32(record.version),
                       sealed: sealed))
        }
        return streams.sorted { $0.key < $1.key }
    }
}

extension PostgresClient {
    /// One transaction; an error of the call itself (a `ServerError` thrown
    /// inside) comes out as it is, after the rollback.
    func transaction<Result>(logger: Logger, isolation: isolated (any Actor)? = #isolation,
                             _ body: (PostgresConnection) async throws -> sending Result)
        async throws -> sending Result {
        do {
            return try await withTransaction(logger: logger, isolation: isolation, body)
        } catch let error as PostgresTransactionError {
            if let refusal = error.closureError as? ServerError, error.rollbackError == nil { throw refusal }
            throw error
        }
    }
}
