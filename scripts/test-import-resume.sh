#!/usr/bin/env bash
# Crash resume, for real: starts `dogear import` on a large Goodreads file, kills it with SIGKILL
# once some batches are committed, runs the same command again, and checks that every row was
# imported exactly once (one entry and one work per row, the job done, its counters whole).
set -euo pipefail
cd "$(dirname "$0")/.."

ROWS=${ROWS:-20000}
BIN=${DOGEAR_BIN:-.build/debug/dogear}
if [ ! -x "$BIN" ]; then swift build --product dogear; fi

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export DOGEAR_DATA_DIR="$WORK/data"
export DOGEAR_ENRICH=false
FILE="$WORK/goodreads.csv"
DB="$WORK/data/dogear.sqlite"

python3 - "$FILE" "$ROWS" <<'PY'
import csv, sys
path, rows = sys.argv[1], int(sys.argv[2])
header = ["Book Id","Title","Author","Author l-f","Additional Authors","ISBN","ISBN13","My Rating","Average Rating",
          "Publisher","Binding","Number of Pages","Year Published","Original Publication Year","Date Read","Date Added",
          "Bookshelves","Bookshelves with positions","Exclusive Shelf","My Review","Spoiler","Private Notes","Read Count",
          "Owned Copies"]
with open(path, "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(header)
    for i in range(rows):
        shelf = ["read", "to-read", "currently-reading"][i % 3]
        w.writerow([str(500000 + i), f"Resume Test Book {i}", f"Author {i % 997}", "", "", "", "", str(i % 6), "", "Press",
                    "Paperback", str(100 + i % 500), "2001", "", "2020/01/02" if shelf == "read" else "", "2019/05/06",
                    "tag-a, tag-b" if i % 2 else "", "", shelf, "", "", f"note {i}" if i % 5 == 0 else "", "", "1"])
PY

"$BIN" user add reader@example.com --password 'long enough password' >/dev/null 2>&1

"$BIN" import "$FILE" --user reader@example.com >"$WORK/first.log" 2>&1 &
PID=$!
# Wait for at least one committed batch, then kill without warning.
processed=0
for _ in $(seq 1 600); do
  processed=$(python3 -c "
import sqlite3, sys
try:
    c = sqlite3.connect('file:$DB?mode=ro', uri=True, timeout=1)
    r = c.execute('SELECT processed FROM imports').fetchone()
    print(r[0] if r else 0)
except Exception:
    print(0)")
  if [ "$processed" -gt 0 ]; then break; fi
  if ! kill -0 "$PID" 2>/dev/null; then break; fi
  sleep 0.1
done
if ! kill -9 "$PID" 2>/dev/null; then
  echo "import-resume: the import ended before it could be killed (processed $processed of $ROWS); raise ROWS" >&2
  cat "$WORK/first.log" >&2
  exit 1
fi
wait "$PID" 2>/dev/null || true
# What the kill left committed, read again now that nothing writes: a kill before the first batch
# would test a fresh import, and one after the last a finished one; neither is a resume.
processed=$(python3 -c "
import sqlite3
r = sqlite3.connect('file:$DB?mode=ro', uri=True).execute('SELECT processed FROM imports').fetchone()
print(r[0] if r else 0)")
if [ "$processed" -le 0 ] || [ "$processed" -ge "$ROWS" ]; then
  echo "import-resume: the kill landed at $processed of $ROWS committed rows, so nothing was resumed" >&2
  cat "$WORK/first.log" >&2
  exit 1
fi
echo "import-resume: killed the import after $processed of $ROWS rows were committed"

"$BIN" import "$FILE" --user reader@example.com 2>/dev/null | tee "$WORK/second.log" | head -3

python3 - "$DB" "$ROWS" <<'PY'
import sqlite3, sys
db, rows = sys.argv[1], int(sys.argv[2])
c = sqlite3.connect(db)
one = lambda q: c.execute(q).fetchone()[0]
checks = {
    "jobs": (one("SELECT COUNT(*) FROM imports"), 1),
    "job status": (one("SELECT status FROM imports"), "done"),
    "job processed": (one("SELECT processed FROM imports"), rows),
    "job created": (one("SELECT created FROM imports"), rows),
    "job failed": (one("SELECT failed FROM imports"), 0),
    "entries": (one("SELECT COUNT(*) FROM library_entries"), rows),
    "distinct works in entries": (one("SELECT COUNT(DISTINCT work_id) FROM library_entries"), rows),
    "works": (one("SELECT COUNT(*) FROM works"), rows),
    "notes": (one("SELECT COUNT(*) FROM notes"), (rows + 4) // 5),
    "search documents": (one("SELECT COUNT(*) FROM entry_search_docs"), rows),
}
bad = {k: v for k, v in checks.items() if v[0] != v[1]}
for k, (got, want) in checks.items():
    print(f"import-resume: {k}: {got} (expected {want})")
if bad:
    print("import-resume: FAILED", bad, file=sys.stderr)
    sys.exit(1)
print(f"import-resume: every one of {rows} rows imported exactly once")
PY
