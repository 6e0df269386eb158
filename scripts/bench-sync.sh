#!/usr/bin/env bash
# The sync benchmark: a reader with ENTRIES books (a Goodreads file imported through the API, with
# notes), a running `dogear serve`, and dogear-sync (the generated client) mirroring the library into
# a local SQLite file: the first full sync, then syncs with nothing new (target: ≤ 20 ms over HTTP),
# beside the raw SQLite statements that answer them, read straight from the server's file in the same
# run. Prints JSON lines. CI runs it short on a debug build; `BIN_DIR=.build/release` times a release build.
#   scripts/bench-sync.sh [ENTRIES] [NO_CHANGE_SYNCS]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/serve.sh
ENTRIES=${1:-10000}
REPEATS=${2:-20}
BIN_DIR=${BIN_DIR:-.build/debug}
DATA=$(mktemp -d)
PORT=$(free_port)
SERVER=$(BIN="$BIN_DIR/dogear" serve_dogear "$PORT" "$DATA" "$DATA/server.log")
trap 'kill $SERVER 2>/dev/null || true; rm -rf "$DATA"' EXIT
URL="http://127.0.0.1:$PORT"
TOKEN=$(curl -sf -X POST "$URL/api/v1/auth/signup" -H 'content-type: application/json' \
  -d '{"email":"bench@example.com","password":"long enough","displayName":"Bench"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
python3 - "$ENTRIES" "$DATA/library.csv" <<'PY'
import csv, sys
count, path = int(sys.argv[1]), sys.argv[2]
header = ["Book Id", "Title", "Author", "ISBN", "ISBN13", "My Rating", "Average Rating", "Publisher", "Binding",
          "Number of Pages", "Year Published", "Original Publication Year", "Date Read", "Date Added", "Bookshelves",
          "Bookshelves with positions", "Exclusive Shelf", "My Review", "Spoiler", "Private Notes", "Read Count", "Owned Copies"]
with open(path, "w", newline="") as out:
    writer = csv.writer(out)
    writer.writerow(header)
    for i in range(count):
        shelf = ["read", "to-read", "currently-reading"][i % 3]
        writer.writerow([i, f"Synthetic Book {i}", f"Author {i % 997}", "", "", (i % 5) + 1 if shelf == "read" else 0, 4.0,
                         "P", "Paperback", 100 + i % 400, 2001, 1990 + i % 30, "2024/01/05" if shelf == "read" else "",
                         "2023/12/01", "", "", shelf, f"Review {i}" if i % 4 == 0 else "", "", "", 1 if shelf == "read" else 0, 0])
PY
JOB=$(curl -sf -X POST "$URL/api/v1/imports" -H "authorization: Bearer $TOKEN" -F "file=@$DATA/library.csv" \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
for _ in $(seq 1 1200); do
  STATUS=$(curl -sf "$URL/api/v1/imports/$JOB" -H "authorization: Bearer $TOKEN" | python3 -c 'import json,sys; print(json.load(sys.stdin)["status"])')
  [ "$STATUS" = "done" ] || [ "$STATUS" = "failed" ] && break
  sleep 0.5
done
[ "$STATUS" = "done" ] || { echo "the import did not complete: $STATUS" >&2; exit 1; }

"$BIN_DIR/dogear-sync" --server "$URL" --token "$TOKEN" --database "$DATA/mirror.sqlite" > "$DATA/first.jsonl"
"$BIN_DIR/dogear-sync" --server "$URL" --token "$TOKEN" --database "$DATA/mirror.sqlite" --times "$REPEATS" > "$DATA/again.jsonl"
python3 - "$DATA" "$ENTRIES" <<'PY'
import json, sqlite3, statistics, sys, time
data, entries = sys.argv[1], int(sys.argv[2])
first = json.loads(open(f"{data}/first.jsonl").readline())
again = [json.loads(line) for line in open(f"{data}/again.jsonl")]
mirror = sqlite3.connect(f"{data}/mirror.sqlite")
mirrored = mirror.execute("SELECT COUNT(*) FROM objects WHERE type = 'entry'").fetchone()[0]
assert mirrored == entries, f"the mirror holds {mirrored} entries of {entries}"
assert all(run["upserts"] == 0 and run["pages"] == 1 for run in again), again
# The raw statements behind the same answers, on the server's own file.
server = sqlite3.connect(f"{data}/dogear.sqlite")
user, latest = server.execute("SELECT user_id, version FROM sync_clocks ORDER BY version DESC LIMIT 1").fetchone()
def best(query, args, times):
    samples = []
    for _ in range(times):
        started = time.perf_counter()
        server.execute(query, args).fetchall()
        samples.append((time.perf_counter() - started) * 1000)
    return statistics.median(samples)
raw_nothing_new = best("SELECT object_type, object_id, version, deleted_at FROM sync_changes WHERE user_id = ? AND version > ? ORDER BY version LIMIT 1001", (user, latest), 200)
raw_everything = best("SELECT c.object_type, c.object_id, c.version, e.* FROM sync_changes c LEFT JOIN library_entries e ON e.id = c.object_id WHERE c.user_id = ? ORDER BY c.version", (user,), 5)
no_change = [run["ms"] for run in again[1:]] or [again[0]["ms"]]
print(json.dumps({"bench": "sync", "figure": "first_full_sync", "entries": entries, "objects": first["upserts"], "pages": first["pages"], "ms": first["ms"], "raw_sqlite_ms": round(raw_everything, 2)}))
print(json.dumps({"bench": "sync", "figure": "no_change_sync", "syncs": len(no_change), "p50_ms": round(statistics.median(no_change), 2), "max_ms": max(no_change), "target_ms": 20, "raw_sqlite_ms": round(raw_nothing_new, 3)}))
PY
