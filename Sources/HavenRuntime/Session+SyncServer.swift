import Foundation
import HavenCore
import HavenStore
import HavenSync
import HavenWire

/// One stream as this device and the server hold it (`haven sync status`).
public struct SyncPosition: Sendable, Equatable {
    public var device: String
    /// This device's own stream.
    public var isThis: Bool
    /// The last idx held here.
    public var here: Int64
    /// The last idx the server holds; nil when it was not asked or did not answer.
    public var server: Int64?
}

/// What one `haven sync` did.
public struct SyncReport: Sendable, Equatable {
    /// Records sent to the server (this device's and any it held further).
    public var pushed = 0
    /// Records received, and what applying them did.
    public var pulled = 0
    public var applied = SyncApplied()
    public var positions: [SyncPosition] = []
}

extension Session {
    /// How many records go in one push, and come in one pull.
    static let syncBatch = 1_000

    /// The settings in `sync.json`, or nil when this home never synced.
    public func syncSettings() throws(RuntimeError) -> SyncSettings? {
        let path = runtime.layout.syncSettings
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        do {
            return try JSONDecoder().decode(SyncSettings.self, from: data)
        } catch {
            throw .invalidInput("\(path) cannot be read (\(error.localizedDescription)); move it away and run "
                + "'haven sync login URL --account NAME --key KEY' again")
        }
    }

    /// Writes `sync.json` readable by its owner only, replacing it whole.
    func saveSyncSettings(_ settings: SyncSettings) throws(RuntimeError) {
        let path = runtime.layout.syncSettings
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
            throw .cannotWrite(path, reason: error.localizedDescription)
        }
    }
}

/// A login checked before any password is asked for: the server's address
/// and the key's text (given, kept from an earlier login, or new).
public struct SyncLoginPlan: Sendable, Equatable {
    public var url: String
    public var key: String
    public var new: Bool
}

extension Session {
    /// What a login needs that can be checked before a password is asked
    /// for: a server address, and a key (given, kept from an earlier login,
    /// or made now with `new`).
    public func planSyncLogin(url: String, new: Bool, key: String?) throws(RuntimeError) -> SyncLoginPlan {
        let address: String
        do { address = try SyncServer.address(url) } catch { throw .sync(error) }
        let kept = try syncSettings()?.key
        let text: String
        if let key {
            do { text = try SyncKey(text: key).text } catch { throw .sync(error) }
        } else if let known = kept ?? (new ? SyncKey.make().text : nil) {
            text = known
        } else {
            throw .sync(.keyNeeded)
        }
        return SyncLoginPlan(url: address, key: text, new: new)
    }

    /// `haven sync login URL --account NAME [--new] [--key KEY]`: names this
    /// device (its history becomes its first records), then registers the
    /// account (`new`) or logs in to it, and keeps the token.
    public func syncLogin(_ plan: SyncLoginPlan, account: String, password: String) throws(RuntimeError) -> SyncSettings {
        let server: SyncServer
        do { server = try SyncServer(url: plan.url) } catch { throw .sync(error) }
        let earlier = try syncSettings()
        let device = try startRecords()
        // The key is kept before the server is asked: a login that stops
        // half-way is run again without --key.
        try saveSyncSettings(SyncSettings(url: earlier?.url, account: earlier?.account, token: earlier?.token,
                                          key: plan.key, lastSync: earlier?.lastSync))
        let credentials = Credentials(account: account, password: password, device: device)
        let token: String
        do {
            token = plan.new ? try server.register(credentials) : try server.login(credentials)
        } catch {
            if case .unreachable(let url, let reason) = error {
                throw .serviceUnavailable("the sync server at \(url) did not answer (\(reason)); check the address, "
                    + "and that the server runs ('make server' starts one on this machine)")
            }
            throw Session.runtimeError(error)
        }
        let settings = SyncSettings(url: server.url, account: account, token: token, key: plan.key,
                                    lastSync: earlier?.lastSync)
        try saveSyncSettings(settings)
        return settings
    }

    /// `haven sync logout`: forgets the server and the token; the key and
    /// every record stay, so that a later login goes on where this stopped.
    public func syncLogout() throws(RuntimeError) -> Bool {
        guard var settings = try syncSettings(), settings.token != nil || settings.url != nil else { return false }
        settings.url = nil
        settings.token = nil
        try saveSyncSettings(settings)
        return true
    }

    /// This device's id once it keeps records (after the first login).
    public func thisDevice() throws(RuntimeError) -> String? {
        try db { () throws(StoreError) in try store.recordingDevice() }
    }

    /// The key's text, for another device; nil before the first login.
    public func syncKey() throws(RuntimeError) -> String? {
        try syncSettings()?.key
    }

