package recorder

import (
	"testing"

	"github.com/qa-chain/chainreplay/chain"
)

// Rows drawn by a component whose shadow root shows its children through
// a <slot> (Ionic's ion-item) read their slotted words: the row's button
// is named within its row, no hover step is recorded before it (its twins
// in the other rows are shown, inside shadow trees), and with the rows
// reordered the recorded row's button is the one clicked.
func TestSlottedRowNamesItsButton(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/slot-rows.html", "click \"#trucks x-item:nth-child(2) x-button\"\n")
	if len(f.Steps) != 1 || f.Steps[0].Action != chain.Click {
		t.Fatalf("recorded %d steps (%v), want the click alone", len(f.Steps), stepActions(f))
	}
	within := false
	for _, s := range f.Steps[0].Target.Chain {
		within = within || s.Within != nil
	}
	if !within {
		t.Errorf("no strategy names the button within its row: %+v", f.Steps[0].Target.Chain)
	}
	for _, v := range []string{"", "?v=reversed"} {
		p, failed := replayFlowIn(t, b, f, f.StartURL+v, false)
		if log := p.MustElement("#log").MustText(); failed != nil || log != "Dispatched T-102" {
			t.Errorf("%q: %v, log %q, recorded on T-102", v, failed, log)
		}
	}
}

// stepActions are the actions of f's steps.
func stepActions(f chain.Flow) []chain.Action {
	var out []chain.Action
	for _, s := range f.Steps {
		out = append(out, s.Action)
	}
	return out
}

// A control in a row component's own shadow root, shown only while the
// pointer is over the row: the hover that shows it is a step.
func TestHoverShowingARowsOwnShadowControlIsAStep(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/shadow-hover-rows.html", "hover \"#files x-row:nth-child(2)\"\nclick \"#files x-row:nth-child(2) >>> button.del\"\n")
	if got := stepActions(f); len(got) != 2 || got[0] != chain.Hover || got[1] != chain.Click {
		t.Fatalf("recorded %v, want the row's hover, then the click", got)
	}
	p, failed := replayFlowIn(t, b, f, f.StartURL, false)
	if log := p.MustElement("#log").MustText(); failed != nil || log != "Deleted plan.pdf" {
		t.Errorf("replay: %v, log %q", failed, log)
	}
}
