import Foundation

/// Drops the top-level `<Record>` elements of the types an import does not
/// read before libxml2 sees them, counting them by type: in a real export
/// nearly every byte is step counts and heart rates, and libxml2 spent two
/// thirds of an import reading their attributes. Everything else passes
/// through as it came (the prologue, the DTD, comments, the records read,
/// anything malformed, for libxml2 to judge), and every line break of what
/// is dropped is kept, so libxml2's line numbers stay the file's.
///
/// A small XML lexer: it knows text, tags and their quoted attribute
/// values, comments, CDATA, processing instructions and the DOCTYPE with
/// its internal subset, so a `<` or `>` inside any of them is never taken
/// for markup. It decides on a whole start tag (held in a buffer), and an
/// element it drops ends where its depth returns.
///
/// Tuned for the bulk of an export: text and attribute values are crossed
/// with `memchr`, and a run of dropped records of one type is counted once.
struct RecordSkipper {
    private let wanted: Set<String>
    /// Records dropped, by type.
    var dropped: [String: Int] {
        var all = counted
        if run > 0 { all[lastType.string, default: 0] += run }
        return all
    }
    private var counted: [String: Int] = [:]
    /// Dropped records of `lastType` not yet in `counted`.
    private var run = 0

    private enum State {
        case text
        /// After `<`, deciding what comes (the bytes so far are in `pending`).
        case open
        case comment
        case cdata
        case instruction
        /// `<!DOCTYPE …` or another declaration; `subset` inside its `[ … ]`.
        case declaration(subset: Bool, quote: UInt8?)
        /// A comment inside the internal subset.
        case subsetComment
        case startTag(quote: UInt8?)
        case endTag
    }

    private var state = State.text
    /// Element depth: 0 outside the root, 1 among the root's children.
    private var depth = 0
    /// The depth at which a dropped element started; nil when keeping.
    private var skipping: Int?
    /// A construct's first bytes, or a whole start tag of one of the root's Records.
    private var pending: [UInt8] = []
    /// True while `pending` holds a Record's start tag, to decide on at its end.
    private var buffering = false
    /// How much of a comment's, CDATA's or instruction's end marker has been read.
    private var marker = 0
    /// In a start tag: the last byte outside a value was `/` (so `>` closes an empty element).
    private var slash = false
    /// The last four bytes read in a declaration, to see a comment open in the internal subset.
    private var recent: UInt32 = 0
    /// The type of the Record decided on last: exports group records by type.
    private var lastType: (bytes: [UInt8], string: String, wanted: Bool) = ([], "", true)

    /// The longest Record start tag held back to decide on; a longer one is kept.
    static let tagLimit = 1 << 16

    init(wanted: Set<String>) {
        self.wanted = wanted
    }

