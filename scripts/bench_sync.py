#!/usr/bin/env python3
"""`make bench`'s sync figures: a fresh device's first sync beside `import
haven`, and haven-server under many devices beside pgbench."""
from bench_common import Pairs, Timing, NOW, fill_history, make_home, report, run_once
import datetime as dt
import json
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

def free_port():
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class SyncServer:
    """haven-server (release) over a PostgreSQL of the checkout's own, on
    loopback ports; stopped by PID, then the cluster, whatever happens."""

    def __init__(self, server_bin, cluster, iterations=None, flags=()):
        self.root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        self.cluster = os.path.join(self.root, cluster)
        self.pg_port, self.port = free_port(), free_port()
        self.server_bin, self.iterations, self.flags = server_bin, iterations, list(flags)

    def __enter__(self):
        pg = os.path.join(self.root, "scripts", "pg.sh")
        subprocess.run([pg, "stop", self.cluster], stderr=subprocess.DEVNULL)
        shutil.rmtree(self.cluster, ignore_errors=True)
        subprocess.run([pg, "start", self.cluster, str(self.pg_port)], check=True)
        args = [self.server_bin, "--port", str(self.port), "--pg-port", str(self.pg_port)]
        if self.iterations:
            args += ["--password-iterations", str(self.iterations)]
        args += self.flags
        self.log = open(os.path.join(self.cluster, "server.log"), "w")
        self.process = subprocess.Popen(args, stdout=self.log, stderr=self.log)
        for _ in range(300):
            try:
                import urllib.request
                urllib.request.urlopen(f"{self.url}/health", timeout=1).read()
                return self
            except OSError:
                time.sleep(0.05)
        self.__exit__(None, None, None)
        sys.exit("bench: haven-server did not start")

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    def psql(self, *args):
        return subprocess.run([os.path.join(self.root, "scripts", "pg.sh"), "psql", self.cluster, str(self.pg_port),
                               "-d", "haven", "-v", "ON_ERROR_STOP=1", "-qAt", *args],
                              check=True, capture_output=True, text=True).stdout.strip()

    def __exit__(self, *_):
        self.process.terminate()
        self.process.wait()
        self.log.close()
        subprocess.run([os.path.join(self.root, "scripts", "pg.sh"), "stop", self.cluster], check=True)
        shutil.rmtree(self.cluster, ignore_errors=True)


def bench_sync(haven, server_bin, trackers=20, rounds=5, memory_only=False):
    """Ten years of `trackers` trackers, synced from the device that holds
    them to a fresh one through haven-server on PostgreSQL: the fresh
    device's first `haven sync` (pull, open, apply page by page), beside
    `haven import haven` of the same history into a fresh home, in turns;
    the peak memory of each; and the first device's own push. With
    `memory_only` (ten times the history) only the peak is judged: it must
    not grow with the history."""
    with tempfile.TemporaryDirectory(prefix="haven-bench-") as root, SyncServer(server_bin, ".build-pg-bench") as server:
        first = os.path.join(root, "first")
        make_home(first, count=trackers)
        env = dict(os.environ, HAVEN_NOW=NOW, TZ="UTC", NO_COLOR="1")
        password = "bench password\n"

        def haven_at(home, *args, stdin=None):
            out = subprocess.run([haven, "--home", home, *args], env=env, input=stdin, text=True, check=True,
                                 capture_output=True)
            return out.stdout.strip()

        haven_at(first, "status")
        entries = fill_history(first, count=trackers)
        haven_at(first, "status")
        haven_at(first, "sync", "login", server.url, "--account", "bench", "--new", stdin=password)
        key = haven_at(first, "sync", "key")
        push = run_once([haven, "--home", first, "sync"], env)
        history = os.path.join(root, "history.jsonl")
        haven_at(first, "export", "json", "--out", history)
        pulls, imports, same = [], [], True
        for n in range(rounds):
            fresh, imported = os.path.join(root, f"fresh-{n}"), os.path.join(root, f"imported-{n}")
            for home in (fresh, imported):
                make_home(home, count=trackers)
                haven_at(home, "status")
            haven_at(fresh, "sync", "login", server.url, "--account", "bench", "--key", key, stdin=password)
            pulls.append(run_once([haven, "--home", fresh, "sync"], env))
            imports.append(run_once([haven, "--home", imported, "import", "haven", history], env))
            same = same and haven_at(first, "status", "--json") == haven_at(fresh, "status", "--json")
            shutil.rmtree(fresh)
            shutil.rmtree(imported)
        records = int(server.psql("-c", "SELECT count(*) FROM record"))
        print(f"\nhaven sync, {trackers} trackers x 10 years ({entries:,} entries, {records:,} records) to a fresh "
              f"device, {rounds} pairs")
        ratio = report("haven sync on a fresh device", Pairs(pulls, imports), "import haven of the same history",
                       "reported" if memory_only else "target: <= 1.3x, wall and cpu",
                       None if memory_only else 1.3, cpu_too=True)
        peak, baseline = max(t.rss_kib for t in pulls) / 1024, max(t.rss_kib for t in imports) / 1024
        print(f"{'peak memory of the sync':<44} {peak:8.1f} MiB{'':<17} {'of the import':<34} {baseline:8.1f} MiB"
              f"   target: < 64 MiB  {'met' if peak < 64 else 'MISSED'}")
        print(f"{'the first device pushing them':<44} {push.wall * 1000:8.1f} ms (cpu {push.cpu * 1000:6.1f})"
              f"   same status --json on both devices: {'yes' if same else 'NO'}")
        return (memory_only or ratio <= 1.3) and peak < 64 and same


