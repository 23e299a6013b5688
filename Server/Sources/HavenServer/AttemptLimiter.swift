import Synchronization

/// Limits password attempts (#28, item 2): failed logins of one account,
/// and failed logins and registrations from one address, in a sliding
/// window. An attempt counts from the moment it is let in, so a burst of
/// concurrent ones cannot all pass before the first has failed; one that
/// succeeds is taken off again. Past a limit the call is answered 429 with
/// Retry-After, before any hashing, for an account that exists and one
/// that does not alike. The books live in this process: behind a proxy,
/// N instances allow N times the attempts.
final class AttemptLimiter: Sendable {
    struct Policy: Sendable {
        var perAccount: Int
        var perAddress: Int
        var window: Duration
    }

    /// What one attempt is counted against.
    struct Attempt: Sendable {
        let account: String?
        let address: String
    }

    private struct Books {
        var accounts = Table()
        var addresses = Table()
    }

    private let policy: Policy
    private let books = Mutex(Books())
    init(_ policy: Policy) {
        self.policy = policy
    }

    /// Lets an attempt in, or throws 429 with the seconds until one would be.
    func admit(account: String?, address: String) throws -> Attempt {
        let now = ContinuousClock.now
        let refusal: Duration? = books.withLock { books in
            let waits = [account.flatMap { books.accounts.wait(for: $0, limit: policy.perAccount, window: policy.window, now: now) },
                         books.addresses.wait(for: address, limit: policy.perAddress, window: policy.window, now: now)]
            if let longest = waits.compactMap({ $0 }).max() { return longest }
            if let account { books.accounts.open(account, window: policy.window, now: now) }
            books.addresses.open(address, window: policy.window, now: now)
            return nil
        }
        if let refusal {
            let seconds = Int(refusal.components.seconds) + (refusal.components.attoseconds > 0 ? 1 : 0)
            throw ServerError.tooManyAttempts(retryAfter: max(1, seconds))
        }
        return Attempt(account: account, address: address)
    }

    /// Ends an attempt: one counted (a failed login, any registration) stays
    /// in the window; another leaves no trace.
    func settle(_ attempt: Attempt, counted failed: Bool) {
        let now = ContinuousClock.now
        books.withLock { books in
            if let account = attempt.account {
                books.accounts.close(account, failed: failed, limit: policy.perAccount, window: policy.window, at: now)
            }
            books.addresses.close(attempt.address, failed: failed, limit: policy.perAddress, window: policy.window, at: now)
        }
    }
}

/// The attempts of each key (an account, an address).
private struct Table {
    private struct Book {
        /// When the failures in the window happened, oldest first; at most the limit.
        var failures: [ContinuousClock.Instant] = []
        /// Attempts let in and not yet settled.
        var open = 0
    }

    private var books: [String: Book] = [:]
    /// Keys kept before stale ones are swept: an attacker with many
    /// addresses or names cannot grow the table without end.
    private static let maxKeys = 100_000

    /// How long until `key` may try again; nil when it may now.
    func wait(for key: String, limit: Int, window: Duration, now: ContinuousClock.Instant) -> Duration? {
        guard limit > 0, let book = books[key] else { return nil }
        let recent = book.failures.filter { now - $0 < window }
        guard recent.count + book.open >= limit else { return nil }
        // Full of failures: until the oldest leaves the window. Full of
        // attempts still running: a moment, until they are settled.
        return recent.count >= limit ? window - (now - recent[0]) : .seconds(1)
    }

    mutating func open(_ key: String, window: Duration, now: ContinuousClock.Instant) {
        if books[key] == nil, books.count >= Self.maxKeys { sweep(window: window, now: now) }
        books[key, default: Book()].open += 1
    }

    mutating func close(_ key: String, failed: Bool, limit: Int, window: Duration, at now: ContinuousClock.Instant) {
        guard var book = books[key] else { return }
        book.open -= 1
        book.failures.removeAll { now - $0 >= window }
        if failed {
            book.failures.append(now)
            if book.failures.count > max(1, limit) { book.failures.removeFirst(book.failures.count - max(1, limit)) }
        }
        books[key] = book.open == 0 && book.failures.isEmpty ? nil : book
    }

    /// Drops the books with nothing running and no failure in the window;
    /// if every key is still busy, the oldest half of the table goes.
    private mutating func sweep(window: Duration, now: ContinuousClock.Instant) {
        books = books.filter { $0.value.open > 0 || $0.value.failures.contains { now - $0 < window } }
        guard books.count >= Self.maxKeys else { return }
        let keep = books.sorted { ($0.value.failures.last ?? now) > ($1.value.failures.last ?? now) }.prefix(Self.maxKeys / 2)
        books = Dictionary(uniqueKeysWithValues: keep.map { ($0.key, $0.value) })
    }
}
