import Foundation

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
        /// The `h1:` hash of the `hooks/` folder the person trusted, or nil
        /// while the pack waits for trust.
        public var trusted: String?

        public init(source: Source, resolved: String? = nil, version: String? = nil, hash: String, trusted: String? = nil) {
            self.source = source
            self.resolved = resolved
            self.version = version
            self.hash = hash
            self.trusted = trusted
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
        packs = file.packs
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
