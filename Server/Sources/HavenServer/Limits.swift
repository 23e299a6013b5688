/// What one call may carry. A body over `maxBody` is refused before it is
/// read to the end (413); the others are 400 or 413 with what to send instead.
public struct Limits: Sendable {
    /// Bytes in one request body.
    public var maxBody = 4 * 1024 * 1024
    /// Records in one push, and the most one pull gives.
    public var maxBatch = 1_000
    /// Bytes of one sealed record (base64 decoded).
    public var maxSealed = 64 * 1024
    /// PBKDF2 iterations for new password hashes.
    public var passwordIterations = PasswordHash.defaultIterations

    public init() {}
}
