package recorder

import (
	"testing"
)

// A row named by its words, where a namesake row now stands at its
// place: the words name two rows, and the one at the recorded place is
// not taken for the target.
func TestNamesakeRowAtTheRecordedPlaceIsNotTheTarget(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/namesakes.html", "click \"#staff tr:nth-child(2) button\"\n")
	if len(f.Steps) != 1 {
		t.Fatalf("recorded %d steps (%v), want one", len(f.Steps), stepActions(f))
	}
	for _, v := range []string{"", "?v=namesake"} {
		p, failed := replayFlowIn(t, b, f, f.StartURL+v, false)
		st := p.MustElement("#status").MustText()
		switch {
		case v == "" && (failed != nil || st != "Deleted #2 Bruno Silva (Support)"):
			t.Errorf("unchanged page: %v, %q", failed, st)
		case st != "Ready" && st != "Deleted #2 Bruno Silva (Support)":
			t.Errorf("%q: %q, recorded on #2 (%v)", v, st, failed)
		default:
			t.Logf("%q: %q, %v", v, st, failed)
		}
	}
}
