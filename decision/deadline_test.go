package decision

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/report"
	"github.com/qa-chain/chainreplay/strategies"
)

// Made-up strategy types whose evaluators answer without a page: one
// finds node 5, one node 9, and one is where the deadline comes (it ends
// the locate's context on the evaluation deadlineAt counts down to).
const (
	findsFive chain.StrategyType = "test-finds-5"
	findsNine chain.StrategyType = "test-finds-9"
	deadline  chain.StrategyType = "test-deadline"
)

var (
	endLocate  atomic.Pointer[context.CancelFunc]
	deadlineAt atomic.Int32
)

type stubEvaluator struct {
	t    chain.StrategyType
	eval func() strategies.Result
}

func (s stubEvaluator) Type() chain.StrategyType { return s.t }
func (s stubEvaluator) Evaluate(context.Context, *strategies.Env, chain.Strategy) strategies.Result {
	return s.eval()
}

func init() {
	strategies.Register(stubEvaluator{findsFive, func() strategies.Result { return found(findsFive, 5, 0.72, 0.6) }})
	strategies.Register(stubEvaluator{findsNine, func() strategies.Result { return found(findsNine, 9, 0.70, 0.6) }})
	strategies.Register(stubEvaluator{deadline, func() strategies.Result {
		if deadlineAt.Add(-1) == 0 {
			(*endLocate.Load())()
		}
		return missing(deadline)
	}})
}

// TestDeadlineDuringARoundDecidesNothing: the chain's first strategy finds
// one element and its third another, as strong (AMBIGUOUS, evaluated
// whole). When the deadline comes between them, the round weighed without
// the third would have taken the first's element: a round the deadline
// cut short decides nothing. Cut in the first round, the step fails with
// TIMEOUT; in a later round, with the last whole round's verdict, as the
// same page gives without a deadline.
func TestDeadlineDuringARoundDecidesNothing(t *testing.T) {
	target := &chain.Target{Chain: []chain.Strategy{
		{Type: findsFive, Confidence: 0.9}, {Type: deadline, Confidence: 0.8}, {Type: findsNine, Confidence: 0.7}}}
	for _, c := range []struct {
		name string
		cut  int32 // the evaluation of the deadline strategy that ends the context (0: none)
		want report.Code
	}{
		{"no deadline", 0, report.Ambiguous},
		{"cut in the first round", 1, report.Timeout},
		{"cut in the third round", 3, report.Ambiguous},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			endLocate.Store(&cancel)
			deadlineAt.Store(c.cut)
			opts := LocateOptions{Poll: 1}
			if c.cut == 0 {
				opts.Once = true
			}
			v := Locate(ctx, nil, target, opts)
			if v.Winner != nil || v.Err == nil || v.Err.Code != c.want {
				t.Fatalf("verdict: winner %v, error %v; want %s and no winner", v.Winner != nil, v.Err, c.want)
			}
		})
	}
}
