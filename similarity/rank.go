package similarity

import (
	"errors"
	"fmt"
	"slices"

	"github.com/qa-chain/chainreplay/chain"
)

// Outcome is what Rank concluded.
type Outcome int

// The outcomes.
const (
	// NotFound: no candidate scored at least the floor.
	NotFound Outcome = iota
	// Found: one candidate stands out; Result.Best is it.
	Found
	// Ambiguous: the best two are too close to tell apart; nothing is chosen.
	Ambiguous
)

func (o Outcome) String() string {
	switch o {
	case Found:
		return "found"
	case Ambiguous:
		return "ambiguous"
	}
	return "not found"
}

// ErrNotFound and ErrAmbiguous are what Result.Err wraps.
var (
	ErrNotFound  = errors.New("similarity: no candidate is similar enough")
	ErrAmbiguous = errors.New("similarity: ambiguous")
)

// Defaults of Options, chosen on the tuning sites of the redesign
// benchmark (see TestTuneRedesign).
const (
	DefaultFloor      = 0.5
	DefaultSureFloor  = 0.65
	DefaultTieMargin  = 0.05
	DefaultWideMargin = 0.325
	DefaultFullMargin = DefaultWideMargin
	DefaultDistinct   = 1
	// DefaultRatio: see Options.Ratio.
	DefaultRatio = 0.5
	// DefaultIdentityMargin: see Options.IdentityMargin.
	DefaultIdentityMargin = 0.08
	// DefaultClearIdentity and DefaultClearLead: see Options.ClearIdentity.
	DefaultClearIdentity = 0.7
	DefaultClearLead     = 0.1
	// MaxConfidence caps a similarity match: it is inferred, never as sure
	// as a unique test id.
	MaxConfidence = 0.9
)

// Options tune Rank. The zero value uses the defaults.
//
// The best candidate is found when it scores at least Floor, stands
// TieMargin or more above the runner-up, and either scores at least
// SureFloor, or stands WideMargin or more above the runner-up, or the
// runner-up scores at most Ratio times as much, or it reads clearly
// (ClearIdentity, ClearLead): on a page that changed a lot every score
// falls, and a candidate that is clearly the best is the target. Otherwise it is refused: Ambiguous when the runner-up is
// within TieMargin (two candidates really are alike), NotFound when
// nothing scores the floor or the best is neither sure nor clearly ahead.
// A sure best within TieMargin of the runner-up is still found when it
// leads it by IdentityMargin on what names them (Score.Identity) and does
// not trail it on where they stand (Score.Context): siblings that share a place and a look (a table of
// buttons, a row of tabs) tie on the whole score but not on their texts,
// classes or links, while two real look-alikes tie on both.
//
// Whatever the scores, a best candidate that MarkSole marked a Survivor
// (the target had look-alikes of its name at record time and fewer remain)
// is refused unless it stands where the target stood: when one of two
// "Tab 1" links is removed, the one left may be the other's.
type Options struct {
	// Weights; nil means DefaultWeights.
	Weights *Weights
	// Floor is the least score the best candidate needs (DefaultFloor).
	Floor float64
	// SureFloor is the score from which TieMargin is margin enough
	// (DefaultSureFloor, or Floor when it is higher).
	SureFloor float64
	// TieMargin: when the runner-up is within it of the best, the outcome
	// is Ambiguous (DefaultTieMargin).
	TieMargin float64
	// WideMargin is the margin that lets a best candidate under SureFloor
	// be found (DefaultWideMargin, or TieMargin when it is wider).
	WideMargin float64
	// Ratio lets a best candidate under SureFloor be found when the
	// runner-up scores at most Ratio times as much (DefaultRatio;
	// negative for never): on a page that changed a lot, every score
	// falls, and a best that stands twice as high as any other is the
	// target, as a match passes Lowe's ratio test.
	Ratio float64
	// IdentityMargin is the lead in identity similarity that lets a sure
	// best within TieMargin be found (DefaultIdentityMargin; negative
	// for never).
	IdentityMargin float64
	// ClearIdentity and ClearLead let a best under SureFloor, beyond
	// TieMargin of the runner-up, be found when it reads like the target
	// (Score.Identity at least ClearIdentity), leads the runner-up by
	// ClearLead on identity and does not trail it on context by TieMargin
	// or more (DefaultClearIdentity, DefaultClearLead; a negative
	// ClearLead for never): a target whose neighbours were reworded or
	// moved falls under SureFloor with every other score, but still reads
	// like itself far better than anything else does.
	ClearIdentity, ClearLead float64
	// FullMargin is the margin at which the confidence is no longer reduced
	// for a close runner-up (DefaultFullMargin).
	FullMargin float64
	// Distinct is how much more an identifying attribute weighs when few
	// candidates match its recorded value (Reference.distinct;
	// DefaultDistinct; negative for none).
	Distinct float64

	// full, when set, replaces IdentityFull and ContextFull (the weight
	// search tries others).
	full *damping
}

