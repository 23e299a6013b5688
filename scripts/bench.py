#!/usr/bin/env python3
"""Haven's benchmarks: each figure is printed beside a baseline measured in
the same run, on the same machine, with the same files.

usage: bench.py HAVEN_BINARY SERVER_BIN_DIR (haven-server and haven-load)
"""
from bench_health_day import bench_health_one_day
from bench_logins import bench_logins
from bench_practice import bench_practice
from bench_quick import bench_quick
from bench_insights import bench_insights
from bench_phone import bench_phone
from bench_completion import bench_completion
from bench_common import (RUNS, PRESETS, KINDS, NOW, HISTORY_START, tracker_text, Timing, run_once, Pairs, compare, report, make_home, fill_history, peak_rss_kib, fill_entries, describe)
from bench_sync import SyncServer, free_port, bench_sync, bench_server_load
from bench_transfer import bench_packs, bench_loop_import, bench_apple_health
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

def bench_validate(haven):
    with tempfile.TemporaryDirectory(prefix="haven-bench-") as pack:
        os.makedirs(os.path.join(pack, "trackers"))
        files = []
        for i in range(1000):
            path = os.path.join(pack, "trackers", f"tracker-{i:04d}.yaml")
            with open(path, "w", encoding="utf-8") as f:
                f.write(tracker_text(i))
            files.append(path)
        size = sum(os.path.getsize(p) for p in files)
        check = subprocess.run([haven, "validate", pack], capture_output=True, text=True)
        if check.returncode != 0:
            sys.exit(f"bench: the generated pack does not validate:\n{check.stderr[:2000]}")
        print(f"\nhaven validate on 1,000 generated tracker files ({size / 1024:.0f} KiB), {RUNS} pairs")
        pairs = compare([haven, "validate", pack], ["cat", *files])
        ratio = report("haven validate (1,000 files)", pairs, "cat of the same files", "target: < 200 ms and < 5x", 5)
        return Pairs.median(pairs.a) < 0.2 and ratio < 5


