import Foundation
import XCTest

/// `/app` (#35, SPEC §17): the web app's files as built into the server,
/// with a policy that lets nothing run but them.
final class AppServingTests: XCTestCase {
    private var server: ServerHarness!

    override func setUpWithError() throws {
        server = try ServerHarness(name: name)
    }

    override func tearDown() {
        server?.close()
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Status line and headers (lower-case names), and the body, of a GET.
    private func get(_ path: String, headers: [String] = []) throws -> (status: Int, headers: [String: String], body: String) {
        let result = try ServerHarness.run("/usr/bin/curl", ["-sS", "-D", "-", server.url + path] + headers.flatMap { ["-H", $0] })
        let parts = result.components(separatedBy: "\r\n\r\n")
        let lines = parts[0].components(separatedBy: "\r\n")
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let status = Int(lines[0].split(separator: " ")[1]) ?? 0
        return (status, fields, parts.dropFirst().joined(separator: "\r\n\r\n"))
    }

    func testTheBuiltInFilesAreTheAppsFiles() throws {
        let check = try ServerHarness.runStatus("/usr/bin/python3", [AppServingTests.root.path + "/scripts/embed-app.py", "--check"])
        XCTAssertEqual(check.status, 0, check.err)
    }

    func testTheAppIsServedWithAStrictPolicy() throws {
        let folder = try get("/app")
        XCTAssertEqual(folder.status, 308)
        XCTAssertEqual(folder.headers["location"], "app/")

        let page = try get("/app/")
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(page.headers["content-type"], "text/html; charset=utf-8")
        XCTAssertEqual(page.headers["content-security-policy"],
                       "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
                       + "manifest-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'none'; "
                       + "frame-ancestors 'none'; object-src 'none'")
        XCTAssertEqual(page.headers["x-content-type-options"], "nosniff")
        XCTAssertEqual(page.headers["referrer-policy"], "no-referrer")
        XCTAssertTrue(page.body.contains(#"<script type="module" src="app.js"></script>"#))

        let worker = try get("/app/sw.js")
        XCTAssertEqual(worker.headers["content-type"], "text/javascript; charset=utf-8")
        XCTAssertEqual(worker.headers["service-worker-allowed"], "../app")
        XCTAssertFalse(worker.body.contains("__HAVEN_APP_"), "the version and file list are filled in")

        let tag = try XCTUnwrap(page.headers["etag"])
        XCTAssertEqual(try get("/app/", headers: ["If-None-Match: \(tag)"]).status, 304)

        let missing = try get("/app/secrets.js")
        XCTAssertEqual(missing.status, 404)
        XCTAssertEqual(missing.body, "no such file in the app: secrets.js")
        XCTAssertEqual(try get("/app/..%2FPackage.swift").status, 404)
    }

    /// No inline script, no handler in markup, nothing from another origin.
    func testTheAppLoadsNothingButItsOwnFiles() throws {
        let folder = AppServingTests.root.appendingPathComponent("Server/App")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where !name.hasSuffix(".png") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let outside = text.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "")
            XCTAssertNil(outside.range(of: #"https?://"#, options: .regularExpression), name)
            XCTAssertNil(text.range(of: #"<script(?![^>]*\bsrc=)"#, options: .regularExpression), name)
            XCTAssertNil(text.range(of: #"\son[a-z]+="#, options: .regularExpression), name)
            XCTAssertFalse(text.contains("innerHTML") || text.contains("insertAdjacentHTML") || text.contains("eval("), name)
        }
    }
}
