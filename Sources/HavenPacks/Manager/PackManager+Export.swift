import Foundation
import HavenConfig
import HavenCore
import HavenSystem

/// A pack made from the person's own trackers (SPEC §8 `pack export`).
public struct PackExport: Sendable {
    public let name: String
    /// Where it was written: a folder, or a `.tar.gz`.
    public let path: String
    public let isArchive: Bool
    /// The trackers it makes live, by id.
    public let trackers: [String]
    /// Every file it holds, relative to the pack.
    public let files: [String]
    /// The packs it needs beside core, with version ranges.
    public let requires: [String: String]
    /// The sha256 of the archive; nil for a folder (its `hash` names it).
    public let sha256: String?
    public let hash: String
}

/// Where an export goes, checked before anything is read.
public struct ExportTarget: Sendable {
    public let name: String
    public let version: String
    /// The folder or `.tar.gz` to make, absolute.
    let out: String
    /// The output as the person named it.
    let shown: String
    let isArchive: Bool
}

extension PackManager {
    /// Checks a pack's `name`, `version` and `output` (a folder, or a
    /// `.tar.gz`; `./NAME` when nil) before anything is read.
    public func exportTarget(name: String, version: String, output: String?, currentDirectory: String)
        throws(PackError) -> ExportTarget {
        if let problem = PackManager.nameProblem(name, .anotherExportName) { throw problem }
        guard Version(version) != nil else { throw .badVersion(version) }
        let out = Paths.absolute(output ?? name, from: currentDirectory)
        if PackArchive.kind(of: out) == .zip { throw .exportNotZip(name: name) }
        guard PlainFile.kind(out) == .missing else { throw .outputExists(Paths.trimmed(output ?? name)) }
        return ExportTarget(name: name, version: version, out: out, shown: Paths.trimmed(output ?? name),
                            isArchive: PackArchive.kind(of: out) == .tarGz)
    }

