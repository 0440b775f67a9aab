#!/usr/bin/env bash
# Runs every test: go vet, the unit tests and the Ginkgo e2e suites against
# real Chromium. Installs Chromium with apt-get when it is missing and we are
# root; otherwise says what to install. A missing browser is a failure, never
# a skip.
set -euo pipefail
cd "$(dirname "$0")/.."

find_browser() {
  if [ -n "${BROWSER_BIN:-}" ]; then
    case "$BROWSER_BIN" in ws://*|wss://*) echo "$BROWSER_BIN"; return 0 ;; esac
    command -v "$BROWSER_BIN" && return 0
    echo "BROWSER_BIN=$BROWSER_BIN is not an executable" >&2
    return 1
  fi
  for b in chromium chromium-browser google-chrome; do
    command -v "$b" && return 0
  done
  return 1
}

if ! command -v go >/dev/null 2>&1; then
  echo "scripts/test.sh: Go is not installed (https://go.dev/doc/install; this project needs Go 1.26)" >&2
  exit 1
fi

if ! find_browser >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "==> Chromium is missing: apt-get install -y chromium"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "scripts/test.sh: no Chromium found. Install it with: sudo apt-get install -y chromium" >&2
    echo "(or point BROWSER_BIN at a Chromium binary or a ws:// DevTools endpoint)" >&2
    exit 1
  fi
fi
echo "==> browser: $(find_browser)"

echo "==> go vet ./..."
go vet ./...

unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$unformatted" ]; then
  echo "gofmt would change:" >&2
  echo "$unformatted" >&2
  exit 1
fi

echo "==> go test ./..."
# -p 2: the suites start browsers; two at a time suits a 2-core machine.
go test -p 2 -count=1 -timeout 20m "$@" ./...
