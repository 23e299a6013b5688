import Crypto
import Foundation

/// Slow salted password hashes (SPEC §12): PBKDF2 with HMAC-SHA-256, a salt of
/// 16 random bytes, and the cost stored beside the hash so that it can rise
/// later without locking anyone out:
/// `pbkdf2-sha256$ITERATIONS$SALT$HASH` (base64).
enum PasswordHash {
    /// OWASP's figure for PBKDF2-HMAC-SHA-256 (2023).
    static let defaultIterations = 600_000

    static func make(_ password: String, iterations: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        let salt = (0 ..< 16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let hash = derive(password, salt: salt, iterations: iterations)
        return "pbkdf2-sha256$\(iterations)$\(Data(salt).base64EncodedString())$\(Data(hash).base64EncodedString())"
    }

    /// True when `password` gives `stored`; compared in constant time.
    static func verify(_ password: String, against stored: String) -> Bool {
        let parts = stored.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "pbkdf2-sha256", let iterations = Int(parts[1]), iterations > 0,
              let salt = Data(base64Encoded: String(parts[2])),
              let expected = Data(base64Encoded: String(parts[3])), expected.count == 32
        else { return false }
        let hash = derive(password, salt: Array(salt), iterations: iterations)
        return zip(hash, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// PBKDF2's first block, which is the whole of a 32-byte key (RFC 8018).
    static func derive(_ password: String, salt: [UInt8], iterations: Int) -> [UInt8] {
        let keyed = HMAC<SHA256>(key: SymmetricKey(data: Array(password.utf8)))
        var mac = keyed
        mac.update(data: salt + [0, 0, 0, 1])
        var block = bytes(of: mac.finalize())
        var result = block
        for _ in 1 ..< max(1, iterations) {
            var next = keyed
            next.update(data: block)
            block = bytes(of: next.finalize())
            for index in 0 ..< result.count { result[index] ^= block[index] }
        }
        return result
    }

    private static func bytes(of code: HashedAuthenticationCode<SHA256>) -> [UInt8] {
        code.withUnsafeBytes { Array($0) }
    }
}

/// Device tokens: 32 random bytes given once, kept only as their SHA-256.
enum DeviceToken {
    /// A new device token (`hvt1-`), or a pairing code (`hvp1-`): 32 random bytes.
    static func make(prefix: String = "hvt1-") -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0 ..< 32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return prefix + Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func hash(_ token: String) -> [UInt8] {
        Array(SHA256.hash(data: Array(token.utf8)))
    }
}
