import Foundation
import XCTest

/// `--json` on the commands that need a server (`sync …`, `conflicts …`):
/// the root package's JSONEverywhereTests leaves them to this test, which
/// runs each against a real haven-server and compares its keys with the
/// example in docs/json.md.
final class SyncJSONTests: XCTestCase {
    private var server: ServerHarness!
    private var homes: [Home] = []

    override func setUpWithError() throws {
        server = try ServerHarness(name: name)
    }

    override func tearDown() {
        server?.close()
        homes.forEach { $0.remove() }
    }

    func testEverySyncCommandAnswersInJSON() throws {
        let trackers = ["noalc": "extends: core/noalc\n"]
        let a = try Home("a", trackers: trackers), b = try Home("b", trackers: trackers)
        homes = [a, b]
        let now = "2026-03-10 20:00", password = "correct horse battery\n"
        let examples = try JSONDoc.examples(String(contentsOfFile: ServerHarness.root.path + "/docs/json.md", encoding: .utf8))
        func check(_ home: Home, _ arguments: [String], input: String? = nil) throws -> String {
            let result = try home.run(arguments + ["--json"], input: input, now: now)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.err)")
            let shown = "haven " + (arguments + ["--json"]).joined(separator: " ")
                .replacingOccurrences(of: server.url, with: "http://127.0.0.1:8787")
            guard let example = examples[shown] else {
                XCTFail("docs/json.md has no example for '\(shown)'")
                return result.out
            }
            XCTAssertEqual(JSONDoc.shape(example), JSONDoc.shape(result.out), "the keys of '\(shown)' differ from docs/json.md")
            return result.out
        }
        _ = try check(a, ["sync", "login", server.url, "--account", "me", "--new"], input: password)
        let key = try JSONSerialization.jsonObject(with: Data(try check(a, ["sync", "key"]).utf8)) as? [String: String]
        try b.ok(["sync", "login", server.url, "--account", "me", "--key", key?["key"] ?? ""], input: password, now: now)
        try a.ok(["log", "noalc", "steady", "--at", "2026-03-09 21:00"], now: now)
        try b.ok(["log", "noalc", "wild", "--at", "2026-03-09 22:00"], now: now)
        try b.ok(["sync"], now: now)
        _ = try check(a, ["sync", "now"])
        _ = try check(a, ["sync", "status"])
        let listed = try check(a, ["conflicts", "list"])
        let days = try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]] ?? []
        let first = ((days.first?["entries"] as? [[String: Any]])?.first?["entry"] as? [String: Any])?["id"] as? Int
        XCTAssertEqual(first, 1)
        _ = try check(a, ["conflicts", "keep", "1"])
        _ = try check(a, ["sync", "devices"])
        _ = try check(a, ["sync", "pair"])
        let other = try ServerHarness.run("/usr/bin/sqlite3", [b.path + "/haven.db", "SELECT device FROM sync_control"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let revoked = try a.run(["sync", "revoke", other, "--json"], now: now)
        XCTAssertEqual(revoked.status, 0, revoked.err)
        XCTAssertEqual(JSONDoc.shape(revoked.out), ["revoked"])
        XCTAssertNotNil(examples["haven sync revoke DEVICE --json"], "docs/json.md shows sync revoke")
        _ = try check(a, ["sync", "logout"])
    }
}

/// docs/json.md's examples and the keys of a JSON text, as the root
/// package's JSONEverywhereTests reads them.
enum JSONDoc {
    static func examples(_ text: String) throws -> [String: String] {
        var examples: [String: String] = [:]
        for block in text.components(separatedBy: "```console\n").dropFirst() {
            guard let end = block.range(of: "\n```") else { continue }
            let lines = block[..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            guard let first = lines.first, first.hasPrefix("$ ") else { continue }
            examples[String(first.dropFirst(2))] = lines.dropFirst().joined(separator: "\n") + "\n"
        }
        return examples
    }

    static func shape(_ json: String) -> Set<String> {
        var keys = Set<String>()
        func walk(_ value: Any, _ prefix: String) {
            if let object = value as? [String: Any] {
                for (key, inner) in object {
                    keys.insert(prefix + key)
                    walk(inner, prefix + key + ".")
                }
            } else if let array = value as? [Any] {
                for inner in array { walk(inner, prefix + "[].") }
            }
        }
        if let value = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed) { walk(value, "") }
        return keys
    }
}
