package recorder

import (
	"context"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/decision"
)

// A custom select's box (no role, no name: it shows the value, "Medium"),
// clicked to open its menu. Once the form's fields are reordered, the
// paths by position and the recorded point lead to the other field's box,
// which reads "Spain", while "Medium" is shown elsewhere: the step must
// not open the other field's menu.
func TestCustomSelectBoxIsNotTakenByPlaceWhenItsTextMoved(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/pickers.html", "click \"#size + .picker-single\"\n")
	if len(f.Steps) != 1 {
		t.Fatalf("recorded %v", stepLines(f))
	}
	// mayRefuse: where the fields moved, a refusal is safe.
	for _, c := range []struct {
		query     string
		mayRefuse bool
	}{{"", false}, {"?v=reordered", true}} {
		p := replayPageIn(t, b, f.StartURL+c.query)
		r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 2 * time.Second}}
		st := f.Steps[0]
		out := r.Step(context.Background(), &st)
		opened := p.MustEval(`() => opened.join(",")`).Str()
		switch {
		case opened == "country":
			t.Errorf("%q: opened the Country field's menu (recorded on Size): %v", c.query, out.Err)
			logAttempts(t, out.Verdict)
		case !c.mayRefuse && (out.Err != nil || opened != "size"), out.Err == nil && opened != "size":
			t.Errorf("%q: %v, opened %q; want Size's menu", c.query, out.Err, opened)
			logAttempts(t, out.Verdict)
		default:
			t.Logf("%q: opened %q, %v", c.query, opened, out.Err)
		}
	}
}
