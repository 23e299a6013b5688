import Foundation
import TestSupport
import XCTest

/// Smart reminders against a fake notification server (SPEC §11): any
/// entry today silences a reminder unless it keeps asking `until: goal`,
/// each reminder time is its own notification, and `at_risk:` in the
/// home's pack.yaml reminds the running streaks that can still be lost.
final class SmartReminderTests: NotificationBusTestCase {
    override var trackerFiles: [String: String] {
        [
            "trackers/stretching.yaml": "extends: core/stretching\n"
                + "reminder: [{ at: \"12:00\" }, { at: \"20:00\", message: Evening stretch? }, { at: \"21:00\" }]\n",
        ]
    }

    func testAnEntryTodaySilencesAReminderAndUntilGoalKeepsAskingBelowTheGoal() throws {
        home.write(["trackers/water.yaml": "extends: core/water\nreminder: { at: \"09:00\" }\n",
                    "trackers/meditation.yaml": "extends: core/meditation\nreminder: { at: \"09:00\", until: goal }\n"])
        for (tracker, value) in [("water", "1"), ("meditation", "1"), ("stretching", "")] {
            let log = HavenProcess.run(["log", tracker] + (value.isEmpty ? [] : [value]), environment: at("08:00"))
            XCTAssertEqual(log.status, 0, log.stderr)
        }
        XCTAssertEqual(remind("21:00"), """
            [
              {
                "kind": "reminder",
                "day": "2026-03-10",
                "at": "09:00",
                "trackers": [
                  "meditation"
                ]
              }
            ]

            """)
        try waitFor { self.notifications().count == 1 }
        let shown = notifications()[0]
        XCTAssertEqual([shown.summary, shown.body], ["🧘 Meditation", "Time to check in · 1/2 min today"])
        XCTAssertEqual(shown.actions, ["add:2=+2", "later=Later"])
        try waitUntilShown(1)
        XCTAssertEqual(HavenProcess.run(["log", "meditation", "1"], environment: at("21:05")).status, 0)
        try waitFor { self.closed() == [shown.id] }
        XCTAssertEqual(state("meditation"), "closed")
    }

    func testEachReminderTimeComesAtItsTimeAndNoneAfterALog() throws {
        XCTAssertEqual(remind("11:59"), "[]\n")
        XCTAssertEqual(remind("12:00"), """
            [
              {
                "kind": "reminder",
                "day": "2026-03-10",
                "at": "12:00",
                "trackers": [
                  "stretching"
                ]
              }
            ]

            """)
        XCTAssertEqual(remind("19:59"), "[]\n")
        try waitUntilShown(1)
        XCTAssertTrue(remind("20:00").contains("\"at\": \"20:00\""))
        try waitFor { self.notifications().count == 2 }
        let (noon, evening) = (notifications()[0], notifications()[1])
        XCTAssertEqual([noon.summary, noon.body], ["🤸 Stretching", "Time to check in · open today"])
        XCTAssertEqual([evening.summary, evening.body], ["🤸 Stretching", "Evening stretch? · open today"])
        // The evening's notification takes the place of noon's, still open.
        try waitFor { self.closed() == [noon.id] }
        XCTAssertEqual(state("stretching", slot: "12:00"), "replaced")
        try waitUntilShown(2)
        XCTAssertEqual(HavenProcess.run(["log", "stretching"], environment: at("20:10")).status, 0)
        try waitFor { self.closed() == [noon.id, evening.id] }
        XCTAssertEqual(remind("21:00"), "[]\n", "logged today: the 21:00 reminder has nothing to ask")
        XCTAssertEqual(notifications().count, 2)
    }