def bench_status_and_log(haven):
    """Status against history, trackers and calendar; log against sqlite3;
    undo against the size of the history; the first status after an import."""
    results = {}
    with tempfile.TemporaryDirectory(prefix="haven-bench-") as root:
        full, empty = os.path.join(root, "full"), os.path.join(root, "empty")
        make_home(full)
        make_home(empty)
        env = dict(os.environ, HAVEN_NOW=NOW, TZ="UTC", NO_COLOR="1")
        full_env, empty_env = dict(env, HAVEN_HOME=full), dict(env, HAVEN_HOME=empty)
        for e in (full_env, empty_env):
            subprocess.run([haven, "status"], env=e, check=True, stdout=subprocess.DEVNULL)
        entries = fill_history(full)
        print(f"\nhaven status --json, 100 trackers, {entries:,} entries over 10 years vs none, {RUNS} pairs")
        cold = run_once([haven, "status", "--json"], full_env).wall
        print(f"{'the first status after the import':<44} {cold * 1000:8.1f} ms (every day walked from scratch)"
              f"{'':<32}   target: <= 500 ms  {'met' if cold <= 0.5 else 'MISSED'}")
        results["first status"] = cold <= 0.5
        pairs = compare([haven, "status", "--json"], [haven, "status", "--json"], full_env, empty_env)
        results["status"] = report("(a) status, 10 years of history", pairs, "same trackers, no history",
                                   "target: <= 1.1x, wall and cpu", 1.1, cpu_too=True) <= 1.1
        rss_full = peak_rss_kib([haven, "status", "--json"], full_env)
        rss_none = peak_rss_kib([haven, "status", "--json"], empty_env)
        print(f"{'(d) peak memory of (a)':<44} {rss_full / 1024:8.1f} MiB{'':<17} {'no history':<34} "
              f"{rss_none / 1024:8.1f} MiB")
        pairs = compare([haven, "calendar"], [haven, "status"], full_env)
        results["calendar"] = report("calendar of the 100 trackers", pairs, "status of them", "target: <= 2x", 2) <= 2

        db = os.path.join(full, "haven.db")
        # A new UUID each time, as every entry has one (schema v3).
        sql = ("INSERT INTO entry (tracker, instant, zone, utc_offset, day, written_at, uuid, source) "
               "VALUES ('t000', 1767268800000, 'UTC', 0, '2026-01-01', 1767268800000, "
               "lower(printf('%s-%s-7%s-8%s-%s', hex(randomblob(4)), hex(randomblob(2)), "
               "substr(hex(randomblob(2)), 2), substr(hex(randomblob(2)), 2), hex(randomblob(6)))), 'cli')")
        pairs = compare([haven, "log", "t000"], ["sqlite3", db, sql], full_env, env)
        results["log"] = report("(b) haven log, end to end", pairs, "sqlite3 CLI inserting one row",
                                "target: <= 1.5x, wall and cpu", 1.5, cpu_too=True) <= 1.5

        small, big = os.path.join(root, "undo-small"), os.path.join(root, "undo-big")
        for home, count in ((small, 1_000), (big, 1_000_000)):
            make_home(home)
            subprocess.run([haven, "status"], env=dict(env, HAVEN_HOME=home), check=True, stdout=subprocess.DEVNULL)
            fill_entries(home, count)
            subprocess.run([haven, "status"], env=dict(env, HAVEN_HOME=home), check=True, stdout=subprocess.DEVNULL)
        print(f"\nhaven undo with 1,000,000 entries vs 1,000, {RUNS} pairs")
        pairs = compare([haven, "undo"], [haven, "undo"], dict(env, HAVEN_HOME=big), dict(env, HAVEN_HOME=small))
        results["undo"] = report("undo, 1,000,000 entries", pairs, "undo, 1,000 entries", "target: <= 1.5x", 1.5) <= 1.5

        many, few = os.path.join(root, "many"), os.path.join(root, "few")
        for home, count in ((many, 1000), (few, 100)):
            make_home(home, count)
            subprocess.run([haven, "status"], env=dict(env, HAVEN_HOME=home), check=True, stdout=subprocess.DEVNULL)
            fill_history(home, count, start=dt.date(2025, 1, 1))
            subprocess.run([haven, "status"], env=dict(env, HAVEN_HOME=home), check=True, stdout=subprocess.DEVNULL)
        print(f"\nhaven status with 1,000 trackers vs 100, a year of history each, {RUNS} pairs")
        pairs = compare([haven, "status"], [haven, "status"], dict(env, HAVEN_HOME=many), dict(env, HAVEN_HOME=few))
        results["1,000 trackers"] = report("status, 1,000 trackers", pairs, "status, 100 trackers",
                                           "target: <= 4x", 4) <= 4
    return results


def bench_hooks(haven):
    """Cold status (no checkpoints) of 100 trackers x 10 years, each with a
    trivial day_outcome hook, against the same trackers without hooks."""
    with tempfile.TemporaryDirectory(prefix="haven-bench-") as root:
        plain, hooked = os.path.join(root, "plain"), os.path.join(root, "hooked")
        make_home(plain)
        env = dict(os.environ, HAVEN_NOW=NOW, TZ="UTC", NO_COLOR="1")
        subprocess.run([haven, "status"], env=dict(env, HAVEN_HOME=plain), check=True, stdout=subprocess.DEVNULL)
        fill_history(plain)
        shutil.copytree(plain, hooked)
        os.makedirs(os.path.join(hooked, "hooks"))
        with open(os.path.join(hooked, "hooks", "trivial.lua"), "w", encoding="utf-8") as f:
            f.write("function day_outcome(day) return nil end\n")
        for name in os.listdir(os.path.join(hooked, "trackers")):
            with open(os.path.join(hooked, "trackers", name), "a", encoding="utf-8") as f:
                f.write("hooks: hooks/trivial.lua\n")

        def cold(home):
            def run():
                db = sqlite3.connect(os.path.join(home, "haven.db"))
                db.execute("DELETE FROM checkpoint")
                db.execute("DELETE FROM checkpoint_latest")
                db.commit()
                db.close()
                return run_once([haven, "status", "--json"], dict(env, HAVEN_HOME=home))
            return run

        runs, a, b = 11, [], []
        for _ in range(runs):
            a.append(cold(hooked)())
            b.append(cold(plain)())
        print(f"\nhaven status --json, 100 trackers x 10 years, checkpoints cold, {runs} pairs")
        ratio = report("a trivial day_outcome hook on every tracker", Pairs(a, b), "no hooks",
                       "target: <= 1.8x, wall and cpu", 1.8, cpu_too=True)
        return ratio <= 1.8


