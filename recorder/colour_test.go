package recorder

import (
	"context"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/decision"
)

// An option whose id counts the options (fg-opt-3), its words shared with
// the same option of another list: once an option is inserted before it,
// the id names another option, and the option that reads "Blue" in the
// text colour list is the target, as the strategy naming it in its list
// says.
func TestNumberedOptionFollowsItsWordsInItsList(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/colour-lists.html", "click #fg-opt-3\n")
	for _, v := range []string{"", "?v=inserted"} {
		p := replayPageIn(t, b, f.StartURL+v)
		r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 2 * time.Second}}
		for i := range f.Steps {
			st := f.Steps[i]
			if out := r.Step(context.Background(), &st); out.Err != nil {
				t.Errorf("%q, step %d (%s): %v", v, i+1, st.Action, out.Err)
				logAttempts(t, out.Verdict)
				break
			}
		}
		if got := p.MustEval(`() => picked.join(",")`).Str(); got != "Text colour:Blue" {
			t.Errorf("%q: picked %q, recorded on Text colour:Blue", v, got)
		}
	}
}
