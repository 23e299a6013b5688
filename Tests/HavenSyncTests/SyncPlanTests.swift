import HavenSync
import XCTest

/// The sync plan by table: positions here and on the server, and the spans
/// pushed and pulled.
final class SyncPlanTests: XCTestCase {
    private func span(_ device: String, _ after: Int64, _ through: Int64) -> SyncPlan.Span {
        SyncPlan.Span(device: device, after: after, through: through)
    }

    func testPlansByTable() {
        let cases: [(name: String, here: [String: Int64], server: [String: Int64], push: [SyncPlan.Span],
                     pull: [SyncPlan.Span])] = [
            ("both empty", [:], [:], [], []),
            ("in step", ["a": 5, "b": 3], ["a": 5, "b": 3], [], []),
            ("a new device's history", ["a": 40], [:], [span("a", 0, 40)], []),
            ("this device's tail", ["a": 12], ["a": 10], [span("a", 10, 12)], []),
            ("another device's records", ["a": 10], ["a": 10, "b": 7], [], [span("b", 0, 7)]),
            ("a tail each way", ["a": 12, "b": 3], ["a": 10, "b": 7], [span("a", 10, 12)], [span("b", 3, 7)]),
            ("a wiped server is refilled with every stream", ["a": 12, "b": 7, "c": 1], [:],
             [span("a", 0, 12), span("b", 0, 7), span("c", 0, 1)], []),
            ("a server ahead of a restored backup", ["a": 4], ["a": 9], [], [span("a", 4, 9)]),
            ("streams in device order", ["c": 2, "a": 1], ["b": 3, "d": 1],
             [span("a", 0, 1), span("c", 0, 2)], [span("b", 0, 3), span("d", 0, 1)]),
        ]
        for (name, here, server, push, pull) in cases {
            let plan = SyncPlan(here: here, server: server)
            XCTAssertEqual(plan.push, push, name)
            XCTAssertEqual(plan.pull, pull, name)
            XCTAssertEqual(plan.isEmpty, push.isEmpty && pull.isEmpty, name)
        }
    }
}
