import HavenCore
import HavenWire

extension SyncEngine {
    /// `haven sync`: sends every stream this device holds further than the
    /// server (its own tail, and any other after a wiped server), then takes
    /// every stream the server holds further, a page at a time, each page
    /// applied in one local transaction as it comes: memory holds one page
    /// whatever the history's size. Pushing changes nothing here, and a page
    /// is kept whole or not at all, in its stream's order, so a run stopped
    /// at any point is simply run again: nothing is lost or applied twice.
    ///
    /// `beforeApply` runs once everything is pushed and the first page
    /// pulled, before the first local transaction (tests stop the process there).
    ///
    /// While the account has a paired web app (#35), `board` makes this
    /// device's board from the positions applied here, once the pull is
    /// applied; a board that says something new goes on the stream and out
    /// (nil: none can be made now, and the last one stands).
    public func run(beforeApply: (() -> Void)? = nil,
                    board: ((_ applied: [String: Int64]) -> String?)? = nil) throws(SyncError) -> SyncReport {
        guard let settings = try settings(), let url = settings.url, let token = settings.token else {
            throw .notSetUp
        }
        let cipher = RecordCipher(key: try SyncKey(text: settings.key), writing: RecordCipher.writingVersion)
        let server = try SyncServer(url: url, token: token, limits: limits)
        // A device logged in before the server kept key checks offers its
        // own once; with another key than the account's it sends nothing.
        var checked = settings.keyChecked ?? false
        if !checked { checked = try keyChecked(settings.key, by: server, account: settings.account ?? "") }
        let this = try startRecords()
        var report = SyncReport()
        let deadline = ContinuousClock.now + .seconds(limits.runSeconds)
        do {
            var remote = try SyncEngine.positions(server.status(), url: url)
            // Two devices refilling one stream at once: the loser asks again.
            for attempt in 1 ... 3 {
                do {
                    report.pushed += try push(to: server, remote: remote, cipher: cipher)
                    break
                } catch SyncError.gap(_, _) where attempt < 3 {
                    remote = try SyncEngine.positions(server.status(), url: url)
                }
            }
            let status = try server.status()
            remote = try SyncEngine.positions(status, url: url)
            let here = try db { () throws(DatabaseProblem) in try store.streamPositions() }
            var applying = false
            pulling: for span in SyncPlan(here: here, server: remote).pull {
                // Only this device writes its stream: a server that holds more of it made it up.
                guard span.device != this else {
                    throw SyncError.serverFault(url: url, .ownStream(device: this, here: span.after, server: span.through))
                }
                var after = span.after
                // The next page is asked for while this one is applied.
                var next: PagePrefetch? = nil
                // Up to the position the server gave: what came after goes with the next run.
                while after < span.through {
                    guard report.pulled < limits.runRecords else { break pulling }
                    guard ContinuousClock.now < deadline else {
                        throw SyncError.serverFault(url: url, .tooSlow(seconds: limits.runSeconds))
                    }
                    let page = try next?.wait() ?? server.pull(device: span.device, after: after, limit: SyncEngine.batch)
                    next = nil
                    try SyncEngine.check(page, device: span.device, after: after, limit: SyncEngine.batch, url: url)
                    if page.more, let end = page.records.last?.idx, end < span.through {
                        let device = span.device
                        next = PagePrefetch { () throws(SyncError) in
                            try server.pull(device: device, after: end, limit: SyncEngine.batch)
                        }
                    }
                    if !page.records.isEmpty {
                        if !applying {
                            beforeApply?()
                            applying = true
                        }
                        report.pulled += page.records.count
                        report.applied.add(try apply(page.records, cipher: cipher))
                    }
                    guard page.more, let end = page.records.last?.idx else { break }
                    after = end
                }
            }
            if status.boards == true, let board {
                report.board = try publish(board, of: this, to: server, cipher: cipher)
                if report.board { remote[this] = (remote[this] ?? 0) + 1 }
            }
            let held = try db { () throws(DatabaseProblem) in try store.streamPositions() }
            report.positions = SyncEngine.merge(held: held, remote: remote, this: this)
        } catch let error as SyncError {
            throw error
        } catch {
            throw .stopped("\(error)")
        }
        var done = settings
        done.lastSync = store.now
        done.keyChecked = checked
        try save(done)
        return report
    }

    /// `haven sync status`: each stream's last idx here and on the server.
    /// Without a server answer the positions here are given with the reason.
    public func status() throws(SyncError) -> (settings: SyncSettings?, positions: [SyncPosition],
                                                unreachable: SyncError?) {
        let settings = try settings()
        let held = try db { () throws(DatabaseProblem) in try store.streamPositions() }
        let this = try db { () throws(DatabaseProblem) in try store.recordingDevice() }
        guard let settings, let url = settings.url, let token = settings.token else {
            return (settings, SyncEngine.merge(held: held, remote: nil, this: this), nil)
        }
        do {
            let server = try SyncServer(url: url, token: token, limits: limits)
            let remote = try SyncEngine.positions(server.status(), url: url)
            return (settings, SyncEngine.merge(held: held, remote: remote, this: this), nil)
        } catch {
            if case .unreachable = error { return (settings, SyncEngine.merge(held: held, remote: nil, this: this), error) }
            throw error
        }
    }

    /// Pushes every stream held here further than `remote`, in batches.
    /// Another device's stream is a refill, which the server takes only
    /// while that device is logged out there (403 otherwise): then that
    /// device sends it itself, and this one goes on with the next stream.
    private func push(to server: SyncServer, remote: [String: Int64], cipher: RecordCipher) throws -> Int {
        let here = try db { () throws(DatabaseProblem) in try store.streamPositions() }
        let this = try thisDevice()
        var pushed = 0
        for span in SyncPlan(here: here, server: remote).push {
            var after = span.after
            while after < span.through {
                let batch = try outgoing(device: span.device, after: after, limit: SyncEngine.batch, cipher: cipher)
                guard let end = batch.last?.idx else { break }
                guard try send(batch, to: server, isOwn: span.device == this) else { break }
                pushed += batch.count
                after = end
            }
        }
        return pushed
    }

    /// Appends this device's board unless it says what its last one said,
    /// and sends it; true when it did.
    private func publish(_ board: ([String: Int64]) -> String?, of this: String, to server: SyncServer,
                         cipher: RecordCipher) throws -> Bool {
        let applied = try db { () throws(DatabaseProblem) in try store.appliedPositions() }
        guard let made = board(applied), try db({ () throws(DatabaseProblem) in try store.publish(board: made) }),
              let last = try db({ () throws(DatabaseProblem) in try store.streamPositions() })[this] else { return false }
        _ = try server.push(try outgoing(device: this, after: last - 1, limit: 1, cipher: cipher))
        return true
    }

    /// Pushes one batch; false when the server leaves another device's
    /// stream to that device (403).
    private func send(_ batch: [WireRecord], to server: SyncServer, isOwn: Bool) throws(SyncError) -> Bool {
        do {
            _ = try server.push(batch)
            return true
        } catch {
            if !isOwn, case .refused(403, _) = error { return false }
            throw error
        }
    }

    private static func merge(held: [String: Int64], remote: [String: Int64]?, this: String?) -> [SyncPosition] {
        var devices = Set(held.keys).union(remote.map { Array($0.keys) } ?? [])
        if let this { devices.insert(this) }
        return devices.map { device in
            SyncPosition(device: device, isThis: device == this, here: held[device] ?? 0, server: remote.map { $0[device] ?? 0 })
        }.sorted { ($0.isThis ? 0 : 1, $0.device) < ($1.isThis ? 0 : 1, $1.device) }
    }
}
