/// How a home reaches its sync server: kept in `sync.json` beside the
/// database, readable by its owner only. The key stays after `sync logout`,
/// so that logging in again needs no `--key`.
public struct SyncSettings: Codable, Sendable, Equatable {
    /// The server's address; nil after `sync logout`.
    public var url: String?
    /// The account's name on that server.
    public var account: String?
    /// This device's token; nil after `sync logout`.
    public var token: String?
    /// The key's text (`hk1-…`).
    public var key: String
    /// When the last `haven sync` finished, in Unix milliseconds.
    public var lastSync: Int64?

    /// The server holds this key's check (#35): it need not be asked again.
    public var keyChecked: Bool?

    public init(url: String?, account: String?, token: String?, key: String, lastSync: Int64? = nil,
                keyChecked: Bool? = nil) {
        self.keyChecked = keyChecked
        self.url = url
        self.account = account
        self.token = token
        self.key = key
        self.lastSync = lastSync
    }

    enum CodingKeys: String, CodingKey {
        case url, account, token, key
        case lastSync = "last_sync"
        case keyChecked = "key_checked"
    }
}
