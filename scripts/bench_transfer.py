#!/usr/bin/env python3
"""`make bench`'s transfer figures: pack installs beside git, Loop and Apple
Health imports beside their baselines."""
from bench_common import Pairs, NOW, RUNS, report, run_once, tracker_text, peak_rss_kib
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
