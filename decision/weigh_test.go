package decision

import (
	"testing"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/report"
	"github.com/qa-chain/chainreplay/strategies"
)

// testWorld is the world of the elements these tests make up.
var testWorld = &pagemodel.World{}

// elem is a made-up element numbered node (0: none) with test ids tid.
func elem(node int, tid map[string]string) *pagemodel.Element {
	if node == 0 {
		return nil
	}
	return &pagemodel.Element{Ref: pagemodel.Ref{W: testWorld, K: node}, Tag: "button", TestIDs: tid}
}

func found(t chain.StrategyType, node int, conf, verif float64) strategies.Result {
	return strategies.Result{Strategy: chain.Strategy{Type: t, Value: string(t)}, Found: true, MatchCount: 1,
		Element: elem(node, nil), Confidence: conf, Verification: verif}
}

func missing(t chain.StrategyType) strategies.Result {
	return strategies.Result{Strategy: chain.Strategy{Type: t, Value: string(t)}}
}

func TestOrder(t *testing.T) {
	c := []chain.Strategy{
		{Type: chain.Coordinates, Confidence: 0.99},
		{Type: chain.CSS, Confidence: 0.7},
		{Type: chain.TestID, Confidence: 0.95},
		{Type: chain.Text, Confidence: 0.7},
	}
	got := Order(c, nil)
	want := []chain.StrategyType{chain.TestID, chain.CSS, chain.Text, chain.Coordinates}
	for i := range want {
		if got[i].Type != want[i] {
			t.Fatalf("order %v, want %v (confidence, chain order among equals, coordinates last)", types(got), want)
		}
	}
	got = Order(c, []chain.StrategyType{chain.CSS, chain.Coordinates})
	if len(got) != 2 || got[0].Type != chain.CSS || got[1].Type != chain.Coordinates {
		t.Fatalf("allowed types only: %v", types(got))
	}
}

func types(s []chain.Strategy) []chain.StrategyType {
	out := make([]chain.StrategyType, len(s))
	for i, x := range s {
		out[i] = x.Type
	}
	return out
}

func TestConclusive(t *testing.T) {
	var p Policy
	r := found(chain.TestID, 7, 0.95, 1)
	if !p.Conclusive(r) {
		t.Fatal("unique, verified, 0.95 must stop the chain")
	}
	for name, mod := range map[string]func(*strategies.Result){
		"several matches": func(r *strategies.Result) { r.MatchCount = 2 },
		"low confidence":  func(r *strategies.Result) { r.Confidence = 0.75 },
		"not verified":    func(r *strategies.Result) { r.Verification = 0.5 },
		"another kind":    func(r *strategies.Result) { r.KindMismatch = true },
		"no element":      func(r *strategies.Result) { r.Element = nil },
	} {
		x := r
		mod(&x)
		if p.Conclusive(x) {
			t.Errorf("%s must not stop the chain early", name)
		}
	}
	nth := r
	nth.MatchCount, nth.Strategy.Nth, nth.NthHeld = 3, 2, true
	if p.Conclusive(nth) {
		t.Error("the recorded index of several matches is place, not identity: it must not stop the chain early")
	}
}

func TestWeighNothingFound(t *testing.T) {
	v := Policy{}.Weigh([]strategies.Result{missing(chain.TestID), missing(chain.CSS)})
	if v.Winner != nil || v.Err == nil || v.Err.Code != report.ElementNotFound {
		t.Fatalf("got %+v", v)
	}
}

func TestWeighAgreementRaisesConfidence(t *testing.T) {
	v := Policy{}.Weigh([]strategies.Result{found(chain.Role, 5, 0.72, 0.7), found(chain.Text, 5, 0.6, 0.7), found(chain.Coordinates, 5, 0.68, 0.9)})
	if v.Err != nil || v.Winner == nil || v.Winner.Strategy.Type != chain.Role {
		t.Fatalf("got %+v", v)
	}
	if !(v.Confidence > 0.72) || v.Confidence > MaxCombined {
		t.Fatalf("three agreeing strategies: combined %.3f must exceed the best alone (0.72) and stay ≤ %.2f", v.Confidence, MaxCombined)
	}
	if len(v.Agreeing) != 3 {
		t.Fatalf("agreeing %v", v.Agreeing)
	}
}

func TestWeighStrongDisagreementIsAmbiguous(t *testing.T) {
	v := Policy{}.Weigh([]strategies.Result{found(chain.Role, 5, 0.72, 0.7), found(chain.CSS, 9, 0.68, 0.7)})
	if v.Winner != nil || v.Err == nil || v.Err.Code != report.Ambiguous {
		t.Fatalf("two strong strategies on different elements must be AMBIGUOUS, got %+v", v)
	}
}