func (o Options) withDefaults() Options {
	if o.Weights == nil {
		o.Weights = &DefaultWeights
	}
	if o.Floor <= 0 {
		o.Floor = DefaultFloor
	}
	if o.SureFloor <= 0 {
		o.SureFloor = DefaultSureFloor
	}
	o.SureFloor = max(o.SureFloor, o.Floor)
	if o.TieMargin <= 0 {
		o.TieMargin = DefaultTieMargin
	}
	if o.WideMargin <= 0 {
		o.WideMargin = DefaultWideMargin
	}
	o.WideMargin = max(o.WideMargin, o.TieMargin)
	if o.FullMargin <= 0 {
		o.FullMargin = DefaultFullMargin
	}
	if o.Ratio == 0 {
		o.Ratio = DefaultRatio
	}
	if o.IdentityMargin == 0 {
		o.IdentityMargin = DefaultIdentityMargin
	}
	if o.ClearIdentity <= 0 {
		o.ClearIdentity = DefaultClearIdentity
	}
	if o.ClearLead == 0 {
		o.ClearLead = DefaultClearLead
	}
	if o.Distinct == 0 {
		o.Distinct = DefaultDistinct
	}
	o.Distinct = max(o.Distinct, 0)
	return o
}

// Scored is a candidate with its score.
type Scored struct {
	// Index is the candidate's position in Rank's input.
	Index     int
	Candidate *Candidate
	Score
}

// Result is Rank's answer.
type Result struct {
	Outcome Outcome
	// Best is the highest-scoring candidate; nil when there were none. It is
	// set for NotFound and Ambiguous too, for the report.
	Best *Scored
	// RunnerUp is the best candidate that neither encloses nor is enclosed
	// by Best; nil when there is none.
	RunnerUp *Scored
	// Margin is Best's value minus RunnerUp's (Best's value without one).
	Margin float64
	// IdentityLead is Best's identity similarity minus RunnerUp's (0
	// when either has none to compare).
	IdentityLead float64
	// ContextLead is the same for the context similarity (Score.Context).
	ContextLead float64
	// Confidence in [0, MaxConfidence] that Best is the target: its score,
	// reduced when the margin is under FullMargin; 0 unless Found.
	Confidence float64
	// Ranked holds every candidate, best first.
	Ranked []Scored
}

// Err is nil when r found the target, and otherwise wraps ErrNotFound or
// ErrAmbiguous with the scores that decided it.
func (r Result) Err() error {
	switch r.Outcome {
	case Found:
		return nil
	case Ambiguous:
		return fmt.Errorf("%w: %s scores %.2f and %s %.2f", ErrAmbiguous,
			r.Best.Candidate.Ref, r.Best.Value, r.RunnerUp.Candidate.Ref, r.RunnerUp.Value)
	}
	if r.Best == nil {
		return fmt.Errorf("%w: no candidates", ErrNotFound)
	}
	why := ""
	switch {
	case r.Best.OtherName:
		why = ", but bears the name another element of the target's group bore when recorded"
	case r.Best.OtherIcon:
		why = ", but draws another glyph of the target's icon font"
	case astray(r.Best):
		why = ", but is a look-alike of a removed target that does not stand where it stood"
	}
	return fmt.Errorf("%w: the best, %s, scores %.2f%s", ErrNotFound, r.Best.Candidate.Ref, r.Best.Value, why)
}

// Rank scores every candidate against fp and decides as Options says:
// Found with a confidence, Ambiguous when the runner-up is within the tie
// margin, or NotFound. Identifier tokens are weighed by how many of cands
// share them.
func Rank(fp chain.Fingerprint, cands []Candidate, opts Options) Result {
	opts = opts.withDefaults()
	ref := NewReference(fp, *opts.Weights)
	if opts.full != nil {
		ref.full = *opts.full
	}
	ref.page = newPageStats(cands)
	cmp := make([]comparison, len(cands))
	for i := range cands {
		ref.compare(&cands[i], &cmp[i])
	}
	return rank(ref, cands, cmp, opts)
}

// rank is Rank on the candidates' comparisons with the reference (which
// do not depend on the weights: the weight search reuses them).
func rank(ref *Reference, cands []Candidate, cmp []comparison, opts Options) Result {
	ref = ref.distinct(cmp, opts.Distinct)
	res := Result{Ranked: make([]Scored, len(cands))}
	for i := range cands {
		res.Ranked[i] = Scored{Index: i, Candidate: &cands[i], Score: ref.combine(&cmp[i], false)}
	}
	// The page's sole match of the target's kind or name (MarkSole) is not
	// taken for a decoy for standing elsewhere when the recorded context
	// cannot tell the candidates apart anyway: nothing else on the page
	// could be the target, and a redesign moves things.
	if contextSilent(ref.fp, res.Ranked) {
		for i := range res.Ranked {
			if sc := &res.Ranked[i]; sc.Candidate.Sole {
				sc.Score = ref.combine(&cmp[sc.Index], true)
			}
		}
	}
	slices.SortStableFunc(res.Ranked, func(a, b Scored) int {
		switch {
		case a.Value > b.Value:
			return -1
		case a.Value < b.Value:
			return 1
		}
		return 0
	})
	if len(res.Ranked) == 0 {
		return res
	}
	res.Best = &res.Ranked[0]
	res.decide(nil, opts)
	return res
}

