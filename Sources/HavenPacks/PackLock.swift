import Foundation
import HavenCore

/// `packs.lock` (SPEC §8): where each installed pack came from, what it
/// resolved to, its content hash and what was trusted. JSON with sorted
/// keys and one pack per line, for readable diffs in a dotfiles repository.
public struct PackLock: Sendable, Equatable {
    public static let version = 1

    /// What kind of source a pack comes from; a lock written by a later
    /// Haven may name a kind this one does not know, kept as it is.
    public enum SourceKind: Codable, Sendable, Hashable, CustomStringConvertible {
        case folder, link, git, archive
        case other(String)

        public init(_ name: String) {
            switch name {
            case "folder": self = .folder
            case "link": self = .link
            case "git": self = .git
            case "archive": self = .archive
            default: self = .other(name)
            }
        }

        /// The name `packs.lock` gives it.
        public var description: String {
            switch self {
            case .folder: "folder"
            case .link: "link"
            case .git: "git"
            case .archive: "archive"
            case .other(let name): name
            }
        }

        public init(from decoder: any Decoder) throws {
            self.init(try decoder.singleValueContainer().decode(String.self))
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(description)
        }
    }

    /// Where a pack comes from.
    public struct Source: Codable, Sendable, Equatable {
        public var kind: SourceKind
        public var url: String?
        public var path: String?
        /// The tag, branch, commit or version range asked for.
        public var ref: String?
        public var sha256: String?

        public init(kind: SourceKind, url: String? = nil, path: String? = nil, ref: String? = nil, sha256: String? = nil) {
            self.kind = kind
            self.url = url
            self.path = path
            self.ref = ref
            self.sha256 = sha256
        }
    }

    /// One installed pack.
    public struct Entry: Codable, Sendable, Equatable {
        public var source: Source
        /// The commit a git source resolved to; nil for folders and archives.
        public var resolved: String?
        public var version: String?
        /// The pack's `h1:` content hash when installed.
        public var hash: String
        /// The `c1:` hash of the code the person trusted (`PackTrust`; an
        /// older lock's `h1:` of `hooks/`), or nil while the pack waits for trust.
        public var trusted: String?
        /// The pack's tracker ids the person left out (`--without ID`),
        /// sorted; nil when none.
        public var without: [String]?

        public init(source: Source, resolved: String? = nil, version: String? = nil, hash: String, trusted: String? = nil,
                    without: [String]? = nil) {
            self.source = source
            self.resolved = resolved
            self.version = version
            self.hash = hash
            self.trusted = trusted
            self.without = without
        }
    }

    public var packs: [String: Entry]

    public init(packs: [String: Entry] = [:]) {
        self.packs = packs
    }

    public enum Problem: Error, Equatable, Sendable {
        /// Not the JSON Haven writes (the decoder's words).
        case unreadable(String)
        /// Reading it failed (the system's reason).
        case notAFile(String)
        /// Not a plain file (the system's words: "is a folder", …).
        case notPlain(String)
        /// Larger than a lock ever is.
        case tooLarge(bytes: Int)
        case newerVersion(Int)
        /// A pack id a person could not type (`../x`, `core`): it names a folder.
        case badID(String)
        /// A source, ref or hash that is not one Haven writes for this pack.
        case badEntry(id: String, field: String, value: String)
    }

    /// Reads a lock file's text.
    public init(text: String) throws(Problem) {
        struct File: Decodable {
            var lockVersion: Int
            var packs: [String: Entry]
        }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: Data(text.utf8))
        } catch {
            throw .unreadable("\(error)")
        }
        guard file.lockVersion <= PackLock.version else { throw .newerVersion(file.lockVersion) }
        for (id, entry) in file.packs { try PackLock.check(id, entry) }
        packs = file.packs
    }

    /// A lock is input (it is shared, in dotfiles): each id, source, ref
    /// and hash is checked as a name typed on the command line would be,
    /// before any of it names a folder, a link or a git argument.
    static func check(_ id: String, _ entry: Entry) throws(Problem) {
        guard Identifier.isValid(id), id != "core", id != "local" else { throw .badID(String(id.prefix(80))) }
        func plain(_ value: String?, _ field: String, required: Bool = false) throws(Problem) {
            guard let value else {
                if required { throw .badEntry(id: id, field: field, value: "") }
                return
            }
            // No control character, and never an option to git or curl.
            guard !value.isEmpty, value.count <= 4096, !value.hasPrefix("-"),
                  !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                throw .badEntry(id: id, field: field, value: String(value.prefix(80)))
            }
        }
        let source = entry.source
        switch source.kind {
        case .folder, .link: try plain(source.path, "source.path", required: true)
        case .git: try plain(source.url, "source.url", required: true)
        case .archive: try plain(source.url ?? source.path, source.url == nil ? "source.path" : "source.url", required: true)
        case .other:
            // A later Haven's kind: kept as it is, and never acted on here.
            try plain(source.url, "source.url")
            try plain(source.path, "source.path")
        }
        try plain(source.ref, "source.ref")
        func hex(_ value: String?, _ field: String, count: ClosedRange<Int>) throws(Problem) {
            guard let value else { return }
            guard count.contains(value.count),
                  value.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || ("a"..."f").contains($0) })
            else { throw .badEntry(id: id, field: field, value: String(value.prefix(80))) }
        }
        for left in entry.without ?? [] where !Identifier.isValid(left) {
            throw .badEntry(id: id, field: "without", value: String(left.prefix(80)))
        }
        try hex(source.sha256, "source.sha256", count: 64 ... 64)
        // A commit: SHA-1 or SHA-256, maybe abbreviated.
        try hex(entry.resolved, "resolved", count: 4 ... 64)
        for (field, hash) in [("hash", entry.hash), ("trusted", entry.trusted)] {
            guard let hash else { continue }
            guard hash.hasPrefix("h1:") || (field == "trusted" && hash.hasPrefix("c1:")), hash.count <= 64, !hash.contains("/") || hash.count == 47 else {
                throw .badEntry(id: id, field: field, value: String(hash.prefix(80)))
            }
        }
    }

    /// The file's text: sorted keys, one pack per line, a final line break.
    public var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let lines = packs.keys.sorted().map { id -> String in
            let key = String(decoding: try! encoder.encode(id), as: UTF8.self)
            return key + ":" + String(decoding: try! encoder.encode(packs[id]!), as: UTF8.self)
        }
        if lines.isEmpty { return "{\"lockVersion\":\(PackLock.version),\"packs\":{}}\n" }
        return "{\"lockVersion\":\(PackLock.version),\"packs\":{\n" + lines.joined(separator: ",\n") + "\n}}\n"
    }
}
