// Package testenv starts what browser tests need: Chromium and the fixture
// server. A missing browser fails the test with the install hint; it never
// skips.
package testenv

import (
	"context"
	"sync"
	"testing"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/fixtures"
	"github.com/qa-chain/chainreplay/internal/browser"
)

var (
	shared     *browser.Browser
	sharedErr  error
	sharedOnce sync.Once
)

// testFlags are the test browser's own flags. Tests open hundreds of
// pages, and Chromium starts a renderer process for each: 0.3 CPU-seconds
// to open and close a page on a 2-core machine, 0.1 with
// renderer-process-limit=1, where the pages of one browser context share
// one process (an incognito context, one per test that runs beside
// others, keeps its own). The recorder package's tests took 392 s with
// it, 476 s without.
var testFlags = []string{"renderer-process-limit=1"}

// Browser returns a headless Chromium shared by the tests of this process
// (closed when the process exits with the launcher's leakless guard). A
// test must open its own pages (or incognito contexts) and close them.
func Browser(tb testing.TB) *browser.Browser {
	tb.Helper()
	sharedOnce.Do(func() {
		shared, sharedErr = browser.Start(context.Background(), browser.Options{ExtraFlags: testFlags})
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

// Page opens url in a new page of the shared browser, waits for its load
// event, and closes the page at cleanup.
func Page(tb testing.TB, url string) *rod.Page {
	tb.Helper()
	p, err := Browser(tb).Page(proto.TargetCreateTarget{URL: url})
	if err != nil {
		tb.Fatalf("page %s: %v", url, err)
	}
	tb.Cleanup(func() { p.Close() })
	WaitLoad(tb, p)
	return p
}

// WaitLoad waits up to browser.LoadTimeout for p's document to load;
// fatal when it does not.
func WaitLoad(tb testing.TB, p *rod.Page) {
	tb.Helper()
	if err := browser.WaitLoadWithin(context.Background(), p, browser.LoadTimeout); err != nil {
		tb.Fatalf("load: %v", err)
	}
}
