import Crypto
import Foundation

/// The key every device of a person shares (SPEC §12): 32 random bytes,
/// made on the first device and typed into the others. Its text is
/// `hk1-` and the bytes in unpadded base64url (47 characters in all).
public struct SyncKey: Sendable, Equatable {
    static let prefix = "hk1-"

    let bytes: [UInt8]

    /// A new key from the system's random source.
    public static func make() -> SyncKey {
        SyncKey(bytes: SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) })
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The key from its text, or an error saying what a key looks like.
    public init(text: String) throws(SyncError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix(SyncKey.prefix),
              let bytes = Base64URL.decode(String(trimmed.dropFirst(SyncKey.prefix.count))), bytes.count == 32 else {
            throw .badKey
        }
        self.bytes = bytes
    }

    /// The text to show with `haven sync key` and type on another device.
    public var text: String { SyncKey.prefix + Base64URL.encode(bytes) }

    var symmetric: SymmetricKey { SymmetricKey(data: bytes) }

    /// The account's key check (#35): HMAC-SHA-256 of `haven-key-check-1`
    /// under the key, in base64url; a browser makes the same with WebCrypto.
    public var check: String {
        Base64URL.encode(Array(HMAC<SHA256>.authenticationCode(for: Data("haven-key-check-1".utf8), using: symmetric)))
    }
}

/// Base64 with `-` and `_`, without padding (RFC 4648 §5).
enum Base64URL {
    static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    static func decode(_ text: String) -> [UInt8]? {
        guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else { return nil }
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while standard.count % 4 != 0 { standard += "=" }
        return Data(base64Encoded: standard).map(Array.init)
    }
}
