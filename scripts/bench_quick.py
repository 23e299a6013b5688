"""`make bench`'s quick-capture figures (#33): `haven bar` and `haven pick
--print` at 20 trackers with 5 years of history, each beside `haven status
--json` of the same home; how soon `haven bar --watch` prints after a log
from another process; and the CPU it uses while nothing changes."""
import datetime as dt
import os
import resource
import select
import subprocess
import tempfile
import time

from bench_common import NOW, RUNS, compare, report, make_home, fill_history

IDLE = 60  # seconds


def bench_quick(haven, idle=IDLE):
    results = {}
    with tempfile.TemporaryDirectory(prefix="haven-bench-quick-") as root:
        home = os.path.join(root, "home")
        make_home(home, count=20)
        env = dict(os.environ, HAVEN_NOW=NOW, TZ="UTC", NO_COLOR="1", HAVEN_HOME=home)
        subprocess.run([haven, "status"], env=env, check=True, stdout=subprocess.DEVNULL)
        entries = fill_history(home, count=20, start=dt.date(2021, 1, 1))
        subprocess.run([haven, "status"], env=env, check=True, stdout=subprocess.DEVNULL)
        print(f"\nhaven bar and haven pick --print, 20 trackers x 5 years ({entries:,} entries), {RUNS} pairs")
        status = [haven, "status", "--json"]
        pairs = compare([haven, "bar", "--format", "waybar"], status, env)
        results["bar"] = report("haven bar --format waybar", pairs, "status --json of them",
                                "target: <= 1.2x", 1.2) <= 1.2
        pairs = compare([haven, "pick", "--print"], status, env)
        results["pick --print"] = report("haven pick --print", pairs, "status --json of them",
                                         "target: <= 1.2x", 1.2) <= 1.2

        # --watch on the real clock (no HAVEN_NOW), as a status bar runs it.
        live = dict(env)
        live.pop("HAVEN_NOW")
        watch = subprocess.Popen([haven, "bar", "--watch"], env=live, stdout=subprocess.PIPE)
        try:
            first = watch.stdout.readline()
            assert first, "bar --watch printed nothing"
            latencies = []
            for _ in range(5):
                start = time.perf_counter()
                subprocess.run([haven, "log", "t002", "+1"], env=live, check=True, stdout=subprocess.DEVNULL)
                ready, _, _ = select.select([watch.stdout], [], [], 10)
                assert ready, "bar --watch printed no line after a log"
                watch.stdout.readline()
                latencies.append(time.perf_counter() - start)
            latencies.sort()
            median = latencies[len(latencies) // 2]
            print(f"{'bar --watch: a log to its new line':<44} {median * 1000:8.1f} ms (median of 5, the log included)"
                  f"{'':<34} target: <= 1 s  {'met' if median <= 1 else 'MISSED'}")
            results["bar --watch latency"] = median <= 1
            before = cpu_of(watch.pid)
            ready, _, _ = select.select([watch.stdout], [], [], idle)
            used = cpu_of(watch.pid) - before
            quiet = not ready
            print(f"{f'bar --watch: CPU over {idle} s of nothing':<44} {used * 1000:8.1f} ms"
                  f"{'' if quiet else ' (it printed a line: something changed)'}{'':<47} target: < 100 ms  "
                  f"{'met' if used < 0.1 and quiet else 'MISSED'}")
            results["bar --watch idle"] = used < 0.1 and quiet
        finally:
            watch.stdout.close()
            watch.wait(timeout=30)
    return results


def cpu_of(pid):
    """User and system CPU seconds a running process has used (/proc)."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks
