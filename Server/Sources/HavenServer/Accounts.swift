import Foundation
import HTTPTypes
import HavenCore
import HavenWire
import Logging
import NIOCore
import PostgresNIO

/// Accounts and the calls that check a password (SPEC §12, #28 item 2):
/// every hash runs on the `HashPool`, behind the `AttemptLimiter`, and its
/// database work has the deadline of any call.
struct Accounts: Sendable {
    let client: PostgresClient
    let limits: Limits
    let hashes: HashPool
    let attempts: AttemptLimiter
    /// A hash checked for an account that does not exist, so that neither
    /// the answer nor its time tells which accounts exist.
    private let decoy: String

    init(client: PostgresClient, limits: Limits) {
        self.client = client
        self.limits = limits
        let (decoy, seconds) = HashPool.timed { PasswordHash.make("not a password", iterations: limits.passwordIterations) }
        self.decoy = decoy
        hashes = HashPool(threads: limits.hashThreads, maxWait: limits.maxHashWait, seconds: seconds)
        attempts = AttemptLimiter(.init(perAccount: limits.accountAttempts, perAddress: limits.addressAttempts,
                                        window: .seconds(limits.attemptWindow)))
    }

    /// Every registration counts against its address: each costs a hash.
    func register(_ credentials: Credentials, from address: String, logger: Logger) async throws -> TokenResponse {
        try validate(credentials)
        let attempt = try attempts.admit(account: nil, address: address)
        var hashed = false
        defer { attempts.settle(attempt, counted: hashed) }
        let (iterations, password) = (limits.passwordIterations, credentials.password)
        let hash = try await hashes.run { PasswordHash.make(password, iterations: iterations) }
        hashed = true
        return try await withinDeadline(5) { [client] in
            try await client.transaction(logger: logger) { connection in
                let rows = try await connection.query("""
                    INSERT INTO account (name, password) VALUES (\(credentials.account), \(hash))
                    ON CONFLICT (name) DO NOTHING RETURNING id
                    """, logger: logger)
                var account: Int64?
                for try await id in rows.decode(Int64.self) { account = id }
                guard let account else {
                    throw ServerError(.conflict, "the account \(credentials.account) exists: log in to it with "
                                      + "`haven sync login URL --account \(credentials.account)`")
                }
                return try await Self.issueToken(account: account, device: credentials.device, on: connection, logger: logger)
            }
        }
    }

    /// An account that does not exist is answered as a wrong password is:
    /// the same status and body, after the same hash, under the same limits.
    /// Only a password checked and wrong counts (not a busy server's 503).
    func login(_ credentials: Credentials, from address: String, logger: Logger) async throws -> TokenResponse {
        try validate(credentials)
        let attempt = try attempts.admit(account: credentials.account, address: address)
        var failed = false
        defer { attempts.settle(attempt, counted: failed) }
        let found = try await withinDeadline(5) { [client] in
            let rows = try await client.query(
                "SELECT id, password FROM account WHERE name = \(credentials.account)", logger: logger)
            var found: (Int64, String)?
            for try await row in rows.decode((Int64, String).self) { found = row }
            return found
        }
        let (stored, password) = (found?.1 ?? decoy, credentials.password)
        let matches = try await hashes.run { PasswordHash.verify(password, against: stored) }
        guard let account = found?.0, matches else {
            failed = true
            throw ServerError.wrongPassword
        }
        return try await withinDeadline(5) { [client] in
            try await client.withConnection { connection in
                try await Self.issueToken(account: account, device: credentials.device, on: connection, logger: logger)
            }
        }
    }

    /// Deleting an account takes its password, counted as a login is.
    func delete(_ caller: Caller, password: String, from address: String, logger: Logger) async throws {
        let found = try await withinDeadline(5) { [client] in
            let rows = try await client.query("SELECT name, password FROM account WHERE id = \(caller.account)",
                                              logger: logger)
            var found: (String, String)?
            for try await row in rows.decode((String, String).self) { found = row }
            return found
        }
        guard let (name, stored) = found else { throw ServerError.unknownToken }
        let attempt = try attempts.admit(account: name, address: address)
        var failed = false
        defer { attempts.settle(attempt, counted: failed) }
        let matches = try await hashes.run { PasswordHash.verify(password, against: stored) }
        guard matches else {
            failed = true
            throw ServerError(.forbidden, "the password is wrong: the account is kept")
        }
        _ = try await withinDeadline(5) { [client] in
            try await client.query("DELETE FROM account WHERE id = \(caller.account)", logger: logger)
        }
    }

    /// A new token for the device; the device's old token stops working.
    static func issueToken(account: Int64, device: String, paired: Bool = false, on connection: PostgresConnection,
                                   logger: Logger) async throws -> TokenResponse {
        let token = DeviceToken.make()
        let hash = ByteBuffer(bytes: DeviceToken.hash(token))
        try await connection.query("""
            INSERT INTO token (hash, account_id, device, paired) VALUES (\(hash), \(account), \(device)::uuid, \(paired))
            ON CONFLICT (account_id, device) DO UPDATE SET hash = EXCLUDED.hash, created_at = now(), paired = EXCLUDED.paired
            """, logger: logger)
        return TokenResponse(token: token)
    }

    private func validate(_ credentials: Credentials) throws {
        let name = credentials.account
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789._@-".utf8)
        guard (1 ... 64).contains(name.utf8.count), name.utf8.allSatisfy(allowed.contains) else {
            throw ServerError(.badRequest, "an account name is 1 to 64 of a-z 0-9 . _ @ - (lower case), not \"\(name.prefix(64))\"")
        }
        guard (8 ... 1024).contains(credentials.password.utf8.count) else {
            throw ServerError(.badRequest, "a password has 8 to 1024 bytes")
        }
        guard UUID7.isValid(credentials.device) else {
            throw ServerError(.badRequest, "a device is a lower-case UUID, not \"\(credentials.device.prefix(40))\"")
        }
    }
}
