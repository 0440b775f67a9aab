package decision

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/testenv"
)

// TestProbingPastLostStrategiesDecidesAsOnTheTree replays the steps of the
// fixture flows on their pages and changed versions, as recorded and with
// their first one, two or three strategies changed to match nothing (a
// test id removed, an id renamed), and compares the verdict of a round
// that may settle by probing (probeChain: a strategy is probed once page
// script counts no match for those before it) with the same round on the
// page's whole tree: the same element or the same refusal, with the same
// confidence and attempts.
func TestProbingPastLostStrategiesDecidesAsOnTheTree(t *testing.T) {
	fx := testenv.Fixtures(t)
	ctx := context.Background()
	pagesOf := map[string][]string{
		"login.yaml": {"login.html", "variants/login-ids-renamed.html", "variants/login-decoy.html", "variants/login-wrapped.html",
			"variants/login-siblings.html", "variants/login-testid-moved.html", "variants/login-reworded.html", "variants/login-removed.html",
			"variants/login-restyled.html"},
		"actions.yaml": {"variants/actions.html"},
		"shop.yaml":    {"list.html"},
		"frames.yaml":  {"frames.html"},
		"shadow.yaml":  {"shadow.html"},
	}
	compared, probedPast := 0, map[int]int{}
	testenv.EachFlowStep(t, fx, pagesOf, func(fs testenv.FlowStep) {
		for lost := 0; lost <= 3 && lost < len(fs.Step.Target.Chain); lost++ {
			target := lose(fs.Step.Target, lost)
			scrollHome(t, fs.Page)
			onTree := Locate(ctx, fs.Page, target, LocateOptions{Once: true, ReadTree: true})
			scrollHome(t, fs.Page)
			probed := Locate(ctx, fs.Page, target, LocateOptions{Once: true})
			compared++
			where := fs.Flow + " on " + fs.Path + " step " + string(rune('1'+fs.Index)) + " lost " + string(rune('0'+lost))
			if got, want := outcome(probed), outcome(onTree); got != want {
				t.Errorf("%s: probing %s, on the tree %s\n  probing: %s\n  on tree: %s", where, got, want, attempts(probed), attempts(onTree))
				continue
			}
			if math.Abs(probed.Confidence-onTree.Confidence) > 1e-9 || len(probed.Attempts) != len(onTree.Attempts) {
				t.Errorf("%s: probing conf %.4f in %d attempts, on the tree %.4f in %d\n  probing: %s\n  on tree: %s", where,
					probed.Confidence, len(probed.Attempts), onTree.Confidence, len(onTree.Attempts), attempts(probed), attempts(onTree))
				continue
			}
			if n := countedNone(probed); n > 0 && probed.Winner != nil {
				probedPast[n]++
			}
			if probed.Winner != nil && len(probed.Attempts) == countedNone(probed)+1 {
				if probed.Winner.Duration <= 0 {
					t.Errorf("%s: the probe's attempt has no duration", where)
				}
			}
		}
	})
	t.Logf("%d verdicts compared; settled by a probe past strategies counted none (by how many): %v", compared, probedPast)
	// Past two lost strategies, what remains is seldom conclusive alone:
	// the round weighs them all on the tree.
	if probedPast[1] < 20 || probedPast[2] < 1 {
		t.Errorf("too few verdicts settled past lost strategies (%v): the comparison proves little", probedPast)
	}
}

// lose returns t with its first n strategies changed to match nothing.
func lose(t *chain.Target, n int) *chain.Target {
	c := *t
	c.Chain = append([]chain.Strategy(nil), t.Chain...)
	for i := 0; i < n; i++ {
		s := &c.Chain[i]
		switch s.Type {
		case chain.CSS:
			s.Value += "[data-lost]"
		case chain.XPath:
			s.Value += "[@data-lost]"
		case chain.Coordinates, chain.Similarity:
		default:
			s.Value += " lost"
		}
	}
	return &c
}

// countedNone is how many attempts of v page script counted none for.
func countedNone(v Verdict) int {
	n := 0
	for _, a := range v.Attempts {
		if strings.HasPrefix(a.Detail, "none on the page (counted in page script") {
			n++
		}
	}
	return n
}
