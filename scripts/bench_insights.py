"""`make bench`'s insights figures (#34): `haven insights` over ten years of
a tracker with 20 entries a day (triggers and notes on most), and `--with`
another tracker over the same ten years, each beside `haven stats` of the
same tracker (which reads the same entries) in the same run."""
import os
import sqlite3
import subprocess
import tempfile

from bench_common import NOW, RUNS, Pairs, compare, report

TRIGGERS = ["boredom", "stress", "Tired", "after work", "phone in bed"]
NOTES = ["scrolled the news again", "in bed with the phone", "waiting for the bus", None, "after a long call"]


def fill(home):
    """Ten years (2016-01-01 … 2025-12-31) of the awareness tracker `scroll`,
    20 entries a day spread over the waking hours, and of `mood`, one a day."""
    db = sqlite3.connect(os.path.join(home, "haven.db"))
    db.execute("""
        WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 20 * 3653 - 1)
        INSERT INTO entry (tracker, instant, zone, utc_offset, day, written_at, uuid, source, trigger, note)
        SELECT 'scroll', 1451606400000 + (i / 20) * 86400000 + (7 + (i * 7) % 16) * 3600000 + (i % 60) * 60000, 'UTC', 0,
               date('2016-01-01', '+' || (i / 20) || ' days'), 1451606400000 + i,
               printf('%08x-0000-7000-8000-%012x', i, i), 'import:bench',
               CASE i % 4 WHEN 3 THEN NULL ELSE
                 (CASE i % 5 WHEN 0 THEN ? WHEN 1 THEN ? WHEN 2 THEN ? WHEN 3 THEN ? ELSE ? END) END,
               CASE i % 5 WHEN 0 THEN ? WHEN 1 THEN ? WHEN 2 THEN ? WHEN 3 THEN ? ELSE ? END
        FROM n
        """, TRIGGERS + NOTES)
    db.execute("""
        WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 3653 - 1)
        INSERT INTO entry (tracker, instant, zone, utc_offset, day, written_at, uuid, source, level)
        SELECT 'mood', 1451606400000 + i * 86400000 + 21 * 3600000, 'UTC', 0, date('2016-01-01', '+' || i || ' days'),
               1451606400000 + i, printf('%08x-0000-7000-9000-%012x', i, i), 'import:bench',
               CASE (i * 7) % 5 WHEN 0 THEN 'awful' WHEN 1 THEN 'bad' WHEN 2 THEN 'okay' WHEN 3 THEN 'good' ELSE 'great' END
        FROM n
        """)
    db.execute("UPDATE tracker_state SET first_seen = '2016-01-01'")
    count = db.execute("SELECT COUNT(*) FROM entry").fetchone()[0]
    db.commit()
    db.close()
    return count


def bench_insights(haven):
    results = {}
    with tempfile.TemporaryDirectory(prefix="haven-bench-insights-") as root:
        home = os.path.join(root, "home")
        os.makedirs(os.path.join(home, "trackers"))
        with open(os.path.join(home, "trackers", "scroll.yaml"), "w", encoding="utf-8") as f:
            f.write("name: Scrolling\ntype: saboteur\nmode: awareness\n")
        with open(os.path.join(home, "trackers", "mood.yaml"), "w", encoding="utf-8") as f:
            f.write("extends: core/mood\n")
        env = dict(os.environ, HAVEN_NOW=NOW, TZ="UTC", NO_COLOR="1", HAVEN_HOME=home)
        subprocess.run([haven, "status"], env=env, check=True, stdout=subprocess.DEVNULL)
        entries = fill(home)
        subprocess.run([haven, "status"], env=env, check=True, stdout=subprocess.DEVNULL)
        ten_years = ["--from", "2016-01-01", "--to", "2025-12-31"]
        check = subprocess.run([haven, "insights", "scroll", *ten_years, "--json"], env=env, capture_output=True, text=True)
        assert check.returncode == 0 and '"entries": 73060' in check.stdout, check.stderr + check.stdout[:500]
        print(f"\nhaven insights over ten years, 20 entries a day ({entries:,} entries in the home), {RUNS} pairs")
        stats = [haven, "stats", "scroll"]
        for name, label, command in [
                ("insights", "haven insights scroll (10 years)", [haven, "insights", "scroll", *ten_years]),
                ("insights --with", "haven insights mood --with scroll", [haven, "insights", "mood", "--with", "scroll",
                                                                         *ten_years])]:
            pairs = compare(command, stats, env)
            report(label, pairs, "stats scroll (the same entries)", "reported")
            wall = Pairs.median(pairs.a)
            results[name] = wall < 0.15
            print(f"{label + ': its median':<44} {wall * 1000:8.1f} ms{'':<96} target: < 150 ms  "
                  f"{'met' if results[name] else 'MISSED'}")
    return results