def bench_repl(haven):
    """1,000 log lines piped into one haven at 100 trackers, all into one
    day, per line; beside it a haven log process. Five rounds, each in a
    fresh home."""
    repl, separate = [], []
    for _ in range(5):
        with tempfile.TemporaryDirectory(prefix="haven-bench-") as home:
            make_home(home)
            env = dict(os.environ, HAVEN_HOME=home, NO_COLOR="1")
            subprocess.run([haven, "status"], env=env, check=True, stdout=subprocess.DEVNULL)
            start = time.perf_counter()
            before = os.times()
            piped = subprocess.run([haven], env=env, input="t002 +1\n" * 1000, text=True, capture_output=True)
            after = os.times()
            cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
            repl.append(Timing((time.perf_counter() - start) / 1000, cpu / 1000))
            if piped.returncode != 0 or piped.stdout.count("\n") != 1000:
                sys.exit(f"bench: piped logging failed: {piped.stderr[:500]}")
            separate.append(run_once([haven, "log", "t002", "+1"], env))
    print("\nthe REPL's own cost per log line: 1,000 lines into one day piped into one haven, 100 trackers, 5 rounds")
    line = Pairs.median(repl)
    report("a log line in the REPL", Pairs(repl, []), "", "target: <= 0.5 ms", 0.0005)
    print(f"{'a haven log process, for comparison':<44} {Pairs.median(separate) * 1000:8.1f} ms")
    return line <= 0.0005


def bench_report(haven):
    """`haven report` of 20 trackers with 5 years of history each (a year
    shown, the default), beside `haven status --json` of the same home."""
    with tempfile.TemporaryDirectory(prefix="haven-bench-") as root:
        home = os.path.join(root, "home")
        make_home(home, count=20)
        env = dict(os.environ, HAVEN_NOW=NOW, TZ="UTC", NO_COLOR="1", HAVEN_HOME=home)
        subprocess.run([haven, "status"], env=env, check=True, stdout=subprocess.DEVNULL)
        entries = fill_history(home, count=20, start=dt.date(2021, 1, 1))
        subprocess.run([haven, "status"], env=env, check=True, stdout=subprocess.DEVNULL)
        out = os.path.join(root, "report.html")
        print(f"\nhaven report, 20 trackers x 5 years ({entries:,} entries), a year shown, {RUNS} pairs")
        pairs = compare([haven, "report", "--out", out], [haven, "status", "--json"], env)
        size = os.path.getsize(out)
        wall = Pairs.median(pairs.a)
        report("haven report (20 trackers)", pairs, "status --json of them", "reported")
        met = wall < 0.3 and size < 2_000_000
        print(f"{'haven report: time and size':<44} {wall * 1000:8.1f} ms, {size / 1e6:.2f} MB of HTML"
              f"{'':<40} target: < 300 ms and < 2 MB  {'met' if met else 'MISSED'}")
        return met


