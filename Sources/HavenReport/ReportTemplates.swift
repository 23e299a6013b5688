import Foundation
import HavenConfig
import HavenCore
import HavenPresentation
import Mustache

/// The report's templates (mustache, which escapes every value for HTML
/// and where no template may ask otherwise): the core pack's `report/`
/// folder, where a later pack's file of the same name replaces the
/// core's. Every template is checked and parsed before anything is rendered.
public struct ReportTemplates: Sendable {
    /// The templates the report is made of; `report` is the page.
    public static var names: [String] { ReportTemplateFiles.names }

    private let library: MustacheLibrary
    /// Where each template came from, as shown.
    public let sources: [String: String]

    /// Loads `folders` in order (each an absolute path and how to show it);
    /// the first must hold every template. Each is checked by
    /// `ReportTemplateFiles` (what a report may hold) and then parsed.
    public init(folders: [(path: String, shown: String)]) throws(ReportTemplateError) {
        let texts = try ReportTemplateFiles(folders: folders).texts
        var library = MustacheLibrary()
        var sources: [String: String] = [:]
        for (name, entry) in texts {
            do {
                library.register(try MustacheTemplate(string: entry.text), named: name)
            } catch let error as MustacheTemplate.ParserError {
                throw .syntax(file: entry.shown, line: error.context.lineNumber, column: error.context.columnNumber,
                              problem: String(describing: error.error))
            } catch {
                throw .syntax(file: entry.shown, line: 1, column: 1, problem: String(describing: error))
            }
            sources[name] = entry.shown
        }
        self.library = library
        self.sources = sources
    }

    /// The whole page.
    public func render(_ model: ReportModel) -> String {
        library.render(model, withTemplate: "report") ?? ""
    }
}
