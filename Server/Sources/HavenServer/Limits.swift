import Foundation

/// What one call may carry and how long it may take. A body over `maxBody`
/// is refused before it is read to the end (413); the others are 400 or
/// 413 with what to send instead.
public struct Limits: Sendable {
    /// Bytes in one request body.
    public var maxBody = 4 * 1024 * 1024
    /// Bytes in the body of a call made without a token (register, login):
    /// an account, a password and a device fit in far less.
    public var maxCredentialsBody = 8 * 1024
    /// Records in one push, and the most one pull gives.
    public var maxBatch = 1_000
    /// Bytes of one sealed record (base64 decoded).
    public var maxSealed = 64 * 1024
    /// PBKDF2 iterations for new password hashes.
    public var passwordIterations = PasswordHash.defaultIterations

    /// Seconds a connection may wait for its next request (or for the
    /// whole head of one) before it is closed.
    public var idleSeconds = 15
    /// Seconds a request may take from its head to the end of its body,
    /// and its answer from then to its last byte: a client that sends or
    /// reads a byte now and then is closed.
    public var readSeconds = 30
    /// Calls without a token served at once; more are answered 503 at once.
    public var maxAnonymous = 64
    /// Threads that hash passwords, apart from those that serve requests.
    public var hashThreads = max(1, ProcessInfo.processInfo.activeProcessorCount / 2)
    /// Seconds a password may wait for a hashing thread; past it, 503.
    public var maxHashWait = 2.0
    /// Password attempts per window (`attemptWindow` seconds): failed logins
    /// of one account, and failed logins and registrations from one
    /// address. 0 turns the limits off.
    public var accountAttempts = 10
    public var addressAttempts = 30
    public var attemptWindow = 900
    /// The address of a reverse proxy in front: calls from it are counted
    /// by the last address of their X-Forwarded-For.
    public var trustedProxy: String?

    public init() {}
}