    func testAtRiskRemindsOnceOnlyTheRunningStreaksThatCanStillBeLost() throws {
        home.write(["pack.yaml": "at_risk: { at: \"20:00\" }\n",
                    "trackers/stretching.yaml": "extends: core/stretching\n",
                    "trackers/reading.yaml": "extends: core/reading\n",
                    "trackers/walking.yaml": "extends: core/walking\n",
                    "trackers/noalc.yaml": "extends: core/noalc\n"])
        for (tracker, days) in [("noalc", ["07", "08", "09"]), ("reading", ["08", "09", "10"]), ("walking", ["09"]),
                                ("stretching", ["08", "09"])] {
            for day in days {
                let log = HavenProcess.run(["log", tracker] + (tracker == "noalc" ? ["steady"] : []),
                                           environment: at("2026-03-\(day) 19:00"))
                XCTAssertEqual(log.status, 0, log.stderr)
            }
        }
        XCTAssertEqual(remind("19:59"), "[]\n")
        // NoAlc (3 evenings) and Stretching (2 days) can still be lost today;
        // Reading is done, Walking's streak of 1 is not running yet.
        XCTAssertEqual(remind("20:00"), """
            [
              {
                "kind": "at_risk",
                "day": "2026-03-10",
                "at": "20:00",
                "trackers": [
                  "noalc"
                ]
              },
              {
                "kind": "at_risk",
                "day": "2026-03-10",
                "at": "20:00",
                "trackers": [
                  "stretching"
                ]
              }
            ]

            """)
        try waitFor { self.notifications().count == 2 }
        let sent = notifications().sorted { $0.summary < $1.summary }
        XCTAssertEqual(sent.map(\.summary), ["🍷 NoAlc", "🤸 Stretching"])
        XCTAssertEqual(sent.map(\.body), ["Streak 3 still open · not logged yet today", "Streak 2 still open · open today"])
        XCTAssertEqual(sent[0].actions, ["level:steady=Steady", "level:easy=Easy", "level:wild=Wild", "later=Later"])
        XCTAssertEqual(remind("22:00"), "[]\n", "once a day")
        try waitUntilShown(2)
        answer(sent[0].id, "level:steady")
        try waitFor { self.state("noalc") == "acted" }
        XCTAssertEqual(entries("noalc").last?["value"] as? String, "steady")
    }

    func testAnAnswerThatReachesAMilestoneCelebratesItInANotification() throws {
        for day in 4...9 {
            XCTAssertEqual(HavenProcess.run(["log", "stretching"], environment: at("2026-03-0\(day) 08:00")).status, 0)
        }
        XCTAssertTrue(remind("12:30").contains("\"at\": \"12:00\""))
        try waitFor { self.notifications().count == 1 }
        try waitUntilShown(1)
        answer(notifications()[0].id, "done")
        try waitFor { self.notifications().count == 2 }
        let celebration = notifications()[1]
        XCTAssertEqual([celebration.summary, celebration.body], ["🤸 Stretching", "🎉 Milestone: 7 days in a row."])
        XCTAssertEqual(celebration.actions, [])
        XCTAssertEqual(entries("stretching").last?["source"] as? String, "notification")
    }

    /// Markup in a name or a message is shown as written, and a message too
    /// long for the bus is cut rather than lost (#28, item 16).
    func testMarkupIsShownAsWrittenAndALongMessageIsCut() throws {
        let long = String(repeating: "ä", count: 100_000)
        home.write(["trackers/tea.yaml": "name: \"<b>Tea</b> & cake\"\nreminder: { at: \"09:00\", message: "
            + "\"<a href='http://x'>sip</a> & <img src=y>\" }\n",
                    "trackers/long.yaml": "name: Long\nreminder: { at: \"09:00\", message: \(long) }\n",
                    "trackers/stretching.yaml": "extends: core/stretching\n"])
        XCTAssertEqual(HavenProcess.run(["remind"], environment: at("10:00")).status, 0)
        try waitFor { self.notifications().count == 2 }
        let sent = Dictionary(uniqueKeysWithValues: notifications().map { ($0.summary, $0) })
        XCTAssertEqual(sent["🌱 <b>Tea</b> & cake"]?.body, "&lt;a href='http://x'&gt;sip&lt;/a&gt; &amp; &lt;img src=y&gt; · open today")
        let cut = try XCTUnwrap(sent["🌱 Long"]?.body)
        XCTAssertEqual(cut, String(repeating: "ä", count: 2046) + "…")
    }
}
