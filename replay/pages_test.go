package replay

import (
	"slices"
	"testing"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/fixtures"
	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/report"
)

// clicks are the clicks the fixture pages of fx reported, as "page
// element".
func clicks(fx *fixtures.Server) []string {
	var out []string
	for _, e := range fx.Events() {
		if e.Type == "click" {
			out = append(out, e.Page+" "+e.Element)
		}
	}
	return out
}

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
	if res := replayOn(t, fx, page, f, nil); res.Status != report.Passed {
		t.Fatalf("replay:\n%s", stepsOf(res))
	}
	want := []string{"chrome-popup help-link", "chrome-popup done", "chrome-popup opener-send"}
	if got := clicks(fx); !slices.Equal(got, want) {
		t.Fatalf("clicks %q, want %q", got, want)
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
		Steps:    []chain.Step{{Action: chain.Click, Target: byID("done")}},
	}
	if res := replayOn(t, fx, page, f, nil); res.Status != report.Passed {
		t.Fatalf("replay:\n%s", stepsOf(res))
	}
	if got, want := clicks(fx), []string{"chrome-popup done"}; !slices.Equal(got, want) {
		t.Fatalf("clicks %q, want %q", got, want)
	}
}
