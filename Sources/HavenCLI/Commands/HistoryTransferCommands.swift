import ArgumentParser
import Foundation
import HavenCore
import HavenRuntime
import HavenPresentation

/// `haven export`: taking history out (SPEC §9).
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Take your history out: JSON Lines that 'haven import haven' reads back, or CSV.",
        subcommands: [ExportJSONCommand.self, ExportCSVCommand.self, ExportLoopCommand.self, ExportHealthCommand.self])
}

struct ExportJSONCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "json", abstract: "Every entry, freeze and tracker state as JSON Lines, re-importable.",
        discussion: "Example: haven export json --out haven-history.jsonl")

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("Write to FILE (made new, whole) instead of standard output.", valueName: "FILE"))
    var out: String?

    func run(_ invocation: Invocation) throws {
        let lines = try invocation.openSession().exportHistory()
        guard let out else {
            for line in lines { invocation.console.write(line) }
            return
        }
        let path = invocation.path(out)
        guard !FileManager.default.fileExists(atPath: path) else {
            throw CLIError(.cannotCreate, "\(out) already exists; give another --out, or move it away")
        }
        try invocation.writeWhole(lines.joined(), to: out)
        let entries = lines.filter { $0.hasPrefix("{") && $0.contains("\"kind\":\"entry\"") }.count
        invocation.console.out("Wrote \(entries) \(entries == 1 ? "entry" : "entries") and the rest of your history to "
            + "\(out); 'haven import haven \(out)' reads it back.")
    }
}

struct ExportCSVCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "csv", abstract: "Entries as one CSV table (RFC 4180, UTF-8) for spreadsheets and other tools.",
        discussion: "Columns: uuid, tracker, day, time, zone, value, level, unit, note, trigger, source. "
            + "Example: haven export csv water --from 2026-01-01 > water.csv")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The trackers to export; all when none.", valueName: "ID"))
    var ids: [String] = []

    @Option(help: ArgumentHelp("The first day to export.", valueName: "DAY"))
    var from: String?

    @Option(help: ArgumentHelp("The last day to export.", valueName: "DAY"))
    var to: String?

    func run(_ invocation: Invocation) throws {
        func day(_ text: String?, _ option: String) throws -> Day? {
            guard let text else { return nil }
            guard let day = Day(text) else {
                throw CLIError(.usage, "--\(option) takes a day like 2026-03-01, not '\(text)'")
            }
            return day
        }
        let rows = try invocation.openSession().entries(of: ids, from: try day(from, "from"), through: try day(to, "to"))
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

struct ExportHealthCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "health", abstract: "Each entry's health value with its HealthKit type and unit, as CSV.",
        discussion: "Columns: uuid, tracker, day, time, type, unit, value. Only trackers with a 'health:' mapping. "
            + "Example: haven export health > health.csv")

    @OptionGroup var global: GlobalOptions

    func run(_ invocation: Invocation) throws {
        let rows = try invocation.openSession().healthRows().map { row in
            let e = row.entry
            return [e.uuid, e.tracker, e.day.description, Moment.iso(e.instant, offset: e.offset), row.type, row.unit ?? "",
                    row.value.plainText]
        }
        ExportCSVCommand.write(["uuid", "tracker", "day", "time", "type", "unit", "value"], rows, json: global.json,
                               console: invocation.console)
    }
}

struct ExportLoopCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "loop", abstract: "A backup Loop Habit Tracker can restore (Settings, Import data).",
        discussion: "Example: haven export loop haven-for-loop.db")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The backup to make; it must not exist yet.", valueName: "FILE.db"))
    var file: String

    func run(_ invocation: Invocation) throws {
        let path = invocation.path(file)
        guard !FileManager.default.fileExists(atPath: path) else {
            throw CLIError(.cannotCreate, "\(file) already exists; give another name, or move it away")
        }
        let (habits, days) = try invocation.openSession().exportLoop(path, language: invocation.console.language)
        if global.json {
            return invocation.console.out(Value.object([("path", .string(path)), ("habits", .int(habits)),
                                                        ("repetitions", .int(days))]).json(pretty: true))
        }
        invocation.console.out("Wrote \(habits) \(habits == 1 ? "habit" : "habits") and \(days) \(days == 1 ? "day" : "days") "
            + "to \(file); in Loop, choose Settings, Import data, and pick it.")
    }
}

/// `haven import`: bringing history in (SPEC §9).
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Bring history in: from Apple Health, Loop Habit Tracker, harsh, or a file 'haven export json' wrote.",
        subcommands: [ImportAppleHealthCommand.self, ImportHavenCommand.self, ImportLoopCommand.self,
                      ImportHarshCommand.self])
}

