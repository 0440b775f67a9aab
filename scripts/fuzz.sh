#!/usr/bin/env bash
# Fuzz the flow loader. Usage: scripts/fuzz.sh [DURATION]   (default 5m)
# The minimizer is bounded: unbounded, it spends minutes on large inputs and
# the fuzzer looks stalled.
set -euo pipefail
cd "$(dirname "$0")/.."
exec go test -run '^$' -fuzz '^FuzzParse$' -fuzztime "${1:-5m}" -fuzzminimizetime 200x ./chain
