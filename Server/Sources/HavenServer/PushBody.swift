import Foundation
import HavenWire
import NIOCore
import NIOFoundationEssentialsCompat

/// One record of a push as the server checks and stores it: the sealed
/// bytes already out of their base64 (nil when they are not base64).
struct IncomingRecord {
    let id: String
    let device: String
    let idx: Int64
    let version: Int
    let sealed: ByteBuffer?

    init(id: String, device: String, idx: Int64, version: Int, sealed: ByteBuffer?) {
        (self.id, self.device, self.idx, self.version, self.sealed) = (id, device, idx, version, sealed)
    }

    /// A record the JSON decoder read.
    init(_ record: WireRecord) {
        self.init(id: record.id, device: record.device, idx: record.idx, version: record.version,
                  sealed: Data(base64Encoded: record.sealed).map { ByteBuffer(data: $0) })
    }
}

/// A push's body read straight from its bytes (#31 item 6): the shape every
/// client sends, `{"records":[{"id":…,"device":…,"idx":…,"version":…,
/// "sealed":…},…]}` in any key order and spacing, with the base64 decoded
/// into the buffer PostgreSQL is sent, and no string, `Data` or JSON value
/// in between. Anything else (an escape or a non-ASCII byte in a string, a
/// key it does not take or takes twice, a number with a fraction, exponent
/// or leading zero, padding that is not canonical) gives nil, and the JSON
/// decoder reads the body and names what is wrong, so the two readers
/// accept and refuse alike.
enum PushBody {
    static func read(_ buffer: ByteBuffer) -> [IncomingRecord]? {
        buffer.withUnsafeReadableBytes { bytes in
            var reader = Reader(bytes: bytes)
            return reader.body()
        }
    }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var at = 0

        init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        mutating func body() -> [IncomingRecord]? {
            guard take(UInt8(ascii: "{")), let key = string(), equal(key, "records"), take(UInt8(ascii: ":")),
                  take(UInt8(ascii: "[")) else { return nil }
            var records: [IncomingRecord] = []
            if !take(UInt8(ascii: "]")) {
                repeat {
                    guard let record = record() else { return nil }
                    records.append(record)
                } while take(UInt8(ascii: ","))
                guard take(UInt8(ascii: "]")) else { return nil }
            }
            guard take(UInt8(ascii: "}")) else { return nil }
            skipSpace()
            return at == bytes.count ? records : nil
        }

