import Foundation
import TestSupport
import XCTest

/// `haven pack install ARCHIVE` (SPEC §8): a `.tar.gz` or `.zip`, every
/// name checked to stay inside staging, no links, capped; the lock records
/// the archive's sha256 and a restore checks it.
final class PackArchiveTests: PackTestCase {
    override func setUp() {
        super.setUp()
        sources.write([
            "calm-1.0.0/pack.yaml": "name: Calm\nid: calm\nversion: \"1.0.0\"\nhaven: \"^0.1\"\n",
            "calm-1.0.0/trackers/tea.yaml": "name: Tea\nhooks: hooks/tea.lua\n",
            "calm-1.0.0/hooks/tea.lua": "function on_log(entry, streak) return 'sip' end\n",
        ])
    }

    /// Runs a Python script in the sources folder (tarfile and zipfile make
    /// the hostile archives no archiver would).
    private func python(_ script: String) {
        let result = HavenProcess.run(["-c", script], directory: sources.path, executable: "/usr/bin/python3")
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    private func sha256(_ file: String) -> String {
        let result = HavenProcess.run([sources.path + "/" + file], executable: "/usr/bin/sha256sum")
        return String(result.stdout.prefix(64))
    }

    func testInstallFromATarGzWithItsTopFolderAndRestoreChecksTheSha256() throws {
        let tar = HavenProcess.run(["czf", "calm-1.0.0.tar.gz", "calm-1.0.0"], directory: sources.path,
                                   executable: "/bin/tar")
        XCTAssertEqual(tar.status, 0, tar.stderr)
        let digest = sha256("calm-1.0.0.tar.gz")
        assertRefused(["pack", "install", "calm-1.0.0.tar.gz", "--sha256", String(repeating: "0", count: 64), "--yes"],
                      stderr: "haven: error: calm-1.0.0.tar.gz has the sha256 \(digest), not \(String(repeating: "0", count: 64)): "
                        + "it is not the archive you expected; nothing was installed\n")
        let installed = haven(["pack", "install", "calm-1.0.0.tar.gz", "--sha256", digest.uppercased(), "--yes"])
        XCTAssertEqual(installed.stdout, "Installed calm 1.0.0 into \(home.path)/packs/calm.\n", installed.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home.path + "/packs/calm").sorted(),
                       ["hooks", "pack.yaml", "trackers"])
        let recorded = try String(contentsOfFile: lock, encoding: .utf8)
        let path = sources.path.replacingOccurrences(of: "//", with: "/") + "/calm-1.0.0.tar.gz"
        XCTAssertTrue(recorded.contains("\"source\":{\"kind\":\"archive\",\"path\":\"\(path)\",\"sha256\":\"\(digest)\"}"),
                      recorded)
        XCTAssertEqual(haven(["status"]).stdout, "NoAlc   not logged yet today   streak 0 · 0 jokers\nTea     open today"
            + "             streak 0\n")
        // A fresh home restores the same files from the lock alone.
        let first = PackTestFiles.contents(home.path + "/packs/calm")
        home = TemporaryDirectory().write(["trackers/noalc.yaml": "extends: core/noalc\n", "packs.lock": recorded])
        XCTAssertEqual(haven(["pack", "install"]).stdout, "calm: restored as recorded\n")
        XCTAssertEqual(PackTestFiles.contents(home.path + "/packs/calm"), first)
        XCTAssertEqual(try String(contentsOfFile: lock, encoding: .utf8), recorded, "the lock is never rewritten")
        // An archive that changed under the same name is not restored.
        sources.write(["calm-1.0.0/trackers/tea.yaml": "name: Green tea\nhooks: hooks/tea.lua\n"])
        XCTAssertEqual(HavenProcess.run(["czf", "calm-1.0.0.tar.gz", "calm-1.0.0"], directory: sources.path,
                                        executable: "/bin/tar").status, 0)
        home = TemporaryDirectory().write(["trackers/noalc.yaml": "extends: core/noalc\n", "packs.lock": recorded])
        assertRefused(["pack", "install"], stderr: "haven: error: cannot restore 'calm' from \(path): \(path) has the "
            + "sha256 \(sha256("calm-1.0.0.tar.gz")), not \(digest): it is not the archive you expected; nothing was "
            + "restored\n")
    }

