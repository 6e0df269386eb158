#!/usr/bin/env bash
# The calendar feed read back by a real iCalendar parser: Python's icalendar (from PyPI, installed
# when missing) against a real `dogear serve` on SQLite. The test is Tests/calendar/test_calendar_feed.py.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -c 'import icalendar' 2>/dev/null || pip install -q icalendar
BIN=${DOGEAR_BIN:-.build/debug/dogear}
if [ ! -x "$BIN" ]; then swift build --product dogear; fi
python3 Tests/calendar/test_calendar_feed.py "$BIN"
