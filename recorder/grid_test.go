package recorder

import (
	"testing"

	"github.com/qa-chain/chainreplay/chain"
)

// A row's button in a data grid whose cells are all of one class (ag-grid):
// the button is named in its row by the row's words, not in its cell by
// the cell's ("Promote"), and its index among the grid's Promote buttons
// holds only while there are as many. Replayed on the rows reversed and
// with a row inserted first, it promotes the person it was recorded on.
func TestGridRowButtonIsNamedByItsRow(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/people-grid.html", "click \".row:nth-child(4) button\"\n")
	n := len(f.Steps)
	if n == 0 || f.Steps[n-1].Action != chain.Click {
		t.Fatalf("recorded %v", stepLines(f))
	}
	var within string
	for _, s := range f.Steps[n-1].Target.Chain {
		if s.Within != nil {
			within = s.Within.Value
		}
		if s.Nth > 0 && s.Of != 4 {
			t.Errorf("%s %q: #%d of %d, want of 4 (the Promote buttons when recorded)", s.Type, s.Value, s.Nth, s.Of)
		}
	}
	if within != "Grace Park" {
		t.Errorf("the button is named within %q, want the row that says Grace Park", within)
	}
	for _, v := range []string{"", "?v=reversed", "?v=inserted"} {
		p, err := replayFlowIn(t, b, f, f.StartURL+v, true)
		if err != nil {
			t.Errorf("%q: %v", v, err)
		}
		if got := p.MustEval(`() => promoted.join(",")`).Str(); got != "Grace Park" {
			t.Errorf("%q: promoted %q, recorded on Grace Park", v, got)
		}
	}
}
