#!/usr/bin/env bash
# Issue 13's load check: 50 wrong-password sign-ins a second against one `dogear serve` (bcrypt at
# its real cost) while a reader browses the library; every read of the reader's is answered (its
# p50/p99 printed as figures), the attacker gets 429s, the account works again after the lockout.
# SECONDS defaults to 20 (CI runs 5).
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_TO_RUN=${1:-20}
BIN=${DOGEAR_BIN:-.build/debug/dogear}
if [ ! -x "$BIN" ]; then swift build --product dogear; fi
source scripts/lib/serve.sh
DATA=$(mktemp -d)
PORT=$(free_port)
LOCKOUT=5
trap 'kill ${SERVER:-} 2>/dev/null || true; rm -rf "$DATA"' EXIT
SERVER=$(serve_dogear "$PORT" "$DATA" "$DATA/server.log" DOGEAR_SIGNIN_LOCKOUT=$LOCKOUT LOG_LEVEL=error)
python3 Tests/load/signin_flood.py "http://127.0.0.1:$PORT" "$SECONDS_TO_RUN" "$LOCKOUT"
