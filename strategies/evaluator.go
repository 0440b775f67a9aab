package strategies

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/pagemodel"
)

// Evaluator finds a target by one strategy type.
//
// Evaluate must not act on the page (no input events); it may read the DOM,
// boxes and layout through env. It never panics on page trouble: a failed
// evaluation is a Result with Found false and Err set.
type Evaluator interface {
	// Type is the strategy type this evaluator handles.
	Type() chain.StrategyType
	// Evaluate looks for env.Target by s.
	Evaluate(ctx context.Context, env *Env, s chain.Strategy) Result
}

var (
	regMu    sync.RWMutex
	registry = map[chain.StrategyType]Evaluator{}
)

// Register makes e the evaluator of its type. Each evaluator's file calls it
// from init; registering a type twice panics.
func Register(e Evaluator) {
	regMu.Lock()
	defer regMu.Unlock()
	if _, dup := registry[e.Type()]; dup {
		panic(fmt.Sprintf("strategies: evaluator for %q registered twice", e.Type()))
	}
	registry[e.Type()] = e
}

// For returns the evaluator of t.
func For(t chain.StrategyType) (Evaluator, bool) {
	regMu.RLock()
	defer regMu.RUnlock()
	e, ok := registry[t]
	return e, ok
}

// Registered lists the types that have an evaluator, sorted.
func Registered() []chain.StrategyType {
	regMu.RLock()
	defer regMu.RUnlock()
	out := make([]chain.StrategyType, 0, len(registry))
	for t := range registry {
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// Evaluate runs the evaluator of s.Type. An unknown or unregistered type is a
// Result with Err set.
func Evaluate(ctx context.Context, env *Env, s chain.Strategy) Result {
	e, ok := For(s.Type)
	if !ok {
		return Result{Strategy: s, Err: fmt.Errorf("%w: %q", ErrNoEvaluator, s.Type)}
	}
	start := time.Now()
	r := e.Evaluate(ctx, env, s)
	r.Strategy = s
	if r.Duration == 0 {
		r.Duration = time.Since(start)
	}
	if !r.Found {
		r.Confidence = 0
	}
	return r
}

// Result is what one evaluation found.
type Result struct {
	// Strategy is the strategy evaluated.
	Strategy chain.Strategy
	// Found is true when an element (or, for coordinates, a point) was located.
	Found bool
	// MatchCount is how many elements matched the strategy's value.
	MatchCount int
	// NthHeld is set when there were several matches and the strategy's
	// recorded index (Nth) picked one that still fits the fingerprint: as
	// good as a unique match.
	NthHeld bool
	// ByHosts is set when, of several matches, the element was the only
	// one under the shadow hosts the target was recorded under: MatchCount
	// is then 1.
	ByHosts bool
	// Element is the chosen element, as the page model describes it; nil
	// when none (coordinates with no element at the point).
	Element *pagemodel.Element
	// Point is where to act, in viewport CSS pixels of the top-level page:
	// the box centre for element strategies, the adjusted point for coordinates.
	Point *chain.Point
	// Box is the chosen element's border box in viewport CSS pixels, when measured.
	Box *chain.Rect
	// Confidence after the evidence: ambiguity, fingerprint verification.
	Confidence float64
	// Verification is the chosen element's fingerprint score in [0,1]
	// (1 when the step has no fingerprint).
	Verification float64
	// KindMismatch is set when the element is not the kind of element
	// recorded (another tag, another input type).
	KindMismatch bool
	// Duration of the evaluation.
	Duration time.Duration
	// Err says why nothing was found, or what went wrong.
	Err error
	// Detail is a short human note for the report and debug log
	// ("3 matches, picked the 2nd by fingerprint", "scrolled by 0,600").
	Detail string
	// Tier says what the match of a name, label or text needed
	// (pagemodel.Tiers): 0 an exact match.
	Tier int
	// ByPlace is set on a similarity match whose best was told from its
	// runner-up only by where it stands (similarity.Result.ApartByPlace):
	// it says where the target stood, not which element it is.
	ByPlace bool
	// HiddenRival is set when the element was ranked without a hidden
	// look-alike that tied with it or held its confidence down (see the
	// similarity evaluator): the target was on screen when recorded. The
	// caller should take it only once the look-alike has stayed hidden a
	// moment: a dialog or menu that is opening may be about to show it.
	HiddenRival bool
	// ScopeGone is set when the strategy names its element inside an item
	// (Strategy.Within: a list's row by its own text) and no element of the
	// page is that item: the item the step was recorded in is gone.
	ScopeGone bool
	// Items are the elements that are that item (all of them, else
	// none), when the strategy found nothing inside them: the item is
	// there but no longer holds its element.
	Items []*pagemodel.Element
	// Namesakes are the items the item's text names when it names
	// several now (all of them, else none; the strategy then fails with
	// ErrIndistinct): a row of the same words inserted beside the one
	// the step was recorded in.
	Namesakes []*pagemodel.Element
}

// Ref is the chosen element's reference; the zero Ref when none.
func (r Result) Ref() pagemodel.Ref {
	if r.Element == nil {
		return pagemodel.Ref{}
	}
	return r.Element.Ref
}

// ErrNoEvaluator is returned (wrapped) for a strategy type nobody handles.
var ErrNoEvaluator = fmt.Errorf("no evaluator for strategy type")

// ErrNotFound is returned (wrapped) when a strategy matches no element.
var ErrNotFound = fmt.Errorf("no element matches")

// ErrIndistinct is returned (wrapped) when a strategy matches several
// elements, its recorded index (if any) no longer fits, and every match
// verifies against the fingerprint as well as the others: taking one
// would be taking the first in document order, which is how a replay
// clicks a decoy placed before the target. The strategy finds nothing;
// the step is decided by the others, or refused as ambiguous.
var ErrIndistinct = fmt.Errorf("matches that nothing tells apart")
