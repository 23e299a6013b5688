import ArgumentParser
import Foundation
import HavenCore
import HavenImport
import HavenRuntime
import HavenPresentation

/// `haven import apple-health`: NoAlc, meditation and water history out of
/// Apple Health's export (SPEC §9).
struct ImportAppleHealthCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "apple-health",
        abstract: "Bring in Apple Health's export: drinks into NoAlc, mindful minutes, water.",
        discussion: "Each type goes to the tracker whose 'health:' type it is. "
            + "Example: haven import apple-health export.zip --source NoAlc --dry-run")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The export.zip Health made (or the export.xml inside it).", valueName: "FILE"))
    var file: String

    @Option(help: ArgumentHelp("Import only the type this tracker takes (and choose it when several trackers take one).",
                               valueName: "ID"))
    var tracker: String?

    @Option(name: .customLong("source"), parsing: .singleValue,
            help: ArgumentHelp("Read only records of this app or device (repeat for several); all when none.",
                               valueName: "NAME"))
    var sources: [String] = []

    @Option(help: ArgumentHelp("The millilitres of one unit of a water tracker (default its health per:, or 250).", valueName: "ML"))
    var mlPerUnit: Double?

    @Flag(help: "Show what would be added; write nothing.")
    var dryRun = false

    func run(_ invocation: Invocation) throws {
        if let mlPerUnit, !mlPerUnit.isFinite || mlPerUnit <= 0 {
            throw CLIError(.dataError, invocation.console.words("--ml-per-unit takes the millilitres of one unit, like "
                + "--ml-per-unit 250"))
        }
        let session = try invocation.openSession()
        let bar = ProgressBar("Reading \(file)")
        let importer = AppleHealthImporter(path: invocation.path(file), shown: file, tracker: tracker, sources: sources,
                                           mlPerUnit: mlPerUnit, progress: bar.update)
        let result = try session.transfer.run(importer, dryRun: dryRun).health
        bar.finish()
        invocation.cache?.runtime = nil
        if global.json { return invocation.console.out(json(result).json(pretty: true)) }
        invocation.console.out(text(result))
    }

    private func json(_ result: HealthImport) -> Value {
        .object([
            ("entries", .int(result.entries)), ("already_there", .int(result.alreadyThere)),
            ("replaced", .int(result.replaced)), ("days", .int(result.days)), ("dry_run", .bool(dryRun)),
            ("trackers", .array(result.targets.map {
                .object([("type", .string($0.type)), ("tracker", .string($0.tracker)), ("records", .int($0.records)),
                         ("entries", .int($0.entries))])
            })),
            ("skipped", .array(result.skipped.map { skip, count in
                let (reason, fields) = ImportAppleHealthCommand.reason(skip)
                return .object([("reason", .string(reason))] + fields + [("count", .int(count))])
            })),
            ("sources", .array(result.sources.map { .object([("name", .string($0.name)), ("count", .int($0.count))]) })),
        ])
    }

    private static func reason(_ skip: HealthImport.Skip) -> (String, [(String, Value)]) {
        switch skip {
        case .otherType(let type): return ("other_type", [("type", .string(type))])
        case .noTracker(let type): return ("no_tracker", [("type", .string(type))])
        case .severalTrackers(let type, let trackers):
            return ("several_trackers", [("type", .string(type)), ("trackers", .array(trackers.map(Value.string)))])
        case .notAsked(let type): return ("not_asked", [("type", .string(type))])
        case .otherSource(let source): return ("other_source", [("source", .string(source))])
        case .unreadable(let type, let value): return ("unreadable", [("type", .string(type)), ("value", .string(value))])
        case .noLevel(let tracker, let value): return ("no_level", [("tracker", .string(tracker)), ("sum", .double(value))])
        case .nothing(let type): return ("nothing", [("type", .string(type))])
        }
    }

    private func text(_ result: HealthImport) -> String {
        let n = ImportAppleHealthCommand.number
        func count(_ value: Int, _ one: String, _ many: String) -> String { Plural.count(value, one, many, digits: n(value)) }
        var lines = [(dryRun ? "Would import " : "Imported ") + count(result.entries, "entry", "entries") + " on "
            + count(result.days, "day", "days") + " from \(file)"
            + (result.replaced > 0 ? ", replacing \(count(result.replaced, "day", "days")) imported before" : "")
            + (result.alreadyThere > 0 ? "; \(count(result.alreadyThere, "entry was", "entries were")) already here." : ".")]
        for target in result.targets where target.records > 0 {
            lines.append("  \(target.tracker): \(count(target.entries, "entry", "entries")) from "
                + "\(count(target.records, "record", "records")) of \(target.type)")
        }
        if !result.skipped.isEmpty {
            lines.append("Not imported: \(count(result.skipped.reduce(0) { $0 + $1.count }, "record", "records")).")
            for (skip, number) in result.skipped.prefix(12) {
                lines.append("  \(n(number)) " + ImportAppleHealthCommand.words(skip))
            }
            if result.skipped.count > 12 {
                lines.append("  … and \(result.skipped.count - 12) more reasons ('--json' lists them all)")
            }
        }
        if sources.isEmpty, result.sources.count > 1 {
            lines.append("Sources: " + result.sources.map { "\($0.name) (\(n($0.count)))" }.joined(separator: ", ")
                + "; '--source NAME' reads only those you name.")
        }
        if dryRun { lines.append("Nothing was written.") }
        return lines.joined(separator: "\n")
    }

    private static func words(_ skip: HealthImport.Skip) -> String {
        let presets = ["HKQuantityTypeIdentifierNumberOfAlcoholicBeverages": "core/noalc",
                       "HKCategoryTypeIdentifierMindfulSession": "core/meditation",
                       "HKQuantityTypeIdentifierDietaryWater": "core/water"]
        switch skip {
        case .otherType(let type): return "\(type): a type Haven does not read"
        case .noTracker(let type):
            return "\(type): no tracker takes it; 'haven add \(presets[type] ?? "core/noalc")' makes one, then import again"
        case .severalTrackers(let type, let trackers):
            return "\(type): \(trackers.joined(separator: ", ")) all take it; choose one with --tracker"
        case .notAsked(let type): return "\(type): not the type --tracker takes"
        case .otherSource(let source): return "from '\(source)': not a --source you named"
        case .unreadable(let type, let value): return "\(type): '\(value.prefix(30))' is not an amount Haven reads"
        case .noLevel(let tracker, let value):
            return "for \(tracker): a day's sum of \(value.plainText) is in no level's health_range"
        case .nothing(let type): return "\(type): nothing to log (a zero, or a session without length)"
        }
    }

    /// 1234567 as 1,234,567.
    static func number(_ value: Int) -> String {
        let digits = String(abs(value))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return (value < 0 ? "-" : "") + text
    }
}
