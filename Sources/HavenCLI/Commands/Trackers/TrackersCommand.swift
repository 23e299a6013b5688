import ArgumentParser
import HavenCore
import HavenRuntime
import HavenPresentation

struct TrackersCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "trackers", abstract: "List the live trackers: id (with its icon on a terminal), name, type, input, pack and file.")

    @OptionGroup var global: GlobalOptions

    func run(_ invocation: Invocation) throws {
        let runtime = try invocation.openRuntime()
        TrackersCommand.print(runtime.trackers, console: invocation.console, json: global.json)
    }

    static func print(_ trackers: [TrackerDefinition], console: Console, json: Bool) {
        let language = console.language
        // Pinned trackers stay on top (SPEC §2.2).
        let ordered = trackers.filter(\.pinned) + trackers.filter { !$0.pinned }
        if json {
            console.out(Value.array(ordered.map { t in
                .object([("id", .string(t.id)), ("name", .string(t.name.resolve(language))),
                         ("icon", .string(t.icon)), ("type", .string(t.type.rawValue)),
                         ("input", .string(t.input.rawValue)), ("pack", .string(t.origin.pack)),
                         ("file", .string(t.origin.file))])
            }).json(pretty: true))
            return
        }
        if ordered.isEmpty {
            console.out("No trackers yet. Add one with a YAML file in your trackers folder, e.g. 'extends: core/water'.")
            return
        }
        let rows = ordered.map { t in
            [(console.color ? t.icon + " " : "") + t.id, t.name.resolve(language), t.type.rawValue,
             t.input.rawValue, t.origin.pack, t.origin.file]
        }
        let header = ["id", "name", "type", "input", "pack", "file"]
        let widths = header.indices.map { column in
            ([header] + rows).map { Columns.width($0[column]) }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : Columns.pad(cell, to: widths[index])
            }.joined(separator: "  ")
        }
        console.out(console.styled(line(header), .bold))
        for row in rows { console.out(line(row)) }
    }
}
