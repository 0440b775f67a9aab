package decision

import (
	"context"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
)

// A check step whose box is ticked already (a form that remembers the
// choice) sets nothing: the box is as the step made it when recorded, and
// the step passes at once instead of waiting for a change that cannot
// come. So does an uncheck step on a box clear already.
func TestACheckOnABoxInItsStateAlreadyPasses(t *testing.T) {
	p := steadyPage(t, `<label><input type="checkbox" id="terms" checked> I agree</label>
		<label><input type="checkbox" id="news"> Send me news</label>`)
	r := &Runner{Page: p, Options: RunOptions{Timeout: 2 * time.Second}}
	step := func(a chain.Action, id, became string) *chain.Step {
		return &chain.Step{Action: a, Effect: &chain.Effect{State: []string{"checked"}, Became: map[string]string{"checked": became}},
			Target: &chain.Target{Chain: []chain.Strategy{{Type: chain.ID, Value: id, Confidence: 0.9}},
				Fingerprint: &chain.Fingerprint{Tag: "input", ID: id, Type: "checkbox"}}}
	}
	if out := r.Step(context.Background(), step(chain.Check, "terms", "true")); out.Err != nil {
		t.Errorf("check on a box ticked already: %v", out.Err)
	}
	if out := r.Step(context.Background(), step(chain.Uncheck, "news", "false")); out.Err != nil {
		t.Errorf("uncheck on a box clear already: %v", out.Err)
	}
	got := p.MustEval(`() => [terms.checked, news.checked].join(",")`).Str()
	if got != "true,false" {
		t.Errorf("the boxes: %s, want true,false", got)
	}
}
