import ArgumentParser
import HavenCore
import HavenRuntime
import HavenPresentation

struct TrackersCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "trackers", abstract: "List the trackers in your order: id (with its icon on a terminal), name, type, input, pack "
            + "and file; archived ones last.")

    @OptionGroup var global: GlobalOptions

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        // Your order (pinned first, then `order`/`move`), the archived ones after them.
        let ordered = session.orderedTrackers() + session.runtime.trackers.filter(\.archived)
        TrackersCommand.print(ordered, console: invocation.console, json: global.json)
    }

    static func print(_ ordered: [TrackerDefinition], console: Console, json: Bool) {
        let language = console.language
        let words = console.words
        if json {
            console.out(Value.array(ordered.map { t in
                .object([("id", .string(t.id)), ("name", .string(t.name.resolve(language))),
                         ("icon", .string(t.icon)), ("type", .string(t.type.rawValue)),
                         ("input", .string(t.input.rawValue)), ("pack", .string(t.origin.pack)),
                         ("file", .string(t.origin.file)), ("archived", .bool(t.archived))])
            }).json(pretty: true))
            return
        }
        if ordered.isEmpty {
            console.out(words("No trackers yet. Add one with a YAML file in your trackers folder, e.g. 'extends: core/water'."))
            return
        }
        let rows = ordered.map { t in
            [(console.color ? t.icon + " " : "") + t.id, t.name.resolve(language) + (t.archived ? " " + words("(archived)") : ""),
             // Types and inputs are the files' own words: written as a file holds them.
             t.type.rawValue, t.input.rawValue, t.origin.pack, t.origin.file]
        }
        let header = ["id", "name", "type", "input", "pack", "file"].map { words($0) }
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
