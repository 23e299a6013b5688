import Foundation
import HavenCore
@testable import HavenSync
import HavenWire
import TestSupport
import XCTest

/// Record format version 2 (#35, SPEC §17): AES-256-GCM, the cipher a
/// browser's WebCrypto has, over the same associated data as version 1.
/// Fixed vectors pin the format; a real Chromium opens what Swift sealed
/// and seals what Swift opens.
final class RecordVersionTests: XCTestCase {
    let key = try! SyncKey(text: "hk1-AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8")
    let device = "0190f3a2-0000-7000-8000-00000000d001"
    let id = "0190f3a2-0000-7000-8000-0000000000a1"
    let nonce: [UInt8] = Array(0xA0...0xAB)
    let payload = Data(#"{"day":"2026-03-10","kind":"entry","level":"steady","tracker":"noalc"}"#.utf8)

    /// The payload above, sealed at idx 7 with the nonce above: nonce ‖ ciphertext ‖ tag.
    static let version2Vector = "oKGio6SlpqeoqaqrnToYTDzpOJ1QVbXlKkrz80Gcezyw3CsC+CwcpBrFAXOrVGvdw0clWDO+Pup6DuaYI2JkZECkaB8iNW4s"
        + "hkqn3tvd6QwS2NzHTsNGAVkVJHxPHfW9BXc="
    static let version1Vector = "oKGio6Slpqeoqaqrd4kcPjTE+I+SP8Ei0crO1qxu8ZNhAQnN0PrhkxQMt34VojqowqyJ76ruz59uJR0nLr1oFCt4GeBEP24y"
        + "bhCHpt6aCy0alGJwmqTtfr2K2fsOa/WWCDs="

    func testVersionTwoIsAESGCMOverTheSameAssociatedDataAndMatchesItsVector() throws {
        let record = try RecordCipher(key: key).seal(payload, id: id, device: device, idx: 7, nonce: nonce)
        XCTAssertEqual(record.version, 2)
        XCTAssertEqual(record.sealed, Self.version2Vector)
        XCTAssertEqual(Data(base64Encoded: record.sealed)?.count, 12 + payload.count + 16)
        XCTAssertEqual(try RecordCipher(key: key).open(record), payload)
        XCTAssertEqual(String(decoding: RecordCipher.associatedData(id: id, device: device, idx: 7, version: 2), as: UTF8.self),
                       "haven-record\u{0}2\u{0}\(id)\u{0}\(device)\u{0}7")
    }

    func testVersionOneRecordsStillOpenAndAnUnknownVersionDoesNot() throws {
        let old = try RecordCipher(key: key, writing: 1).seal(payload, id: id, device: device, idx: 7, nonce: nonce)
        XCTAssertEqual(old.version, 1)
        XCTAssertEqual(old.sealed, Self.version1Vector)
        XCTAssertEqual(try RecordCipher(key: key).open(old), payload)
        // The version is bound: a version-1 record relabelled 2 (or 2 as 1, or as 3) does not open.
        var relabelled = old
        relabelled.version = 2
        var newer = try RecordCipher(key: key).seal(payload, id: id, device: device, idx: 7, nonce: nonce)
        newer.version = 1
        var unknown = newer
        unknown.version = 3
        for record in [relabelled, newer, unknown] {
            XCTAssertThrowsError(try RecordCipher(key: key).open(record)) { error in
                XCTAssertEqual(error as? SyncError, .undecryptable(id: id))
            }
        }
    }

    /// Chromium's WebCrypto opens the vector Swift sealed, and seals the
    /// same payload with another nonce; Swift opens that, and seals the
    /// same bytes itself.
    func testChromiumsWebCryptoOpensWhatSwiftSealsAndTheOtherWayRound() throws {
        try requirePrograms("chromium")
        let folder = TemporaryDirectory()
        let other: [UInt8] = Array(0x10...0x1B)
        let data = RecordCipher.associatedData(id: id, device: device, idx: 7, version: 2)
        func bytes(_ data: some Sequence<UInt8>) -> String { "[" + data.map(String.init).joined(separator: ",") + "]" }
        let page = """
            <!DOCTYPE html><html><body><pre id="out">waiting</pre><script>
            (async () => {
              const out = document.getElementById("out");
              try {
                const key = await crypto.subtle.importKey("raw", new Uint8Array(\(bytes(key.bytes))), "AES-GCM", false,
                                                          ["encrypt", "decrypt"]);
                const sealed = Uint8Array.from(atob("\(Self.version2Vector)"), c => c.charCodeAt(0));
                const additionalData = new Uint8Array(\(bytes(data)));
                const opened = await crypto.subtle.decrypt({name: "AES-GCM", iv: sealed.slice(0, 12), additionalData},
                                                           key, sealed.slice(12));
                const mine = new Uint8Array(await crypto.subtle.encrypt(
                  {name: "AES-GCM", iv: new Uint8Array(\(bytes(other))), additionalData}, key, opened));
                out.textContent = JSON.stringify({opened: new TextDecoder().decode(opened),
                                                  sealed: btoa(String.fromCharCode(...mine))});
              } catch (error) { out.textContent = "failed: " + error; }
            })();
            </script></body></html>
            """
        folder.write(["page.html": page])
        let chromium = Shell.run("chromium", ["--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=10000",
                                              "--dump-dom", "file://" + folder.path + "/page.html"],
                                 environment: ["HOME": folder.path], timeout: 60)
        XCTAssertEqual(chromium.status, 0, chromium.stderr)
        let dom = chromium.stdout
        let json = try XCTUnwrap(dom.range(of: #"\{"opened".*\}"#, options: .regularExpression).map { String(dom[$0]) },
                                 dom)
        let answer = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String])
        XCTAssertEqual(answer["opened"], String(decoding: payload, as: UTF8.self))
        let browserSealed = try XCTUnwrap(answer["sealed"].flatMap { Data(base64Encoded: $0) })
        let record = WireRecord(id: id, device: device, idx: 7, version: 2,
                                sealed: (Data(other) + browserSealed).base64EncodedString())
        XCTAssertEqual(try RecordCipher(key: key).open(record), payload)
        XCTAssertEqual(try RecordCipher(key: key).seal(payload, id: id, device: device, idx: 7, nonce: other).sealed,
                       record.sealed)
    }
}
