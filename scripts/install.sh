#!/usr/bin/env bash
# Installs a built haven binary and the core pack under PREFIX:
#   PREFIX/bin/haven, PREFIX/share/haven/core/ (found by the binary without flags),
#   PREFIX/share/haven/hooks/haven.lua (the stub editors read for hooks),
#   PREFIX/share/man/man1/haven.1 and bash, zsh and fish completions, both
#   generated from the command definitions by the installed binary, and
#   PREFIX/share/applications/haven-pick.desktop (`haven pick` from a launcher).
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
share="$prefix/share"
mkdir -p "$share/man/man1" "$share/bash-completion/completions" "$share/zsh/site-functions" \
  "$share/fish/vendor_completions.d" "$share/applications"
# The launcher names the installed binary, quoted as the desktop entry spec quotes a path.
escaped=$(printf '%s' "$prefix/bin/haven" | sed 's/[\\"`$]/\\\\&/g; s/[|&]/\\&/g')
sed "s|^Exec=haven |Exec=\"$escaped\" |" "$here/docs/haven-pick.desktop" > "$share/applications/haven-pick.desktop"
python3 "$here/scripts/manpage.py" "$prefix/bin/haven" > "$share/man/man1/haven.1"
"$prefix/bin/haven" --generate-completion-script bash > "$share/bash-completion/completions/haven"
"$prefix/bin/haven" --generate-completion-script zsh > "$share/zsh/site-functions/_haven"
"$prefix/bin/haven" --generate-completion-script fish > "$share/fish/vendor_completions.d/haven.fish"
echo "installed $prefix/bin/haven, its core pack, hooks stub, man page, shell completions and haven-pick launcher under $share"