def bench_remind(haven):
    """`haven remind` when nothing is to be sent: 20 trackers with 5 years of
    history, every reminder's time passed and each already notified today
    (the worst such case: each tracker's day is worked out), beside
    `haven status` of the same home."""
    with tempfile.TemporaryDirectory(prefix="haven-bench-") as root:
        home = os.path.join(root, "home")
        make_home(home, count=20)
        for name in os.listdir(os.path.join(home, "trackers")):
            with open(os.path.join(home, "trackers", name), "a", encoding="utf-8") as f:
                f.write('reminder: { at: "07:00" }\n')
        env = dict(os.environ, HAVEN_NOW=NOW, TZ="UTC", NO_COLOR="1", HAVEN_HOME=home,
                   DBUS_SESSION_BUS_ADDRESS="unix:path=" + os.path.join(root, "no-bus"))
        subprocess.run([haven, "status"], env=env, check=True, stdout=subprocess.DEVNULL)
        entries = fill_history(home, count=20, start=dt.date(2021, 1, 1))
        due = json.loads(subprocess.run([haven, "due", "--json"], env=env, check=True, capture_output=True).stdout)
        with sqlite3.connect(os.path.join(home, "haven.db")) as db:
            # Each reminder's own slot: its time, or 'at_risk' (SPEC §11).
            db.executemany("INSERT INTO notification (tracker, day, slot, sent_at, state) VALUES (?, ?, ?, 0, 'dismissed')",
                           [(d["tracker"], d["day"], d["at"] if d["reason"] == "reminder" else "at_risk") for d in due])
        sent = subprocess.run([haven, "remind", "--json"], env=env, check=True, capture_output=True).stdout
        assert json.loads(sent) == [], sent
        print(f"\nhaven remind with nothing to send, 20 trackers x 5 years ({entries:,} entries, {len(due)} reminders "
              f"already sent), {RUNS} pairs")
        pairs = compare([haven, "remind"], [haven, "status"], env)
        return report("haven remind (nothing to send)", pairs, "status of them", "target: <= 1.5x", 1.5) <= 1.5


def main(argv):
    """Every benchmark, or those BENCH_ONLY names (comma-separated: validate,
    status, hooks, repl, completion, packs, loop, health, report, remind,
    quick, insights, practice, sync, logins, server, phone)."""
    if len(argv) != 2:
        sys.exit(__doc__)
    haven = os.path.abspath(argv[0])
    server_bin_dir = os.path.abspath(argv[1])
    server_bin = os.path.join(server_bin_dir, "haven-server")
    describe(haven)
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")

    def logins():
        with SyncServer(server_bin, ".build-pg-bench") as server:
            return {"logins": bench_logins(server.server_bin, server, free_port, Timing, Pairs, report)}

    benches = [
        ("validate", lambda: {"validate": bench_validate(haven)}),
        ("status", lambda: bench_status_and_log(haven)),
        ("hooks", lambda: {"hooks": bench_hooks(haven)}),
        ("repl", lambda: {"repl": bench_repl(haven)}),
        ("completion", lambda: {"completion": bench_completion(haven, make_home, compare, Pairs)}),
        ("packs", lambda: {"pack install": bench_packs(haven)}),
        ("loop", lambda: {"loop import": bench_loop_import(haven)}),
        ("health", lambda: {"apple-health import": bench_apple_health(haven),
                            "apple-health one day": bench_health_one_day(haven, run_once, Pairs, report, peak_rss_kib)}),
        ("report", lambda: {"report": bench_report(haven)}),
        ("remind", lambda: {"remind": bench_remind(haven)}),
        ("quick", lambda: bench_quick(haven)),
        ("insights", lambda: bench_insights(haven)),
        ("practice", lambda: {"practice": bench_practice(haven)}),
        ("sync", lambda: {"sync": bench_sync(haven, server_bin),
                          "sync of 550k": bench_sync(haven, server_bin, trackers=200, rounds=1, memory_only=True)}),
        ("logins", logins),
        ("server", lambda: {"server load": bench_server_load(server_bin, os.path.join(server_bin_dir, "haven-load"))}),
        ("phone", lambda: {"phone": bench_phone(haven, server_bin, SyncServer, free_port)}),
    ]
    only = [name for name in os.environ.get("BENCH_ONLY", "").split(",") if name]
    results = {}
    for name, bench in benches:
        if not only or name in only:
            results.update(bench())
    print(f"\nload average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(", ".join(f"{name}: {'ok' if ok else 'MISSED'}" for name, ok in results.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
