#!/usr/bin/env bash
# Faults, for real (issue 14), each against `dogear serve` on SQLite, checked by Tests/ops/faults.py:
#
#   term       SIGTERM while a club event stream is open and an import runs: the stream ends with a
#              retry hint, the process exits, the import stopped after a committed batch and gave
#              its lease back; started again, it finishes with every row once.
#   import     kill -9 during an import; started again, the import finishes, every row once.
#   status     kill -9 during a burst of status changes from 8 clients: every acknowledged one is there.
#   group      the same from 32 clients, so writes commit in groups (/metrics shows commits holding
#              more than one write before the kill): every acknowledged one is there.
#   stop       SIGTERM while 32 clients change statuses: the server stops without a crash (requests
#              that arrive after the signal are answered 503 with Retry-After), and every
#              acknowledged change is there when it starts again.
#   migration  kill -9 while a fresh database is being migrated (until two kills landed mid-way);
#              then it starts, every migration applied once.
#   malformed  100 malformed uploads: each answered with a clear error, 0 crashes, 0 files left.
#   disk       a small tmpfs as the data folder, filled: an upload gets 507, an import fails with
#              its reason, the database stays intact and the server keeps answering.
#
# After each, the database passes `PRAGMA integrity_check` and the invariants (every entry has
# its search document, reader counts and import counters match). `scripts/test-faults.sh [PHASE...]`
# runs the named phases (all by default); FAULT_ROWS sets the import's size (20,000).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${DOGEAR_BIN:-.build/debug/dogear}
if [ ! -x "$BIN" ]; then swift build --product dogear; fi
source scripts/lib/serve.sh
ROWS=${FAULT_ROWS:-20000}
WORK=$(mktemp -d /tmp/dogear-faults.XXXXXX)
SERVER=""
cleanup() {
  [ -n "$SERVER" ] && kill -9 "$SERVER" 2>/dev/null || true
  mountpoint -q "$WORK/disk" 2>/dev/null && umount "$WORK/disk" || true
  rm -rf "$WORK"
}
trap cleanup EXIT
F() { python3 Tests/ops/faults.py "$@"; }

start() { # start NAME [SETTING=VALUE...]: a server on $WORK/NAME, its URL in BASE
  PORT=$(free_port)
  local name=$1
  shift
  STARTS=$((STARTS + 1))
  SERVER=$(serve_dogear "$PORT" "$WORK/$name" "$WORK/${name//\//-}.$STARTS.log" "$@")
  BASE="http://127.0.0.1:$PORT"
}
STARTS=0
kill9() { kill -9 "$SERVER"; wait "$SERVER" 2>/dev/null || true; SERVER=""; }
stop() { kill "$SERVER"; wait "$SERVER" 2>/dev/null || true; SERVER=""; }
# term NAME: SIGTERM, then up to 30 s for the server to exit (its log's tail if it does not).
term() {
  kill -TERM "$SERVER"
  local waited=0
  while kill -0 "$SERVER" 2>/dev/null; do
    sleep 0.5
    waited=$((waited + 1))
    [ $waited -lt 60 ] || { echo "the server did not stop within 30 s of SIGTERM"; tail -20 "$WORK/$1.$STARTS.log"; exit 1; }
  done
  wait "$SERVER" 2>/dev/null || true
  SERVER=""
}
sql() { python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone())" "$@"; }

phase_term() {
  start term
  F signup "$BASE" "$WORK/term.json"
  F sse-open "$BASE" "$WORK/term.json" "$WORK/sse.txt" &
  local sse=$!
  for _ in $(seq 1 100); do grep -q "connected" "$WORK/sse.txt" 2>/dev/null && break; sleep 0.1; done
  F import-start "$BASE" "$WORK/term.json" "$ROWS"
  term term
  wait $sse
  grep -q "^retry: 3000" "$WORK/sse.txt" || { echo "the event stream ended without a retry hint:"; cat "$WORK/sse.txt"; exit 1; }
  echo "faults: SIGTERM: the event stream ended with 'retry: 3000'; the server exited"
  local job
  job=$(sql "$WORK/term/dogear.sqlite" "SELECT status, last_line, lease_owner FROM imports")
  echo "faults: SIGTERM: the import after the stop: (status, last line, lease owner) = $job"
  case "$job" in "('running', "*", None)") ;; *) echo "expected a running import with its lease given back"; exit 1 ;; esac
  start term
  F import-check "$BASE" "$WORK/term.json"
  stop
  F invariants "$WORK/term/dogear.sqlite" "$ROWS"
}

phase_import() {
  start import
  F signup "$BASE" "$WORK/import.json"
  F import-start "$BASE" "$WORK/import.json" "$ROWS"
  kill9
  F invariants "$WORK/import/dogear.sqlite"
  start import
  # The dead process's lease runs out (30 s), then the next sweep (every 15 s) takes the job.
  F import-check "$BASE" "$WORK/import.json"
  stop
  F invariants "$WORK/import/dogear.sqlite" "$ROWS"
}

