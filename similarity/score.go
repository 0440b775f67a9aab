package similarity

import (
	"slices"
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
	// OtherOption is set when the candidate is another option of the
	// target's group (otherOption): its Value is damped by OtherOption.
	OtherOption bool
	// OtherIcon is set when the candidate, like the target, is named by
	// an icon alone, and draws another glyph of its font while the
	// recorded glyph is still on the page (otherIcon): it ranks as it
	// scores, so that it can still hold back a rival, but Rank never
	// takes it.
	OtherIcon bool
	// OtherName is set when the candidate bears the name one of the
	// target's counterparts bore when it was recorded, not the target's
	// (chain.Fingerprint.OtherNames): it is that other element. Like
	// OtherIcon, it ranks as it scores, but Rank never takes it.
	OtherName bool
	// ContextWaived is set when the candidate was not damped for its
	// context: it is the page's sole match of the target's kind or name
	// (Candidate.Sole) and the recorded context cannot tell candidates
	// apart (see Rank).
	ContextWaived bool
}

// Corroboration thresholds. A candidate whose context similarity is under
// ContextFull is damped by the factor ContextBase + context (a decoy: reads
// like the target, stands elsewhere among other neighbours); one whose
// identity similarity is under IdentityFull is damped by IdentityBase +
// identity (a replacement: stands where the target stood, named nothing
// like it). A group with nothing to compare damps nothing.
const (
	ContextBase  = 1 - ContextFull
	ContextFull  = 0.75
	IdentityBase = 1 - IdentityFull
	IdentityFull = 0.25
)

// damping holds the similarities under which identity and context damp
// a score, each damping by 1 - full + similarity (1 at full).
type damping struct{ identity, context float64 }

// OneSided is the share of its weight an attribute keeps when only one
// side has it (a test id or a label removed, a title added): the pair is
// compared at 0, but a value that is gone is weaker evidence against a
// candidate than a value that differs, since pages shed attributes in
// refactors far more often than elements trade them.
const OneSided = 0.5

// OtherOption damps a candidate that is another option of the target's
// group: a radio, checkbox, option or button with a different fixed value
// and a name that shares less than half with the recorded one. Options of
// one group share tag, type, role, name attribute, legend and place, so
// without this the next option scores like a healed target once the
// recorded one is removed.
const OtherOption = 0.5

// Reference is a fingerprint prepared for scoring many candidates.
type Reference struct {
	fp      chain.Fingerprint
	classes []string
	xpath   []segment
	hasXP   bool
	idxpath idPath
	hasIDX  bool
	w       Weights
	// page weighs identifier tokens by how many of the page's candidates
	// share them (Rank sets it; nil weighs every token 1).
	page *pageStats
	// full holds the identity and context similarities under which a
	// score is damped (IdentityFull, ContextFull; the weight search
	// tries others).
	full damping
	// texts remembers textSim's answers: a page repeats the same
	// neighbour texts (a section's heading, a table's row) across many
	// candidates, and each costs word sets and an edit distance.
	texts map[[2]string]float64
}

// NewReference prepares fp for scoring with weights w.
func NewReference(fp chain.Fingerprint, w Weights) *Reference {
	r := &Reference{fp: fp, classes: dedupe(fp.Classes), w: w, full: damping{IdentityFull, ContextFull}}
	if absoluteXPath(fp.XPath) {
		r.xpath, r.hasXP = segments(fp.XPath), true
	}
	if fp.IDXPath != "" {
		r.idxpath, r.hasIDX = parseIDPath(fp.IDXPath), true
	}
	return r
}

// textSim is the package's textSim, remembered per pair of strings.
func (r *Reference) textSim(a, b string) float64 {
	k := [2]string{a, b}
	if v, ok := r.texts[k]; ok {
		return v
	}
	v := textSim(a, b)
	if r.texts == nil {
		r.texts = map[[2]string]float64{}
	}
	r.texts[k] = v
	return v
}

// Score compares c with the reference. A Reference is not safe for
// concurrent use.
func (r *Reference) Score(c *Candidate) Score { return r.score(c, false) }

// score is Score, without the context damping when waive is set.
func (r *Reference) score(c *Candidate, waive bool) Score {
	var v comparison
	r.compare(c, &v)
	return r.combine(&v, waive)
}

// comparison is how a candidate compares with the reference, attribute by
// attribute, before the weights: what Score combines.
type comparison struct {
	// sim and share are each attribute's similarity and the share of its
	// weight the comparison carries: 0 when not compared (neither side
	// has it, or the source cannot see it), OneSided when one side lacks
	// it, 1 otherwise.
	sim, share [numAttrs]float64
	// other is set for another option of the target's group.
	other bool
	// otherIcon is set for another icon of the target's font (otherIcon).
	otherIcon bool
	// otherName is set for a counterpart of the target (NamedAsOther).
	otherName bool
}

