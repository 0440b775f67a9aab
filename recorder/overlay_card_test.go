package recorder

import (
	"context"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/decision"
)

// A card of a portfolio grid clicked on its caption overlay, which has
// nothing of its own that names it (no text, no attribute; Start
// Bootstrap's Freelancer theme): the card names itself by the dialog it
// opens. The recording names the overlay from the card, not by its place
// in the grid: replayed once another card is inserted before it, the step
// clicks that card, not the one now at its place.
func TestOverlayOfACardIsNamedFromItsCard(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/portfolio.html", "click \"[data-target='#portfolio-circus'] .caption\"\n")
	if n := len(f.Steps); n == 0 || f.Steps[n-1].Action != chain.Click {
		t.Fatalf("recorded %v", stepLines(f))
	}
	// The steps: the hover that shows the overlay, then the click.
	for _, v := range []string{"", "?v=inserted"} {
		p := replayPageIn(t, b, f.StartURL+v)
		r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 2 * time.Second}}
		for i := range f.Steps {
			st := f.Steps[i]
			out := r.Step(context.Background(), &st)
			if out.Err != nil {
				t.Errorf("%q, step %d (%s): %v", v, i+1, st.Action, out.Err)
				logAttempts(t, out.Verdict)
			}
		}
		if acted := p.MustEval(`() => acted.join(",")`).Str(); acted != "circus" {
			t.Errorf("%q: clicked %q, recorded on circus", v, acted)
		}
	}
}

// The same grid where nothing names a card, neither the overlay nor the
// card: only its place does. Where the grid has as many cards as when
// recorded, the place is the card's; once a card is inserted before it,
// another card stands there, and the step must not click it: similarity
// cannot tell identical overlays apart, so the step is refused.
func TestOverlayOfAnUnnamedCardIsNotTakenByPlaceOnceTheGridChanged(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/portfolio.html?anon", "click \".col:nth-child(3) .caption\"\n")
	if n := len(f.Steps); n == 0 || f.Steps[n-1].Action != chain.Click {
		t.Fatalf("recorded %v", stepLines(f))
	}
	if fp := f.Steps[len(f.Steps)-1].Target.Fingerprint; fp == nil || fp.Items != 6 {
		t.Fatalf("fingerprint %+v: want the 6 cards of the grid as the target's items", fp)
	}
	for _, c := range []struct {
		query   string
		want    string
		refused bool
	}{{"", "circus", false}, {"&v=inserted", "", true}} {
		p := replayPageIn(t, b, f.StartURL+c.query)
		r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 2 * time.Second}}
		var failed error
		for i := range f.Steps {
			st := f.Steps[i]
			if out := r.Step(context.Background(), &st); out.Err != nil {
				failed = out.Err
				if !c.refused {
					t.Errorf("%q, step %d (%s): %v", c.query, i+1, st.Action, out.Err)
					logAttempts(t, out.Verdict)
				}
				break
			}
		}
		if c.refused && failed == nil {
			t.Errorf("%q: the click passed", c.query)
		}
		if c.refused && failed != nil {
			t.Logf("%q: refused: %v", c.query, failed)
		}
		if acted := p.MustEval(`() => acted.join(",")`).Str(); acted != c.want {
			t.Errorf("%q: clicked %q, want %q (recorded on circus)", c.query, acted, c.want)
		}
	}
}