// InItem is r decided again for a target known to be in one item of the
// page (the one row of a list, card or table row whose own text its
// recording named it by), which holds the candidates keep holds: r's best
// must be one of them. Candidates outside the item are not rivals: the
// runner-up, the margins and the outcome are those against the item's
// other elements alone, every score as the whole page made it. And since
// the elements of one item share their place and neighbours, what tells
// them apart is what names them: a best at Floor or above that leads each
// of them by IdentityMargin on identity, and does not trail on context, is
// found even under SureFloor. It is r unchanged when keep rejects r's best.
// The result shares r's Ranked; its Best and RunnerUp point into it.
func (r Result) InItem(keep func(*Scored) bool, opts Options) Result {
	if r.Best == nil || !keep(r.Best) {
		return r
	}
	r.RunnerUp, r.Margin, r.IdentityLead, r.ContextLead, r.Confidence = nil, 0, 0, 0, 0
	r.decide(keep, opts.withDefaults())
	return r
}

// decide sets res's runner-up (the best candidate after Best that neither
// encloses nor is enclosed by it), margins and outcome. Best is set; opts
// has its defaults. With keep set, the decision is InItem's: the runner-up
// is among those keep holds, and a best named apart from it needs only
// the floor.
func (res *Result) decide(keep func(*Scored) bool, opts Options) {
	for i := 1; i < len(res.Ranked); i++ {
		if sc := &res.Ranked[i]; !nested(res.Best.Candidate, sc.Candidate) && (keep == nil || keep(sc)) {
			res.RunnerUp = sc
			break
		}
	}
	res.Margin = res.Best.Value
	if res.RunnerUp != nil {
		res.Margin = res.Best.Value - res.RunnerUp.Value
	}
	if ru := res.RunnerUp; ru != nil {
		if res.Best.Identity >= 0 && ru.Identity >= 0 {
			res.IdentityLead = res.Best.Identity - ru.Identity
		}
		if res.Best.Context >= 0 && ru.Context >= 0 {
			res.ContextLead = res.Best.Context - ru.Context
		}
	}
	// Named apart: the best leads on what names them and does not trail
	// on where they stand (a copy elsewhere of a reworded target leads on
	// its text and trails on its place).
	inItem := keep != nil
	namedApart := opts.IdentityMargin > 0 && res.Margin > 0 && (inItem || res.Best.Value >= opts.SureFloor) &&
		res.IdentityLead >= opts.IdentityMargin && res.ContextLead >= 0
	// Read clearly: under the sure floor, the best reads like the target
	// and far better than the runner-up, and stands as near where it
	// stood (a footer's links, moved together, are as far from their old
	// neighbours as each other).
	readClearly := opts.ClearLead > 0 && res.RunnerUp != nil && res.Best.Identity >= opts.ClearIdentity &&
		res.RunnerUp.Identity >= 0 && res.IdentityLead >= opts.ClearLead && res.ContextLead > -opts.TieMargin
	switch {
	case res.Best.Value < opts.Floor:
		res.Outcome = NotFound
	case astray(res.Best), res.Best.OtherIcon, res.Best.OtherName:
		res.Outcome = NotFound
	case res.RunnerUp != nil && res.Margin < opts.TieMargin && !namedApart:
		res.Outcome = Ambiguous
	case res.Best.Value < opts.SureFloor && res.Margin < opts.WideMargin && !(inItem && namedApart) && !readClearly &&
		!(opts.Ratio > 0 && res.Best.Value-res.Margin <= opts.Ratio*res.Best.Value):
		res.Outcome = NotFound
	default:
		res.Outcome = Found
		res.Confidence = confidence(res.Best.Value, res.Margin, opts.FullMargin)
	}
}

// astray reports whether sc is a survivor (Candidate.Survivor) that does
// not stand where the target stood: its context similarity is under
// ContextFull (or it has none to compare). The name it shares with the
// target no longer tells it from the look-alike that was removed, and
// only its place could.
func astray(sc *Scored) bool {
	return sc.Candidate.Survivor && sc.Context < ContextFull
}

// confidence is score × (0.5 + 0.5 × margin/full), the margin factor capped
// at 1, and the whole capped at MaxConfidence.
func confidence(score, margin, full float64) float64 {
	f := 0.5 + 0.5*min(1, max(0, margin)/full)
	return min(MaxConfidence, score*f)
}

// nested reports whether a encloses b or b encloses a.
func nested(a, b *Candidate) bool {
	return a.Ref != "" && b.Ref != "" && (slices.Contains(a.Ancestors, b.Ref) || slices.Contains(b.Ancestors, a.Ref))
}
