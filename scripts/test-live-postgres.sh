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
LOGS=$(mktemp -d /tmp/dogear-live.XXXXXX)
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }
serve() {  # serve PORT NAME
  DATABASE_URL="$PG_URL" DOGEAR_DATA_DIR="$LOGS/$2" DOGEAR_PORT="$1" DOGEAR_ENRICH=false DOGEAR_OFFLINE=true \
    "$BIN" serve >"$LOGS/$2.log" 2>&1 &
  echo $!
}
wait_healthy() {
  for _ in $(seq 1 300); do
    if curl -sf "http://127.0.0.1:$1/health" >/dev/null; then return 0; fi
    sleep 0.1
  done
  echo "live: the server on port $1 did not start" >&2
  cat "$LOGS"/*.log >&2
  return 1
}

PORT_A=$(free_port)
PID_A=$(serve "$PORT_A" a)
STOP_ALSO="kill $PID_A 2>/dev/null || true"
# The first process migrates; the second starts on the migrated database.
wait_healthy "$PORT_A"
PORT_B=$(free_port)
PID_B=$(serve "$PORT_B" b)
STOP_ALSO="kill $PID_A $PID_B 2>/dev/null || true; rm -rf $LOGS"
wait_healthy "$PORT_B"

python3 Tests/live/two_processes.py "http://127.0.0.1:$PORT_A" "http://127.0.0.1:$PORT_B"
