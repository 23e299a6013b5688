#!/usr/bin/env python3
"""What every benchmark of `make bench` shares: runs timed by wall and CPU
time, figures paired with their baselines and reported, and the homes
and histories they run on."""
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


def describe(binary):
    """Names the binary measured: its path, size, and how it was linked."""
    linked = subprocess.run(["ldd", binary], capture_output=True, text=True).stdout
    swift = "Swift runtime dynamic" if "libswiftCore" in linked else "Swift runtime static"
    pie = "PIE" if "DYN" in subprocess.run(["readelf", "-h", binary], capture_output=True, text=True).stdout else "non-PIE"
    print(f"measuring {binary} ({os.path.getsize(binary) / 1e6:.0f} MB, {swift}, {pie})")
    print("each figure: the median of its runs, with the CPU time they used; beside it its baseline, the two run in turns;"
          "\nthe verdict is the median of the paired ratios, with the middle half of the ratios in brackets")
