#!/usr/bin/env bash
# Runs every test: go vet, the unit tests and the Ginkgo e2e suites against
# real Chromium. Installs what they need when it is missing and we are root
# (Chromium and Xvfb with apt-get, @puppeteer/replay with npm ci, no browser
# download); otherwise says what to install. A missing tool is a failure,
# never a skip.
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/lib.sh
ensure_tools
ensure_xvfb
ensure_peer

echo "==> go vet ./..."
go vet ./...
# The similarity data generator builds only with its tag: vet it too, so
# that it keeps building when the packages it uses change.
go vet -tags simdata ./similarity/internal/simdata/gen

unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$unformatted" ]; then
  echo "gofmt would change:" >&2
  echo "$unformatted" >&2
  exit 1
fi

echo "==> go test (every package but e2e)"
# -p 2: the suites start browsers; two at a time suits a 2-core machine.
# -vet=off: go vet ./... above already ran every check go test would.
# The longest packages go first (go test starts them in the order given):
# the recorder's tests mostly wait on pages, most of them one at a time
# (those that wait out refusals run side by side, each in a window of its
# own), and the rest fill the processor beside them instead of leaving it
# to them at the end. Running the e2e suites beside the packages, or with
# more processes, was slower on two cores: 398 s against 356 s.
first=$(printf "$(go list -m)/%s\n" recorder recorder/selfcheck fixtures decision)
pkgs=$(echo "$first"; go list ./... | grep -v '/e2e$' | grep -vxF "$first")
go test -p 2 -count=1 -vet=off -timeout 20m "$@" $pkgs

echo "==> e2e (Ginkgo, three processes)"
# The specs mostly wait on browsers (two processes left a core idle a
# third of the time): three Ginkgo processes share them out.
go run github.com/onsi/ginkgo/v2/ginkgo -p --procs 3 --timeout 20m ./e2e
