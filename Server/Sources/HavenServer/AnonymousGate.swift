import Hummingbird
import Synchronization

/// Serves at most `limit` calls without a device token at once (register,
/// login, health, and anything sent without one); more are answered 503
/// with Retry-After at once, before their bodies are read, so a flood of
/// them never holds more than `limit` bodies or tasks.
struct AnonymousGate: RouterMiddleware {
    typealias Context = HavenContext
    let limit: Int
    private let open = Counter()

    init(limit: Int) {
        self.limit = limit
    }

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.headers[.authorization] == nil else { return try await next(request, context) }
        guard open.enter(below: limit) else { throw ServerError.busy(retryAfter: 1) }
        defer { open.leave() }
        return try await next(request, context)
    }
}

private final class Counter: Sendable {
    private let value = Atomic(0)

    func enter(below limit: Int) -> Bool {
        if value.wrappingAdd(1, ordering: .relaxed).newValue <= limit { return true }
        value.wrappingSubtract(1, ordering: .relaxed)
        return false
    }

    func leave() {
        value.wrappingSubtract(1, ordering: .relaxed)
    }
}
