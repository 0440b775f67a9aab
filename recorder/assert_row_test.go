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

// An assertion on the text of a control in a table's row (a member's role
// chip) finds the control in its row, the row named by the member's name,
// never by the text it asserts (the chip's "Viewer": another member is a
// Viewer too) nor by the avatar's initials (a namesake shares them). It
// holds where the rows are sorted or a namesake comes first, and fails
// where the member's role changed, not passing on another Viewer's chip.
func TestAssertionInARowIsFoundByTheRow(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/user-roles.html", "assert text \"#members tr:nth-child(3) .role-chip\"\n")
	if len(f.Steps) != 1 || f.Steps[0].Action != chain.AssertText || f.Steps[0].Text != "Viewer" {
		t.Fatalf("recorded %v, want one assertion of the text Viewer", stepLines(f))
	}
	var scoped *chain.Strategy
	for i, s := range f.Steps[0].Target.Chain {
		if s.Within != nil {
			scoped = &f.Steps[0].Target.Chain[i]
		}
	}
	if scoped == nil || scoped.Type != chain.CSS || scoped.Within.Value != "Lina Park" {
		t.Fatalf("the assertion's chain %+v; want the chip by its tag and class within the row that says Lina Park", f.Steps[0].Target.Chain)
	}
	for _, c := range []struct {
		query string
		want  report.Code
	}{{"", ""}, {"?v=sorted", ""}, {"?v=namesake", ""}, {"?v=promoted", report.AssertionFailed}} {
		p := replayPageIn(t, b, f.StartURL+c.query)
		r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 2 * time.Second}}
		st := f.Steps[0]
		out := r.Step(context.Background(), &st)
		if got := decision.CodeOf(out.Err); got != c.want {
			t.Errorf("replayed on %q: %v, want %q", c.query, out.Err, c.want)
			logAttempts(t, out.Verdict)
			continue
		}
		if c.want == report.AssertionFailed && !strings.Contains(out.Err.Error(), "Editor") {
			t.Errorf("replayed on %q: %v, want the check made on Lina's chip (Editor)", c.query, out.Err)
		}
	}
}
