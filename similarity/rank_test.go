package similarity

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/qa-chain/chainreplay/chain"
)

func TestRank(t *testing.T) {
	for _, tc := range []struct {
		name    string
		cands   []Candidate
		outcome Outcome
		best    string // Ref of Best when Found
		minConf float64
	}{
		{"unchanged page", page(submit()), Found, "submit", 0.85},
		{"unchanged page, decoy added", page(decoy(), submit()), Found, "submit", 0.85},
		{"id, classes, test id and text all changed", page(redesigned()), Found, "redesigned", 0.5},
		{"all changed, decoy with the recorded text placed first", page(decoy(), redesigned()), Found, "redesigned", 0.5},
		{"target removed, decoy remains", page(decoy()), NotFound, "", 0},
		{"target removed, another control in its place", page(replacement()), NotFound, "", 0},
		{"target removed, decoy and replacement", page(decoy(), replacement()), NotFound, "", 0},
		{"no candidates", nil, NotFound, "", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := Rank(recordedSubmit(), tc.cands, Options{})
			if r.Outcome != tc.outcome {
				t.Fatalf("outcome %v, want %v; %s", r.Outcome, tc.outcome, describe(r))
			}
			if tc.outcome != Found {
				if r.Confidence != 0 {
					t.Errorf("confidence %.3f without a match", r.Confidence)
				}
				if !errors.Is(r.Err(), ErrNotFound) {
					t.Errorf("Err() = %v, want ErrNotFound", r.Err())
				}
				return
			}
			if got := r.Best.Candidate.Ref; got != tc.best {
				t.Fatalf("best %s, want %s; %s", got, tc.best, describe(r))
			}
			if r.Confidence < tc.minConf || r.Confidence > MaxConfidence {
				t.Errorf("confidence %.3f, want in [%.2f, %.2f]; %s", r.Confidence, tc.minConf, MaxConfidence, describe(r))
			}
			if r.Err() != nil {
				t.Errorf("Err() = %v for a match", r.Err())
			}
			t.Log(describe(r))
		})
	}
}

func describe(r Result) string {
	s := r.Outcome.String()
	for i, sc := range r.Ranked {
		if i == 4 {
			break
		}
		s += "; " + sc.Candidate.Ref + " " + fmt2(sc.Value)
	}
	return s + "; confidence " + fmt2(r.Confidence)
}

func fmt2(f float64) string { return fmt.Sprintf("%.3f", f) }

// Without XPaths and neighbour texts (a source that cannot see them), the
// location alone still tells the decoy from the target.
func TestDecoyWithoutStructure(t *testing.T) {
	blind := func(c Candidate) Candidate {
		c.XPath, c.Neighbours, c.Unknown = "", nil, []Attr{XPath, Neighbours}
		return c
	}
	var withReal, withoutReal []Candidate
	for _, c := range page() {
		withReal = append(withReal, blind(c))
		withoutReal = append(withoutReal, blind(c))
	}
	withReal = append(withReal, blind(decoy()), blind(redesigned()))
	withoutReal = append(withoutReal, blind(decoy()))
	if r := Rank(recordedSubmit(), withReal, Options{}); r.Outcome != Found || r.Best.Candidate.Ref != "redesigned" {
		t.Errorf("with the real one: %s, want redesigned", describe(r))
	}
	if r := Rank(recordedSubmit(), withoutReal, Options{}); r.Outcome == Found {
		t.Errorf("without the real one: %s, want the decoy refused", describe(r))
	}
}

func TestDecoyLosesWhereverItIs(t *testing.T) {
	// Whatever the order, the element among the recorded neighbours wins.
	for _, cands := range [][]Candidate{
		{decoy(), redesigned()},
		{redesigned(), decoy()},
		append([]Candidate{decoy()}, page(redesigned())...),
	} {
		r := Rank(recordedSubmit(), cands, Options{})
		if r.Outcome != Found || r.Best.Candidate.Ref != "redesigned" {
			t.Errorf("%s, want redesigned found", describe(r))
		}
	}
}

