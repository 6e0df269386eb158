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
# Bars of 1 to 10 px (a barcode's 95 modules are 95 to 950 px), at 0, 15, 45 and 90 degrees, blurred
# and saved at low JPEG quality: wide bars cut a barcode into several striped regions (issue 39).
shelf bars-1px 21 --barcodes 4 --spines 0 --barcode-width 95
shelf bars-1.5px-45deg 22 --barcodes 3 --spines 0 --barcode-width 143 --angle 45
shelf bars-2px-15deg-blurred 23 --barcodes 3 --spines 0 --barcode-width 190 --angle 15 --blur 1.0 --quality 70
shelf bars-3px-90deg 24 --barcodes 3 --spines 0 --barcode-width 285 --angle 4 --turn 90
shelf bars-5px 25 --barcodes 2 --spines 0 --barcode-width 475
shelf bars-5px-45deg-q50 26 --barcodes 2 --spines 0 --barcode-width 475 --angle 45 --quality 50
shelf bars-7px-15deg-blurred 27 --barcodes 1 --spines 0 --barcode-width 665 --angle 15 --blur 2
shelf bars-10px 28 --barcodes 1 --spines 0 --barcode-width 950
shelf bars-10px-90deg 29 --barcodes 1 --spines 0 --barcode-width 950 --angle -3 --turn 90
# Books the recorded Open Library and Google Books answers know (Tests/Fixtures): found by a lookup.
shelf known-isbns 19 --barcodes 2 --spines 0 --barcode-width 200 --isbns 9780140328721,9781781100486
# Spines, alone and beside barcodes.
shelf mixed 16 --barcodes 6 --spines 6 --barcode-width 180 --tilt 10
shelf spines 17 --barcodes 0 --spines 10
shelf spines-turned 18 --barcodes 2 --spines 8 --turn 270 --quality 75
