import ArgumentParser
import Foundation
import HavenCore
import HavenImport
import HavenRuntime
import HavenPresentation

struct ExportCSVCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "csv", abstract: "Entries as one CSV table (RFC 4180, UTF-8) for spreadsheets and other tools.",
        discussion: "Columns: uuid, tracker, day, time, zone, value, level, unit, note, trigger, source. "
            + "Example: haven export csv water --from 2026-01-01 > water.csv")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The trackers to export; all when none.", valueName: "ID"))
    var ids: [String] = []

    @Option(parsing: .unconditional, help: ArgumentHelp("The first day to export.", valueName: "DAY"))
    var from: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("The last day to export.", valueName: "DAY"))
    var to: String?

    func run(_ invocation: Invocation) throws {
        let today = try invocation.clock().today(boundary: .midnight)
        func day(_ text: String?, _ option: String) throws -> Day? {
            guard let text else { return nil }
            guard let day = RelativeInput.anyDay(text, today: today) else {
                throw CLIError(.usage, invocation.console.words("--{} takes a day like 2026-03-01, today, yesterday or -3d, "
                    + "not '{}'", option, text))
            }
            return day
        }
        let rows = try invocation.openSession().transfer.entries(of: ids, from: try day(from, "from"), through: try day(to, "to"))
        let header = ["uuid", "tracker", "day", "time", "zone", "value", "level", "unit", "note", "trigger", "source"]
        var table: [[String]] = []
        for (entry, unit) in rows {
            var value = "", level = ""
            switch entry.value {
            case .none: break
            case .level(let key): level = key
            case .number(let n): value = n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
            }
            table.append([entry.uuid, entry.tracker, entry.day.description, Moment.iso(entry.instant, offset: entry.offset),
                          entry.zone, value, level, unit ?? "", entry.note ?? "", entry.trigger ?? "", entry.source])
        }
        ExportCSVCommand.write(header, table, json: global.json, console: invocation.console)
    }

    /// The table as CSV, or with `--json` as an array of objects with the
    /// header's keys (empty fields null).
    static func write(_ header: [String], _ rows: [[String]], json: Bool, console: Console) {
        if json {
            return console.out(Value.array(rows.map { row in
                .object(zip(header, row).map { ($0, $1.isEmpty ? Value.null : .string($1)) })
            }).json(pretty: true))
        }
        console.file(([header] + rows).map { $0.map(field).joined(separator: ",") + "\r\n" }.joined())
    }

    /// A field as RFC 4180 writes it: quoted when it holds a comma, a quote
    /// or a line break, its quotes doubled.
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