func TestNearTieIsAmbiguous(t *testing.T) {
	a, b := submit(), submit()
	a.Ref, b.Ref = "first", "second"
	b.Box = &chain.Rect{X: 484, Y: 334, Width: 80, Height: 32} // 4 px lower: still a tie
	r := Rank(recordedSubmit(), page(a, b), Options{})
	if r.Outcome != Ambiguous {
		t.Fatalf("two near-identical copies: %s, want ambiguous", describe(r))
	}
	if r.Confidence != 0 || !errors.Is(r.Err(), ErrAmbiguous) {
		t.Errorf("ambiguous must carry no confidence and ErrAmbiguous: %.2f, %v", r.Confidence, r.Err())
	}
	if r.Best == nil || r.RunnerUp == nil || r.Margin >= DefaultTieMargin {
		t.Errorf("ambiguous must name both contenders and the margin: %+v", r)
	}
}

func TestNestedElementsAreNotRivals(t *testing.T) {
	// A clickable wrapper around the button scores almost as well; it is the
	// same target, not a tie.
	inner := submit()
	wrapper := submit()
	wrapper.Ref, wrapper.Tag, wrapper.Type, wrapper.ID, wrapper.Role, wrapper.TestIDs = "wrapper", "div", "", "", "", nil
	wrapper.Box = &chain.Rect{X: 480, Y: 326, Width: 88, Height: 40}
	inner.Ancestors = []string{"wrapper"}
	r := Rank(recordedSubmit(), page(wrapper, inner), Options{})
	if r.Outcome != Found || r.Best.Candidate.Ref != "submit" {
		t.Fatalf("%s, want the button found", describe(r))
	}
	if r.RunnerUp != nil && r.RunnerUp.Candidate.Ref == "wrapper" {
		t.Errorf("the wrapper was taken as the runner-up")
	}
	// Without the nesting known, the two would be much closer.
	inner.Ancestors = nil
	r2 := Rank(recordedSubmit(), page(wrapper, inner), Options{})
	if !(r2.Margin < r.Margin) {
		t.Errorf("margin with nesting %.3f, without %.3f: the wrapper should only count as a rival when not nested", r.Margin, r2.Margin)
	}
}

func TestConfidenceReflectsMargin(t *testing.T) {
	fp := chain.Fingerprint{Tag: "button", Text: "Save draft", Role: "button"}
	best := Candidate{Ref: "best", Tag: "button", Text: "Save draft", Role: "button"}
	far := Candidate{Ref: "far", Tag: "a", Text: "Help", Role: "link"}
	close := Candidate{Ref: "close", Tag: "button", Text: "Save a draft", Role: "button"}
	alone := Rank(fp, []Candidate{best}, Options{})
	distant := Rank(fp, []Candidate{best, far}, Options{})
	tight := Rank(fp, []Candidate{best, close}, Options{})
	for _, r := range []Result{alone, distant, tight} {
		if r.Outcome != Found || r.Best.Candidate.Ref != "best" {
			t.Fatalf("%s, want best found", describe(r))
		}
	}
	if alone.Confidence != MaxConfidence || distant.Confidence != MaxConfidence {
		t.Errorf("a perfect, unrivalled match: %.3f and %.3f, want the cap %.2f", alone.Confidence, distant.Confidence, MaxConfidence)
	}
	if !(tight.Confidence < distant.Confidence) {
		t.Errorf("a close runner-up (margin %.3f) must lower the confidence: %.3f vs %.3f", tight.Margin, tight.Confidence, distant.Confidence)
	}
	want := confidence(tight.Best.Value, tight.Margin, DefaultFullMargin)
	if !near(tight.Confidence, want) {
		t.Errorf("confidence %.4f, want %.4f", tight.Confidence, want)
	}
}

func TestConfidenceFormula(t *testing.T) {
	for _, tc := range []struct{ score, margin, want float64 }{
		{0.8, 0.25, 0.8},
		{0.8, 1, 0.8},
		{0.8, 0, 0.4},
		{0.8, 0.125, 0.6},
		{1, 1, MaxConfidence},
		{0.6, -0.1, 0.3}, // a negative margin counts as none
	} {
		if got := confidence(tc.score, tc.margin, 0.25); !near(got, tc.want) {
			t.Errorf("confidence(%v, %v) = %.3f, want %.3f", tc.score, tc.margin, got, tc.want)
		}
	}
}

