import ArgumentParser
@testable import HavenCLI
import HavenCore
import HavenPacks
import HavenRuntime
import TestSupport
import XCTest

/// The REPL's word splitting and Tab completion, without a terminal.
final class InterpreterTests: XCTestCase {
    func testTokenizerQuotesAndEscapes() throws {
        XCTAssertEqual(try Tokenizer.split("log water +1"), ["log", "water", "+1"])
        XCTAssertEqual(try Tokenizer.split("  log  noalc steady --note \"one glass, at dinner\" "),
                       ["log", "noalc", "steady", "--note", "one glass, at dinner"])
        XCTAssertEqual(try Tokenizer.split("log x --note 'it''s' \"\""), ["log", "x", "--note", "its", ""])
        XCTAssertEqual(try Tokenizer.split("log x --note a\\ b"), ["log", "x", "--note", "a b"])
        XCTAssertEqual(try Tokenizer.split("Grübeln über"), ["Grübeln", "über"])
        XCTAssertThrowsError(try Tokenizer.split("log x --note \"open"))
        XCTAssertEqual(try Tokenizer.split(""), [])
    }

    func testCompletion() {
        let levels = LevelSet(reference: nil, levels: ["steady", "easy", "wild"].map {
            Level(key: $0, label: LocalizedText($0), effect: .success)
        })
        let trackers = [
            TrackerDefinition(id: "noalc", name: LocalizedText("NoAlc"), icon: "🍷", input: .levels, levels: levels,
                              origin: .init(pack: "local", file: "noalc.yaml")),
            TrackerDefinition(id: "water", name: LocalizedText("Water"), icon: "💧", input: .count,
                              origin: .init(pack: "local", file: "water.yaml")),
            TrackerDefinition(id: "walking", name: LocalizedText("Walking"), icon: "🚶",
                              origin: .init(pack: "local", file: "walking.yaml")),
        ]
        let completer = Completer(commands: ["log", "status", "streak", "help", "quit"], trackers: trackers,
                                  options: ["log": ["--at", "--note", "--trigger"], "": ["--json", "--home"]])
        XCTAssertEqual(completer.candidates(before: "", word: "no"), ["noalc"])
        XCTAssertEqual(completer.candidates(before: "", word: "w"), ["walking", "water"])
        XCTAssertEqual(completer.candidates(before: "", word: "st"), ["status", "streak"])
        XCTAssertEqual(completer.candidates(before: "noalc ", word: "st"), ["steady"])
        XCTAssertEqual(completer.candidates(before: "log noalc ", word: ""), ["easy", "steady", "wild"])
        XCTAssertEqual(completer.candidates(before: "log ", word: "wa"), ["walking", "water"])
        XCTAssertEqual(completer.candidates(before: "streak ", word: ""), ["noalc", "walking", "water"])
        XCTAssertEqual(completer.candidates(before: "log water ", word: "--n"), ["--note"])
        XCTAssertEqual(completer.candidates(before: "status ", word: "--j"), ["--json"])
        XCTAssertEqual(completer.candidates(before: "log water +1 ", word: "x"), [])
        // After the `ID VALUE` shorthand, log's own options only.
        XCTAssertEqual(completer.candidates(before: "water +1 ", word: "--"), ["--at", "--note", "--trigger"])
        XCTAssertEqual(completer.candidates(before: "calendar ", word: "wa"), ["walking", "water"])
        XCTAssertEqual(completer.candidates(before: "insights ", word: "w"), ["walking", "water"])
        XCTAssertEqual(completer.candidates(before: "insights water --with ", word: ""), ["noalc", "walking"])
        let presets = Completer(commands: ["add"], trackers: [], options: [:],
                                presets: ["core/walking", "core/water", "core/workout", "evenings/read"])
        XCTAssertEqual(presets.candidates(before: "add ", word: "core/w"), ["core/walking", "core/water", "core/workout"])
        XCTAssertEqual(presets.candidates(before: "add ", word: "ev"), ["evenings/read"])
    }

