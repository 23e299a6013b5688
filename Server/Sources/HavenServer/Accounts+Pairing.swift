import Foundation
import HTTPTypes
import HavenCore
import HavenWire
import Logging
import NIOCore
import PostgresNIO

extension Accounts {
    /// How long a pairing code works (#35).
    static let pairingSeconds = 600

    /// A one-time code that lets one new device into the caller's account
    /// (`haven sync pair`); only its hash is kept, and expired ones go.
    func pairingCode(_ caller: Caller, logger: Logger) async throws -> PairingCode {
        let code = DeviceToken.make(prefix: "hvp1-")
        let hash = ByteBuffer(bytes: DeviceToken.hash(code))
        let expires = try await withinDeadline(5) { [client] in
            try await client.withConnection { connection in
                try await connection.query("DELETE FROM pairing WHERE expires_at < now()", logger: logger)
                let rows = try await connection.query("""
                    INSERT INTO pairing (hash, account_id, expires_at)
                    VALUES (\(hash), \(caller.account), now() + make_interval(secs => \(Self.pairingSeconds)))
                    RETURNING to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
                    """, logger: logger)
                var expires = ""
                for try await text in rows.decode(String.self) { expires = text }
                return expires
            }
        }
        return PairingCode(code: code, expiresAt: expires)
    }

    /// The new device's token for a pairing code, which then stops
    /// working; an unknown, used or expired code is refused (401) and
    /// counted against the address, as a wrong password is.
    func redeem(_ pairing: PairingRedeem, from address: String, logger: Logger) async throws -> TokenResponse {
        guard pairing.code.hasPrefix("hvp1-"), pairing.code.utf8.count == 48 else {
            throw ServerError(.badRequest, "a pairing code is 'hvp1-' and 43 characters, as 'haven sync pair' makes it")
        }
        guard UUID7.isValid(pairing.device) else {
            throw ServerError(.badRequest, "a device is a lower-case UUID, not \"\(pairing.device.prefix(40))\"")
        }
        let attempt = try attempts.admit(account: nil, address: address)
        var failed = false
        defer { attempts.settle(attempt, counted: failed) }
        let hash = ByteBuffer(bytes: DeviceToken.hash(pairing.code))
        // The code goes in the same transaction as the token comes: used once, whatever happens.
        let issued: TokenResponse? = try await withinDeadline(5) { [client] in
            try await client.withTransaction(logger: logger) { connection in
                let rows = try await connection.query(
                    "DELETE FROM pairing WHERE hash = \(hash) RETURNING account_id, expires_at > now()", logger: logger)
                var found: (Int64, Bool)?
                for try await row in rows.decode((Int64, Bool).self) { found = row }
                guard let (account, fresh) = found, fresh else { return nil }
                return try await Self.issueToken(account: account, device: pairing.device, paired: true, on: connection, logger: logger)
            }
        }
        guard let issued else {
            failed = true
            throw ServerError.unknownPairingCode
        }
        return issued
    }
}
