import YAML

/// `extends:` merging: keys of `over` replace those of `base`; mappings merge
/// key by key, lists and values replace. Every node keeps its own file and
/// position, so a problem inherited from a preset is reported in the preset.
enum Merge {
    static func merge(_ base: Node, _ over: Node) -> Node {
        guard let basePairs = base.pairs, let overPairs = over.pairs else { return over }
        var pairs = basePairs.filter { $0.key.scalar != "extends" }
        for pair in overPairs where pair.key.scalar != "extends" {
            if let index = pairs.firstIndex(where: { $0.key.scalar != nil && $0.key.scalar == pair.key.scalar }) {
                pairs[index] = Node.Pair(key: pair.key, value: merge(pairs[index].value, pair.value))
            } else {
                pairs.append(pair)
            }
        }
        var result = over
        result.content = .mapping(pairs)
        return result
    }
}