    func testPackSubcommandsPackIdsAndTheirOptionsComplete() {
        let completer = Completer(commands: ["pack", "status"], trackers: [
            TrackerDefinition(id: "tea", name: LocalizedText("Tea"), icon: "🍵", origin: .init(pack: "local", file: "tea.yaml")),
        ], options: ["pack": ["--help"], "pack install": ["--as", "--dry-run", "--ref", "--sha256", "--yes"],
                     "": ["--json"]], subcommands: ["pack": ["install", "list", "update", "rollback", "remove", "export"]],
           packs: ["calm", "mindful"])
        XCTAssertEqual(completer.candidates(before: "", word: "pa"), ["pack"])
        XCTAssertEqual(completer.candidates(before: "pack ", word: ""), ["export", "install", "list", "remove",
                                                                            "rollback", "update"])
        XCTAssertEqual(completer.candidates(before: "pack ", word: "r"), ["remove", "rollback"])
        XCTAssertEqual(completer.candidates(before: "pack remove ", word: ""), ["calm", "mindful"])
        XCTAssertEqual(completer.candidates(before: "pack remove calm ", word: ""), [])
        XCTAssertEqual(completer.candidates(before: "pack update calm ", word: ""), ["mindful"])
        XCTAssertEqual(completer.candidates(before: "pack export ", word: "t"), ["tea"])
        XCTAssertEqual(completer.candidates(before: "pack install ./calm ", word: "--s"), ["--sha256"])
        XCTAssertEqual(completer.candidates(before: "pack install ", word: "--j"), ["--json"])
    }

    func testEveryPackSubcommandIsOffered() throws {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n",
                                               "packs/calm/pack.yaml": "name: Calm\n"])
        let runtime = try Runtime(home: home.path, environment: ["HAVEN_CORE_PACK": Repository.corePack],
                                  currentDirectory: home.path, executable: nil)
        XCTAssertEqual(runtime.packs.installedNames, ["calm"])
        XCTAssertEqual(PackCommand.configuration.subcommands.map { $0._commandName },
                       ["install", "list", "update", "rollback", "remove", "trust", "untrust", "export", "new"])
    }

    func testLongOptionsComeFromTheHelpText() {
        let options = Completer.longOptions(inHelp: Haven.helpMessage(for: LogCommand.self))
        XCTAssertTrue(Set(options).isSuperset(of: ["--at", "--note", "--trigger", "--json", "--home", "--help"]))
    }
}

/// A session that stays open sees tracker files change on the next command.
final class ReloadTests: XCTestCase {
    func testAnEditedOrAddedFileTakesEffectOnTheNextCommand() throws {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])
        let interpreter = Interpreter(base: try GlobalOptions.parse(["--home", home.path, "--no-color"]))
        XCTAssertEqual(interpreter.execute("trackers --json"), .status(0))
        let first = try XCTUnwrap(interpreter.cache.runtime)
        XCTAssertEqual(interpreter.execute("trackers --json"), .status(0))
        XCTAssertTrue(interpreter.cache.runtime === first, "nothing changed: nothing reloaded")
        home.write(["trackers/stretching.yaml": "extends: core/stretching\n"])
        XCTAssertEqual(interpreter.execute("trackers --json"), .status(0))
        XCTAssertEqual(interpreter.cache.runtime?.trackers.map(\.id).sorted(), ["stretching", "water"])
        Thread.sleep(forTimeInterval: 0.01)
        home.write(["trackers/water.yaml": "extends: core/water\ngoal: { at_least: 6 }\n"])
        XCTAssertEqual(interpreter.execute("status"), .status(0))
        XCTAssertEqual((try? interpreter.cache.runtime?.tracker("water"))??.goal, .atLeast(6))
    }
}

/// SPEC §13: a REPL whose database is removed or replaced under it (sync
/// tools replace files by rename) notices before the next write and says so;
/// it never reports an entry that is not in the file the home names.
final class ReplacedDatabaseTests: XCTestCase {
    private func count(_ database: String) -> String { SQLite.run(database, "SELECT count(*) FROM entry") }

    func testAReplacedOrRemovedFileIsNeverWrittenBehindThePersonsBack() throws {
        for removed in [false, true] {
            let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])
            let database = home.path + "/haven.db"
            let interpreter = Interpreter(base: try GlobalOptions.parse(["--home", home.path, "--now", "2026-03-01 21:00"]))
            XCTAssertEqual(interpreter.execute("log water +1"), .status(0))
            XCTAssertEqual(interpreter.execute("log water +1"), .status(0))
            if removed {
                try FileManager.default.removeItem(atPath: database)
            } else {
                // A consistent copy with the two entries, renamed over the file as a sync tool does.
                SQLite.run(database, ".backup '\(database).synced'")
                XCTAssertEqual(rename(database + ".synced", database), 0)
            }
            XCTAssertEqual(interpreter.execute("log water +1"), .status(75))
            XCTAssertEqual(interpreter.execute("log water +1"), .status(75), "and again, until Haven is restarted")
            if removed {
                XCTAssertFalse(FileManager.default.fileExists(atPath: database))
            } else {
                XCTAssertEqual(count(database), "2")
            }
        }
    }
}
