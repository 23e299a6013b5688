#!/usr/bin/env bash
# `make test`: builds the root package's tests, runs XCTest in parallel with
# test homes on a RAM disk, runs the shared conformance cases through their
# own runner, builds and checks the release binary, then builds and tests
# the server package. Prints each phase's wall time, and a summary at the
# end; the exit status is the first failure's.
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
results="$scratch/xunit.xml"
phase "XCTest (root package, $workers workers)" \
  env TMPDIR="$scratch" "$swift" test --skip-build --parallel --num-workers "$workers" --xunit-output "$results"
conformance_log="$scratch/conformance.log"
phase "conformance (../shared, run.py)" \
  bash -c 'set -o pipefail; ./scripts/conformance.sh "$1" 2>&1 | tee "$2"' _ "$bin/haven" "$conformance_log"
# The release binary is linked differently (static C libraries, lld, a
# link order): built and checked here, so `make run` cannot break unseen.
phase "release build and check" \
  bash -c 'set -o pipefail; make -s release 2>&1 | tail -3 && ./scripts/release-check.sh "$("$1" build -c release --show-bin-path)/haven"' _ "$swift"
server_log="$scratch/server.log"
phase "server package (build and tests)" \
  bash -c 'set -o pipefail; env SWIFT="$1" TMPDIR="$2" ./scripts/server-test.sh "$3" 2>&1 | tee "$4"' _ \
  "$swift" "$scratch" "$bin/haven" "$server_log"

echo "make test: phase times"
for i in "${!phase_names[@]}"; do printf '  %-45s %5s s\n' "${phase_names[$i]}" "${phase_times[$i]}"; done
# One closing line for every test run: the root package's XCTest results
# (each test in its own process, so SwiftPM prints no summary of its own),
# the shared conformance cases' and the server's.
python3 - "$results" "$server_log" "$conformance_log" <<'PY'
import re, sys
passed = failed = skipped = 0
try:
    xml = open(sys.argv[1], encoding="utf-8").read()
    for case in re.findall(r"<testcase\b[^>]*?(?:/>|>.*?</testcase>)", xml, re.S):
        if "<failure" in case: failed += 1
        elif "<skipped" in case: skipped += 1
        else: passed += 1
except OSError:
    pass
try:
    for n, f in re.findall(r"Executed (\d+) tests?, with (\d+) failures?", open(sys.argv[2], encoding="utf-8").read())[-1:]:
        passed += int(n) - int(f); failed += int(f)
except OSError:
    pass
try:
    for n, f in re.findall(r"^(\d+) passed, (\d+) failed$", open(sys.argv[3], encoding="utf-8").read(), re.M)[-1:]:
        passed += int(n); failed += int(f)
except OSError:
    pass
print(f"tests: {passed} passed, {failed} failed, {skipped} skipped")
PY
exit $status
