import Foundation
import TestSupport
import XCTest

/// Bash, zsh and fish completion through the scripts `haven
/// --generate-completion-script` prints, each run by the real shell over
/// a constructed home: tracker ids, level keys, presets, pack ids and
/// options, as Tab gives them at the REPL.
final class ShellCompletionTests: XCTestCase {
    private var home: TemporaryDirectory!
    private var scripts: TemporaryDirectory!

    override func setUp() {
        home = TemporaryDirectory().write([
            "trackers/noalc.yaml": "extends: core/noalc\n",
            "trackers/water.yaml": "extends: core/water\n",
            "trackers/stretching.yaml": "name: Stretching\n",
            "packs/focus/pack.yaml": "name: focus\nversion: 1.0.0\nhaven: \">=0.1\"\n",
            "packs/sleep/pack.yaml": "name: sleep\nversion: 1.0.0\nhaven: \">=0.1\"\n",
        ])
        scripts = TemporaryDirectory()
        for shell in ["bash", "zsh", "fish"] {
            let script = HavenProcess.run(["--generate-completion-script", shell], environment: [:]).stdout
            scripts.write(["haven.\(shell)": script])
        }
    }

    /// The lines each shell gives for the words typed (the last one is being completed).
    private let cases: [(line: [String], expected: [String])] = [
        (["log", ""], ["noalc", "stretching", "water"]),
        (["log", "w"], ["water"]),
        (["streak", "s"], ["stretching"]),
        (["configure", "n"], ["noalc"]),
        (["log", "noalc", ""], ["easy", "steady", "wild"]),
        (["noalc", "w"], ["wild"]),
        (["add", "core/no"], ["core/noalc"]),
        (["pack", "update", ""], ["focus", "sleep"]),
        (["pack", "trust", "f"], ["focus"]),
        (["--lang", "de", "mode", "n"], ["noalc"]),
        (["log", "water", "--no"], ["--no-color", "--note", "--now"]),
        (["practice", "t"], ["tabata", "two-phase"]),
        (["breathe", "c"], ["coherent"]),
    ]

    private var environment: [String: String] {
        ["HAVEN_HOME": home.path, "PATH": (HavenProcess.binary as NSString).deletingLastPathComponent + ":/usr/bin:/bin",
         "HOME": home.path, "LANG": "C.UTF-8"]
    }

    private func run(_ shell: String, _ script: String) -> String {
        HavenProcess.run(["-c", script], environment: environment, executable: "/usr/bin/" + shell).stdout
    }

    func testBashCompletesFromTheHome() throws {
        for (line, expected) in cases {
            let words = (["haven"] + line).map { "'\($0)'" }.joined(separator: " ")
            let output = run("bash", """
                source '\(scripts.path)/haven.bash'
                COMP_WORDS=(\(words)); COMP_CWORD=\(line.count); _haven
                printf '%s\\n' "${COMPREPLY[@]}"
                """)
            XCTAssertEqual(output.split(separator: "\n").map(String.init), expected, "bash: \(line)")
        }
        // `complete -p` shows the function is what bash calls for haven.
        XCTAssertEqual(run("bash", "source '\(scripts.path)/haven.bash'; complete -p haven"),
                       "complete -o default -F _haven haven\n")
    }

    func testZshCompletesFromTheHome() throws {
        guard access("/usr/bin/zsh", X_OK) == 0 else { throw XCTSkip("needs zsh (make test installs it)") }
        for (line, expected) in cases {
            let words = (["haven"] + line).map { "'\($0)'" }.joined(separator: " ")
            // compadd and _files stand in for the completion system: they print what they are given.
            let output = run("zsh", """
                compdef() { : }
                compadd() { print -l -- "${(@P)${@[-1]}}" }
                _files() { print FILES }
                source '\(scripts.path)/haven.zsh'
                words=(\(words)); CURRENT=\(line.count + 1); _haven
                """)
            XCTAssertEqual(output.split(separator: "\n").map(String.init), expected, "zsh: \(line)")
        }
    }

    func testFishCompletesFromTheHome() throws {
        guard access("/usr/bin/fish", X_OK) == 0 else { throw XCTSkip("needs fish (make test installs it)") }
        for (line, expected) in cases {
            let typed = (["haven"] + line).joined(separator: " ")
            let output = run("fish", "source '\(scripts.path)/haven.fish'; complete -C '\(typed)'")
            // fish orders candidates its own way.
            XCTAssertEqual(output.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }.sorted(), expected,
                           "fish: \(line)")
        }
    }

    func testAnswersNeverWriteToTheHome() {
        let empty = TemporaryDirectory()
        let result = HavenProcess.run(["--complete", "1", "log", ""], environment: ["HAVEN_HOME": empty.path])
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: empty.path), [])
    }
}
