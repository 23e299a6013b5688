import NIOPosix
import Synchronization

/// Password hashing on threads of its own (#28, item 2): PBKDF2 costs tens
/// to hundreds of milliseconds of one core, and run on the threads that
/// serve requests, a flood of logins would hold up every other call. The
/// wait is bounded too: a password that would wait longer than `maxWait`
/// for a thread is answered 503 with Retry-After, at once.
final class HashPool: Sendable {
    private let pool: NIOThreadPool
    private let threads: Int
    private let maxWait: Double
    /// Hashes waiting or running, and the seconds one takes (a moving average).
    private let state: Mutex<(queued: Int, seconds: Double)>

    /// `seconds`: what one hash took when measured at start.
    init(threads: Int, maxWait: Double, seconds: Double) {
        self.threads = max(1, threads)
        self.maxWait = maxWait
        state = Mutex((0, seconds))
        pool = NIOThreadPool(numberOfThreads: self.threads)
        pool.start()
    }

    func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async throws -> T {
        let admitted: Double? = state.withLock { state in
            // The ones ahead of this one, shared by the threads.
            let wait = Double(state.queued / threads) * state.seconds
            guard wait <= maxWait else { return wait }
            state.queued += 1
            return nil
        }
        if let wait = admitted { throw ServerError.busy(retryAfter: Int(wait.rounded(.up))) }
        defer { state.withLock { $0.queued -= 1 } }
        // Timed on the thread: the wait before it is not the hash's cost.
        let (result, seconds) = try await pool.runIfActive { HashPool.timed(work) }
        state.withLock { $0.seconds = $0.seconds * 0.8 + seconds * 0.2 }
        return result
    }

    static func timed<T>(_ work: () -> T) -> (T, Double) {
        let start = ContinuousClock.now
        let result = work()
        let taken = start.duration(to: .now)
        return (result, Double(taken.components.seconds) + Double(taken.components.attoseconds) / 1e18)
    }
}
