#!/usr/bin/env bash
# Writes the generated Swift client (Sources/DogearClient/Generated) from openapi.yaml with
# swift-openapi-generator, built from scripts/openapi-generator. With --check, writes it to a
# temporary folder instead and fails when it differs from what is committed: openapi.yaml changed
# and the client was not generated again.
set -euo pipefail
cd "$(dirname "$0")/.."
out=Sources/DogearClient/Generated
if [[ "${1:-}" == "--check" ]]; then out=$(mktemp -d); fi
swift build --package-path scripts/openapi-generator --product swift-openapi-generator -c release >/dev/null
generator=$(swift build --package-path scripts/openapi-generator -c release --show-bin-path)/swift-openapi-generator
mkdir -p "$out"
"$generator" generate Sources/DogearServer/Resources/openapi.yaml \
  --config scripts/openapi-generator/openapi-generator-config.yaml --output-directory "$out" >/dev/null 2>"$out/.log" \
  || { cat "$out/.log" >&2; exit 1; }
# The generator's warnings (a schema it cannot express) matter; its summary of the settings does not.
grep -i "warning\|error" "$out/.log" >&2 || true
rm -f "$out/.log"
# Generated code keeps the generator's layout, not the project's formatting.
for file in "$out"/*.swift; do
  { echo "// swift-format-ignore-file"; cat "$file"; } > "$file.tmp" && mv "$file.tmp" "$file"
done
if [[ "${1:-}" == "--check" ]]; then
  if ! diff -r "$out" Sources/DogearClient/Generated; then
    echo "Sources/DogearClient/Generated is not what openapi.yaml generates: run scripts/generate-client.sh" >&2
    exit 1
  fi
  echo "the generated client matches openapi.yaml"
fi
