#!/usr/bin/env bash
# Web Push read by other people's code: the push decrypted by http_ece (the RFC 8291 reference
# implementation) and its VAPID JWT checked by PyJWT (both from PyPI, installed when missing),
# against a real `dogear serve` on SQLite. The test is Tests/push/test_web_push.py.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -c 'import http_ece, jwt, cryptography' 2>/dev/null || pip install -q http_ece 'pyjwt[crypto]'
BIN=${DOGEAR_BIN:-.build/debug/dogear}
if [ ! -x "$BIN" ]; then swift build --product dogear; fi
python3 Tests/push/test_web_push.py "$BIN"
