package replay

import (
	"testing"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/decision"
	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/strategies"
)

// A step whose first strategy found the element the winner found held,
// even when another strategy was surer of it: the report must not call it
// healed (on an unchanged page it would list a healing that never was).
func TestHealingNeedsTheFirstStrategyToMiss(t *testing.T) {
	w := &pagemodel.World{}
	at := func(k int) *pagemodel.Element { return &pagemodel.Element{Ref: pagemodel.Ref{W: w, K: k}} }
	css := chain.Strategy{Type: chain.CSS, Value: "li:nth-of-type(1) > input.edit", Confidence: 0.67}
	sim := chain.Strategy{Type: chain.Similarity, Confidence: 0.62}
	target := &chain.Target{Chain: []chain.Strategy{css, sim}}
	simWon := strategies.Result{Strategy: sim, Found: true, Element: at(3), Confidence: 0.9}

	for _, tc := range []struct {
		name   string
		first  strategies.Result
		healed bool
	}{
		{"first found the winner's element", strategies.Result{Strategy: css, Found: true, Element: at(3), Confidence: 0.67}, false},
		{"first found another element", strategies.Result{Strategy: css, Found: true, Element: at(5), Confidence: 0.67}, true},
		{"first found nothing", strategies.Result{Strategy: css}, true},
	} {
		v := &decision.Verdict{Winner: &simWon, Confidence: 0.9, Attempts: []strategies.Result{tc.first, simWon}}
		h := healing(target, v)
		if (h != nil) != tc.healed {
			t.Errorf("%s: healed = %v, want %v", tc.name, h != nil, tc.healed)
		}
		if h != nil && (h.From != "css "+css.Value || h.To != "similarity") {
			t.Errorf("%s: healed from %q to %q", tc.name, h.From, h.To)
		}
	}
}
