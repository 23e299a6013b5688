import Foundation
@testable import HavenCLI
import HavenCore
import HavenPresentation
import HavenRuntime
import TestSupport
import XCTest

/// German throughout the daily loop (#13, item 11), and a language Haven
/// does not speak said once.
final class GermanTests: XCTestCase {
    func testTheDailyCommandsSpeakGerman() {
        let home = TemporaryDirectory().write([
            "trackers/stretching.yaml": "name: { en: Stretching, de: Dehnen }\nsince: 2026-03-08\nrewards: core/joker\n"
                + "freezes: { start: 2, max: 3 }\n",
        ])
        func haven(_ arguments: String...) -> HavenProcess.Result {
            HavenRun(home: home.path, now: "2026-03-10 20:00").run(arguments + ["--lang", "de"])
        }
        _ = haven("log", "stretching", "--at", "2026-03-08 09:00")
        XCTAssertEqual(haven("skip", "stretching", "2026-03-09", "--note", "Reise").stdout,
                       "Eingefroren für stretching: 2026-03-09.\n")
        XCTAssertEqual(haven("streak", "stretching").stdout, """
            Dehnen: heute offen (offen)
            Serie 2 Tage · längste 2
            Joker: 0 verfügbar, 0 verdient, 0 eingesetzt
            Freezes: 1 verfügbar
            Gewohnheitsstärke: 5 %
            Gewohnheitsstärke, letzte 3 Tage: ▁▁▁
            heute noch offen: ein Eintrag heute hält die Serie

            """)
        XCTAssertEqual(haven("history", "stretching", "--from", "2026-03-08").stdout, """
            2026-03-08   Erfolg        Serie 1   Joker 0
            2026-03-09   eingefroren   Serie 2   Joker 0   Reise
            2026-03-10   offen         Serie 2   Joker 0

            """)
        XCTAssertEqual(haven("rewards").stdout, "Dehnen   0 Joker verfügbar   0 von 0 verdienten eingesetzt   einer alle 7, "
            + "höchstens 3\n")
        XCTAssertEqual(haven("entries", "stretching", "--days", "1").stdout, "Heute keine Einträge für stretching.\n")
        XCTAssertEqual(haven("unskip", "stretching", "2026-03-09").stdout,
                       "Aufgetaut für stretching: 2026-03-09. 1 Freeze zurückgegeben.\n")
        _ = haven("log", "stretching")
        XCTAssertEqual(haven("entries", "stretching", "--days", "1").stdout, "#2   2026-03-10 20:00   Tag 2026-03-10   ✓\n")
        XCTAssertEqual(haven("undo").stdout, "Eintrag 2 rückgängig gemacht: stretching 2026-03-10 20:00  Tag 2026-03-10  ✓\n")
    }

