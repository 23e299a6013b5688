"""`make bench`'s practice figure (#32): a 5-minute practice in a real
terminal (a pseudo-terminal, so the screen is drawn as a person sees it),
its end measured against the monotonic clock, and the CPU the timer used.

The practice rings its bell at the start and at the end; the bench reads
the terminal's output and notes the monotonic time of each bell as it
arrives, so the error is the practice's own: (end bell - start bell) - 5 min.
"""
import os
import pty
import resource
import select
import tempfile
import time

LENGTH = 300  # seconds


def bench_practice(haven, length=LENGTH):
    with tempfile.TemporaryDirectory(prefix="haven-bench-practice-") as home:
        os.makedirs(os.path.join(home, "trackers"))
        with open(os.path.join(home, "trackers", "meditation.yaml"), "w", encoding="utf-8") as f:
            f.write("extends: core/meditation\n")
        env = dict(os.environ, HAVEN_HOME=home, TZ="UTC", TERM="xterm-256color", LANG="C.UTF-8")
        print(f"\na {length // 60}-minute practice in a terminal (haven meditate open --duration {length}s), once")
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        pid, fd = pty.fork()
        if pid == 0:
            os.execve(haven, [haven, "meditate", "open", "--duration", f"{length}s"], env)
        bells, output = [], b""
        while True:
            ready, _, _ = select.select([fd], [], [], 1)
            if not ready:
                continue
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            now = time.monotonic()
            bells += [now] * chunk.count(b"\x07")
            output += chunk
        _, status = os.waitpid(pid, 0)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        if os.waitstatus_to_exitcode(status) != 0 or len(bells) < 2:
            print(f"bench: the practice did not run to its end:\n{output[-2000:].decode(errors='replace')}")
            return False
        error_ms = ((bells[-1] - bells[0]) - length) * 1000
        share = cpu / length * 100
        print(f"{'end of the practice against its plan':<44} {error_ms:+8.1f} ms{'':<40}"
              f"target: <= 50 ms  {'met' if abs(error_ms) <= 50 else 'MISSED'}")
        print(f"{'CPU of the timer while it ran':<44} {share:8.3f} % of one core ({cpu * 1000:.0f} ms in {length} s)"
              f"{'':<8}target: <= 1 %  {'met' if share <= 1 else 'MISSED'}")
        return abs(error_ms) <= 50 and share <= 1
