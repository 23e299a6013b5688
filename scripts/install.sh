#!/usr/bin/env bash
# Installs a built haven binary and the core pack under PREFIX:
#   PREFIX/bin/haven, PREFIX/share/haven/core/ (found by the binary without flags),
#   PREFIX/share/haven/hooks/haven.lua (the stub editors read for hooks).
set -euo pipefail
binary=${1:?usage: install.sh BINARY PREFIX}
prefix=${2:?usage: install.sh BINARY PREFIX}
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$prefix/bin" "$prefix/share/haven"
install -m 0755 "$binary" "$prefix/bin/haven"
# The release binary carries the Swift runtime; its symbols are not needed.
if command -v strip >/dev/null 2>&1 && [ "${HAVEN_NO_STRIP:-}" = "" ]; then strip "$prefix/bin/haven" 2>/dev/null || true; fi
rm -rf "$prefix/share/haven/core"
cp -R "$here/trackers" "$prefix/share/haven/core"
mkdir -p "$prefix/share/haven/hooks"
install -m 0644 "$here/docs/hooks/haven.lua" "$prefix/share/haven/hooks/haven.lua"
echo "installed $prefix/bin/haven, $prefix/share/haven/core and $prefix/share/haven/hooks/haven.lua"
