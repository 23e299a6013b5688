import Foundation
import HavenConfig
import HavenCore

extension Runtime {
    /// Writes `<home>/trackers/<id>.yaml` extending `preset`; returns its path
    /// as shown. Refuses an id in use or a file that exists.
    public func add(preset reference: String, id: String?) throws(RuntimeError) -> String {
        guard catalog.presetNames.contains(reference) else {
            throw .unknownPreset(reference, suggestion: Suggestion.closest(to: reference, in: catalog.presetNames))
        }
        let id = id ?? String(reference.split(separator: "/").last!)
        guard Identifier.isValid(id) else {
            throw .invalidInput("'\(id)' is not a tracker id; use lower-case letters, digits and '-', starting with a letter")
        }
        if let existing = catalog.tracker(id) {
            throw .invalidInput("the id '\(id)' is taken by \(existing.origin.file); choose another with --id")
        }
        let path = layout.trackers + "/\(id).yaml"
        guard !FileManager.default.fileExists(atPath: path) else {
            throw .invalidInput("\(layout.configDisplay)/trackers/\(id).yaml exists; choose another id with --id")
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
            throw .invalidInput("'\(id)' comes from the pack '\(tracker.origin.pack)'; remove the pack, or its file "
                + tracker.origin.file)
        }
        do {
            try FileManager.default.removeItem(atPath: tracker.origin.path)
        } catch {
            throw .homeNotWritable(tracker.origin.path, reason: error.localizedDescription)
        }
        return tracker
    }
}
