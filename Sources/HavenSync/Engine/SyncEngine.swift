import Foundation
import HavenCore
import HavenWire

/// Sync (SPEC §12) over one device's store: logging in and out, the key,
/// `haven sync` itself, its status, and conflicts between devices. It gets
/// the device's records, entries and settings file through `SyncStore`
/// and says why it stopped with a `SyncError`.
public struct SyncEngine {
    let store: any SyncStore
    /// What one run may take from a server.
    public var limits: SyncLimits

    public init(store: any SyncStore, limits: SyncLimits = SyncLimits()) {
        self.store = store
        self.limits = limits
    }

    /// How many records go in one push, and come in one pull.
    static let batch = 1_000

    /// Runs a store call, its problem as sync's.
    func db<T>(_ body: () throws(DatabaseProblem) -> T) throws(SyncError) -> T {
        do { return try body() } catch { throw .database(error) }
    }

    /// The settings in `sync.json`, or nil when this home never synced.
    public func settings() throws(SyncError) -> SyncSettings? {
        let path = store.settingsPath
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        do {
            return try JSONDecoder().decode(SyncSettings.self, from: data)
        } catch {
            throw .settingsUnreadable(path: path, reason: error.localizedDescription)
        }
    }

    /// Writes `sync.json` readable by its owner only, replacing it whole.
    func save(_ settings: SyncSettings) throws(SyncError) {
        let path = store.settingsPath
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let staging = path + ".new"
        do {
            let data = try encoder.encode(settings)
            guard FileManager.default.createFile(atPath: staging, contents: data, attributes: [.posixPermissions: 0o600])
            else { throw CocoaError(.fileWriteUnknown) }
            // rename(2): FileManager's replaceItemAt swaps the files on Linux.
            guard rename(staging, path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw .cannotWriteSettings(path: path, reason: error.localizedDescription)
        }
    }

    /// What a login needs that can be checked before a password is asked
    /// for: a server address, and a key (given, kept from an earlier login,
    /// or made now with `new`).
    public func planLogin(url: String, new: Bool, key: String?) throws(SyncError) -> SyncLoginPlan {
        let address = try SyncServer.address(url)
        let kept = try settings()?.key
        let text: String
        if let key {
            text = try SyncKey(text: key).text
        } else if let known = kept ?? (new ? SyncKey.make().text : nil) {
            text = known
        } else {
            throw .keyNeeded
        }
        return SyncLoginPlan(url: address, key: text, new: new)
    }

    /// `haven sync login URL --account NAME [--new] [--key KEY]`: names this
    /// device (its history becomes its first records), then registers the
    /// account (`new`) or logs in to it, and keeps the token.
    public func login(_ plan: SyncLoginPlan, account: String, password: String) throws(SyncError) -> SyncSettings {
        let server = try SyncServer(url: plan.url, limits: limits)
        let earlier = try settings()
        let device = try startRecords()
        // The key is kept before the server is asked: a login that stops
        // half-way is run again without --key.
        try save(SyncSettings(url: earlier?.url, account: earlier?.account, token: earlier?.token, key: plan.key,
                              lastSync: earlier?.lastSync))
        let credentials = Credentials(account: account, password: password, device: device)
        let token: String
        do {
            token = plan.new ? try server.register(credentials) : try server.login(credentials)
        } catch {
            if case .unreachable(let url, let reason) = error { throw .loginUnreachable(url: url, reason: reason) }
            throw error
        }
        // Another key than the account's is refused before anything is
        // written: its records would be sealed where no other device opens them.
        server.token = token
        let checked: Bool
        do {
            checked = try keyChecked(plan.key, by: server, account: account)
        } catch {
            try? server.revoke(device: nil)
            try restore(earlier)
            throw error
        }
        let settings = SyncSettings(url: server.url, account: account, token: token, key: plan.key,
                                    lastSync: earlier?.lastSync, keyChecked: checked)
        try save(settings)
        return settings
    }

    /// Whether the server holds `key`'s check (false: a server from before
    /// #35 keeps none); `.wrongKey` when the account's check is another key's.
    func keyChecked(_ key: String, by server: SyncServer, account: String) throws(SyncError) -> Bool {
        let mine = try SyncKey(text: key).check
        guard let theirs = try server.keyCheck(mine) else { return false }
        guard theirs == mine else { throw .wrongKey(account: account) }
        return true
    }

    /// The settings as they were before a refused login: `earlier`, or none.
    private func restore(_ earlier: SyncSettings?) throws(SyncError) {
        if let earlier { return try save(earlier) }
        try? FileManager.default.removeItem(atPath: store.settingsPath)
    }

    /// `haven sync logout`: forgets the server and the token; the key and
    /// every record stay, so that a later login goes on where this stopped.
    public func logout() throws(SyncError) -> SyncLogout? {
        guard var settings = try settings(), settings.token != nil || settings.url != nil else { return nil }
        // The server forgets the token first; without an answer it ends on its own (unused for 180 days).
        var unrevoked: SyncError?
        if let url = settings.url, let token = settings.token {
            do {
                try SyncServer(url: url, token: token, limits: limits).revoke(device: nil)
            } catch .loggedOut {
                // Already unknown there: nothing to revoke.
            } catch {
                unrevoked = error
            }
        }
        let logout = SyncLogout(url: settings.url, unrevoked: unrevoked)
        settings.url = nil
        settings.token = nil
        try save(settings)
        return logout
    }

    /// The devices of this account that hold a token, this one marked.
    public func devices() throws(SyncError) -> [SyncDevice] {
        let server = try loggedInServer()
        let this = try thisDevice()
        return try server.devices().devices.map { device in
            SyncDevice(device: device.device, isThis: device.device == this, loggedInAt: device.loggedInAt,
                       lastUsedAt: device.lastUsedAt)
        }
    }

    /// Revokes the token of another device of this account, named by its id
    /// or a unique start of it (at least 4 characters); returns its id.
    public func revoke(_ named: String) throws(SyncError) -> String {
        let server = try loggedInServer()
        let this = try thisDevice()
        let listed = try server.devices().devices.map(\.device)
        let text = named.lowercased()
        let matches = text.count >= 4 ? listed.filter { $0.hasPrefix(text) } : listed.filter { $0 == text }
        guard matches.count == 1, let device = matches.first else {
            throw .unknownDevice(named, ambiguous: matches.count > 1 ? matches : [])
        }
        guard device != this else { throw .revokingThisDevice }
        try server.revoke(device: device)
        return device
    }

    private func loggedInServer() throws(SyncError) -> SyncServer {
        guard let settings = try settings(), let url = settings.url, let token = settings.token else { throw .notSetUp }
        return try SyncServer(url: url, token: token, limits: limits)
    }

    /// This device's id once it keeps records (after the first login).
    public func thisDevice() throws(SyncError) -> String? {
        try db { () throws(DatabaseProblem) in try store.recordingDevice() }
    }

    /// The key's text, for another device; nil before the first login.
    public func key() throws(SyncError) -> String? {
        try settings()?.key
    }

    /// `haven sync pair` (#35): a one-time code from the server, as the
    /// link a phone opens: the app's address with the code and the key in
    /// its fragment, which a browser never sends to the server.
    public func pair() throws(SyncError) -> SyncPairing {
        guard let settings = try settings() else { throw .notSetUp }
        let server = try loggedInServer()
        let pairing = try server.pairingCode()
        return SyncPairing(link: server.url + "/app#pair=" + pairing.code + "&key=" + settings.key,
                           expiresAt: pairing.expiresAt)
    }

    /// Starts this device's record stream (SPEC §12), once: the device gets
    /// a UUID and the history there is becomes its first records. Returns
    /// the device's id.
    public func startRecords() throws(SyncError) -> String {
        let made = UUID7.make(milliseconds: store.now)
        return try db { () throws(DatabaseProblem) in try store.startRecords(device: made) }
    }
}
