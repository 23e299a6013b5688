#!/usr/bin/env bash
# The server's tests (Server/, its own package): builds it, starts a
# PostgreSQL of the checkout's own on a free loopback port, runs the tests
# against it with the `haven` binary given, and stops and removes it,
# whatever happens: nothing of it stays in the checkout.
# Prints how long the build and the tests took.
#   scripts/server-test.sh PATH/TO/haven
set -euo pipefail
cd "$(dirname "$0")/.."
haven=$(realpath "${1:?the haven binary to test}")
swift=${SWIFT:-swift}

start=$(date +%s)
(cd Server && "$swift" build --build-tests 2>&1 | cat)
built=$(date +%s)
echo "haven-server: build $((built - start)) s"

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cluster=.build-pg-test
./scripts/pg.sh stop "$cluster" 2>/dev/null || true
./scripts/pg.sh start "$cluster" "$port"
trap './scripts/pg.sh stop "$cluster"; rm -rf "$cluster"' EXIT
status=0
(cd Server && HAVEN_TEST_PG_PORT=$port HAVEN_TEST_HAVEN_BIN=$haven "$swift" test --skip-build) || status=$?
echo "haven-server: tests $(($(date +%s) - built)) s"
exit $status
