#!/usr/bin/env bash
# Runs the engine conformance cases of ../shared/conformance through a built
# haven binary with their own runner (run.py). The project's own cases
# (conformance/) run once, in XCTest (ConformanceTests). Where the shared
# folder is not beside the checkout, this says so and counts as skipped.
set -euo pipefail
binary=${1:?usage: conformance.sh HAVEN_BINARY}
here=$(cd "$(dirname "$0")/.." && pwd)
cases="$here/../shared/conformance"
if [ ! -f "$cases/run.py" ]; then
  echo "conformance: skipped: $cases is not beside the checkout"
  exit 0
fi
python3 -c "import yaml" 2>/dev/null || python3 -m pip install --quiet pyyaml
# next/ holds cases for features the spec adds later; rolling periods are here now.
shopt -s nullglob
python3 "$cases/run.py" "$binary" "$cases"/*.yaml "$cases"/next/*.yaml
