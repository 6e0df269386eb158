#!/usr/bin/env bash
# Validates openapi.yaml against the OpenAPI 3.1 schema (openapi-spec-validator from PyPI).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! python3 -c 'import openapi_spec_validator' 2>/dev/null; then
  python3 -m pip install --quiet --disable-pip-version-check openapi-spec-validator
fi
python3 - <<'PY'
from openapi_spec_validator import validate
from openapi_spec_validator.readers import read_from_filename
spec, _ = read_from_filename("openapi.yaml")
validate(spec)
print(f"openapi.yaml: valid OpenAPI {spec['openapi']}, {len(spec['paths'])} paths")
PY
