#!/usr/bin/env bash
# How long a warm debug build takes after one service file changes: once with a change inside the
# file only (a comment: nothing another module sees) and once with a new method (what other
# modules see changes). Usage: scripts/time-incremental-build.sh [FILE] (default: the tag service,
# wherever it lives). Restores the file; prints one line per kind of change, the median of three.
set -euo pipefail
cd "$(dirname "$0")/.."
file=${1:-$(find Sources -name TagService.swift | head -1)}
backup=$(mktemp)
cp "$file" "$backup"
trap 'cp "$backup" "$file"; rm -f "$backup"' EXIT
swift build --build-tests >/dev/null
seconds() { # seconds EDIT: applies EDIT to the file, times the build, restores and rebuilds
  local start end
  "$@"
  start=$(date +%s.%N)
  swift build --build-tests >/dev/null
  end=$(date +%s.%N)
  cp "$backup" "$file"
  swift build --build-tests >/dev/null
  python3 -c "print(round($end - $start, 1))"
}
comment() { sed -i '1s/^/\/\/ incremental build probe\n/' "$file"; }
method() {
  python3 - "$file" <<'PY'
import sys
path = sys.argv[1]
text = open(path).read()
end = text.rindex('}')
access = 'package ' if 'package func' in text or 'package struct' in text else ''
open(path, 'w').write(text[:end] + f'\n    {access}func incrementalBuildProbe() -> Int {{ 1 }}\n}}\n')
PY
}
median() { printf '%s\n' "$@" | sort -n | sed -n 2p; }
echo "file: $file"
echo "body-only change: $(median "$(seconds comment)" "$(seconds comment)" "$(seconds comment)") s"
echo "interface change: $(median "$(seconds method)" "$(seconds method)" "$(seconds method)") s"
