// Package e2e holds the Ginkgo suites that drive the real recorder and
// replayer binaries against real Chromium and the fixture server. The suite
// fails, never skips, when no browser is installed.
package e2e