    func testInstallFromAZip() throws {
        python("""
            import zipfile
            with zipfile.ZipFile('calm.zip', 'w', zipfile.ZIP_DEFLATED) as z:
                for name in ['pack.yaml', 'trackers/tea.yaml', 'hooks/tea.lua']:
                    z.write('calm-1.0.0/' + name, name)
            """)
        let installed = haven(["pack", "install", "calm.zip", "--yes"])
        XCTAssertEqual(installed.stdout, "Installed calm 1.0.0 into \(home.path)/packs/calm.\n", installed.stderr)
        XCTAssertEqual(try String(contentsOfFile: home.path + "/packs/calm/trackers/tea.yaml", encoding: .utf8),
                       "name: Tea\nhooks: hooks/tea.lua\n")
        XCTAssertTrue(try String(contentsOfFile: lock, encoding: .utf8).contains("\"sha256\":\"\(sha256("calm.zip"))\""))
    }

    func testEscapingNamesLinksBombsAndDamageAreRefusedAndNothingChanges() {
        python("""
            import io, tarfile, zipfile
            def tar(name, members):
                with tarfile.open(name, 'w:gz', format=tarfile.GNU_FORMAT) as t:
                    for member, data, kind in members:
                        info = tarfile.TarInfo(member)
                        info.type = kind
                        if kind == tarfile.SYMTYPE: info.linkname = '/etc/passwd'
                        info.size = len(data) if kind == tarfile.REGTYPE else 0
                        t.addfile(info, io.BytesIO(data) if kind == tarfile.REGTYPE else None)
            pack = (b'pack.yaml', b'name: Evil\\n', tarfile.REGTYPE)
            tar('up.tar.gz', [('pack.yaml', b'name: Evil\\n', tarfile.REGTYPE), ('../evil.yaml', b'x: 1\\n', tarfile.REGTYPE)])
            tar('root.tar.gz', [('pack.yaml', b'name: Evil\\n', tarfile.REGTYPE), ('/tmp/evil.yaml', b'x\\n', tarfile.REGTYPE)])
            tar('deep.tar.gz', [('pack.yaml', b'name: Evil\\n', tarfile.REGTYPE), ('trackers/../../evil.yaml', b'x\\n', tarfile.REGTYPE)])
            tar('link.tar.gz', [('pack.yaml', b'name: Evil\\n', tarfile.REGTYPE), ('trackers/secret.yaml', b'', tarfile.SYMTYPE)])
            tar('fifo.tar.gz', [('pack.yaml', b'name: Evil\\n', tarfile.REGTYPE), ('trackers/pipe.yaml', b'', tarfile.FIFOTYPE)])
            tar('big.tar.gz', [('pack.yaml', b'name: Big\\n', tarfile.REGTYPE), ('trackers/big.yaml', b'#' * (17 << 20), tarfile.REGTYPE)])
            tar('bomb.tar.gz', [('pack.yaml', b'name: Bomb\\n', tarfile.REGTYPE)] + [('f%d.yaml' % i, b'#' * (15 << 20), tarfile.REGTYPE) for i in range(5)])
            data = open('up.tar.gz', 'rb').read()
            open('cut.tar.gz', 'wb').write(data[:len(data) // 2])
            with zipfile.ZipFile('up.zip', 'w') as z:
                z.writestr('pack.yaml', 'name: Evil\\n')
                z.writestr('../../evil.yaml', 'x: 1\\n')
            with zipfile.ZipFile('link.zip', 'w') as z:
                z.writestr('pack.yaml', 'name: Evil\\n')
                info = zipfile.ZipInfo('trackers/secret.yaml')
                info.external_attr = 0o120777 << 16
                z.writestr(info, '/etc/passwd')
            open('junk.zip', 'wb').write(b'not a zip at all')
            tar('git.tar.gz', [('pack.yaml', b'name: Git\\n', tarfile.REGTYPE),
                               ('.git/config', b'[core]\\n\\tfsmonitor = touch /tmp/pwned\\n', tarfile.REGTYPE)])
            with zipfile.ZipFile('git.zip', 'w') as z:
                z.writestr('calm-1.0/pack.yaml', 'name: Git\\n')
                z.writestr('calm-1.0/hooks/.GIT/hooks/post-checkout', '#!/bin/sh\\n')
            """)
        let cases: [(String, String)] = [
            ("up.tar.gz", "'../evil.yaml' would land outside the pack's folder"),
            ("root.tar.gz", "'/tmp/evil.yaml' would land outside the pack's folder"),
            ("deep.tar.gz", "'trackers/../../evil.yaml' would land outside the pack's folder"),
            ("link.tar.gz", "trackers/secret.yaml is a link"),
            ("fifo.tar.gz", "trackers/pipe.yaml is a FIFO"),
            ("big.tar.gz", "trackers/big.yaml holds 17825792 bytes; a pack's file may hold 16 MiB"),
            ("bomb.tar.gz", "it unpacks to more than 64 MiB"),
            ("cut.tar.gz", "it is not gzip, or it is damaged or cut short"),
            ("up.zip", "'../../evil.yaml' would land outside the pack's folder"),
            ("link.zip", "trackers/secret.yaml is a link"),
            ("junk.zip", "it is not a zip archive Haven can read"),
            ("git.tar.gz", "'.git/config' is inside a .git folder, which an archive may not install (git runs what its "
                + "config says, and trust does not cover it); leave .git out of the archive"),
            ("git.zip", "'calm-1.0/hooks/.GIT/hooks/post-checkout' is inside a .git folder, which an archive may not "
                + "install (git runs what its config says, and trust does not cover it); leave .git out of the archive"),
        ]
        for (archive, problem) in cases {
            assertRefused(["pack", "install", archive, "--yes"],
                          stderr: "haven: error: \(archive) cannot be unpacked: \(problem); nothing was installed\n")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: sources.path + "/evil.yaml"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/evil.yaml"))
        assertRefused(["pack", "install", "up.zip", "--ref", "v1", "--yes"],
                      stderr: "haven: error: --ref is for git repositories, and up.zip is an archive; install it "
                        + "without --ref\n")
    }

    /// A web server on loopback serving the sources folder, stopped by PID
    /// when the test ends; its base address.
    private func serve() throws -> String {
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        server.arguments = ["-c", """
            import functools, http.server, sys
            handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
            handler.log_message = lambda *args: None
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
            print(server.server_address[1], flush=True)
            server.serve_forever()
            """, sources.path]
        let output = Pipe()
        server.standardOutput = output
        try server.run()
        addTeardownBlock { kill(server.processIdentifier, SIGTERM) }
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            line.append(chunk)
        }
        let port = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return "http://127.0.0.1:\(port)"
    }

