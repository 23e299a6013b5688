import Dispatch
import HavenCore
import YAML

/// Loads packs into a `Catalog`: reads and parses every file, decodes level
/// sets and reward rules, resolves presets through `extends:`, decodes live
/// trackers, and checks ids across everything. A broken file is skipped and
/// named; everything else still loads.
public enum CatalogLoader {
    /// The folders of a pack, in the order they are decoded.
    enum Folder: String, CaseIterable {
        case levels, rewards, presets, trackers
    }

    /// One file read from a pack.
    struct LoadedFile {
        var pack: Int
        var folder: Folder?
        var id: String
        var file: Int
        var document: YAMLDocument
    }

    public static func load(_ locations: [PackLocation], havenVersion: String,
                            limits: YAMLLimits = .default) -> Catalog {
        let context = DecodeContext()
        var catalog = Catalog()

        // 1. Find and read every file; parse them in parallel.
        var pending: [(pack: Int, folder: Folder?, id: String, source: SourceFile)] = []
        for (index, location) in locations.enumerated() {
            for found in files(of: location, context: context) {
                pending.append((index, found.folder, found.id, found.source))
            }
        }
        let numbers = pending.map { context.add($0.source) }
        let documents = parseAll(pending.map(\.source.absolute), files: numbers, limits: limits)
        var loaded: [LoadedFile] = []
        for (index, item) in pending.enumerated() {
            let file = numbers[index]
            context.setText(String(decoding: documents[index].bytes, as: UTF8.self), of: file)
            let document = documents[index].document
            for problem in document.errors { context.error(problem, file: file) }
            loaded.append(LoadedFile(pack: item.pack, folder: item.folder, id: item.id, file: file, document: document))
        }
        catalog.filesRead = loaded.count

        // 2. Manifests.
        var manifests = [PackManifest](repeating: PackManifest(), count: locations.count)
        for file in loaded where file.folder == nil {
            let node = file.document.root ?? emptyMapping(file: file.file)
            if file.document.errors.isEmpty, let manifest = context.packManifest(node, havenVersion: havenVersion) {
                manifests[file.pack] = manifest
            }
        }

        // 3. Level sets and reward rules.
        var references = References()
        for file in loaded where file.folder == .levels || file.folder == .rewards {
            let reference = "\(locations[file.pack].id)/\(file.id)"
            guard let root = usableRoot(file, context: context) else {
                references.broken.insert(reference)
                continue
            }
            if file.folder == .levels {
                if let set = context.levelSetFile(root, reference: reference) {
                    references.levelSets[reference] = set
                } else {
                    references.broken.insert(reference)
                }
            } else if let rule = context.rewardRule(root, reference: reference) {
                references.rewards[reference] = rule
            } else {
                references.broken.insert(reference)
            }
        }
        catalog.levelSets = references.levelSets
        catalog.rewards = references.rewards

        // 4. Presets, merged with what they extend.
        var resolver = PresetResolver(context: context)
        for file in loaded where file.folder == .presets {
            let reference = "\(locations[file.pack].id)/\(file.id)"
            resolver.raw[reference] = usableRoot(file, context: context)
            resolver.files[reference] = file.file
        }
        for file in loaded where file.folder == .presets {
            let reference = "\(locations[file.pack].id)/\(file.id)"
            guard let merged = resolver.resolve(reference) else { continue }
            let origin = TrackerDefinition.Origin(pack: locations[file.pack].id,
                                                  file: context.sources[file.file].display,
                                                  extends: merged.chain)
            if let preset = context.tracker(merged.node, id: file.id, origin: origin,
                                            references: references, isPreset: true) {
                catalog.presets[reference] = preset
            }
        }

        // 5. Live trackers, with ids unique across every pack.
        var owners: [String: String] = [:]
        for file in loaded where file.folder == .trackers {
            let before = context.count
            guard let root = usableRoot(file, context: context) else { continue }
            let (id, idNode) = trackerID(file, root: root, context: context)
            var node = root
            var chain: [String] = []
            if let extends = root.pairs?.first(where: { $0.key.scalar == "extends" })?.value {
                if let base = resolver.base(for: extends, from: nil) {
                    node = Merge.merge(base.node, root)
                    chain = base.chain
                }
            }
            guard context.count == before, let id else { continue }
            let display = context.sources[file.file].display
            if let other = owners[id] {
                context.error("tracker id '\(id)' is already used by \(other); rename this file or set another 'id:'",
                              at: idNode ?? root)
                continue
            }
            let origin = TrackerDefinition.Origin(pack: locations[file.pack].id, file: display, extends: chain)
            if let tracker = context.tracker(node, id: id, origin: origin, references: references, isPreset: false) {
                owners[id] = display
                catalog.trackers.append(tracker)
            }
        }

        // 6. Defaults named by manifests must be presets of their pack.
        for file in loaded where file.folder == nil && file.document.errors.isEmpty {
            guard let defaults = file.document.root?.pairs?.first(where: { $0.key.scalar == "defaults" })?.value.items
            else { continue }
            for item in defaults {
                guard let id = item.scalar else { continue }
                let reference = "\(locations[file.pack].id)/\(id)"
                if resolver.raw[reference] == nil && resolver.files[reference] == nil {
                    let known = resolver.files.keys.filter { $0.hasPrefix(locations[file.pack].id + "/") }
                        .map { String($0.split(separator: "/")[1]) }
                    context.error("default '\(id)' is not a preset of this pack\(Suggestion.didYouMean(id, in: known))",
                                  at: item)
                }
            }
        }

        catalog.packs = locations.enumerated().map { Catalog.Pack(location: $1, manifest: manifests[$0]) }
        catalog.diagnostics = context.diagnostics.sorted()
        let live = Set(catalog.trackers.map(\.origin.file))
        var skipped = Set(catalog.diagnostics.map(\.file))
        for file in loaded where file.folder == .trackers {
            let display = context.sources[file.file].display
            if !live.contains(display) { skipped.insert(display) }
        }
        catalog.skipped = skipped.sorted()
        return catalog
    }

    /// The root of a file that parsed cleanly; an empty file is an empty mapping.
    private static func usableRoot(_ file: LoadedFile, context: DecodeContext) -> Node? {
        guard file.document.errors.isEmpty else { return nil }
        return file.document.root ?? emptyMapping(file: file.file)
    }

    private static func emptyMapping(file: Int) -> Node {
        Node(.mapping([]), mark: Mark(line: 1, column: 1), end: Mark(line: 1, column: 2), file: file)
    }

    /// A tracker's id: `id:` when given, else the file name.
    private static func trackerID(_ file: LoadedFile, root: Node, context: DecodeContext) -> (String?, Node?) {
        if let node = root.pairs?.first(where: { $0.key.scalar == "id" })?.value {
            guard let id = context.text(node, what: "id") else { return (nil, node) }
            guard Identifier.isValid(id) else {
                context.error("id '\(id)' must be lower-case letters, digits and '-', starting with a letter", at: node)
                return (nil, node)
            }
            return (id, node)
        }
        guard Identifier.isValid(file.id) else {
            context.fileError("file name '\(file.id).yaml' is not a valid tracker id; rename the file "
                + "(lower-case letters, digits and '-', starting with a letter) or add 'id:'", file: file.file)
            return (nil, nil)
        }
        return (file.id, nil)
    }
}
