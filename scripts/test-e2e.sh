#!/usr/bin/env bash
# Browser tests: Debian's Chromium, headless, driven by Selenium (Tests/e2e), against `dogear serve`
# started here on a free local port with a fresh data directory; axe-core (bundled by the PyPI
# package axe-selenium-python) checks every page a test opens. Installs chromium, chromium-driver,
# selenium and axe-selenium-python when missing. Screenshots go to $E2E_OUTPUT (default
# .build/e2e-output): phone-width Home and Library on every run, and one per failing test.
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  apt-get update -qq >/dev/null
  apt-get install -y -qq chromium chromium-driver >/dev/null
fi
python3 -c "import selenium, axe_selenium_python" 2>/dev/null || pip install -q selenium axe-selenium-python

BIN=${DOGEAR_BIN:-.build/debug/dogear}
if [ ! -x "$BIN" ]; then swift build --product dogear; fi

OUTPUT=${E2E_OUTPUT:-$PWD/.build/e2e-output}
rm -rf "$OUTPUT" && mkdir -p "$OUTPUT"
source scripts/lib/serve.sh
DATA=$(mktemp -d)
PORT=$(free_port)
FIXTURES="$PWD/../shared/fixtures"
[ -d "$FIXTURES" ] || FIXTURES="$PWD/Tests/Fixtures"   # a clone alone has the subset the tests need
# Open Library and Google Books are a local replay of their recorded answers (the Add page's search
# reaches a real HTTP source); the server is online to it, and offline to the world.
SOURCES=$(free_port)
python3 scripts/lib/source-replay.py "$SOURCES" "$FIXTURES" &
REPLAY=$!
trap 'kill ${SERVER:-} ${REPLAY:-} 2>/dev/null || true; rm -rf "$DATA"' EXIT
SERVER=$(serve_dogear "$PORT" "$DATA" "$OUTPUT/server.log" DOGEAR_OFFLINE=false \
  OPENLIBRARY_BASE_URL="http://127.0.0.1:$SOURCES" GOOGLE_BOOKS_BASE_URL="http://127.0.0.1:$SOURCES" \
  OPENLIBRARY_COVERS_BASE_URL="http://127.0.0.1:$SOURCES/covers")
DOGEAR_URL="http://127.0.0.1:$PORT" E2E_OUTPUT="$OUTPUT" FIXTURES="$FIXTURES" \
  python3 -m unittest discover -s Tests/e2e -p 'test_*.py' -v
echo "e2e: screenshots in $OUTPUT"
