import Foundation
import HavenSystem

/// An archive at a web address, fetched with the system `curl` program.
public enum Download {
    public enum Problem: Error, Equatable {
        case curlMissing
        case failed(String)
    }

    /// Downloads `url` (https or http, redirects followed, at most
    /// `PackArchive.sizeLimit` bytes, two minutes) into the file `path`.
    public static func fetch(_ url: String, to path: String) throws(Problem) {
        guard let curl = Program.find("curl") else { throw .curlMissing }
        guard let result = Program.run(curl, [
            "--fail", "--silent", "--show-error", "--location", "--proto", "=https,http", "--proto-redir", "=https,http",
            "--max-filesize", "\(PackArchive.sizeLimit)", "--max-time", "120", "--output", path, url,
        ], environment: ["PATH=/usr/bin:/bin", "LC_ALL=C", "HOME=" + NSTemporaryDirectory()]) else { throw .curlMissing }
        guard result.succeeded else {
            unlink(path)
            throw .failed(result.complaint(name: "curl"))
        }
    }
}
