import HavenPacks
import HavenPresentation

/// The words for what a pack's archive, lock, git or files said; the pack
/// manager's refusals (PackErrorText) put them in their sentences.
extension Invocation {
    static func text(_ problem: PackArchive.Problem, _ words: Words) -> String {
        switch problem {
        case .unknownKind: return words("not a .zip, .tar.gz or .tgz file")
        case .archiveTooLarge(let bytes):
            return words("the archive holds {} bytes; at most {} MiB", bytes, PackArchive.sizeLimit >> 20)
        case .archiveNotPlain(let what): return "it \(what)"
        case .unreadable(let reason), .cannotWrite(let reason): return reason
        case .notZip: return words("it is not a zip archive Haven can read")
        case .damagedZip(let reason): return words("it is damaged ({})", reason)
        case .notGzip: return words("it is not gzip, or it is damaged or cut short")
        case .outOfMemory: return words("out of memory")
        case .badTarHeader(let offset): return words("a tar header at byte {} is damaged", offset)
        case .cutShort: return words("it is cut short")
        case .noName: return words("a file without a name")
        case .twice(let path): return words("{} is in it twice", path)
        case .fileAndFolder(let path): return words("{} is in it both as a file and as a folder", path)
        case .escapes(let name): return words("'{}' would land outside the pack's folder", name)
        case .gitFolder(let name):
            return words("'{}' is inside a .git folder, which an archive may not install (git runs what its config says, "
                + "and trust does not cover it); leave .git out of the archive", name)
        case .notPlain(let name, let what):
            switch what {
            case .link: return words("{} is a link", name)
            case .device: return words("{} is a device", name)
            case .fifo: return words("{} is a FIFO", name)
            case .tarEntry(let type): return words("{} is a tar entry of type '{}'", name, type)
            case .other(let what): return "\(name) \(what)"
            }
        case .tooManyEntries: return words("it holds more than {} entries", PackArchive.entryLimit)
        case .fileTooLarge(let name, let bytes):
            return words("{} holds {} bytes; a pack's file may hold {} MiB", name, bytes, PackArchive.fileLimit >> 20)
        case .fileUnpacksTooLarge(let name):
            return words("{} unpacks to more than {} MiB", name, PackArchive.fileLimit >> 20)
        case .unpacksTooLarge: return words("it unpacks to more than {} MiB", PackArchive.sizeLimit >> 20)
        case .cannotWriteFile(let path, let reason): return words("{} could not be written: {}", path, reason)
        case .exportFileTooLarge(let file, let bytes): return words("{} holds {} bytes", file, bytes)
        case .cannotRead(let file, let reason): return words("cannot read {}: {}", file, reason)
        case .pathTooLong(let name): return words("the path {} is too long for a tar archive", name)
        }
    }

    static func text(_ problem: PackLock.Problem, _ words: Words) -> String {
        switch problem {
        case .unreadable(let reason): return words("it is not the JSON Haven writes ({})", String(reason.prefix(200)))
        case .notAFile(let reason): return reason.lowercased()
        case .notPlain(let what): return "it \(what)"
        case .tooLarge(let bytes): return words("it holds {} bytes, more than a lock ever does", bytes)
        case .newerVersion(let version): return words("it was written by a newer Haven (lock version {})", version)
        case .badID(let id): return words("'{}' is not a pack id (lower-case letters, digits and '-', not core or local)", id)
        case .badEntry(let id, let field, let value):
            return words("the {} of pack '{}' is not one Haven writes: '{}'", field, id, TerminalText.oneLine(value))
        }
    }

    static func text(_ problem: Download.Problem, _ words: Words) -> String {
        switch problem {
        case .curlMissing: return words("curl is not installed")
        case .failed(let said): return said
        case .tooLarge: return words("the archive is larger than {} MiB; the download stopped there", PackArchive.sizeLimit >> 20)
        case .timedOut(let seconds): return words("it did not arrive within {} s", seconds)
        case .interrupted: return words("interrupted")
        case .cannotWrite(let reason): return words("cannot write the download: {}", reason)
        }
    }

    static func text(_ problem: GitSource.Problem, _ words: Words) -> String {
        switch problem {
        case .gitMissing: return words("git is not installed")
        case .failed(let said): return said
        case .noMatch(let ref, let tags) where tags.isEmpty:
            return words("no tag, branch or commit matches '{}'", ref)
        case .noMatch(let ref, let tags):
            return words("no tag, branch or commit matches '{}' (its version tags: {})", ref, tags.joined(separator: ", "))
        case .timedOut(let seconds): return words("git did not finish within {} s", seconds)
        case .repositoryTooLarge:
            return words("the repository is larger than {} MiB; git was stopped there", PackArchive.sizeLimit >> 20)
        case .tree(let problem): return text(problem, words)
        case .interrupted: return words("interrupted")
        }
    }

    static func text(_ problem: FilesProblem, _ words: Words) -> String {
        switch problem {
        case .copy(.notPlain(let path, let what)), .hash(.notPlain(let path, let what)): return "\(path) \(what)"
        case .copy(.unreadable(let path, let reason)), .hash(.unreadable(let path, let reason)):
            return words("cannot read {}: {}", path, reason)
        case .copy(.cannotWrite(let path, let reason)): return words("cannot write {}: {}", path, reason)
        case .hash(.badName(let path)): return words("the file name '{}' holds a line break", path)
        }
    }
}
