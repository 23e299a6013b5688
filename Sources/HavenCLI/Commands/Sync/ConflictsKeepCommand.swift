import ArgumentParser
import HavenCore
import HavenPresentation
import HavenRuntime
import HavenSync

struct ConflictsKeepCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "keep", abstract: "Keep one entry of a conflicting day; its other levels are deleted.",
        discussion: "Example: haven conflicts keep 12")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The entry's number, as 'haven conflicts' shows it.", valueName: "ENTRY"))
    var entry: Int64

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        let removed = try session.sync.keep(entry)
        let console = invocation.console
        if global.json { return console.out(Value.array(removed.map(StatusValue.entry)).json(pretty: true)) }
        console.out(console.words("Kept entry {}; deleted {}. 'haven sync' takes the choice to your other devices.", entry,
                                  removed.map { "#\($0.id) \($0.value.level ?? "")" }.joined(separator: ", ")))
    }
}
