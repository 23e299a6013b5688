#!/usr/bin/env bash
# A PostgreSQL cluster of Haven's own, in a folder of the checkout, on a
# loopback port: for `make server`, the server tests and the bench.
#
#   scripts/pg.sh start DIR PORT   initdb on first use, start (or use the one
#                                  left running there on PORT), make the role
#                                  and database `haven`; prints nothing else
#   scripts/pg.sh stop DIR         stop it (by the postmaster's PID)
#   scripts/pg.sh psql DIR PORT …  psql as the superuser
#
# Debian's `postgresql` is installed when missing. PostgreSQL refuses to run
# as root: under root the cluster belongs to the `postgres` user, which must
# be able to reach DIR; the folders above it that it cannot cross get o+x
# (cross, not list), and the script says so.
set -euo pipefail

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "haven: PostgreSQL is missing; installing Debian's postgresql" >&2
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq postgresql >/dev/null
  bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
fi

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

command=${1:?usage: pg.sh start DIR PORT | stop DIR | psql DIR PORT ...}
dir=$(realpath -m "${2:?the folder of the cluster}")
data="$dir/data"

case "$command" in
start)
  port=${3:?the port}
  mkdir -p "$dir"
  if [ "$(id -u)" -eq 0 ]; then
    chown postgres: "$dir"
    up="$dir"
    while [ "$up" != "/" ]; do
      up=$(dirname "$up")
      if ! runuser -u postgres -- test -x "$up"; then
        echo "haven: letting the postgres user cross $up (chmod o+x) to reach $dir" >&2
        chmod o+x "$up"
      fi
    done
  fi
  if [ ! -f "$data/PG_VERSION" ]; then
    as_owner "$bin/initdb" -D "$data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
  fi
  if as_owner "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1; then
    # Left running (a run that was killed): used again on the same port.
    running=$(sed -n 4p "$data/postmaster.pid")
    if [ "$running" != "$port" ]; then
      echo "haven: a PostgreSQL already runs in $data on port $running; stop it with scripts/pg.sh stop $dir" >&2
      exit 1
    fi
  else
    as_owner "$bin/pg_ctl" -D "$data" -l "$dir/postgres.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories='$dir' -c max_connections=200" \
      start >/dev/null || { tail -20 "$dir/postgres.log" >&2; exit 1; }
  fi
  psql=("$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 -qAt)
  if [ -z "$("${psql[@]}" -c "SELECT 1 FROM pg_roles WHERE rolname = 'haven'")" ]; then
    "${psql[@]}" -c "CREATE ROLE haven LOGIN" -c "CREATE DATABASE haven OWNER haven" >/dev/null
  fi
  ;;
stop)
  if [ -f "$data/postmaster.pid" ]; then
    as_owner "$bin/pg_ctl" -D "$data" -m fast -w stop >/dev/null
  fi
  ;;
psql)
  port=${3:?the port}
  shift 3
  "$bin/psql" -h 127.0.0.1 -p "$port" -U postgres "$@"
  ;;
*)
  echo "usage: pg.sh start DIR PORT | stop DIR | psql DIR PORT ..." >&2
  exit 64
  ;;
esac
