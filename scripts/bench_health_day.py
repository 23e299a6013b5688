"""`make bench`'s figure for #28 item 14: an Apple Health import of one day
holding 100,000 records, beside the same records spread over 1,000 days
(within 1.5x), and its peak memory (under 64 MiB)."""
import os
import tempfile
import zipfile


def make_export(path, records, days):
    """An export.zip of `records` NoAlc samples over `days` days."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z, z.open("apple_health_export/export.xml", "w") as f:
        f.write(b'<?xml version="1.0" encoding="UTF-8"?>\n<HealthData locale="en_US">\n')
        for i in range(records):
            d = i % days
            day = "%04d-%02d-%02d" % (2020 + d // 336, 1 + (d // 28) % 12, 1 + d % 28)
            minute, second = (i // 60) % 60, i % 60
            f.write(('<Record type="HKQuantityTypeIdentifierNumberOfAlcoholicBeverages" sourceName="x" unit="count" '
                     f'startDate="{day} 20:{minute:02d}:{second:02d} +0000" '
                     f'endDate="{day} 20:{minute:02d}:{second:02d} +0000" value="1"/>\n').encode())
        f.write(b"</HealthData>\n")


def bench_health_one_day(haven, run_once, compare_pairs, report, peak_rss_kib, runs=3):
    records = 100_000
    with tempfile.TemporaryDirectory(prefix="haven-bench-") as root:
        one, spread = os.path.join(root, "one.zip"), os.path.join(root, "spread.zip")
        make_export(one, records, 1)
        make_export(spread, records, 1000)

        def home(name):
            path = os.path.join(root, name)
            os.makedirs(os.path.join(path, "trackers"))
            with open(os.path.join(path, "trackers", "noalc.yaml"), "w", encoding="utf-8") as f:
                f.write("extends: core/noalc\n")
            return path

        env = dict(os.environ, HAVEN_NOW="2026-11-01 10:00", TZ="UTC")
        a, b = [], []
        for run in range(runs):
            a.append(run_once([haven, "import", "apple-health", one], dict(env, HAVEN_HOME=home(f"one-{run}"))))
            b.append(run_once([haven, "import", "apple-health", spread], dict(env, HAVEN_HOME=home(f"spread-{run}"))))
        print(f"\nhaven import apple-health: {records:,} NoAlc records on one day, and over 1,000 days, {runs} pairs")
        ratio = report("import apple-health (one day)", compare_pairs(a, b), "the same spread over 1,000 days",
                       "target <= 1.5x", limit=1.5)
        peak = peak_rss_kib([haven, "import", "apple-health", one], dict(env, HAVEN_HOME=home("peak"))) / 1024
        print(f"{'peak memory (one day)':<44} {peak:8.1f} MiB   target < 64 MiB  {'met' if peak < 64 else 'MISSED'}")
        return ratio <= 1.5 and peak < 64
