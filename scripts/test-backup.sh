#!/usr/bin/env bash
# Backups for real, on SQLite and on PostgreSQL: `dogear serve` takes writes from a reader while
# `dogear backup` runs in another process; the backup is restored with `dogear restore` into a fresh
# place, a second server starts on it, and every book acknowledged before the backup began must be
# there (Tests/ops/backup_while_writing.py). SQLite's restored file must also pass
# `PRAGMA integrity_check` and have a search document for every entry.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${DOGEAR_BIN:-.build/debug/dogear}
if [ ! -x "$BIN" ]; then swift build --product dogear; fi
source scripts/lib/serve.sh
source scripts/lib/postgres.sh
WORK=$(mktemp -d /tmp/dogear-backup.XXXXXX)
STOP_ALSO="kill \${SERVERS:-} 2>/dev/null || true; rm -rf $WORK"
trap 'eval "$STOP_ALSO"' EXIT
SERVERS=""

# SQLite: the data folder's file, backed up while serving, restored into another data folder.
PORT=$(free_port)
SERVERS="$(serve_dogear "$PORT" "$WORK/live" "$WORK/live.log")"
python3 Tests/ops/backup_while_writing.py write "http://127.0.0.1:$PORT" "$WORK/sqlite.json" \
  env DOGEAR_DATA_DIR="$WORK/live" "$BIN" backup --to "$WORK/sqlite-backup.sqlite"
kill $SERVERS; wait $SERVERS 2>/dev/null || true
DOGEAR_DATA_DIR="$WORK/restored" "$BIN" restore "$WORK/sqlite-backup.sqlite"
python3 - "$WORK/restored/dogear.sqlite" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok", "integrity_check failed"
entries = db.execute("SELECT COUNT(*) FROM library_entries").fetchone()[0]
documents = db.execute("SELECT COUNT(*) FROM entry_search_docs").fetchone()[0]
assert entries == documents, f"{entries} entries but {documents} search documents"
print(f"restored SQLite: integrity_check ok; {entries} entries, each with its search document")
PY
PORT=$(free_port)
SERVERS="$(serve_dogear "$PORT" "$WORK/restored" "$WORK/restored.log")"
python3 Tests/ops/backup_while_writing.py check "http://127.0.0.1:$PORT" "$WORK/sqlite.json"
kill $SERVERS; wait $SERVERS 2>/dev/null || true
SERVERS=""

# PostgreSQL: pg_dump while serving, pg_restore into a second database.
# start_postgres's own exit trap stops the server and then runs STOP_ALSO (which must not stop it again).
start_postgres
as_pg "$PG_BIN/psql" -q -h 127.0.0.1 -p "$PG_PORT" -U postgres -c "CREATE DATABASE dogear_restored" >/dev/null
RESTORED_URL="postgres://postgres@127.0.0.1:$PG_PORT/dogear_restored?sslmode=disable"
export PATH="$PG_BIN:$PATH"
PORT=$(free_port)
SERVERS="$(serve_dogear "$PORT" "$WORK/pg" "$WORK/pg.log" DATABASE_URL="$PG_URL")"
python3 Tests/ops/backup_while_writing.py write "http://127.0.0.1:$PORT" "$WORK/pg.json" \
  env DATABASE_URL="$PG_URL" DOGEAR_DATA_DIR="$WORK/pg" "$BIN" backup --to "$WORK/pg-backup.dump"
kill $SERVERS; wait $SERVERS 2>/dev/null || true
DATABASE_URL="$RESTORED_URL" DOGEAR_DATA_DIR="$WORK/pg2" "$BIN" restore "$WORK/pg-backup.dump"
PORT=$(free_port)
SERVERS="$(serve_dogear "$PORT" "$WORK/pg2" "$WORK/pg2.log" DATABASE_URL="$RESTORED_URL")"
python3 Tests/ops/backup_while_writing.py check "http://127.0.0.1:$PORT" "$WORK/pg.json"
echo "backup: SQLite and PostgreSQL backups taken while writing restored with every acknowledged write"
