import HavenCore
import YAML

extension DecodeContext {
    /// Decodes `pack.yaml`; `havenVersion` is checked against its `haven:` range.
    func packManifest(_ node: Node, havenVersion: String) -> PackManifest? {
        if node.isNull { return PackManifest() }
        guard let keys = mapping(node, PackKey.self, what: .key("pack.yaml")) else { return nil }
        var manifest = PackManifest()
        manifest.name = keys[.name].flatMap { localized($0.value, what: .key("name")) }
        manifest.version = keys[.version].flatMap { version($0.value, what: .key("version")) }
        manifest.description = keys[.description].flatMap { localized($0.value, what: .key("description")) }
        manifest.license = keys[.license].flatMap { text($0.value, what: .key("license")) }
        if let authors = keys[.authors]?.value {
            if authors.scalar != nil {
                manifest.authors = text(authors, what: .key("authors")).map { [$0] } ?? []
            } else {
                manifest.authors = (list(authors, what: .key("authors")) ?? [])
                    .compactMap { text($0, what: Phrase("an author")) }
            }
        }
        if let haven = keys[.haven]?.value, let range = text(haven, what: .key("haven")) {
            switch VersionRange(range) {
            case .none:
                error("haven must be a version range like \"^0.1\" or \">=0.1, <1.0\", not '{}'", range, at: haven)
            case .some(let parsed) where !(Version(havenVersion).map(parsed.contains) ?? false):
                error("this pack needs Haven {}; this is Haven {}", range, havenVersion, at: haven)
            default:
                manifest.haven = range
            }
        }
        if let defaults = keys[.defaults]?.value, let items = list(defaults, what: .key("defaults")) {
            manifest.defaults = items.compactMap { text($0, what: Phrase("a default")) }
        }
        if let node = keys[.id]?.value, let id = text(node, what: .key("id")) {
            if id == "core" || id == "local" {
                error("a pack may not be named '{}': that name is Haven's own; choose another id", id, at: node)
            } else if !Identifier.isValid(id) {
                error("'{}' is not a valid pack id; use lower-case letters, digits and '-', starting with a letter", id,
                      at: node)
            } else {
                manifest.id = id
            }
        }
        if let node = keys[.disabled]?.value, let items = list(node, what: .key("disabled")) {
            manifest.disabled = items.compactMap { text($0, what: Phrase("a tracker id")) }
        }
        if let node = keys[.checkin]?.value, let checkin = mapping(node, CheckinKey.self, what: .key("checkin")) {
            if let at = checkin[.at] {
                manifest.checkinAt = time(at.value, what: .key("at"))
            } else {
                error("checkin needs 'at:', the time of the evening check-in, such as { at: \"21:00\" }", at: node)
            }
        }
        if let node = keys[.atRisk]?.value, let atRisk = mapping(node, AtRiskKey.self, what: .key("at_risk")) {
            if let at = atRisk[.at] {
                manifest.atRiskAt = time(at.value, what: .key("at"))
            } else {
                error("at_risk needs 'at:', the time to remind every running streak still open, such as { "
                      + "at: \"20:00\" }",
                      at: node)
            }
        }
        manifest.repository = keys[.repository].flatMap { text($0.value, what: .key("repository")) }
        manifest.homepage = keys[.homepage].flatMap { text($0.value, what: .key("homepage")) }
        if let node = keys[.requires]?.value {
            guard let pairs = node.pairs else {
                error("requires must be a mapping of pack ids to version ranges, like { mindful: \"^1.2\" }", at: node)
                return manifest
            }
            for pair in pairs {
                guard let id = text(pair.key, what: Phrase("a required pack")),
                      let range = text(pair.value, what: Phrase("a version range"))
                else { continue }
                guard Identifier.isValid(id) else {
                    error("'{}' is not a pack id (lower-case letters, digits and '-')", id, at: pair.key)
                    continue
                }
                guard VersionRange(range) != nil else {
                    error("'{}' is not a version range; write one like \"^1.2\" or \">=1.0, "
                          + "<2.0\"", range, at: pair.value)
                    continue
                }
                manifest.requires[id] = range
            }
        }
        return manifest
    }

    private func version(_ node: Node, what: Phrase) -> String? {
        guard let value = text(node, what: what) else { return nil }
        guard Version(value) != nil else {
            error("{} must look like 1.0 or 1.2.3, not '{}'", what, value, at: node)
            return nil
        }
        return value
    }
}
