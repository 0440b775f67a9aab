package similarity

import (
	"strings"

	"github.com/qa-chain/chainreplay/chain"
)

// Part is one attribute's contribution to a score.
type Part struct {
	Attr Attr
	// Sim in [0,1] is how alike the two sides are.
	Sim float64
	// Weight is the attribute's weight; the part adds Weight*Sim to the sum.
	Weight float64
}

// Score is how a candidate compares with the fingerprint.
type Score struct {
	// Raw is the Similo score: the weighted sum of the parts over the sum of
	// their weights, in [0,1].
	Raw float64
	// Identity and Context are the weighted means of the parts of those
	// groups; -1 when the group had no part to compare.
	Identity, Context float64
	// Value is Raw damped by the corroboration factors: what Rank ranks by.
	Value float64
	// Parts lists the attributes compared (present on at least one side).
	Parts []Part
}

// Corroboration thresholds. A candidate whose context similarity is under
// ContextFull is damped by the factor ContextBase + context (a decoy: reads
// like the target, stands elsewhere among other neighbours); one whose
// identity similarity is under IdentityFull is damped by IdentityBase +
// identity (a replacement: stands where the target stood, named nothing
// like it). A group with nothing to compare damps nothing.
const (
	ContextBase  = 0.5
	ContextFull  = 0.5
	IdentityBase = 0.75
	IdentityFull = 0.25
)

// Reference is a fingerprint prepared for scoring many candidates.
type Reference struct {
	fp      chain.Fingerprint
	classes []string
	xpath   []segment
	hasXP   bool
	w       Weights
}

// NewReference prepares fp for scoring with weights w.
func NewReference(fp chain.Fingerprint, w Weights) *Reference {
	r := &Reference{fp: fp, classes: dedupe(fp.Classes), w: w}
	if absoluteXPath(fp.XPath) {
		r.xpath, r.hasXP = segments(fp.XPath), true
	}
	return r
}

// Score compares c with the reference.
func (r *Reference) Score(c *Candidate) Score {
	var s Score
	var sum, wsum float64
	var gsum, gw [4]float64
	for a := Attr(0); a < numAttrs; a++ {
		w := r.w[a]
		if w <= 0 || c.unknown(a) {
			continue
		}
		sim, ok := r.sim(a, c)
		if !ok {
			continue
		}
		s.Parts = append(s.Parts, Part{Attr: a, Sim: sim, Weight: w})
		sum += w * sim
		wsum += w
		gsum[a.Group()] += w * sim
		gw[a.Group()] += w
	}
	if wsum == 0 {
		s.Identity, s.Context = -1, -1
		return s
	}
	s.Raw = sum / wsum
	s.Identity, s.Context = -1, -1
	damp := 1.0
	if gw[Identity] > 0 {
		s.Identity = gsum[Identity] / gw[Identity]
		if s.Identity < IdentityFull {
			damp *= IdentityBase + s.Identity
		}
	}
	if gw[Context] > 0 {
		s.Context = gsum[Context] / gw[Context]
		if s.Context < ContextFull {
			damp *= ContextBase + s.Context
		}
	}
	s.Value = s.Raw * damp
	return s
}

// sim compares one attribute; ok is false when neither side has it (or
// the fingerprint's form of it cannot be compared), so it does not count.
func (r *Reference) sim(a Attr, c *Candidate) (sim float64, ok bool) {
	fp := &r.fp
	switch a {
	case Tag:
		return both(fp.Tag, c.Tag, equalFold)
	case ID:
		return both(fp.ID, c.ID, identSim)
	case Name:
		return both(fp.Name, c.Name, identSim)
	case Type:
		return both(fp.Type, c.Type, equalFold)
	case Class:
		cc := dedupe(c.Classes)
		if len(r.classes) == 0 && len(cc) == 0 {
			return 0, false
		}
		return softJaccard(r.classes, cc), true
	case TestID:
		return testIDSim(fp.TestIDs, c.TestIDs)
	case Role:
		return both(fp.Role, c.Role, equalFold)
	case AccessName:
		return both(fp.AccessName, c.AccessName, textSim)
	case Text:
		return both(fp.Text, c.Text, textSim)
	case Label:
		return both(fp.Label, c.Label, textSim)
	case Placeholder:
		return both(fp.Placeholder, c.Placeholder, textSim)
	case AriaLabel:
		return both(fp.AriaLabel, c.AriaLabel, textSim)
	case Alt:
		return both(fp.Alt, c.Alt, textSim)
	case Title:
		return both(fp.Title, c.Title, textSim)
	case Href:
		return both(fp.Href, c.Href, hrefSim)
	case Neighbours:
		if len(fp.Neighbours) == 0 && len(c.Neighbours) == 0 {
			return 0, false
		}
		return jaccard(words(strings.Join(fp.Neighbours, " ")), words(strings.Join(c.Neighbours, " "))), true
	case XPath:
		if !r.hasXP {
			return 0, false
		}
		if !absoluteXPath(c.XPath) {
			// No XPath, or one anchored at an id: nothing to compare
			// step by step (an element in a shadow tree has none).
			return 0, false
		}
		return xpathSim(r.xpath, segments(c.XPath)), true
	case Location, Area, Shape:
		fb, cb := fp.Box, c.Box
		if fb != nil && (fb.Width <= 0 || fb.Height <= 0) {
			fb = nil
		}
		if fb == nil && cb == nil {
			return 0, false
		}
		if fb == nil || cb == nil {
			return 0, true
		}
		switch a {
		case Location:
			return locationSim(*fb, *cb), true
		case Area:
			return areaSim(*fb, *cb), true
		}
		return shapeSim(*fb, *cb), true
	}
	return 0, false
}

// both applies f when either string is non-blank: a side that lacks the
// attribute scores 0 against one that has it; two blank sides do not count.
func both(a, b string, f func(a, b string) float64) (float64, bool) {
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	switch {
	case a == "" && b == "":
		return 0, false
	case a == "" || b == "":
		return 0, true
	}
	return f(a, b), true
}

func equalFold(a, b string) float64 {
	if strings.EqualFold(a, b) {
		return 1
	}
	return 0
}

// hrefSim compares two links by their path, query and fragment when both
// are on the same host (or relative), and by the whole URL otherwise.
func hrefSim(a, b string) float64 {
	return identSim(stripOrigin(a), stripOrigin(b))
}

func stripOrigin(u string) string {
	if i := strings.Index(u, "://"); i >= 0 {
		rest := u[i+3:]
		if j := strings.IndexByte(rest, '/'); j >= 0 {
			return rest[j:]
		}
		return "/"
	}
	return u
}

// testIDSim compares test id maps: the best similarity of any recorded
// value with any live value, the same attribute name or not (a team moving
// from data-test to data-testid keeps its values).
func testIDSim(a, b map[string]string) (float64, bool) {
	if len(a) == 0 && len(b) == 0 {
		return 0, false
	}
	best := 0.0
	for ka, va := range a {
		for kb, vb := range b {
			s := identSim(va, vb)
			if ka != kb {
				s *= 0.9
			}
			best = max(best, s)
		}
	}
	return best, true
}
