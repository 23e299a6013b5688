"""`make bench`'s phone figures (#35): the web app's first load (every file
the page and its service worker fetch, on a fresh profile) and a tap to a
sealed record queued in IndexedDB, in a real headless Chromium (Debian's
chromium and chromedriver) against haven-server on PostgreSQL. The tap is
beside an IndexedDB write of the same record alone, in the same page."""
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import time
import urllib.request

TAPS = 40


class Browser:
    """A W3C WebDriver session of chromedriver's, phone-sized."""

    def __init__(self, port, profile):
        self.base = f"http://127.0.0.1:{port}"
        self.driver = subprocess.Popen(["chromedriver", f"--port={port}"], stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL)
        for _ in range(100):
            try:
                self.call("GET", "/status")
                break
            except OSError:
                time.sleep(0.1)
        options = {"binary": "/usr/bin/chromium", "args": [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=360,740", f"--user-data-dir={profile}"]}
        self.session = self.call("POST", "/session", {"capabilities": {"alwaysMatch": {
            "browserName": "chrome", "goog:chromeOptions": options}}})["sessionId"]

    def call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        return json.load(urllib.request.urlopen(request, timeout=60))["value"]

    def open(self, url):
        self.call("POST", f"/session/{self.session}/url", {"url": url})

    def run(self, script):
        return self.call("POST", f"/session/{self.session}/execute/sync", {"script": script, "args": []})

    def run_async(self, script):
        return self.call("POST", f"/session/{self.session}/execute/async", {"script": script, "args": []})

    def wait(self, script, seconds=20):
        end = time.time() + seconds
        while time.time() < end:
            if self.run(script):
                return
            time.sleep(0.05)
        raise SystemExit(f"bench: the phone did not get there: {script}\n{self.run('return document.body.innerText')}")

    def close(self):
        try:
            self.call("DELETE", f"/session/{self.session}")
        finally:
            self.driver.kill()
            self.driver.wait()


def bench_phone(haven, server_bin, server_class, free_port):
    if not shutil.which("chromedriver"):
        print("\nphone: skipped, chromedriver is missing (Debian's chromium-driver; make test installs it)")
        return False
    with server_class(server_bin, ".build-pg-bench") as server, tempfile.TemporaryDirectory(prefix="haven-bench-") as root:
        home, profile = os.path.join(root, "desk"), os.path.join(root, "profile")
        os.makedirs(os.path.join(home, "trackers"))
        for name in ("water", "noalc", "stretching", "doomscrolling", "mood", "walking"):
            with open(os.path.join(home, "trackers", f"{name}.yaml"), "w") as f:
                f.write(f"extends: core/{name}\n")
        env = dict(os.environ, HAVEN_HOME=home, NO_COLOR="1")

        def desk(*args, stdin=None):
            return subprocess.run([haven, *args], env=env, input=stdin, capture_output=True, text=True, check=True).stdout

        desk("sync", "login", server.url, "--account", "bench", "--new", stdin="correct horse battery\n")
        desk("log", "water", "+3")
        desk("sync")
        link = json.loads(desk("sync", "pair", "--json"))["link"]
        phone = Browser(free_port(), profile)
        try:
            phone.open(link)
            phone.wait("return document.querySelector('#message').textContent.startsWith('Paired.')")
            desk("sync")
            phone.open(server.url + "/app/")
            phone.wait("return document.querySelectorAll('.tracker').length === 6")
            # The worker in charge: it has kept every file.
            phone.wait("return navigator.serviceWorker.controller !== null")
            # Everything the page fetched, and every file the service worker keeps (it fetches each once more).
            page = phone.run("""
                return [performance.getEntriesByType('navigation')[0], ...performance.getEntriesByType('resource')]
                  .filter((e) => e.name.includes('/app/')).reduce((sum, e) => sum + e.encodedBodySize, 0)""")
            files = phone.run_async("""
                const done = arguments[arguments.length - 1];
                caches.keys().then((names) => caches.open(names.find((n) => n.startsWith('haven-app-'))))
                  .then((cache) => cache.keys().then((keys) => Promise.all(keys.map((k) => cache.match(k)
                    .then((r) => r.arrayBuffer()).then((b) => b.byteLength))))).then((sizes) => done(sizes))""")
            cached = sum(files)
            taps, puts = [], []
            for i in range(TAPS):
                before = phone.run("return performance.getEntriesByName('haven-tap').length")
                phone.run("document.querySelector('[data-action=\"water/add:1\"]').click()")
                phone.wait(f"return performance.getEntriesByName('haven-tap').length > {before}")
                taps.append(phone.run("const m = performance.getEntriesByName('haven-tap'); return m[m.length - 1].duration"))
                puts.append(phone.run_async("""
                    const done = arguments[arguments.length - 1];
                    const started = performance.now();
                    const open = indexedDB.open('haven-bench-baseline', 1);
                    open.onupgradeneeded = () => open.result.createObjectStore('records', { keyPath: 'idx' });
                    open.onsuccess = () => {
                      const t = open.result.transaction('records', 'readwrite');
                      t.objectStore('records').put({ idx: %d, id: 'x', wire: { sealed: 'x'.repeat(400) },
                        entry: { kind: 'entry', tracker: 'water', number: 1 }, sent: false });
                      t.oncomplete = () => { open.result.close(); done(performance.now() - started); };
                    };""" % i))
        finally:
            phone.close()
    tap, put = statistics.median(taps), statistics.median(puts)
    print(f"\nthe phone's web app in headless Chromium, {TAPS} taps")
    print(f"{'first load: what the page fetched':<44} {page / 1024:8.1f} KiB{'':<17} "
          f"{'every file the worker keeps':<34} {cached / 1024:8.1f} KiB   target: < 100 KB  "
          f"{'met' if max(page, cached) < 100_000 else 'MISSED'}")
    print(f"{'a tap to a sealed record queued':<44} {tap:8.1f} ms{'':<18} {'an IndexedDB write alone':<34} "
          f"{put:8.1f} ms    target: < 50 ms   {'met' if tap < 50 else 'MISSED'}")
    return max(page, cached) < 100_000 and tap < 50
