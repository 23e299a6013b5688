import Foundation
import XCTest

/// HavenCore is the model and the engine: pure Swift over Foundation's
/// values. Files, processes and signals live in HavenSystem; this test
/// reads HavenCore's sources and names any use of them.
final class PurityTests: XCTestCase {
    /// Imports, types and C calls that touch files, processes or signals.
    static let forbidden = [
        "import Glibc", "import Darwin", "import Musl", "FileManager", "FileHandle", "Process(", "ProcessInfo",
        "posix_spawn", "fopen(", "open(", "stat(", "lstat(", "statvfs", "unlink(", "rename(", "mkdir(", "opendir(",
        "sigaction", "signal(", "kill(", "getpid(", "waitpid", "contentsOfFile", "contentsOf:", "write(toFile",
        "write(to:", "Data(contentsOf", "dlopen", "getenv(", "exit(",
    ]

    func testHavenCoreUsesNoFileProcessOrSignalAPI() throws {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        let folder = root.appendingPathComponent("Sources/HavenCore").path
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: folder)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }.sorted()
        XCTAssertGreaterThan(files.count, 20)
        var found: [String] = []
        for file in files {
            let lines = try String(contentsOfFile: folder + "/" + file, encoding: .utf8).components(separatedBy: "\n")
            for (number, line) in lines.enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                for api in PurityTests.forbidden where code.contains(api) && !isWord(api, partOf: code) {
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
