import HavenConfig
import HavenCore
import HavenPacks
import HavenPresentation

extension Invocation {
    /// A pack manager's refusal as a message and an exit status, in the
    /// person's language.
    static func cliError(_ error: PackError, words: Words) -> CLIError {
        CLIError(status(error), message(error, words: words))
    }

    private static func status(_ error: PackError) -> ExitStatus {
        switch error {
        case .busy: .tempFailure
        case .diskFull: .ioError
        case .cannotWrite, .cannotArchive: .cannotCreate
        case .interrupted: .interrupted
        case .sourceNotFound: .noInput
        case .gitMissing, .curlMissing: .unavailable
        // The server said no (a 404, no network) or said nothing: a service, not the data.
        case .cannotDownload(_, .failed), .cannotDownload(_, .timedOut): .unavailable
        case .nothingDone(let inner, _): status(inner)
        default: .dataError
        }
    }

    /// What is left undone, as the end of a sentence ("installed").
    private static func undone(_ action: PackError.Action, _ words: Words) -> String {
        switch action {
        case .installed: words("installed")
        case .updated: words("updated")
        case .restored: words("restored")
        case .exported: words("exported")
        }
    }

    static func message(_ error: PackError, words: Words) -> String {
        switch error {
        case .lockUnreadable(let lock, let problem):
            return words("{} cannot be read ({}); fix or remove it first", lock, text(problem, words))
        case .busy(let home):
            return words("another 'haven pack' command is changing the packs of {}; try again when it has finished", home)
        case .diskFull(let home, let action):
            return words("the disk holding {} is full; nothing was {}. Free some space and try again", home,
                         undone(action, words))
        case .cannotWrite(let path, let reason):
            return words("cannot create {}: {}; pass --home DIR with a folder you can write", path, reason)
        case .interrupted(let action):
            return words("interrupted; nothing was {}", undone(action, words))
        case .nothingDone(let inner, let action):
            return words("{}; nothing was {}", message(inner, words: words), undone(action, words))
        case .sourceNotFound(let path):
            return words("no such file or folder: {}", path)
        case .gitMissing:
            return words("git is not installed; install it (apt-get install git) to use packs from git repositories")
        case .curlMissing:
            return words("curl is not installed; install it (apt-get install curl) to install packs from web addresses")
        case .badName(let name, let reserved, let rename):
            let fix = switch rename {
            case .installAs: words("install it with --as NAME")
            case .another: words("choose another name")
            case .anotherExportName: words("choose another --name")
            }
            return reserved ? words("a pack may not be named '{}': that name is Haven's own; {}", name, fix)
                : words("'{}' is not a valid pack name; {} with lower-case letters, digits and '-', starting with a letter",
                        name, fix)
        case .linkNeedsFolder(let source, let isArchive):
            return isArchive
                ? words("--link is for a pack folder you are working on, and {} is an archive; install it without --link", source)
                : words("--link is for a pack folder you are working on, and {} is a git repository; install it without "
                    + "--link", source)
        case .alreadyInstalled(let id, let home):
            return words("a pack '{}' is already installed in {}/packs/{}; remove it first, or install this one under "
                + "another name with --as NAME", id, home, id)
        case .refOnArchive(let source):
            return words("--ref is for git repositories, and {} is an archive; install it without --ref", source)
        case .refOnFolder(let source):
            return words("--ref is for git repositories, and {} is a plain folder; install it without --ref", source)
        case .sha256OnNonArchive(let source):
            return words("--sha256 is for archives, and {} is not one", source)
        case .addressNeedsSHA256(let url):
            return words("an archive from an address is installed only with the sha256 its author published: "
                + "haven pack install {} --sha256 HEX", url)
        case .cannotFetch(let source, let problem):
            return words("cannot fetch {}: {}", source, text(problem, words))
        case .cannotAskVersions(let url, let problem):
            return words("cannot ask {} for its versions: {}", url, text(problem, words))
        case .gitSaid(let problem):
            return words("git says: {}", text(problem, words))
        case .cannotDownload(let url, let problem):
            return words("cannot download {}: {}", url, text(problem, words))
        case .archiveUnreadable(let source, let problem):
            return words("cannot read {}: {}", source, text(problem, words))
        case .checksumMismatch(let source, let actual, let expected):
            return words("{} has the sha256 {}, not {}: it is not the archive you expected", source, actual, expected)
        case .cannotUnpack(let source, let problem):
            return words("{} cannot be unpacked: {}", source, text(problem, words))
        case .notPlain(let source, let path, let problem):
            return "\(source)/\(path) \(problem)"
        case .lineBreakInName(let source, let path):
            return words("{}/{} has a line break in its name", source, path)
        case .unreadableFile(let source, let path, let reason):
            return words("cannot read {}/{}: {}", source, path, reason)
        case .invalid(let id, let diagnostics, let action):
            let count = Diagnostic.problems(in: diagnostics)
            return words("'{}' was not {}: {} found; nothing in your home changed", id, undone(action, words),
                         words(count == 1 ? "{} problem" : "{} problems", count))
                + "\n" + diagnostics.map(words.diagnostic).joined(separator: "\n")
        case .notInPack(let id, let trackers, let has):
            let named = trackers.map { "'\($0)'" }.joined(separator: ", ")
            return has.isEmpty ? words("'{}' holds no tracker {}; it has no trackers to leave out", id, named)
                : words("'{}' holds no tracker {}; its trackers are {}", id, named, has.joined(separator: ", "))
        case .trackersClash(let id, let clashes, let retry, let dryRun):
            let clauses = clashes.map { clash in
                clash.ownerIsHome ? words("its tracker '{}' has the id of your {}", clash.id, clash.owner)
                    : words("its tracker '{}' has the id of {}, which came first", clash.id, clash.owner)
            }.joined(separator: "; ")
            return words(dryRun ? "'{}' would not be installed: {}" : "'{}' was not installed: {}", id, clauses) + "; "
                + words(clashes.count == 1 ? "to install the rest, leave it out: {}" : "to install the rest, leave them out: {}",
                        retry)
                + (clashes.contains(where: \.ownerIsHome)
                    ? words(" (then 'haven add {}/{} --id NEW-ID' adds theirs beside yours)", id,
                            clashes.first(where: \.ownerIsHome)!.id) : "")
                + (dryRun ? "" : words("; nothing in your home changed"))
        case .notInstalled(let id):
            return words("no pack '{}' is installed; 'haven pack list' lists them", id)
        case .copiedByHand(let id, let folder, let trackers, let hooks):
            let holds = (trackers.isEmpty ? words("no trackers") : words("trackers: {}", trackers.joined(separator: ", ")))
                + "; " + (hooks.isEmpty ? words("no hooks") : words("hooks: {}", hooks.joined(separator: ", ")))
            return words("'{}' was copied into {} by hand, so Haven loads it as your own files, as they are ({}); trust "
                + "is only for packs 'haven pack install' put there. To install it, move it out and install it: mv {} "
                + "./{} && haven pack install ./{}; or leave it as your own files", id, folder, holds, folder, id, id)
        case .linkedByHand(let id, let target):
            return words("'{}' is a link put into packs/ by hand, and Haven never follows one; to use the folder it names, "
                + "install it: haven pack install {} --link", id, target)
        case .notLocked(let id, let lock, let purpose):
            return purpose == .trust
                ? words("'{}' is not in {}; only packs installed with 'haven pack install' are trusted or untrusted", id, lock)
                : words("'{}' is not in {}; only packs installed with 'haven pack install' can be updated", id, lock)
        case .stillNeeded(let id, let requiredBy, let extendedBy):
            var reasons: [String] = []
            if !requiredBy.isEmpty {
                reasons.append(words(requiredBy.count == 1 ? "the pack {} requires it" : "the packs {} require it",
                                     requiredBy.joined(separator: ", ")))
            }
            if !extendedBy.isEmpty {
                reasons.append(words(extendedBy.count == 1 ? "{} extends its presets" : "{} extend its presets",
                                     extendedBy.joined(separator: ", ")))
            }
            let those = requiredBy.count + extendedBy.count == 1 ? words("that") : words("those")
            return words("'{}' stays: {}; remove or change {} first", id, reasons.joined(separator: words(", and ")), those)
        case .folderExists(let name):
            return words("{} already exists here; choose another name or another folder", name)
        case .modifiedLocally(let id, let home):
            return words("{}/packs/{} differs from packs.lock (modified locally); nothing was restored. Move it aside to "
                + "restore it as recorded", home, id)
        case .modifiedNeedsForce(let id):
            return words("'{}' is modified locally: its files differ from packs.lock, and an update would replace them; "
                + "copy out what you changed, then 'haven pack update {} --force'", id, id)
        case .linkedNeverUpdated(let id, let folder):
            return words("'{}' links to {}: its files are that folder's as you edit them, and a linked pack is never "
                + "updated", id, folder ?? words("a folder"))
        case .lockedButMissing(let id, let home):
            return words("'{}' is in packs.lock but not in {}/packs; 'haven pack install' restores it first", id, home)
        case .sourceGone(let id, let path):
            return words("'{}' came from {}, which is gone; nothing was updated", id, path)
        case .pinnedArchive(let id, let url):
            return words("'{}' is the archive at {}, pinned by its sha256; to move to another version, 'haven pack "
                + "remove {}' and install the new archive's address with --sha256", id, url, id)
        case .neverUpdated(let id, let kind):
            return words("'{}' comes from a {} source, which is never updated", id, kind)
        case .noEarlierVersion(let id):
            return words("'{}' has no earlier version to go back to; 'haven pack update {}' keeps one", id, id)
        case .folderGone:
            return words("the folder is gone")
        case .archiveGone:
            return words("the archive is gone")
        case .noRecordedSHA256:
            return words("the lock records no sha256 for it")
        case .unknownSourceKind(let kind):
            return words("this Haven cannot fetch a {} source", kind)
        case .cannotRestore(let id, let source, let inner):
            return words("cannot restore '{}' from {}: {}; nothing was restored", id, source, message(inner, words: words))
        case .cannotRestoreFiles(let id, let source, let problem):
            return words("cannot restore '{}' from {}: {}; nothing was restored", id, source, text(problem, words))
        case .contentChanged(let id, let source, let hash):
            return words("cannot restore '{}': {} no longer holds the content packs.lock records ({}); nothing was "
                + "restored. 'haven pack update {}' will take the new content", id, source, hash, id)
        case .linkGone(let id, let folder):
            return words("cannot restore '{}': it links to {}, which is gone; nothing was restored", id, folder)
        case .badVersion(let version):
            return words("'{}' is not a version; give one like --version 1.0.0", version)
        case .exportNotZip(let name):
            return words("an export is a folder or a .tar.gz; give --out {} or --out {}.tar.gz", name, name)
        case .outputExists(let shown):
            return words("{} already exists; give another --out, or move it away", shown)
        case .nothingToExport:
            return words("your home has no trackers of its own to export; 'haven add' makes one")
        case .fromAnotherPack(let id, let pack):
            return words("'{}' comes from the pack '{}'; share that pack instead ('haven pack list' shows where it came from)",
                         id, pack)
        case .cannotReadForExport(let path):
            return words("cannot read {}; nothing was exported", path)
        case .cannotArchive(let path, let problem):
            return words("cannot make {}: {}; nothing was exported", path, text(problem, words))
        }
    }
}
