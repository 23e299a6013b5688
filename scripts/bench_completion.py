"""`make bench`'s figure for #30 item 2: a shell's Tab after `haven log w`,
which asks `haven --complete` over a home of 100 trackers, beside `haven
--version` (the cost of starting the process at all); it must feel
instant: at most 30 ms."""
import os
import tempfile


def bench_completion(haven, make_home, compare, Pairs, runs=21):
    with tempfile.TemporaryDirectory(prefix="haven-bench-") as root:
        home = os.path.join(root, "home")
        make_home(home)
        env = dict(os.environ, HAVEN_HOME=home)
        print("\nshell completion: Tab after 'haven log t0', 100 trackers, the answer haven gives the shell")
        results = {}
        for label, line in [("tracker ids after log", ["1", "log", "t0"]),
                            ("level keys after a levels tracker", ["2", "log", "t001", ""]),
                            ("options after log ID", ["2", "log", "t001", "--n"])]:
            pairs = compare([haven, "--complete"] + line, [haven, "--version"], env)
            wall = Pairs.median(pairs.a) * 1000
            floor = Pairs.median(pairs.b) * 1000
            met = wall <= 30
            print(f"{label:<44} {wall:8.1f} ms (cpu {Pairs.median(pairs.a, 'cpu') * 1000:6.1f})   "
                  f"{'haven --version (process start)':<34} {floor:8.1f} ms   target: <= 30 ms  "
                  f"{'met' if met else 'MISSED'}")
            results[label] = met
        return all(results.values())
