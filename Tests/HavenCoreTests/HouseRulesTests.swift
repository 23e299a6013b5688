import Foundation
import XCTest

/// The house rules of docs/architecture.md, read from the sources: HavenCore
/// is pure (files, processes and signals live in HavenSystem), no file is
/// longer than 400 lines, and no target but HavenCLI longer than 4,000.
final class HouseRulesTests: XCTestCase {
    private static var root: URL {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        return root
    }

    /// Every Swift file below `folder` of the repository, relative to it, sorted.
    private func swiftFiles(_ folder: String) throws -> [String] {
        let path = HouseRulesTests.root.appendingPathComponent(folder).path
        return try XCTUnwrap(FileManager.default.enumerator(atPath: path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") && !$0.hasPrefix(".build") }.sorted()
    }

    private func lineCount(_ path: String) throws -> Int {
        try String(contentsOfFile: HouseRulesTests.root.appendingPathComponent(path).path, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).count - 1
    }

    func testNoFileIsLongerThan400Lines() throws {
        var long: [String] = []
        for folder in ["Sources", "Tests", "Server/Sources", "Server/Tests"] {
            for file in try swiftFiles(folder) where try lineCount(folder + "/" + file) > 400 {
                long.append("\(folder)/\(file): \(try lineCount(folder + "/" + file)) lines")
            }
        }
        XCTAssertEqual(long, [], "split these files")
    }

    func testNoTargetButTheCommandLineIsLongerThan4000Lines() throws {
        let targets = try FileManager.default.contentsOfDirectory(atPath: HouseRulesTests.root.appendingPathComponent("Sources").path)
        var long: [String] = []
        for target in targets.sorted() where target != "HavenCLI" {
            let lines = try swiftFiles("Sources/" + target).reduce(0) { $0 + (try lineCount("Sources/\(target)/\($1)")) }
            if lines > 4000 { long.append("\(target): \(lines) lines") }
        }
        XCTAssertEqual(long, [], "give these capabilities rooms of their own")
    }

    /// `Session` is the daily loop: the public methods of the class and
    /// its extensions (not of the hosts beside them in its files) number at most 25.
    func testTheSessionHasAtMost25PublicMethods() throws {
        var methods: [String] = []
        for file in try swiftFiles("Sources/HavenRuntime") where file.hasPrefix("Session") {
            var depth = 0, inSession = false
            for line in try String(contentsOfFile: HouseRulesTests.root.appendingPathComponent("Sources/HavenRuntime/" + file).path,
                                   encoding: .utf8).split(separator: "\n") {
                if depth == 0 { inSession = line.hasPrefix("extension Session {") || line.contains("final class Session") }
                if inSession, depth == 1, line.trimmingCharacters(in: .whitespaces).hasPrefix("public func ") {
                    methods.append(String(line.trimmingCharacters(in: .whitespaces).dropFirst(12).prefix { $0 != "(" }))
                }
                depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
            }
        }
        XCTAssertLessThanOrEqual(methods.count, 25, "Session's public methods: \(methods.sorted())")
    }
    /// Imports, types and C calls that touch files, processes or signals.
    static let forbidden = [
        "import Glibc", "import Darwin", "import Musl", "FileManager", "FileHandle", "Process(", "ProcessInfo",
        "posix_spawn", "fopen(", "open(", "stat(", "lstat(", "statvfs", "unlink(", "rename(", "mkdir(", "opendir(",
        "sigaction", "signal(", "kill(", "getpid(", "waitpid", "contentsOfFile", "contentsOf:", "write(toFile",
        "write(to:", "Data(contentsOf", "dlopen", "getenv(", "exit(",
    ]

    func testHavenCoreUsesNoFileProcessOrSignalAPI() throws {
        let folder = HouseRulesTests.root.appendingPathComponent("Sources/HavenCore").path
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: folder)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }.sorted()
        XCTAssertGreaterThan(files.count, 20)
        var found: [String] = []
        for file in files {
            let lines = try String(contentsOfFile: folder + "/" + file, encoding: .utf8).components(separatedBy: "\n")
            for (number, line) in lines.enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                for api in HouseRulesTests.forbidden where code.contains(api) && !isWord(api, partOf: code) {
                    found.append("Sources/HavenCore/\(file):\(number + 1): \(api)")
                }
            }
        }
        XCTAssertEqual(found, [], "move these to HavenSystem")
    }

    /// True when `api` appears only inside a longer name (`reopen(`, `x.open(`)
    /// or as the name of a function declared here.
    private func isWord(_ api: String, partOf code: String) -> Bool {
        guard let first = api.first, first.isLetter, first.isLowercase else { return false }
        var rest = code[...]
        while let range = rest.range(of: api) {
            let prefix = rest[..<range.lowerBound]
            let declared = prefix.hasSuffix("func ")  // a function of the engine's own of that name
            if let before = prefix.last, !declared, !(before.isLetter || before.isNumber || before == "_" || before == ".") {
                return false
            }
            if prefix.isEmpty { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }
}
