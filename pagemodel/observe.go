package pagemodel

import (
	"context"
	"fmt"
	"time"
)

// StartScript installs the model at the start of every document, for
// Page.addScriptToEvaluateOnNewDocument: its observer then sees the
// page's mutations from the first (Quiet, Watch). Without it the model is
// installed on first use, and sees them from then.
var StartScript = "void " + Installed + ";"

// QuietWindow is how long a page must have had no DOM mutation to count as
// settled: what the last action started (a view a router renders a few
// milliseconds after the URL changes, a list that re-renders) is done.
// MaxSettle bounds the wait on a page that never stops changing (a clock,
// an animation driven by script).
const (
	QuietWindow = 30 * time.Millisecond
	MaxSettle   = time.Second
)

// Settle waits, within MaxSettle, until the page has had no DOM mutation
// for QuietWindow.
func (p *Page) Settle(ctx context.Context) {
	deadline := time.Now().Add(MaxSettle)
	for {
		q, err := p.Quiet(ctx)
		if err != nil || q >= QuietWindow || time.Now().After(deadline) {
			return
		}
		t := time.NewTimer(min(QuietWindow-q, 10*time.Millisecond))
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
	}
}

// Quiet is how long the page's top document (its shadow trees and
// same-origin frames as far as the model has met them) has had no DOM
// mutation.
func (p *Page) Quiet(ctx context.Context) (time.Duration, error) {
	w, err := p.Top(ctx)
	if err != nil {
		return 0, err
	}
	r, err := w.call(ctx, "", "quiet", true, "")
	if err != nil {
		return 0, err
	}
	return time.Duration(r.Value.Num() * float64(time.Millisecond)), nil
}

// Watch opens a watch on what happens to the page after now, about the
// element r: its own state, dialogs, elements added or removed (Effects
// says what happened). It returns the watch's number in r's world.
func (p *Page) Watch(ctx context.Context, r Ref) (int, error) {
	if !r.Valid() {
		return 0, fmt.Errorf("%w: no element to watch", ErrGone)
	}
	obj, err := p.Object(ctx, r, "")
	if err != nil {
		return 0, err
	}
	res, err := r.W.call(ctx, obj, "watch", true, "")
	if err != nil {
		return 0, err
	}
	return res.Value.Int(), nil
}

// Effects is what happened to a page since a watch opened.
type Effects struct {
	// State names the properties of the watched element that changed
	// (checked, value, selected, expanded, pressed, open).
	State []string `json:"state"`
	// Content counts the elements added to or removed from the page.
	Content int `json:"content"`
	// Dialog is "opened" or "closed" when a dialog did.
	Dialog string `json:"dialog"`
	// URL is set when the document's URL changed (a route).
	URL bool `json:"url"`
}

// Effects says what happened since watch id opened in world w; close
// ends the watch. It fails with ErrGone when the world's document is gone
// (the page navigated), and answers nil for a watch it does not know.
func (p *Page) Effects(ctx context.Context, w *World, id int, close bool) (*Effects, error) {
	var e *Effects
	if err := w.callJSON(ctx, "", "effects", &e, id, close); err != nil {
		return nil, err
	}
	return e, nil
}
