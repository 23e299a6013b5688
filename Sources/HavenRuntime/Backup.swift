import Foundation
import HavenCore
import HavenStore

extension Runtime {
    /// `haven backup`: a consistent copy of the home's database at
    /// `destination` (replacing one there), taken while Haven may be running.
    public func backupDatabase(to destination: String) throws(RuntimeError) {
        guard FileManager.default.fileExists(atPath: layout.database) else {
            throw .database(.unreadable(path: layout.database, reason: "there is no database yet; log something first"))
        }
        do {
            try Store(path: layout.database, readOnly: true).backup(to: destination)
        } catch {
            throw .store(error)
        }
    }
}