    /// Makes the pack `target` names from the home's own `trackers` (all of
    /// them when nil): their files without the personal keys (`since`,
    /// `pinned`), the presets, level sets, reward rules and hooks of the
    /// home they use (references to `local/` become references to the new
    /// pack), and a `pack.yaml` that requires any other installed pack they
    /// use. The result is validated as a friend's empty home would load it
    /// before it is moved (or packed) into place with one rename.
    public func export(_ target: ExportTarget, trackers chosen: [TrackerDefinition]?, currentDirectory: String)
        throws(PackError) -> PackExport {
        let (name, version, out, isArchive) = (target.name, target.version, target.out, target.isArchive)
        let catalog = source.everything(currentDirectory: currentDirectory)
        let trackers = chosen ?? catalog.trackers.filter { $0.origin.pack == "local" }
        guard !trackers.isEmpty else { throw .nothingToExport }

        // What the trackers use, followed through presets.
        var files: [String: String] = [:]
        var requires: [String: String] = [:]
        func use(_ reference: String?, folder: String) {
            guard let reference, let slash = reference.firstIndex(of: "/") else { return }
            let pack = String(reference[..<slash]), id = String(reference[reference.index(after: slash)...])
            if pack == "local" {
                files[folder + "/" + id + ".yaml"] = ""
            } else if pack != "core" {
                let version = catalog.packs.first { $0.location.id == pack }?.manifest.version
                requires[pack] = version.flatMap(Version.init).map { "^\($0.major).\($0.minor)" } ?? ">=0.0.0"
            }
        }
        var seen = Set<String>()
        var work = trackers
        while let definition = work.popLast() {
            use(definition.levels?.reference, folder: "levels")
            use(definition.rewards?.reference, folder: "rewards")
            if let hooks = definition.hooks {
                if hooks.pack == "local" { files[hooks.path] = "" } else { use(hooks.pack + "/hooks", folder: "hooks") }
            }
            for preset in definition.origin.extends where seen.insert(preset).inserted {
                use(preset, folder: "presets")
                if preset.hasPrefix("local/"), let found = catalog.presets[preset] { work.append(found) }
            }
        }
        // The contents: personal keys dropped, `local/` references made the pack's own.
        for path in files.keys {
            guard case .bytes(let bytes) = PlainFile.contents(home.root + "/" + path, limit: 16 << 20) else {
                throw .cannotReadForExport(home.display + "/" + path)
            }
            let text = String(decoding: bytes, as: UTF8.self)
            files[path] = path.hasSuffix(".yaml") ? PackManager.requalified(text, to: name) : text
        }
        for tracker in trackers {
            guard case .bytes(let bytes) = PlainFile.contents(tracker.origin.path, limit: 16 << 20) else {
                throw .cannotReadForExport(tracker.origin.file)
            }
            let text = PackManager.withoutPersonalKeys(String(decoding: bytes, as: UTF8.self))
            files["trackers/" + (tracker.origin.path as NSString).lastPathComponent] = PackManager.requalified(text, to: name)
        }
        let major = Version(source.havenVersion)?.major ?? 0
        let requirement = requires.isEmpty ? "" : "requires: { " + requires.sorted { $0.key < $1.key }
            .map { "\($0.key): \"\($0.value)\"" }.joined(separator: ", ") + " }\n"
        files["pack.yaml"] = """
            # Made by 'haven pack export' from \(trackers.count) \(trackers.count == 1 ? "tracker" : "trackers"); \
            install it with 'haven pack install'.
            id: \(name)
            name: \(name)
            version: "\(version)"
            haven: ">=\(source.havenVersion.split(separator: ".").prefix(2).joined(separator: ".")), <\(major + 1).0"

            """ + requirement

        // Written beside the output, validated as an empty home with the packs it requires would load it.
        let staging = Staging.name(for: isArchive ? out + ".folder" : out)
        defer { try? FileManager.default.removeItem(atPath: staging) }
        do {
            for (path, text) in files {
                let full = staging + "/" + path
                try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                try Data(text.utf8).write(to: URL(fileURLWithPath: full))
            }
        } catch {
            throw writeProblem(out, error.localizedDescription, action: .exported)
        }
        var locations = source.locations(currentDirectory: currentDirectory)
            .filter { $0.kind == .builtin || requires[$0.id] != nil }
        locations.append(PackLocation(id: name, root: staging, display: target.shown,
                                      kind: .installed))
        let diagnostics = source.problems(in: CatalogLoader.load(locations, havenVersion: source.havenVersion), packs: [name])
        guard diagnostics.isEmpty else { throw .invalid(id: name, diagnostics: diagnostics, action: .exported) }
        let hash: String
        var sha256: String?
        do {
            hash = try PackHash.h1(staging)
            if isArchive {
                let bytes = try PackArchive.tarGz(staging, files: Array(files.keys))
                sha256 = PackHash.sha256(bytes)
                let temporary = Staging.name(for: out)
                try Data(bytes).write(to: URL(fileURLWithPath: temporary))
                guard rename(temporary, out) == 0 else {
                    unlink(temporary)
                    throw PackFolder.Problem.cannotWrite(path: out, reason: PackManager.lastError)
                }
            } else {
                try PackFolder.commit(staging, to: out)
            }
        } catch let problem as PackArchive.Problem {
            throw .cannotArchive(path: out, problem: problem)
        } catch {
            throw writeProblem(out, PackManager.reason(error), action: .exported)
        }
        return PackExport(name: name, path: out, isArchive: isArchive, trackers: trackers.map(\.id).sorted(),
                          files: files.keys.sorted(), requires: requires, sha256: sha256, hash: hash)
    }

    /// A tracker file without the personal keys `since` and `pinned`: each
    /// such top-level line goes, with the indented lines that continue it.
    static func withoutPersonalKeys(_ text: String) -> String {
        var kept: [Substring] = []
        var dropping = false
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let key = line.prefix { $0 != ":" && $0 != " " && $0 != "\t" }
            if (key == "since" || key == "pinned"), line.dropFirst(key.count).drop(while: { $0 == " " }).hasPrefix(":") {
                dropping = true
                continue
            }
            if dropping, line.first == " " || line.first == "\t" { continue }
            dropping = false
            kept.append(line)
        }
        return kept.joined(separator: "\n")
    }

    /// Text with every `local/ID` reference written `NAME/ID`.
    static func requalified(_ text: String, to name: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let range = rest.range(of: "local/") {
            let before = rest[..<range.lowerBound]
            // Only where a reference starts: after a space, a quote, a colon, `[`, `{`, `,` or a line's start.
            let starts = before.last.map { " \t\"':[{,\n-".contains($0) } ?? result.isEmpty
            result += before + (starts ? name + "/" : "local/")
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
