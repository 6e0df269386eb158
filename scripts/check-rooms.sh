#!/usr/bin/env bash
# The rooms' rules that a grep can hold (docs/ARCHITECTURE.md says why each exists). Prints every
# line that breaks one and exits 1; CI runs it so a corridor, once closed, stays closed.
set -uo pipefail
cd "$(dirname "$0")/.."
failed=0
rule() { # rule DESCRIPTION FOUND...
  local what=$1
  shift
  if [ -n "$*" ]; then
    echo "rooms: $what:" >&2
    printf '%s\n' "$@" | sed 's/^/  /' >&2
    failed=1
  fi
}
lines() { "$@" 2>/dev/null || true; }

# Page handlers and API controllers both call services and the shared request helpers (HTTP/), never
# each other: a page that calls a controller changes when the JSON does.
rule "a page handler names an API controller" \
  "$(lines grep -rnE '\b[A-Z][A-Za-z]*Controller\b' Sources/DogearServer/Pages)"

# Every error code is a case of ErrorCode: a code typed as a string elsewhere is one a client may
# never have been told of, and a page that branches on a string breaks silently when it is renamed.
rule "an error code written as a string outside Errors/ErrorCode.swift" \
  "$(lines grep -rnE 'code:[[:space:]]*"[A-Za-z]+"|code == "|notFound\([[:space:]]*"' Sources/DogearServer --include='*.swift' |
    grep -v '^Sources/DogearServer/Errors/ErrorCode.swift:')"

# Comments state the rule itself: a section number or an issue number points at a document the
# reader of the code may not have.
rule "a comment cites a product-document section or an issue number" \
  "$(lines grep -rnE 'SPEC §|[Ii]ssue #?[0-9]+' Sources --include='*.swift')"

# Where SQLite's and PostgreSQL's SQL differ is said once, in Dialect/ (migrations, which must not
# call the app's code, ask `sql.kind` themselves): anywhere else, a third database would be a hunt.
rule "a database asked for by name outside Dialect/ and Migrations/" \
  "$(lines grep -rnE 'sql\.kind|\.kind == \.(sqlite|postgres)|\bSQLKind\b|\b(SQLite|Postgres)Dialect\(' Sources/DogearServer --include='*.swift' |
    grep -vE '^Sources/DogearServer/(Dialect|Migrations)/')"

[ "$failed" = 0 ] && echo "rooms: every rule holds"
exit "$failed"
