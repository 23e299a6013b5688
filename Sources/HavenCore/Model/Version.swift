/// A semantic version: `1.2.3`, `1.2` or `1` (missing parts are 0), an
/// optional leading `v` (as git tags write it), and an optional pre-release
/// (`1.0.0-beta.2`), which sorts before its release (SemVer §11).
public struct Version: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public var patch: Int
    /// Dot-separated pre-release identifiers; empty for a release.
    public var prerelease: [String]

    public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0, prerelease: [String] = []) {
        self.major = major
        self.minor = minor
        self.patch = patch
        self.prerelease = prerelease
    }

    public init?(_ text: String) {
        guard let parsed = Version.parse(Substring(text)), parsed.given == 3 || !parsed.version.isPrerelease else {
            return nil
        }
        self = parsed.version
    }

    /// A version and how many of its three numbers were written.
    static func parse(_ text: Substring) -> (version: Version, given: Int)? {
        var text = text
        if text.first == "v" || text.first == "V" { text = text.dropFirst() }
        var prerelease: [String] = []
        if let dash = text.firstIndex(of: "-") {
            prerelease = text[text.index(after: dash)...].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard prerelease.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") } })
            else { return nil }
            text = text[..<dash]
        }
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(pieces.count) else { return nil }
        var numbers: [Int] = []
        for piece in pieces {
            guard !piece.isEmpty, piece.count <= 9, piece.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(piece) else {
                return nil
            }
            numbers.append(n)
        }
        while numbers.count < 3 { numbers.append(0) }
        return (Version(numbers[0], numbers[1], numbers[2], prerelease: prerelease), pieces.count)
    }

    public var isPrerelease: Bool { !prerelease.isEmpty }

    /// The same numbers without the pre-release.
    var release: Version { Version(major, minor, patch) }

    public var description: String {
        "\(major).\(minor).\(patch)" + (prerelease.isEmpty ? "" : "-" + prerelease.joined(separator: "."))
    }

    public static func < (a: Version, b: Version) -> Bool {
        if (a.major, a.minor, a.patch) != (b.major, b.minor, b.patch) {
            return (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
        }
        // A release follows its pre-releases; identifiers compare numerically
        // when both are numbers, else as text; numbers sort first.
        switch (a.prerelease.isEmpty, b.prerelease.isEmpty) {
        case (true, _): return false
        case (false, true): return true
        default: break
        }
        for (x, y) in zip(a.prerelease, b.prerelease) where x != y {
            switch (Int(x), Int(y)) {
            case let (m?, n?): return m < n
            case (.some, nil): return true
            case (nil, .some): return false
            default: return x < y
            }
        }
        return a.prerelease.count < b.prerelease.count
    }
}

/// A set of versions, in the one grammar of `haven:`, `requires` and `--ref`
/// (SPEC §8), as Cargo and npm read it:
///
/// - `^1.2.3` ≥1.2.3 <2.0.0, keeping the left-most non-zero part (`^0.2.3`
///   <0.3.0, `^0.0.3` <0.0.4, `^0.x` <1.0.0); `~1.2.3` ≥1.2.3 <1.3.0;
/// - `1.2.x`, `1.2.*`, `1.x`, `*` wildcards; `=`, `<`, `<=`, `>`, `>=` with
///   partial versions read as their wildcard (`<=1.2` is <1.3.0, `>1.2` is
///   ≥1.3.0);
/// - a bare version is that version exactly (npm's reading: `--ref 1.0.3`
///   means that tag);
/// - comparators separated by commas or spaces must all hold.
///
/// A pre-release matches only a comparator that names a pre-release of the
/// same major.minor.patch, as npm does.
public struct VersionRange: Sendable, Hashable, CustomStringConvertible {
    /// One interval: versions from `lower` through `upper`.
    struct Bound: Sendable, Hashable {
        var version: Version
        var inclusive: Bool
    }

    var lower: Bound?
    var upper: Bound?
    /// The releases whose pre-releases the range admits.
    var prereleaseOf: Set<Version> = []
    public let text: String

    public var description: String { text }

    public init?(_ text: String) {
        self.text = text
        let tokens = VersionRange.tokens(text)
        guard !tokens.isEmpty else { return nil }
        for token in tokens {
            guard let (low, high, pre) = VersionRange.comparator(token) else { return nil }
            if let low, lower.map({ low.version > $0.version || (low.version == $0.version && !low.inclusive) }) ?? true {
                lower = low
            }
            if let high, upper.map({ high.version < $0.version || (high.version == $0.version && !high.inclusive) }) ?? true {
                upper = high
            }
            if let pre { prereleaseOf.insert(pre) }
        }
    }

