#!/usr/bin/env bash
# Scale-out, tested (issue 14): three `dogear serve` processes on one PostgreSQL database and one
# shared data folder, behind nginx (Debian's) on loopback, round robin.
#
#   - through nginx, a reader's app token and browser session work whichever process answers (nginx's
#     log must show all three answering), and a preview uploaded through one process is confirmed
#     through another and run once (Tests/ops/scale_out.py; the database must hold each row once);
#   - wrk through nginx, first with one process behind it and then with three, reading the library
#     (GET /api/v1/library): requests a second and latency printed, and any error or non-2xx fails.
#
# `scripts/test-scale-out.sh [SECONDS]`: wrk runs SECONDS each (10 by default; CI runs 5). Installs
# nginx and wrk from Debian when missing. On two cores expect little growth: the point is that it
# stays correct, with no errors.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${1:-10}
ROWS=${SCALE_ROWS:-3000}
export DEBIAN_FRONTEND=noninteractive
if ! command -v nginx >/dev/null || ! command -v wrk >/dev/null; then
  apt-get update -qq && apt-get install -y -qq nginx-light wrk >/dev/null
fi
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
BIN=${DOGEAR_BIN:-.build/debug/dogear}
if [ ! -x "$BIN" ]; then swift build --product dogear; fi
source scripts/lib/serve.sh
source scripts/lib/postgres.sh
source scripts/lib/nginx.sh
WORK=$(mktemp -d /tmp/dogear-scale.XXXXXX)
PIDS=""
# start_postgres's own exit trap stops PostgreSQL and then runs STOP_ALSO.
STOP_ALSO="kill \$PIDS 2>/dev/null || true; for p in $WORK/nginx-*.pid; do [ -f \$p ] && kill \$(cat \$p) 2>/dev/null; done; rm -rf $WORK"
start_postgres

# Three processes at once on the empty database (they take turns migrating), one shared data folder.
PORTS=()
for i in 1 2 3; do
  PORTS+=("$(free_port)")
  serve_dogear "${PORTS[-1]}" "$WORK/shared" "$WORK/dogear-$i.log" DATABASE_URL="$PG_URL" >"$WORK/dogear-$i.pid" &
done
wait
for i in 1 2 3; do PIDS="$PIDS $(cat "$WORK/dogear-$i.pid")"; done
echo "scale-out: three processes up on one database (ports ${PORTS[*]})"

THREE=$(free_port)
nginx_up three "$THREE" "${PORTS[@]}"
python3 Tests/ops/scale_out.py "http://127.0.0.1:$THREE" "$WORK/token" "$ROWS" | tee "$WORK/check.log"
RUN_ID=$(grep -o 'RUN_ID=.*' "$WORK/check.log" | cut -d= -f2)

# Every process answered the reader's requests.
for what in "GET /api/v1/me" "GET /library"; do
  answered=$(grep " 200 $what\$" "$WORK/nginx-three/access.log" | cut -d' ' -f1 | sort -u | wc -l)
  echo "scale-out: '$what' was answered by $answered of 3 processes"
  [ "$answered" -eq 3 ] || { echo "expected all three"; exit 1; }
done

# The import ran once: one job for real, every row once.
psql_q() { as_pg "$PG_BIN/psql" -qtA -h 127.0.0.1 -p "$PG_PORT" -U postgres -d dogear_test -c "$1"; }
jobs=$(psql_q "SELECT COUNT(*) FROM imports WHERE NOT dry_run")
entries=$(psql_q "SELECT COUNT(*) || ' ' || COUNT(DISTINCT work_id) FROM library_entries")
runners=$(grep -il "import $RUN_ID: running in this process" "$WORK"/dogear-*.log | wc -l)
echo "scale-out: $jobs import run for real, run by $runners process; library entries (all, distinct works): $entries"
[ "$jobs" -eq 1 ] && [ "$runners" -eq 1 ] && [ "$entries" = "$ROWS $ROWS" ] || { echo "the import did not run exactly once"; exit 1; }

# wrk through nginx: one process behind it, then three.
TOKEN=$(cat "$WORK/token")
ONE=$(free_port)
nginx_up one "$ONE" "${PORTS[0]}"
for setup in "one:$ONE" "three:$THREE"; do
  name=${setup%%:*}
  port=${setup#*:}
  wrk -t 2 -c 16 -d "${SECONDS_EACH}s" --timeout 30s --latency -H "Authorization: Bearer $TOKEN" \
    "http://127.0.0.1:$port/api/v1/library?limit=20" >"$WORK/wrk-$name.log" 2>&1
  rps=$(grep -Eo 'Requests/sec: *[0-9.]+' "$WORK/wrk-$name.log" | grep -Eo '[0-9.]+$')
  p99=$(grep -E '^ +99%' "$WORK/wrk-$name.log" | awk '{print $2}')
  total=$(grep -Eo '[0-9]+ requests in' "$WORK/wrk-$name.log" | grep -Eo '^[0-9]+')
  echo "scale-out: wrk through nginx to $name process(es): $total requests, $rps requests/s, p99 $p99"
  if grep -Eq 'Non-2xx|Socket errors' "$WORK/wrk-$name.log"; then
    echo "errors under wrk:"
    cat "$WORK/wrk-$name.log"
    exit 1
  fi
done
echo "scale-out: passed"
