#!/usr/bin/env bash
# `make server`: haven-server over a PostgreSQL of the checkout's own
# (.build-pg/), both on loopback, in the foreground. Ctrl-C (or SIGTERM)
# stops the server, then PostgreSQL, by PID. It runs the debug build,
# which `make test` has already made (a release build of the server's
# networking stack is a second long build); RELEASE=1 builds and runs an
# optimised one.
#   scripts/server.sh [SERVER_PORT] [PG_PORT]
set -euo pipefail
cd "$(dirname "$0")/.."
server_port=${1:-8787}
pg_port=${2:-54329}
swift=${SWIFT:-swift}

config=debug
if [ "${RELEASE:-0}" = "1" ]; then config=release; fi
if [ "$config" = debug ] && [ -x "Server/.build/debug/haven-server" ]; then
  echo "haven-server: the debug build make test made (RELEASE=1 builds an optimised one)" >&2
fi
(cd Server && "$swift" build -c "$config" --product haven-server 2>&1 | cat)
binary="$(cd Server && "$swift" build -c "$config" --show-bin-path)/haven-server"
./scripts/pg.sh start .build-pg "$pg_port"
"$binary" --host 127.0.0.1 --port "$server_port" --pg-port "$pg_port" &
pid=$!
stop() {
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  ./scripts/pg.sh stop .build-pg
}
trap stop EXIT
trap 'exit 0' INT TERM
echo "haven-server: http://127.0.0.1:$server_port (PostgreSQL on 127.0.0.1:$pg_port, data in .build-pg/); Ctrl-C stops both" >&2
wait "$pid"
