import Foundation

/// One record as it travels between a device and the server (SPEC §12):
/// who made it and where it stands in that device's stream, in the clear;
/// what it says, sealed. The server stores these bytes and never opens them.
public struct WireRecord: Codable, Sendable, Hashable {
    /// The record's UUID (version 7): made once, never reused.
    public var id: String
    /// The UUID of the device whose stream holds it.
    public var device: String
    /// Its place in that stream: 1, 2, 3 … with no gap.
    public var idx: Int64
    /// The version of the sealed payload's format.
    public var version: Int
    /// Base64 of nonce (12 bytes) ‖ ciphertext ‖ tag (16 bytes).
    public var sealed: String

    /// The largest idx: 2^53, the largest whole number every JSON reader
    /// keeps exactly (a browser's too).
    public static let maxIdx: Int64 = 1 << 53

    public init(id: String, device: String, idx: Int64, version: Int, sealed: String) {
        self.id = id
        self.device = device
        self.idx = idx
        self.version = version
        self.sealed = sealed
    }
}

/// `POST /v1/records`: records of the account's streams, each stream's in
/// order. A device pushes its own stream, and any other stream of the account
/// it holds further than the server (so that a wiped server is refilled from
/// any device, SPEC §12).
public struct PushRequest: Codable, Sendable, Equatable {
    public var records: [WireRecord]

    public init(records: [WireRecord]) {
        self.records = records
    }
}

/// The answer to a push: the last idx the server now holds for each stream pushed.
public struct PushResponse: Codable, Sendable, Equatable {
    public var devices: [StatusResponse.Position]

    public init(devices: [StatusResponse.Position]) {
        self.devices = devices
    }
}

/// `409 Conflict` to a push whose records of one stream do not start at the
/// server's last idx + 1 (or are not contiguous): nothing of the batch is kept.
public struct IdxGap: Codable, Sendable, Equatable {
    public var error: String
    public var device: String
    public var expected: Int64

    public init(device: String, expected: Int64) {
        self.device = device
        self.expected = expected
        self.error = "the records of device \(device) must go on at idx \(expected)"
    }
}

/// `GET /v1/records?device=D&after=N&limit=L`: a device's records after an idx.
public struct PullResponse: Codable, Sendable, Equatable {
    public var records: [WireRecord]
    /// More records follow the last one given.
    public var more: Bool

    public init(records: [WireRecord], more: Bool) {
        self.records = records
        self.more = more
    }
}

/// `GET /v1/status`: every device of the account and its last idx.
public struct StatusResponse: Codable, Sendable, Equatable {
    public struct Position: Codable, Sendable, Equatable {
        public var device: String
        public var last: Int64

        public init(device: String, last: Int64) {
            self.device = device
            self.last = last
        }
    }

    public var devices: [Position]
    /// True while a web app paired with `haven sync pair` holds a token of
    /// the account: desktops then publish a board after each sync (#35).
    public var boards: Bool?

    public init(devices: [Position], boards: Bool? = nil) {
        self.devices = devices
        self.boards = boards
    }
}

/// `POST /v1/register` and `POST /v1/login`: an account and the device asking.
public struct Credentials: Codable, Sendable, Equatable {
    public var account: String
    public var password: String
    public var device: String

    public init(account: String, password: String, device: String) {
        self.account = account
        self.password = password
        self.device = device
    }
}

/// The token the device sends as `Authorization: Bearer …` on every call.
public struct TokenResponse: Codable, Sendable, Equatable {
    public var token: String

    public init(token: String) {
        self.token = token
    }
}

/// `DELETE /v1/account`: the password again, so that a token alone cannot
/// delete an account.
public struct AccountDeletion: Codable, Sendable, Equatable {
    public var password: String

    public init(password: String) {
        self.password = password
    }
}

/// `GET /health`: the server is up and its database answers.
public struct Health: Codable, Sendable, Equatable {
    public var status: String
    public var schema: String

    public init(status: String, schema: String) {
        self.status = status
        self.schema = schema
    }
}

/// Every error the server answers with: one line for a person.
public struct ErrorResponse: Codable, Sendable, Equatable {
    public var error: String

    public init(error: String) {
        self.error = error
    }
}

/// `GET /v1/devices`: the devices of the account that hold a token, when
/// each logged in and when its token was last used (ISO 8601, UTC, to the
/// hour for the last use). `DELETE /v1/devices/UUID` revokes one,
/// `DELETE /v1/token` the caller's own (a logout).
public struct DevicesResponse: Codable, Sendable, Equatable {
    public struct Device: Codable, Sendable, Equatable {
        public var device: String
        public var loggedInAt: String
        public var lastUsedAt: String

        public init(device: String, loggedInAt: String, lastUsedAt: String) {
            self.device = device
            self.loggedInAt = loggedInAt
            self.lastUsedAt = lastUsedAt
        }

        enum CodingKeys: String, CodingKey {
            case device
            case loggedInAt = "logged_in_at"
            case lastUsedAt = "last_used_at"
        }
    }

    public var devices: [Device]

    public init(devices: [Device]) {
        self.devices = devices
    }
}

/// `POST /v1/key-check`: a value made from the account's key (an HMAC, from
/// which the key cannot be found), so that a device with another key is
/// refused before it writes anything (#35). The first device to send one
/// sets it; the answer is the value the account holds.
public struct KeyCheck: Codable, Sendable, Equatable {
    public var keyCheck: String

    public init(keyCheck: String) {
        self.keyCheck = keyCheck
    }

    enum CodingKeys: String, CodingKey {
        case keyCheck = "key_check"
    }
}

/// `POST /v1/pairing`: a one-time code that lets one new device into the
/// caller's account (`haven sync pair`, #35), and when it stops working
/// (ISO 8601, UTC). The server keeps only its hash.
public struct PairingCode: Codable, Sendable, Equatable {
    public var code: String
    public var expiresAt: String

    public init(code: String, expiresAt: String) {
        self.code = code
        self.expiresAt = expiresAt
    }

    enum CodingKeys: String, CodingKey {
        case code
        case expiresAt = "expires_at"
    }
}

/// `POST /v1/pairing/redeem`, without a token: the code and the new device;
/// the answer is that device's token (`TokenResponse`). A code works once.
public struct PairingRedeem: Codable, Sendable, Equatable {
    public var code: String
    public var device: String

    public init(code: String, device: String) {
        self.code = code
        self.device = device
    }
}
