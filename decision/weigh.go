package decision

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/report"
	"github.com/qa-chain/chainreplay/strategies"
)

// Policy holds the thresholds of the decision. The zero value uses the
// defaults below.
type Policy struct {
	// MinConfidence: a winner below it fails with LOW_CONFIDENCE (0: 0.5).
	MinConfidence float64
	// EarlyStop: a unique, verified match at or above it ends the chain
	// evaluation at once (0: DefaultEarlyStop).
	EarlyStop float64
	// Verified is the fingerprint score a match needs to count as verified
	// (0: DefaultVerified).
	Verified float64
	// Strong is the confidence at which a disagreeing strategy makes the
	// step ambiguous (0: DefaultStrong).
	Strong float64
	// ClearMargin is how far the winner's weight must exceed a strong
	// rival's for the evidence to clearly favour it (0: DefaultClearMargin).
	ClearMargin float64
}

// Defaults of Policy.
const (
	DefaultMinConfidence = 0.5
	DefaultEarlyStop     = 0.8
	DefaultVerified      = 0.7
	DefaultStrong        = 0.6
	DefaultClearMargin   = 0.15
	// AgreeWeight is how much of an agreeing strategy's confidence closes
	// the gap to 1: c = c + (1−c)·AgreeWeight·c_other.
	AgreeWeight = 0.5
	// MaxCombined caps a combined confidence: nothing is certain.
	MaxCombined = 0.99
)

func (p Policy) withDefaults() Policy {
	def := func(v *float64, d float64) {
		if *v == 0 {
			*v = d
		}
	}
	def(&p.MinConfidence, DefaultMinConfidence)
	def(&p.EarlyStop, DefaultEarlyStop)
	def(&p.Verified, DefaultVerified)
	def(&p.Strong, DefaultStrong)
	def(&p.ClearMargin, DefaultClearMargin)
	return p
}

// Order returns the chain's strategies in evaluation order: by recorded
// confidence, highest first (chain order among equals), coordinates always
// last; types not in allowed (when allowed is non-empty) are left out.
func Order(c []chain.Strategy, allowed []chain.StrategyType) []chain.Strategy {
	ok := func(t chain.StrategyType) bool {
		if len(allowed) == 0 {
			return true
		}
		for _, a := range allowed {
			if a == t {
				return true
			}
		}
		return false
	}
	out := make([]chain.Strategy, 0, len(c))
	for _, s := range c {
		if ok(s.Type) {
			out = append(out, s)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		ci, cj := out[i].Type == chain.Coordinates, out[j].Type == chain.Coordinates
		if ci != cj {
			return cj
		}
		return out[i].Confidence > out[j].Confidence
	})
	return out
}

// Conclusive reports whether r alone settles the step: found, unique, the
// kind recorded, verified against the fingerprint and at least the
// early-stop confidence.
func (p Policy) Conclusive(r strategies.Result) bool {
	p = p.withDefaults()
	// One of several matches (even the recorded index, still fitting) is
	// not identity: a removed target's neighbour takes its index.
	return r.Found && r.Element != nil && !Positional(r) && !r.KindMismatch &&
		r.Verification >= p.Verified && r.Confidence >= p.EarlyStop
}

// Verdict is the decision on one step's target.
type Verdict struct {
	// Winner is the result acted on; nil when the step fails.
	Winner *strategies.Result
	// Confidence is the winner's, raised by the strategies agreeing with it.
	Confidence float64
	// Agreeing lists the types that found the same element as the winner.
	Agreeing []chain.StrategyType
	// Attempts are every evaluation of the last round, in evaluation order.
	Attempts []strategies.Result
	// Rounds is how many times the chain was evaluated.
	Rounds int
	// Err is set when the step must not act: ELEMENT_NOT_FOUND,
	// LOW_CONFIDENCE or AMBIGUOUS.
	Err *StepError
	// ByPlaceOnly is set when no strategy identified the winner: it was
	// found only by position (coordinates, or an index among several
	// matches).
	ByPlaceOnly bool
	// Drifted lists the chain's strategies that the round answered and
	// that no longer name the winner as recorded (an id renamed under a
	// surviving test id): what a refreshed chain would repair.
	Drifted []chain.Strategy
	// Notes say what differed from the recording in how the winner was
	// taken, without failing the step (its words changed).
	Notes []string
}

// Positional reports whether r did not identify its element by itself: it
// went by coordinates, or picked one of several matches (by the recorded
// index or by the fingerprint). Such results are not independent: the
// index follows the place, and the fingerprint picks of test id, CSS and
// XPath built from one attribute all land on the same copy of a copied
// card. They corroborate an identified element but not each other, and
// they cannot overrule an element that a strategy identified uniquely.
// A strategy recorded with an index (Nth) is positional even when it now
// finds a single match: its value named a group at record time (the name
// of a radio group, a repeated label), never the element, so the one left
// may be any member of the group.
func Positional(r strategies.Result) bool {
	return r.Strategy.Type == chain.Coordinates || r.MatchCount > 1 || r.Strategy.Nth > 0
}

type group struct {
	members  []int // indexes into results
	combined float64
	best     int
	verif    float64
	// identified: a strategy found this element uniquely, as the kind
	// recorded, with at least the minimum confidence.
	identified bool
	// inItem: one of those named it inside its item by the item's words
	// (chain.Strategy.Within: the row that says Frank Ocean).
	inItem bool
}

