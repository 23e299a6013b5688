import Foundation
import XCTest

/// A headless Chromium driven through Debian's `chromedriver` (W3C
/// WebDriver, and the DevTools protocol through its `goog/cdp` door): the
/// phone of the web app's tests. Stopped by PID when closed.
final class WebDriver {
    private let driver: Process
    private let base: String
    private let profile: String
    private(set) var session = ""

    /// A phone-sized browser (360 × 740) speaking `language`.
    init(language: String = "en-US") async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver") else {
            throw Failure("the phone tests need chromedriver (Debian's chromium-driver): make test installs it")
        }
        let port = try ServerHarness.freePort()
        base = "http://127.0.0.1:\(port)"
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("haven-chromium-\(UUID().uuidString)").path
        driver = Process()
        driver.executableURL = URL(fileURLWithPath: "/usr/bin/chromedriver")
        driver.arguments = ["--port=\(port)", "--allowed-ips=127.0.0.1"]
        driver.standardOutput = FileHandle.nullDevice
        driver.standardError = FileHandle.nullDevice
        var environment = ProcessInfo.processInfo.environment
        // A zone with an offset, so that the phone's own instant and offset are seen to travel.
        environment["TZ"] = "Europe/Berlin"
        driver.environment = environment
        try driver.run()
        for _ in 0 ..< 100 {
            if (try? await call("GET", "/status")) != nil { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        let options: [String: Any] = [
            "binary": "/usr/bin/chromium",
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=360,740", "--lang=\(language)", "--user-data-dir=\(profile)"],
            "prefs": ["intl.accept_languages": language],
        ]
        let answer = try await call("POST", "/session", [
            "capabilities": ["alwaysMatch": ["browserName": "chrome", "goog:chromeOptions": options]]])
        guard let value = answer as? [String: Any], let id = value["sessionId"] as? String else {
            throw Failure("chromedriver made no session: \(String(describing: answer))")
        }
        session = id
    }

    func close() async {
        _ = try? await call("DELETE", "/session/\(session)")
        if driver.isRunning { kill(driver.processIdentifier, SIGKILL) }
        driver.waitUntilExit()
        try? FileManager.default.removeItem(atPath: profile)
    }

    func open(_ url: String) async throws {
        _ = try await call("POST", "/session/\(session)/url", ["url": url])
    }

    /// Runs `script` (a function body) in the page; its return value.
    @discardableResult
    func run(_ script: String, _ arguments: [Any] = []) async throws -> Any? {
        try await call("POST", "/session/\(session)/execute/sync", ["script": script, "args": arguments])
    }

    /// Runs `script`, which calls `arguments[arguments.length - 1]` with its answer.
    func runAsync(_ script: String) async throws -> Any? {
        try await call("POST", "/session/\(session)/execute/async", ["script": script, "args": []])
    }

    /// Waits until `script` returns something true (at most `seconds`); that value.
    @discardableResult
    func wait(for what: String, _ script: String, seconds: Double = 15) async throws -> Any {
        let end = Date().addingTimeInterval(seconds)
        var last: Any? = nil
        while Date() < end {
            last = try await run(script)
            if let value = last, !(value is NSNull), (value as? Bool) != false, (value as? String) != "" { return value }
            try await Task.sleep(for: .milliseconds(100))
        }
        let page = (try? await run("return document.body.innerText")) as? String ?? ""
        throw Failure("waited \(Int(seconds)) s for \(what); last \(String(describing: last)); the page says: \(page)")
    }

    /// Clicks the element `selector` finds, as a finger would.
    func tap(_ selector: String) async throws {
        let found = try await call("POST", "/session/\(session)/element", ["using": "css selector", "value": selector])
        guard let element = (found as? [String: Any])?.values.first as? String else { throw Failure("no \(selector)") }
        _ = try await call("POST", "/session/\(session)/element/\(element)/click", [:])
    }

    /// A DevTools command's answer.
    @discardableResult
    func cdp(_ command: String, _ parameters: [String: Any] = [:]) async throws -> [String: Any] {
        let answer = try await call("POST", "/session/\(session)/goog/cdp/execute", ["cmd": command, "params": parameters])
        return answer as? [String: Any] ?? [:]
    }

    /// Cuts the page off the network, or gives it back.
    func offline(_ off: Bool) async throws {
        _ = try await call("POST", "/session/\(session)/chromium/network_conditions", ["network_conditions": [
            "offline": off, "latency": 0, "download_throughput": -1, "upload_throughput": -1]])
    }

    /// One WebDriver call, through curl (FoundationNetworking fails on chromedriver's answers).
    private func call(_ method: String, _ path: String, _ body: [String: Any]? = nil) async throws -> Any? {
        var arguments = ["-sS", "--max-time", "60", "-X", method, base + path]
        let json = try body.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
        if json != nil { arguments += ["-H", "Content-Type: application/json", "--data-binary", "@-"] }
        let result = try ServerHarness.runStatus("/usr/bin/curl", arguments, input: json)
        guard result.status == 0 else { throw Failure("webdriver \(method) \(path): curl exit \(result.status)") }
        let answer = try JSONSerialization.jsonObject(with: Data(result.out.utf8), options: [.fragmentsAllowed]) as? [String: Any]
        if let value = answer?["value"] as? [String: Any], let error = value["error"] as? String {
            throw Failure("webdriver \(method) \(path): \(error): \(value["message"] ?? "")")
        }
        return answer?["value"]
    }
}

extension ServerHarness {
    /// A loopback port nobody listens on now.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { Glibc.close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw Failure("no free loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