    func testAnArchiveFromAnAddressNeedsItsSha256() throws {
        XCTAssertEqual(HavenProcess.run(["czf", "calm-1.0.0.tar.gz", "calm-1.0.0"], directory: sources.path,
                                        executable: "/bin/tar").status, 0)
        let digest = sha256("calm-1.0.0.tar.gz")
        let url = try serve() + "/calm-1.0.0.tar.gz"
        assertRefused(["pack", "install", url, "--yes"], stderr: "haven: error: an archive from an address is installed "
            + "only with the sha256 its author published: haven pack install \(url) --sha256 HEX\n")
        let wrong = String(repeating: "ab", count: 32)
        assertRefused(["pack", "install", url, "--sha256", wrong, "--yes"], stderr: "haven: error: \(url) has the sha256 "
            + "\(digest), not \(wrong): it is not the archive you expected; nothing was installed\n")
        let missing = url.replacingOccurrences(of: "calm-1.0.0", with: "gone")
        // A server that says 404 is a service that is not there (69), not bad data.
        assertRefused(["pack", "install", missing, "--sha256", digest, "--yes"], status: 69, stderr: "haven: error: cannot download "
            + "\(missing): curl: (22) The requested URL returned error: 404; nothing was installed\n")
        let installed = haven(["pack", "install", url, "--sha256", digest, "--yes"])
        XCTAssertEqual(installed.stdout, "Installed calm 1.0.0 into \(home.path)/packs/calm.\n", installed.stderr)
        let recorded = try String(contentsOfFile: lock, encoding: .utf8)
        XCTAssertTrue(recorded.contains("\"source\":{\"kind\":\"archive\",\"sha256\":\"\(digest)\",\"url\":\"\(url)\"}"),
                      recorded)
        assertRefused(["pack", "update", "calm"], stderr: "haven: error: 'calm' is the archive at \(url), pinned by its "
            + "sha256; to move to another version, 'haven pack remove calm' and install the new archive's address with "
            + "--sha256\n")
        home = TemporaryDirectory().write(["trackers/noalc.yaml": "extends: core/noalc\n", "packs.lock": recorded])
        XCTAssertEqual(haven(["pack", "install"]).stdout, "calm: restored as recorded\n")
    }
}
