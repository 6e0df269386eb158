#!/usr/bin/env bash
# The rooms' rules that a grep can hold (each module's README.md says why its rooms' rules exist). Prints every
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
# The modules a request passes through, top to bottom.
server_side="Sources/DogearServer Sources/DogearServices Sources/DogearStore Sources/DogearBench"

# The services and the store know no HTTP: a use case that reads a request cannot be called by a
# command, a job or a test without one, and a query that knows Vapor drags it into every module
# below the server. The compiler holds the targets' dependencies; this holds the imports too (a
# module built earlier can be found on the search path even when it is not a dependency).
rule "Vapor imported by the services or the store" \
  "$(lines grep -rnE '^import (Vapor|Fluent|NIOHTTP1|VaporTesting)$' Sources/DogearServices Sources/DogearStore)"
rule "Vapor named as a dependency of DogearServices or DogearStore in Package.swift" \
  "$(python3 - <<'PY'
import re
text = open('Package.swift').read()
for name in ('DogearServices', 'DogearStore'):
    m = re.search(r'name: "%s",\s*dependencies: \[(.*?)\n\s*\]' % name, text, re.S)
    if m is None:
        print(f'{name}: no target of that name found')
    elif re.search(r'package: "(vapor|fluent)"', m.group(1)):
        print(f'{name}: {m.group(1).strip()}')
PY
)"

# Page handlers read the services' records and fill their inputs; the API's DTOs and requests are
# the JSON's, and a page that reads them changes when the JSON does.
rule "a page handler names an API DTO or request" \
  "$(lines grep -rnE '\b[A-Z][A-Za-z]+(DTO|Request)\b' Sources/DogearServer/Pages)"

# No module grows back into the one that holds everything: the largest holds under 45% of the
# Swift lines outside generated code.
rule "one module holds 45% or more of the Swift lines" \
  "$(total=$(find Sources -name '*.swift' -not -path '*/Generated/*' -print0 | xargs -0 cat | wc -l)
    for module in Sources/*/; do
      count=$(find "$module" -name '*.swift' -not -path '*/Generated/*' -print0 | xargs -0 cat | wc -l)
      if [ $((count * 100)) -ge $((total * 45)) ]; then echo "$module: $count of $total lines"; fi
    done)"

# Page handlers and API controllers both call services and the shared request helpers (HTTP/), never
# each other: a page that calls a controller changes when the JSON does.
rule "a page handler names an API controller" \
  "$(lines grep -rnE '\b[A-Z][A-Za-z]*Controller\b' Sources/DogearServer/Pages)"

# Every error code is a case of ErrorCode: a code typed as a string elsewhere is one a client may
# never have been told of, and a page that branches on a string breaks silently when it is renamed.
rule "an error code written as a string outside DogearStore/Errors/ErrorCode.swift" \
  "$(lines grep -rnE 'code:[[:space:]]*"[A-Za-z]+"|code == "|notFound\([[:space:]]*"' $server_side --include='*.swift' |
    grep -v '^Sources/DogearStore/Errors/ErrorCode.swift:')"

# Comments state the rule itself: a section number or an issue number points at a document the
# reader of the code may not have.
rule "a comment cites a product-document section or an issue number" \
  "$(lines grep -rnE 'SPEC §|[Ii]ssue #?[0-9]+' Sources --include='*.swift')"

# Where SQLite's and PostgreSQL's SQL differ is said once, in Dialect/ (migrations, which must not
# call the app's code, ask `sql.kind` themselves): anywhere else, a third database would be a hunt.
# SQLite/ (Dogear's own SQLite connections, the writers' line) is SQLite's by what it is.
rule "a database asked for by name outside Dialect/ and Migrations/" \
  "$(lines grep -rnE 'sql\.kind|\.kind == \.(sqlite|postgres)|\bSQLKind\b|\b(SQLite|Postgres)Dialect\(' $server_side --include='*.swift' |
    grep -vE '^Sources/DogearStore/(Dialect|Migrations)/|^Sources/DogearStore/SQLite/')"

# A write's derived writes (the sync log, search documents, work aggregates, club feed lines) are
# made in one place, DogearServices/Writes/, from the changes a service declares: a service that
# writes one of them by hand is the one that forgets the other four.
rule "a derived write made outside DogearServices/Writes/" \
  "$(lines grep -rnE '\bSyncLog\b|\bClubActivityLog\(|\bWorkAggregates\(|SearchIndexer\([^)]*\)\.(reindex|remove)\(|DiscoveryLearning\([^)]*\)\.entryChanged' \
      Sources/DogearServer Sources/DogearServices Sources/DogearBench --include='*.swift' |
    grep -vE '^Sources/DogearServices/Writes/|^[^:]+:[0-9]+:[[:space:]]*//')"

# A model stamped from the clock is stamped by a middleware of its own type
# (`ClockTimestamps.middlewares`): one that conforms to ClockStamped without one keeps no dates.
stamped=Sources/DogearStore/Models/ClockStamped.swift
rule "a ClockStamped model without its stamping middleware, or the other way round" \
  "$(diff <(grep -oE '^extension [A-Za-z]+: ClockStamped' $stamped | awk '{print $2}' | tr -d ':' | sort) \
          <(grep -oE 'stamping\([A-Za-z]+\.self\)' $stamped | sed -E 's/stamping\(([A-Za-z]+)\.self\)/\1/' | sort) | grep '^[<>]')"
rule "a ClockStamped conformance outside ClockStamped.swift (its stamping middleware would be missed)" \
  "$(lines grep -rnE '(class|extension|struct) [A-Za-z]+[^{]*:[^{]*\bClockStamped\b' Sources --include='*.swift' | grep -v "^$stamped:" | grep -vE 'where Self: ClockStamped \{')"

[ "$failed" = 0 ] && echo "rooms: every rule holds"
exit "$failed"
