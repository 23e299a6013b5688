#!/usr/bin/env bash
# `make test`'s check of the release binary (`make run`, `make install`,
# `make bench`): it starts, logs and reads in a fresh home, and loads none
# of the libraries the release link takes from their archives (D330).
set -euo pipefail
bin=${1:?usage: release-check.sh RELEASE_HAVEN}
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export HAVEN_HOME="$home" HAVEN_NOW="2026-03-10 21:00" TZ=UTC NO_COLOR=1 LANG=en_US.UTF-8
fail() { echo "release check: $*" >&2; exit 1; }
"$bin" --version >/dev/null 2>&1 || fail "'haven --version' failed"
"$bin" add core/water >/dev/null 2>&1 || fail "'haven add core/water' failed"
reply=$("$bin" log water +2) || fail "'haven log water +2' failed"
[ "$reply" = "Drink Water: 2/8 glasses today · streak 0" ] || fail "unexpected reply to a log: $reply"
"$bin" status --json | grep -q '"tracker": "water"' || fail "'haven status --json' lacks water"
shared=$(ldd "$bin" | grep -E 'libsqlite3|liblua|libyaml|libstdc\+\+|libz\.' || true)
[ -z "$shared" ] || fail "the release binary loads libraries it should hold: $shared"
echo "release check: ok"
