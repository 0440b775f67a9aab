package recorder

import (
	"context"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/decision"
	"github.com/qa-chain/chainreplay/report"
)

// A row's delete button in a task list rendered in a component's shadow
// root (and, nested, in each row's own shadow root) is named in its row,
// as in the document: once the rows are reordered the row's text still
// says which one is meant; once the row is there without its button, or
// gone, the step is refused, although the button's numbered id, its index
// and its place now name another row's.
func TestShadowRowControlIsNamedInItsRow(t *testing.T) {
	b := ownWindow(t)
	for _, nested := range []bool{false, true} {
		page, drive, sep := "variants/shadow-rows.html", "click task-list >>> li:nth-child(2) button\n", "?"
		if nested {
			page, drive, sep = "variants/shadow-rows.html?nested=1", "click task-list >>> li:nth-child(2) task-row >>> button\n", "&"
		}
		f := recordDriveIn(t, b, page, drive)
		// A hover may come first: the pointer crossed the rows.
		if len(f.Steps) == 0 || f.Steps[len(f.Steps)-1].Action != "click" {
			t.Fatalf("nested %v: recorded %v", nested, stepLines(f))
		}
		step := &f.Steps[len(f.Steps)-1]
		scoped := false
		for _, s := range step.Target.Chain {
			scoped = scoped || s.Within != nil && s.Within.Value == "Pay the rent"
		}
		if !scoped {
			t.Errorf("nested %v: want a strategy scoped to the row %q; chain %+v", nested, "Pay the rent", step.Target.Chain)
		}
		for _, version := range []string{"original", "reordered", "kept", "removed", "replaced"} {
			p := replayPageIn(t, b, f.StartURL+sep+"v="+version)
			r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 2 * time.Second}}
			out := r.Step(context.Background(), step)
			acted := p.MustEval(`() => acted.join(",")`).Str()
			switch version {
			case "original", "reordered":
				if out.Err != nil || acted != "Pay the rent" {
					t.Errorf("nested %v, %s: clicked %q (err %v), want %q", nested, version, acted, out.Err, "Pay the rent")
					logAttempts(t, out.Verdict)
				}
			default:
				if decision.CodeOf(out.Err) != report.ElementNotFound || acted != "" {
					t.Errorf("nested %v, %s: the row holds no button: want ELEMENT_NOT_FOUND, got clicks %q, err %v", nested, version, acted, out.Err)
					logAttempts(t, out.Verdict)
				}
			}
		}
	}
}
