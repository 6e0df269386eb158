#!/usr/bin/env bash
# The shelf-scan benchmark (issue 18): draws a 12-megapixel photo of four shelves with 20 ISBN
# barcodes and 4 spines (scripts/scan-photos/make_shelf.py), and the bad uploads (not an image, a
# JPEG cut in half, a real 20,000 × 20,000 JPEG, an empty file), then `dogear bench scan` prints
# the seconds to the barcode proposals (target: 3 s on this machine, a release build), the spines'
# time, what was found and the floor (ZBar once over the untouched photo), then what each bad file
# is told and the peak memory after it; then each committed photo set beside plain ZBar. Installs
# Pillow and python-barcode, and the scan libraries, when missing.
#   scripts/bench-scan.sh [--short]     (--short: one run on the debug build, as CI does)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-scan-libraries.sh
python3 -c "import PIL, barcode" 2>/dev/null || pip install -q pillow python-barcode
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

python3 scripts/scan-photos/make_shelf.py --seed 42 --barcodes 20 --spines 4 --rows 4 --barcode-width 160 \
  --tilt 10 --scale 1.23 --quality 85 --out "$WORK/shelf.jpg" --manifest "$WORK/shelf.json"
printf 'title,author\nPiranesi,Susanna Clarke\n' > "$WORK/not-a-photo.csv"
head -c $(( $(stat -c %s "$WORK/shelf.jpg") / 2 )) "$WORK/shelf.jpg" > "$WORK/cut-in-half.jpg"
: > "$WORK/empty.jpg"
python3 - "$WORK/huge.jpg" <<'PY'
import sys
from PIL import Image
Image.MAX_IMAGE_PIXELS = None
# 400 million grey pixels, one colour: a small file that would take 1.6 GB once decoded in colour.
Image.new("L", (20000, 20000), 200).save(sys.argv[1], quality=50)
PY

if [ "${1:-}" = "--short" ]; then
  BIN=.build/debug/dogear
  [ -x "$BIN" ] || swift build --product dogear
  ITERATIONS=1
else
  swift build -c release --product dogear 2>&1 | tail -n 1
  BIN=.build/release/dogear
  ITERATIONS=5
fi
"$BIN" bench scan --photo "$WORK/shelf.jpg" --manifest "$WORK/shelf.json" --iterations "$ITERATIONS" \
  --bad "$WORK/not-a-photo.csv,$WORK/cut-in-half.jpg,$WORK/empty.jpg,$WORK/huge.jpg" | tee "$WORK/figures.log"
python3 - "$WORK/figures.log" <<'PY'
import json, sys
lines = [json.loads(line) for line in open(sys.argv[1]) if '"bench"' in line]
photo = next(line for line in lines if line["figure"] == "photo")
bad = {line["file"]: line for line in lines if line["figure"] == "bad_photo"}
# What must hold on any machine: every barcode found, none wrong, every bad file refused with its reason.
assert photo["barcodes_found"] == photo["barcodes_expected"] == 20 and photo["barcodes_wrong"] == 0, photo
assert "not a JPEG or PNG" in bad["not-a-photo.csv"]["said"], bad
assert "damaged or cut short" in bad["cut-in-half.jpg"]["said"], bad
assert "empty" in bad["empty.jpg"]["said"], bad
assert "20000 × 20000 pixels" in bad["huge.jpg"]["said"], bad
# Refused before decoding: the huge photo does not raise the peak past what the real photo took.
assert bad["huge.jpg"]["peak_rss_mb"] <= photo["peak_rss_mb"] + 50, (bad, photo)
print(f"scan: {photo['megapixels']} MP, barcodes in {photo['barcodes_p50_s']} s (target 3 s), "
      f"spines in {photo['spines_p50_s']} s, peak {photo['peak_rss_mb']} MB")
PY

# Each photo set beside plain ZBar (issue 39): the committed drawn shelves (bars of 1 to 10 px among
# them) and the real phone photos. On no photo may the scan propose fewer than ZBar reads, or a wrong one.
"$BIN" bench scan --sets Tests/Fixtures/scan,Tests/Fixtures/scan/real | tee "$WORK/sets.log"
python3 - "$WORK/sets.log" <<'PY'
import json, sys
for line in (json.loads(line) for line in open(sys.argv[1]) if '"photo_set"' in line):
    assert line["photos_where_scan_found_fewer"] == 0 and line["scan_wrong"] == 0, line
    print(f"scan, {line['set']}: {line['scan_found']} of {line['barcodes']} barcodes proposed, plain ZBar "
          f"{line['raw_zbar_found']} (and {line['raw_zbar_wrong']} wrong), on {line['photos']} photos")
PY
