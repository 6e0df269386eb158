#!/usr/bin/env bash
# Runs the server test suite against a real PostgreSQL server that this script installs (Debian's
# `postgresql`) if needed, starts on 127.0.0.1 and an unused port with its data under /tmp, and
# stops again. Each test makes a schema of its own on that server (see Tests/.../TestApp.swift).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/postgres.sh
start_postgres
export DOGEAR_TEST_POSTGRES_URL="$PG_URL"
swift test --disable-xctest --filter DogearServerTests "$@"
