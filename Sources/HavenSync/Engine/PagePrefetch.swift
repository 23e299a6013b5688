import Foundation
import HavenWire

/// One page of a pull asked for on a thread of its own, while the page
/// before it is applied: the wait for the server and the local work
/// overlap. Only the prefetching thread touches the server until `wait()`
/// returns, and only `wait()` reads the answer, after the thread's signal.
final class PagePrefetch: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var answer: Result<PullResponse, SyncError>?

    init(_ fetch: @escaping () throws(SyncError) -> PullResponse) {
        let box = UncheckedFetch(fetch)
        Thread.detachNewThread { [self] in
            do throws(SyncError) {
                answer = .success(try box.fetch())
            } catch {
                answer = .failure(error)
            }
            done.signal()
        }
    }

    /// The page, or the error asking for it met.
    func wait() throws(SyncError) -> PullResponse {
        done.wait()
        return try answer!.get()
    }
}

/// The fetch, handed to the prefetching thread, which alone runs it.
private struct UncheckedFetch: @unchecked Sendable {
    let fetch: () throws(SyncError) -> PullResponse
    init(_ fetch: @escaping () throws(SyncError) -> PullResponse) { self.fetch = fetch }
}
