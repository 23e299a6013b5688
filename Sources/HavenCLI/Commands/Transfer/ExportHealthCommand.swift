import ArgumentParser
import Foundation
import HavenCore
import HavenImport
import HavenRuntime
import HavenPresentation

struct ExportHealthCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "health", abstract: "Each entry's health value with its HealthKit type and unit, as CSV.",
        discussion: "Columns: uuid, tracker, day, time, type, unit, value. Only trackers with a 'health:' mapping, "
            + "and a practice's minutes as its 'health:' says. Example: haven export health > health.csv")

    @OptionGroup var global: GlobalOptions

    func run(_ invocation: Invocation) throws {
        let rows = try invocation.openSession(scope: .practices).transfer.healthRows().map { row in
            let e = row.entry
            return [e.uuid, e.tracker, e.day.description, Moment.iso(e.instant, offset: e.offset), row.type, row.unit ?? "",
                    row.value.plainText]
        }
        ExportCSVCommand.write(["uuid", "tracker", "day", "time", "type", "unit", "value"], rows, json: global.json,
                               console: invocation.console)
    }
}
