#!/usr/bin/env bash
# Installs what shelf scanning reads photos with, from Debian's packages, when missing: ZBar
# (barcodes), Tesseract with its English data (spines) and Leptonica (decoding, turning, scaling).
# Dogear opens them at run time, so it builds and serves without them ("scanning is unavailable"),
# but the scan tests need them. The -dev packages are not needed: nothing links against them.
#   scripts/install-scan-libraries.sh        (as root, or through sudo)
set -euo pipefail
PACKAGES=(libzbar0 libtesseract5 liblept5 tesseract-ocr-eng)
missing=()
for package in "${PACKAGES[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "installing ${missing[*]}"
$SUDO apt-get update -qq >/dev/null
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
