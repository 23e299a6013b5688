import Foundation
import HavenConfig
import HavenSystem

extension PackHome {
    /// The packs this home loads, in order: `core`, every folder of
    /// `packs/` (a pack installed with `pack install` only while trusted,
    /// and only with the hooks that were trusted, SPEC §8; anything else
    /// with the problem that keeps it from loading), then the home itself.
    public func locations(core: PackLocation) -> [PackLocation] {
        recoverInterruptedChange()
        var locations = [core]
        let installed = ((try? FileManager.default.contentsOfDirectory(atPath: packs)) ?? []).sorted()
        // A pack installed through `pack install` loads only while trusted,
        // and only with the code that was trusted (SPEC §8).
        let recorded = try? PackFolder.readLock(lock)
        for name in installed where !name.hasPrefix(".") {
            let root = packs + "/" + name
            let linked = PlainFile.kind(root) == .link
            guard linked || FileSystem.isDirectory(root) else { continue }
            var problem = PackLocation.problem(withName: name)
            var waits = false
            if problem == nil, linked, recorded?.packs[name]?.source.kind != .link {
                problem = "this pack is a link Haven did not make, and links are never followed; install the folder "
                    + "with 'haven pack install FOLDER --link'"
            } else if problem == nil, linked, !FileSystem.isDirectory(root) {
                problem = "this pack links to \(recorded?.packs[name]?.source.path ?? "a folder"), which is gone; put it "
                    + "back, or 'haven pack remove \(name)'"
            } else if problem == nil, let entry = recorded?.packs[name] {
                // A linked folder is the person's own work in progress: trusted once, edits and all.
                if entry.trusted == nil {
                    problem = "this pack waits for your trust; 'haven pack trust \(name)' shows what it brings"
                    waits = true
                } else if !linked, !PackTrust.holds(entry, at: root) {
                    problem = "this pack's code (hooks, Lua files or report templates) changed since you trusted it; "
                        + "'haven pack trust \(name)' shows it again"
                    waits = true
                }
            }
            var location = PackLocation(id: name, root: root, display: display + "/packs/" + name, kind: .installed,
                                        problem: problem)
            location.waitsForTrust = waits
            location.leftOut = recorded?.packs[name]?.without ?? []
            locations.append(location)
        }
        locations.append(PackLocation(id: "local", root: root, display: display, kind: .local))
        return locations
    }

    /// Finishes or undoes a change of the packs that a killed Haven left
    /// (`PackJournal`), unless a pack command is making one now.
    func recoverInterruptedChange() {
        guard PlainFile.kind(PackJournal.path(in: self)) != .missing else { return }
        let descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return }
        PackJournal.recover(self)
        flock(descriptor, LOCK_UN)
    }
}
