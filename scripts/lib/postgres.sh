# Sourced by scripts that need a real PostgreSQL server: `start_postgres` installs Debian's
# `postgresql` if needed, starts it on 127.0.0.1 and an unused port with its data under /tmp, makes
# the database dogear_test, sets PG_BIN, PG_PORT and PG_URL, and stops it all when the script exits.

find_pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

# As root the server must run as another user; Debian's package creates `postgres`.
as_pg() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start_postgres() {
  PG_BIN=$(find_pg_bin)
  if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
    echo "postgres: installing Debian's postgresql" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq postgresql >/dev/null
    PG_BIN=$(find_pg_bin)
  fi
  PG_WORK=$(mktemp -d /tmp/dogear-pg.XXXXXX)
  [ "$(id -u)" = "0" ] && chown postgres:postgres "$PG_WORK"
  PG_PORT=${DOGEAR_PG_PORT:-}
  if [ -z "$PG_PORT" ]; then
    PG_PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
  fi
  trap stop_postgres EXIT
  as_pg "$PG_BIN/initdb" -D "$PG_WORK/data" -U postgres --auth=trust -E UTF8 >/dev/null
  # Every test runs its own app (and import tests their background jobs) in parallel: 300 connections
  # ran out once the suite reached 94 tests ("sorry, too many clients already"), and 1000 once it
  # reached 495 (the notification and meeting tests' apps open several readers' requests at once).
  as_pg "$PG_BIN/pg_ctl" -D "$PG_WORK/data" -l "$PG_WORK/server.log" -w \
    -o "-p $PG_PORT -k $PG_WORK -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=2000" start >/dev/null
  as_pg "$PG_BIN/psql" -q -h 127.0.0.1 -p "$PG_PORT" -U postgres -c "CREATE DATABASE dogear_test" >/dev/null
  PG_URL="postgres://postgres@127.0.0.1:$PG_PORT/dogear_test?sslmode=disable"
  echo "postgres: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PG_PORT" >&2
}

stop_postgres() {
  [ -n "${STOP_ALSO:-}" ] && eval "$STOP_ALSO"
  as_pg "$PG_BIN/pg_ctl" -D "$PG_WORK/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$PG_WORK"
}
