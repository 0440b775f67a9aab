package replay

import (
	"context"
	"testing"
	"time"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/report"
)

// A step back in the opener while the tab a link opened is still open: a
// person switches to the opener's tab first. The tab opened in front of it
// leaves the opener hidden, where the browser renders nothing (no
// animation frame, which the actionability check waits for), so the click
// failed NOT_ACTIONABLE there until replay brought the step's page to the
// front.
func TestStepBackInTheOpenerWhileItsTabIsOpen(t *testing.T) {
	fx := testenv.Fixtures(t)
	page, err := testenv.Browser(t).Page(proto.TargetCreateTarget{URL: "about:blank"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { page.Close() })
	byID := func(id string) *chain.Target {
		return &chain.Target{Chain: []chain.Strategy{{Type: chain.ID, Value: id, Confidence: 0.9}}}
	}
	f := &chain.Flow{Version: chain.Version, Name: "tabs", StartURL: "http://127.0.0.1:8080/chrome/popup.html",
		Viewport: &chain.Size{Width: 1280, Height: 800},
		Pages:    []chain.Page{{}, {URL: "http://127.0.0.1:8080/chrome/help.html"}},
		Steps: []chain.Step{
			{Action: chain.Click, Target: byID("help")},
			{Action: chain.Type, Page: 1, Target: byID("question"), Text: "Where is my order?"},
			{Action: chain.Click, Target: byID("done")},
			{Action: chain.Type, Page: 1, Target: byID("question"), Text: " Soon?"},
			{Action: chain.Click, Target: byID("send")},
		}}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res := Flow(ctx, page, f, Options{BaseURL: fx.URL, Timeout: 5 * time.Second})
	if res.Status != report.Passed {
		t.Fatalf("replay:\n%s", stepsOf(res))
	}
	var clicks []string
	for _, e := range fx.Events() {
		if e.Type == "click" {
			clicks = append(clicks, e.Page+" "+e.Element)
		}
	}
	want := []string{"chrome-popup help-link", "chrome-popup done", "chrome-popup opener-send"}
	if len(clicks) != len(want) {
		t.Fatalf("clicks %q, want %q", clicks, want)
	}
	for i := range want {
		if clicks[i] != want[i] {
			t.Fatalf("clicks %q, want %q", clicks, want)
		}
	}
}

// A flow given a page behind another tab of its window replays there as
// in front: the page is brought to the front first.
func TestFlowInAPageBehindAnotherTab(t *testing.T) {
	fx := testenv.Fixtures(t)
	b := testenv.Browser(t)
	page, err := b.Page(proto.TargetCreateTarget{URL: "about:blank"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { page.Close() })
	front, err := b.Page(proto.TargetCreateTarget{URL: "about:blank"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { front.Close() })
	f := &chain.Flow{Version: chain.Version, Name: "behind", StartURL: "http://127.0.0.1:8080/chrome/popup.html",
		Viewport: &chain.Size{Width: 1280, Height: 800},
		Steps: []chain.Step{
			{Action: chain.Click, Target: &chain.Target{Chain: []chain.Strategy{{Type: chain.ID, Value: "done", Confidence: 0.9}}}},
		}}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if res := Flow(ctx, page, f, Options{BaseURL: fx.URL, Timeout: 5 * time.Second}); res.Status != report.Passed {
		t.Fatalf("replay:\n%s", stepsOf(res))
	}
}
