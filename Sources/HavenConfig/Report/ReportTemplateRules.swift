import Foundation

/// What a report template may hold (SPEC §10: one self-contained file, no
/// script, no network; #28 item 10), checked on its text before any
/// template engine sees it: no element that runs script or loads a page
/// (`<script>`, `<iframe>`, `<object>` …), no event handler attribute, no
/// remote address, and no value of the person's data where it could add
/// any of those (unescaped, where an attribute goes, in an address or in
/// CSS). Mustache tags are read with their default delimiters, which a
/// template may not change.
public enum ReportTemplateRules {
    /// Elements a report never holds: they run script or load something.
    static let elements: Set<String> = ["script", "iframe", "frame", "frameset", "object", "embed", "applet", "base",
                                        "link", "portal", "noscript", "form"]
    /// Attributes whose value is an address (or CSS, which can hold one).
    static let addressAttributes: Set<String> = ["href", "xlink:href", "src", "srcset", "action", "formaction", "poster",
                                                 "data", "background", "cite", "ping", "style"]

    public struct Problem: Equatable, Sendable {
        /// Where, in bytes from the start of the text.
        public let offset: Int
        public let message: String
    }

    /// The first thing `text` may not hold, or nil.
    public static func problem(in text: String) -> Problem? {
        var scanner = Scanner(Array(text.utf8))
        return scanner.run()
    }

    /// The templates `text` includes (`{{> name}}`) or extends (`{{< name}}`).
    public static func partials(of text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            rest = rest[open.upperBound...]
            guard let sigil = rest.first, sigil == ">" || sigil == "<", let close = rest.range(of: "}}") else { continue }
            names.append(String(rest[rest.index(after: rest.startIndex) ..< close.lowerBound]).trimmed)
            rest = rest[close.upperBound...]
        }
        return names
    }
}

extension ReportTemplateRules {
    /// Character references a browser decodes in an attribute's value.
    static let named: [String: String] = ["colon": ":", "sol": "/", "bsol": "\\", "period": ".", "num": "#",
                                          "lpar": "(", "rpar": ")", "tab": "\t", "newline": "\n", "amp": "&",
                                          "quot": "\"", "apos": "'", "lt": "<", "gt": ">"]

    /// An attribute's value with its character references decoded
    /// (`&#58;`, `&#x3A;`, `&colon;`); a reference it does not know stays.
    static func decodedAttribute(_ value: String) -> String {
        var out = "", rest = Substring(value)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            rest = rest[rest.index(after: amp)...]
            let body = rest.prefix { $0.isLetter || $0.isNumber || $0 == "#" }
            var scalar: Unicode.Scalar?
            if body.hasPrefix("#x") || body.hasPrefix("#X") {
                scalar = UInt32(body.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if body.hasPrefix("#") {
                scalar = UInt32(body.dropFirst()).flatMap(Unicode.Scalar.init)
            }
            if let decoded = scalar.map({ String($0) }) ?? named[body.lowercased()] {
                out += decoded
                rest = rest[body.endIndex...]
                if rest.first == ";" { rest = rest.dropFirst() }
            } else {
                out += "&"
            }
        }
        return out + rest
    }

    /// CSS with its escapes decoded: `\75 ` (hex, one space after it
    /// taken too) and `\x` (any other character) as the character.
    static func decodedCSS(_ text: String) -> String {
        var out = "", rest = Substring(text)
        while let slash = rest.firstIndex(of: "\\") {
            out += rest[..<slash]
            rest = rest[rest.index(after: slash)...]
            let hex = rest.prefix(6).prefix { $0.isHexDigit }
            if !hex.isEmpty, let scalar = UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init) {
                out.unicodeScalars.append(scalar)
                rest = rest[hex.endIndex...]
                if let space = rest.first, space == " " || space == "\t" || space == "\n" { rest = rest.dropFirst() }
            } else if let next = rest.first {
                if next != "\n" { out.append(next) }
                rest = rest.dropFirst()
            }
        }
        return out + rest
    }
}

extension StringProtocol {
    var trimmed: String {
        String(drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }.reversed()
            .drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }.reversed())
    }
}

/// The scan: text, tags and their attributes, and mustache tags in each.
private struct Scanner {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    typealias Problem = ReportTemplateRules.Problem