    /// Every error a value, a time, a note, an id or an entry number can
    /// meet on the daily loop has its German; a phrase without one would
    /// show as ⟦phrase⟧ here.
    func testEveryErrorOfTheDailyLoopIsGerman() {
        let words = Words(language: "de", strict: true)
        let values: [BadValue] = [
            .checkTakesNone(tracker: "stretching", text: "3"), .count(tracker: "water", text: "abc"),
            .amount(tracker: "run", text: nil, unit: LocalizedText(translations: ["en": "km"])),
            .amount(tracker: "run", text: "-1", unit: nil), .levelMissing(tracker: "noalc", keys: ["steady", "wild"]),
            .nothingToChange(entry: 4), .noLevels(tracker: "water", isCheck: false),
            .noLevelForHealth(tracker: "noalc", value: 2.5, ranges: ["steady 0–3"], firstLevel: "steady"),
            .noLevelForHealth(tracker: "noalc", value: 2.5, ranges: [], firstLevel: "steady"),
            .textTooLong(field: .note, limit: 1000, characters: 1001, bytes: 1001),
            .textTooLong(field: .trigger, limit: 200, characters: 201, bytes: 201),
            .textControl(field: .note), .textControl(field: .trigger), .textBidi(field: .note, code: "202E"),
            .textBidi(field: .trigger, code: "202E"), .unreadableTime("tomorrow"),
            .futureTime("2027-01-01 10:00", now: "2026-11-23 21:00"), .ancientTime("1900-01-01 10:00"),
            .reversedRange(from: Day(year: 2026, month: 3, day: 9)!, to: Day(year: 2026, month: 3, day: 1)!),
            .rangeAfterToday(from: Day(year: 2027, month: 1, day: 1)!, today: Day(year: 2026, month: 11, day: 23)!, tracker: "water"),
        ]
        let errors: [RuntimeError] = values.map { .badValue($0) } + [
            .unknownTracker("wter", suggestion: "water"), .unknownTracker("zz", suggestion: nil),
            .unknownTracker("water", suggestion: nil, preset: "core/water"), .skippedTracker("run", file: "run.yaml"),
            .unknownPreset("core/wter", suggestion: "core/water"), .unknownPreset("core/zz", suggestion: nil),
            .unknownLevel(tracker: "noalc", key: "wld", valid: ["steady", "wild"], suggestion: "wild"),
            .unknownLevel(tracker: "noalc", key: "1", valid: ["steady", "wild"], suggestion: nil),
            .unknownEntry(99), .nothingToUndo, .freezeBeforeStart(tracker: "water", day: Day(year: 2026, month: 1, day: 1)!,
                                                                  start: Day(year: 2026, month: 3, day: 1)!),
            .noFreezesLeft(tracker: "water", available: 1, asked: 3), .refused(file: "hooks.lua", message: "zu spät"),
            .database(.busy(path: "/h/haven.sqlite")), .badValue(.noFreezeBalance(tracker: "water")),
            .badValue(.freezeGrant(0)),
        ] + ([
            .namedTwice("water"), .modesAreForSaboteurs("water"), .fileDoesNotAdjust(path: "t/noalc.yaml", pack: "core", id: "noalc"),
            .notATrackerID("Water"), .idTaken(id: "water", file: "water.yaml"), .fileExists("t/water.yaml"),
            .coreTracker("water"), .disabledNotAList("pack.yaml"), .days(0),
            .rangeBackwards(from: Day(year: 2026, month: 3, day: 9)!, to: Day(year: 2026, month: 3, day: 1)!),
            .freezeTooLong(from: Day(year: 2025, month: 3, day: 1)!, to: Day(year: 2026, month: 3, day: 9)!), .healthNotANumber,
        ] as [Rejection]).map { .rejected($0) }
        for error in errors {
            let message = Invocation.cliError(error, words: words).message
            XCTAssertFalse(message.contains("⟦"), message)
        }
        XCTAssertEqual(Invocation.cliError(.badValue(values[2]), words: words).message,
                       "'run' braucht eine Menge in km; zum Beispiel: haven log run 10")
        XCTAssertEqual(Invocation.cliError(.noFreezesLeft(tracker: "water", available: 1, asked: 3), words: words).message,
                       "'water' hat noch 1 Freeze und braucht hierfür 3; 'haven freeze grant water N' gibt mehr")
        XCTAssertEqual(Invocation.cliError(.badValue(values[9]), words: Words(language: "en")).message,
                       "a note may hold at most 1000 characters and 4000 bytes, and this one has 1001 characters in "
                        + "1001 bytes; shorten it")
    }

