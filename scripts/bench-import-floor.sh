#!/usr/bin/env bash
# The database's own floor for an import: how long SQLite takes, with no Swift at all, to store the
# rows a 10,000-row import leaves (catalog, entries, tags, notes, kept columns, search documents and
# FTS5, the sync log, with every index and trigger of the schema), against the benchmark's raw rows
# copied the same way. `dogear bench import` compares the app with its own raw insert; this says
# what part of that gap is the schema's and not the code's (issue 19's closing note).
#
#   scripts/bench-import-floor.sh [path/to/dogear] [rows]
#
# Needs the sqlite3 shell (apt-get install sqlite3). Prints one JSON line.
set -euo pipefail
dogear=${1:-.build/release/dogear}
rows=${2:-10000}
command -v sqlite3 >/dev/null || { echo "needs the sqlite3 shell: apt-get install sqlite3" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A finished import, kept; and an empty database migrated by the same build.
"$dogear" bench import --rows "$rows" --keep "$work/kept.sqlite" >/dev/null 2>&1
mkdir "$work/empty"
(cd "$work/empty" && DOGEAR_DATA_DIR="$work/empty" "$dogear" migrate --yes >/dev/null 2>&1)
empty="$work/empty/dogear.sqlite"
sqlite3 "$empty" "PRAGMA journal_mode=DELETE;" >/dev/null

# Parents before children; tables the triggers fill (statistics, discovery) are left to them.
tables="works authors work_authors editions external_ids library_entries entry_editions read_throughs
  reading_sessions notes quotes tags entry_tags imported_fields sync_changes"
seconds() { # the summed "Run Time: real" of a script's statements
  sqlite3 "$1" 2>&1 | awk '/Run Time/ { total += $4 } /Error/ { print > "/dev/stderr"; exit 1 } END { printf "%.3f", total }'
}

cp "$empty" "$work/copy.sqlite"
copy=$( {
  echo "ATTACH '$work/kept.sqlite' AS k; INSERT INTO main.users SELECT * FROM k.users;"
  echo "PRAGMA temp_store=MEMORY;"
  echo ".timer on"
  echo "BEGIN;"
  for table in $tables; do echo "INSERT INTO main.$table SELECT * FROM k.$table;"; done
  echo "INSERT INTO main.entry_search_docs (rowid, entry_id, owner, title, authors, isbn, tags, notes, quotes)"
  echo "  SELECT rowid, entry_id, owner, title, authors, isbn, tags, notes, quotes FROM k.entry_search_docs;"
  echo "INSERT INTO main.entry_search (rowid, title, authors, isbn, tags, notes, quotes)"
  echo "  SELECT rowid, title, authors, isbn, tags, notes, quotes FROM main.entry_search_docs;"
  echo "COMMIT;"
} | seconds "$work/copy.sqlite")

cp "$empty" "$work/raw.sqlite"
raw=$( {
  echo "ATTACH '$work/kept.sqlite' AS k;"
  # The benchmark's own raw table, primary key and all, under another name.
  sqlite3 "$work/kept.sqlite" "SELECT sql FROM sqlite_master WHERE name = 'bench_raw_rows'" | sed 's/bench_raw_rows/raw_copy/'
  echo ";"
  echo ".timer on"
  echo "BEGIN; INSERT INTO raw_copy SELECT * FROM k.bench_raw_rows; COMMIT;"
} | seconds "$work/raw.sqlite")

# The copy did the import's whole work: the same entries, and the triggers' statistics as the import left them.
count() { sqlite3 "$1" "SELECT (SELECT count(*) FROM library_entries) || ',' || (SELECT count(*) FROM finish_facts)"; }
kept=$(count "$work/kept.sqlite")
copied=$(count "$work/copy.sqlite")
echo "{\"bench\":\"import_sql_floor\",\"rows\":$rows,\"entries_and_finish_facts\":\"$copied\",\"same_as_import\":$([ "$kept" = "$copied" ] && echo true || echo false),\"schema_copy_seconds\":$copy,\"raw_copy_seconds\":$raw}"
