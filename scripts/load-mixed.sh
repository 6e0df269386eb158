#!/usr/bin/env bash
# Mixed load against one server on SQLite, then on PostgreSQL: CONNECTIONS (64) keep-alive
# connections of readers reading and writing for SECONDS (60; CI runs 10) each
# (Tests/load/mixed_load.py). Fails on any error or on RSS growing over 10 % after the warm-up;
# prints p50/p99 per kind of request as JSON lines.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${1:-60}
CONNECTIONS=${CONNECTIONS:-64}
BIN=${DOGEAR_BIN:-.build/debug/dogear}
if [ ! -x "$BIN" ]; then swift build --product dogear; fi
source scripts/lib/serve.sh
source scripts/lib/postgres.sh
WORK=$(mktemp -d /tmp/dogear-load.XXXXXX)
STOP_ALSO="kill \${SERVER:-} 2>/dev/null || true; rm -rf $WORK"
trap 'eval "$STOP_ALSO"' EXIT

PORT=$(free_port)
SERVER=$(serve_dogear "$PORT" "$WORK/sqlite" "$WORK/sqlite.log" LOG_LEVEL=warning)
python3 Tests/load/mixed_load.py "http://127.0.0.1:$PORT" "$SERVER" "$SECONDS_EACH" "$CONNECTIONS" sqlite
kill $SERVER; wait $SERVER 2>/dev/null || true
SERVER=""

# start_postgres's own exit trap stops the server and then runs STOP_ALSO.
start_postgres
PORT=$(free_port)
SERVER=$(serve_dogear "$PORT" "$WORK/pg" "$WORK/pg.log" DATABASE_URL="$PG_URL" LOG_LEVEL=warning)
python3 Tests/load/mixed_load.py "http://127.0.0.1:$PORT" "$SERVER" "$SECONDS_EACH" "$CONNECTIONS" postgres
