import Foundation

/// A reader for one JSON object whose values are all strings, numbers or
/// null: a record's payload as Haven and SQLite's `json_object` write it.
/// Foundation's `JSONDecoder` cost 14 % of a first sync's CPU on these
/// (D334); anything this reader does not take (a nested value, `true`, a
/// repeated key, a malformed text) returns nil, and the caller decodes
/// the checked way, which accepts or refuses it as before.
enum FlatJSON {
    /// A value as written: a string (unescaped) or a number's text.
    enum Value: Equatable {
        case string(String)
        case number(String)
        case null
    }

    /// The object's keys and values, or nil.
    static func object(_ data: Data) -> [String: Value]? {
        var result: [String: Value] = [:]
        let whole = pairs(data) { key, value in
            result.updateValue(value, forKey: String(decoding: key, as: UTF8.self)) == nil
        }
        return whole ? result : nil
    }

    /// Hands each key (its UTF-8 bytes, as written between the quotes) and
    /// value to `visit`, which returns false to give up; true when the
    /// whole text was one such object and every pair was taken.
    static func pairs(_ data: Data, _ visit: (UnsafeBufferPointer<UInt8>, Value) -> Bool) -> Bool {
        data.withUnsafeBytes { raw -> Bool in
            var reader = Reader(bytes: raw.bindMemory(to: UInt8.self))
            return reader.object(visit)
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var at = 0

        mutating func skipSpace() {
            while at < bytes.count {
                switch bytes[at] {
                case 0x20, 0x09, 0x0A, 0x0D: at += 1
                default: return
                }
            }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard at < bytes.count, bytes[at] == byte else { return false }
            at += 1
            return true
        }

        mutating func object(_ visit: (UnsafeBufferPointer<UInt8>, Value) -> Bool) -> Bool {
            guard take(UInt8(ascii: "{")) else { return false }
            if take(UInt8(ascii: "}")) { return end() }
            repeat {
                guard let key = plainKey(), take(UInt8(ascii: ":")), let value = value(), visit(key, value) else {
                    return false
                }
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "}")) else { return false }
            return end()
        }

        /// A key with no escape and no control character, as its bytes
        /// between the quotes (Haven's keys are plain words); nil for any other.
        mutating func plainKey() -> UnsafeBufferPointer<UInt8>? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = at
            while at < bytes.count, bytes[at] != UInt8(ascii: "\""), bytes[at] != UInt8(ascii: "\\"), bytes[at] >= 0x20 {
                at += 1
            }
            guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { return nil }
            at += 1
            return UnsafeBufferPointer(rebasing: bytes[start..<(at - 1)])
        }

        mutating func end() -> Bool {
            skipSpace()
            return at == bytes.count
        }

        mutating func value() -> Value? {
            skipSpace()
            guard at < bytes.count else { return nil }
            switch bytes[at] {
            case UInt8(ascii: "\""):
                return string().map(Value.string)
            case UInt8(ascii: "n"):
                guard at + 4 <= bytes.count, Array(bytes[at..<(at + 4)]) == Array("null".utf8) else { return nil }
                at += 4
                return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = at
                while at < bytes.count, bytes[at] == UInt8(ascii: "-") || bytes[at] == UInt8(ascii: "+")
                    || bytes[at] == UInt8(ascii: ".") || bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E")
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]) { at += 1 }
                return .number(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self))
            default:
                return nil
            }
        }

        /// A string at `at` (its opening quote), unescaped.
        mutating func string() -> String? {
            guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { return nil }
            at += 1
            let start = at
            // The common case: no escape, straight from the bytes.
            while at < bytes.count, bytes[at] != UInt8(ascii: "\""), bytes[at] != UInt8(ascii: "\\"), bytes[at] >= 0x20 {
                at += 1
            }
            guard at < bytes.count else { return nil }
            if bytes[at] == UInt8(ascii: "\"") {
                defer { at += 1 }
                return String(validating: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self)
            }
            var out = Array(bytes[start..<at])
            while at < bytes.count {
                let byte = bytes[at]
                at += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(validating: out, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard at < bytes.count else { return nil }
                    let escape = bytes[at]
                    at += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        guard var scalar = hex4() else { return nil }
                        if (0xD800..<0xDC00).contains(scalar) {
                            guard take(UInt8(ascii: "\\")), at < bytes.count, bytes[at] == UInt8(ascii: "u") else { return nil }
                            at += 1
                            guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                            scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
                        }
                        guard let character = Unicode.Scalar(scalar) else { return nil }
                        for byte in String(character).utf8 { out.append(byte) }
                    default:
                        return nil
                    }
                case 0x00..<0x20:
                    return nil
                default:
                    out.append(byte)
                }
            }
            return nil
        }

        mutating func hex4() -> UInt32? {
            guard at + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for byte in bytes[at..<(at + 4)] {
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
            }
            at += 4
            return value
        }
    }
}
