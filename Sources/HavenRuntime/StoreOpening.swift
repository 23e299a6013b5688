import Foundation
import HavenCore
import HavenSystem
import HavenStore

/// A home's database, opened on a second thread while the first loads the
/// catalog: for a one-shot command the two are independent, and on two
/// cores the open (GRDB's set-up, the schema check, the trackers' states)
/// costs no wall time. Only a database that already exists is opened early;
/// making one stays where it was, after the first run's files.
final class StoreOpening: @unchecked Sendable {
    typealias Opened = (store: Store, states: [String: TrackerState])

    let path: String
    private let writeDelay: Int
    private var thread = pthread_t()
    /// Written by the thread before it ends; read only after joining it.
    private var result: Result<Opened, StoreError>?
    private var joined = false

    /// Starts opening `path`; nil when there is no database there yet (or the
    /// thread cannot start), which leaves the opening to the session.
    init?(path: String, writeDelay: Int) {
        guard FileSystem.isNonEmptyFile(path) else { return nil }
        self.path = path
        self.writeDelay = writeDelay
        let context = Unmanaged.passRetained(self).toOpaque()
        let started = pthread_create(&thread, nil, { context in
            let opening = Unmanaged<StoreOpening>.fromOpaque(context!).takeRetainedValue()
            opening.result = Result { () throws(StoreError) -> Opened in
                let store = try Store(path: opening.path, writeDelay: opening.writeDelay)
                return (store, try store.trackerStates())
            }
            return nil
        }, context)
        if started != 0 {
            Unmanaged<StoreOpening>.fromOpaque(context).release()
            return nil
        }
    }

    /// What the thread opened (or the error it met), once it has ended.
    func take() -> Result<Opened, StoreError> {
        if !joined {
            pthread_join(thread, nil)
            joined = true
        }
        return result!
    }
}
