#!/usr/bin/env bash
# Runs the server test suite against a real PostgreSQL server that this script installs (Debian's
# `postgresql`) if needed, starts on 127.0.0.1 and an unused port with its data under /tmp, and
# stops again. Each test makes a schema of its own on that server (see Tests/.../TestApp.swift).
set -euo pipefail
cd "$(dirname "$0")/.."

find_pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

PG_BIN=$(find_pg_bin)
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
  echo "test-postgres: installing Debian's postgresql" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
  PG_BIN=$(find_pg_bin)
fi

# As root the server must run as another user; Debian's package creates `postgres`.
as_pg() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

WORK=$(mktemp -d /tmp/dogear-pg.XXXXXX)
[ "$(id -u)" = "0" ] && chown postgres:postgres "$WORK"
PORT=${DOGEAR_PG_PORT:-}
if [ -z "$PORT" ]; then
  PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
fi

stop() {
  as_pg "$PG_BIN/pg_ctl" -D "$WORK/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap stop EXIT

as_pg "$PG_BIN/initdb" -D "$WORK/data" -U postgres --auth=trust -E UTF8 >/dev/null
# Every test runs its own app (and import tests their background jobs) in parallel: 300 connections
# ran out once the suite reached 94 tests ("sorry, too many clients already").
as_pg "$PG_BIN/pg_ctl" -D "$WORK/data" -l "$WORK/server.log" -w \
  -o "-p $PORT -k $WORK -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=1000" start >/dev/null
as_pg "$PG_BIN/psql" -q -h 127.0.0.1 -p "$PORT" -U postgres -c "CREATE DATABASE dogear_test" >/dev/null

echo "test-postgres: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT" >&2
export DOGEAR_TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$PORT/dogear_test?sslmode=disable"
swift test --disable-xctest --filter DogearServerTests "$@"
