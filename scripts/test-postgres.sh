#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server on a loopback port for the test suite and prints the
# connection URL. Usage: eval "$(bash scripts/test-postgres.sh start)"; bash scripts/test-postgres.sh stop
set -euo pipefail

PORT="${TEST_PG_PORT:-54329}"
DIR="${TEST_PG_DIR:-${TMPDIR:-/tmp}/sheetforms-test-pg}"

pg_bin() {
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -z "$bin" ]; then
    echo "PostgreSQL is not installed (Debian: apt-get install postgresql)" >&2
    exit 1
  fi
  echo "$bin"
}

# PostgreSQL refuses to run as root, so root runs it as the postgres user.
as_pg() {
  if [ "$(id -u)" = "0" ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi
}

case "${1:-start}" in
  start)
    BIN=$(pg_bin)
    if as_pg "'$BIN/pg_ctl' -D '$DIR' status" >/dev/null 2>&1; then
      echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
      exit 0
    fi
    rm -rf "$DIR"
    mkdir -p "$DIR"
    [ "$(id -u)" = "0" ] && chown postgres:postgres "$DIR"
    as_pg "'$BIN/initdb' -D '$DIR' -A trust -U postgres --no-sync" >"${DIR}.initdb.log" 2>&1
    as_pg "'$BIN/pg_ctl' -D '$DIR' -w -l '$DIR/server.log' -o \"-p $PORT -k '$DIR' -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off\" start" >&2
    echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
    ;;
  stop)
    BIN=$(pg_bin)
    as_pg "'$BIN/pg_ctl' -D '$DIR' -m fast stop" >&2 || true
    ;;
  *)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