phase_status() {
  start status
  F signup "$BASE" "$WORK/status.json"
  F status-burst "$BASE" "$WORK/status.json" 3 &
  local burst=$!
  sleep 2
  kill9
  wait $burst
  F invariants "$WORK/status/dogear.sqlite"
  start status
  F status-check "$BASE" "$WORK/status.json"
  stop
}

phase_group() {
  start group DOGEAR_METRICS_TOKEN=fault-metrics
  F signup "$BASE" "$WORK/group.json"
  F status-burst "$BASE" "$WORK/group.json" 8 32 &
  local burst=$!
  sleep 4
  F grouped "$BASE" fault-metrics
  kill9
  wait $burst
  F invariants "$WORK/group/dogear.sqlite"
  start group
  F status-check "$BASE" "$WORK/group.json"
  stop
}

phase_stop() {
  start stop
  F signup "$BASE" "$WORK/stop.json"
  # "stopping": a 503 (the server refusing new requests once told to stop) ends a client too.
  F status-burst "$BASE" "$WORK/stop.json" 5 32 stopping &
  local burst=$!
  sleep 2
  term stop
  wait $burst
  # Swift's runtime writes its crash report to standard error, which is the log.
  if grep -q "crashed:\|Fatal error" "$WORK/stop.$STARTS.log"; then
    echo "faults: SIGTERM under load: the server crashed instead of stopping:"
    grep -A6 "crashed:\|Fatal error" "$WORK/stop.$STARTS.log" | head -20
    exit 1
  fi
  echo "faults: SIGTERM under load (32 writers): the server stopped without a crash"
  F invariants "$WORK/stop/dogear.sqlite"
  start stop
  F status-check "$BASE" "$WORK/stop.json"
  stop
}

migrations_in() {
  python3 -c "
import sqlite3, sys
try: print(sqlite3.connect(sys.argv[1]).execute('SELECT COUNT(*) FROM _fluent_migrations').fetchone()[0])
except Exception: print(0)" "$1"
}

phase_migration() {
  # How many migrations there are: a database migrated whole.
  start migration-whole
  stop
  local known middle=0 tries=0 delay applied port
  known=$(migrations_in "$WORK/migration-whole/dogear.sqlite")
  # serve migrates a fresh database before it listens: killed at moments spread over the first
  # 0.6 s, again and again on the same database (a fresh one once all are applied), until two kills
  # landed with some migrations recorded and some not (at most 40 tries).
  while [ $middle -lt 2 ] && [ $tries -lt 40 ]; do
    tries=$((tries + 1))
    delay=$(python3 -c "import random; print(round(random.uniform(0.02, 0.6), 3))")
    port=$(free_port)
    env DOGEAR_DATA_DIR="$WORK/migration" DOGEAR_PORT="$port" DOGEAR_ENRICH=false DOGEAR_OFFLINE=true \
      "$BIN" serve >>"$WORK/migration.log" 2>&1 &
    local pid=$!
    sleep "$delay"
    kill -9 $pid 2>/dev/null || true
    wait $pid 2>/dev/null || true
    applied=$(migrations_in "$WORK/migration/dogear.sqlite")
    if [ "$applied" -gt 0 ] && [ "$applied" -lt "$known" ]; then
      middle=$((middle + 1))
      echo "faults: migration killed after ${delay} s with $applied of $known migrations recorded"
    fi
    if [ "$applied" -ge "$known" ]; then rm -rf "$WORK/migration"; fi
  done
  [ $middle -ge 2 ] || { echo "no kill landed in the middle of the migrations in $tries tries"; exit 1; }
  echo "faults: $middle of $tries kills landed in the middle of the migrations"
  start migration
  F signup "$BASE" "$WORK/migration.json"
  stop
  [ "$(migrations_in "$WORK/migration/dogear.sqlite")" -eq "$known" ]
  F invariants "$WORK/migration/dogear.sqlite"
}

phase_malformed() {
  start malformed DOGEAR_METRICS_TOKEN=scrape
  F signup "$BASE" "$WORK/malformed.json"
  F malformed "$BASE" "$WORK/malformed.json" "$WORK/malformed/imports"
  # What an operator sees after it: the writers' waits and the enrichment queue.
  curl -sf -H "Authorization: Bearer scrape" "$BASE/metrics" >"$WORK/metrics.txt"
  grep -E '^dogear_(database_write_wait_seconds_count|enrichment_queue_works|database_connection_wait_seconds|import_jobs_total)' \
    "$WORK/metrics.txt" | sed 's/^/faults: metrics: /'
  grep -Eq '^dogear_database_write_wait_seconds_count [1-9]' "$WORK/metrics.txt"
  stop
  F invariants "$WORK/malformed/dogear.sqlite"
}

phase_disk() {
  mkdir -p "$WORK/disk"
  mount -t tmpfs -o size=48m tmpfs "$WORK/disk"
  start disk/data
  F signup "$BASE" "$WORK/disk.json"
  F disk "$BASE" "$WORK/disk.json" "$WORK/disk"
  stop
  F invariants "$WORK/disk/data/dogear.sqlite"
  umount "$WORK/disk"
}

PHASES=${*:-term import status group stop migration malformed disk}
for phase in $PHASES; do
  echo "-- faults: $phase"
  "phase_$phase"
done
echo "faults: all passed ($PHASES)"
