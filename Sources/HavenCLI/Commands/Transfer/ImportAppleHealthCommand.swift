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
        invocation.console.out(text(result, invocation.console.words))
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

    private func text(_ result: HealthImport, _ w: Words) -> String {
        let n = w.grouped
        func count(_ value: Int, _ one: String, _ many: String) -> String { w.count(value, one, many, grouped: true) }
        var first = w(dryRun ? "Would import {} on {}{} from {}" : "Imported {} on {}{} from {}",
                      count(result.entries, "entry", "entries"), count(result.days, "day", "days"), "", file)
        if result.replaced > 0 { first += w(", replacing {} imported before", count(result.replaced, "day", "days")) }
        first += result.alreadyThere > 0 ? "; " + w(result.alreadyThere == 1 ? "{} entry was already here."
                                                    : "{} entries were already here.", n(result.alreadyThere)) : "."
        var lines = [first]
        for target in result.targets where target.records > 0 {
            lines.append("  " + w("{}: {} from {} of {}", target.tracker, count(target.entries, "entry", "entries"),
                                  count(target.records, "record", "records"), target.type))
        }
        if !result.skipped.isEmpty {
            lines.append(w("Not imported: {}.", count(result.skipped.reduce(0) { $0 + $1.count }, "record", "records")))
            for (skip, number) in result.skipped.prefix(12) {
                lines.append("  \(n(number)) " + ImportAppleHealthCommand.words(skip, w))
            }
            if result.skipped.count > 12 {
                lines.append("  " + w("… and {} more reasons ('--json' lists them all)", result.skipped.count - 12))
            }
        }
        if sources.isEmpty, result.sources.count > 1 {
            lines.append(w("Sources: {}; '--source NAME' reads only those you name.",
                           result.sources.map { "\($0.name) (\(n($0.count)))" }.joined(separator: ", ")))
        }
        if dryRun { lines.append(w("Nothing was written.")) }
        return lines.joined(separator: "\n")
    }

    private static func words(_ skip: HealthImport.Skip, _ w: Words) -> String {
        let presets = ["HKQuantityTypeIdentifierNumberOfAlcoholicBeverages": "core/noalc",
                       "HKCategoryTypeIdentifierMindfulSession": "core/meditation",
                       "HKQuantityTypeIdentifierDietaryWater": "core/water"]
        switch skip {
        case .otherType(let type): return w("{}: a type Haven does not read", type)
        case .noTracker(let type):
            return w("{}: no tracker takes it; 'haven add {}' makes one, then import again", type,
                     presets[type] ?? "core/noalc")
        case .severalTrackers(let type, let trackers):
            return w("{}: {} all take it; choose one with --tracker", type, trackers.joined(separator: ", "))
        case .notAsked(let type): return w("{}: not the type --tracker takes", type)
        case .otherSource(let source): return w("from '{}': not a --source you named", source)
        case .unreadable(let type, let value): return w("{}: '{}' is not an amount Haven reads", type, value.prefix(30))
        case .noLevel(let tracker, let value):
            return w("for {}: a day's sum of {} is in no level's health_range", tracker, w.number(value))
        case .nothing(let type): return w("{}: nothing to log (a zero, or a session without length)", type)
        }
    }
}
