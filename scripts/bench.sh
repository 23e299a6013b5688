#!/usr/bin/env bash
# make bench: runs every benchmark against the release binary given.
set -euo pipefail
exec python3 "$(dirname "$0")/bench.py" "$@"
