#!/usr/bin/env bash
# Moves the debug information of a release binary into BIN.debug beside it
# (linked back with a .gnu_debuglink, so gdb and perf still find it): a
# one-shot `haven log` runs 13% faster without 30 MB of it in the file it
# maps (#31, D321). Skipped, with the binary as it is, when objcopy is
# missing or the binary holds no debug information (already split).
set -euo pipefail
bin=${1:?usage: split-debug.sh BINARY}
command -v objcopy >/dev/null 2>&1 || exit 0
readelf -S -W "$bin" 2>/dev/null | grep -q '\.debug_info' || exit 0
# The link names the file it was made with: it is made under its own name.
objcopy --only-keep-debug "$bin" "$bin.debug"
objcopy --strip-debug --add-gnu-debuglink="$bin.debug" "$bin" "$bin.stripped.tmp"
mv "$bin.stripped.tmp" "$bin"
