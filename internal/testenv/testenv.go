// Package testenv starts what browser tests need: Chromium and the fixture
// server. A missing browser fails the test with the install hint; it never
// skips.
package testenv

import (
	"context"
	"sync"
	"testing"

	"github.com/qa-chain/chainreplay/fixtures"
	"github.com/qa-chain/chainreplay/internal/browser"
)

var (
	shared     *browser.Browser
	sharedErr  error
	sharedOnce sync.Once
)

// Browser returns a headless Chromium shared by the tests of this process
// (closed when the process exits with the launcher's leakless guard). A
// test must open its own pages (or incognito contexts) and close them.
func Browser(tb testing.TB) *browser.Browser {
	tb.Helper()
	sharedOnce.Do(func() {
		shared, sharedErr = browser.Start(context.Background(), browser.Options{})
	})
	if sharedErr != nil {
		tb.Fatalf("browser tests need Chromium: %v", sharedErr)
	}
	return shared
}

// Fixtures starts the fixture server for one test and stops it at cleanup.
func Fixtures(tb testing.TB) *fixtures.Server {
	tb.Helper()
	s, err := fixtures.Start(fixtures.Options{})
	if err != nil {
		tb.Fatalf("fixtures: %v", err)
	}
	tb.Cleanup(func() { s.Close() })
	return s
}