    /// The commands of the daily loop through the binary, every phrase German
    /// (`HAVEN_TEST_STRICT_WORDS` marks a missing one), with the whole text.
    func testTheDailyLoopsMessagesAndErrorsSpeakGerman() {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\nsince: 2026-03-02\n",
                                               "trackers/noalc.yaml": "extends: core/noalc\nsince: 2026-03-02\n"])
        let archived = "Deine Serie im Modus Achtsamkeit wird archiviert: jetzt 0 Tage, am längsten 0 Tage (2026-03-02 "
            + "bis 2026-03-09); die Serie im Modus Verzicht beginnt heute."
        let expected: [([String], String)] = [
            (["--lang", "de", "water", "+3", "--at", "2026-03-09 10:00"],
             "Wasser trinken: eingetragen für 2026-03-09 · heute 0/8 Gläser · Serie 0\n"),
            (["wat", "abc"], "haven: Fehler: eine Anzahl ist eine ganze Zahl von 1 bis 1000000, nicht 'abc'; zum Beispiel: "
                + "haven log water +1\n"),
            (["log", "water", "1", "2"], "haven: Fehler: log nimmt einen Wert, nicht 2 (1 2); setz eine Notiz in "
                + "Anführungszeichen: --note \"...\"\n"),
            (["log", "water", "--at", "morgen"], "haven: Fehler: kann die Zeit 'morgen' nicht lesen; schreib sie als "
                + "\"JJJJ-MM-TT HH:MM\", HH:MM (heute), gestern, \"gestern 22:00\", -2h oder -1d, zum Beispiel --at "
                + "\"2026-03-01 21:30\"\n"),
            (["log", "water", "--at", "2026-03-11 10:00"], "haven: Fehler: --at 2026-03-11 10:00 liegt in der Zukunft; "
                + "Haven trägt ein, was schon geschehen ist (jetzt ist 2026-03-10 20:00)\n"),
            (["log", "water", "--note", "a\u{202E}b"], "haven: Fehler: eine Notiz darf das bidirektionale Steuerzeichen "
                + "U+202E nicht enthalten, es ordnet den Text um sich herum um; lass es weg\n"),
            (["log", "noalc", "wld"], "haven: Fehler: 'noalc' hat keine Stufe 'wld' (meintest du 'wild'?); seine Stufen "
                + "sind steady, easy, wild; zum Beispiel: haven log noalc wild\n"),
            (["log", "wter"], "haven: Fehler: kein Tracker 'wter'; meintest du 'water'? 'haven trackers' listet sie auf\n"),
            (["wter", "1"], "haven: Fehler: kein Befehl und kein Tracker 'wter'; meintest du 'water'? ('help' listet die "
                + "Befehle)\n"),
            (["skip", "water", "2026-03-01"], "haven: Fehler: 'water' begann am 2026-03-02, am 2026-03-01 gibt es also "
                + "nichts einzufrieren; setze Tage ab dem 2026-03-02 aus, zum Beispiel: haven skip water 2026-03-02\n"),
            (["skip", "water", "vorgestern"], "haven: Fehler: kann 'vorgestern' nicht lesen; schreib einen Tag als JJJJ-MM-TT, "
                + "heute, gestern oder -3d, oder einen Zeitraum als 2026-08-01..2026-08-14\n"),
            (["history", "water", "--from", "2026-03-09", "--to", "2026-03-02"],
             "haven: Fehler: --from 2026-03-09 liegt nach --to 2026-03-02; nenn den früheren Tag zuerst\n"),
            (["delete", "99"], "haven: Fehler: kein Eintrag 99; 'haven entries ID' listet die Einträge mit ihren Nummern\n"),
            (["edit", "1", "--note", "nach dem Sport"],
             "Eintrag 1 ist jetzt: 2026-03-09 10:00  Tag 2026-03-09  3  nach dem Sport\n"),
            (["edit", "1"], "haven: Fehler: sag, was sich ändern soll: ein Wert, --at, --note oder --trigger; zum Beispiel: "
                + "haven edit 1 --note \"nach dem Essen\"\n"),
            (["stats", "water", "--by", "weekday"], """
                Wasser trinken, 2026-03-02 bis 2026-03-10 (9 Tage)
                Einträge 1 · insgesamt 3 Gläser · 0,3 Gläser pro Tag
                0 von 8 Tagen erfüllt (0 %) · Serie 0 Tage · beste 0 Tage
                Gewohnheitsstärke 2 % jetzt · – vor 30 Tagen · – vor 365 Tagen

                Wochentag   Tage   Einträge   gesamt   pro Tag   erfüllt
                Mo          2      1          3        1,5       0/2 (0 %)
                Di          2      0          0        0         0/1 (0 %)
                Mi          1      0          0        0         0/1 (0 %)
                Do          1      0          0        0         0/1 (0 %)
                Fr          1      0          0        0         0/1 (0 %)
                Sa          1      0          0        0         0/1 (0 %)
                So          1      0          0        0         0/1 (0 %)

                """),
            (["streaks"], "NoAlc            Serie 0   längste 0\nWasser trinken   Serie 0   längste 0\n"),
            (["freezes", "water"], "Keine Freezes für water.\n"),
            (["mode", "noalc", "avoidance"], "haven: Fehler: \(archived) Füg --yes an, um fortzufahren: haven mode noalc "
                + "avoidance --yes\n"),
            (["mode", "noalc", "avoidance", "--yes"], "\(archived)\nNoAlc ist jetzt im Modus Verzicht · Serie 1.\n"),
            (["undo"], "Eintrag 1 rückgängig gemacht: water 2026-03-09 10:00  Tag 2026-03-09  3  nach dem Sport\n"),
            (["undo"], "haven: Fehler: nichts rückgängig zu machen: noch keine Einträge\n"),
        ]
        for (arguments, text) in expected {
            let result = HavenRun(home: home.path, now: "2026-03-10 20:00", environment: ["LANG": "de_DE.UTF-8", "HAVEN_TEST_STRICT_WORDS": "1"]).run(arguments)
            XCTAssertEqual(result.stdout + result.stderr, text, arguments.joined(separator: " "))
        }
    }

    func testALanguageHavenDoesNotSpeakIsSaidOnce() {
        let home = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])
        let result = HavenProcess.run(["--lang", "fr"], environment: ["HAVEN_HOME": home.path, "TZ": "UTC"],
                                      input: "status\nstatus\n")
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stderr, "haven: warning: Haven does not speak 'fr' yet, so it answers in English (it speaks "
            + "en and de); names a pack gives in that language are still used\n")
        XCTAssertEqual(HavenProcess.run(["status"], environment: ["HAVEN_HOME": home.path, "LANG": "fr_FR.UTF-8"]).stderr, "",
                       "only an explicit --lang is answered")
    }
}
