#!/usr/bin/env bash
# Runs the engine conformance cases of ../shared/conformance, and the
# project's own (conformance/: hand-worked rolling cases, Loop's and harsh's
# upstream numbers), through a built haven binary. The shared ones are
# skipped, saying so, where that folder is not beside the checkout.
set -euo pipefail
binary=${1:?usage: conformance.sh HAVEN_BINARY}
here=$(cd "$(dirname "$0")/.." && pwd)
cases="$here/../shared/conformance"
if [ ! -f "$cases/run.py" ]; then
  echo "conformance: $cases not found beside the checkout; skipped (XCTest runs conformance/ in the format of its cases)"
  exit 0
fi
python3 -c "import yaml" 2>/dev/null || python3 -m pip install --quiet pyyaml
# next/ holds cases for features the spec adds later; rolling periods are here now.
shopt -s nullglob
python3 "$cases/run.py" "$binary" "$cases"/*.yaml "$cases"/next/*.yaml "$here"/conformance/*.yaml