    /// `haven sync`: sends every stream this device holds further than the
    /// server (its own tail, and any other after a wiped server), then takes
    /// every stream the server holds further, and applies what came in one
    /// local transaction. Pushing changes nothing here, so a run stopped at
    /// any point is simply run again: nothing is lost or applied twice.
    ///
    /// `beforeApply` runs once everything is pushed and pulled, before the
    /// local transaction (tests stop the process there).
    public func sync(beforeApply: (() -> Void)? = nil) throws(RuntimeError) -> SyncReport {
        guard let settings = try syncSettings(), let url = settings.url, let token = settings.token else {
            throw .sync(.notSetUp)
        }
        let cipher: RecordCipher
        do { cipher = RecordCipher(key: try SyncKey(text: settings.key)) } catch { throw .sync(error) }
        let server: SyncServer
        do { server = try SyncServer(url: url, token: token) } catch { throw .sync(error) }
        let this = try startRecords()
        var report = SyncReport()
        do {
            var remote = try Session.positions(server.status())
            // Two devices refilling one stream at once: the loser asks again.
            for attempt in 1 ... 3 {
                do {
                    report.pushed += try push(to: server, remote: remote, cipher: cipher)
                    break
                } catch SyncError.gap(_, _) where attempt < 3 {
                    remote = try Session.positions(server.status())
                }
            }
            remote = try Session.positions(server.status())
            let here = try db { () throws(StoreError) in try store.streamPositions() }
            var incoming: [WireRecord] = []
            for span in SyncPlan(here: here, server: remote).pull {
                var after = span.after
                while true {
                    let page = try server.pull(device: span.device, after: after, limit: Session.syncBatch)
                    incoming += page.records
                    guard page.more, let end = page.records.last?.idx else { break }
                    after = end
                }
            }
            report.pulled = incoming.count
            beforeApply?()
            if !incoming.isEmpty { report.applied = try apply(incoming, cipher: cipher) }
            let held = try db { () throws(StoreError) in try store.streamPositions() }
            report.positions = Session.merge(held: held, remote: remote, this: this)
        } catch let error as SyncError {
            throw Session.runtimeError(error)
        } catch let error as RuntimeError {
            throw error
        } catch {
            throw .invalidInput("sync stopped: \(error)")
        }
        var done = settings
        done.lastSync = clock.milliseconds
        try saveSyncSettings(done)
        return report
    }

    /// `haven sync status`: each stream's last idx here and on the server.
    /// Without a server answer the positions here are given with the reason.
    public func syncStatus() throws(RuntimeError) -> (settings: SyncSettings?, positions: [SyncPosition],
                                                      unreachable: SyncError?) {
        let settings = try syncSettings()
        let held = try db { () throws(StoreError) in try store.streamPositions() }
        let this = try db { () throws(StoreError) in try store.recordingDevice() }
        guard let settings, let url = settings.url, let token = settings.token else {
            return (settings, Session.merge(held: held, remote: nil, this: this), nil)
        }
        do {
            let server = try SyncServer(url: url, token: token)
            let remote = try Session.positions(server.status())
            return (settings, Session.merge(held: held, remote: remote, this: this), nil)
        } catch {
            if case .unreachable = error { return (settings, Session.merge(held: held, remote: nil, this: this), error) }
            throw Session.runtimeError(error)
        }
    }

    /// Pushes every stream held here further than `remote`, in batches.
    private func push(to server: SyncServer, remote: [String: Int64], cipher: RecordCipher) throws -> Int {
        let here = try db { () throws(StoreError) in try store.streamPositions() }
        var pushed = 0
        for span in SyncPlan(here: here, server: remote).push {
            var after = span.after
            while after < span.through {
                let batch = try outgoing(device: span.device, after: after, limit: Session.syncBatch, cipher: cipher)
                guard let end = batch.last?.idx else { break }
                _ = try server.push(batch)
                pushed += batch.count
                after = end
            }
        }
        return pushed
    }

    private static func positions(_ status: StatusResponse) -> [String: Int64] {
        Dictionary(status.devices.map { ($0.device, $0.last) }, uniquingKeysWith: max)
    }

    private static func merge(held: [String: Int64], remote: [String: Int64]?, this: String?) -> [SyncPosition] {
        var devices = Set(held.keys).union(remote.map { Array($0.keys) } ?? [])
        if let this { devices.insert(this) }
        return devices.map { device in
            SyncPosition(device: device, isThis: device == this, here: held[device] ?? 0, server: remote.map { $0[device] ?? 0 })
        }.sorted { ($0.isThis ? 0 : 1, $0.device) < ($1.isThis ? 0 : 1, $1.device) }
    }

    static func runtimeError(_ error: SyncError) -> RuntimeError {
        if case .unreachable = error { return .serviceUnavailable(error.description) }
        return .sync(error)
    }
}
