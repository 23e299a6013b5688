#!/usr/bin/env python3
"""Haven's benchmarks: each figure is printed beside a baseline measured in
the same run, on the same machine, with the same files.

usage: bench.py HAVEN_BINARY
"""
import os
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


def median_seconds(command, runs=RUNS):
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        samples.append(time.perf_counter() - start)
        if result.returncode != 0:
            sys.exit(f"bench: {' '.join(command[:3])} failed: {result.stderr.decode()[:500]}")
    return statistics.median(samples)


def report(label, value, baseline_label, baseline, target):
    ratio = value / baseline if baseline else float("inf")
    print(f"{label:<44} {value * 1000:8.1f} ms   {baseline_label:<30} {baseline * 1000:7.1f} ms   "
          f"ratio {ratio:5.1f}x   {target}")
    return ratio


def main(argv):
    if len(argv) != 1:
        sys.exit(__doc__)
    haven = os.path.abspath(argv[0])
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
        print(f"haven validate on 1,000 generated tracker files ({size / 1024:.0f} KiB), median of {RUNS} runs")
        read = median_seconds(["cat", *files])
        validate = median_seconds([haven, "validate", pack])
        ratio = report("haven validate (1,000 files)", validate, "cat of the same files", read,
                       "target: < 200 ms and < 5x")
        ok = validate < 0.2 and ratio < 5
        print(f"validate: {'ok' if ok else 'MISSED'}")
        return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
