package recorder

import (
	"testing"

	"github.com/qa-chain/chainreplay/decision"
	"github.com/qa-chain/chainreplay/report"
)

// A grid's row header drawn apart from its row (a table of row numbers
// over the body's first column) reads only the number that counts the
// row's place: the row is named by the words on its line, so that the
// row the person selected is the one deleted once the rows move, and none
// is once it is gone.
func TestARowHeaderIsNamedByTheRowOnItsLine(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/frozen-rows.html", "click \"#heads tr:nth-child(3) th\"\nclick \"#delete\"\n")
	if len(f.Steps) != 2 {
		t.Fatalf("recorded %v, want two clicks", stepActions(f))
	}
	within := withinOf(f.Steps[0])
	if within == nil || within.Value != "Chef Knife" || !within.Line {
		t.Fatalf("within %+v: want the row on the line of Chef Knife", within)
	}
	for _, v := range []string{"", "?v=reordered", "?v=inserted", "?v=removed"} {
		p, failed := replayFlowIn(t, b, f, f.StartURL+v, false)
		st := p.MustElement("#status").MustText()
		switch {
		case v != "?v=removed" && (failed != nil || st != "Deleted Chef Knife"):
			t.Errorf("%q: %v, %q", v, failed, st)
		case v == "?v=removed" && (decision.CodeOf(failed) != report.ElementNotFound || st != "Ready"):
			t.Errorf("%q: %v, %q: another row deleted", v, failed, st)
		}
	}
}
