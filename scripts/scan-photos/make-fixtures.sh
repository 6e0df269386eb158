#!/usr/bin/env bash
# Draws the shelf photos the scan tests read (Tests/Fixtures/scan/), each with its manifest. The
# photos are committed, so `swift test` needs no Python; run this again after changing
# make_shelf.py. Needs Pillow and python-barcode (pip install pillow python-barcode).
#   scripts/scan-photos/make-fixtures.sh [folder] [seed offset]
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${1:-Tests/Fixtures/scan}
OFFSET=${2:-0}
mkdir -p "$OUT"
shelf() {
  local name=$1 seed=$2
  shift 2
  python3 scripts/scan-photos/make_shelf.py --seed $((seed + OFFSET)) --out "$OUT/$name.jpg" --manifest "$OUT/$name.json" "$@"
}
# Barcodes: the smallest the issue asks for (bars 120 px), tilted, blurred and squeezed, turned.
shelf barcodes-120 11 --barcodes 10 --spines 0 --barcode-width 120
shelf barcodes-120-tilted 12 --barcodes 8 --spines 0 --barcode-width 120 --tilt 30
shelf barcodes-160-blurred 13 --barcodes 8 --spines 0 --barcode-width 160 --blur 0.8 --quality 60
shelf barcodes-200-turned 14 --barcodes 8 --spines 0 --barcode-width 200 --tilt 15 --turn 90
shelf barcodes-300-halved 15 --barcodes 6 --spines 0 --barcode-width 300 --tilt 20 --scale 0.5
# Books the recorded Open Library and Google Books answers know (Tests/Fixtures): found by a lookup.
shelf known-isbns 19 --barcodes 2 --spines 0 --barcode-width 200 --isbns 9780140328721,9781781100486
# Spines, alone and beside barcodes.
shelf mixed 16 --barcodes 6 --spines 6 --barcode-width 180 --tilt 10
shelf spines 17 --barcodes 0 --spines 10
shelf spines-turned 18 --barcodes 2 --spines 8 --turn 270 --quality 75
