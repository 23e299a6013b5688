import HavenCore
import YAML

extension DecodeContext {
    /// Decodes `pack.yaml`; `havenVersion` is checked against its `haven:` range.
    func packManifest(_ node: Node, havenVersion: String) -> PackManifest? {
        if node.isNull { return PackManifest() }
        guard let keys = mapping(node, PackKey.self, what: "pack.yaml") else { return nil }
        var manifest = PackManifest()
        manifest.name = keys[.name].flatMap { localized($0.value, what: "name") }
        manifest.version = keys[.version].flatMap { version($0.value, what: "version") }
        manifest.description = keys[.description].flatMap { localized($0.value, what: "description") }
        manifest.license = keys[.license].flatMap { text($0.value, what: "license") }
        if let authors = keys[.authors]?.value {
            if authors.scalar != nil {
                manifest.authors = text(authors, what: "authors").map { [$0] } ?? []
            } else {
                manifest.authors = (list(authors, what: "authors") ?? []).compactMap { text($0, what: "an author") }
            }
        }
        if let haven = keys[.haven]?.value, let range = text(haven, what: "haven") {
            switch VersionRange.parse(range) {
            case .none:
                error("haven must be a version range like \">=0.1\" or \">=0.1, <1.0\", not '\(range)'", at: haven)
            case .some(let parsed) where !parsed.contains(havenVersion):
                error("this pack needs Haven \(range); this is Haven \(havenVersion)", at: haven)
            default:
                manifest.haven = range
            }
        }
        if let defaults = keys[.defaults]?.value, let items = list(defaults, what: "defaults") {
            manifest.defaults = items.compactMap { text($0, what: "a default") }
        }
        return manifest
    }

    private func version(_ node: Node, what: String) -> String? {
        guard let value = text(node, what: what) else { return nil }
        guard Version(value) != nil else {
            error("\(what) must look like 1.0 or 1.2.3, not '\(value)'", at: node)
            return nil
        }
        return value
    }
}

/// A dotted version number, compared part by part.
struct Version: Comparable {
    var parts: [Int]

    init?(_ text: String) {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(pieces.count) else { return nil }
        var parts: [Int] = []
        for piece in pieces {
            guard !piece.isEmpty, piece.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(piece) else {
                return nil
            }
            parts.append(n)
        }
        while parts.count < 3 { parts.append(0) }
        self.parts = parts
    }

    static func < (a: Version, b: Version) -> Bool { a.parts.lexicographicallyPrecedes(b.parts) }
}

/// Comma-separated constraints such as `>=0.1, <1.0`.
struct VersionRange {
    enum Operator: String, CaseIterable { case ge = ">=", le = "<=", gt = ">", lt = "<", eq = "=" }
    var constraints: [(Operator, Version)]

    static func parse(_ text: String) -> VersionRange? {
        var constraints: [(Operator, Version)] = []
        for raw in text.split(separator: ",") {
            let item = raw.filter { !$0.isWhitespace }
            guard let op = Operator.allCases.first(where: { item.hasPrefix($0.rawValue) }) ?? (item.first?.isNumber == true ? .eq : nil)
            else { return nil }
            let rest = item.hasPrefix(op.rawValue) ? String(item.dropFirst(op.rawValue.count)) : item
            guard let version = Version(rest) else { return nil }
            constraints.append((op, version))
        }
        return constraints.isEmpty ? nil : VersionRange(constraints: constraints)
    }

    func contains(_ text: String) -> Bool {
        guard let v = Version(text) else { return false }
        return constraints.allSatisfy { op, bound in
            switch op {
            case .ge: return v >= bound
            case .le: return v <= bound
            case .gt: return v > bound
            case .lt: return v < bound
            case .eq: return v == bound
            }
        }
    }
}
