import Foundation
import XCTest

/// The phone (#35, SPEC §17): a real headless Chromium against haven-server
/// on PostgreSQL and a desktop home, through the link `haven sync pair` prints.
final class PhoneAppTests: XCTestCase {
    private var server: ServerHarness!
    private var homes: [Home] = []
    private var phone: WebDriver?

    static let hostile = "<img src=x onerror=alert(1)>"
    static let trackers = [
        "water": "extends: core/water\n",
        "noalc": "extends: core/noalc\n",
        "evil": "name: \"\(hostile)\"\ntype: good\ninput: check\n",
    ]

    override func setUpWithError() throws {
        server = try ServerHarness(name: name)
    }

    override func tearDown() async throws {
        await phone?.close()
        server?.close()
        homes.forEach { $0.remove() }
    }

    private func desk() throws -> (Home, link: String) {
        let home = try Home("desk", trackers: PhoneAppTests.trackers)
        // The phone's zone (WebDriver's), so that both see the same today.
        home.environment["TZ"] = "Europe/Berlin"
        homes.append(home)
        try home.ok(["sync", "login", server.url, "--account", "me", "--new"], input: "correct horse battery\n")
        try home.ok(["log", "water", "+3"])
        try home.ok(["sync"])
        let link = try pairingLink(home)
        return (home, link)
    }

