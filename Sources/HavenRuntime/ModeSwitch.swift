import Foundation
import HavenCore

/// Rewrites one top-level line of a tracker file (`mode:` for a switch,
/// SPEC §4.4; `archived:`) and nothing else: comments, order and layout
/// stay as they are. A file without the line (the value came from its
/// preset) gets one appended; a nil value takes the line out.
enum ModeSwitch {
    static func rewrite(_ text: String, to mode: TrackerMode) -> String {
        rewrite(text, key: "mode", to: mode.rawValue)
    }

    static func rewrite(_ text: String, key: String, to newValue: String?) -> String {
        var lines = text.components(separatedBy: "\n")
        for (index, line) in lines.enumerated() where line.hasPrefix(key + ":") {
            guard let newValue else {
                lines.remove(at: index)
                return lines.joined(separator: "\n")
            }
            let rest = line.dropFirst(key.count + 1)
            let value = rest.drop { $0 == " " || $0 == "\t" }.prefix { !$0.isWhitespace && $0 != "#" }
            let tail = rest.drop { $0 == " " || $0 == "\t" }.dropFirst(value.count)
            lines[index] = "\(key): \(newValue)" + tail
            return lines.joined(separator: "\n")
        }
        guard let newValue else { return text }
        let body = text.isEmpty || text.hasSuffix("\n") ? text : text + "\n"
        return body + "\(key): \(newValue)\n"
    }

    /// Writes the new text atomically: a crash never leaves half a file.
    static func write(_ text: String, to path: String) throws(RuntimeError) {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .homeNotWritable(path, reason: error.localizedDescription)
        }
    }
}

extension Runtime {
    /// Switches a saboteur's mode by editing its file. The next load notices
    /// the change and archives the old streak, so the caller reopens.
    public func switchMode(_ id: String, to mode: TrackerMode) throws(RuntimeError) {
        let tracker = try tracker(id)
        guard tracker.type == .saboteur else {
            throw .rejected(.modesAreForSaboteurs(id))
        }
        try setLine(of: tracker, key: "mode", to: mode.rawValue)
    }

    /// Sets one top-level line of the person's own file for `tracker`
    /// (nil takes it out) and nothing else; a pack's tracker gets a file of
    /// the home that adjusts it with that line (SPEC §2.1, the home wins).
    func setLine(of tracker: TrackerDefinition, key: String, to value: String?) throws(RuntimeError) {
        guard tracker.origin.pack == "local" else {
            guard let value else { return }
            let path = layout.trackers + "/\(tracker.id).yaml"
            guard !FileManager.default.fileExists(atPath: path) else {
                throw .rejected(.fileDoesNotAdjust(path: "\(layout.configDisplay)/trackers/\(tracker.id).yaml",
                                                   pack: tracker.origin.pack, id: tracker.id))
            }
            do {
                try FileManager.default.createDirectory(atPath: layout.trackers, withIntermediateDirectories: true)
            } catch {
                throw .homeNotWritable(layout.trackers, reason: error.localizedDescription)
            }
            try ModeSwitch.write("# Adjusts \(tracker.origin.pack)'s \(tracker.id): keys written here override the "
                + "pack's.\nextends: \(tracker.origin.pack)/\(tracker.id)\n\(key): \(value)\n", to: path)
            return
        }
        let text: String
        do {
            text = try String(contentsOfFile: tracker.origin.path, encoding: .utf8)
        } catch {
            throw .pathNotFound(tracker.origin.file)
        }
        try ModeSwitch.write(ModeSwitch.rewrite(text, key: key, to: value), to: tracker.origin.path)
    }
}
