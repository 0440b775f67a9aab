package recorder

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/go-rod/rod"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/decision"
	"github.com/qa-chain/chainreplay/report"
)

// replayOne replays the only step of f on f's start page with query q
// appended, and returns its outcome and the page.
func replayOne(t *testing.T, f chain.Flow, q string) (decision.Outcome, *rod.Page) {
	t.Helper()
	if len(f.Steps) != 1 || f.Steps[0].Target == nil {
		t.Fatalf("recorded %v, want one step on an element", stepLines(f))
	}
	p := replayPage(t, f.StartURL+q)
	r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 3 * time.Second}}
	return r.Step(context.Background(), &f.Steps[0]), p
}

// A link clicked in a frame is recorded with the navigation it caused, and
// replay checks it where it happened: a link that loads another document
// into its frame, and one that loads it into the page (target="_top"),
// where replay used to look in the frame, gone with the page's old
// document, and failed NAVIGATION_FAILED. Replayed, each takes the frame or
// the page there, and fails NAVIGATION_FAILED where the link leads nowhere
// any more.
func TestStepInAFrameRecordsItsNavigation(t *testing.T) {
	for _, c := range []struct {
		name, link string
		page       bool   // the page navigated, not the frame
		where      string // where the document that moved is read
	}{
		{"the frame's", "#next", false, `document.getElementById("settings").contentWindow.location.pathname`},
		{"the page's", "#leave", true, `location.pathname`},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := recordDrive(t, "variants/frame-nav.html", "click #settings >>> "+c.link+"\n")
			if len(f.Steps) != 1 {
				t.Fatalf("recorded %v, want one click", stepLines(f))
			}
			n := f.Steps[0].Navigated
			if n == nil || !strings.HasSuffix(n.URL, "/variants/frame-nav-next.html") || n.SameDocument || n.Page != c.page {
				t.Fatalf("navigated = %+v, want %s new document frame-nav-next.html", n, c.name)
			}
			out, p := replayOne(t, f, "")
			if out.Err != nil {
				t.Fatalf("on the page as recorded: %v", out.Err)
			}
			if got := p.MustEval(`() => ` + c.where).Str(); got != "/variants/frame-nav-next.html" {
				t.Errorf("after the replay %s document is %s", c.name, got)
			}
			if c.page {
				return // the page's link is not cancelled by ?v=stays
			}
			if out, _ := replayOne(t, f, "?v=stays"); decision.CodeOf(out.Err) != report.NavigationFailed {
				t.Errorf("where the link leads nowhere: %v, want NAVIGATION_FAILED", out.Err)
			}
		})
	}
}

// A frame that loads a new document is not what a step that did not
// navigate when recorded did: a button in a frame, recorded showing a
// paragraph, fails NO_EFFECT where it shows nothing and the frame reloads
// instead, though the reloaded document draws a paragraph as it loads:
// what a frame's new document adds is its loading, not the step's doing
// (a paragraph the new document drew as it was read for the effect passed
// the step on a loaded machine).
func TestFramesNewDocumentIsNotTheRecordedEffect(t *testing.T) {
	f := recordDrive(t, "variants/frame-nav.html", "click #settings >>> #help\n")
	if len(f.Steps) != 1 || f.Steps[0].Effect == nil || f.Steps[0].Navigated != nil {
		t.Fatalf("recorded %v (effect %+v, navigated %+v), want one click that added content", stepLines(f), f.Steps[0].Effect, f.Steps[0].Navigated)
	}
	out, p := replayOne(t, f, "")
	if out.Err != nil {
		t.Errorf("on the page as recorded: %v", out.Err)
	}
	if got := p.MustEval(`() => document.getElementById("settings").contentDocument.querySelectorAll("#helptext p").length`).Int(); got != 1 {
		t.Errorf("after the replay the frame shows %d help paragraphs, want 1", got)
	}
	if out, _ := replayOne(t, f, "?v=reloads"); decision.CodeOf(out.Err) != report.NoEffect {
		t.Errorf("where the frame reloads instead: %v, want NO_EFFECT", out.Err)
	}
}

// A page that moves on by itself (a meta refresh) right after a click:
// the navigation is not the click's, which the recording would make replay
// take for the click's effect; it is a navigate step of its own.
func TestPagesOwnRefreshIsNotTheStepsNavigation(t *testing.T) {
	f := recordDrive(t, "variants/meta-refresh.html", "click #print\nwait 4000\n")
	if len(f.Steps) != 2 || f.Steps[0].Action != chain.Click || f.Steps[1].Action != chain.Navigate {
		t.Fatalf("recorded %v, want a click and a navigate", stepLines(f))
	}
	if n := f.Steps[0].Navigated; n != nil {
		t.Errorf("the click is recorded as navigating to %s", n.URL)
	}
	if !strings.HasSuffix(f.Steps[1].URL, "/variants/frame-nav-next.html") {
		t.Errorf("navigate to %s, want frame-nav-next.html", f.Steps[1].URL)
	}
}
