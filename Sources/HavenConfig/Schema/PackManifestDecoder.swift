import HavenCore
import YAML

extension DecodeContext {
    /// Decodes `pack.yaml`; `havenVersion` is checked against its `haven:` range.
    func packManifest(_ node: Node, havenVersion: String) -> PackManifest? {
        if node.isNull { return PackManifest() }
        guard let keys = mapping(node, PackKey.self, what: "pack.yaml") else { return nil }
        var manifest = PackManifest()
        manifest.name = keys[.name].flatMap { localized($0.value, what: "name") }
        manifest.version = keys[.version].flatMap { version($0.value, what: "version") }
        manifest.description = keys[.description].flatMap { localized($0.value, what: "description") }
        manifest.license = keys[.license].flatMap { text($0.value, what: "license") }
        if let authors = keys[.authors]?.value {
            if authors.scalar != nil {
                manifest.authors = text(authors, what: "authors").map { [$0] } ?? []
            } else {
                manifest.authors = (list(authors, what: "authors") ?? []).compactMap { text($0, what: "an author") }
            }
        }
        if let haven = keys[.haven]?.value, let range = text(haven, what: "haven") {
            switch VersionRange(range) {
            case .none:
                error("haven must be a version range like \"^0.1\" or \">=0.1, <1.0\", not '\(range)'", at: haven)
            case .some(let parsed) where !(Version(havenVersion).map(parsed.contains) ?? false):
                error("this pack needs Haven \(range); this is Haven \(havenVersion)", at: haven)
            default:
                manifest.haven = range
            }
        }
        if let defaults = keys[.defaults]?.value, let items = list(defaults, what: "defaults") {
            manifest.defaults = items.compactMap { text($0, what: "a default") }
        }
        return manifest
    }

    private func version(_ node: Node, what: String) -> String? {
        guard let value = text(node, what: what) else { return nil }
        guard Version(value) != nil else {
            error("\(what) must look like 1.0 or 1.2.3, not '\(value)'", at: node)
            return nil
        }
        return value
    }
}
