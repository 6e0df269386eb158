#!/usr/bin/env bash
# API fuzzing: schemathesis (PyPI) generates requests from openapi.yaml for every operation and sends
# them to a running `dogear serve` as a signed-in reader (a bearer token from a fresh sign-up), and
# fails on any server error (5xx) or any answer that does not match the document. It must generate
# at least MIN_CASES cases. EXAMPLES (per operation and phase) sets the depth: CI runs 20 (over
# 4,000 cases); more is a longer run.
#
# Left out: the event stream (it never ends by design), sign-out and ending sessions (they would
# sign the fuzzing reader out and every later case would only see 401), and deleting the account.
set -euo pipefail
cd "$(dirname "$0")/.."
EXAMPLES=${EXAMPLES:-20}
MIN_CASES=${MIN_CASES:-1000}
CHECKS=${CHECKS:-not_a_server_error,response_schema_conformance,status_code_conformance,content_type_conformance,negative_data_rejection}
python3 -c 'import schemathesis' 2>/dev/null || pip install -q schemathesis
BIN=${DOGEAR_BIN:-.build/debug/dogear}
if [ ! -x "$BIN" ]; then swift build --product dogear; fi
source scripts/lib/serve.sh
WORK=$(mktemp -d)
PORT=$(free_port)
SERVER=$(serve_dogear "$PORT" "$WORK/data" "$WORK/server.log")
trap 'kill $SERVER 2>/dev/null || true; rm -rf "$WORK"' EXIT
BASE="http://127.0.0.1:$PORT"
TOKEN=$(curl -sf -X POST "$BASE/api/v1/auth/signup" -H 'content-type: application/json' \
  -d '{"email":"fuzz@example.com","password":"long enough","displayName":"Fuzz"}' |
  python3 -c 'import sys, json; print(json.load(sys.stdin)["token"])')
set +e
python3 -m schemathesis.cli run openapi.yaml --url "$BASE" -H "Authorization: Bearer $TOKEN" \
  --checks "$CHECKS" -n "$EXAMPLES" --seed 20261124 \
  --exclude-path-regex '/events$|/auth/signout$|/sessions' --exclude-name 'DELETE /api/v1/me' >"$WORK/st.log" 2>&1
STATUS=$?
set -e
sed -n '/SUMMARY/,$p' "$WORK/st.log"
CASES=$(grep -Eo '[0-9]+ generated' "$WORK/st.log" | grep -Eo '[0-9]+' | tail -n 1)
if [ "$STATUS" != 0 ]; then
  sed -n '/FAILURES/,/WARNINGS/p' "$WORK/st.log"
  # The server's own last words: an error it logged, or how it stopped (a crash's message).
  grep -iE 'error|fatal|status: 5' "$WORK/server.log" | tail -n 20 || true
  echo "--- the server log's last lines:"
  tail -n 30 "$WORK/server.log" || true
  if kill -0 "$SERVER" 2>/dev/null; then echo "(the server is still running)"; else echo "(the server has stopped)"; fi
  [ -n "${KEEP_LOGS:-}" ] && cp "$WORK/server.log" "$WORK/st.log" "$KEEP_LOGS/" || true
  echo "fuzz: schemathesis found failures" >&2
  exit 1
fi
if [ "${CASES:-0}" -lt "$MIN_CASES" ]; then
  echo "fuzz: only ${CASES:-0} cases were generated (at least $MIN_CASES wanted)" >&2
  exit 1
fi
echo "fuzz: $CASES generated cases, 0 server errors, 0 answers outside the document (schema, status, content type), 0 invalid requests accepted"
