import ArgumentParser
import Foundation
import HavenCore
import HavenPresentation
import HavenRuntime
import HavenSync

/// `haven sync [now]`: push the local tail, pull the others', apply them.
struct SyncNowCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "now", abstract: "Send and receive records now (what 'haven sync' does).",
        discussion: "Safe to run at any time and from a timer: a run cut short is simply run again.")

    @OptionGroup var global: GlobalOptions

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        // A test hook: the process dies between the push and the local commit.
        let stop: (() -> Void)? = invocation.environment["HAVEN_TEST_SYNC_KILL"] == "before-apply"
            ? { kill(getpid(), SIGKILL) } : nil
        let report = try session.sync.run(beforeApply: stop) { SyncBoard(session: session).json(applied: $0) }
        let console = invocation.console
        for problem in report.applied.skipped { console.err("haven: " + Invocation.message(problem, words: console.words)) }
        if global.json {
            return console.out(Value.object([
                ("pushed", .int(report.pushed)), ("pulled", .int(report.pulled)),
                ("applied", .int(report.applied.applied)), ("known", .int(report.applied.known)),
                ("board", .bool(report.board)),
                ("skipped", .array(report.applied.skipped.map { .string(Invocation.message($0, words: console.words)) })),
                ("devices", SyncStatusCommand.json(report.positions)),
            ]).json(pretty: true))
        }
        let url = try session.sync.settings()?.url ?? ""
        let w = console.words
        if report.pushed == 0 && report.pulled == 0 {
            return console.out(w("Up to date with {}.", url))
        }
        var parts = [w("sent {}", w.count(report.pushed, "record", "records"))]
        parts.append(w("received {}", report.pulled) + (report.applied.skipped.isEmpty ? ""
            : " " + w("({} kept unopened)", report.applied.skipped.count)))
        console.out(w("Synced with {}: {}.", url, parts.joined(separator: ", ")))
    }
}