// compare fills v with c's comparison.
func (r *Reference) compare(c *Candidate, v *comparison) {
	for a := Attr(0); a < numAttrs; a++ {
		v.sim[a], v.share[a] = 0, 0
		if c.unknown(a) {
			continue
		}
		v.sim[a], v.share[a] = r.sim(a, c)
	}
	v.other = r.otherOption(c)
	v.otherIcon = r.otherIcon(c)
	v.otherName = NamedAsOther(&r.fp, c.AccessName, c.Text)
}

// combine weighs v with the reference's weights into a Score.
func (r *Reference) combine(v *comparison, waive bool) Score {
	var s Score
	var sum, wsum float64
	var gsum, gw [4]float64
	for a := Attr(0); a < numAttrs; a++ {
		w := r.w[a] * v.share[a]
		if w <= 0 {
			continue
		}
		sim := v.sim[a]
		s.Parts = append(s.Parts, Part{Attr: a, Sim: sim, Weight: w})
		sum += w * sim
		wsum += w
		gsum[a.Group()] += w * sim
		gw[a.Group()] += w
	}
	s.Identity, s.Context = -1, -1
	if wsum == 0 {
		return s
	}
	s.Raw = sum / wsum
	damp := 1.0
	if gw[Identity] > 0 {
		s.Identity = gsum[Identity] / gw[Identity]
		if s.Identity < r.full.identity {
			damp *= 1 - r.full.identity + s.Identity
		}
	}
	if gw[Context] > 0 {
		s.Context = gsum[Context] / gw[Context]
		if s.Context < r.full.context {
			if waive {
				s.ContextWaived = true
			} else {
				damp *= 1 - r.full.context + s.Context
			}
		}
	}
	if v.other {
		damp *= OtherOption
		s.OtherOption = true
	}
	s.OtherIcon = v.otherIcon
	s.OtherName = v.otherName
	s.Value = s.Raw * damp
	return s
}

// sim compares one attribute and says how much of its weight the
// comparison carries: 0 when neither side has it (or the fingerprint's form
// of it cannot be compared), so it does not count; OneSided when only one
// side has it; 1 otherwise.
func (r *Reference) sim(a Attr, c *Candidate) (sim, weight float64) {
	fp := &r.fp
	switch a {
	case Tag:
		return both(fp.Tag, c.Tag, tagSim)
	case ID:
		return both(fp.ID, c.ID, r.identSim(kindIdent))
	case Name:
		return both(fp.Name, c.Name, r.identSim(kindIdent))
	case Type:
		return both(inputType(fp.Tag, fp.Type), inputType(c.Tag, c.Type), equalFold)
	case Class:
		cc := dedupe(c.Classes)
		switch {
		case len(r.classes) == 0 && len(cc) == 0:
			return 0, 0
		case len(r.classes) == 0 || len(cc) == 0:
			return 0, OneSided
		}
		return r.classSim(r.classes, cc), 1
	case TestID:
		return r.testIDSim(fp.TestIDs, c.TestIDs)
	case Role:
		return both(semanticRole(fp.Role), semanticRole(c.Role), roleSim)
	case AccessName:
		return both(fp.AccessName, c.AccessName, r.textSim)
	case Text:
		return both(fp.Text, c.Text, r.textSim)
	case Label:
		return both(fp.Label, c.Label, r.textSim)
	case Placeholder:
		return both(fp.Placeholder, c.Placeholder, r.textSim)
	case AriaLabel:
		return both(fp.AriaLabel, c.AriaLabel, r.textSim)
	case Alt:
		return both(fp.Alt, c.Alt, r.textSim)
	case Title:
		return both(fp.Title, c.Title, r.textSim)
	case Href:
		return both(fp.Href, c.Href, r.hrefSim)
	case Icon:
		// An icon names only an element without a text: a side without
		// one that has a text is compared by its text instead; a side
		// with neither lost the icon that named it.
		fi, ci := strings.TrimSpace(fp.Icon) != "", strings.TrimSpace(c.Icon) != ""
		switch {
		case !fi && !ci:
			return 0, 0
		case !fi:
			if strings.TrimSpace(fp.Text) != "" {
				return 0, 0
			}
			return 0, OneSided
		case !ci:
			if strings.TrimSpace(c.Text) != "" || c.unknown(Text) {
				return 0, 0
			}
			return 0, OneSided
		}
		return r.iconSim(fp.Icon, c.Icon), 1
	case Value:
		if !FixedValue(fp.Tag, fp.Type) || !FixedValue(c.Tag, c.Type) {
			return 0, 0
		}
		return both(valueOf(fp.Tag, fp.Type, fp.Value), valueOf(c.Tag, c.Type, c.Value), identSim)
	case Neighbours:
		return neighbourSim(fp.Neighbours, c.Neighbours, r.textSim)
	case Region:
		return both(fp.Region, c.Region, r.textSim)
	case Landmarks:
		// Recorded with the id-anchored XPath: a fingerprint with one and
		// no landmarks stood outside every landmark.
		if fp.IDXPath == "" || !c.LandmarksKnown {
			return 0, 0
		}
		return landmarkSim(fp.Landmarks, c.Landmarks), 1
	case XPath:
		if !r.hasXP {
			return 0, 0
		}
		if !absoluteXPath(c.XPath) {
			// No XPath, or one anchored at an id: nothing to compare
			// step by step (an element in a shadow tree has none).
			return 0, 0
		}
		return xpathSim(r.xpath, segments(c.XPath)), 1
	case IDXPath:
		if !r.hasIDX || c.IDXPath == "" {
			return 0, 0
		}
		cp := parseIDPath(c.IDXPath)
		if (r.idxpath.anchor == "") != (cp.anchor == "") && (len(r.idxpath.steps) == 0 || len(cp.steps) == 0) {
			// One side is its own id, the other a path from the root:
			// nothing to compare but the id, which ID compares.
			return 0, 0
		}
		return r.idPathSim(r.idxpath, cp), 1
	case Location, Overlap, Area, Shape:
		fb, cb := fp.Box, c.Box
		if fb != nil && (fb.Width <= 0 || fb.Height <= 0) {
			fb = nil
		}
		if fb == nil && cb == nil {
			return 0, 0
		}
		if fb == nil || cb == nil {
			// Not rendered now (or never measured): nothing to place.
			return 0, 1
		}
		switch a {
		case Location, Overlap:
			fa, ca := *fb, *cb
			if fs, cs := r.fp.ScreenBox, c.Screen; fs != nil && cs != nil {
				// A fixed layer's element keeps its place on screen: in
				// the document it moves with the scroll.
				fa, ca = *fs, *cs
			}
			if a == Overlap {
				return overlapSim(fa, ca), 1
			}
			return locationSim(fa, ca), 1
		case Area:
			return areaSim(*fb, *cb), 1
		}
		return shapeSim(*fb, *cb), 1
	}
	return 0, 0
}