    /// Comparators, with an operator written apart from its version (`>= 1.2`) joined to it.
    static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var pendingOperator = ""
        for word in text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }) {
            // String(word): appending a Substring goes through the generic
            // Sequence append, whose first call scans every conformance
            // of the binary (2.5 % of a one-shot `haven log`).
            if word.allSatisfy({ "<>=^~".contains($0) }) {
                pendingOperator += String(word)
            } else {
                tokens.append(pendingOperator + String(word))
                pendingOperator = ""
            }
        }
        return pendingOperator.isEmpty ? tokens : tokens + [pendingOperator]
    }

    /// One comparator as an interval, and the release whose pre-releases it admits.
    static func comparator(_ token: String) -> (Bound?, Bound?, Version?)? {
        let operators = [">=", "<=", ">", "<", "=", "^", "~"]
        let op = operators.first { token.hasPrefix($0) } ?? ""
        var rest = Substring(token.dropFirst(op.count))
        // Wildcards: `*`, `x`, `X` stand for the parts they replace, and for all after them.
        var parts = rest.split(separator: ".", omittingEmptySubsequences: false)
        if let wild = parts.firstIndex(where: { $0 == "*" || $0 == "x" || $0 == "X" }) {
            guard parts[wild...].allSatisfy({ $0 == "*" || $0 == "x" || $0 == "X" }) else { return nil }
            parts = Array(parts[..<wild])
            if parts.isEmpty {
                guard op.isEmpty || op == "^" || op == "~" || op == "=" || op == ">=" else {
                    return op == "<" ? (nil, Bound(version: Version(0), inclusive: false), nil) : nil
                }
                return (Bound(version: Version(0), inclusive: true), nil, nil)
            }
            rest = Substring(parts.joined(separator: "."))
        }
        guard let (version, given) = Version.parse(rest) else { return nil }
        let pre = version.isPrerelease ? version.release : nil
        guard !version.isPrerelease || given == 3 else { return nil }
        // The first version past everything the written parts allow (`1.2` → 1.3.0).
        let next: Version = given == 1 ? Version(version.major + 1) : given == 2
            ? Version(version.major, version.minor + 1) : Version(version.major, version.minor, version.patch + 1)
        let from = Bound(version: version, inclusive: true)
        switch op {
        case "^":
            let upper: Version
            if version.major > 0 || given == 1 {
                upper = Version(version.major + 1)
            } else if version.minor > 0 || given == 2 {
                upper = Version(0, version.minor + 1)
            } else {
                upper = Version(0, 0, version.patch + 1)
            }
            return (from, Bound(version: upper, inclusive: false), pre)
        case "~":
            let upper = given == 1 ? Version(version.major + 1) : Version(version.major, version.minor + 1)
            return (from, Bound(version: upper, inclusive: false), pre)
        case ">=": return (from, nil, pre)
        case ">": return given == 3 ? (Bound(version: version, inclusive: false), nil, pre) : (Bound(version: next, inclusive: true), nil, pre)
        case "<": return (nil, Bound(version: version, inclusive: false), pre)
        case "<=":
            return given == 3 ? (nil, Bound(version: version, inclusive: true), pre) : (nil, Bound(version: next, inclusive: false), pre)
        default:  // "=" or bare: exactly this, or every version the partial one allows
            return given == 3 ? (from, Bound(version: version, inclusive: true), pre)
                : (from, Bound(version: next, inclusive: false), pre)
        }
    }

    public func contains(_ version: Version) -> Bool {
        if version.isPrerelease && !prereleaseOf.contains(version.release) { return false }
        if let lower, version < lower.version || (!lower.inclusive && version == lower.version) { return false }
        if let upper, version > upper.version || (!upper.inclusive && version == upper.version) { return false }
        // An exclusive upper release bound keeps out its own pre-releases (`<2.0.0` is below 2.0.0-0).
        if let upper, !upper.inclusive, !upper.version.isPrerelease, version.isPrerelease,
           version.release == upper.version { return false }
        return true
    }

    /// The highest of `versions` in the range.
    public func best(of versions: some Sequence<Version>) -> Version? {
        versions.filter(contains).max()
    }
}
