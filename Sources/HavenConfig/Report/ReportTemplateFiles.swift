import Foundation
import HavenCore

/// The report's templates as read from the packs' `report/` folders, in
/// order (the core pack's first; a later pack's file of the same name
/// replaces it), each checked against `ReportTemplateRules`, and none
/// including itself, directly or through others. The template engine
/// (HavenReport) parses what this gives.
public struct ReportTemplateFiles: Sendable {
    /// The templates the report is made of; `report` is the page.
    public static let names = ["report", "style", "overview", "tracker", "heatmap", "score", "streaks", "bars", "when"]

    /// Each template's text and where it came from, as shown.
    public let texts: [String: (text: String, shown: String)]

    /// Loads `folders` in order (each an absolute path and how to show it);
    /// the first must hold every template.
    public init(folders: [(path: String, shown: String)]) throws(ReportTemplateError) {
        var texts: [String: (text: String, shown: String)] = [:]
        for (index, folder) in folders.enumerated() {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for file in files.sorted() where file.hasSuffix(".mustache") {
                let name = String(file.dropLast(".mustache".count))
                let shown = folder.shown + "/" + file
                guard Self.names.contains(name) else { throw .unknown(file: shown, names: Self.names) }
                guard let data = FileManager.default.contents(atPath: folder.path + "/" + file),
                      let text = String(data: data, encoding: .utf8) else {
                    throw .unreadable(file: shown)
                }
                if let problem = ReportTemplateRules.problem(in: text) {
                    let (line, column) = Self.position(of: problem.offset, in: text)
                    throw .unsafe(file: shown, line: line, column: column, problem: problem.message)
                }
                texts[name] = (text, shown)
            }
            if index == 0, let missing = Self.names.first(where: { texts[$0] == nil }) {
                throw .missing(name: missing + ".mustache", folder: folder.shown)
            }
        }
        try Self.refuseCycles(texts)
        self.texts = texts
    }

    /// A template that includes itself, through any chain, would render
    /// without end: the first such chain, in name order, is refused.
    static func refuseCycles(_ texts: [String: (text: String, shown: String)]) throws(ReportTemplateError) {
        let edges = texts.mapValues { ReportTemplateRules.partials(of: $0.text).filter { texts[$0] != nil } }
        var done: Set<String> = []
        func visit(_ name: String, _ path: [String]) -> [String]? {
            if let start = path.firstIndex(of: name) { return Array(path[start...]) + [name] }
            guard !done.contains(name) else { return nil }
            for next in edges[name] ?? [] {
                if let cycle = visit(next, path + [name]) { return cycle }
            }
            done.insert(name)
            return nil
        }
        for name in texts.keys.sorted() {
            if let cycle = visit(name, []) {
                throw .includesItself(file: texts[cycle[0]]?.shown ?? cycle[0], chain: cycle)
            }
        }
    }

    /// 1-based line and column (in characters) of a byte offset.
    static func position(of offset: Int, in text: String) -> (Int, Int) {
        let before = text.utf8.prefix(offset)
        let line = before.reduce(1) { $0 + ($1 == 10 ? 1 : 0) }
        let lineStart = before.lastIndex(of: 10).map { before.index(after: $0) } ?? before.startIndex
        return (line, String(decoding: before[lineStart...], as: UTF8.self).count + 1)
    }
}

/// Why the report's templates cannot be used.
public enum ReportTemplateError: Error, Equatable, Sendable {
    case unknown(file: String, names: [String])
    case unreadable(file: String)
    case missing(name: String, folder: String)
    case unsafe(file: String, line: Int, column: Int, problem: String)
    case includesItself(file: String, chain: [String])
    case syntax(file: String, line: Int, column: Int, problem: String)

    /// The problem as `haven validate` lists problems of files.
    public var diagnostic: Diagnostic {
        switch self {
        case .unknown(let file, _), .unreadable(let file), .includesItself(let file, _):
            Diagnostic(file: file, line: 0, column: 1, message: String(message.dropFirst(file.count + 1)))
        case .missing(_, let folder):
            Diagnostic(file: folder, line: 0, column: 1, message: message)
        case .syntax(let file, let line, let column, _), .unsafe(let file, let line, let column, _):
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
        case .unsafe(let file, let line, let column, let problem):
            "\(file):\(line):\(column): \(problem)"
        case .includesItself(let file, let chain):
            "\(file) includes itself (\(chain.joined(separator: " → "))): a template may not include itself, "
                + "directly or through others; remove the {{> \(chain[chain.count - 1])}} that closes the circle"
        case .syntax(let file, let line, let column, let problem):
            "\(file):\(line):\(column): the report template does not parse (\(problem)); check its {{ }} tags: "
                + "every {{#section}} needs its {{/section}}"
        }
    }
}