func TestFloorAndTieOptions(t *testing.T) {
	fp := chain.Fingerprint{Tag: "button", Text: "Sign in"}
	c := []Candidate{{Ref: "a", Tag: "button", Text: "Sign in please"}}
	if r := Rank(fp, c, Options{}); r.Outcome != Found {
		t.Fatalf("default floor: %s", describe(r))
	}
	if r := Rank(fp, c, Options{Floor: 0.9}); r.Outcome != NotFound || r.Best == nil {
		t.Errorf("floor 0.9: %s, want not found with Best still reported", describe(r))
	}
	two := []Candidate{{Ref: "a", Tag: "button", Text: "Sign in"}, {Ref: "b", Tag: "button", Text: "Sign in please"}}
	if r := Rank(fp, two, Options{}); r.Outcome != Found {
		t.Errorf("margin %.3f over the default tie margin: %s", r.Margin, describe(r))
	}
	if r := Rank(fp, two, Options{TieMargin: 0.5, IdentityMargin: -1}); r.Outcome != Ambiguous {
		t.Errorf("tie margin 0.5: %s, want ambiguous", describe(r))
	}
	// Within the tie margin, a lead on what names them still tells them
	// apart; not when the lead asked for is wider.
	if r := Rank(fp, two, Options{TieMargin: 0.5, IdentityMargin: 0.1}); r.Outcome != Found || r.IdentityLead < 0.1 {
		t.Errorf("tie margin 0.5, identity margin 0.1: %s, identity lead %.3f, want found", describe(r), r.IdentityLead)
	}
	if r := Rank(fp, two, Options{TieMargin: 0.5, IdentityMargin: 0.9}); r.Outcome != Ambiguous {
		t.Errorf("tie margin 0.5, identity margin 0.9: %s, want ambiguous", describe(r))
	}
}

func TestRankKeepsInputIndex(t *testing.T) {
	cands := page(submit())
	r := Rank(recordedSubmit(), cands, Options{})
	if got := cands[r.Best.Index].Ref; got != "submit" {
		t.Errorf("Best.Index points at %s", got)
	}
	if len(r.Ranked) != len(cands) {
		t.Errorf("ranked %d of %d", len(r.Ranked), len(cands))
	}
	for i := 1; i < len(r.Ranked); i++ {
		if r.Ranked[i].Value > r.Ranked[i-1].Value {
			t.Fatalf("not sorted at %d", i)
		}
	}
}

