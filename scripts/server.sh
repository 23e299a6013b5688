#!/usr/bin/env bash
# `make server`: haven-server (release build) over a PostgreSQL of the
# checkout's own (.build-pg/), both on loopback, in the foreground. Ctrl-C
# (or SIGTERM) stops the server, then PostgreSQL, by PID.
#   scripts/server.sh [SERVER_PORT] [PG_PORT]
set -euo pipefail
cd "$(dirname "$0")/.."
server_port=${1:-8787}
pg_port=${2:-54329}
swift=${SWIFT:-swift}

(cd Server && "$swift" build -c release --product haven-server 2>&1 | cat)
binary="$(cd Server && "$swift" build -c release --show-bin-path)/haven-server"
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
