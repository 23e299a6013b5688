import HavenSystem

/// What an update changes in a pack's files, by kind of file.
public struct PackChanges: Sendable, Equatable {
    public struct Kind: Sendable, Equatable {
        /// `trackers`, `presets`, `levels`, `rewards` or `hooks`.
        public let folder: String
        /// Ids (a file's name without `.yaml`), or paths for hooks.
        public var added: [String] = []
        public var removed: [String] = []
        public var changed: [String] = []
        public var isEmpty: Bool { added.isEmpty && removed.isEmpty && changed.isEmpty }
    }

    /// The kinds that change, in folder order.
    public var kinds: [Kind]
    /// Other files (pack.yaml, a README) that change.
    public var otherFiles: [String]
    /// The `haven:` range before and after, when it changes.
    public var haven: (from: String?, to: String?)?

    public var isEmpty: Bool { kinds.isEmpty && otherFiles.isEmpty }

    public static func == (left: PackChanges, right: PackChanges) -> Bool {
        left.kinds == right.kinds && left.otherFiles == right.otherFiles
            && left.haven?.from == right.haven?.from && left.haven?.to == right.haven?.to
    }

    static let folders = ["trackers", "presets", "levels", "rewards", "hooks"]

    /// Compares two pack folders file by file.
    static func between(_ old: String, _ new: String, havenFrom: String?, havenTo: String?) -> PackChanges {
        func digests(_ folder: String) -> [String: String] {
            var result: [String: String] = [:]
            for path in (try? PackHash.files(in: folder)) ?? [] {
                if case .bytes(let bytes) = PlainFile.contents(folder + "/" + path, limit: 16 << 20) {
                    result[path] = PackHash.sha256(bytes)
                }
            }
            return result
        }
        let before = digests(old), after = digests(new)
        func name(_ path: String, _ folder: String) -> String {
            guard folder != "hooks" else { return path }
            let file = String(path.dropFirst(folder.count + 1))
            return file.hasSuffix(".yaml") ? String(file.dropLast(5)) : file
        }
        var kinds: [Kind] = []
        for folder in folders {
            var kind = Kind(folder: folder)
            let inside = { (path: String) in path.hasPrefix(folder + "/") }
            for path in Set(before.keys).union(after.keys).filter(inside).sorted() {
                switch (before[path], after[path]) {
                case (nil, _?): kind.added.append(name(path, folder))
                case (_?, nil): kind.removed.append(name(path, folder))
                case let (was?, now?) where was != now: kind.changed.append(name(path, folder))
                default: continue
                }
            }
            if !kind.isEmpty { kinds.append(kind) }
        }
        let others = Set(before.keys).union(after.keys).filter { path in
            !folders.contains { path.hasPrefix($0 + "/") } && before[path] != after[path]
        }.sorted()
        return PackChanges(kinds: kinds, otherFiles: others, haven: havenFrom == havenTo ? nil : (havenFrom, havenTo))
    }
}