struct ImportHavenCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "haven", abstract: "Read back a file 'haven export json' wrote; what is already here stays.",
        discussion: "Example: haven import haven haven-history.jsonl --dry-run")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The file 'haven export json' wrote.", valueName: "FILE"))
    var file: String

    @Flag(help: "Show what would be added; write nothing.")
    var dryRun = false

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        let path = invocation.path(file)
        let result = try session.importHistory(path, shown: file, dryRun: dryRun)
        invocation.cache?.runtime = nil
        if global.json {
            return invocation.console.out(Value.object([
                ("entries", .int(result.entries)), ("already_there", .int(result.alreadyThere)),
                ("days", .int(result.days)), ("freezes", .int(result.freezes)), ("trackers", .int(result.states)),
                ("other_records", .int(result.records)),
                ("undefined_trackers", .array(result.undefined.map(Value.string))), ("dry_run", .bool(dryRun)),
            ]).json(pretty: true))
        }
        var parts = [Plural.count(result.entries, "entry", "entries") + " on " + Plural.count(result.days, "day", "days")]
        if result.freezes > 0 { parts.append(Plural.count(result.freezes, "freeze", "freezes")) }
        if result.states > 0 { parts.append(Plural.count(result.states, "tracker's state", "trackers' states")) }
        if result.records > 0 { parts.append(Plural.count(result.records, "mode or freeze record", "mode and freeze records")) }
        var text = (dryRun ? "Would import " : "Imported ") + parts.joined(separator: ", ") + " from \(file)"
        text += result.alreadyThere > 0 ? "; \(Plural.count(result.alreadyThere, "entry was", "entries were")) already here." : "."
        if !result.undefined.isEmpty {
            text += " No tracker file defines " + result.undefined.joined(separator: ", ")
                + ": add one with that id to see \(result.undefined.count == 1 ? "its" : "their") history."
        }
        if dryRun { text += " Nothing was written." }
        invocation.console.out(text)
    }
}

struct ImportHarshCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "harsh", abstract: "Bring in harsh's habits and log: each habit a tracker, each day kept.",
        discussion: "Example: haven import harsh ~/.config/harsh --dry-run")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The folder holding harsh's 'habits' and 'log' files.", valueName: "DIR"))
    var folder: String

    @Flag(help: "Show what would be added; write nothing.")
    var dryRun = false

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        let path = invocation.path(folder)
        let result = try session.importHarsh(path, shown: folder, dryRun: dryRun)
        invocation.cache?.runtime = nil
        ImportReport.say(result, from: "harsh", json: global.json, dryRun: dryRun, console: invocation.console)
    }

}

/// The summary of an import from another app, for people or scripts.
enum ImportReport {
    static func say(_ result: TrackerImport, from app: String, json: Bool, dryRun: Bool, console: Console) {
        if json {
            return console.out(Value.object([
                ("habits", .array(result.habits.map { .object([("name", .string($0.name)), ("tracker", .string($0.tracker)),
                                                               ("created", .bool($0.created))]) })),
                ("entries", .int(result.entries)), ("already_there", .int(result.alreadyThere)),
                ("days", .int(result.days)), ("freezes", .int(result.freezes)), ("dry_run", .bool(dryRun)),
            ]).json(pretty: true))
        }
        let made = result.habits.filter(\.created).map(\.tracker)
        var text = (dryRun ? "Would import " : "Imported ") + Plural.count(result.entries, "entry", "entries") + " on "
            + Plural.count(result.days, "day", "days")
        if result.freezes > 0 { text += " and " + Plural.count(result.freezes, "freeze", "freezes") }
        text += " from \(app)"
        text += made.isEmpty ? " into its trackers" : "; " + (dryRun ? "would make " : "made ")
            + Plural.count(made.count, "tracker", "trackers") + " (" + made.joined(separator: ", ") + ")"
        text += result.alreadyThere > 0 ? "; \(Plural.count(result.alreadyThere, "entry was", "entries were")) already here." : "."
        for (name, tracker) in result.renamed {
            text += " '\(name)' is \(tracker): a tracker of yours has the id it would have had."
        }
        if dryRun { text += " Nothing was written." }
        console.out(text)
    }
}

struct ImportLoopCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "loop", abstract: "Bring in a Loop Habit Tracker backup (.db): each habit a tracker, each day kept.",
        discussion: "Example: haven import loop Loop-Habits-Backup.db --dry-run")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The backup Loop made (Settings, Export full backup).", valueName: "FILE"))
    var file: String

    @Flag(help: "Show what would be added; write nothing.")
    var dryRun = false

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        let path = invocation.path(file)
        let result = try session.importLoop(path, shown: file, dryRun: dryRun)
        invocation.cache?.runtime = nil
        ImportReport.say(result, from: "Loop", json: global.json, dryRun: dryRun, console: invocation.console)
    }
}
