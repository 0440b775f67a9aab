#!/usr/bin/env bash
# The main job on a bundled demo: record a flow on a fixture app with a
# scripted user, replay it on the original and on changed versions, print
# what each step did. Usage: scripts/demo.sh [-app shop|checkout|settings] [-out DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
ensure_tools
echo "==> go build -o bin/ ./cmd/..."
go build -o bin/ ./cmd/...
exec go run ./scripts/demo "$@"
