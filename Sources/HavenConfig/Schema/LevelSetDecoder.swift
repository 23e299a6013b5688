import HavenCore
import YAML

extension DecodeContext {
    /// Decodes a `levels/<id>.yaml` file: `levels:` and its list.
    func levelSetFile(_ node: Node, reference: String) -> LevelSet? {
        guard let keys = mapping(node, LevelSetKey.self, what: Phrase("a level set file")) else { return nil }
        guard let list = keys[.levels] else {
            error("a level set file needs 'levels:', a list of 2 to 7 levels", at: node)
            return nil
        }
        return levelList(list.value, reference: reference)
    }

    /// Decodes an inline or named list of 2 to 7 levels with unique keys.
    func levelList(_ node: Node, reference: String?) -> LevelSet? {
        guard let items = list(node, what: .key("levels")) else { return nil }
        var levels: [Level] = []
        var keys: [String: Node] = [:]
        var ok = true
        for item in items {
            guard let level = level(item) else { ok = false; continue }
            let keyNode = item.pairs?.first { $0.key.scalar == "key" }?.value ?? item
            if let first = keys[level.key] {
                error("level key '{}' is used twice (first at line {}); keys must be "
                      + "unique", level.key, first.mark.line,
                      at: keyNode)
                ok = false
            }
            keys[level.key] = keyNode
            levels.append(level)
        }
        guard ok else { return nil }
        guard LevelSet.allowedCount.contains(levels.count) else {
            error("a level set has 2 to 7 levels, this one has {}", levels.count, at: node)
            return nil
        }
        return LevelSet(reference: reference, levels: levels)
    }

    private func level(_ node: Node) -> Level? {
        guard let keys = mapping(node, LevelKey.self, what: Phrase("a level")) else { return nil }
        let before = count
        guard let keyEntry = keys[.key] else {
            error("a level needs a 'key:' (a short id such as steady)", at: node)
            return nil
        }
        let key = text(keyEntry.value, what: .key("key"))
        if let key, !Identifier.isValid(key) {
            error("level key '{}' must be lower-case letters, digits and '-', starting with a letter", key,
                  at: keyEntry.value)
        }
        let icon = keys[.icon].flatMap { self.icon($0.value) }
        let label = keys[.label].flatMap { localized($0.value, what: .key("label")) }
        let effect = keys[.effect].map { choice($0.value, Effect.self, what: .key("effect")) } ?? .success
        let health = keys[.health].flatMap { number($0.value, what: .key("health")) }
        let range = keys[.healthRange].flatMap { healthRange($0.value) }
        guard count == before, let key, let effect else { return nil }
        return Level(key: key, icon: icon, label: label ?? LocalizedText(key.prefix(1).uppercased() + key.dropFirst()), effect: effect,
                     health: health, healthRange: range)
    }

    private func healthRange(_ node: Node) -> HealthRange? {
        guard let items = list(node, what: .key("health_range")) else { return nil }
        guard items.count == 2 else {
            error("health_range must be two numbers [from, to] (null for an open end), not {} values", items.count,
                  at: node)
            return nil
        }
        let bounds = items.map { $0.isNull ? nil : number($0, what: .key("health_range")) }
        if let lower = bounds[0], let upper = bounds[1], lower > upper {
            error("health_range goes from {} down to {}; write the smaller number "
                  + "first", format(lower), format(upper), at: node)
            return nil
        }
        return HealthRange(lower: bounds[0], upper: bounds[1])
    }

    /// One emoji or a short text of up to 8 characters.
    func icon(_ node: Node) -> String? {
        guard let value = text(node, what: .key("icon")) else { return nil }
        guard value.count <= 8 else {
            error("icon must be one emoji or a short text of up to 8 characters", at: node)
            return nil
        }
        return value
    }

    /// Decodes a `rewards/<id>.yaml` file or an inline reward rule.
    func rewardRule(_ node: Node, reference: String?) -> RewardRule? {
        guard let keys = mapping(node, RewardKey.self, what: .key("rewards")) else { return nil }
        let before = count
        guard let every = keys[.earnEvery] else {
            error("rewards need 'earn_every:' (a joker is earned each time the streak reaches a multiple of it)",
                  at: node)
            return nil
        }
        let earnEvery = integer(every.value, what: .key("earn_every"), range: 1...Int.max)
        let max = keys[.max].map { integer($0.value, what: .key("max"), range: 1...Int.max) } ?? 3
        let heals = keys[.heals].map { bool($0.value, what: .key("heals")) } ?? true
        guard count == before, let earnEvery, let max, let heals else { return nil }
        return RewardRule(reference: reference, earnEvery: earnEvery, max: max, heals: heals)
    }
}
