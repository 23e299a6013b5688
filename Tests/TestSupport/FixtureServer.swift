import Foundation

/// A fake server of the tests' own (a Python script in Tests/Fixtures that
/// writes its port to a file once it listens), started and stopped by PID.
public enum FixtureServer {
    /// Starts `script` in `mode`; its process (for the caller to stop) and its port.
    public static func start(_ script: String, mode: String, portFile: String) throws -> (process: Process, port: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Repository.root + "/Tests/Fixtures/" + script, mode, portFile]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: portFile), Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        return (process, try String(contentsOfFile: portFile, encoding: .utf8))
    }
}
