import Foundation
import TestSupport
import XCTest

/// The evening check-in on the desktop (SPEC §11): a summary naming the
/// open trackers and one actionable notification per open tracker,
/// grouped under it; each answer logs and closes its own, and the summary
/// closes when none is left.
final class CheckinNotificationTests: NotificationBusTestCase {
    override var trackerFiles: [String: String] {
        [
            "pack.yaml": "checkin: { at: \"20:30\" }\n",
            "trackers/water.yaml": "extends: core/water\n",
            "trackers/stretching.yaml": "extends: core/stretching\nreminder: { at: \"18:00\" }\n",
            "trackers/noalc.yaml": "extends: core/noalc\n",
            "trackers/doomscrolling.yaml": "extends: core/doomscrolling\n",
        ]
    }

    func testEachOpenTrackerIsAskedInItsOwnNotificationAndTheSummaryClosesWithTheLast() throws {
        XCTAssertEqual(HavenProcess.run(["log", "water", "8"], environment: environment).status, 0)
        XCTAssertEqual(remind("21:00"), """
            [
              {
                "kind": "checkin",
                "day": "2026-03-10",
                "trackers": [
                  "noalc",
                  "doomscrolling",
                  "stretching"
                ]
              }
            ]

            """)
        try waitFor { self.notifications().count == 4 }
        let sent = Dictionary(uniqueKeysWithValues: notifications().map { ($0.summary, $0) })
        XCTAssertEqual(sent.keys.sorted(), ["Evening check-in", "🍷 NoAlc", "📱 Doomscrolling", "🤸 Stretching"])
        let summary = sent["Evening check-in"]!
        XCTAssertEqual(summary.body, "Still open: NoAlc, Doomscrolling, Stretching. Answer each one here, or with: haven checkin")
        XCTAssertEqual(summary.actions, ["later=Later"])
        XCTAssertEqual(sent["🍷 NoAlc"]?.body, "Evening check-in · not logged yet today")
        XCTAssertEqual(sent["🍷 NoAlc"]?.actions, ["level:steady=Steady", "level:easy=Easy", "level:wild=Wild"])
        XCTAssertEqual(sent["📱 Doomscrolling"]?.actions, ["noticed=Noticed"])
        XCTAssertEqual(sent["🤸 Stretching"]?.actions, ["done=Done"])
        XCTAssertEqual(Set(sent.values.map(\.category)), ["x-haven.checkin"])
        XCTAssertEqual(remind("21:05"), "[]\n", "once a day")

        try waitUntilShown(4)
        answer(sent["🍷 NoAlc"]!.id, "level:easy")
        try waitFor { self.state("noalc") == "acted" }
        XCTAssertEqual(entries("noalc").map { $0["value"] as? String }, ["easy"])
        XCTAssertEqual(entries("noalc").map { $0["source"] as? String }, ["notification"])
        answer(sent["📱 Doomscrolling"]!.id)
        try waitFor { self.state("doomscrolling") == "dismissed" }
        XCTAssertEqual(state("@checkin"), "open", "Stretching is still asked")
        // Logged from the terminal: its notification and then the summary close.
        XCTAssertEqual(HavenProcess.run(["log", "stretching"], environment: at("21:10")).status, 0)
        try waitFor { self.closed().contains(summary.id) }
        XCTAssertEqual(closed().filter { [sent["🤸 Stretching"]!.id, summary.id].contains($0) }.count, 2)
        XCTAssertEqual([state("stretching", slot: "checkin"), state("@checkin")], ["closed", "closed"])
    }

    func testTheCheckInTakesTheOpenReminderNotificationsPlaceAndSpeaksGerman() throws {
        XCTAssertEqual(HavenProcess.run(["remind"], environment: at("18:30")).status, 0)
        try waitFor { self.notifications().count == 1 }
        let reminder = notifications()[0]
        try waitUntilShown(1)
        let run = HavenProcess.run(["remind", "--lang", "de"], environment: at("21:00"))
        XCTAssertEqual(run.status, 0, run.stderr)
        try waitFor { self.notifications().count == 6 && self.closed() == [reminder.id] }
        XCTAssertEqual(state("stretching", slot: "18:00"), "replaced")
        let sent = Dictionary(uniqueKeysWithValues: notifications().dropFirst().map { ($0.summary, $0) })
        XCTAssertEqual(sent["Abend-Check-in"]?.body, "Noch offen: NoAlc, Doomscrolling, Dehnen, Wasser trinken. "
            + "Beantworte jeden hier oder mit: haven checkin")
        XCTAssertEqual(sent["🤸 Dehnen"]?.body, "Abend-Check-in · heute offen")
        XCTAssertEqual(sent["🤸 Dehnen"]?.actions, ["done=Erledigt"])
    }
}
