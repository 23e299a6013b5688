import Foundation
import HavenSystem

/// An archive at a web address, fetched with the system `curl` program.
public enum Download {
    public enum Problem: Error, Equatable {
        case curlMissing
        /// curl said no: what it printed.
        case failed(String)
        /// More than `PackArchive.sizeLimit` came: the download stopped there.
        case tooLarge
        /// It did not end within `Fetching.seconds`.
        case timedOut(seconds: Int)
        case interrupted
        /// The file could not be written (the system's reason).
        case cannotWrite(String)
    }

    /// Downloads `url` (https or http, redirects followed) into the file
    /// `path`, counting the bytes as they come, a chunked answer's too: at
    /// most `PackArchive.sizeLimit`, within `Fetching.seconds`.
    public static func fetch(_ url: String, to path: String) throws(Problem) {
        guard let curl = Program.find("curl") else { throw .curlMissing }
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw .cannotWrite(String(cString: strerror(errno))) }
        defer { close(file) }
        let seconds = Fetching.seconds
        guard let result = Program.run(curl, [
            "--fail", "--silent", "--show-error", "--location", "--proto", "=https,http", "--proto-redir", "=https,http",
            "--max-filesize", "\(PackArchive.sizeLimit)", "--max-time", "\(seconds)", "--output", "-", url,
        ], environment: ["PATH=/usr/bin:/bin", "LC_ALL=C", "HOME=" + NSTemporaryDirectory()],
           bounds: .init(seconds: Double(seconds) + 5, output: file, outputLimit: PackArchive.sizeLimit))
        else { throw .curlMissing }
        guard result.succeeded else {
            unlink(path)
            switch result.stopped {
            case .outputTooLarge: throw .tooLarge
            case .timedOut: throw .timedOut(seconds: seconds)
            case .interrupted: throw .interrupted
            case .cannotWrite(let reason): throw .cannotWrite(reason)
            case .watched, nil:
                // curl's own exit 28 is its --max-time; 63 its --max-filesize.
                if result.exited && result.status == 28 { throw .timedOut(seconds: seconds) }
                if result.exited && result.status == 63 { throw .tooLarge }
                throw .failed(result.complaint(name: "curl"))
            }
        }
    }
}

/// How long a fetch (a download, each git call) may take:
/// `HAVEN_FETCH_SECONDS`, else two minutes.
public enum Fetching {
    public static let seconds: Int = {
        ProcessInfo.processInfo.environment["HAVEN_FETCH_SECONDS"].flatMap(Int.init).map { max(1, $0) } ?? 120
    }()
}
