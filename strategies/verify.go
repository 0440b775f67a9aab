package strategies

import (
	"math"
	"strings"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/pagemodel"
)

// Verification is how well a candidate matches a fingerprint.
type Verification struct {
	// Score in [0,1]: the weighted share of the fingerprint's fields the
	// candidate matches; 1 when the fingerprint has nothing to compare.
	Score float64
	// KindMismatch: another tag, or another kind of input.
	KindMismatch bool
	// Compared is the total weight of the fields compared.
	Compared float64
}

// candidate is what Verify compares of an element.
type candidate struct {
	Tag, ID, Name, Type         string
	Classes                     []string
	Role, AccessName            string
	Text, Label, Placeholder    string
	Title, Alt, AriaLabel, Href string
	TestIDs                     map[string]string
	// Box is the border box in document CSS pixels, nil when not rendered.
	Box *chain.Rect
}

func candidateOf(el *pagemodel.Element, box *chain.Rect, vp Viewport) candidate {
	c := candidate{
		Tag: el.Tag, ID: el.ID, Name: el.NameAttr, Type: strings.ToLower(el.Type), Classes: el.Classes(),
		Role: el.Role, AccessName: el.Name, Text: el.Text, Label: el.Label, Placeholder: el.Placeholder,
		Title: el.Title, Alt: el.Alt, AriaLabel: el.AriaLabel, Href: el.Href, TestIDs: el.TestIDs,
	}
	if box != nil {
		b := *box
		b.X += vp.ScrollX
		b.Y += vp.ScrollY
		c.Box = &b
	}
	return c
}

// collapse folds white space runs to one space and trims.
func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

// Weights of the fingerprint fields in Verify.
const (
	wTag, wType, wID, wTestID, wText, wAccessName = 3, 2, 2, 2, 2, 2
	wName, wClasses, wRole, wLabel, wPlaceholder  = 1, 1, 1, 1, 1
	wAriaLabel, wHref, wSize, wPosition, wMinor   = 1, 1, 1, 1, 0.5
)

// Verify scores the element el against fp (see Verification). box is its
// rendered box in the top viewport (nil when it is not rendered) and vp
// the viewport it was measured in; boxes are compared in document
// coordinates. A nil fingerprint gives 1.
func Verify(el *pagemodel.Element, box *chain.Rect, vp Viewport, fp *chain.Fingerprint) Verification {
	if el == nil {
		return Verification{Score: 1}
	}
	return verifyCandidate(candidateOf(el, box, vp), fp)
}

