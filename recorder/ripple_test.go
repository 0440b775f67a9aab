package recorder

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/go-rod/rod"

	"github.com/qa-chain/chainreplay/decision"
	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/report"
)

// A button's ripple, drawn inside it on every press, is not what its click
// did, nor is the fading of the ripple a checkbox clicked just before drew
// in its control: with the button's handler doing nothing, the step fails
// NO_EFFECT.
func TestRippleIsNotTheClicksEffect(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/ripple.html", "click #sel\nclick #archive\n")
	if len(f.Steps) != 2 || f.Steps[1].Effect == nil {
		t.Fatalf("recorded %v, want the check, then the click with its effect", stepActions(f))
	}
	if e := f.Steps[1].Effect; e.Content || !e.Texts {
		t.Errorf("effect %+v, want texts changed, and no elements added or removed", *e)
	}
	if _, failed := replayFlowIn(t, b, f, f.StartURL, false); failed != nil {
		t.Errorf("unchanged page: %v", failed)
	}
	if _, failed := replayFlowIn(t, b, f, f.StartURL+"?v=noop", false); failed == nil || !strings.Contains(failed.Error(), "NO_EFFECT") {
		t.Errorf("a handler that does nothing: %v, want NO_EFFECT", failed)
	}
}

// A field added beside the button is what its click did, though it has no
// words: with the handler doing nothing, the step fails NO_EFFECT.
func TestAFieldAddedBesideTheButtonIsItsEffect(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/add-field.html", "click #add\n")
	if len(f.Steps) != 1 || f.Steps[0].Effect == nil || !f.Steps[0].Effect.Content {
		t.Fatalf("recorded %v, want the click with elements added as its effect", stepActions(f))
	}
	if _, failed := replayFlowIn(t, b, f, f.StartURL+"?v=noop", false); failed == nil || !strings.Contains(failed.Error(), "NO_EFFECT") {
		t.Errorf("a handler that does nothing: %v, want NO_EFFECT", failed)
	}
}

// A clock ticking on its own is not what a click did: the vote's effect is
// its count changing, and with the handler doing nothing the step fails
// NO_EFFECT though the clock still ticks.
func TestAClockIsNotTheClicksEffect(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/ticking.html", "wait 300\nclick #vote\n")
	if len(f.Steps) != 1 || f.Steps[0].Effect == nil || !f.Steps[0].Effect.Texts {
		t.Fatalf("recorded %v, want the click with texts changed as its effect", stepActions(f))
	}
	// Replay installs the page model at the document's start, before the
	// page's scripts set their timers: so here.
	replay := func(url string) (*rod.Page, error) {
		p := testenv.PageWithScripts(t, url, pagemodel.StartScript)
		r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 2 * time.Second}}
		return p, r.Step(context.Background(), &f.Steps[0]).Err
	}
	if p, err := replay(f.StartURL); err != nil || p.MustElement("#count").MustText() != "1" {
		t.Errorf("unchanged page: %v, the count %q", err, p.MustElement("#count").MustText())
	}
	if _, err := replay(f.StartURL + "?v=noop"); decision.CodeOf(err) != report.NoEffect {
		t.Errorf("a handler that does nothing: %v, want NO_EFFECT", err)
	}
}
