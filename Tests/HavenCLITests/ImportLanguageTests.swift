import Foundation
@testable import HavenCLI
import HavenImport
import HavenCore
import HavenPresentation
import HavenSync
import TestSupport
import XCTest

/// What an import could not read, and what stopped a sync, in English and
/// German (`--lang de`), each message whole; every phrase has its
/// translation (strict words show an untranslated one as ⟦phrase⟧).
final class ImportLanguageTests: XCTestCase {
    func testEveryImportProblemIsSaidInGerman() {
        let problems: [ImportProblem] = [
            .tooLarge(bytes: 2), .unreadable("Permission denied"), .cannotUnpack("bad header"), .harshHabitLine,
            .harshHabitTwice(name: "Gym"), .harshFrequency("often"), .harshEndDate("soon"), .harshLogLine, .harshUnknownHabit("Swim"),
            .harshResult("maybe"), .harshAmount("lots"), .loopCSVHeader, .loopCSVHabit, .loopCSVDay, .loopCSVValue("X"),
            .quotedFieldOpen, .notLoop(.notSQLite), .notLoop(.noTables), .notLoop(.noHabitsColumn("name")),
            .notLoop(.noRepetitionsColumn("notes")), .loopRecord(table: "Habits", id: 1, column: "name", holds: .nothing),
            .loopRecord(table: "Habits", id: 1, column: "name", holds: .text("x")),
            .loopRecord(table: "Habits", id: 1, column: "name", holds: .binary(bytes: 3)), .loopOrphan(repetition: 1, habit: 2),
            .notHavenHistory, .newerHistory(version: 2), .emptyHistory, .notJSONObject, .levelAndNumber, .unknownKind("x"),
            .keyMissing("uuid"), .healthFolder, .healthEmpty, .notZip, .noExportXML, .damaged, .notAppleHealth("x"),
            .truncated("x"), .recordWithout(attribute: "endDate"), .badTime(attribute: "startDate", value: "x"),
            .noHealthType(nil), .noHealthType("HKQuantityTypeIdentifierStepCount"),
        ] + [HistoryFile.Expected.text, .wholeNumber, .positiveNumber, .day, .trackerID, .uuid, .mode].map {
            .keyType("tracker", $0)
        }
        let words = Words(language: "de", strict: true)
        for problem in problems {
            let message = Invocation.message(ImportError(file: "f", line: 2, problem), words: words)
            XCTAssertFalse(message.contains("⟦"), message)
        }
    }

    func testEverySyncProblemIsSaidInGerman() {
        let problems: [SyncError] = [
            .badKey, .undecryptable(id: "r"), .unreadable(id: "r"), .badURL("x"), .notSetUp, .keyNeeded,
            .unreachable(url: "u", reason: "r"), .loggedOut(url: "u", message: "m"), .refused(status: 400, message: "m"),
            .badAnswer(url: "u", status: 502), .gap(device: "d", expected: 3), .settingsUnreadable(path: "p", reason: "r"),
            .cannotWriteSettings(path: "p", reason: "r"), .cannotSeal("r"), .stopped("r"),
            .loginUnreachable(url: "u", reason: "r"), .unknownEntry(4),
            .notAConflict(entry: 4, tracker: "water", day: Day(year: 2026, month: 3, day: 1)!),
        ]
        let words = Words(language: "de", strict: true)
        for problem in problems {
            let message = Invocation.message(problem, words: words)
            XCTAssertFalse(message.contains("⟦"), message)
        }
        XCTAssertEqual(Invocation.message(.gap(device: "d", expected: 3), words: words),
                       "der Server hat die Datensätze von Gerät d bis 2; führe 'haven sync' noch einmal aus")
    }

    func testRefusalsSpeakTheChosenLanguage() throws {
        let home = TemporaryDirectory().write([
            "trackers/water.yaml": "extends: core/water\n", "harsh/habits": "Gym 3/7\n", "harsh/log": "",
            "history.jsonl": "{\"format\":\"haven-history\",\"version\":1}\n{\"kind\":\"mood\"}\n",
            "loop.db": "not a database",
        ])
        let haven = HavenRun(home: home.path, now: "2026-03-05 21:00", environment: ["HAVEN_TEST_STRICT_WORDS": "1"],
                             directory: home.path)
        let cases: [(arguments: [String], status: Int32, english: String, german: String)] = [
            (["import", "haven", "nowhere.jsonl"], 66, "no such file or folder: nowhere.jsonl",
             "keine solche Datei und kein solcher Ordner: nowhere.jsonl"),
            (["import", "harsh", "harsh"], 65,
             "harsh/habits:1: a habit is written 'Name: frequency', like 'Gym: 3/7'; nothing was imported",
             "harsh/habits:1: eine Gewohnheit wird 'Name: Häufigkeit' geschrieben, etwa 'Gym: 3/7'; es wurde nichts "
                + "importiert"),
            (["import", "haven", "history.jsonl"], 65,
             "history.jsonl:2: unknown kind 'mood'; a line is an entry, freeze, freeze_change, tracker, mode_epoch or "
                + "archived_streak; nothing was imported",
             "history.jsonl:2: unbekannte Art 'mood'; eine Zeile ist entry, freeze, freeze_change, tracker, mode_epoch "
                + "oder archived_streak; es wurde nichts importiert"),
            (["import", "loop", "loop.db"], 65,
             "loop.db is not a Loop Habit Tracker backup: it is not an SQLite database; nothing was imported",
             "loop.db ist keine Sicherung von Loop Habit Tracker: sie ist keine SQLite-Datenbank; es wurde nichts "
                + "importiert"),
            (["sync"], 64,
             "this home does not sync yet; run 'haven sync login URL --account NAME' (add --new to make the account)",
             "dieses Zuhause synchronisiert noch nicht; führe 'haven sync login URL --account NAME' aus (mit --new legst "
                + "du das Konto an)"),
            (["import", "apple-health", "export.zip", "--ml-per-unit", "0"], 65,
             "--ml-per-unit takes the millilitres of one unit, like --ml-per-unit 250",
             "--ml-per-unit nimmt die Milliliter einer Einheit, etwa --ml-per-unit 250"),
        ]
        for (arguments, status, english, german) in cases {
            haven.expect(arguments, stdout: "", stderr: "haven: error: \(english)\n", status: status)
            haven.expect(["--lang", "de"] + arguments, stdout: "", stderr: "haven: Fehler: \(german)\n", status: status)
        }
    }
}
