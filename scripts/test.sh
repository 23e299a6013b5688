#!/usr/bin/env bash
# `make test`: builds the root package's tests, runs XCTest in parallel with
# test homes on a RAM disk, runs the shared conformance cases through their
# own runner, then builds and tests the server package. Prints each phase's
# wall time, and a summary at the end; the exit status is the first failure's.
set -uo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}

phase_names=() phase_times=()
status=0
phase() {  # phase NAME COMMAND...: runs COMMAND, records its time and status
  local name=$1; shift
  local start=$(date +%s.%N)
  "$@"
  local rc=$?
  local took=$(python3 -c "print(f'{$(date +%s.%N) - $start:.0f}')")
  phase_names+=("$name") phase_times+=("$took")
  echo "make test: $name took $took s (exit $rc)"
  [ $rc -ne 0 ] && [ $status -eq 0 ] && status=$rc
  return 0
}

# Test homes, databases and packs on a RAM disk when there is one: the
# tests write thousands of small files and fsync SQLite on each.
if [ -d /dev/shm ] && [ -w /dev/shm ]; then
  scratch=$(mktemp -d /dev/shm/haven-test.XXXXXX)
else
  scratch=$(mktemp -d)
fi
# Readable by all: some tests run Haven as another user on a home in it.
chmod 1777 "$scratch"
trap 'rm -rf "$scratch"' EXIT

phase "build (root package and its tests)" ./scripts/build.sh --build-tests
if [ $status -ne 0 ]; then echo "make test: the build failed"; exit $status; fi
bin=$("$swift" build --show-bin-path)

# One worker per core: each test runs in a process of its own.
workers=${HAVEN_TEST_WORKERS:-$(nproc)}
phase "XCTest (root package, $workers workers)" \
  env TMPDIR="$scratch" "$swift" test --skip-build --parallel --num-workers "$workers"
phase "conformance (../shared, run.py)" ./scripts/conformance.sh "$bin/haven"
phase "server package (build and tests)" env SWIFT="$swift" TMPDIR="$scratch" ./scripts/server-test.sh "$bin/haven"

echo "make test: phase times"
for i in "${!phase_names[@]}"; do printf '  %-45s %5s s\n' "${phase_names[$i]}" "${phase_times[$i]}"; done
exit $status
