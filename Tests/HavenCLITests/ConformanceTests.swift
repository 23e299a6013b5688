import Foundation
import HavenCore
import TestSupport
import XCTest
import YAML

/// The engine conformance cases through the built binary, in the format of
/// `../shared/conformance` (each case: a tracker, entries through `haven
/// log`, freezes through `haven skip`, then `haven streak t --json` compared
/// with `expect`; numbers within 1e-5). The project's own cases live in
/// `conformance/` and run here only.
final class ConformanceTests: XCTestCase {
    static let tolerance = 1e-5

    // One test per file, so that a parallel run spreads them. The shared
    // cases (`../shared/conformance`) run once, through their own runner
    // (`scripts/conformance.sh`).
    func testExactnessCases() throws { XCTAssertEqual(try run(Repository.root + "/conformance/exactness.yaml"), 21) }
    func testRollingCases() throws { XCTAssertEqual(try run(Repository.root + "/conformance/rolling.yaml"), 6) }
    func testPeriodCases() throws { XCTAssertEqual(try run(Repository.root + "/conformance/periods.yaml"), 11) }
    func testUpstreamCases() throws { XCTAssertEqual(try run(Repository.root + "/conformance/upstream.yaml"), 19) }

    /// A new file in `conformance/` gets a test of its own above.
    func testEveryFileHasItsTest() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Repository.root + "/conformance")
        XCTAssertEqual(files.filter { $0.hasSuffix(".yaml") }.sorted(), ["exactness.yaml", "periods.yaml", "rolling.yaml", "upstream.yaml"])
    }

    /// Runs every case of a file; returns how many there were.
    private func run(_ path: String) throws -> Int {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let document = YAMLParser.parse(bytes, limits: YAMLLimits(maxBytes: 4 << 20))
        XCTAssertEqual(document.errors.map(\.message), [], path)
        let cases = try XCTUnwrap(document.root?.items, path)
        for node in cases { try runCase(node, file: (path as NSString).lastPathComponent) }
        return cases.count
    }

    private func runCase(_ node: Node, file: String) throws {
        let field = { (key: String) in node.pairs?.first { $0.key.scalar == key }?.value }
        let name = "\(file): \(field("name")?.scalar ?? "?")"
        let home = TemporaryDirectory("haven-case")
        home.write(["trackers/t.yaml": Self.flow(try XCTUnwrap(field("tracker"), name)) + "\n"])
        let now = try XCTUnwrap(field("now")?.scalar, name)
        let zone = field("tz")?.scalar ?? "UTC"
        func haven(_ arguments: [String], zone entryZone: String? = nil) -> HavenProcess.Result {
            HavenRun(home: home.path, now: now, zone: entryZone ?? zone).run(arguments, timeout: 60)
        }
        var entries: [(at: String, value: String?, zone: String?)] = []
        for entry in field("entries")?.items ?? [] {
            let value = { (key: String) in entry.pairs?.first { $0.key.scalar == key }?.value }
            entries.append((try XCTUnwrap(value("at")?.scalar, name), value("value").flatMap { $0.isNull ? nil : $0.scalar },
                            value("tz")?.scalar))
        }
        let time = field("log_time")?.scalar ?? "20:00"
        for pair in field("days")?.pairs ?? [] {
            let bounds = try XCTUnwrap(pair.key.scalar, name).components(separatedBy: "..").map(Day.init)
            guard let first = bounds.first ?? nil, let last = bounds.last ?? nil else { return XCTFail("\(name): days") }
            for day in first.number...last.number {
                entries.append(("\(Day(number: day)) \(time)", pair.value.isNull ? nil : pair.value.scalar, nil))
            }
        }
        for entry in entries.sorted(by: { $0.at < $1.at }) {
            let result = haven(["log", "t"] + (entry.value.map { [$0] } ?? []) + ["--at", entry.at], zone: entry.zone)
            guard result.status == 0 else { return XCTFail("\(name): log \(entry) failed: \(result.stderr)") }
        }
        for day in field("freezes")?.items ?? [] {
            let result = haven(["skip", "t", try XCTUnwrap(day.scalar, name)])
            guard result.status == 0 else { return XCTFail("\(name): skip \(day.scalar ?? "") failed: \(result.stderr)") }
        }
        let streak = haven(["streak", "t", "--json"])
        guard streak.status == 0 else { return XCTFail("\(name): streak failed: \(streak.stderr)") }
        let actual = try JSONSerialization.jsonObject(with: Data(streak.stdout.utf8))
        for problem in Self.mismatches(try XCTUnwrap(field("expect"), name), actual, path: "") {
            XCTFail("\(name): \(problem)")
        }
    }

    /// Every way `actual` falls short of `expected` (a subset match).
    static func mismatches(_ expected: Node, _ actual: Any, path: String) -> [String] {
        switch expected.content {
        case .mapping(let pairs):
            guard let object = actual as? [String: Any] else { return ["\(path): expected an object, got \(actual)"] }
            return pairs.flatMap { pair -> [String] in
                let key = pair.key.scalar ?? ""
                guard let value = object[key] else { return ["\(path)\(key): missing"] }
                return mismatches(pair.value, value, path: path + key + ".")
            }
        case .sequence(let items):
            guard let array = actual as? [Any], array.count == items.count else {
                return ["\(path): expected \(items.count) items, got \(actual)"]
            }
            return zip(items, array).enumerated().flatMap { mismatches($1.0, $1.1, path: path + "\($0).") }
        case .scalar(let text, let style):
            let shown = String(path.dropLast())
            if style == .plain, text == "true" || text == "false" {
                return (actual as? Bool) == (text == "true") && !(actual is Double && !(actual is Bool))
                    ? [] : ["\(shown): expected \(text), got \(actual)"]
            }
            if expected.isNull { return actual is NSNull ? [] : ["\(shown): expected null, got \(actual)"] }
            if style == .plain, let number = Double(text) {
                guard let value = (actual as? NSNumber)?.doubleValue, abs(value - number) <= tolerance else {
                    return ["\(shown): expected \(text), got \(actual)"]
                }
                return []
            }
            return (actual as? String) == text ? [] : ["\(shown): expected '\(text)', got \(actual)"]
        }
    }

    /// A node written back as flow-style YAML, for the tracker file.
    static func flow(_ node: Node) -> String {
        switch node.content {
        case .mapping(let pairs): return "{ " + pairs.map { flow($0.key) + ": " + flow($0.value) }.joined(separator: ", ") + " }"
        case .sequence(let items): return "[ " + items.map(flow).joined(separator: ", ") + " ]"
        case .scalar(let text, let style):
            let plain = style == .plain && !text.isEmpty
                && text.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "-_./ ".unicodeScalars.contains($0) }
            if plain || node.isNull { return node.isNull ? "null" : text }
            let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            return "\"" + escaped + "\""
        }
    }
}
