#!/usr/bin/env bash
# Live club feeds across processes: two `dogear serve` processes on one PostgreSQL database. A comment
# posted through one must reach an event-stream client of the other within one second (the issue's
# bar), and a client reconnecting with Last-Event-ID must get exactly what it missed. The client is
# Tests/live/two_processes.py (Python's standard library only).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/postgres.sh
start_postgres

BIN=${DOGEAR_BIN:-.build/debug/dogear}
if [ ! -x "$BIN" ]; then swift build --product dogear; fi
source scripts/lib/serve.sh
LOGS=$(mktemp -d /tmp/dogear-live.XXXXXX)

# Both processes start at once on the empty database: they take turns migrating (an advisory
# lock), so both must come up.
PORT_A=$(free_port)
PORT_B=$(free_port)
serve_dogear "$PORT_A" "$LOGS/a" "$LOGS/a.log" DATABASE_URL="$PG_URL" >"$LOGS/a.pid" &
STARTING_A=$!
serve_dogear "$PORT_B" "$LOGS/b" "$LOGS/b.log" DATABASE_URL="$PG_URL" >"$LOGS/b.pid" &
STARTING_B=$!
STARTED=0
wait $STARTING_A || STARTED=1
wait $STARTING_B || STARTED=1
PID_A=$(cat "$LOGS/a.pid" 2>/dev/null || true)
PID_B=$(cat "$LOGS/b.pid" 2>/dev/null || true)
STOP_ALSO="kill $PID_A $PID_B 2>/dev/null || true; rm -rf $LOGS"
if [ "$STARTED" != 0 ]; then
  echo "live: two processes starting at once on an empty database did not both come up" >&2
  exit 1
fi
echo "live: two processes started at once on an empty database; both migrated and serve"

python3 Tests/live/two_processes.py "http://127.0.0.1:$PORT_A" "http://127.0.0.1:$PORT_B"
