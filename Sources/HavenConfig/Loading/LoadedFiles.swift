import HavenCore
import HavenSystem
import YAML

/// Every file of the loaded packs, parsed on first use and kept: a command
/// that needs two presets does not parse twenty.
final class LoadedFiles {
    struct Item {
        var pack: Int
        /// nil for pack.yaml.
        var folder: CatalogLoader.Folder?
        var id: String
        /// The file's number in the decode context.
        var file: Int
        var document: YAMLDocument?
    }

    private(set) var items: [Item] = []
    private let context: DecodeContext
    private let limits: YAMLLimits
    private(set) var parsedCount = 0

    init(_ locations: [PackLocation], context: DecodeContext, limits: YAMLLimits) {
        self.context = context
        self.limits = limits
        for (index, location) in locations.enumerated() {
            for found in CatalogLoader.files(of: location, context: context) {
                items.append(Item(pack: index, folder: found.folder, id: found.id, file: context.add(found.source)))
            }
        }
    }

    /// Parses the files at `indices` that are not parsed yet (in parallel when many).
    func parse(_ indices: [Int]) {
        let todo = indices.filter { items[$0].document == nil }
        guard !todo.isEmpty else { return }
        let paths = todo.map { context.sources[items[$0].file].absolute }
        let results = CatalogLoader.parseAll(paths, files: todo.map { items[$0].file }, limits: limits)
        for (k, index) in todo.enumerated() {
            let file = items[index].file
            context.setText(String(decoding: results[k].bytes, as: UTF8.self), of: file)
            for problem in results[k].document.errors { context.error(problem, file: file) }
            items[index].document = results[k].document
            parsedCount += 1
        }
    }

    /// Whether a file might set `id:`, judged from its bytes without parsing:
    /// "id" followed by a colon (quotes and spaces allowed between), or any
    /// escape or alias, which could spell the key another way. Unreadable
    /// files count too, so that their problem is reported.
    func mayDeclareID(_ index: Int) -> Bool {
        guard case .bytes(let bytes) = FileReader.contents(context.sources[items[index].file].absolute,
                                                           limit: limits.maxBytes) else { return true }
        var i = 0
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\\"), UInt8(ascii: "*"):
                return true
            case UInt8(ascii: "i") where i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "d"):
                var j = i + 2
                if j < bytes.count, bytes[j] == UInt8(ascii: "\"") || bytes[j] == UInt8(ascii: "'") { j += 1 }
                while j < bytes.count, bytes[j] == 0x20 || (0x09...0x0D).contains(bytes[j]) { j += 1 }
                if j < bytes.count, bytes[j] == UInt8(ascii: ":") { return true }
            default:
                break
            }
            i += 1
        }
        return false
    }

    /// The root of a file that parsed cleanly (an empty file is an empty
    /// mapping); nil after reporting its problems.
    func root(_ index: Int) -> Node? {
        parse([index])
        guard let document = items[index].document, document.errors.isEmpty else { return nil }
        return document.root
            ?? Node(.mapping([]), mark: Mark(line: 1, column: 1), end: Mark(line: 1, column: 2), file: items[index].file)
    }

    /// The indices of files in `folder` (nil: the manifests).
    func indices(in folder: CatalogLoader.Folder?) -> [Int] {
        items.indices.filter { items[$0].folder == folder }
    }

    /// `pack/id` → index for the files of a folder.
    func index(of folder: CatalogLoader.Folder, packs: [PackLocation]) -> [String: Int] {
        var result: [String: Int] = [:]
        for i in indices(in: folder) { result["\(packs[items[i].pack].id)/\(items[i].id)"] = i }
        return result
    }
}
