import Synchronization

/// Runs `work`, or gives up once `seconds` pass (503: the database does not
/// answer): a database that is down or hung never holds a request, or the
/// task that serves it, longer than that. The work left behind is
/// cancelled and never awaited.
func withinDeadline<T: Sendable>(_ seconds: Int, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
        let once = Once(continuation)
        let task = Task {
            do { once.settle(.success(try await work())) } catch { once.settle(.failure(error)) }
        }
        Task {
            try? await Task.sleep(for: .seconds(seconds))
            // Said first: the cancelled work's own error must not answer instead.
            once.settle(.failure(ServerError.databaseTimeout(seconds)))
            task.cancel()
        }
    }
}

/// A continuation resumed by whichever side comes first, once.
private final class Once<T: Sendable>: Sendable {
    private let state: Mutex<CheckedContinuation<T, any Error>?>

    init(_ continuation: CheckedContinuation<T, any Error>) {
        state = Mutex(continuation)
    }

    func settle(_ result: Result<T, any Error>) {
        let continuation = state.withLock { held in
            defer { held = nil }
            return held
        }
        continuation?.resume(with: result)
    }
}
