#!/usr/bin/env bash
# Password recovery by mail, end to end: a real SMTP server (Python's aiosmtpd from PyPI, STARTTLS
# with a certificate made for the run, AUTH required) and a real `dogear serve` that mails the link.
# Installs aiosmtpd (and openssl) when missing. The tests are Tests/mail/test_password_reset.py and
# Tests/mail/test_digest.py (the email digests, sent by two `dogear notify` processes at once).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -c 'import aiosmtpd' 2>/dev/null || pip install -q aiosmtpd
if ! command -v openssl >/dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openssl >/dev/null
fi
BIN=${DOGEAR_BIN:-.build/debug/dogear}
if [ ! -x "$BIN" ]; then swift build --product dogear; fi
python3 Tests/mail/test_password_reset.py "$BIN"
python3 Tests/mail/test_digest.py "$BIN"
