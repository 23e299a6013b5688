import Foundation
import HavenCore
import TestSupport
import XCTest

/// `haven export json` and `haven import haven` (SPEC §9): a home's history
/// out and back in, whole, idempotent, and never half-written.
final class HistoryTransferTests: TransferTestCase {
    /// A history with every kind of record: entries with notes, a freeze,
    /// a mode switch (an epoch and an archived streak).
    private func makeHistory() {
        for day in ["01", "02", "03", "05", "08"] {
            XCTAssertEqual(haven(["log", "noalc", "steady", "--at", "2026-03-\(day) 20:00"]).status, 0)
            XCTAssertEqual(haven(["log", "water", "+3", "--at", "2026-03-\(day) 09:00", "--note", "day \(day)"]).status, 0)
            XCTAssertEqual(haven(["log", "gym", "--at", "2026-03-\(day) 18:00"]).status, 0)
        }
        XCTAssertEqual(haven(["skip", "gym", "2026-03-09"]).status, 0)
        XCTAssertEqual(haven(["mode", "noalc", "avoidance", "--yes"]).status, 0)
    }

    func testExportThenImportIntoAnotherHomeGivesTheSameStatusAndHistory() throws {
        makeHistory()
        let exported = haven(["export", "json", "--out", "history.jsonl"])
        XCTAssertEqual(exported.stdout, "Wrote 15 entries and the rest of your history to history.jsonl; 'haven import "
            + "haven history.jsonl' reads it back.\n", exported.stderr)
        let text = try String(contentsOfFile: folder.path + "/history.jsonl", encoding: .utf8)
        XCTAssertEqual(text.split(separator: "\n").first, "{\"format\":\"haven-history\",\"version\":2}")
        XCTAssertEqual(haven(["export", "json"]).stdout, text, "standard output gets the same lines")

        // Another machine, weeks later, with the same tracker files.
        let other = TemporaryDirectory()
        try FileManager.default.copyItem(atPath: home.path + "/trackers", toPath: other.path + "/trackers")
        let later = "2026-04-20 21:00"
        let before = haven(["status", "--json"], in: other, now: later)
        let dry = haven(["import", "haven", "history.jsonl", "--dry-run"], in: other, now: later)
        XCTAssertEqual(dry.stdout, "Would import 15 entries on 5 days, 1 freeze, 3 trackers' states, 3 mode and freeze "
            + "records from history.jsonl. Nothing was written.\n", dry.stderr)
        XCTAssertEqual(haven(["status", "--json"], in: other, now: later).stdout, before.stdout)
        XCTAssertEqual(haven(["import", "haven", "history.jsonl"], in: other, now: later).stdout,
                       "Imported 15 entries on 5 days, 1 freeze, 3 trackers' states, 3 mode and freeze records from "
                        + "history.jsonl.\n")
        XCTAssertEqual(haven(["status", "--json"], in: other, now: later).stdout,
                       haven(["status", "--json"], now: later).stdout)
        for id in ["noalc", "water", "gym"] {
            XCTAssertEqual(haven(["history", id, "--json"], in: other, now: later).stdout,
                           haven(["history", id, "--json"], now: later).stdout, id)
            XCTAssertEqual(haven(["streak", id, "--json"], in: other, now: later).stdout,
                           haven(["streak", id, "--json"], now: later).stdout, id)
        }
        // The same UUIDs; the source says where they came from.
        let entries = haven(["entries", "water", "--days", "3650", "--json"], in: other, now: later).stdout
        XCTAssertTrue(entries.contains("\"source\": \"import:haven\""), entries)
        let uuids = { (text: String) in text.split(separator: "\"").filter { $0.count == 36 && $0.contains("-7") } }
        XCTAssertEqual(Set(uuids(entries)), Set(uuids(haven(["entries", "water", "--days", "3650", "--json"], now: later).stdout)))
        // A second import adds nothing.
        let again = haven(["import", "haven", "history.jsonl", "--json"], in: other, now: later)
        XCTAssertTrue(again.stdout.hasPrefix("{\n  \"entries\": 0,\n  \"already_there\": 15,"), again.stdout)
    }

