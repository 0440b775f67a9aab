package strategies

import (
	"context"
	"time"

	"github.com/qa-chain/chainreplay/chain"
)

// attrEvaluator finds elements whose attribute (one of attrs) equals the
// strategy's value exactly. It serves testid, id, name and placeholder.
type attrEvaluator struct {
	typ   chain.StrategyType
	attrs []string
}

func init() {
	Register(attrEvaluator{chain.TestID, TestIDAttrs})
	Register(attrEvaluator{chain.ID, []string{"id"}})
	Register(attrEvaluator{chain.Name, []string{"name"}})
	Register(attrEvaluator{chain.Placeholder, []string{"placeholder"}})
}

func (a attrEvaluator) Type() chain.StrategyType { return a.typ }

func (a attrEvaluator) Evaluate(ctx context.Context, env *Env, s chain.Strategy) Result {
	start := time.Now()
	return findInScope(ctx, env, s, start, func(n *Node) bool {
		for _, at := range a.attrs {
			if v, ok := n.Attrs[at]; ok && v == s.Value {
				return true
			}
		}
		return false
	})
}

// findInScope runs match over the elements of env's scope and concludes.
func findInScope(ctx context.Context, env *Env, s chain.Strategy, start time.Time, match func(*Node) bool) Result {
	scope, note, err := env.Scope(ctx)
	if err != nil {
		return Result{Strategy: s, Err: err, Duration: time.Since(start)}
	}
	var cands []*Node
	for _, n := range env.doc.ElementsIn(scope) {
		if match(n) {
			cands = append(cands, n)
		}
	}
	r := env.Conclude(ctx, s, cands, start)
	r.Detail = joinNotes(note, r.Detail)
	return r
}

func joinNotes(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "; " + b
}
