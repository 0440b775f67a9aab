package recorder

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/decision"
	"github.com/qa-chain/chainreplay/report"
)

// replayOne replays the only step of f on f's start page with query q
// appended, and returns its outcome.
func replayOne(t *testing.T, f chain.Flow, q string) decision.Outcome {
	t.Helper()
	if len(f.Steps) != 1 || f.Steps[0].Target == nil {
		t.Fatalf("recorded %v, want one step on an element", stepLines(f))
	}
	p := replayPage(t, f.StartURL+q)
	r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 3 * time.Second}}
	return r.Step(context.Background(), &f.Steps[0])
}

// A link clicked in a frame that loads another document into that frame
// is recorded as the step's navigation, and replay checks it there: the
// click passes where the frame goes, and fails NAVIGATION_FAILED where the
// link leads nowhere any more.
func TestStepInAFrameRecordsTheFramesNavigation(t *testing.T) {
	f := recordDrive(t, "variants/frame-nav.html", "click #settings >>> #next\n")
	if len(f.Steps) != 1 {
		t.Fatalf("recorded %v, want one click", stepLines(f))
	}
	n := f.Steps[0].Navigated
	if n == nil || !strings.HasSuffix(n.URL, "/variants/frame-nav-next.html") || n.SameDocument {
		t.Fatalf("navigated = %+v, want the frame's new document frame-nav-next.html", n)
	}
	if out := replayOne(t, f, ""); out.Err != nil {
		t.Errorf("on the page as recorded: %v", out.Err)
	}
	if out := replayOne(t, f, "?v=stays"); decision.CodeOf(out.Err) != report.NavigationFailed {
		t.Errorf("where the link leads nowhere: %v, want NAVIGATION_FAILED", out.Err)
	}
}

// A link in a frame that loads its document into the page (target="_top")
// is recorded as the page's navigation, and replay checks the page, where
// it looked in the frame, gone with the page's old document, and failed
// NAVIGATION_FAILED.
func TestStepInAFrameRecordsThePagesNavigation(t *testing.T) {
	f := recordDrive(t, "variants/frame-nav.html", "click #settings >>> #leave\n")
	if len(f.Steps) != 1 {
		t.Fatalf("recorded %v, want one click", stepLines(f))
	}
	n := f.Steps[0].Navigated
	if n == nil || !strings.HasSuffix(n.URL, "/variants/frame-nav-next.html") || !n.Page {
		t.Fatalf("navigated = %+v, want the page's new document frame-nav-next.html", n)
	}
	if out := replayOne(t, f, ""); out.Err != nil {
		t.Errorf("on the page as recorded: %v", out.Err)
	}
}

// A frame that loads a new document is not what a step that did not
// navigate when recorded did: a button in a frame, recorded showing a
// paragraph, fails NO_EFFECT where it shows nothing and the frame reloads
// instead.
func TestFramesNewDocumentIsNotTheRecordedEffect(t *testing.T) {
	f := recordDrive(t, "variants/frame-nav.html", "click #settings >>> #help\n")
	if len(f.Steps) != 1 || f.Steps[0].Effect == nil || f.Steps[0].Navigated != nil {
		t.Fatalf("recorded %v (effect %+v, navigated %+v), want one click that added content", stepLines(f), f.Steps[0].Effect, f.Steps[0].Navigated)
	}
	if out := replayOne(t, f, ""); out.Err != nil {
		t.Errorf("on the page as recorded: %v", out.Err)
	}
	if out := replayOne(t, f, "?v=reloads"); decision.CodeOf(out.Err) != report.NoEffect {
		t.Errorf("where the frame reloads instead: %v, want NO_EFFECT", out.Err)
	}
}

// A page that moves on by itself (a meta refresh) right after a click:
// the navigation is not the click's, which the recording would make replay
// take for the click's effect; it is a navigate step of its own.
func TestPagesOwnRefreshIsNotTheStepsNavigation(t *testing.T) {
	f := recordDrive(t, "variants/meta-refresh.html", "click #print\nwait 1500\n")
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