    /// The link `haven sync pair --json` gives on `home`.
    private func pairingLink(_ home: Home) throws -> String {
        let json = try home.ok(["sync", "pair", "--json"])
        return try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String])?["link"])
    }

    /// The texts of the board's cards: name, state.
    private func board(_ phone: WebDriver) async throws -> [String] {
        try await phone.run("""
            return [...document.querySelectorAll('.tracker')].map((c) =>
              c.querySelector('h2').textContent + ' | ' + c.querySelector('.state').textContent)
            """) as? [String] ?? []
    }

    func testThePhonePairsShowsTheBoardLogsOfflineAndOnceByLink() async throws {
        let (home, link) = try desk()
        let phone = try await WebDriver()
        self.phone = phone

        // Paired from the link: a device of the account with a token, and no board yet.
        try await phone.open(link)
        try await phone.wait(for: "the paired message", "return document.querySelector('#message').textContent.startsWith('Paired.')")
        let fragment = try await phone.run("return location.hash") as? String
        XCTAssertEqual(fragment, "", "the code and the key leave the address bar")
        let devices = try home.ok(["sync", "devices"])
        XCTAssertEqual(devices.split(separator: "\n").count, 2, devices)  // the desk and the phone

        // The desk's next sync publishes a board; the phone shows it, the hostile name as text.
        let synced = try home.ok(["sync", "--json"])
        XCTAssertTrue(synced.contains(#""board": true"#), synced)
        try await phone.open(server.url + "/app/")
        try await phone.wait(for: "the board", "return document.querySelectorAll('.tracker').length === 3")
        let cards = try await board(phone)
        XCTAssertEqual(cards, ["🍷NoAlc | not logged yet today", "🌱\(PhoneAppTests.hostile) | open today",
                               "💧Drink Water | 3/8 glasses today"])
        let images = try await phone.run("return document.querySelectorAll('#board img').length") as? Int
        XCTAssertEqual(images, 0)

        // Offline: two taps are kept and shown as waiting; the server has none of them.
        try await phone.offline(true)
        try await phone.wait(for: "offline", "return !navigator.onLine")
        let before = try await phone.run("return Date.now()") as? Int ?? 0
        try await phone.tap(#"[data-action="noalc/level:steady"]"#)
        try await phone.wait(for: "the first tap", "return document.querySelector('#status').textContent === 'Offline · 1 to send'")
        try await phone.tap(#"[data-action="water/add:1"]"#)
        try await phone.wait(for: "the second tap", "return document.querySelector('#status').textContent === 'Offline · 2 to send'")
        let after = try await phone.run("return Date.now()") as? Int ?? 0
        XCTAssertEqual(try server.query("SELECT count(*) FROM stream"), "1")
        let pending = try await phone.run("return [...document.querySelectorAll('.pending')].map((p) => p.textContent)") as? [String]
        XCTAssertEqual(pending, ["1 logged here", "1 logged here"])

        // A trigger or a note is one more tap: an edit of the same moment.
        try await phone.tap("#toast .link")
        try await phone.run("document.querySelector('#note').value = 'after the walk'")
        try await phone.tap("#save")
        try await phone.wait(for: "the note", "return document.querySelector('#status').textContent === 'Offline · 3 to send'")

        // Online again: everything goes, and the desk applies it with the phone's instants and days.
        try await phone.offline(false)
        try await phone.wait(for: "sending", "return document.querySelector('#status').textContent.startsWith('As of')", seconds: 30)
        XCTAssertEqual(try server.query("SELECT count(*) FROM stream"), "2")
        try home.ok(["sync"])
        let water = try entries(home, "water")
        XCTAssertEqual(water.count, 2)
        let tapped = try XCTUnwrap(water.first { $0["note"] as? String == "after the walk" })
        let at = try XCTUnwrap(tapped["at"] as? String)
        let instant = Int(try XCTUnwrap(ISO8601DateFormatter().date(from: at)).timeIntervalSince1970)
        XCTAssertTrue((before / 1000 ... after / 1000).contains(instant), "\(at) in \(before)…\(after)")
        XCTAssertTrue(at.hasSuffix("+01:00"), "\(at): the phone's offset, Europe/Berlin in November")
        XCTAssertEqual(tapped["zone"] as? String, "Europe/Berlin")
        XCTAssertEqual((tapped["source"] as? String)?.hasPrefix("sync:"), true)
        XCTAssertEqual(tapped["day"] as? String, Self.day(instant, offset: 3600, boundary: 0))
        let noalc = try XCTUnwrap(try entries(home, "noalc", days: 2).first)
        XCTAssertEqual(noalc["value"] as? String, "steady")
        // NoAlc's day starts at 18:00: the phone gave its entry the day the desk would.
        let noalcAt = try XCTUnwrap(ISO8601DateFormatter().date(from: noalc["at"] as? String ?? ""))
        XCTAssertEqual(noalc["day"] as? String, Self.day(Int(noalcAt.timeIntervalSince1970), offset: 3600, boundary: 18 * 60))

        // The desk's new board shows the phone's entries, and the phone no longer counts them as its own.
        try await phone.run("location.reload()")
        try await phone.wait(for: "the new board", "return document.querySelectorAll('.tracker').length === 3 && "
                             + "document.querySelectorAll('.pending').length === 0")
        let updated = try await board(phone)
        XCTAssertEqual(updated[2], "💧Drink Water | 4/8 glasses today")

        // A link that names nothing on the board logs nothing, and says what a link is.
        let form = "A link is /app#log/TRACKER/ACTION, such as /app#log/water/+1."
        for (fragment, said) in [
            ("log/nope/+1", "The board has no ‘nope’ with ‘+1’. " + form),
            ("log/water/%2B2", "The board has no ‘water’ with ‘+2’. " + form),
            ("log/%E0%A4%A/+1", "The board has no ‘%E0%A4%A’ with ‘+1’. " + form),
            ("log/water", "A one-tap link is /app#log/TRACKER/ACTION, such as /app#log/water/+1."),
        ] {
            try await phone.open(server.url + "/app#" + fragment)
            let shown = try await phone.wait(for: fragment, "return document.querySelector('#message').textContent")
            XCTAssertEqual(shown as? String, said)
        }

        // A one-tap link logs once: a reload logs nothing, and the same link opened again asks first.
        try await phone.open(server.url + "/app#log/water/+1")
        try await phone.wait(for: "the one-tap log", "return document.querySelector('#toast').textContent.startsWith('Logged: Drink Water · +1')")
        try await phone.run("location.reload()")
        try await phone.wait(for: "the reload", "return document.querySelector('#message').textContent === 'This link has logged already.'")
        try await phone.open(server.url + "/app#log/water/+1")
        try await phone.wait(for: "the second opening", "return document.querySelector('#message').textContent === "
                             + "'This link logged Drink Water a moment ago. Log again'")
        try await phone.wait(for: "sending", "return document.querySelector('#status').textContent.startsWith('As of')", seconds: 30)
        try home.ok(["sync"])
        XCTAssertEqual(try entries(home, "water").count, 3)

        // A phone whose token is revoked is told so, and keeps what it logs.
        let phoneDevice = try XCTUnwrap(try home.ok(["sync", "devices"]).split(separator: "\n")
            .first { !$0.contains("this device") }.map { String($0.prefix(36)) })
        XCTAssertTrue(try home.ok(["sync", "status"]).contains(phoneDevice), "sync status lists the phone's stream")
        try home.ok(["sync", "revoke", phoneDevice])
        try await phone.tap(#"[data-action="water/add:1"]"#)
        try await phone.wait(for: "the revoked pairing", "return document.querySelector('#message').textContent === "
                             + "'This phone’s pairing has ended: run ‘haven sync pair’ on your computer and open the new link.'")
        try await phone.wait(for: "the kept tap", "return document.querySelector('#status').textContent === '1 waiting to send'")

        // Chromium finds the manifest and the service worker valid: the app installs.
        let manifest = try await phone.cdp("Page.getAppManifest")
        XCTAssertEqual((manifest["errors"] as? [Any])?.count, 0, "\(manifest)")
        let installable = try await phone.cdp("Page.getInstallabilityErrors")
        XCTAssertEqual((installable["installabilityErrors"] as? [Any])?.count, 0, "\(installable)")

        // The server blind: no tracker id, name or note in its database.
        let dump = try server.dump()
        for clear in ["noalc", "water", "Drink Water", "steady", "after the walk", "glasses", "onerror"] {
            XCTAssertFalse(dump.contains(clear), "the database holds \(clear) in the clear")
        }

        // With the server stopped, the app still opens from the service worker, board and all.
        server.stop()
        try await phone.open(server.url + "/app/")
        try await phone.wait(for: "the offline app", "return document.querySelectorAll('.tracker').length === 3")
    }

    func testAWrongKeyIsRefusedAndNothingIsKept() async throws {
        let (home, link) = try desk()
        let phone = try await WebDriver(language: "de-DE")
        self.phone = phone
        let other = "hk1-" + String(repeating: "A", count: 43)
        let wrong = link.replacingOccurrences(of: #"key=hk1-[A-Za-z0-9_-]{43}"#, with: "key=" + other, options: .regularExpression)
        XCTAssertNotEqual(wrong, link)
        try await phone.open(wrong)
        let said = try await phone.wait(for: "the refusal", """
            const said = document.querySelector('#message').textContent;
            return said.startsWith('Wird gekoppelt') ? '' : said
            """)
        XCTAssertEqual(said as? String, "Dieser Schlüssel passt nicht zum Schlüssel deines Kontos: nichts wurde behalten. "
                       + "Führe ‘haven sync pair’ erneut aus und öffne den neuen Link.")
        // Its token given back, nothing written, nothing kept in the browser.
        XCTAssertEqual(try home.ok(["sync", "devices"]).split(separator: "\n").count, 1)
        XCTAssertEqual(try server.query("SELECT count(*) FROM stream"), "1")
        try await phone.open(server.url + "/app/")
        let welcome = try await phone.wait(for: "the welcome", "return document.querySelector('#message').textContent")
        XCTAssertEqual(welcome as? String, "Öffne den Link, den ‘haven sync pair’ auf deinem Computer zeigt, oder scanne "
                       + "seinen QR-Code, um dieses Telefon zu koppeln.")
    }

    /// A board travels as a sealed record that other desktops keep and apply
    /// to nothing; a desktop publishes one only when it says something new,
    /// so two desktops do not answer each other's boards for ever.
    func testBoardsTravelChangeNothingAndSettle() async throws {
        let (a, _) = try desk()
        let b = try Home("b", trackers: PhoneAppTests.trackers)
        homes.append(b)
        b.environment = a.environment
        let key = try a.ok(["sync", "key"]).trimmingCharacters(in: .whitespacesAndNewlines)
        try b.ok(["sync", "login", server.url, "--account", "me", "--key", key], input: "correct horse battery\n")
        // Without a paired web app, no board.
        XCTAssertTrue(try b.ok(["sync", "--json"]).contains(#""board": false"#))
        let link = try pairingLink(a)
        let code = String(link.components(separatedBy: "pair=").last?.prefix(48) ?? "")
        let redeemed = try await server.call("POST", "/v1/pairing/redeem",
                                             body: #"{"code":"\#(code)","device":"0190f3a2-0000-7000-8000-00000000feed"}"#)
        XCTAssertEqual(redeemed.status, 200, redeemed.body)

        let published = { (home: Home) throws -> Bool in try home.ok(["sync", "--json"]).contains(#""board": true"#) }
        XCTAssertTrue(try published(a))
        XCTAssertTrue(try published(b))   // b's own, made after taking a's
        XCTAssertFalse(try published(a))  // a takes b's board: nothing new to say
        XCTAssertFalse(try published(b))
        try a.ok(["log", "water", "+1"])
        XCTAssertTrue(try published(a))
        XCTAssertTrue(try published(b))
        XCTAssertFalse(try published(a))
        XCTAssertEqual(try a.ok(["status", "--json"]), try b.ok(["status", "--json"]))
        XCTAssertEqual(try a.ok(["sync", "status"]).contains("kept unopened"), false)
        // Each keeps both boards in their streams, as they came.
        XCTAssertEqual(try a.records().filter { $0.contains(#"{"kind": "board""#) }.count, 4)
        XCTAssertEqual(try b.records().filter { $0.contains(#"{"kind": "board""#) }.count, 4)
    }

    /// A board made on an earlier day does not say "today" of that day.
    func testABoardFromAnEarlierDayIsNotShownAsToday() async throws {
        let (home, link) = try desk()
        let phone = try await WebDriver()
        self.phone = phone
        try await phone.open(link)
        try await phone.wait(for: "the pairing", "return document.querySelector('#message').textContent.startsWith('Paired.')")
        try home.ok(["sync"], now: "2026-01-05T12:00")
        try await phone.open(server.url + "/app/")
        try await phone.wait(for: "the board", "return document.querySelectorAll('.tracker').length === 3")
        let states = try await phone.run("return [...document.querySelectorAll('.state')].map((s) => s.textContent)") as? [String]
        XCTAssertEqual(states, Array(repeating: "Nothing of today yet: a computer’s next sync brings it", count: 3))
    }

    /// The board at 360 × 740, light and dark: written to the folder
    /// `HAVEN_TEST_SCREENSHOTS` names (docs/ for the README), else checked only.
    func testTheBoardFitsAPhoneInLightAndDark() async throws {
        let home = try Home("desk", trackers: [
            "water": "extends: core/water\n", "noalc": "extends: core/noalc\n",
            "stretching": "extends: core/stretching\n", "doomscrolling": "extends: core/doomscrolling\n",
        ])
        homes.append(home)
        home.environment["TZ"] = "Europe/Berlin"
        try home.ok(["sync", "login", server.url, "--account", "me", "--new"], input: "correct horse battery\n")
        try home.ok(["log", "water", "+5"])
        try home.ok(["log", "doomscrolling", "--trigger", "bored"])
        try home.ok(["sync"])
        let link = try pairingLink(home)
        let phone = try await WebDriver()
        self.phone = phone
        try await phone.open(link)
        try await phone.wait(for: "the pairing", "return document.querySelector('#message').textContent.startsWith('Paired.')")
        try home.ok(["sync"])
        try await phone.cdp("Emulation.setDeviceMetricsOverride", ["width": 360, "height": 740, "deviceScaleFactor": 1, "mobile": true])
        let folder = ProcessInfo.processInfo.environment["HAVEN_TEST_SCREENSHOTS"]
        var corners: [String: [UInt8]] = [:]
        for scheme in ["light", "dark"] {
            try await phone.cdp("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": scheme]]])
            try await phone.open(server.url + "/app/")
            try await phone.wait(for: "the board", "return document.querySelectorAll('.tracker').length === 4")
            let wide = try await phone.run("return document.documentElement.scrollWidth") as? Int
            XCTAssertEqual(wide, 360, "nothing sticks out sideways")
            let shot = try await phone.cdp("Page.captureScreenshot", ["format": "png"])
            let png = try XCTUnwrap(Data(base64Encoded: shot["data"] as? String ?? ""))
            XCTAssertEqual(png.count > 24 ? [UInt8](png[16 ..< 24]) : [], [0, 0, 1, 104, 0, 0, 2, 228], "360 × 740")
            corners[scheme] = try await phone.run("""
                return getComputedStyle(document.body).backgroundColor.match(/\\d+/g).map(Number)
                """) as? [UInt8]
            if let folder { try png.write(to: URL(fileURLWithPath: folder + "/phone-board-\(scheme).png")) }
        }
        XCTAssertEqual(corners["light"], [246, 244, 239])
        XCTAssertEqual(corners["dark"], [27, 29, 28])
    }

    /// The entries a desk holds for `tracker`, as `haven entries --json` gives them.
    private func entries(_ home: Home, _ tracker: String, days: Int = 1) throws -> [[String: Any]] {
        let json = try home.ok(["entries", tracker, "--days", String(days), "--json"])
        return try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
    }

    /// The day of `instant` (seconds) at `offset` (seconds) with a day boundary (minutes).
    static func day(_ instant: Int, offset: Int, boundary: Int) -> String {
        let local = instant + offset - boundary * 60
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(local)))
    }
}

extension ServerHarness {
    /// The test database as `pg_dump` writes it: every table's rows as text.
    func dump() throws -> String {
        let pgDump = (ServerHarness.psqlPath as NSString).deletingLastPathComponent + "/pg_dump"
        return try ServerHarness.run(pgDump, ["-h", "127.0.0.1", "-p", "\(pgPort)", "-U", "postgres", "--data-only", database])
    }
}