// Weigh decides among results (all found or not). Strategies that found the
// same element add up; the heaviest element wins unless a strong rival
// comes close (AMBIGUOUS) or it stays under MinConfidence (LOW_CONFIDENCE).
func (p Policy) Weigh(results []strategies.Result) Verdict {
	p = p.withDefaults()
	v := Verdict{Attempts: results}
	var groups []*group
	byKey := map[any]*group{}
	for i, r := range results {
		if !r.Found {
			continue
		}
		// One element, one group: the same reference of the page model.
		var key any = r.Ref()
		if r.Element == nil {
			key = -i - 1
		}
		g := byKey[key]
		if g == nil {
			g = &group{best: -1}
			byKey[key] = g
			groups = append(groups, g)
		}
		g.members = append(g.members, i)
	}
	if len(groups) == 0 {
		v.Err = stepErr(report.ElementNotFound, nil, "no strategy found the element (%s)", summarize(results))
		for _, r := range results {
			if strategies.IsAmbiguous(r.Err) || errors.Is(r.Err, strategies.ErrIndistinct) {
				// A strategy or similarity saw candidates but could not
				// tell them apart: the element may well be there, twice
				// over.
				v.Err = stepErr(report.Ambiguous, nil, "no strategy could tell the element apart (%s)", summarize(results))
			}
		}
		return v
	}
	for _, g := range groups {
		sort.SliceStable(g.members, func(a, b int) bool {
			return results[g.members[a]].Confidence > results[g.members[b]].Confidence
		})
		g.best = g.members[0]
		g.combined = results[g.best].Confidence
		g.verif = results[g.best].Verification
		placed := Positional(results[g.best])
		for _, m := range g.members {
			r := results[m]
			if !Positional(r) && !r.KindMismatch && r.Confidence >= p.MinConfidence {
				g.identified = true
				g.inItem = g.inItem || r.Strategy.Within != nil
			}
		}
		for _, m := range g.members[1:] {
			r := results[m]
			if r.KindMismatch {
				continue
			}
			if Positional(r) {
				// Only one positional vote per element: they are correlated.
				if placed {
					continue
				}
				placed = true
			}
			g.combined += (1 - g.combined) * AgreeWeight * r.Confidence
			if r.Verification > g.verif {
				g.verif = r.Verification
			}
		}
		if g.combined > MaxCombined {
			g.combined = MaxCombined
		}
	}
	// An identified element ranks before any element found only by place.
	sort.SliceStable(groups, func(a, b int) bool {
		if groups[a].identified != groups[b].identified {
			return groups[a].identified
		}
		return groups[a].combined > groups[b].combined
	})
	// Of two identified elements that nothing clearly tells apart, one
	// named inside its item by the item's words goes before one that
	// only paths of indexes and ids found (tr:nth-of-type(6) > td…: a
	// place, where rows were reordered); one that leads clearly keeps its
	// lead.
	if len(groups) > 1 && groups[0].identified && groups[1].identified && !groups[0].inItem && groups[1].inItem &&
		!p.clearly(groups[0], groups[1]) {
		groups[0], groups[1] = groups[1], groups[0]
	}
	top := groups[0]
	v.ByPlaceOnly = !top.identified
	w := results[top.best]
	v.Confidence = top.combined
	for _, m := range top.members {
		v.Agreeing = append(v.Agreeing, results[m].Strategy.Type)
	}
	// A rival found only by place cannot make an identified winner
	// ambiguous, nor one not named in an item a winner named in its item
	// when nothing clearly favours it: the page moved things, the item's
	// words stayed.
	if len(groups) > 1 && groups[1].identified == top.identified && !(top.inItem && !groups[1].inItem) {
		rival := groups[1]
		rb := results[rival.best]
		if rival.combined >= p.Strong && !p.clearly(top, rival) {
			v.Err = stepErr(report.Ambiguous, nil,
				"%s (%.2f) and %s (%.2f) found different elements (%s, %s) and nothing clearly favours one",
				label(w), top.combined, label(rb), rival.combined, describe(w), describe(rb))
			return v
		}
	}
	if top.combined < p.MinConfidence {
		v.Err = stepErr(report.LowConfidence, nil, "best match %s by %s has confidence %.2f, below the minimum %.2f%s",
			describe(w), label(w), top.combined, p.MinConfidence, why(w))
		return v
	}
	v.Winner = &results[top.best]
	return v
}

// clearly reports whether group a leads b clearly: by ClearMargin of
// combined confidence, or of verification without trailing.
func (p Policy) clearly(a, b *group) bool {
	return a.combined-b.combined >= p.ClearMargin || (a.verif-b.verif >= p.ClearMargin && a.combined >= b.combined)
}

func label(r strategies.Result) string {
	if r.Strategy.Value == "" {
		return string(r.Strategy.Type)
	}
	return fmt.Sprintf("%s %q", r.Strategy.Type, r.Strategy.Value)
}

func describe(r strategies.Result) string {
	if r.Element != nil {
		return r.Element.String()
	}
	if r.Point != nil {
		return fmt.Sprintf("the point %.0f,%.0f", r.Point.X, r.Point.Y)
	}
	return "an element"
}

func why(r strategies.Result) string {
	if r.Detail == "" {
		return ""
	}
	return " (" + r.Detail + ")"
}

func summarize(results []strategies.Result) string {
	if len(results) == 0 {
		return "no strategy was allowed to run"
	}
	parts := make([]string, 0, len(results))
	for _, r := range results {
		msg := "not found"
		if r.Err != nil {
			msg = r.Err.Error()
		}
		parts = append(parts, fmt.Sprintf("%s: %s", r.Strategy.Type, msg))
	}
	return strings.Join(parts, "; ")
}
