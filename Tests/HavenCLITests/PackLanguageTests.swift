import Foundation
@testable import HavenCLI
import HavenPacks
import HavenPresentation
import TestSupport
import XCTest

/// The pack manager's refusals in English and German (`--lang de`), each
/// whole, with its exit status; every phrase has its translation (strict
/// words show an untranslated one as ⟦phrase⟧).
final class PackLanguageTests: XCTestCase {
    /// What an archive, the lock, git or a pack's files can say, each in German.
    func testEveryArchiveLockGitAndFileProblemIsSaidInGerman() {
        let words = Words(language: "de", strict: true)
        let archive: [PackArchive.Problem] = [
            .unknownKind, .archiveTooLarge(bytes: 1), .notZip, .damagedZip("x"), .notGzip, .outOfMemory,
            .badTarHeader(offset: 512), .cutShort, .noName, .twice("a"), .fileAndFolder("a"), .escapes("../a"),
            .notPlain("a", what: .link), .notPlain("a", what: .device), .notPlain("a", what: .fifo),
            .notPlain("a", what: .tarEntry("S")), .tooManyEntries, .fileTooLarge("a", bytes: 1), .fileUnpacksTooLarge("a"),
            .unpacksTooLarge, .cannotWriteFile("a", reason: "r"), .exportFileTooLarge("a", bytes: 1),
            .cannotRead("a", reason: "r"), .pathTooLong("a"),
        ]
        let lock: [PackLock.Problem] = [.unreadable("x"), .tooLarge(bytes: 9), .newerVersion(2)]
        let git: [GitSource.Problem] = [.gitMissing, .noMatch(ref: "v2", tags: []), .noMatch(ref: "v2", tags: ["v1"])]
        let files: [FilesProblem] = [.copy(.unreadable(path: "a", reason: "r")), .copy(.cannotWrite(path: "a", reason: "r")),
                                     .hash(.badName(path: "a"))]
        let said = archive.map { Invocation.text($0, words) } + lock.map { Invocation.text($0, words) }
            + git.map { Invocation.text($0, words) } + files.map { Invocation.text($0, words) }
        for text in said { XCTAssertFalse(text.contains("⟦"), text) }
        XCTAssertEqual(Invocation.text(.archiveTooLarge(bytes: 70_000_000), words), "das Archiv hat 70000000 Bytes; höchstens 64 MiB")
    }

    func testRefusalsSpeakTheChosenLanguage() throws {
        let home = TemporaryDirectory().write(["trackers/noalc.yaml": "extends: core/noalc\n", "core/pack.yaml": "name: X\n"])
        let haven = HavenRun(home: home.path, now: "2026-03-05 21:00", environment: ["HAVEN_TEST_STRICT_WORDS": "1"],
                             directory: home.path)
        let lock = home.path + "/packs.lock"
        let cases: [(arguments: [String], status: Int32, english: String, german: String)] = [
            (["pack", "install", "nowhere"], 66, "no such file or folder: nowhere",
             "keine solche Datei und kein solcher Ordner: nowhere"),
            (["pack", "install", "core", "--yes"], 65,
             "a pack may not be named 'core': that name is Haven's own; install it with --as NAME",
             "ein Pack darf nicht 'core' heißen: der Name gehört Haven selbst; installiere es mit --as NAME"),
            (["pack", "remove", "calm"], 65, "no pack 'calm' is installed; 'haven pack list' lists them",
             "es ist kein Pack 'calm' installiert; 'haven pack list' zeigt die installierten"),
            (["pack", "update", "calm"], 65,
             "'calm' is not in \(lock); only packs installed with 'haven pack install' can be updated",
             "'calm' steht nicht in \(lock); nur mit 'haven pack install' installierte Packs lassen sich aktualisieren"),
            (["pack", "rollback", "calm"], 65,
             "'calm' has no earlier version to go back to; 'haven pack update calm' keeps one",
             "'calm' hat keine frühere Version, zu der es zurückgehen könnte; 'haven pack update calm' behält eine"),
            (["pack", "export", "--name", "Calm"], 65,
             "'Calm' is not a valid pack name; choose another --name with lower-case letters, digits and '-', starting "
                + "with a letter",
             "'Calm' ist kein gültiger Pack-Name; wähle ein anderes --name mit Kleinbuchstaben, Ziffern und '-', "
                + "beginnend mit einem Buchstaben"),
            (["pack", "export", "--name", "calm", "--version", "one"], 65,
             "'one' is not a version; give one like --version 1.0.0",
             "'one' ist keine Version; gib eine an wie --version 1.0.0"),
            (["pack", "install", "core", "--ref", "v1", "--as", "mine"], 65,
             "--ref is for git repositories, and core is a plain folder; install it without --ref",
             "--ref ist für git-Repositories, und core ist ein einfacher Ordner; installiere es ohne --ref"),
        ]
        for (arguments, status, english, german) in cases {
            haven.expect(arguments, stdout: "", stderr: "haven: error: \(english)\n", status: status)
            haven.expect(["--lang", "de"] + arguments, stdout: "", stderr: "haven: Fehler: \(german)\n", status: status)
        }
    }
}
