import Foundation
import HavenConfig
import HavenCore
import HavenPresentation
import XCTest

/// A unique temporary folder, removed when the value is released.
public final class TemporaryDirectory {
    public let path: String

    public init(_ prefix: String = "haven-test") {
        let template = NSTemporaryDirectory() + "/\(prefix)-XXXXXX"
        var bytes = Array(template.utf8CString)
        path = bytes.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    /// A folder made elsewhere (on a file system of a test's own), removed likewise.
    public init(existing path: String) {
        self.path = path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `files` (relative path → text) below the folder, creating folders.
    @discardableResult
    public func write(_ files: [String: String]) -> TemporaryDirectory {
        for (relative, text) in files {
            write(relative, bytes: Array(text.utf8))
        }
        return self
    }

    public func write(_ relative: String, bytes: [UInt8]) {
        let full = path + "/" + relative
        try! FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: full, contents: Data(bytes))
    }
}

/// Paths of the repository the tests run in.
public enum Repository {
    /// The package root, found from this file's path.
    public static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The built-in core pack.
    public static var corePack: String { root + "/trackers" }

    /// The example packs, one folder each.
    public static var examplePacks: [String] {
        let folder = root + "/examples"
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            .map { folder + "/" + $0 }
            .filter { FileManager.default.fileExists(atPath: $0 + "/pack.yaml") }
    }
}

/// Loading helpers for configuration tests.
public enum Load {
    /// Loads the core pack plus a `local` pack at `home`, showing local paths
    /// relative to the home (`trackers/t.yaml`).
    public static func home(_ home: String, extra: [PackLocation] = []) -> Catalog {
        let core = PackLocation(id: "core", root: Repository.corePack, display: "core", kind: .builtin)
        let local = PackLocation(id: "local", root: home, display: "", kind: .local)
        return CatalogLoader.load([core] + extra + [local], havenVersion: "0.1.0")
    }

    /// The rendered diagnostics for a home holding `files`.
    public static func diagnostics(_ files: [String: String]) -> [String] {
        let directory = TemporaryDirectory().write(files)
        return home(directory.path).diagnostics.map(\.rendered)
    }

    /// The same said in German, strictly: a phrase without German shows as ⟦phrase⟧.
    public static func germanDiagnostics(_ files: [String: String]) -> [String] {
        let directory = TemporaryDirectory().write(files)
        return home(directory.path).diagnostics.map(Words(language: "de", strict: true).diagnostic)
    }
}

/// Asserts the whole rendered diagnostics for a home holding `files`, and
/// when `german` is given, the same diagnostics said in German.
/// (How fast validation is belongs to `make bench`, never to a functional
/// test on a machine that may be busy.)
public func assertDiagnostics(_ files: [String: String], _ expected: [String], german: [String]? = nil,
                              file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(Load.diagnostics(files), expected, file: file, line: line)
    if let german {
        XCTAssertEqual(Load.germanDiagnostics(files), german, file: file, line: line)
    }
}
