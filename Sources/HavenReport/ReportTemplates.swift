import Foundation
import HavenCore
import HavenPresentation
import Mustache

/// The report's templates (mustache, which escapes every value for HTML
/// unless a template asks otherwise with `{{{ }}}`): the core pack's
/// `report/` folder, where a later pack's file of the same name replaces
/// the core's. Every template is parsed before anything is rendered.
public struct ReportTemplates: Sendable {
    /// The templates the report is made of; `report` is the page.
    public static let names = ["report", "style", "overview", "tracker", "heatmap", "score", "streaks", "bars"]

    private let library: MustacheLibrary
    /// Where each template came from, as shown.
    public let sources: [String: String]

    /// Loads `folders` in order (each an absolute path and how to show it);
    /// the first must hold every template.
    public init(folders: [(path: String, shown: String)]) throws(ReportTemplateError) {
        var texts: [String: (text: String, shown: String)] = [:]
        for (index, folder) in folders.enumerated() {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for file in files.sorted() where file.hasSuffix(".mustache") {
                let name = String(file.dropLast(".mustache".count))
                let shown = folder.shown + "/" + file
                guard ReportTemplates.names.contains(name) else {
                    throw .unknown(file: shown, names: ReportTemplates.names)
                }
                guard let data = FileManager.default.contents(atPath: folder.path + "/" + file),
                      let text = String(data: data, encoding: .utf8) else {
                    throw .unreadable(file: shown)
                }
                texts[name] = (text, shown)
            }
            if index == 0, let missing = ReportTemplates.names.first(where: { texts[$0] == nil }) {
                throw .missing(name: missing + ".mustache", folder: folder.shown)
            }
        }
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

/// Why the report's templates cannot be used.
public enum ReportTemplateError: Error, Equatable, Sendable {
    case unknown(file: String, names: [String])
    case unreadable(file: String)
    case missing(name: String, folder: String)
    case syntax(file: String, line: Int, column: Int, problem: String)

    /// The problem as `haven validate` lists problems of files.
    public var diagnostic: Diagnostic {
        switch self {
        case .unknown(let file, _), .unreadable(let file):
            Diagnostic(file: file, line: 0, column: 1, message: String(message.dropFirst(file.count + 1)))
        case .missing(_, let folder):
            Diagnostic(file: folder, line: 0, column: 1, message: message)
        case .syntax(let file, let line, let column, _):
            Diagnostic(file: file, line: line, column: column,
                       message: String(message.dropFirst("\(file):\(line):\(column): ".count)))
        }
    }

    public var message: String {
        switch self {
        case .unknown(let file, let names):
            "\(file) is not one of the report's templates; name it after one of "
                + names.map { $0 + ".mustache" }.joined(separator: ", ") + ", or move it out of report/"
        case .unreadable(let file):
            "\(file) cannot be read as UTF-8 text; save the report template as UTF-8"
        case .missing(let name, let folder):
            "the report template \(name) is missing from \(folder); reinstall Haven with 'make install'"
        case .syntax(let file, let line, let column, let problem):
            "\(file):\(line):\(column): the report template does not parse (\(problem)); check its {{ }} tags: "
                + "every {{#section}} needs its {{/section}}"
        }
    }
}
