import ArgumentParser
import Foundation
import HavenQuick
import HavenRuntime
import HavenPresentation

struct BarCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "bar", abstract: "Today in one line for a status bar: waybar, i3blocks, polybar, tmux or plain.",
        discussion: """
            --watch keeps running and prints a new line whenever a log, a tracker file, the day or a due time changes it.
            waybar: "exec": "haven bar --format waybar --watch", "return-type": "json", "on-click": "haven pick"
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("Only these trackers.", valueName: "ID"))
    var ids: [String] = []

    @Option(help: ArgumentHelp("plain, waybar (JSON), i3blocks (JSON), polybar or tmux.", valueName: "FORMAT"))
    var format: BarText.Format = .plain

    @Flag(help: "Keep running: a new line at each change, nothing otherwise; ends when the bar stops reading.")
    var watch = false

    func run(_ invocation: Invocation) throws {
        let text = BarText(console: invocation.console)
        let only = ids.isEmpty ? nil : Set(ids)
        guard watch else {
            let session = try invocation.openSession()
            for id in ids { _ = try session.runtime.tracker(id) }
            Console.write(text.render(try Quick(session).glance(only: only), format), color: false, to: .standardOutput)
            return
        }
        try BarWatch(invocation: invocation, only: only, render: { text.render($0, format) }).run()
    }
}
