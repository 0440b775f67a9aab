package recorder

import (
	"context"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/decision"
)

// A button component whose label is its host's own text, shown through a
// slot of the button inside its shadow root (Shoelace's <sl-button>): the
// pointer on the label is on the inner button. The click replays on the
// page it was recorded on, with its whole chain and by its coordinates
// alone.
func TestClickOnASlottedLabelReachesTheInnerButton(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/slotted-buttons.html", "click \"li:nth-child(2) x-button\"\n")
	n := len(f.Steps)
	if n == 0 || f.Steps[n-1].Action != chain.Click {
		t.Fatalf("recorded %v", stepLines(f))
	}
	for _, only := range []chain.StrategyType{"", chain.Coordinates} {
		p := replayPageIn(t, b, f.StartURL)
		r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 2 * time.Second}}
		for i := range f.Steps {
			st := f.Steps[i]
			if only != "" && i == n-1 {
				tg := *st.Target
				tg.Chain = nil
				for _, s := range st.Target.Chain {
					if s.Type == only {
						tg.Chain = append(tg.Chain, s)
					}
				}
				st.Target = &tg
			}
			if out := r.Step(context.Background(), &st); out.Err != nil {
				t.Errorf("%q, step %d (%s): %v", only, i+1, st.Action, out.Err)
				logAttempts(t, out.Verdict)
			}
		}
		if acted := p.MustEval(`() => acted.join(",")`).Str(); acted != "Pears" {
			t.Errorf("%q: removed %q, recorded on Pears", only, acted)
		}
	}
}
