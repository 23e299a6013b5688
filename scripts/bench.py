#!/usr/bin/env python3
"""Haven's benchmarks: each figure is printed beside a baseline measured in
the same run, on the same machine, with the same files.

usage: bench.py HAVEN_BINARY SERVER_BIN_DIR (haven-server and haven-load)
"""
from bench_health_day import bench_health_one_day
from bench_logins import bench_logins
from bench_completion import bench_completion
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

RUNS = 21

PRESETS = ["water", "stretching", "reading", "meditation", "doomscrolling", "snacking", "noalc", "mood"]


def tracker_text(i):
    """Varied, realistic tracker files: presets extended, inline levels, goals, reminders."""
    kind = i % 4
    if kind == 0:
        return f"extends: core/{PRESETS[i % len(PRESETS)]}\nname: Tracker {i}\npinned: {str(i % 10 == 0).lower()}\n"
    if kind == 1:
        return (f"name: {{ en: Habit {i}, de: Gewohnheit {i} }}\nicon: \"🌱\"\ninput: count\nunit: glasses\n"
                f"goal: {{ at_least: {i % 9 + 1} }}\nstreak:\n  period: week\n  times: {i % 7 + 1}\n"
                f"  milestones: [7, 30, 100]\nrewards: core/joker\n"
                f"reminder:\n  at: \"20:{i % 60:02d}\"\n  days: [mon, wed, fri]\n")
    if kind == 2:
        return (f"name: Levels {i}\ntype: saboteur\nmode: avoidance\ninput: levels\nlevels:\n"
                f"  - {{ key: calm, icon: \"🌿\", label: {{ en: Calm, de: Ruhig }}, effect: success, health: 0 }}\n"
                f"  - {{ key: slip, icon: \"🌀\", label: {{ en: Slip, de: Ausrutscher }}, effect: grace, health: 2 }}\n"
                f"  - {{ key: lost, icon: \"💥\", effect: break, health_range: [5, null] }}\n"
                f"day_boundary: \"04:00\"\nfreezes: {{ start: 1, max: 3, per_month: 1 }}\nsince: 2026-01-01\n")
    return (f"# A plain check habit\nname: Check {i}\ninput: check\nhealth:\n  type: HKCategoryTypeIdentifierMindfulSession\n"
            f"streak: {{ missing: neutral }}\n")


class Timing:
    """One run: wall-clock and CPU time (user + system of the process), in
    seconds, and the machine's one-minute load average when it ended."""

    def __init__(self, wall, cpu, rss_kib=0):
        self.wall, self.cpu, self.rss_kib = wall, cpu, rss_kib
        self.load = os.getloadavg()[0]


def run_once(command, env=None):
    """Runs a command to its end and returns its Timing."""
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        try:
            os.execvpe(command[0], command, env if env is not None else os.environ)
        finally:
            os._exit(127)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        sys.exit(f"bench: {' '.join(command[:3])} failed (status {status})")
    return Timing(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss)


