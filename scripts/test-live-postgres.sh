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

# The first process migrates; the second starts on the migrated database.
PORT_A=$(free_port)
PID_A=$(serve_dogear "$PORT_A" "$LOGS/a" "$LOGS/a.log" DATABASE_URL="$PG_URL")
STOP_ALSO="kill $PID_A 2>/dev/null || true; rm -rf $LOGS"
PORT_B=$(free_port)
PID_B=$(serve_dogear "$PORT_B" "$LOGS/b" "$LOGS/b.log" DATABASE_URL="$PG_URL")
STOP_ALSO="kill $PID_A $PID_B 2>/dev/null || true; rm -rf $LOGS"

python3 Tests/live/two_processes.py "http://127.0.0.1:$PORT_A" "http://127.0.0.1:$PORT_B"