def bench_server_load(server_bin, load_bin, rounds=5):
    """50 devices (over 10 accounts) each pushing 1,000 records in batches of
    100, all at once, then every stream read back and checked; beside it the
    floor: the same rows in the same shape (50 clients, 100-row INSERTs, one
    transaction each) put straight into the same PostgreSQL by pgbench; in
    turns, `rounds` times, each round's accounts new."""
    import glob
    pgbench = sorted(glob.glob("/usr/lib/postgresql/*/bin/pgbench"), key=lambda path: int(path.split("/")[4]))[-1]
    loads, floors, ok = [], [], True
    # Every round logs 50 devices in from one address: the limit on password attempts is off here.
    with SyncServer(server_bin, ".build-pg-bench", flags=["--address-attempts", "0"]) as server:
        server.psql("-c", "CREATE TABLE floor_record (LIKE record INCLUDING ALL)")
        script = os.path.join(server.cluster, "floor.sql")
        with open(script, "w") as f:
            f.write("\\set account random(1, 1000000000)\n"
                    "INSERT INTO floor_record (account_id, device, idx, id, version, sealed) "
                    "SELECT :account, gen_random_uuid(), n, gen_random_uuid(), 1, "
                    "convert_to(repeat(md5(random()::text), 10), 'UTF8') FROM generate_series(1, 100) AS n;\n")
        for _ in range(rounds):
            result = subprocess.run([load_bin, server.url, "--accounts", "10", "--devices", "50", "--records", "1000",
                                     "--batch", "100"], capture_output=True, text=True)
            if result.returncode != 0 and not result.stdout:
                sys.exit(f"bench: haven-load failed: {result.stderr}")
            load = json.loads(result.stdout)
            loads.append(load)
            before = int(server.psql("-c", "SELECT count(*) FROM floor_record"))
            start = time.perf_counter()
            subprocess.run([pgbench, "-h", "127.0.0.1", "-p", str(server.pg_port), "-U", "postgres", "-n", "-c", "50",
                            "-j", "2", "-t", "10", "-f", script, "haven"], check=True, capture_output=True)
            floors.append((time.perf_counter() - start, os.getloadavg()[0]))
            rows = int(server.psql("-c", "SELECT count(*) FROM floor_record")) - before
            ok = ok and load["lost"] == 0 and load["duplicated"] == 0 and load["unexpected"] == 0 and rows == load["records"]
    ratios = sorted(load["seconds"] / floor for load, (floor, _) in zip(loads, floors))
    median = statistics.median(ratios)
    low, high = ratios[len(ratios) // 4], ratios[(3 * len(ratios)) // 4]
    seconds = statistics.median(load["seconds"] for load in loads)
    floor = statistics.median(floor for floor, _ in floors)
    load = loads[len(loads) // 2]
    first, last = floors[0][1], floors[-1][1]
    busy = "  [load above 2: taken on a busy machine]" if max(first, last) > 2 else ""
    print(f"\nhaven-server under {load['devices']} devices ({load['accounts']} accounts) each pushing "
          f"{load['records'] // load['devices']:,} records in batches of {load['batch']}, all at once, {rounds} pairs")
    print(f"{'records through haven-server':<44} {seconds * 1000:8.1f} ms, p50 {load['p50_ms']} ms, p99 {load['p99_ms']} ms "
          f"a batch   {'pgbench, same rows and batches':<34} {floor * 1000:8.1f} ms   ratio {median:5.2f}x "
          f"({low:.2f}-{high:.2f})   load {first:.1f}-{last:.1f}   target: <= 1.6x  {'met' if median <= 1.6 else 'MISSED'}"
          f"{busy}")
    print(f"{'lost / duplicated / unexpected records':<44} {load['lost']} / {load['duplicated']} / {load['unexpected']}"
          f"{'':<30} target: 0 / 0 / 0  {'met' if ok else 'MISSED'}")
    return ok and median <= 1.6
