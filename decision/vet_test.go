package decision

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/report"
	"github.com/qa-chain/chainreplay/strategies"
)

// vet sets aside a winner that resembles the fingerprint too little when
// scored alone, but not one that the chain's similarity strategy, which
// ranks the whole page, chose itself: the two would contradict each
// other (issue 18: one judgement of resemblance). The fingerprint here
// describes another control (its words, classes and surroundings), so
// the element alone scores far under the floor.
func TestVetDefersToTheSimilarityRanking(t *testing.T) {
	fx := testenv.Fixtures(t)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	m := pagemodel.New(testenv.Page(t, fx.URL+"/healing/original.html"), pagemodel.Options{})
	el := modelByID(t, m, "signup")
	env := strategies.NewEnv(m, &chain.Target{Fingerprint: &chain.Fingerprint{Tag: "a", Classes: []string{"nav-link"},
		Role: "link", AccessName: "Archive", Text: "Archive", Neighbours: []string{"Orders"}, Region: "Orders",
		Box: &chain.Rect{X: 900, Y: 20, Width: 60, Height: 20}}})
	css := strategies.Result{Strategy: chain.Strategy{Type: chain.CSS, Value: "#signup", Confidence: 0.7}, Found: true, MatchCount: 1, Element: el, Confidence: 0.7, Verification: 1}
	sim := strategies.Result{Strategy: chain.Strategy{Type: chain.Similarity, Confidence: 0.6}, Found: true, MatchCount: 1, Element: el, Confidence: 0.55, Verification: 1}
	var p Policy

	coords := strategies.Result{Strategy: chain.Strategy{Type: chain.Coordinates, Confidence: 0.6}, Found: true, MatchCount: 1, Element: el, Confidence: 0.6, Verification: 0.9}
	results := []strategies.Result{css, coords}
	v := vet(ctx, env, p, results, p.Weigh(results))
	if v.Winner != nil || v.Err == nil || v.Err.Code != report.LowConfidence {
		t.Fatalf("scored alone, the element is far from the fingerprint: want it set aside (LOW_CONFIDENCE), got winner %v err %+v", v.Winner != nil, v.Err)
	}
	if want := `found by css "#signup" and coordinates reads like`; !strings.Contains(v.Err.Msg, want) {
		t.Errorf("the error names every strategy that found the element set aside: want %q in %q", want, v.Err.Msg)
	}
	results = []strategies.Result{css, coords, sim}
	if v := vet(ctx, env, p, results, p.Weigh(results)); v.Err != nil || v.Winner == nil || v.Winner.Element != el {
		t.Fatalf("the similarity ranking chose the same element: want it kept, got %+v", v.Err)
	}
}