class Pairs:
    """A figure and its baseline measured in turns (A B A B ...), so that
    both meet the same load on a shared machine. The verdict is the median
    of the paired ratios; its spread (the middle half of the ratios) and the
    CPU time are printed beside it."""

    def __init__(self, a, b):
        self.a, self.b = a, b
        self.ratios = sorted(x.wall / y.wall for x, y in zip(a, b)) if b else []
        self.cpu_ratios = sorted(x.cpu / max(y.cpu, 1e-6) for x, y in zip(a, b)) if b else []
        # The load average as the first and the last run of the figure ended.
        runs = [t for pair in zip(a, b or a) for t in pair]
        self.load = (runs[0].load, max(t.load for t in runs[-2:]))

    @staticmethod
    def median(timings, key="wall"):
        return statistics.median(getattr(t, key) for t in timings)

    @property
    def ratio(self):
        return statistics.median(self.ratios)

    @property
    def cpu_ratio(self):
        return statistics.median(self.cpu_ratios)

    @staticmethod
    def middle_half(ratios):
        n = len(ratios)
        return ratios[n // 4], ratios[(3 * n) // 4]

    @property
    def spread(self):
        return Pairs.middle_half(self.ratios)


def compare(command, baseline, env=None, baseline_env=None, runs=RUNS):
    """`runs` pairs of a command and its baseline, taken in turns."""
    a, b = [], []
    for _ in range(runs):
        a.append(run_once(command, env))
        b.append(run_once(baseline, baseline_env if baseline_env is not None else env))
    return Pairs(a, b)


def report(label, pairs, baseline_label, target, limit=None, cpu_too=False):
    """Prints a figure beside its baseline: paired medians of wall and CPU
    time, the median paired ratio of each with its middle half, and the
    load average as the figure's first and last runs ended (marked when
    above 2). Returns the median paired wall ratio, or with `cpu_too` the
    larger of the wall and CPU ratios (or the figure's median wall time when
    there is no baseline). `limit` is the value the median must not exceed;
    None reports only."""
    wall, cpu = Pairs.median(pairs.a) * 1000, Pairs.median(pairs.a, "cpu") * 1000
    line = f"{label:<44} {wall:8.1f} ms (cpu {cpu:6.1f})"
    if pairs.b:
        bwall, bcpu = Pairs.median(pairs.b) * 1000, Pairs.median(pairs.b, "cpu") * 1000
        low, high = pairs.spread
        clow, chigh = Pairs.middle_half(pairs.cpu_ratios)
        line += (f"   {baseline_label:<34} {bwall:8.1f} ms (cpu {bcpu:6.1f})   "
                 f"ratio {pairs.ratio:5.2f}x ({low:.2f}-{high:.2f}), cpu {pairs.cpu_ratio:5.2f}x ({clow:.2f}-{chigh:.2f})")
        value = max(pairs.ratio, pairs.cpu_ratio) if cpu_too else pairs.ratio
    else:
        value = wall / 1000
    start, end = pairs.load
    busy = "  [load above 2: taken on a busy machine]" if max(start, end) > 2 else ""
    verdict = "" if limit is None else ("  met" if value <= limit else "  MISSED")
    print(f"{line}   load {start:.1f}-{end:.1f}   {target}{verdict}{busy}")
    return value


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


KINDS = ["check", "levels", "count", "avoidance"]
NOW = "2026-01-01 12:00"
HISTORY_START = dt.date(2016, 1, 1)


def make_home(path, count=100):
    os.makedirs(os.path.join(path, "trackers"))
    for i in range(count):
        kind = KINDS[i % 4]
        text = {"check": f"name: Habit {i}\n",
                "levels": f"extends: core/noalc\nname: Levels {i}\npinned: false\n",
                "count": f"extends: core/water\nname: Count {i}\nrewards: core/joker\n",
                "avoidance": f"name: Avoid {i}\ntype: saboteur\nmode: avoidance\n"}[kind]
        with open(os.path.join(path, "trackers", f"t{i:03d}.yaml"), "w", encoding="utf-8") as f:
            f.write(text)


def fill_history(home, count=100, start=HISTORY_START):
    """Daily entries from `start` (ten years) for every tracker, written straight into the schema."""
    db = sqlite3.connect(os.path.join(home, "haven.db"))
    end = dt.date(2025, 12, 31)
    rows = []
    day = start
    n = 0
    while day <= end:
        iso = day.isoformat()
        instant = int(dt.datetime(day.year, day.month, day.day, 20, tzinfo=dt.timezone.utc).timestamp() * 1000)
        for i in range(count):
            kind = KINDS[i % 4]
            n += 1
            if kind == "avoidance" and n % 37 != 0:
                continue
            level = ["steady", "steady", "steady", "easy", "wild"][n % 5] if kind == "levels" else None
            number = float(n % 9 + 1) if kind == "count" else None
            # A version-7 UUID: the write time, then the row's number where the random bits go.
            stamp = f"{instant:012x}"
            uuid = f"{stamp[:8]}-{stamp[8:]}-7000-8000-{n:012x}"
            rows.append((f"t{i:03d}", instant, "UTC", 0, iso, level, number, instant, uuid))
        day += dt.timedelta(days=1)
    db.executemany("INSERT INTO entry (tracker, instant, zone, utc_offset, day, level, number, written_at, uuid, source) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'import:bench')", rows)
    db.execute("UPDATE tracker_state SET first_seen = ?", (start.isoformat(),))
    db.commit()
    db.close()
    return len(rows)


def peak_rss_kib(command, env):
    pid = os.fork()
    if pid == 0:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        os.execve(command[0], command, env)
    _, status, usage = os.wait4(pid, 0)
    if status != 0:
        sys.exit(f"bench: {' '.join(command)} failed")
    return usage.ru_maxrss


def fill_entries(home, count):
    """`count` entries of the check tracker t000, 300 a day from 2016 on."""
    db = sqlite3.connect(os.path.join(home, "haven.db"))
    db.execute("""
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
        INSERT INTO entry (tracker, instant, zone, utc_offset, day, written_at, uuid, source)
        SELECT 't000', 1451649600000 + (i / 300) * 86400000 + i, 'UTC', 0, date('2016-01-01', '+' || (i / 300) || ' days'),
               1451649600000 + i, printf('%08x-0000-7000-8000-%012x', i, i), 'import:bench' FROM n
        """, (count,))
    db.execute("UPDATE tracker_state SET first_seen = '2016-01-01'")
    db.commit()
    db.close()


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


def pack_tracker_text(i):
    """A tracker as a pack may hold it: without the personal keys since: and pinned:."""
    return "".join(line + "\n" for line in tracker_text(i).splitlines()
                   if not line.startswith(("since:", "pinned:")))


def git(*args, cwd=None):
    subprocess.run(["git", "-c", "user.name=Bench", "-c", "user.email=bench@example.org", *args], cwd=cwd,
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def make_pack_repository(path, name, trackers):
    os.makedirs(os.path.join(path, "trackers"))
    with open(os.path.join(path, "pack.yaml"), "w", encoding="utf-8") as f:
        f.write(f"id: {name}\nname: {name}\nversion: \"1.0.0\"\nhaven: \"^0.1\"\n")
    for i in range(trackers):
        with open(os.path.join(path, "trackers", f"{name}-{i:04d}.yaml"), "w", encoding="utf-8") as f:
            f.write(pack_tracker_text(i))
    git("init", "--quiet", "--initial-branch=main", cwd=path)
    git("add", "-A", cwd=path)
    git("commit", "--quiet", "-m", "1.0.0", cwd=path)
    git("tag", "v1.0.0", cwd=path)


def fresh_home(root, run):
    home = os.path.join(root, f"home-{run}")
    os.makedirs(os.path.join(home, "trackers"))
    with open(os.path.join(home, "trackers", "noalc.yaml"), "w", encoding="utf-8") as f:
        f.write("extends: core/noalc\n")
    return home


def bench_packs(haven):
    """pack install from a local git tag against git clone of the same
    repository; a restore of five packs from packs.lock against five clones."""
    runs = 21
    with tempfile.TemporaryDirectory(prefix="haven-bench-") as root:
        repository = os.path.join(root, "big")
        make_pack_repository(repository, "big", 200)
        env = dict(os.environ, HAVEN_NOW=NOW, TZ="UTC")
        install, clone = [], []
        for run in range(runs):
            home = fresh_home(root, run)
            install.append(run_once([haven, "pack", "install", repository, "--ref", "v1.0.0", "--yes"],
                                    dict(env, HAVEN_HOME=home)))
            clone.append(run_once(["git", "clone", "--quiet", repository, os.path.join(root, f"clone-{run}")]))
        print(f"\nhaven pack install of a 200-tracker pack from a local git tag, {runs} pairs")
        ratio = report("haven pack install REPO --ref v1.0.0", Pairs(install, clone), "git clone of the same repository",
                       "target: <= 2x", 2)

        packs = []
        for n in range(5):
            path = os.path.join(root, f"pack{n}")
            make_pack_repository(path, f"pack{n}", 40)
            packs.append(path)
        source = fresh_home(root, "source")
        for path in packs:
            run_once([haven, "pack", "install", path, "--ref", "v1.0.0", "--yes"], dict(env, HAVEN_HOME=source))
        restore, clones = [], []
        for run in range(runs):
            home = fresh_home(root, f"restore-{run}")
            shutil.copy(os.path.join(source, "packs.lock"), os.path.join(home, "packs.lock"))
            restore.append(run_once([haven, "pack", "install"], dict(env, HAVEN_HOME=home)))
            target = os.path.join(root, f"clones-{run}")
            script = " && ".join(f"git clone --quiet {path} {target}/{n}" for n, path in enumerate(packs))
            clones.append(run_once(["sh", "-c", script]))
        print(f"\nhaven pack install with no source: five 40-tracker packs restored from packs.lock, {runs} pairs")
        report("haven pack install (restore 5 packs)", Pairs(restore, clones), "five git clones of the same", "reported")
        return ratio <= 2


def make_loop_backup(path, habits, days):
    """A Loop Habit Tracker backup (its schema version 25): yes/no and numeric
    habits, daily and 3/7, with a repetition on most days for `days` days."""
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE Habits (id integer primary key autoincrement, archived integer, color integer, description text,
            freq_den integer, freq_num integer, highlight integer, name text, position integer, reminder_hour integer,
            reminder_min integer, reminder_days integer not null default 127, type integer not null default 0,
            target_type integer not null default 0, target_value real not null default 0, unit text not null default "",
            question text, uuid text);
        CREATE TABLE Repetitions (id integer primary key autoincrement, habit integer not null references habits(id),
            timestamp integer not null, value integer not null, notes text);
        CREATE UNIQUE INDEX idx_repetitions_habit_timestamp on Repetitions(habit, timestamp);
        PRAGMA user_version = 25;
    """)
    for h in range(habits):
        numeric = h % 3 == 2
        db.execute("INSERT INTO Habits (id, archived, color, description, freq_den, freq_num, highlight, name, position, "
                   "type, target_type, target_value, unit, question, uuid) VALUES (?, 0, 0, '', ?, ?, 0, ?, ?, ?, 0, ?, ?, '', ?)",
                   (h + 1, 7 if h % 2 else 1, 3 if h % 2 else 1, f"Habit {h}", h, 1 if numeric else 0,
                    5.0 if numeric else 0.0, "km" if numeric else "", f"{h:032x}"))
    start = dt.date(2016, 1, 1)
    rows = []
    for h in range(habits):
        numeric = h % 3 == 2
        for d in range(days):
            if (d * 7 + h) % 5 == 0:
                continue
            stamp = int(dt.datetime.combine(start + dt.timedelta(days=d), dt.time(), dt.timezone.utc).timestamp() * 1000)
            value = (d % 9 + 1) * 1000 if numeric else (3 if d % 41 == 0 else 2)
            rows.append((h + 1, stamp, value, "note" if d % 30 == 0 else None))
    db.executemany("INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES (?, ?, ?, ?)", rows)
    db.commit()
    db.close()
    return len(rows)


def bench_loop_import(haven):
    """import loop of ten years of Loop history, beside import haven of the
    same entries from haven's own JSON Lines."""
    runs = 5
    with tempfile.TemporaryDirectory(prefix="haven-bench-") as root:
        backup = os.path.join(root, "loop.db")
        count = make_loop_backup(backup, 10, 3650)
        env = dict(os.environ, HAVEN_NOW="2026-01-01 12:00", TZ="UTC")
        first = fresh_home(root, "first")
        run_once([haven, "import", "loop", backup], dict(env, HAVEN_HOME=first))
        exported = os.path.join(root, "history.jsonl")
        with open(exported, "w", encoding="utf-8") as f:
            subprocess.run([haven, "export", "json"], env=dict(env, HAVEN_HOME=first), stdout=f, check=True)
        loop, json_lines = [], []
        for run in range(runs):
            home = fresh_home(root, f"loop-{run}")
            loop.append(run_once([haven, "import", "loop", backup], dict(env, HAVEN_HOME=home)))
            other = fresh_home(root, f"json-{run}")
            shutil.copytree(os.path.join(first, "trackers"), os.path.join(other, "trackers"), dirs_exist_ok=True)
            json_lines.append(run_once([haven, "import", "haven", exported], dict(env, HAVEN_HOME=other)))
        print(f"\nhaven import loop: 10 habits x 10 years ({count:,} repetitions), {runs} pairs")
        report("haven import loop (10 years)", Pairs(loop, json_lines), "import haven of the same entries", "reported")
        return True


HEALTH_BASELINE = "healthkit-to-sqlite==1.0.1"


def make_health_export(path, megabytes):
    """An Apple Health export.zip of about `megabytes` of XML, shaped like a
    real one: the DTD every export embeds, years of step counts and heart
    rates (with their device strings and metadata) around three years of
    NoAlc evenings from two sources, mindful sessions and water."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(root, "Tests", "Fixtures", "apple-health-prologue.xml"), encoding="utf-8") as f:
        prologue = f.read()
    device = ("&lt;&lt;HKDevice: 0x283b1c2d0&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, "
              "hardware:Watch6,2, software:10.1&gt;")

    def record(kind, source, start, end, value, unit, extra=""):
        s = start.strftime("%Y-%m-%d %H:%M:%S +0100")
        e = end.strftime("%Y-%m-%d %H:%M:%S +0100")
        head = (f' <Record type="{kind}" sourceName="{source}" sourceVersion="10.1" device="{device}" unit="{unit}" '
                f'creationDate="{e}" startDate="{s}" endDate="{e}" value="{value}"')
        return head + (">\n" + extra + " </Record>\n" if extra else "/>\n")

    parts, size, first = [prologue], len(prologue), dt.datetime(2023, 11, 1)
    for day in range(1096):
        evening = first + dt.timedelta(days=day, hours=21)
        drinks = 7 if day % 29 == 13 else 4 if day % 11 == 5 else 2 if day % 7 == 2 else 0
        parts.append(record("HKQuantityTypeIdentifierNumberOfAlcoholicBeverages", "NoAlc",
                            first + dt.timedelta(days=day + 1), first + dt.timedelta(days=day + 1), drinks, "count"))
        if drinks and day % 2:
            parts.append(record("HKQuantityTypeIdentifierNumberOfAlcoholicBeverages", "Drinks", evening, evening,
                                1, "count"))
        if day % 3 == 0:
            parts.append(record("HKCategoryTypeIdentifierMindfulSession", "Breathe", evening,
                                evening + dt.timedelta(minutes=10), "HKCategoryValueNotApplicable", ""))
        for hour in (8, 12, 16):
            at = first + dt.timedelta(days=day, hours=hour)
            parts.append(record("HKQuantityTypeIdentifierDietaryWater", "WaterMinder", at, at, 330, "mL"))
    size = sum(len(p) for p in parts)
    minute = 0
    while size < megabytes * 1_000_000:
        at = first + dt.timedelta(minutes=minute * 7)
        minute += 1
        if minute % 2:
            line = record("HKQuantityTypeIdentifierStepCount", "iPhone", at, at + dt.timedelta(minutes=5),
                          minute % 900, "count")
        else:
            meta = '  <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="0"/>\n'
            line = record("HKQuantityTypeIdentifierHeartRate", "Apple Watch", at, at, 60 + minute % 40,
                          "count/min", meta)
        parts.append(line)
        size += len(line)
    parts.append("</HealthData>\n")
    import zipfile
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
        archive.writestr("apple_health_export/export.xml", "".join(parts))
        archive.writestr("apple_health_export/export_cda.xml", "<ClinicalDocument/>\n")
    return size


def health_baseline(root):
    """healthkit-to-sqlite in a virtual environment this script makes (kept
    in .build/ between runs); None when it cannot be installed here."""
    venv = os.path.join(root, ".build", "bench-venv")
    tool = os.path.join(venv, "bin", "healthkit-to-sqlite")
    if not os.path.exists(tool):
        made = subprocess.run([sys.executable, "-m", "venv", venv], capture_output=True)
        if made.returncode == 0:
            made = subprocess.run([os.path.join(venv, "bin", "pip"), "install", "-q", HEALTH_BASELINE],
                                  capture_output=True)
        if made.returncode != 0 or not os.path.exists(tool):
            print(f"bench: cannot install {HEALTH_BASELINE}: {made.stderr.decode()[-300:]}", file=sys.stderr)
            return None
    return tool


def bench_apple_health(haven):
    """import apple-health of a generated 100 MB export beside healthkit-to-sqlite
    on the same file; Haven's peak memory."""
    runs = 3
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    baseline = health_baseline(root)
    with tempfile.TemporaryDirectory(prefix="haven-bench-") as folder:
        export = os.path.join(folder, "export.zip")
        size = make_health_export(export, 100)
        env = dict(os.environ, HAVEN_NOW="2026-11-01 10:00", TZ="Africa/Lagos")

        def home(run):
            path = fresh_home(folder, f"health-{run}")
            for preset in ("noalc", "meditation", "water"):
                with open(os.path.join(path, "trackers", preset + ".yaml"), "w", encoding="utf-8") as f:
                    f.write(f"extends: core/{preset}\n")
            return path

        ours, theirs, peaks = [], [], []
        for run in range(runs):
            ours.append(run_once([haven, "import", "apple-health", export], dict(env, HAVEN_HOME=home(run))))
            peaks.append(peak_rss_kib([haven, "import", "apple-health", export], dict(env, HAVEN_HOME=home(f"m{run}"))))
            if baseline:
                database = os.path.join(folder, f"healthkit-{run}.db")
                theirs.append(run_once([baseline, export, database, "--silent"]))
        print(f"\nhaven import apple-health: a generated export.zip of {size / 1e6:.0f} MB of XML, "
              f"{runs} pairs")
        peak = max(peaks) / 1024
        print(f"{'haven import apple-health peak memory':<40} {peak:8.1f} MiB{'':<20} target < 64 MiB")
        if not baseline:
            print("healthkit-to-sqlite could not be installed: no ratio")
            return peak < 64
        ratio = report("haven import apple-health (100 MB)", Pairs(ours, theirs), "healthkit-to-sqlite, same file",
                       "target: at least 15x faster")
        print(f"{'haven import apple-health is':<44} {1 / ratio:8.1f}x faster than healthkit-to-sqlite "
              f"(median of the paired ratios)   {'met' if 1 / ratio >= 15 else 'MISSED'}")
        return 1 / ratio >= 15 and peak < 64


def describe(binary):
    """Names the binary measured: its path, size, and how it was linked."""
    linked = subprocess.run(["ldd", binary], capture_output=True, text=True).stdout
    swift = "Swift runtime dynamic" if "libswiftCore" in linked else "Swift runtime static"
    pie = "PIE" if "DYN" in subprocess.run(["readelf", "-h", binary], capture_output=True, text=True).stdout else "non-PIE"
    print(f"measuring {binary} ({os.path.getsize(binary) / 1e6:.0f} MB, {swift}, {pie})")
    print("each figure: the median of its runs, with the CPU time they used; beside it its baseline, the two run in turns;"
          "\nthe verdict is the median of the paired ratios, with the middle half of the ratios in brackets")


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
            db.executemany("INSERT INTO notification (tracker, day, sent_at, state) VALUES (?, ?, 0, 'dismissed')",
                           [(d["tracker"], d["day"]) for d in due])
        sent = subprocess.run([haven, "remind", "--json"], env=env, check=True, capture_output=True).stdout
        assert json.loads(sent) == [], sent
        print(f"\nhaven remind with nothing to send, 20 trackers x 5 years ({entries:,} entries, {len(due)} reminders "
              f"already sent), {RUNS} pairs")
        pairs = compare([haven, "remind"], [haven, "status"], env)
        return report("haven remind (nothing to send)", pairs, "status of them", "target: <= 1.5x", 1.5) <= 1.5


def free_port():
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class SyncServer:
    """haven-server (release) over a PostgreSQL of the checkout's own, on
    loopback ports; stopped by PID, then the cluster, whatever happens."""

    def __init__(self, server_bin, cluster, iterations=None):
        self.root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        self.cluster = os.path.join(self.root, cluster)
        self.pg_port, self.port = free_port(), free_port()
        self.server_bin, self.iterations = server_bin, iterations

    def __enter__(self):
        pg = os.path.join(self.root, "scripts", "pg.sh")
        subprocess.run([pg, "stop", self.cluster], stderr=subprocess.DEVNULL)
        shutil.rmtree(self.cluster, ignore_errors=True)
        subprocess.run([pg, "start", self.cluster, str(self.pg_port)], check=True)
        args = [self.server_bin, "--port", str(self.port), "--pg-port", str(self.pg_port)]
        if self.iterations:
            args += ["--password-iterations", str(self.iterations)]
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


def bench_server_load(server_bin, load_bin):
    """50 devices (over 10 accounts) each pushing 1,000 records in batches of
    100, all at once, then every stream read back and checked; beside it the
    floor: the same rows in the same shape (50 clients, 100-row INSERTs, one
    transaction each) put straight into the same PostgreSQL by pgbench."""
    with SyncServer(server_bin, ".build-pg-bench") as server:
        result = subprocess.run([load_bin, server.url, "--accounts", "10", "--devices", "50", "--records", "1000",
                                 "--batch", "100"], capture_output=True, text=True)
        if result.returncode != 0 and not result.stdout:
            sys.exit(f"bench: haven-load failed: {result.stderr}")
        load = json.loads(result.stdout)
        server.psql("-c", "CREATE TABLE floor_record (LIKE record INCLUDING ALL)")
        script = os.path.join(server.cluster, "floor.sql")
        with open(script, "w") as f:
            f.write("\\set account random(1, 1000000000)\n"
                    "INSERT INTO floor_record (account_id, device, idx, id, version, sealed) "
                    "SELECT :account, gen_random_uuid(), n, gen_random_uuid(), 1, "
                    "convert_to(repeat(md5(random()::text), 10), 'UTF8') FROM generate_series(1, 100) AS n;\n")
        import glob
        pgbench = sorted(glob.glob("/usr/lib/postgresql/*/bin/pgbench"),
                         key=lambda path: int(path.split("/")[4]))[-1]
        start = time.perf_counter()
        subprocess.run([pgbench, "-h", "127.0.0.1", "-p", str(server.pg_port), "-U", "postgres", "-n", "-c", "50",
                        "-j", "2", "-t", "10", "-f", script, "haven"], check=True, capture_output=True)
        floor = time.perf_counter() - start
        rows = int(server.psql("-c", "SELECT count(*) FROM floor_record"))
    print(f"\nhaven-server under {load['devices']} devices ({load['accounts']} accounts) each pushing "
          f"{load['records'] // load['devices']:,} records in batches of {load['batch']}, all at once")
    print(f"{'records through haven-server':<44} {load['seconds'] * 1000:8.1f} ms, {load['records_per_second']:,} records/s, "
          f"p50 {load['p50_ms']} ms, p99 {load['p99_ms']} ms per batch   "
          f"{'floor: pgbench, same rows and batches':<34} {floor * 1000:8.1f} ms, {int(rows / floor):,} rows/s "
          f"({load['seconds'] / floor:.1f}x)")
    ok = load["lost"] == 0 and load["duplicated"] == 0 and load["unexpected"] == 0 and rows == load["records"]
    print(f"{'lost / duplicated / unexpected records':<44} {load['lost']} / {load['duplicated']} / {load['unexpected']}"
          f"{'':<30} target: 0 / 0 / 0  {'met' if ok else 'MISSED'}")
    return ok


def main(argv):
    """Every benchmark, or those BENCH_ONLY names (comma-separated: validate,
    status, hooks, repl, completion, packs, loop, health, report, remind,
    sync, logins, server)."""
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
        ("sync", lambda: {"sync": bench_sync(haven, server_bin),
                          "sync of 550k": bench_sync(haven, server_bin, trackers=200, rounds=1, memory_only=True)}),
        ("logins", logins),
        ("server", lambda: {"server load": bench_server_load(server_bin, os.path.join(server_bin_dir, "haven-load"))}),
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
