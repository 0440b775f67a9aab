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