func TestWeighClearEvidenceWins(t *testing.T) {
	// Same disagreement, but two more strategies back the first element.
	v := Policy{}.Weigh([]strategies.Result{found(chain.Role, 5, 0.72, 0.7), found(chain.CSS, 9, 0.68, 0.7),
		found(chain.Text, 5, 0.6, 0.7), found(chain.XPath, 5, 0.6, 0.7)})
	if v.Err != nil || v.Winner == nil || v.Winner.Ref().K != 5 {
		t.Fatalf("evidence clearly favours node 5, got %+v", v.Err)
	}
	// Or the fingerprint verifies one far better.
	v = Policy{}.Weigh([]strategies.Result{found(chain.Role, 5, 0.72, 0.95), found(chain.CSS, 9, 0.68, 0.4)})
	if v.Err != nil || v.Winner.Ref().K != 5 {
		t.Fatalf("verification clearly favours node 5, got %+v", v.Err)
	}
}

func TestWeighWeakRivalDoesNotBlock(t *testing.T) {
	weak := found(chain.Coordinates, 9, 0.18, 0.3)
	weak.KindMismatch = true
	v := Policy{}.Weigh([]strategies.Result{found(chain.Role, 5, 0.72, 0.7), weak})
	if v.Err != nil || v.Winner.Ref().K != 5 {
		t.Fatalf("a weak rival must not make the step ambiguous: %+v", v.Err)
	}
}

func TestWeighLowConfidence(t *testing.T) {
	r := found(chain.Text, 3, 0.15, 0.2)
	r.KindMismatch = true
	v := Policy{}.Weigh([]strategies.Result{missing(chain.TestID), r})
	if v.Winner != nil || v.Err == nil || v.Err.Code != report.LowConfidence {
		t.Fatalf("got %+v", v)
	}
	v = Policy{MinConfidence: 0.1}.Weigh([]strategies.Result{r})
	if v.Err != nil {
		t.Fatalf("under a 0.1 minimum the same match passes: %v", v.Err)
	}
}

func TestWeighKindMismatchDoesNotAgree(t *testing.T) {
	wrong := found(chain.CSS, 5, 0.2, 0.3)
	wrong.KindMismatch = true
	alone := Policy{}.Weigh([]strategies.Result{found(chain.Role, 5, 0.6, 0.7)})
	with := Policy{}.Weigh([]strategies.Result{found(chain.Role, 5, 0.6, 0.7), wrong})
	if with.Confidence != alone.Confidence {
		t.Fatalf("a kind-mismatched result must not raise confidence: %.3f vs %.3f", with.Confidence, alone.Confidence)
	}
}

func TestSameURL(t *testing.T) {
	for _, tc := range []struct {
		want, got string
		same, ok  bool
	}{
		{"http://a/x", "http://a/x", false, true},
		{"http://a/x?q=1", "http://a/x?q=2", false, true},
		{"http://a/x", "http://a/y", false, false},
		{"http://a/x#one", "http://a/x#two", true, false},
		{"http://a/x#one", "http://a/x#one", true, true},
		{"http://a/x", "http://b/x", false, false},
		{"http://a/spa?view=profile", "http://a/spa?view=home", true, false},
		{"http://a/spa?view=profile", "http://a/spa?view=profile", true, true},
	} {
		if got := SameURL(tc.want, tc.got, tc.same); got != tc.ok {
			t.Errorf("SameURL(%q, %q, %v) = %v", tc.want, tc.got, tc.same, got)
		}
	}
}

func TestMatchURL(t *testing.T) {
	for _, tc := range []struct {
		pattern, got string
		ok           bool
	}{
		{"http://a/x", "http://a/x/", true},
		{"http://a/*/edit", "http://a/42/edit", true},
		{"http://a/*/edit", "http://a/42/view", false},
		{"http://a/*", "http://b/1", false},
	} {
		if got := matchURL(tc.pattern, tc.got); got != tc.ok {
			t.Errorf("matchURL(%q, %q) = %v", tc.pattern, tc.got, got)
		}
	}
}

func TestContradicted(t *testing.T) {
	var p Policy
	strongOther := found(chain.TestID, 9, 0.7, 0.5)
	weakOther := found(chain.TestID, 9, 0.3, 0.2)
	last := found(chain.ID, 5, 0.9, 1)
	if !contradicted(p, []strategies.Result{strongOther, last}, last) {
		t.Error("a strong earlier strategy on another element must prevent the early stop")
	}
	if contradicted(p, []strategies.Result{weakOther, last}, last) {
		t.Error("a weak earlier strategy must not prevent it")
	}
	if contradicted(p, []strategies.Result{found(chain.TestID, 5, 0.7, 0.5), last}, last) {
		t.Error("an earlier strategy on the same element agrees")
	}
	// A conclusive result held while the item's strategy ran (itemToRun):
	// that strategy, strong on another element, contradicts it.
	if !contradicted(p, []strategies.Result{last, strongOther}, last) {
		t.Error("a strong later strategy on another element must prevent the stop at a held result")
	}
}