        private mutating func record() -> IncomingRecord? {
            guard take(UInt8(ascii: "{")) else { return nil }
            var id: String?, device: String?, idx: Int64?, version: Int64?, sealed: ByteBuffer??
            repeat {
                guard let key = string(), take(UInt8(ascii: ":")) else { return nil }
                if equal(key, "id"), id == nil, let value = string() {
                    id = text(value)
                } else if equal(key, "device"), device == nil, let value = string() {
                    device = text(value)
                } else if equal(key, "idx"), idx == nil, let value = integer() {
                    idx = value
                } else if equal(key, "version"), version == nil, let value = integer() {
                    version = value
                } else if equal(key, "sealed"), sealed == nil {
                    var escaped = false
                    guard let value = string(slashes: true, escaped: &escaped),
                          let decoded = escaped ? base64(unescaping: value) : base64(value) else { return nil }
                    sealed = .some(decoded)
                } else {
                    return nil
                }
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "}")), let id, let device, let idx, let version, let sealed,
                  let small = Int(exactly: version) else { return nil }
            return IncomingRecord(id: id, device: device, idx: idx, version: small, sealed: sealed)
        }

        private mutating func skipSpace() {
            while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x0A || bytes[at] == 0x0D || bytes[at] == 0x09 {
                at += 1
            }
        }

        private mutating func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard at < bytes.count, bytes[at] == byte else { return false }
            at += 1
            return true
        }

        /// A string of printable ASCII without escapes: its bytes' range.
        /// With `slashes`, `\/` may stand for `/` (Foundation's encoder
        /// writes base64 so), and `escaped` says whether it did.
        private mutating func string(slashes: Bool = false, escaped: UnsafeMutablePointer<Bool>? = nil) -> Range<Int>? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = at
            while at < bytes.count {
                let byte = bytes[at]
                if byte == UInt8(ascii: "\"") {
                    at += 1
                    return start..<at - 1
                }
                if byte == UInt8(ascii: "\\") {
                    guard slashes, at + 1 < bytes.count, bytes[at + 1] == UInt8(ascii: "/") else { return nil }
                    escaped?.pointee = true
                    at += 2
                    continue
                }
                guard byte >= 0x20, byte < 0x7F else { return nil }
                at += 1
            }
            return nil
        }

        /// A whole number as JSON writes it: no fraction, exponent or leading zero.
        private mutating func integer() -> Int64? {
            skipSpace()
            var negative = false
            if at < bytes.count, bytes[at] == UInt8(ascii: "-") {
                negative = true
                at += 1
            }
            let start = at
            var value: Int64 = 0
            while at < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]), at - start < 18 {
                value = value * 10 + Int64(bytes[at] - UInt8(ascii: "0"))
                at += 1
            }
            guard at > start, !(bytes[start] == UInt8(ascii: "0") && at - start > 1) else { return nil }
            if at < bytes.count {
                let next = bytes[at]
                if next == UInt8(ascii: ".") || next == UInt8(ascii: "e") || next == UInt8(ascii: "E")
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) { return nil }
            }
            return negative ? -value : value
        }

        private func equal(_ range: Range<Int>, _ key: StaticString) -> Bool {
            range.count == key.utf8CodeUnitCount && memcmp(bytes.baseAddress! + range.lowerBound, key.utf8Start, range.count) == 0
        }

        private func text(_ range: Range<Int>) -> String {
            String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }

        /// The canonical base64 of `range` decoded; nil for anything else.
        private func base64(_ range: Range<Int>) -> ByteBuffer? {
            PushBody.base64(UnsafeRawBufferPointer(rebasing: bytes[range]))
        }

        /// `base64` of a string whose slashes are written `\/`.
        private func base64(unescaping range: Range<Int>) -> ByteBuffer? {
            var text: [UInt8] = []
            text.reserveCapacity(range.count)
            for index in range where bytes[index] != UInt8(ascii: "\\") { text.append(bytes[index]) }
            return text.withUnsafeBytes { PushBody.base64($0) }
        }
    }

    /// Canonical base64 decoded into a buffer of its own; nil for anything else.
    private static func base64(_ input: UnsafeRawBufferPointer) -> ByteBuffer? {
        guard let count = Base64.decodedCount(input) else { return nil }
        var buffer = ByteBufferAllocator().buffer(capacity: count)
        var ok = false
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { out in
            ok = Base64.decode(input, into: out)
            return ok ? count : 0
        }
        return ok ? buffer : nil
    }
}

/// Canonical base64 only (padded, its unused bits zero): what every
/// encoder writes. Anything else is left to Foundation's decoder.
enum Base64 {
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(byte)] = UInt8(index)
        }
        return table
    }()

    /// The bytes `input` decodes to, from its length and padding.
    static func decodedCount(_ input: UnsafeRawBufferPointer) -> Int? {
        guard input.count % 4 == 0 else { return nil }
        guard input.count > 0 else { return 0 }
        let padding = input[input.count - 1] == UInt8(ascii: "=") ? (input[input.count - 2] == UInt8(ascii: "=") ? 2 : 1) : 0
        return input.count / 4 * 3 - padding
    }

    /// Decodes `input` into `out` (exactly `decodedCount` bytes); false when it is not canonical base64.
    static func decode(_ input: UnsafeRawBufferPointer, into out: UnsafeMutableRawBufferPointer) -> Bool {
        guard let count = decodedCount(input), out.count >= count else { return false }
        return values.withUnsafeBufferPointer { table in
            var written = 0
            var index = 0
            while index < input.count {
                let last = index + 4 == input.count
                let a = table[Int(input[index])], b = table[Int(input[index + 1])]
                var c = table[Int(input[index + 2])], d = table[Int(input[index + 3])]
                var size = 3
                if last, input[index + 3] == UInt8(ascii: "=") {
                    d = 0
                    size = 2
                    if input[index + 2] == UInt8(ascii: "=") {
                        c = 0
                        size = 1
                        guard b & 0x0F == 0 else { return false }
                    } else {
                        guard c & 0x03 == 0 else { return false }
                    }
                }
                guard a | b | c | d < 64 else { return false }
                let bits = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                out[written] = UInt8(truncatingIfNeeded: bits >> 16)
                if size > 1 { out[written + 1] = UInt8(truncatingIfNeeded: bits >> 8) }
                if size > 2 { out[written + 2] = UInt8(truncatingIfNeeded: bits) }
                written += size
                index += 4
            }
            return written == count
        }
    }
}