    mutating func run() -> Problem? {
        while index < bytes.count {
            if let problem = mustache(context: .text) { return problem }
            guard index < bytes.count else { break }
            if at("<!--") {
                index = find("-->").map { $0 + 3 } ?? bytes.count
            } else if byte == UInt8(ascii: "<"), index + 1 < bytes.count, isNameStart(bytes[index + 1]) {
                if let problem = tag() { return problem }
            } else {
                index += 1
            }
        }
        return nil
    }

    enum Context { case text, attributeName, unquotedValue, quotedValue(attribute: String), style }

    var byte: UInt8 { bytes[index] }

    func at(_ string: String) -> Bool {
        let needle = Array(string.utf8)
        guard index + needle.count <= bytes.count else { return false }
        return zip(bytes[index ..< index + needle.count], needle).allSatisfy { lower($0) == $1 }
    }

    func find(_ string: String, from start: Int? = nil) -> Int? {
        let needle = Array(string.utf8)
        var position = start ?? index
        while position + needle.count <= bytes.count {
            if zip(bytes[position ..< position + needle.count], needle).allSatisfy({ lower($0) == $1 }) { return position }
            position += 1
        }
        return nil
    }

    func lower(_ byte: UInt8) -> UInt8 { (65 ... 90).contains(byte) ? byte + 32 : byte }
    func isNameStart(_ byte: UInt8) -> Bool { (65 ... 90).contains(byte) || (97 ... 122).contains(byte) }
    func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 13 || byte == 12 }

    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// A mustache tag at `index`, checked for `context` and skipped; nil
    /// (and `index` unchanged) when there is none or it may stand there.
    mutating func mustache(context: Context) -> Problem? {
        guard at("{{") else { return nil }
        let start = index
        let triple = at("{{{")
        guard let close = find(triple ? "}}}" : "}}", from: index + 2) else { index = bytes.count; return nil }
        let end = close + (triple ? 3 : 2)
        let tag = text(start ..< end)
        let sigil = bytes[start + 2]
        index = end
        func refuse(_ message: String) -> Problem { Problem(offset: start, message: message) }
        switch sigil {
        case UInt8(ascii: "{"), UInt8(ascii: "&"):
            let name = String(tag.dropFirst(3).dropLast(triple ? 3 : 2)).trimmed
            return refuse("\(tag) prints a value without escaping it for HTML, so a name could run as script; "
                          + "write {{\(name)}}")
        case UInt8(ascii: "="):
            return refuse("\(tag) changes the tag delimiters, which the report's checks do not follow; keep {{ }}")
        case UInt8(ascii: ">"), UInt8(ascii: "<"):
            if tag.dropFirst(3).trimmed.hasPrefix("*") {
                return refuse("\(tag) includes a template named by a value; name the template, as in {{> tracker}}")
            }
            return nil
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "^"), UInt8(ascii: "/"), UInt8(ascii: "$"):
            return nil
        default:
            switch context {
            case .text, .quotedValue(attribute: _) where !context.isAddress: return nil
            case .quotedValue(let attribute):
                return refuse("\(tag) in \(attribute)= could make an address from your data; a report takes no "
                              + "address from a value")
            case .style:
                return refuse("\(tag) in CSS could make an address from your data; keep a report's style fixed text")
            case .attributeName, .unquotedValue:
                return refuse("\(tag) stands where an attribute goes (or in a value without quotes), where a value "
                              + "could add one; put it inside quotes, as in title=\"\(tag)\"")
            }
        }
    }

    /// An element's start or end tag at `index`, with its attributes.
    mutating func tag() -> Problem? {
        let start = index
        index += 1
        let nameStart = index
        while index < bytes.count, !isSpace(byte), byte != UInt8(ascii: ">"), byte != UInt8(ascii: "/") { index += 1 }
        let name = text(nameStart ..< index).lowercased()
        let local = name.split(separator: ":").last.map(String.init) ?? name
        if ReportTemplateRules.elements.contains(local) {
            return Problem(offset: start, message: "a report may not hold a <\(local)> element: it is HTML and pictures "
                           + "only, with no script and no network (SPEC §10)")
        }
        while index < bytes.count {
            if let problem = mustache(context: .attributeName) { return problem }
            guard index < bytes.count else { break }
            if byte == UInt8(ascii: ">") {
                index += 1
                return local == "style" ? styleContent() : nil
            }
            if isSpace(byte) || byte == UInt8(ascii: "/") {
                index += 1
                continue
            }
            if let problem = attribute() { return problem }
        }
        return nil
    }

    /// One attribute at `index`: its name, and its value if it has one.
    mutating func attribute() -> Problem? {
        let start = index
        while index < bytes.count, !isSpace(byte), ![UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "/")].contains(byte),
              !at("{{") { index += 1 }
        let name = text(start ..< index).lowercased()
        if name.hasPrefix("on") {
            return Problem(offset: start, message: "\(name)= is an event handler, which runs script; a report has "
                           + "none (SPEC §10)")
        }
        if name == "http-equiv" {
            return Problem(offset: start, message: "http-equiv= can make the page load another (a refresh); a report "
                           + "is one self-contained page (SPEC §10)")
        }
        var position = index
        while position < bytes.count, isSpace(bytes[position]) { position += 1 }
        guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else { return nil }
        index = position + 1
        while index < bytes.count, isSpace(byte) { index += 1 }
        guard index < bytes.count else { return nil }
        let valueStart: Int
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            let quote = byte
            index += 1
            valueStart = index
            while index < bytes.count, byte != quote {
                if let problem = mustache(context: .quotedValue(attribute: name)) { return problem }
                if index < bytes.count, byte != quote, !at("{{") { index += 1 }
            }
            let value = text(valueStart ..< min(index, bytes.count))
            index += 1
            return check(value, of: name, at: valueStart)
        }
        valueStart = index
        while index < bytes.count, !isSpace(byte), byte != UInt8(ascii: ">") {
            if let problem = mustache(context: .unquotedValue) { return problem }
            if index < bytes.count, !isSpace(byte), byte != UInt8(ascii: ">"), !at("{{") { index += 1 }
        }
        return check(text(valueStart ..< index), of: name, at: valueStart)
    }

    /// An attribute's value: no remote address (a namespace is a name, not one).
    func check(_ value: String, of attribute: String, at offset: Int) -> Problem? {
        guard attribute != "xmlns", !attribute.hasPrefix("xmlns:") else { return nil }
        // Read as a browser reads it: `&#58;` is `:`, and a scheme may hold tabs and line breaks.
        let decoded = ReportTemplateRules.decodedAttribute(value)
        if attribute == "style", let problem = css(decoded, at: offset) { return problem }
        let address = String(decoded.unicodeScalars.filter { $0.value > 0x20 }.map(Character.init)).lowercased()
        if address.contains("://") || address.hasPrefix("//") || address.hasPrefix("javascript:")
            || address.hasPrefix("vbscript:") {
            return remote(value, at: offset)
        }
        return nil
    }

    func remote(_ value: String, at offset: Int) -> Problem {
        let shown = value.count > 60 ? String(value.prefix(60)) + "…" : value
        return Problem(offset: offset, message: "\"\(shown)\" is a remote address or a script; a report is "
                       + "self-contained (SPEC §10): inline the picture as data: or leave it out")
    }

    /// CSS: no `@import`, no `url()` but a fragment or data, no address.
    func css(_ text: String, at offset: Int) -> Problem? {
        // Read as a browser reads it: `\75 rl(` is `url(`.
        let lower = ReportTemplateRules.decodedCSS(text).lowercased()
        if lower.contains("@import") || lower.contains("://") { return remote(text.trimmed, at: offset) }
        var rest = Substring(lower)
        while let open = rest.range(of: "url(") {
            rest = rest[open.upperBound...]
            let argument = rest.prefix { $0 != ")" }.trimmed.drop { $0 == "\"" || $0 == "'" }
            if !argument.hasPrefix("#"), !argument.hasPrefix("data:") { return remote("url(" + argument + ")", at: offset) }
        }
        return nil
    }

    /// A `<style>` element's content, up to its end tag.
    mutating func styleContent() -> Problem? {
        let start = index
        let end = find("</style") ?? bytes.count
        while index < end {
            if let problem = mustache(context: .style) { return problem }
            if index < end, !at("{{") { index += 1 }
        }
        return css(text(start ..< end), at: start)
    }
}

private extension Scanner.Context {
    var isAddress: Bool {
        if case .quotedValue(let attribute) = self { return ReportTemplateRules.addressAttributes.contains(attribute) }
        return false
    }
}
