import HavenConfig
import HavenCore

/// Why a pack command stopped, as facts: the command line says it in the
/// person's language and maps it to an exit status. A refused command
/// leaves the home as it was.
public indirect enum PackError: Error, Equatable, Sendable {
    /// What a pack command leaves undone when it stops.
    public enum Action: String, Sendable {
        case installed, updated, restored, exported
    }

    /// What a bad pack name should become, by the command that met it.
    public enum Rename: Sendable {
        /// `pack install`: install it under another name.
        case installAs
        /// `pack new`: another name.
        case another
        /// `pack export`: another `--name`.
        case anotherExportName
    }

    /// Which command needs a pack to be in `packs.lock`.
    public enum LockedFor: Sendable {
        case trust, update
    }

    // MARK: The home

    /// `packs.lock` cannot be read; `reason` is what reading it found.
    case lockUnreadable(lock: String, problem: PackLock.Problem)
    /// Another `haven pack` command holds this home's packs.
    case busy(home: String)
    /// The disk holding the home is full.
    case diskFull(home: String, action: Action)
    /// A file or folder of the home cannot be written.
    case cannotWrite(path: String, reason: String)
    /// Ctrl-C or SIGTERM stopped the command, which put everything back.
    case interrupted(Action)
    /// The inner refusal, after which nothing was done.
    case nothingDone(PackError, Action)

    // MARK: Sources

    /// The folder or archive named does not exist.
    case sourceNotFound(String)
    /// `git` is not installed.
    case gitMissing
    /// `curl` is not installed.
    case curlMissing
    /// A name that is Haven's own (`core`, `local`) or not an id.
    case badName(String, reserved: Bool, rename: Rename)
    /// `--link` for an archive or a git repository.
    case linkNeedsFolder(source: String, isArchive: Bool)
    /// A pack of that name is installed already.
    case alreadyInstalled(id: String, home: String)
    /// `--ref` for an archive.
    case refOnArchive(source: String)
    /// `--ref` for a plain folder.
    case refOnFolder(source: String)
    /// `--sha256` for something that is not an archive.
    case sha256OnNonArchive(source: String)
    /// An archive at an address, without the sha256 to check it by.
    case addressNeedsSHA256(url: String)
    /// git could not fetch the source.
    case cannotFetch(source: String, problem: GitSource.Problem)
    /// git could not list the source's versions.
    case cannotAskVersions(url: String, problem: GitSource.Problem)
    /// git failed while fetching a recorded commit.
    case gitSaid(GitSource.Problem)
    /// curl could not download the archive, or it was too large or slow.
    case cannotDownload(url: String, problem: Download.Problem)
    /// The archive cannot be read.
    case archiveUnreadable(source: String, problem: PackArchive.Problem)
    /// The archive is not the one the sha256 names.
    case checksumMismatch(source: String, actual: String, expected: String)
    /// The archive cannot be unpacked.
    case cannotUnpack(source: String, problem: PackArchive.Problem)
    /// A file in the pack that is not plain (a link, a FIFO).
    case notPlain(source: String, path: String, problem: String)
    /// A file of the pack whose name holds a line break.
    case lineBreakInName(source: String, path: String)
    /// A file of the pack cannot be read.
    case unreadableFile(source: String, path: String, reason: String)
    /// The pack's files have problems.
    case invalid(id: String, diagnostics: [Diagnostic], action: Action)
    /// `--without` names trackers the pack does not hold (`has` lists what it holds).
    case notInPack(id: String, trackers: [String], has: [String])
    /// Trackers of the pack have ids in use already; `retry` is the command
    /// that installs the rest, and `dryRun` says whether anything was tried.
    case trackersClash(id: String, clashes: [Catalog.Clash], retry: String, dryRun: Bool)

    // MARK: Installed packs

    /// No installed pack has this id.
    case notInstalled(String)
    /// The pack is not in `packs.lock`, so it cannot be trusted or updated.
    case notLocked(id: String, lock: String, for: LockedFor)
    /// `trust` or `untrust` of a pack copied into `folder` by hand: it loads
    /// as the person's own files (its trackers and hooks files named), and
    /// trust is only for what `pack install` put there.
    case copiedByHand(id: String, folder: String, trackers: [String], hooks: [String])
    /// `trust` or `untrust` of a link put into `packs/` by hand: Haven never
    /// follows it; `target` is the folder it names.
    case linkedByHand(id: String, target: String)
    /// Other packs require it, or the home's trackers extend its presets.
    case stillNeeded(id: String, requiredBy: [String], extendedBy: [String])
    /// `pack new` where the folder exists.
    case folderExists(String)
    /// The pack's files differ from the lock: restoring would replace them.
    case modifiedLocally(id: String, home: String)
    /// The pack's files differ from the lock: updating needs `--force`.
    case modifiedNeedsForce(id: String)
    /// A linked pack is never updated.
    case linkedNeverUpdated(id: String, folder: String?)
    /// In the lock but not in `packs/`.
    case lockedButMissing(id: String, home: String)
    /// The folder or archive the pack came from is gone.
    case sourceGone(id: String, path: String)
    /// An archive at an address is pinned by its sha256.
    case pinnedArchive(id: String, url: String)
    /// A source of a kind that is never updated.
    case neverUpdated(id: String, kind: String)
    /// No version kept from before an update.
    case noEarlierVersion(String)

    // MARK: Restoring from the lock

    /// A recorded folder is gone.
    case folderGone
    /// A recorded archive is gone.
    case archiveGone
    /// The lock records no sha256 for an archive at an address.
    case noRecordedSHA256
    /// The lock names a source kind this Haven cannot fetch.
    case unknownSourceKind(String)
    /// Restoring `id` from `source` failed for the inner reason.
    case cannotRestore(id: String, source: String, because: PackError)
    /// Restoring `id` from `source` failed; `reason` is what the files said.
    case cannotRestoreFiles(id: String, source: String, problem: FilesProblem)
    /// The source no longer holds what the lock records.
    case contentChanged(id: String, source: String, hash: String)
    /// A linked pack's folder is gone.
    case linkGone(id: String, folder: String)

    // MARK: Export

    /// `--version` that is not a version.
    case badVersion(String)
    /// `--out` names a zip archive.
    case exportNotZip(name: String)
    /// `--out` exists.
    case outputExists(String)
    /// The home has no trackers of its own.
    case nothingToExport
    /// A tracker that comes from an installed pack.
    case fromAnotherPack(id: String, pack: String)
    /// A file to export cannot be read.
    case cannotReadForExport(String)
    /// The `.tar.gz` of an export could not be made.
    case cannotArchive(path: String, problem: PackArchive.Problem)
}

/// Why the files of a pack being restored could not be copied or hashed.
public enum FilesProblem: Sendable, Equatable {
    case copy(PackFolder.Problem)
    case hash(PackHash.Problem)
}