// both applies f when both strings are non-blank; a side that lacks the
// attribute scores 0 against one that has it, at OneSided weight; two
// blank sides do not count.
func both(a, b string, f func(a, b string) float64) (float64, float64) {
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	switch {
	case a == "" && b == "":
		return 0, 0
	case a == "" || b == "":
		return 0, OneSided
	}
	return f(a, b), 1
}

// otherOption reports whether c is another option of the recorded
// element's group: both carry fixed values (FixedValue) that differ, and
// neither its accessible name nor its label is half like the recorded ones.
func (r *Reference) otherOption(c *Candidate) bool {
	fp := &r.fp
	if !FixedValue(fp.Tag, fp.Type) || !FixedValue(c.Tag, c.Type) {
		return false
	}
	a, b := strings.TrimSpace(fp.Value), strings.TrimSpace(c.Value)
	if a == "" || b == "" || strings.EqualFold(a, b) {
		return false
	}
	named := 0.0
	for _, x := range []string{fp.AccessName, fp.Label, fp.Text} {
		for _, y := range []string{c.AccessName, c.Label, c.Text} {
			if strings.TrimSpace(x) != "" && strings.TrimSpace(y) != "" {
				named = max(named, textSim(x, y))
			}
		}
	}
	return named < 0.5
}

// NamedAsOther reports whether name, an element's accessible name, is
// not the target's (fp.AccessName) but one its counterparts bore when it
// was recorded (fp.OtherNames), white space collapsed and case aside:
// the element is that counterpart, still named as it was, and not the
// target renamed. A copy editor who rewords the target gives it words
// of its own, not its neighbour's. A target without a role was recorded
// with its counterparts' texts: text, the element's, is compared then.
func NamedAsOther(fp *chain.Fingerprint, name, text string) bool {
	if len(fp.OtherNames) == 0 {
		return false
	}
	own := fp.AccessName
	if fp.Role == "" && fp.AccessName == "" {
		name, own = text, fp.Text
	}
	n := norm(name)
	if n == "" || n == norm(own) {
		return false
	}
	for _, o := range fp.OtherNames {
		if norm(o) == n {
			return true
		}
	}
	return false
}

