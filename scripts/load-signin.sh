#!/usr/bin/env bash
# Issue 13's load check: 50 wrong-password sign-ins a second against one `dogear serve` (bcrypt at
# its real cost) while a reader browses the library; the reader's p99 stays ≤ 200 ms, the attacker
# gets 429s, the account works again after the lockout. SECONDS defaults to 20 (CI runs 5).
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_TO_RUN=${1:-20}
BIN=${DOGEAR_BIN:-.build/debug/dogear}
if [ ! -x "$BIN" ]; then swift build --product dogear; fi
DATA=$(mktemp -d)
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
LOCKOUT=5
DOGEAR_DATA_DIR="$DATA" DOGEAR_PORT="$PORT" DOGEAR_ENRICH=false DOGEAR_OFFLINE=true DOGEAR_SIGNIN_LOCKOUT=$LOCKOUT \
  LOG_LEVEL=error "$BIN" serve >"$DATA/server.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true; rm -rf "$DATA"' EXIT
for _ in $(seq 1 100); do
  if curl -sf "http://127.0.0.1:$PORT/health" >/dev/null; then break; fi
  sleep 0.1
done
python3 Tests/load/signin_flood.py "http://127.0.0.1:$PORT" "$SECONDS_TO_RUN" "$LOCKOUT"
