import Foundation
import HavenCore
import HavenSystem
import YAML

extension DecodeContext {
    /// A `.lua` path inside the pack that wrote it, which must exist.
    func hookReference(_ node: Node) -> HookReference? {
        guard let path = text(node, what: .key("hooks")) else { return nil }
        let source = source(of: node)
        let components = path.split(separator: "/")
        guard !path.hasPrefix("/"), !components.contains(".."), path.hasSuffix(".lua") else {
            error("hooks must be a .lua file inside the pack, written relative to its root (e.g. hooks/noalc.lua)",
                  at: node)
            return nil
        }
        let absolute = source.packRoot + "/" + path
        if let (part, problem) = PlainFile.problem(inside: source.packRoot, path) {
            if part == path {
                error("hooks file '{}' {}", path, Phrase(problem), at: node)
            } else {
                error("hooks file '{}': its folder '{}' {}", path, part, Phrase(problem), at: node)
            }
            return nil
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory), !isDirectory.boolValue else {
            let folder = source.packDisplay.isEmpty || source.packDisplay == "." ? Phrase.none
                : Phrase(" in {}", source.packDisplay)
            error("hooks file '{}' not found{}; create it or fix the path", path, folder, at: node)
            return nil
        }
        return HookReference(pack: source.pack, path: path, absolutePath: absolute,
                             display: PackLocation.join(source.packDisplay, path))
    }
}
