#!/usr/bin/env bash
# make bench: every benchmark against the release binaries in BIN_DIR.
set -euo pipefail
bin=${1:?usage: bench.sh BIN_DIR SERVER_BIN_DIR}
server_bin=${2:?usage: bench.sh BIN_DIR SERVER_BIN_DIR}
command -v sqlite3 >/dev/null || { echo "bench: needs the sqlite3 command (apt-get install sqlite3)" >&2; exit 1; }
"$bin/haven-bench"
exec python3 "$(dirname "$0")/bench.py" "$bin/haven" "$server_bin"