// iconSim compares the recorded icon with a candidate's: by their tokens
// (tokenSetSim, weighed by the page's icons: iconWeight), or 1 when the
// candidate draws every glyph of the recorded icon (tokenStats.glyphs): a
// font's new version or form keeps the glyph's name and changes the rest
// ("fab fa-twitter" became "twitter svg-inline--fa fa-twitter fa-w-16"),
// and the tokens it adds or drops are no evidence against it.
func (r *Reference) iconSim(recorded, icon string) float64 {
	s := tokenSetSim(identTokens(recorded), identTokens(icon), r.page.weight(kindIcon))
	if r.page == nil {
		return s
	}
	g := r.page[kindIcon].glyphs(recorded)
	if len(g) == 0 {
		return s
	}
	tokens := identTokens(icon)
	for _, t := range g {
		if !slices.Contains(tokens, t) {
			return s
		}
	}
	return 1
}

// otherIcon reports whether c is another control of the target's icon
// font: both are named by an icon alone, the recorded icon's glyph is
// still drawn on the page, and c's icon does not draw it (a toolbar's
// "fa-minus" for the recorded "fa-times", "fa-instagram" for
// "fa-twitter"). A redesign that swaps the icon font ("fa-bars" became
// "bi-list") leaves the recorded glyph nowhere on the page, and is not
// such a contradiction: the icons are then only compared.
func (r *Reference) otherIcon(c *Candidate) bool {
	fp := &r.fp
	if strings.TrimSpace(fp.Text) != "" || strings.TrimSpace(c.Text) != "" || c.unknown(Text) ||
		strings.TrimSpace(fp.Icon) == "" || strings.TrimSpace(c.Icon) == "" || r.page == nil {
		return false
	}
	st := &r.page[kindIcon]
	fg, cg := st.glyphs(fp.Icon), st.glyphs(c.Icon)
	if len(fg) == 0 || len(cg) == 0 {
		return false
	}
	for _, t := range identTokens(c.Icon) {
		if slices.Contains(fg, t) {
			return false
		}
	}
	for _, t := range identTokens(fp.Icon) {
		if slices.Contains(cg, t) {
			return false
		}
	}
	return true
}

// semanticRole is role, or "" for the roles that say nothing of what an
// element is for (generic, none, presentation, group, paragraph): the
// recorder keeps Chromium's "generic" for a plain element where replay
// computes no role, and leaves out the others.
func semanticRole(role string) string {
	switch strings.ToLower(strings.TrimSpace(role)) {
	case "generic", "none", "presentation", "group", "paragraph":
		return ""
	}
	return role
}

// valueOf is the value of an element of tag and type whose value
// attribute is value: a checkbox or radio without one has the value "on",
// as the recorder reads it (el.value).
func valueOf(tag, typ, value string) string {
	if value == "" && strings.EqualFold(tag, "input") {
		switch strings.ToLower(typ) {
		case "checkbox", "radio":
			return "on"
		}
	}
	return value
}

// inputType is typ, or "text" for an <input> without one (its default).
func inputType(tag, typ string) string {
	if strings.TrimSpace(typ) == "" && strings.EqualFold(tag, "input") {
		return "text"
	}
	return typ
}

// FixedValue reports whether an element of tag and type carries a value
// that the page sets (a radio's "express", an option's "dark") rather than
// one a person types: only those values identify an element.
func FixedValue(tag, typ string) bool {
	switch strings.ToLower(tag) {
	case "option", "button":
		return true
	case "input":
		switch strings.ToLower(inputType(tag, typ)) {
		case "radio", "checkbox", "submit", "button", "reset", "image":
			return true
		}
	}
	return false
}

// neighbourSim compares two lists of neighbour texts (label, legend,
// heading, row, region) text by text: each text is paired with its most
// similar text of the other list, and the result is the mean of both
// directions' averages. A shared product name then counts as a whole text
// rather than as two words diluted among a row's dozen.
func neighbourSim(a, b []string, textSim func(a, b string) float64) (float64, float64) {
	a, b = nonBlank(a), nonBlank(b)
	switch {
	case len(a) == 0 && len(b) == 0:
		return 0, 0
	case len(a) == 0 || len(b) == 0:
		return 0, OneSided
	}
	best := func(x string, ys []string) float64 {
		m := 0.0
		for _, y := range ys {
			m = max(m, textSim(x, y))
		}
		return m
	}
	var fwd, bwd float64
	for _, x := range a {
		fwd += best(x, b)
	}
	for _, y := range b {
		bwd += best(y, a)
	}
	return (fwd/float64(len(a)) + bwd/float64(len(b))) / 2, 1
}

func nonBlank(xs []string) []string {
	out := make([]string, 0, len(xs))
	for _, x := range xs {
		if strings.TrimSpace(x) != "" {
			out = append(out, x)
		}
	}
	return out
}

func equalFold(a, b string) float64 {
	if strings.EqualFold(a, b) {
		return 1
	}
	return 0
}
