#!/usr/bin/env python3
"""Writes the link order of the release build (D328): every function of the
haven binary that the everyday one-shot commands run, in the order they first
run, one mangled name a line. The release link (Makefile, RELEASE_FLAGS) puts
these functions side by side at the start of the code, so a one-shot command
faults in a few pages of code instead of pages spread over 20 MB.

usage: hot_symbols.py HAVEN_BINARY OUT_FILE   (needs valgrind)

Names the binary no longer has are skipped by the linker, so an old list only
costs speed; regenerate it with `make hot-symbols` after large changes.
"""
import datetime as dt
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_common import NOW, make_home, fill_history  # noqa: E402

# The commands a person runs every morning and evening, most frequent first;
# t000 is a check tracker, t001 levels, t002 a count, t003 an avoidance.
COMMANDS = [
    ["log", "t000"], ["log", "t001", "easy"], ["log", "t002", "2", "--note", "after lunch"],
    ["log", "t003"], ["status"], ["status", "--json"], ["due"], ["streak", "t001"],
    ["undo"], ["calendar", "t002"], ["trackers"], ["show", "t003"], ["stats", "t000"],
    ["--complete", "2", "log", "t"], ["--version"], ["help"],
]
FUNCTION = re.compile(r"^c?fn=\(\d+\)(?: (.*))?$")


def defined_functions(binary):
    """The binary's function names. A local name that many objects define
    (`objectdestroyTm`, a value witness) moves every section holding one,
    including a few large ones of libraries built without a section per
    function; leaving such names out measured worse (84 pages of code
    touched by a log against 71), as the merged functions stay scattered."""
    out = subprocess.run(["nm", "--defined-only", binary], check=True, capture_output=True, text=True).stdout
    return {parts[2] for parts in (line.split() for line in out.splitlines())
            if len(parts) == 3 and parts[1] in "tTwW"}


def functions_run(binary, command, env, folder):
    """The functions one run calls, in the order callgrind first names them."""
    out = os.path.join(folder, "callgrind.out")
    subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={out}", binary, *command],
                   env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    names = []
    with open(out, encoding="utf-8", errors="replace") as f:
        for line in f:
            match = FUNCTION.match(line)
            if match and match.group(1):
                names.append(match.group(1))
    return names


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__)
    binary, target = argv[1], argv[2]
    with tempfile.TemporaryDirectory(prefix="haven-order-") as root:
        # valgrind cannot read the debug info this Swift writes: a copy without it.
        plain = os.path.join(root, "haven")
        subprocess.run(["objcopy", "--strip-debug", binary, plain], check=True)
        home = os.path.join(root, "home")
        make_home(home)
        core = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "trackers")
        env = dict(os.environ, HAVEN_HOME=home, HAVEN_NOW=NOW, TZ="UTC", NO_COLOR="1", HAVEN_CORE_PACK=core)
        subprocess.run([plain, "status"], env=env, check=True, stdout=subprocess.DEVNULL)
        fill_history(home, start=dt.date(2025, 1, 1))
        subprocess.run([plain, "status"], env=env, check=True, stdout=subprocess.DEVNULL)
        defined = defined_functions(plain)
        order, seen = [], set()
        for command in COMMANDS:
            for name in functions_run(plain, command, env, root):
                if name in defined and name not in seen:
                    seen.add(name)
                    order.append(name)
    with open(target, "w", encoding="utf-8") as f:
        f.write("".join(name + "\n" for name in order))
    print(f"{target}: {len(order):,} functions from {len(COMMANDS)} commands")


if __name__ == "__main__":
    main(sys.argv)