    /// Appends to `output` what libxml2 should read of `input`.
    mutating func filter(_ input: UnsafeRawBufferPointer, into output: inout [UInt8]) {
        let bytes = input.bindMemory(to: UInt8.self)
        let count = bytes.count
        var runStart = 0, index = 0
        // The bytes of a run go out as they are, into the held tag, or as their line breaks only.
        let base = bytes.baseAddress!
        func flush(_ end: Int) {
            guard end > runStart else { return }
            let run = UnsafeBufferPointer(rebasing: bytes[runStart..<end])
            if skipping != nil {
                RecordSkipper.appendLineBreaks(UnsafeRawBufferPointer(run), to: &output)
            } else if buffering {
                pending.append(contentsOf: run)
            } else {
                output.append(contentsOf: run)
            }
            runStart = end
        }
        while index < count {
            // The common states first, crossed in one go.
            switch state {
            case .text:
                guard let found = memchr(base + index, 0x3C, count - index) else {  // "<"
                    index = count
                    continue
                }
                let at = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
                flush(at)
                index = at + 1
                runStart = index
                pending.removeAll(keepingCapacity: true)
                pending.append(0x3C)
                state = .open
                continue
            case .startTag(let quote?):
                guard let found = memchr(base + index, Int32(quote), count - index) else {
                    index = count
                    continue
                }
                index = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base + 1
                state = .startTag(quote: nil)
                continue
            case .startTag(nil):
                var ended = false
                while index < count {
                    let byte = bytes[index]
                    index += 1
                    if byte == 0x22 || byte == 0x27 {  // a quote
                        state = .startTag(quote: byte)
                        slash = false
                        break
                    } else if byte == 0x3E {  // ">"
                        flush(index)
                        endStartTag(selfClosing: slash, &output)
                        state = .text
                        ended = true
                        break
                    }
                    slash = byte == 0x2F
                }
                if !ended, buffering, pending.count + (index - runStart) > RecordSkipper.tagLimit {
                    // Too long to hold back: keep it, whatever it is.
                    buffering = false
                    output.append(contentsOf: pending)
                    pending.removeAll(keepingCapacity: true)
                }
                continue
            default:
                break
            }
            let byte = bytes[index]
            index += 1
            switch state {
            case .text, .startTag:
                break
            case .open:
                pending.append(byte)
                runStart = index
                if let next = classify(&output) { state = next }
            case .comment:
                if end("-->", byte) { state = .text }
            case .cdata:
                if end("]]>", byte) { state = .text }
            case .instruction:
                if end("?>", byte) { state = .text }
            case .subsetComment:
                if end("-->", byte) { state = .declaration(subset: true, quote: nil) }
            case .declaration(let subset, let quote):
                recent = recent << 8 | UInt32(byte)
                if let quote {
                    if byte == quote { state = .declaration(subset: subset, quote: nil) }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    state = .declaration(subset: subset, quote: byte)
                } else if !subset, byte == UInt8(ascii: "[") {
                    state = .declaration(subset: true, quote: nil)
                } else if subset, byte == UInt8(ascii: "]") {
                    state = .declaration(subset: false, quote: nil)
                } else if subset, recent == 0x3C21_2D2D {  // "<!--"
                    state = .subsetComment
                } else if !subset, byte == UInt8(ascii: ">") {
                    state = .text
                }
            case .endTag:
                if byte == UInt8(ascii: ">") {
                    flush(index)
                    endTag()
                    state = .text
                }
            }
        }
        flush(count)
    }

    /// Reads one byte of an end marker (`-->`, `]]>`, `?>`); true once it is whole.
    private mutating func end(_ text: StaticString, _ byte: UInt8) -> Bool {
        let marks = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        if byte == marks[marker] {
            marker += 1
        } else if marker == 2, marks[0] == marks[1], byte == marks[0] {
            // "---" or "]]]": the last two bytes still begin the marker.
        } else {
            marker = byte == marks[0] ? 1 : 0
        }
        guard marker == marks.count else { return false }
        marker = 0
        return true
    }

    /// What the bytes after `<` begin, once `pending` tells; nil while it cannot yet.
    private mutating func classify(_ output: inout [UInt8]) -> State? {
        func starts(_ text: String) -> Bool? {
            let prefix = Array(text.utf8)
            let n = min(prefix.count, pending.count)
            guard pending[0..<n].elementsEqual(prefix[0..<n]) else { return false }
            return pending.count >= prefix.count ? true : nil
        }
        let second = pending[1], last = pending[pending.count - 1], beforeLast = pending[pending.count - 2]
        var next: State
        var hold = false
        if second == UInt8(ascii: "!") {
            switch (starts("<!--"), starts("<![CDATA[")) {
            case (true?, _): next = .comment
            case (_, true?): next = .cdata
            case (nil, _), (_, nil): return nil
            default:
                next = .declaration(subset: false, quote: nil)
                recent = 0
            }
        } else if second == UInt8(ascii: "?") {
            next = .instruction
        } else if second == UInt8(ascii: "/") {
            next = .endTag
        } else {
            guard pending.count >= 8 || RecordSkipper.endsName(last) else { return nil }
            next = .startTag(quote: nil)
            // One of the root's Records is held back until its tag ends.
            hold = depth == 1 && skipping == nil && starts("<Record") == true && pending.count >= 8
                && RecordSkipper.endsName(pending[7])
        }
        if hold {
            buffering = true
        } else {
            emitPending(&output)
        }
        // The byte just read may already close an end tag, or be a start tag's `>` or a quote.
        switch next {
        case .endTag where last == UInt8(ascii: ">"):
            endTag()
            return .text
        case .startTag:
            if last == UInt8(ascii: ">") {
                endStartTag(selfClosing: beforeLast == UInt8(ascii: "/"), &output)
                return .text
            }
            slash = last == UInt8(ascii: "/")
            if last == UInt8(ascii: "\"") || last == UInt8(ascii: "'") {
                slash = false
                return .startTag(quote: last)
            }
            return next
        default:
            return next
        }
    }

