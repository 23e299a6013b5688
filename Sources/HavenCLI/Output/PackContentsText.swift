import HavenCore
import HavenPresentation
import HavenRuntime

/// Presets and what a pack holds, as `add` (without a preset) and `show
/// PACK/` list them: one line each, aligned.
struct PackContentsText {
    let console: Console

    /// `core/water   💧 Drink Water   good · count`, a line a preset.
    func presets(_ presets: [(reference: String, definition: TrackerDefinition)]) -> [String] {
        Columns.align(presets.map { reference, definition in
            [reference, StatusText(console: console).name(definition),
             // The files' own words (good, count), as a tracker file holds them.
             definition.type.rawValue + " · " + definition.input.rawValue]
        })
    }

    /// Every part of a pack, under a heading each.
    func lines(_ contents: PackContents) -> [String] {
        let words = console.words
        var head = contents.id
        if let version = contents.manifest.version { head += " " + version }
        if let description = contents.manifest.description?.resolve(console.language) { head += ": " + description }
        var lines = [console.styled(head, .bold)]
        lines.append(words("presets ({}):", contents.presets.count))
        lines += presets(contents.presets).map { "  " + $0 }
        if !contents.levelSets.isEmpty {
            lines.append(words("level sets ({}):", contents.levelSets.count))
            lines += Columns.align(contents.levelSets.map { [$0.reference, $0.levels.levels.map(\.key).joined(separator: ", ")] })
                .map { "  " + $0 }
        }
        if !contents.rewards.isEmpty {
            lines.append(words("reward rules ({}):", contents.rewards.count))
            lines += Columns.align(contents.rewards.map { reference, rule in
                [reference, words(rule.heals ? "a joker every {} days, at most {}, heals a missed day"
                                  : "a joker every {} days, at most {}", rule.earnEvery, rule.max)]
            }).map { "  " + $0 }
        }
        return lines
    }

    /// A pack's contents for scripts.
    func value(_ contents: PackContents) -> Value {
        .object([
            ("pack", .string(contents.id)), ("version", contents.manifest.version.map { .string($0) } ?? .null),
            ("presets", .array(contents.presets.map { presetValue($0.reference, $0.definition) })),
            ("level_sets", .array(contents.levelSets.map { reference, set in
                .object([("reference", .string(reference)), ("levels", .array(set.levels.map { .string($0.key) }))])
            })),
            ("reward_rules", .array(contents.rewards.map { reference, rule in
                .object([("reference", .string(reference)), ("earn_every", .int(rule.earnEvery)), ("max", .int(rule.max)),
                         ("heals", .bool(rule.heals))])
            })),
        ])
    }

    func presetValue(_ reference: String, _ definition: TrackerDefinition) -> Value {
        .object([("preset", .string(reference)), ("name", .string(definition.name.resolve(console.language))),
                 ("icon", .string(definition.icon)), ("type", .string(definition.type.rawValue)),
                 ("input", .string(definition.input.rawValue))])
    }
}
