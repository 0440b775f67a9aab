# Shared by scripts/*.sh: make sure Go and Chromium are there.

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

# ensure_tools installs Chromium with apt-get when it is missing and we are
# root; otherwise it says what to install and fails.
ensure_tools() {
  if ! command -v go >/dev/null 2>&1; then
    echo "Go is not installed (this project needs Go 1.26: https://go.dev/doc/install)" >&2
    return 1
  fi
  if ! find_browser >/dev/null; then
    if ! apt_install chromium; then
      echo "(or point BROWSER_BIN at a Chromium binary or a ws:// DevTools endpoint)" >&2
      return 1
    fi
    if ! find_browser >/dev/null; then
      echo "apt-get install chromium finished but no chromium is on PATH; install it by hand" >&2
      return 1
    fi
  fi
  echo "==> browser: $(find_browser)"
}

# apt_install installs Debian packages when we are root; otherwise it says
# what to install and fails.
apt_install() {
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "==> installing $*: apt-get install -y $*"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
  else
    echo "missing: install it with: sudo apt-get install -y $*" >&2
    return 1
  fi
}

# ensure_xvfb makes sure Xvfb is there: the e2e suite records one flow in a
# headed browser on a virtual display.
ensure_xvfb() {
  command -v Xvfb >/dev/null 2>&1 || apt_install xvfb
  command -v Xvfb >/dev/null 2>&1 || { echo "Xvfb is still missing after apt-get" >&2; return 1; }
}

# ensure_peer installs @puppeteer/replay (scripts/bench/peer), the peer the
# e2e suite and the benchmarks replay Chrome recordings with. It uses the
# Chromium installed here: no browser is downloaded.
ensure_peer() {
  # Debian's nodejs comes without npm; NodeSource's brings its own (and
  # conflicts with Debian's npm package).
  command -v node >/dev/null 2>&1 || apt_install nodejs
  command -v npm >/dev/null 2>&1 || apt_install npm
  if [ ! -f scripts/bench/peer/node_modules/@puppeteer/replay/package.json ]; then
    echo "==> @puppeteer/replay: npm ci in scripts/bench/peer"
    (cd scripts/bench/peer && PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
  fi
}