// TestInItem: a target known to be in one item is decided against that
// item's other elements alone, by what names them.
func TestInItem(t *testing.T) {
	// ranked builds a Result whose candidates (best first) have these
	// values and identity and context similarities, decided as Rank
	// decides; in lists the Refs inside the item.
	type cand struct {
		ref                      string
		value, identity, context float64
	}
	ranked := func(cs ...cand) Result {
		r := Result{Ranked: make([]Scored, len(cs))}
		for i, c := range cs {
			r.Ranked[i] = Scored{Index: i, Candidate: &Candidate{Ref: c.ref},
				Score: Score{Value: c.value, Raw: c.value, Identity: c.identity, Context: c.context}}
		}
		slices.SortStableFunc(r.Ranked, func(a, b Scored) int { return cmp.Compare(b.Value, a.Value) })
		r.Best = &r.Ranked[0]
		r.decide(nil, Options{}.withDefaults())
		return r
	}
	// The shop's reworded "Add to cart" of one card: the next card's
	// reworded button reads the same and trails by 0.25; the card's own
	// wishlist button shares its place but not its name.
	reworded := []cand{{"add", 0.63, 0.49, 0.70}, {"add-next-card", 0.38, 0.49, 0.20}, {"wish", 0.32, 0.01, 0.70}}
	for _, tc := range []struct {
		name   string
		cands  []cand
		in     []string
		before Outcome
		after  Outcome
		best   string
	}{
		{"a look-alike in another item does not hold back the item's best",
			reworded, []string{"add", "wish"}, NotFound, Found, "add"},
		{"the item's own elements still do: one named alike",
			[]cand{{"add", 0.63, 0.49, 0.70}, {"add-next-card", 0.38, 0.49, 0.20}, {"buy", 0.60, 0.45, 0.70}},
			[]string{"add", "buy"}, Ambiguous, Ambiguous, ""},
		{"a best under the floor is not taken in its item either",
			[]cand{{"wish", 0.45, 0.10, 0.70}, {"add-next-card", 0.40, 0.49, 0.20}}, []string{"wish"}, NotFound, NotFound, ""},
		{"a best outside the item is left as the page decided",
			[]cand{{"add-next-card", 0.63, 0.49, 0.20}, {"add", 0.40, 0.49, 0.70}}, []string{"add"}, NotFound, NotFound, ""},
		{"a best the page took is no longer held down by another item's look-alike",
			[]cand{{"remove", 0.66, 0.50, 0.70}, {"remove-next-row", 0.58, 0.50, 0.30}, {"check", 0.21, 0.01, 0.70}},
			[]string{"remove", "check"}, Found, Found, "remove"},
		{"a best that trails on its place is not named apart: not taken under the sure floor",
			[]cand{{"add", 0.60, 0.49, 0.50}, {"add-next-card", 0.45, 0.49, 0.20}, {"wish", 0.35, 0.01, 0.70}},
			[]string{"add", "wish"}, NotFound, NotFound, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := ranked(tc.cands...)
			if r.Outcome != tc.before {
				t.Fatalf("decided on the page: %v, want %v; %s", r.Outcome, tc.before, describe(r))
			}
			in := map[string]bool{}
			for _, ref := range tc.in {
				in[ref] = true
			}
			got := r.InItem(func(sc *Scored) bool { return in[sc.Candidate.Ref] }, Options{})
			if got.Outcome != tc.after {
				t.Fatalf("decided in the item: %v, want %v; %s", got.Outcome, tc.after, describe(got))
			}
			if tc.after == Found {
				if got.Best.Candidate.Ref != tc.best || got.Confidence <= 0 {
					t.Fatalf("took %s at %.2f, want %s; %s", got.Best.Candidate.Ref, got.Confidence, tc.best, describe(got))
				}
				if r.Outcome == Found && got.Confidence <= r.Confidence {
					t.Errorf("confidence %.2f in the item, %.2f on the page: the other item's look-alike still holds it down", got.Confidence, r.Confidence)
				}
			}
			if r.Outcome != tc.before {
				t.Fatal("InItem changed the page's decision it was given")
			}
		})
	}
}

// A best under the sure floor that reads like the target far better than
// the runner-up, and stands no further from where the target stood, is
// found: the team card's "Twitter" link whose neighbour texts were all
// reworded, against the next card's "Facebook" link. A best that reads
// only half like the target (the look-alike left when it was removed),
// or that stands further away than the runner-up (by the tie margin or
// more), is still refused.
func TestReadClearly(t *testing.T) {
	decideOn := func(best, ru Score, opts Options) Outcome {
		r := Result{Ranked: []Scored{
			{Index: 0, Candidate: &Candidate{Ref: "best"}, Score: best},
			{Index: 1, Candidate: &Candidate{Ref: "ru"}, Score: ru},
		}}
		r.Best = &r.Ranked[0]
		r.decide(nil, opts.withDefaults())
		return r.Outcome
	}
	ru := Score{Value: 0.5, Identity: 0.72, Context: 0.44}
	for _, tc := range []struct {
		name string
		best Score
		opts Options
		want Outcome
	}{
		{"reads clearly", Score{Value: 0.6, Identity: 1, Context: 0.45}, Options{}, Found},
		{"reads only half like the target", Score{Value: 0.6, Identity: 0.6, Context: 0.5}, Options{}, NotFound},
		{"leads by too little", Score{Value: 0.6, Identity: 0.78, Context: 0.45}, Options{}, NotFound},
		{"stands a little further away", Score{Value: 0.6, Identity: 1, Context: 0.4}, Options{}, Found},
		{"stands further away", Score{Value: 0.6, Identity: 1, Context: 0.38}, Options{}, NotFound},
		{"within the tie margin", Score{Value: 0.52, Identity: 1, Context: 0.45}, Options{}, Ambiguous},
		{"under the floor", Score{Value: 0.45, Identity: 1, Context: 0.45}, Options{}, NotFound},
		{"rule off", Score{Value: 0.6, Identity: 1, Context: 0.45}, Options{ClearLead: -1}, NotFound},
	} {
		if got := decideOn(tc.best, ru, tc.opts); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