    private mutating func emitPending(_ output: inout [UInt8]) {
        if skipping != nil {
            pending.withUnsafeBytes { RecordSkipper.appendLineBreaks($0, to: &output) }
        } else {
            output.append(contentsOf: pending)
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// Appends one line break for each in `bytes`.
    static func appendLineBreaks(_ bytes: UnsafeRawBufferPointer, to output: inout [UInt8]) {
        guard var at = bytes.baseAddress, !bytes.isEmpty else { return }
        let end = at + bytes.count
        while at < end, let found = memchr(at, 0x0A, end - at) {
            output.append(0x0A)
            at = UnsafeRawPointer(found) + 1
        }
    }

    /// An end tag ended: a dropped element ends with its own.
    private mutating func endTag() {
        depth -= 1
        if let start = skipping, depth <= start { skipping = nil }
    }

    /// A start tag ended: dropped when it is a Record of a type not read.
    private mutating func endStartTag(selfClosing: Bool, _ output: inout [UInt8]) {
        if buffering {
            buffering = false
            if let type = RecordSkipper.type(in: pending), !isWanted(type) {
                pending.withUnsafeBytes { RecordSkipper.appendLineBreaks($0, to: &output) }
                if !selfClosing { skipping = depth }
            } else {
                output.append(contentsOf: pending)
            }
            pending.removeAll(keepingCapacity: true)
        }
        if !selfClosing { depth += 1 }
    }

    private mutating func isWanted(_ type: ArraySlice<UInt8>) -> Bool {
        let same = lastType.bytes.count == type.count && (type.isEmpty || lastType.bytes.withUnsafeBytes { last in
            type.withUnsafeBytes { memcmp(last.baseAddress!, $0.baseAddress!, type.count) == 0 }
        })
        if !same {
            if run > 0 { counted[lastType.string, default: 0] += run }
            run = 0
            let string = String(decoding: type, as: UTF8.self)
            lastType = (Array(type), string, wanted.contains(string))
        }
        if !lastType.wanted { run += 1 }
        return lastType.wanted
    }

    /// A byte that can follow an element's name.
    private static func endsName(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: "/")
            || byte == UInt8(ascii: ">")
    }

    /// The value of the `type` attribute of a whole `<Record …>` tag, when
    /// it is plain (no entity); nil otherwise, and the tag is kept for libxml2.
    static func type(in tag: [UInt8]) -> ArraySlice<UInt8>? {
        var i = 7, quote: UInt8?
        let n = tag.count
        while i < n {
            let byte = tag[i]
            if let q = quote {
                if byte == q { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if endsName(tag[i - 1]), i + 6 < n, tag[i] == UInt8(ascii: "t"), tag[i + 1] == UInt8(ascii: "y"),
                      tag[i + 2] == UInt8(ascii: "p"), tag[i + 3] == UInt8(ascii: "e"), tag[i + 4] == UInt8(ascii: "="),
                      tag[i + 5] == UInt8(ascii: "\"") || tag[i + 5] == UInt8(ascii: "'") {
                let q = tag[i + 5]
                var end = i + 6
                while end < n, tag[end] != q { end += 1 }
                guard end < n else { return nil }
                let value = tag[(i + 6)..<end]
                return value.contains(UInt8(ascii: "&")) ? nil : value
            }
            i += 1
        }
        return nil
    }
}
