import Foundation
import TestSupport
import XCTest

/// Thousands of mutants of the core pack's and the example packs' YAML files
/// (bytes deleted, YAML punctuation and hostile values inserted, lines
/// duplicated, swapped, re-indented, files cut short) through `validate` and
/// `status` of the built binary: never a crash, never longer than 2 s, exit
/// 0 or 65 only. Deterministic: set HAVEN_FUZZ_SEED to try other mutants.
final class YAMLMutationFuzzTests: XCTestCase {
    static let mutants = 3_000
    static let perHome = 100

    static let tokens: [String] = [
        ":", " ", "\n", "- ", "{", "}", "[", "]", ",", "&a ", "*a", "*b", "!!str ", "!!binary ", "|", ">-", "'", "\"",
        "#", "\t", "~", "null", "-1", "0", "1e309", "-1e309", ".nan", "99999999999999999999", "0x1F", "🙂", "\u{202E}",
        "\u{1B}[2J", "\u{1B}]52;c;aGk=\u{7}", "<<: *a", "? ", "%YAML 1.1\n", "---\n", "...\n", "\0", "\r", "\\",
        "\u{FEFF}", "yes", "true", "2026-02-30", "25:99", "core/", "../", "/etc/passwd", "id: x", "extends: core/noalc",
        "levels: core/noalc", "mode: avoidance", "type: saboteur", "input: amount", "period: week", "since: 1900-01-01",
        "hooks: hooks/x.lua", String(repeating: "a", count: 300), String(repeating: "[", count: 200),
    ]

    /// One mutation of `bytes`.
    static func mutate(_ bytes: inout [UInt8], _ random: inout SeededGenerator) {
        func lineRanges() -> [Range<Int>] {
            var ranges: [Range<Int>] = [], start = 0
            for (i, b) in bytes.enumerated() where b == 0x0A { ranges.append(start..<(i + 1)); start = i + 1 }
            if start < bytes.count { ranges.append(start..<bytes.count) }
            return ranges
        }
        let position = random.below(bytes.count + 1)
        switch random.below(8) {
        case 0:
            let length = min(1 + random.below(20), bytes.count - position)
            bytes.removeSubrange(position..<(position + length))
        case 1, 2:
            bytes.insert(contentsOf: Array(tokens[random.below(tokens.count)].utf8), at: position)
        case 3:
            let lines = lineRanges()
            guard !lines.isEmpty else { return }
            let line = lines[random.below(lines.count)]
            bytes.insert(contentsOf: Array(bytes[line]), at: line.upperBound)
        case 4:
            let lines = lineRanges()
            guard lines.count > 1 else { return }
            var parts = lines.map { Array(bytes[$0]) }
            parts.swapAt(random.below(parts.count), random.below(parts.count))
            bytes = parts.flatMap { $0 }
        case 5:
            bytes.removeSubrange(position...)
        case 6:
            // A value replaced: from the next ": " to the end of its line.
            guard let colon = (position..<max(position, bytes.count - 1)).first(where: {
                bytes[$0] == UInt8(ascii: ":") && bytes[$0 + 1] == 0x20
            }) else { return }
            let end = bytes[(colon + 2)...].firstIndex(of: 0x0A) ?? bytes.count
            bytes.replaceSubrange((colon + 2)..<end, with: Array(tokens[random.below(tokens.count)].utf8))
        default:
            let lines = lineRanges()
            guard !lines.isEmpty else { return }
            let line = lines[random.below(lines.count)]
            if random.below(2) == 0 {
                bytes.insert(contentsOf: Array(repeating: 0x20, count: 1 + random.below(4)), at: line.lowerBound)
            } else if line.count > 1 && bytes[line.lowerBound] == 0x20 {
                bytes.remove(at: line.lowerBound)
            }
        }
    }

    /// The files mutated, by the folder a mutant goes to.
    static func corpus() throws -> [(folder: String, bytes: [UInt8])] {
        var files: [(String, [UInt8])] = []
        for pack in [Repository.corePack] + Repository.examplePacks {
            for folder in ["presets", "trackers", "levels", "rewards", ""] {
                let directory = folder.isEmpty ? pack : pack + "/" + folder
                for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
                where name.hasSuffix(".yaml") {
                    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)))
                    files.append((folder == "presets" || folder == "trackers" ? "trackers" : folder.isEmpty ? "pack" : folder,
                                  bytes))
                }
            }
        }
        return files
    }

    func testMutantsOfEveryShippedFileNeverCrashHangOrExitOddly() throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["HAVEN_FUZZ_SEED"] ?? "") ?? 20_261_123
        var random = SeededGenerator(seed: seed)
        let corpus = try Self.corpus()
        XCTAssertGreaterThan(corpus.count, 25)
        var done = 0, rejected = 0
        while done < Self.mutants {
            let home = TemporaryDirectory("haven-fuzz")
            var files: [String: [UInt8]] = [:]
            for n in done..<min(done + Self.perHome, Self.mutants) {
                let source = corpus[random.below(corpus.count)]
                var bytes = source.bytes
                for _ in 0...random.below(3) { Self.mutate(&bytes, &random) }
                switch source.folder {
                case "trackers": files["trackers/m\(n).yaml"] = bytes
                case "pack":
                    files["packs/p\(n)/pack.yaml"] = bytes
                    files["packs/p\(n)/trackers/t\(n).yaml"] = Array("name: T\(n)\n".utf8)
                default:
                    files["\(source.folder)/m\(n).yaml"] = bytes
                    if source.folder == "levels" {
                        files["trackers/l\(n).yaml"] = Array("name: L\ninput: levels\nlevels: m\(n)\n".utf8)
                    }
                }
            }
            for (path, bytes) in files { home.write(path, bytes: bytes) }
            for command in [["validate"], ["status"], ["validate", home.path]] {
                let result = HavenProcess.run(command, environment: ["HAVEN_HOME": home.path, "TZ": "UTC",
                                                                     "HAVEN_NOW": "2026-03-05 21:00"], timeout: 60)
                let context = "seed \(seed), mutants \(done)..<\(done + Self.perHome), haven \(command.joined(separator: " "))"
                XCTAssertFalse(result.timedOut, "hung: \(context)")
                XCTAssertTrue([0, 65].contains(result.status), "exit \(result.status): \(context)\n\(result.stderr.suffix(2000))")
                XCTAssertFalse(result.stderr.contains("Fatal error"), context)
                if command == ["validate"] && result.status == 65 { rejected += 1 }
                if result.timedOut || ![0, 65].contains(result.status) {
                    // Keep the home to reproduce: copy it where the failure message says.
                    let keep = NSTemporaryDirectory() + "/haven-fuzz-failure-\(seed)-\(done)"
                    try? FileManager.default.copyItem(atPath: home.path, toPath: keep)
                    XCTFail("kept the failing home in \(keep)")
                    return
                }
            }
            done += Self.perHome
        }
        XCTAssertGreaterThan(rejected, 0, "the mutants do reach the diagnostics")
    }
}
