package decision

import (
	"context"
	"testing"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/strategies"
)

// Similarity's pick that holds the element a strategy found alone and
// verified (the box inside a select component's clickable wrapper), or
// lies inside it, is set aside: no rival. One apart from it is not.
func TestSetAsideOuter(t *testing.T) {
	p := actionPage(t, `<div id="wrap" style="cursor:pointer"><div id="box"><span>Sales</span></div></div><div id="other">x</div>`, 1)
	m := pagemodel.New(p, pagemodel.Options{})
	ctx := context.Background()
	el := func(id string) *pagemodel.Element {
		f, err := m.Find(ctx, nil, []pagemodel.Query{{Type: pagemodel.ByCSS, Value: "#" + id}})
		if err != nil || len(f.Answers) != 1 || len(f.Answers[0].Els) != 1 {
			t.Fatalf("find #%s: %v", id, err)
		}
		return f.Answers[0].Els[0]
	}
	wrap, box, other := el("wrap"), el("box"), el("other")
	sim := strategies.Result{Strategy: chain.Strategy{Type: chain.Similarity}, Found: true, MatchCount: 1, Element: wrap, Confidence: 0.9, Verification: 0.8}
	css := strategies.Result{Strategy: chain.Strategy{Type: chain.CSS, Value: "div.box"}, Found: true, MatchCount: 1, Element: box, Confidence: 0.88, Verification: 1}
	if out := setAsideOuter(ctx, []strategies.Result{sim, css}); out[0].Found {
		t.Errorf("similarity's wrapper of the box css found: kept")
	}
	inner := sim
	inner.Element = box
	css.Element = wrap
	if out := setAsideOuter(ctx, []strategies.Result{inner, css}); out[0].Found {
		t.Errorf("similarity's part of the wrapper css found: kept")
	}
	css.Element = other
	if out := setAsideOuter(ctx, []strategies.Result{sim, css}); !out[0].Found {
		t.Errorf("similarity's element holds not what css found: set aside (%v)", out[0].Err)
	}
}
