import Dispatch
import HavenCore
import HavenSystem
import YAML

extension CatalogLoader {
    /// The files of one pack, with the folder each belongs to (nil for pack.yaml).
    static func files(of location: PackLocation, context: DecodeContext)
        -> [(folder: Folder?, id: String, source: SourceFile)] {
        func source(shown display: String, absolute: String) -> SourceFile {
            SourceFile(display: display, absolute: absolute, pack: location.id,
                       packRoot: location.root, packDisplay: location.display, text: "",
                       mayBePersonal: location.kind != .installed)
        }
        if let explicit = location.trackerFiles {
            return explicit.map { path in
                let name = path.split(separator: "/").last.map(String.init) ?? path
                let shown = String(path.dropFirst(location.root.count + 1))
                return (.trackers, baseName(name), source(shown: location.display(shown), absolute: path))
            }
        }
        var result: [(folder: Folder?, id: String, source: SourceFile)] = []
        if let problem = location.problem {
            context.pathError(Phrase(problem), display: location.display)
            return []
        }
        // Only plain files and folders inside a pack: a link, FIFO or device
        // is reported and never opened (SPEC §2.1).
        let manifest = location.root + "/pack.yaml"
        if let problem = PlainFile.problem(manifest) {
            context.pathError(Phrase("this {}", Phrase(problem)), display: location.display("pack.yaml"))
        } else if FileReader.exists(manifest) {
            result.append((nil, "pack", source(shown: location.display("pack.yaml"), absolute: manifest)))
        }
        for folder in Folder.allCases {
            let directory = location.root + "/" + folder.rawValue
            if let problem = PlainFile.problem(directory, folder: true) {
                context.pathError(Phrase("this {}", Phrase(problem)), display: location.display(folder.rawValue))
                continue
            }
            guard PlainFile.kind(directory) == .folder else { continue }
            let names: [FileReader.Entry]
            switch FileReader.names(in: directory) {
            case .success(let found): names = found
            case .failure(let problem):
                context.pathError(Phrase("cannot list the {} folder ({}); check that it is "
                                         + "readable", folder.rawValue, problem.reason),
                                  display: location.display(folder.rawValue))
                continue
            }
            // Each name is joined once to its folder's shown and absolute
            // paths: a home lists every tracker file for a command about one.
            let shownFolder = location.display(folder.rawValue) + "/"
            let absoluteFolder = directory + "/"
            for (name, isPlainFile) in names.map({ ($0.name, $0.isPlainFile) }) where !name.hasPrefix(".") {
                if name.hasSuffix(".yml") {
                    context.pathError(Phrase("Haven reads files ending in .yaml; rename this file to "
                                             + "{}.yaml", baseName(name)), display: shownFolder + name)
                    continue
                }
                guard name.hasSuffix(".yaml") else { continue }
                if !isPlainFile, let problem = PlainFile.problem(absoluteFolder + name) {
                    context.pathError(Phrase("this {}", Phrase(problem)), display: shownFolder + name)
                    continue
                }
                result.append((folder, baseName(name),
                               source(shown: shownFolder + name, absolute: absoluteFolder + name)))
            }
        }
        return result
    }

    static func baseName(_ name: String) -> String {
        if name.hasSuffix(".yaml") { return String(name.dropLast(5)) }
        if name.hasSuffix(".yml") { return String(name.dropLast(4)) }
        return name
    }

    /// Below this many files, starting threads costs more than it saves.
    static let parallelThreshold = 200

    /// Reads and parses files (on every core when there are many); each
    /// result keeps its bytes for the source lines of diagnostics.
    static func parseAll(_ paths: [String], files: [Int], limits: YAMLLimits) -> [(bytes: [UInt8], document: YAMLDocument)] {
        let results = ResultBuffer<(bytes: [UInt8], document: YAMLDocument)>(count: paths.count)
        let parse: @Sendable (Int) -> Void = { index in
            switch FileReader.contents(paths[index], limit: limits.maxBytes) {
            case .bytes(let bytes):
                results[index] = (bytes, YAMLParser.parse(bytes, file: files[index], limits: limits))
            case .tooLarge(let size):
                results[index] = ([], YAMLDocument(root: nil, errors: [YAMLParser.tooLarge(size, limits: limits)]))
            case .unreadable(let reason):
                let problem = YAMLError(.unreadable, "cannot read this file (\(reason.lowercased())); check that it "
                                        + "exists and is readable", at: Mark(line: 0, column: 0))
                results[index] = ([], YAMLDocument(root: nil, errors: [problem]))
            case .notPlain(let reason):
                results[index] = ([], YAMLDocument(root: nil, errors: [YAMLError(.unreadable, reason, at: Mark(line: 0, column: 0))]))
            }
        }
        if paths.count < parallelThreshold {
            for index in paths.indices { parse(index) }
        } else {
            DispatchQueue.concurrentPerform(iterations: paths.count, execute: parse)
        }
        return results.values
    }
}

/// A fixed-size buffer whose slots are written once each from concurrent
/// iterations, each iteration its own slot. Its memory is allocated once
/// and never moves: an Array's `withUnsafeMutableBufferPointer` swaps the
/// array out while its closure runs, so two threads writing through it at
/// once corrupted the heap (1,500 files, about one run in ten).
final class ResultBuffer<T>: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<T?>

    init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil)
    }

    deinit {
        _ = storage.deinitialize()
        storage.deallocate()
    }

    subscript(index: Int) -> T? {
        get { storage[index] }
        set { storage[index] = newValue }
    }

    var values: [T] { storage.map { $0! } }
}