    /// §9's promise: an export read back into an empty home gives the same
    /// `status --json`, its trackers made from the files it carries (and
    /// none of the first run's defaults, which this home had deleted).
    func testExportThenImportIntoAnEmptyHomeGivesTheSameStatus() throws {
        makeHistory()
        XCTAssertEqual(haven(["export", "json", "--out", "history.jsonl"]).status, 0)
        let empty = TemporaryDirectory()
        let imported = haven(["import", "haven", "history.jsonl"], in: empty)
        XCTAssertEqual(imported.stdout, "Imported 15 entries on 5 days, 1 freeze, 3 trackers' states, 3 mode and freeze "
            + "records from history.jsonl; made 3 trackers (gym, noalc, water) from the files it carries.\n",
                       imported.stderr)
        for now in ["2026-03-10 21:00", "2026-04-20 08:00"] {
            XCTAssertEqual(haven(["status", "--json"], in: empty, now: now).stdout, haven(["status", "--json"], now: now).stdout,
                           now)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: empty.path + "/trackers").sorted(),
                       ["gym.yaml", "noalc.yaml", "water.yaml"])
    }

    func testAMalformedLineIsRefusedWithItsNumberAndNothingIsWritten() throws {
        makeHistory()
        XCTAssertEqual(haven(["export", "json", "--out", "good.jsonl"]).status, 0)
        let lines = try String(contentsOfFile: folder.path + "/good.jsonl", encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let entry = try XCTUnwrap(lines.firstIndex { $0.contains("\"kind\":\"entry\"") })
        let broken: [(String, [String], String)] = [
            ("not-json", Array(lines[..<entry]) + ["{\"kind\": \"entry\","], "line \(entry + 1): this line is not a JSON object"),
            ("bad-uuid", lines.enumerated().map { $0.offset == entry ? $0.element.replacingOccurrences(
                of: "\"uuid\":\"", with: "\"uuid\":\"x") : $0.element },
             "line \(entry + 1): 'uuid' must be a UUID like 0190f3a2-b4c5-7fff-bfff-000000000001"),
            ("no-day", lines.enumerated().map { $0.offset == entry ? $0.element.replacingOccurrences(
                of: "\"day\":\"2026-03-01\",", with: "") : $0.element }, "line \(entry + 1): 'day' is missing"),
            ("bad-day", lines.enumerated().map { $0.offset == entry ? $0.element.replacingOccurrences(
                of: "\"day\":\"2026-03-01\"", with: "\"day\":\"2026-02-30\"") : $0.element },
             "line \(entry + 1): 'day' must be a day like 2026-03-01"),
            ("kind", lines + ["{\"kind\":\"habit\"}"], "line \(lines.count + 1): unknown kind 'habit'; a line is an entry, "
                + "freeze, freeze_change, tracker, mode_epoch or archived_streak"),
            ("header", ["{\"format\":\"loop\"}"] + lines.dropFirst(), "line 1: this is not a file 'haven export json' "
                + "wrote (its first line names the format haven-history)"),
            ("newer", ["{\"format\":\"haven-history\",\"version\":9}"] + lines.dropFirst(), "line 1: this file was written "
                + "by a newer Haven (version 9); update Haven to read it"),
        ]
        let other = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])
        haven(["status"], in: other)
        let database = other.path + "/haven.db"
        let before = SQLite.dump(database)
        for (name, text, problem) in broken {
            folder.write(["\(name).jsonl": text.joined(separator: "\n") + "\n"])
            let result = haven(["import", "haven", "\(name).jsonl"], in: other)
            XCTAssertEqual(result.status, 65, name)
            XCTAssertEqual(result.stderr, "haven: error: \(name).jsonl:\(problem.dropFirst(5)); nothing was imported\n", name)
            XCTAssertEqual(SQLite.dump(database), before, name)
        }
        XCTAssertEqual(haven(["import", "haven", "missing.jsonl"], in: other).stderr,
                       "haven: error: no such file or folder: missing.jsonl\n")
    }

    func testEntriesOfTrackersTheHomeDoesNotDefineAreKeptAndNamed() throws {
        makeHistory()
        XCTAssertEqual(haven(["export", "json", "--out", "all.jsonl"]).status, 0)
        // A file without the tracker files it would carry (as an older Haven wrote it).
        let text = try String(contentsOfFile: folder.path + "/all.jsonl", encoding: .utf8)
        folder.write(["bare.jsonl": text.split(separator: "\n").filter { !$0.contains("\"kind\":\"definition\"") }
            .joined(separator: "\n") + "\n"])
        let other = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])
        XCTAssertEqual(haven(["import", "haven", "bare.jsonl"], in: other).stdout,
                       "Imported 15 entries on 5 days, 1 freeze, 2 trackers' states, 3 mode and freeze records from "
                        + "bare.jsonl. No tracker file defines gym, noalc: add one with that id to see their history.\n")
        // The whole file makes the trackers the home lacks; water keeps its own file.
        let third = TemporaryDirectory().write(["trackers/water.yaml": "# mine\nextends: core/water\n"])
        XCTAssertEqual(haven(["import", "haven", "all.jsonl"], in: third).stdout,
                       "Imported 15 entries on 5 days, 1 freeze, 2 trackers' states, 3 mode and freeze records from "
                        + "all.jsonl; made 2 trackers (gym, noalc) from the files it carries.\n")
        XCTAssertEqual(try String(contentsOfFile: third.path + "/trackers/water.yaml", encoding: .utf8),
                       "# mine\nextends: core/water\n")
        XCTAssertEqual(try String(contentsOfFile: third.path + "/trackers/gym.yaml", encoding: .utf8),
                       try String(contentsOfFile: home.path + "/trackers/gym.yaml", encoding: .utf8))
        XCTAssertEqual(haven(["export", "json", "--out", "all.jsonl"], in: other).stderr,
                       "haven: error: all.jsonl already exists; give another name, or move it away\n")
    }

    func testCSVIsOneRFC4180TableInRealUnits() throws {
        makeHistory()
        XCTAssertEqual(haven(["log", "water", "+2", "--note", "with \"lemon\", cold"]).status, 0)
        let csv = haven(["export", "csv", "water", "noalc", "--from", "2026-03-08"])
        XCTAssertEqual(csv.status, 0, csv.stderr)
        // UUIDs are new each run: each row's first field, checked and then set aside.
        let rows = csv.stdout.components(separatedBy: "\r\n")
        XCTAssertEqual(rows.last, "", "every row ends in CR LF")
        for row in rows.dropFirst().dropLast() {
            XCTAssertNotNil(UUID7.milliseconds(of: String(row.prefix(36))), row)
        }
        XCTAssertEqual(rows.dropLast().map { $0.hasPrefix("uuid,") ? $0 : "UUID" + $0.dropFirst(36) }, [
            "uuid,tracker,day,time,zone,value,level,unit,note,trigger,source",
            "UUID,noalc,2026-03-08,2026-03-08T20:00:00Z,GMT,,steady,,,,cli",
            "UUID,water,2026-03-08,2026-03-08T09:00:00Z,GMT,3,,glasses,day 08,,cli",
            "UUID,water,2026-03-10,2026-03-10T21:00:00Z,GMT,2,,glasses,\"with \"\"lemon\"\", cold\",,cli",
        ])
        XCTAssertEqual(haven(["export", "csv", "--from", "March"]).stderr,
                       "haven: error: --from takes a day like 2026-03-01, today, yesterday or -3d, not 'March'\n")
    }

    func testHealthExportGivesEachEntrysHealthValueWithItsType() throws {
        // Counted in glasses for the health tool: one glass is one (the preset's `per: 250` is for mL).
        home.write(["trackers/water.yaml": "extends: core/water\nhealth: { type: HKQuantityTypeIdentifierDietaryWater, "
                        + "unit: glass, per: 1 }\n",
                    "trackers/gym.yaml": "name: Gym\n"])
        let now = "2026-03-05 21:00"
        for arguments in [["noalc", "wild", "--at", "2026-03-04 20:00"], ["noalc", "steady"], ["water", "+2"], ["gym"]] {
            XCTAssertEqual(haven(["log"] + arguments, now: now).status, 0)
        }
        let rows = haven(["export", "health"], now: now).stdout.components(separatedBy: "\r\n")
        XCTAssertEqual(rows.map { $0.count > 36 && $0.dropFirst(36).hasPrefix(",") ? "UUID" + $0.dropFirst(36) : $0 }, [
            "uuid,tracker,day,time,type,unit,value",
            "UUID,noalc,2026-03-04,2026-03-04T20:00:00Z,HKQuantityTypeIdentifierNumberOfAlcoholicBeverages,count,6",
            "UUID,noalc,2026-03-05,2026-03-05T21:00:00Z,HKQuantityTypeIdentifierNumberOfAlcoholicBeverages,count,0",
            "UUID,water,2026-03-05,2026-03-05T21:00:00Z,HKQuantityTypeIdentifierDietaryWater,glass,2",
            "",
        ], "a tracker without a health mapping (gym) is left out")
    }

    func testFilesWithWindowsLineEndsReadLikeAnyOther() throws {
        // CR LF is one Character in Swift: a reader that splits on "\n" alone sees one long line.
        folder.write(["harsh/habits": harshHabits.replacingOccurrences(of: "\n", with: "\r\n"),
                      "harsh/log": harshLog.replacingOccurrences(of: "\n", with: "\r\n")])
        XCTAssertEqual(haven(["import", "harsh", "harsh", "--dry-run"], now: "2026-03-07 21:00").stdout,
                       "Would import 7 entries on 5 days and 1 freeze from harsh; would make 4 trackers (gym-2, pullups, "
                        + "called-mom, coffee). 'Gym' is gym-2: a tracker of yours has the id it would have had. Nothing "
                        + "was written.\n")
        makeHistory()
        XCTAssertEqual(haven(["export", "json", "--out", "unix.jsonl"]).status, 0)
        let text = try String(contentsOfFile: folder.path + "/unix.jsonl", encoding: .utf8)
        folder.write(["windows.jsonl": text.replacingOccurrences(of: "\n", with: "\r\n")])
        let other = TemporaryDirectory().write(["trackers/water.yaml": "extends: core/water\n"])
        XCTAssertTrue(haven(["import", "haven", "windows.jsonl"], in: other).stdout.hasPrefix("Imported 15 entries"))
    }
}
