#!/usr/bin/env bash
# Issue 36's attacks against a real `dogear serve` (Tests/ops/abuse.py): a batch holding itself or an
# account route, a read-only token as the session cookie, a padded multipart form without its CSRF
# token, a long form, another site's form, 1,000 wrong join codes, a removed member's join. Each must
# be refused, and /health and another reader's write must answer right after. Run on SQLite and on
# PostgreSQL; then the sign-in flood through nginx (a trusted proxy): 40 wrong sign-ins from one
# client (127.0.0.2) must not stop another client's right password.
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive
command -v nginx >/dev/null || { apt-get update -qq && apt-get install -y -qq nginx-light >/dev/null; }
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
BIN=${DOGEAR_BIN:-.build/debug/dogear}
if [ ! -x "$BIN" ]; then swift build --product dogear; fi
source scripts/lib/serve.sh
source scripts/lib/postgres.sh
source scripts/lib/nginx.sh
WORK=$(mktemp -d /tmp/dogear-abuse.XXXXXX)
SERVERS=""
STOP_ALSO="kill \${SERVERS:-} 2>/dev/null || true; for p in $WORK/nginx-*.pid; do [ -f \$p ] && kill \$(cat \$p) 2>/dev/null; done; rm -rf $WORK"
trap 'eval "$STOP_ALSO"' EXIT

echo "== SQLite"
PORT=$(free_port)
SERVERS=$(serve_dogear "$PORT" "$WORK/sqlite" "$WORK/sqlite.log")
python3 Tests/ops/abuse.py "http://127.0.0.1:$PORT"

echo "== through nginx, a trusted proxy"
PROXY=$(free_port)
SERVERS="$SERVERS $(serve_dogear "$PROXY" "$WORK/proxied" "$WORK/proxied.log" DOGEAR_TRUSTED_PROXIES=127.0.0.1)"
FRONT=$(free_port)
nginx_up front "$FRONT" "$PROXY"
python3 Tests/ops/abuse.py "http://127.0.0.1:$FRONT" --proxy
kill $SERVERS; wait $SERVERS 2>/dev/null || true
SERVERS=""

echo "== PostgreSQL"
start_postgres
PORT=$(free_port)
SERVERS=$(serve_dogear "$PORT" "$WORK/pg" "$WORK/pg.log" DATABASE_URL="$PG_URL")
python3 Tests/ops/abuse.py "http://127.0.0.1:$PORT"
echo "abuse: passed on SQLite, PostgreSQL and behind a proxy"
