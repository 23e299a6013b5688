#!/usr/bin/env python3
"""Old Haven against new, on the hot paths of `make bench`: each figure is
the same command run by the new binary and by the old one in turns (A B A B
...), on the same files, so that both meet the same load. The verdict is
the median of the paired ratios new/old; above 1.05 is reported as slower.

usage: bench_compare.py OLD_HAVEN NEW_HAVEN   (`make bench-compare OLD=...`)
Both binaries must read the same database schema.
"""
import importlib.util
import os
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("bench", os.path.join(here, "bench.py"))
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)


def figure(label, new, old, env=None):
    pairs = bench.compare(new, old, env)
    return bench.report(label, pairs, "old binary", "target: <= 1.05x", 1.05) <= 1.05


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__)
    old, new = (os.path.abspath(p) for p in argv[1:])
    print(f"new: {new}\nold: {old}\n{bench.RUNS} pairs each, new first")
    results = {}
    with tempfile.TemporaryDirectory(prefix="haven-compare-") as root:
        pack = os.path.join(root, "pack")
        os.makedirs(os.path.join(pack, "trackers"))
        for i in range(1000):
            with open(os.path.join(pack, "trackers", f"tracker-{i:04d}.yaml"), "w", encoding="utf-8") as f:
                f.write(bench.tracker_text(i))
        results["validate"] = figure("validate, 1,000 tracker files", [new, "validate", pack], [old, "validate", pack])

        home = os.path.join(root, "home")
        bench.make_home(home)
        env = dict(os.environ, HAVEN_NOW=bench.NOW, TZ="UTC", NO_COLOR="1", HAVEN_HOME=home)
        subprocess.run([old, "status"], env=env, check=True, stdout=subprocess.DEVNULL)
        bench.fill_history(home)
        subprocess.run([new, "status"], env=env, check=True, stdout=subprocess.DEVNULL)
        results["status"] = figure("status --json, 100 trackers x 10 years", [new, "status", "--json"],
                                   [old, "status", "--json"], env)
        results["calendar"] = figure("calendar, 100 trackers", [new, "calendar"], [old, "calendar"], env)
        results["log"] = figure("log, end to end", [new, "log", "t000"], [old, "log", "t000"], env)
        results["streak"] = figure("streak t001 --json", [new, "streak", "t001", "--json"],
                                   [old, "streak", "t001", "--json"], env)
        results["pack list"] = figure("pack list", [new, "pack", "list"], [old, "pack", "list"], env)
        results["due"] = figure("due", [new, "due"], [old, "due"], env)
    slower = [name for name, kept in results.items() if not kept]
    print(f"\n{len(results) - len(slower)} of {len(results)} figures no slower than 1.05x"
          + (f"; slower: {', '.join(slower)}" if slower else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
