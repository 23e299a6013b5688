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
        case levels, rewards, presets, trackers, practices
    }

    /// What to load.
    public enum Scope: Sendable, Equatable {
        /// Every file of every pack, for validation and for listing presets.
        case everything
        /// The live trackers and only what they refer to: what every other
        /// command needs, without parsing presets nobody uses.
        case live
        /// One live tracker and what it refers to: what a one-shot command
        /// about that tracker needs. Only the files that can hold that id are
        /// parsed: the file named after it, and any file that might set `id:`.
        case tracker(String)
        /// Only each pack's `pack.yaml`: what a pack is called before anything else is read.
        case manifests
        /// The live trackers and every practice (SPEC §14): what `haven practice` needs.
        case practices

        /// Whether a catalog loaded with this scope holds everything `other` would.
        public func covers(_ other: Scope) -> Bool {
            switch (self, other) {
            case (.everything, _), (.live, .live), (.live, .tracker), (_, .manifests): return true
            case (.practices, .practices), (.practices, .live), (.practices, .tracker): return true
            case (.tracker(let a), .tracker(let b)): return a == b
            default: return false
            }
        }
    }

    /// `idCache` remembers which tracker files may declare an id of their
    /// own, so that a `.tracker` scope reads only the files that can hold it.
    public static func load(_ locations: [PackLocation], havenVersion: String, scope: Scope = .everything,
                            limits: YAMLLimits = .default, idCache: IDScanCache? = nil) -> Catalog {
        let context = DecodeContext()
        var catalog = Catalog()
        let files = LoadedFiles(locations, context: context, limits: limits)
        let wanted: String? = if case .tracker(let id) = scope { id } else { nil }
        let manifestFiles = files.indices(in: nil)
        let trackerFiles = scope == .manifests ? [] : files.indices(in: .trackers).filter { index in
            guard let wanted, files.items[index].id != wanted else { return true }
            guard let idCache else { return files.mayDeclareID(index) }
            return idCache.mayDeclareID(context.sources[files.items[index].file].absolute) { files.mayDeclareID(index) }
        }
        if wanted != nil, let idCache {
            idCache.keepOnly(Set(files.indices(in: .trackers).map { context.sources[files.items[$0].file].absolute }))
        }
        let practiceFiles = scope == .everything || scope == .practices ? files.indices(in: .practices) : []
        files.parse(scope == .everything ? Array(files.items.indices) : manifestFiles + trackerFiles + practiceFiles)

        // Manifests.
        var manifests = [PackManifest](repeating: PackManifest(), count: locations.count)
        // An installed pack whose pack.yaml is broken, or whose `haven:` range
        // excludes this Haven, loads none of its trackers.
        var refused = Set<Int>()
        for index in manifestFiles {
            let before = context.count
            let pack = files.items[index].pack
            if let root = files.root(index), let manifest = context.packManifest(root, havenVersion: havenVersion) {
                manifests[pack] = manifest
            }
            let broken = context.count > before || files.items[index].document?.errors.isEmpty == false
            if broken && locations[pack].kind == .installed { refused.insert(pack) }
        }

        // `requires`: every pack named is loaded, at a version in its range.
        for index in manifestFiles where !refused.contains(files.items[index].pack) {
            let pack = files.items[index].pack
            guard let root = files.root(index), let node = root.pairs?.first(where: { $0.key.scalar == "requires" })?.value
            else { continue }
            for (id, range) in manifests[pack].requires.sorted(by: { $0.key < $1.key }) {
                let at = node.pairs?.first { $0.key.scalar == id }?.value ?? node
                guard let other = locations.firstIndex(where: { $0.id == id && $0.problem == nil }) else {
                    context.error("this pack requires the pack '{}' ({}), which is not installed; install "
                                  + "it into packs/{} first", id, range, id, at: at)
                    if locations[pack].kind == .installed { refused.insert(pack) }
                    continue
                }
                let version = manifests[other].version.flatMap(Version.init)
                if !(version.map { VersionRange(range)?.contains($0) ?? false } ?? false) {
                    context.error("this pack requires '{}' {}, and '{}' is at version {}; update one of "
                                  + "them", id, range, id,
                                  manifests[other].version.map(Phrase.literal) ?? Phrase("(none)"), at: at)
                    if locations[pack].kind == .installed { refused.insert(pack) }
                }
            }
        }

        // Level sets and reward rules are decoded when first referred to; presets
        // are parsed when first extended.
        let references = References(files: files, context: context, packs: locations)
        var resolver = PresetResolver(context: context, files: files, packs: locations)
        func decodePreset(_ reference: String) {
            guard catalog.presets[reference] == nil, let index = resolver.index[reference],
                  let merged = resolver.resolve(reference) else { return }
            let item = files.items[index]
            let origin = TrackerDefinition.Origin(pack: locations[item.pack].id, file: context.sources[item.file].display,
                                                  extends: merged.chain)
            if let preset = context.tracker(merged.node, id: item.id, origin: origin, references: references,
                                            isPreset: true) {
                catalog.presets[reference] = preset
            }
        }

        // Live trackers, with ids unique across every pack. On a clash the
        // home's own tracker wins, then the pack loaded first (SPEC §2.1); the
        // trackers keep their file order.
        var owners: [String: (file: String, local: Bool, chain: [String])] = [:]
        // Files left out on purpose (switched off, or adjusted by a home file): not problems.
        var setAside = Set<Int>()
        // Packs' trackers the person switched off in the home's pack.yaml.
        let disabled = Set(locations.indices.filter { locations[$0].kind == .local }.flatMap { manifests[$0].disabled })
        var decoded: [Int: TrackerDefinition] = [:]
        for index in homeFirst(trackerFiles, files: files, locations: locations) where !refused.contains(files.items[index].pack) {
            let item = files.items[index]
            let before = context.count
            guard let root = files.root(index) else { continue }
            let (id, idNode) = trackerID(item, root: root, context: context)
            if let wanted, let id, id != wanted { continue }
            if let id, locations[item.pack].kind != .local, disabled.contains(id) {
                setAside.insert(index)
                continue
            }
            if let id, locations[item.pack].leftOut.contains(id) {
                catalog.leftOut[locations[item.pack].id, default: []].append(id)
                setAside.insert(index)
                continue
            }
            var node = root
            var chain: [String] = []
            if let extends = root.pairs?.first(where: { $0.key.scalar == "extends" })?.value {
                let beforeBase = context.count
                guard let base = resolver.base(for: extends, from: nil), context.count == beforeBase else { continue }
                node = Merge.merge(base.node, root)
                chain = base.chain
            }
            let display = context.sources[item.file].display
            let origin = TrackerDefinition.Origin(pack: locations[item.pack].id, file: display, extends: chain,
                                                  path: context.sources[item.file].absolute)
            // Decoded even when its name is no id, so that every problem inside is reported too.
            let tracker = context.tracker(node, id: id ?? item.id, origin: origin, references: references, isPreset: false)
            guard context.count == before, let id, let tracker else { continue }
            if let other = owners[id] {
                // A home file that extends this very tracker adjusts it: no clash.
                if other.local, other.chain.contains("\(locations[item.pack].id)/\(id)") {
                    setAside.insert(index)
                    continue
                }
                catalog.clashes.append(Catalog.Clash(id: id, pack: locations[item.pack].id, file: display,
                                                     owner: other.file, ownerIsHome: other.local))
                if other.local && locations[item.pack].kind != .local {
                    context.error("tracker id '{}' is already used by {} in your home, which wins; this "
                                  + "pack's tracker is skipped and nothing of yours changes", id, other.file,
                                  at: idNode ?? root)
                } else {
                    context.error("tracker id '{}' is already used by {}; rename this file or set another "
                                  + "'id:'", id, other.file, at: idNode ?? root)
                }
                continue
            }
            owners[id] = (display, locations[item.pack].kind == .local, chain)
            decoded[index] = tracker
        }
        catalog.trackers = trackerFiles.compactMap { decoded[$0] }

        if scope == .everything {
            references.loadAll()
            for reference in resolver.index.keys.sorted() { decodePreset(reference) }
            checkDefaults(files: files, packs: locations, presets: resolver.index, context: context)
        }

        catalog.practices = practices(practiceFiles.filter { !refused.contains(files.items[$0].pack) }, files: files,
                                      locations: locations, trackers: Set(catalog.trackers.map(\.id)), context: context)
        catalog.packs = locations.enumerated().map { Catalog.Pack(location: $1, manifest: manifests[$0]) }
        catalog.presetNames = resolver.index.keys.sorted()
        catalog.packTrackerNames = resolver.trackerIndex.keys.sorted()
        catalog.levelSets = references.levelSets
        catalog.rewards = references.rewards
        catalog.filesRead = files.parsedCount
        // Not the pack's own folder: the database beside a home's files comes
        // and goes with its WAL, and must not look like a changed catalog.
        catalog.watchedPaths = locations.flatMap { location in
            [location.root + "/pack.yaml"] + (location.trackerFiles ?? Folder.allCases.map { location.root + "/" + $0.rawValue })
        } + files.items.filter { $0.document != nil }.map { context.sources[$0.file].absolute }
        catalog.diagnostics = context.report
        catalog.warnings = context.warnings.sorted()
        let live = Set(catalog.trackers.map(\.origin.file))
        var skipped = Set(catalog.diagnostics.map(\.file))
        for index in trackerFiles where (wanted == nil || files.items[index].id == wanted) && !setAside.contains(index) {
            let display = context.sources[files.items[index].file].display
            if !live.contains(display) { skipped.insert(display) }
        }
        catalog.skipped = skipped.sorted()
        return catalog
    }

    /// Defaults named by manifests must be presets of their pack.
    private static func checkDefaults(files: LoadedFiles, packs: [PackLocation], presets: [String: Int],
                                      context: DecodeContext) {
        for index in files.indices(in: nil) {
            guard let defaults = files.root(index)?.pairs?.first(where: { $0.key.scalar == "defaults" })?.value.items
            else { continue }
            let pack = packs[files.items[index].pack].id
            for item in defaults {
                guard let id = item.scalar, presets["\(pack)/\(id)"] == nil else { continue }
                let known = presets.keys.filter { $0.hasPrefix(pack + "/") }.map { String($0.dropFirst(pack.count + 1)) }
                context.error("default '{}' is not a preset of this "
                              + "pack{}", id, Suggestion.didYouMeanPhrase(id, in: known), at: item)
            }
        }
    }

    /// A tracker's id: `id:` when given, else the file name.
    private static func trackerID(_ file: LoadedFiles.Item, root: Node, context: DecodeContext) -> (String?, Node?) {
        if let node = root.pairs?.first(where: { $0.key.scalar == "id" })?.value {
            guard let id = context.text(node, what: .key("id")) else { return (nil, node) }
            guard Identifier.isValid(id) else {
                context.error("id '{}' must be lower-case letters, digits and '-', starting with a "
                              + "letter", id, at: node)
                return (nil, node)
            }
            return (id, node)
        }
        guard Identifier.isValid(file.id) else {
            context.fileError("file name '{}.yaml' is not a valid tracker id; rename the file (lower-case "
                              + "letters, digits and '-', starting with a letter) or add 'id:'",
                                    file.id, file: file.file)
            return (nil, nil)
        }
        return (file.id, nil)
    }
}
