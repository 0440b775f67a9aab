package snapshot

import (
	"context"
	"testing"
	"time"

	"github.com/go-rod/rod"

	"github.com/qa-chain/chainreplay/internal/browser"
	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/pagemodel"
)

// open loads url in a new page of the shared browser, closed at cleanup.
func open(t testing.TB, url string) *rod.Page {
	t.Helper()
	b := testenv.Browser(t)
	p, err := b.Page(proto0())
	if err != nil {
		t.Fatalf("page: %v", err)
	}
	t.Cleanup(func() { p.Close() })
	if err := p.SetViewport(viewport(1280, 800)); err != nil {
		t.Fatalf("viewport: %v", err)
	}
	if err := p.Timeout(20 * time.Second).Navigate(url); err != nil {
		t.Fatalf("navigate %s: %v", url, err)
	}
	if err := browser.WaitLoadWithin(context.Background(), p, 20*time.Second); err != nil {
		t.Fatalf("load %s: %v", url, err)
	}
	return p
}

func snap(t testing.TB, p *rod.Page, o Options) *Snapshot {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s, err := Capture(ctx, pagemodel.New(p, pagemodel.Options{}), o)
	if err != nil {
		t.Fatalf("capture: %v", err)
	}
	return s
}
