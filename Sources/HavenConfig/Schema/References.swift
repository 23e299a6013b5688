import HavenCore
import YAML

/// Named level sets and reward rules of every loaded pack, by `pack/id`,
/// decoded the first time something refers to them.
final class References {
    enum Lookup<T> {
        case found(T)
        /// The file exists but could not be loaded (its problems are reported).
        case broken
        case missing
    }

    private let files: LoadedFiles
    private let context: DecodeContext
    let levelFiles: [String: Int]
    let rewardFiles: [String: Int]
    private(set) var levelSets: [String: LevelSet] = [:]
    private(set) var rewards: [String: RewardRule] = [:]
    private var broken: Set<String> = []

    init(files: LoadedFiles, context: DecodeContext, packs: [PackLocation]) {
        self.files = files
        self.context = context
        levelFiles = files.index(of: .levels, packs: packs)
        rewardFiles = files.index(of: .rewards, packs: packs)
    }

    func levelSet(_ reference: String) -> Lookup<LevelSet> {
        lookup(reference, in: \.levelSets, files: levelFiles) { context.levelSetFile($0, reference: reference) }
    }

    func reward(_ reference: String) -> Lookup<RewardRule> {
        lookup(reference, in: \.rewards, files: rewardFiles) { context.rewardRule($0, reference: reference) }
    }

    /// A cached value, or the file decoded now (and cached, or marked broken).
    private func lookup<T>(_ reference: String, in cache: ReferenceWritableKeyPath<References, [String: T]>,
                           files index: [String: Int], decode: (Node) -> T?) -> Lookup<T> {
        if let value = self[keyPath: cache][reference] { return .found(value) }
        if broken.contains(reference) { return .broken }
        guard let file = index[reference] else { return .missing }
        // A file with any problem is broken as a whole: a level set missing
        // one bad level would leave its trackers with levels nobody wrote.
        let before = context.count
        guard let root = files.root(file), let value = decode(root), context.count == before else {
            broken.insert(reference)
            return .broken
        }
        self[keyPath: cache][reference] = value
        return .found(value)
    }

    /// Decodes every level set and reward rule, for validation.
    func loadAll() {
        for reference in levelFiles.keys.sorted() { _ = levelSet(reference) }
        for reference in rewardFiles.keys.sorted() { _ = reward(reference) }
    }
}

extension DecodeContext {
    /// Qualifies `core/noalc` or `noalc` (in the pack of the file that wrote it).
    func qualify(_ node: Node, what: Phrase) -> String? {
        guard let value = text(node, what: what) else { return nil }
        let parts = value.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ Identifier.isValid(String($0)) }) else {
            error("{} must be a reference like core/noalc (pack/id), not '{}'", what, value, at: node)
            return nil
        }
        return parts.count == 2 ? value : "\(source(of: node).pack)/\(value)"
    }

    /// Looks a reference up, reporting an unknown one with a suggestion from `names`.
    func resolve<T>(_ node: Node, what: Phrase, names: some Collection<String>,
                    lookup: (String) -> References.Lookup<T>) -> T? {
        guard let reference = qualify(node, what: what) else { return nil }
        switch lookup(reference) {
        case .found(let value):
            return value
        case .broken:
            error("{} '{}' could not be loaded; fix the errors in its file first", what, reference, at: node)
        case .missing:
            let written = node.scalar ?? reference
            error("unknown {} '{}'{}",
                  what, written, Suggestion.didYouMeanPhrase(reference, in: names.sorted()), at: node)
        }
        return nil
    }
}