// verifyCandidate is Verify on what it compares.
func verifyCandidate(c candidate, fp *chain.Fingerprint) Verification {
	v := Verification{Score: 1}
	if fp == nil {
		return v
	}
	var got, total float64
	add := func(w, s float64) { got += w * s; total += w }
	str := func(w float64, want, have string) {
		if want = collapse(want); want != "" {
			add(w, textScore(want, collapse(have)))
		}
	}
	if fp.Tag != "" {
		if strings.EqualFold(fp.Tag, c.Tag) {
			add(wTag, 1)
		} else {
			add(wTag, 0)
			v.KindMismatch = true
		}
	}
	if fp.Type != "" || (strings.EqualFold(fp.Tag, "input") && c.Type != "") {
		if inputKind(fp.Type) == inputKind(c.Type) {
			add(wType, 1)
		} else {
			add(wType, 0)
			v.KindMismatch = true
		}
	}
	if fp.ID != "" {
		add(wID, b2f(fp.ID == c.ID))
	}
	if len(fp.TestIDs) > 0 {
		s := 0.0
		for k, want := range fp.TestIDs {
			for k2, have := range c.TestIDs {
				if want == have {
					s = math.Max(s, 1)
				} else if k == k2 {
					s = math.Max(s, 0)
				}
			}
		}
		add(wTestID, s)
	}
	if fp.Name != "" {
		add(wName, b2f(fp.Name == c.Name))
	}
	if len(fp.Classes) > 0 {
		add(wClasses, jaccard(fp.Classes, c.Classes))
	}
	if fp.Role != "" {
		add(wRole, b2f(strings.EqualFold(fp.Role, c.Role)))
	}
	str(wText, fp.Text, c.Text)
	str(wAccessName, fp.AccessName, c.AccessName)
	str(wLabel, fp.Label, c.Label)
	str(wPlaceholder, fp.Placeholder, c.Placeholder)
	str(wAriaLabel, fp.AriaLabel, c.AriaLabel)
	str(wMinor, fp.Title, c.Title)
	str(wMinor, fp.Alt, c.Alt)
	if fp.Href != "" {
		add(wHref, b2f(hrefPath(fp.Href) == hrefPath(c.Href)))
	}
	if fp.Box != nil && fp.Box.Width > 0 && fp.Box.Height > 0 {
		if c.Box == nil {
			add(wSize+wPosition, 0)
		} else {
			add(wSize, sizeScore(*fp.Box, *c.Box))
			add(wPosition, positionScore(*fp.Box, *c.Box))
		}
	}
	if total > 0 {
		v.Score = got / total
	}
	v.Compared = total
	return v
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// textScore: 1 equal, 0.9 equal ignoring case, 0.6 when one holds the other, else 0.
func textScore(want, have string) float64 {
	switch {
	case want == have:
		return 1
	case strings.EqualFold(want, have):
		return 0.9
	case have != "" && (strings.Contains(strings.ToLower(have), strings.ToLower(want)) ||
		strings.Contains(strings.ToLower(want), strings.ToLower(have))):
		return 0.6
	}
	return 0
}

// inputKind groups input types that behave alike: all the text-entry types
// are one kind.
func inputKind(t string) string {
	if chain.TextEntry(t) {
		return "text"
	}
	return strings.ToLower(t)
}

func jaccard(a, b []string) float64 {
	if len(a) == 0 && len(b) == 0 {
		return 1
	}
	set := map[string]bool{}
	for _, x := range a {
		set[strings.ToLower(x)] = true
	}
	inter, union := 0, len(set)
	seen := map[string]bool{}
	for _, x := range b {
		x = strings.ToLower(x)
		if seen[x] {
			continue
		}
		seen[x] = true
		if set[x] {
			inter++
		} else {
			union++
		}
	}
	if union == 0 {
		return 1
	}
	return float64(inter) / float64(union)
}

func hrefPath(h string) string {
	if i := strings.Index(h, "://"); i >= 0 {
		h = h[i+3:]
		if j := strings.IndexByte(h, '/'); j >= 0 {
			h = h[j:]
		} else {
			h = "/"
		}
	}
	return strings.TrimPrefix(h, "/")
}

// sizeScore: 1 when width and height are within 30%, 0.5 within a factor 2, else 0.
func sizeScore(want, have chain.Rect) float64 {
	rw, rh := ratio(want.Width, have.Width), ratio(want.Height, have.Height)
	switch r := math.Max(rw, rh); {
	case r <= 1.3:
		return 1
	case r <= 2:
		return 0.5
	}
	return 0
}

func ratio(a, b float64) float64 {
	if a <= 0 || b <= 0 {
		return math.Inf(1)
	}
	if a > b {
		return a / b
	}
	return b / a
}

// positionScore: 1 when the centres are within 20 px, 0 beyond 100 px,
// linear in between (seed 000's tolerances).
func positionScore(want, have chain.Rect) float64 {
	d := dist(want.Center(), have.Center())
	switch {
	case d <= PositionTolerance:
		return 1
	case d >= 5*PositionTolerance:
		return 0
	}
	return 1 - (d-PositionTolerance)/(4*PositionTolerance)
}

func dist(a, b chain.Point) float64 { return math.Hypot(a.X-b.X, a.Y-b.Y) }

// Evidence is what Adjust weighs.
type Evidence struct {
	// Recorded is the strategy's recorded confidence.
	Recorded float64
	// Matches is how many elements matched.
	Matches int
	// NthUsed: the strategy named which of several matches (Nth).
	NthUsed bool
	// Score is the picked candidate's verification score; SecondScore the
	// best of the others.
	Score, SecondScore float64
	// KindMismatch: the picked element is another kind of element.
	KindMismatch bool
	// Visible: the picked element is rendered.
	Visible bool
}

// Confidence factors of Adjust.
const (
	// KindPenalty multiplies the confidence of an element of another kind
	// than recorded: it loses most of its confidence.
	KindPenalty = 0.3
	// DistinctMargin is how much better the picked candidate must verify
	// than the others for several matches to cost little.
	DistinctMargin = 0.2
)

// Adjust turns a recorded confidence into one weighed by the evidence:
//
//	× (0.5 + 0.5·score)          fingerprint verification (1 keeps it)
//	× 0.3                        another kind of element
//	× 0.9                        several matches but the pick verifies clearly best
//	× max(0.4, 1 − 0.2·(n−1))    n matches and nothing tells them apart
//	× 0.95                       several matches, recorded index used
//	× 0.9                        not rendered
func Adjust(ev Evidence) float64 {
	c := ev.Recorded * (0.5 + 0.5*clamp01(ev.Score))
	if ev.KindMismatch {
		c *= KindPenalty
	}
	if ev.Matches > 1 {
		switch {
		case ev.NthUsed:
			c *= 0.95
		case ev.Score-ev.SecondScore >= DistinctMargin:
			c *= 0.9
		default:
			c *= math.Max(0.4, 1-0.2*float64(ev.Matches-1))
		}
	}
	if !ev.Visible {
		c *= 0.9
	}
	return clamp01(c)
}

func clamp01(f float64) float64 {
	if math.IsNaN(f) {
		return 0
	}
	return math.Max(0, math.Min(1, f))
}
