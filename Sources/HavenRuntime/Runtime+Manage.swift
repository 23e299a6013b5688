import Foundation
import HavenConfig
import HavenCore
import HavenSystem

extension Runtime {
    /// Writes `<home>/trackers/<id>.yaml` extending `preset`; returns its path
    /// as shown. Refuses an id in use or a file that exists.
    public func add(preset reference: String, id: String?) throws(RuntimeError) -> String {
        // A pack's tracker switched off comes back on.
        let parts = reference.split(separator: "/").map(String.init)
        if parts.count == 2, id == nil, disabledTrackers.contains(parts[1]),
           FileManager.default.fileExists(atPath: layout.packs + "/\(parts[0])/trackers/\(parts[1]).yaml") {
            try setDisabled(disabledTrackers.filter { $0 != parts[1] })
            return layout.packs + "/\(parts[0])/trackers/\(parts[1]).yaml"
        }
        // A pack's tracker is a base too: under another id it sits beside one of yours.
        guard catalog.presetNames.contains(reference) || catalog.packTrackerNames.contains(reference) else {
            throw .unknownPreset(reference, suggestion: Suggestion.closest(to: reference, in: catalog.presetNames))
        }
        let id = id ?? String(reference.split(separator: "/").last!)
        guard Identifier.isValid(id) else {
            throw .rejected(.notATrackerID(id))
        }
        if let existing = catalog.tracker(id) {
            throw .rejected(.idTaken(id: id, file: existing.origin.file))
        }
        let path = layout.trackers + "/\(id).yaml"
        guard !FileManager.default.fileExists(atPath: path) else {
            throw .rejected(.fileExists("\(layout.configDisplay)/trackers/\(id).yaml"))
        }
        let text = """
            # Added with 'haven add \(reference)'. Keys written here override the preset's;
            # 'haven show \(reference)' prints everything it inherits.
            extends: \(reference)

            """
        do {
            try FileManager.default.createDirectory(atPath: layout.trackers, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .homeNotWritable(path, reason: error.localizedDescription)
        }
        return "\(layout.configDisplay)/trackers/\(id).yaml"
    }

    /// Deletes a tracker's file from the person's own trackers folder.
    public func removeFile(_ id: String) throws(RuntimeError) -> TrackerDefinition {
        let tracker = try tracker(id)
        guard tracker.origin.pack == "local" else {
            // A pack's tracker is switched off in the home's pack.yaml; `add PACK/ID` switches it on.
            guard tracker.origin.pack != "core" else {
                throw .rejected(.coreTracker(id))
            }
            try setDisabled(disabledTrackers + [id])
            return tracker
        }
        do {
            try FileManager.default.removeItem(atPath: tracker.origin.path)
        } catch {
            throw .homeNotWritable(tracker.origin.path, reason: error.localizedDescription)
        }
        return tracker
    }
}

extension Runtime {
    /// Packs' trackers switched off in the home's `pack.yaml` (`disabled:`).
    public var disabledTrackers: [String] {
        guard case .bytes(let bytes) = PlainFile.contents(layout.configRoot + "/pack.yaml", limit: 1 << 20),
              let line = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
                .first(where: { $0.hasPrefix("disabled:") }) else { return [] }
        let list = line.dropFirst("disabled:".count).trimmingCharacters(in: .whitespaces)
        guard list.hasPrefix("["), list.hasSuffix("]") else { return [] }
        return list.dropFirst().dropLast().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    /// Writes the home's `disabled:` line (one flow list; the rest of the
    /// file as it was), or takes it out when `ids` is empty.
    func setDisabled(_ ids: [String]) throws(RuntimeError) {
        let path = layout.configRoot + "/pack.yaml"
        var lines: [String] = []
        if case .bytes(let bytes) = PlainFile.contents(path, limit: 1 << 20) {
            lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n")
            if lines.last == "" { lines.removeLast() }
        }
        if let block = lines.firstIndex(where: { $0.hasPrefix("disabled:") }),
           !lines[block].contains("[") && lines[block].trimmingCharacters(in: .whitespaces) != "disabled:" {
            throw .rejected(.disabledNotAList("\(layout.configDisplay)/pack.yaml"))
        }
        // A block list below `disabled:` goes with it.
        if let start = lines.firstIndex(where: { $0.hasPrefix("disabled:") }) {
            var end = start + 1
            while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces).hasPrefix("- ") { end += 1 }
            lines.removeSubrange(start..<end)
        }
        var unique: [String] = []
        for id in ids where !unique.contains(id) { unique.append(id) }
        if !unique.isEmpty { lines.append("disabled: [\(unique.joined(separator: ", "))]") }
        do {
            try FileManager.default.createDirectory(atPath: layout.configRoot, withIntermediateDirectories: true)
            try Data((lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")).utf8)
                .write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .homeNotWritable(path, reason: error.localizedDescription)
        }
    }

    /// The problems the home would have with the file at `path` holding
    /// `text` instead, that it does not have now: the home's own
    /// files are copied beside it with that one replaced and loaded with
    /// every pack. Nothing in the home changes.
    public func problems(replacing path: String, with text: String) throws(RuntimeError) -> [Diagnostic] {
        let staging = Staging.name(for: layout.configRoot + "/.configure")
        defer { try? FileManager.default.removeItem(atPath: staging) }
        let root = layout.configRoot
        guard path.hasPrefix(root + "/") else { return [] }
        do {
            try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
            for name in ["pack.yaml", "trackers", "presets", "levels", "rewards", "hooks"]
            where FileManager.default.fileExists(atPath: root + "/" + name) {
                try FileManager.default.copyItem(atPath: root + "/" + name, toPath: staging + "/" + name)
            }
            let copy = staging + path.dropFirst(root.count)
            try Data(text.utf8).write(to: URL(fileURLWithPath: copy))
        } catch {
            throw .homeNotWritable(staging, reason: error.localizedDescription)
        }
        let now = Runtime.packLocations(core: corePack, layout: layout, currentDirectory: "/")
        var locations = now
        if let local = locations.indices.last, locations[local].id == "local" {
            locations[local] = PackLocation(id: "local", root: staging, display: layout.configDisplay, kind: .local)
        }
        let before = Set(CatalogLoader.load(now, havenVersion: HavenVersion.current).diagnostics.map(\.rendered))
        return CatalogLoader.load(locations, havenVersion: HavenVersion.current).diagnostics
            .filter { !before.contains($0.rendered) }
    }
}
