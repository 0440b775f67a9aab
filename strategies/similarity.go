package strategies

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/similarity"
)

// similarityEvaluator heals a target that the direct strategies no longer
// find: it scores the interactive elements of the scope (tier 1 and 2 of the
// snapshot's terms, plus every element of the recorded tag) against the
// step's fingerprint with package similarity, and takes the best only when
// it clears the floor and stands out from the runner-up. A near tie fails
// with similarity.ErrAmbiguous; nothing similar enough fails with
// ErrNotFound. Its confidence is the ranking's, which already weighs the
// score and the margin; the strategy's recorded confidence only orders it in
// the chain (a similarity entry always "found" its element at record time,
// so it says nothing about the page now).
//
// Boxes cost one DevTools call each (made several at a time by
// Env.MeasureBoxes), so candidates are first ranked on everything else and
// only the best SimilarityMeasured of them are measured and ranked again
// with location, area and shape.
type similarityEvaluator struct{}

func init() { Register(similarityEvaluator{}) }

// SimilarityMeasured is how many of the best-scoring candidates have their
// boxes measured for the final ranking.
const SimilarityMeasured = 16

// SimilarityOptions tune the ranking of the similarity evaluator.
var SimilarityOptions = similarity.Options{}

func (similarityEvaluator) Type() chain.StrategyType { return chain.Similarity }

func (similarityEvaluator) Evaluate(ctx context.Context, env *Env, s chain.Strategy) Result {
	start := time.Now()
	r := Result{Strategy: s}
	defer func() { r.Duration = time.Since(start) }()
	fp := env.Fingerprint()
	if fp == nil {
		r.Err = fmt.Errorf("%w: similarity needs the step's fingerprint and it has none", ErrNotFound)
		return r
	}
	if env.treeless {
		similarityOnSnapshot(ctx, env, fp, &r)
		return r
	}
	scope, note, err := env.Scope(ctx)
	if err != nil {
		r.Err = err
		return r
	}
	doc, err := env.Doc(ctx)
	if err != nil {
		r.Err = err
		return r
	}
	ctxs := newNeighbourhood()
	var nodes []*Node
	var cands []similarity.Candidate
	for _, n := range doc.ElementsIn(scope) {
		if !similarityCandidate(n, fp.Tag) {
			continue
		}
		nodes = append(nodes, n)
		cands = append(cands, describeForSimilarity(n, ctxs))
	}
	if len(cands) == 0 {
		r.Err = fmt.Errorf("%w: no interactive element to compare", ErrNotFound)
		r.Detail = note
		return r
	}
	vp, err := env.Metrics(ctx)
	if err != nil {
		r.Err = err
		return r
	}
	// First pass: everything but the box; the best are measured.
	keep := firstPass(fp, cands)
	finalNodes := make([]*Node, len(keep))
	for i, k := range keep {
		finalNodes[i] = nodes[k]
	}
	env.MeasureBoxes(ctx, finalNodes)
	final := make([]similarity.Candidate, len(keep))
	names := make([]string, len(keep))
	for i, k := range keep {
		final[i] = cands[k]
		if box := env.NodeBox(ctx, finalNodes[i]); box != nil && box.Width > 0 && box.Height > 0 {
			final[i].Box, final[i].Screen = placed(*box, vp)
		}
		names[i] = candidateName(&final[i])
	}
	i := decideSimilarity(fp, final, names, len(cands), note, &r)
	if i < 0 {
		return r
	}
	concludeSimilarity(ctx, env, finalNodes[i], vp, &r)
	return r
}

// firstPass ranks cands on everything but the box and returns the indices
// of the best SimilarityMeasured of them, best first: the finalists, whose
// boxes are then measured.
func firstPass(fp *chain.Fingerprint, cands []similarity.Candidate) []int {
	similarity.MarkSole(*fp, cands)
	first := similarity.Rank(*fp, withUnknown(cands, similarity.Location, similarity.Area, similarity.Shape), SimilarityOptions)
	keep := make([]int, 0, min(SimilarityMeasured, len(first.Ranked)))
	for _, sc := range first.Ranked[:cap(keep)] {
		keep = append(keep, sc.Index)
	}
	return keep
}

// decideSimilarity ranks the finalists (with their boxes), sets hidden
// look-alikes aside as the evaluator's doc says, and writes the outcome
// into r: its notes (names[i] names final[i]; total counts every candidate
// compared; note is the scope's) and, when nothing is taken, its error. It
// returns the index in final of the element taken, or -1.
func decideSimilarity(fp *chain.Fingerprint, final []similarity.Candidate, names []string, total int, note string, r *Result) int {
	res := similarity.Rank(*fp, final, SimilarityOptions)
	idx := make([]int, len(final)) // res's indices into final
	for i := range idx {
		idx[i] = i
	}
	hiddenRival := "" // the hidden element a shown one was ranked without
	if hiddenTie(fp, res) {
		// A shown and a hidden element too close to tell apart, or a
		// shown best whose confidence a hidden runner-up holds down (a
		// dialog's button that reads like its opener's, a collapsed
		// menu's copy of a toolbar button). The target was on screen when
		// it was recorded, and a person acts on what is on screen: rank
		// the rendered candidates alone, and if one stands out take it,
		// flagged so that the decision waits a moment for the hidden one.
		var shown []similarity.Candidate
		var shownIdx []int
		for i := range final {
			if final[i].Box != nil {
				shown = append(shown, final[i])
				shownIdx = append(shownIdx, i)
			}
		}
		if vis := similarity.Rank(*fp, shown, SimilarityOptions); vis.Outcome == similarity.Found {
			h := res.Best
			if rendered(h) {
				h = res.RunnerUp
			}
			hiddenRival = fmt.Sprintf("%s %.2f", names[h.Index], h.Value)
			res, idx = vis, shownIdx
			r.HiddenRival = true
		}
	}
	name := func(sc *similarity.Scored) string { return names[idx[sc.Index]] }

	var notes []string
	if note != "" {
		notes = append(notes, note)
	}
	notes = append(notes, fmt.Sprintf("%d candidates", total))
	if res.Best != nil {
		notes = append(notes, fmt.Sprintf("best %s %.2f", name(res.Best), res.Best.Value))
		if res.Best.ContextWaived {
			notes = append(notes, "the only element of the page of the recorded kind or name, as at record time: not damped for standing elsewhere")
		}
	}
	if res.RunnerUp != nil {
		notes = append(notes, fmt.Sprintf("runner-up %s %.2f", name(res.RunnerUp), res.RunnerUp.Value))
	}
	if hiddenRival != "" {
		notes = append(notes, "ranked without the hidden look-alike "+hiddenRival+": the target was on screen when recorded")
	}
	r.Detail = strings.Join(notes, "; ")

	switch res.Outcome {
	case similarity.NotFound:
		if res.Best == nil {
			r.Err = fmt.Errorf("%w: %w", ErrNotFound, similarity.ErrNotFound)
		} else {
			r.Err = fmt.Errorf("%w: %w: the best, %s, scores %.2f", ErrNotFound, similarity.ErrNotFound, name(res.Best), res.Best.Value)
		}
		return -1
	case similarity.Ambiguous:
		r.MatchCount = 2
		r.Err = fmt.Errorf("%w: %s scores %.2f and %s %.2f", similarity.ErrAmbiguous,
			name(res.Best), res.Best.Value, name(res.RunnerUp), res.RunnerUp.Value)
		return -1
	}
	r.Confidence = res.Confidence
	return idx[res.Best.Index]
}

// concludeSimilarity fills r for the element n taken, with the confidence
// decideSimilarity set: its box and point, and its verification against
// the fingerprint.
func concludeSimilarity(ctx context.Context, env *Env, n *Node, vp Viewport, r *Result) {
	r.Found = true
	r.MatchCount = 1
	r.Node = n
	r.BackendNodeID = n.BackendID
	if box := env.Box(ctx, n.BackendID); box != nil {
		r.Box = box
		c := box.Center()
		r.Point = &c
	}
	v := Verify(CandidateOf(n, r.Box, vp), env.Fingerprint())
	r.Verification = v.Score
	r.KindMismatch = v.KindMismatch
}

// placed turns a viewport box into a candidate's document box (Box) and
// screen box (Screen).
func placed(box chain.Rect, vp Viewport) (doc, screen *chain.Rect) {
	d := box
	d.X += vp.ScrollX
	d.Y += vp.ScrollY
	return &d, &box
}

// hiddenTie reports whether res is held back by a rendered and a hidden
// candidate being alike, for a target that was rendered when recorded: a
// near tie between them (either one best), or a rendered best that a
// hidden runner-up comes within FullMargin of. A hidden best that stands
// out is left alone: the evidence points at it, shown or not.
func hiddenTie(fp *chain.Fingerprint, res similarity.Result) bool {
	if fp.Box == nil || fp.Box.Width <= 0 || fp.Box.Height <= 0 || res.Best == nil || res.RunnerUp == nil ||
		rendered(res.Best) == rendered(res.RunnerUp) {
		return false
	}
	switch res.Outcome {
	case similarity.Ambiguous:
		return true
	case similarity.Found:
		full := SimilarityOptions.FullMargin
		if full <= 0 {
			full = similarity.DefaultFullMargin
		}
		return rendered(res.Best) && res.Margin < full
	}
	return false
}

// rendered reports whether a ranked candidate has a layout box now.
func rendered(sc *similarity.Scored) bool { return sc != nil && sc.Candidate.Box != nil }

// IsAmbiguous reports whether err says that similarity healing found a near
// tie and chose nothing.
func IsAmbiguous(err error) bool { return errors.Is(err, similarity.ErrAmbiguous) }

// withUnknown returns a copy of cands with the attributes marked unknown.
func withUnknown(cands []similarity.Candidate, attrs ...similarity.Attr) []similarity.Candidate {
	out := make([]similarity.Candidate, len(cands))
	for i, c := range cands {
		c.Unknown = append(append([]similarity.Attr(nil), c.Unknown...), attrs...)
		out[i] = c
	}
	return out
}

// candidateName is a short human name for a candidate, its tag, id and
// classes as Node.String writes them and its name: "button#auth-go "Log in
// now"".
func candidateName(c *similarity.Candidate) string {
	var b strings.Builder
	b.WriteString(c.Tag)
	if c.ID != "" {
		b.WriteString("#" + c.ID)
	}
	for _, cl := range c.Classes {
		b.WriteString("." + cl)
	}
	if name := c.AccessName; name != "" {
		if len(name) > 40 {
			name = name[:40] + "…"
		}
		fmt.Fprintf(&b, " %q", name)
	}
	return b.String()
}

// scoreAgainst scores c against fp exactly as the similarity strategy
// scores its candidates, with SimilarityOptions' weights.
func scoreAgainst(fp *chain.Fingerprint, c *similarity.Candidate) similarity.Score {
	w := similarity.DefaultWeights
	if SimilarityOptions.Weights != nil {
		w = *SimilarityOptions.Weights
	}
	return similarity.NewReference(*fp, w).Score(c)
}

// similarityCandidate reports whether n is worth comparing: an element a
// person can act on (the snapshot's tiers 1 and 2: native controls, links,
// ARIA roles, click handlers, tab stops, test ids, editable content) or an
// element of the recorded tag.
func similarityCandidate(n *Node, tag string) bool {
	return actionable(n.Tag, n.HasAttr, n.Attr, tag)
}

// actionable is similarityCandidate for an element of tag el whose
// attributes has and attr read.
func actionable(el string, has func(string) bool, attr func(string) string, tag string) bool {
	switch el {
	case "html", "head", "body", "script", "style", "template", "noscript", "meta", "link", "title", "br":
		return false
	case "button", "select", "textarea", "summary", "option":
		return true
	case "a":
		if has("href") {
			return true
		}
	case "input":
		return !strings.EqualFold(attr("type"), "hidden")
	}
	if tag != "" && strings.EqualFold(el, tag) {
		return true
	}
	for _, a := range []string{"role", "onclick", "tabindex", "contenteditable"} {
		if has(a) {
			return true
		}
	}
	for _, a := range TestIDAttrs {
		if has(a) {
			return true
		}
	}
	return false
}

// describeForSimilarity describes n in the terms of a fingerprint, as the
// recorder does (recorder/describe.js): label, neighbour texts and an
// absolute XPath included.
func describeForSimilarity(n *Node, nb *neighbourhood) similarity.Candidate {
	c := similarity.Candidate{
		Ref: fmt.Sprint(n.BackendID), Tag: n.Tag, ID: n.Attr("id"), Name: n.Attr("name"),
		Type: strings.ToLower(n.Attr("type")), Classes: strings.Fields(n.Attr("class")),
		Role: RoleOf(n), AccessName: AccessibleName(n), Label: recordedLabel(n),
		Placeholder: n.Attr("placeholder"), Title: n.Attr("title"), Alt: n.Attr("alt"),
		AriaLabel: n.Attr("aria-label"), Href: n.Attr("href"), Value: n.Attr("value"),
		XPath: nb.absoluteXPath(n), Neighbours: nb.of(n), Region: nb.region(n),
	}
	switch n.Tag {
	case "input", "textarea":
	case "select": // its options' text, as innerText gives it
		var opts []string
		for _, o := range n.Children {
			switch o.Tag {
			case "option":
				opts = append(opts, o.Text())
			case "optgroup":
				for _, g := range o.Children {
					if g.Tag == "option" {
						opts = append(opts, g.Text())
					}
				}
			}
		}
		c.Text = capRunes(collapse(strings.Join(opts, " ")), 200)
	default:
		if t := n.Text(); len(t) <= 200 {
			c.Text = t
		}
	}
	if ariaHidden(n) {
		// Out of Chromium's accessibility tree: the recorder reads no role
		// and no name for it.
		c.Role, c.AccessName = "", ""
	}
	for _, a := range TestIDAttrs {
		if v := n.Attr(a); v != "" {
			if c.TestIDs == nil {
				c.TestIDs = map[string]string{}
			}
			c.TestIDs[a] = v
		}
	}
	for p := n.Parent; p != nil && p.NodeType == 1; p = p.Parent {
		c.Ancestors = append(c.Ancestors, fmt.Sprint(p.BackendID))
	}
	return c
}

// ariaHidden reports whether n or an element above it (through shadow
// hosts) has aria-hidden="true".
func ariaHidden(n *Node) bool {
	for p := n; p != nil; p = p.Parent {
		if p.NodeType == 1 && p.Attr("aria-hidden") == "true" {
			return true
		}
	}
	return false
}

// capRunes is s cut to at most n characters.
func capRunes(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}

// absoluteXPath is n's step-by-step XPath in its document, a position
// only where a same-tag sibling exists (the recorder's form); "" inside a
// shadow tree, where XPath cannot reach. Paths are cached per element, so
// a page of candidates costs one pass.
func (nb *neighbourhood) absoluteXPath(n *Node) string {
	if n == nil || n.NodeType != 1 {
		return ""
	}
	if x, ok := nb.xpaths[n]; ok {
		return x
	}
	x := ""
	base, ok := "", false
	switch p := n.Parent; {
	case p == nil:
	case p.NodeType == 9:
		ok = true
	case p.NodeType == 1:
		base = nb.absoluteXPath(p)
		ok = base != ""
	}
	if ok {
		nb.siblings(n) // computes the steps of n and its siblings
		x = base + "/" + nb.step[n]
	}
	nb.xpaths[n] = x
	return x
}

// SimilarityScore scores one element, the one with backend id id, against
// the step's fingerprint exactly as the similarity strategy scores its
// candidates. It lets the decision check an element that other strategies
// settled on: a score under the similarity floor (similarity.DefaultFloor)
// means the element reads like the target but stands elsewhere among other
// neighbours (a decoy), or stands where the target stood but is named
// nothing like it.
func SimilarityScore(ctx context.Context, env *Env, id proto.DOMBackendNodeID) (similarity.Score, error) {
	fp := env.Fingerprint()
	if fp == nil {
		return similarity.Score{}, fmt.Errorf("similarity score: the step has no fingerprint")
	}
	if sc, ok := similarityScoreOnSnapshot(ctx, env, fp, id); ok {
		return sc, nil
	}
	doc, err := env.Doc(ctx)
	if err != nil {
		return similarity.Score{}, fmt.Errorf("similarity score: %w", err)
	}
	n := doc.ByBackendID(id)
	if n == nil || !n.IsElement() {
		return similarity.Score{}, fmt.Errorf("similarity score: %w: no element with backend id %d", ErrNotFound, id)
	}
	vp, err := env.Metrics(ctx)
	if err != nil {
		return similarity.Score{}, fmt.Errorf("similarity score: %w", err)
	}
	c := describeForSimilarity(n, newNeighbourhood())
	if box := env.Box(ctx, id); box != nil && box.Width > 0 && box.Height > 0 {
		c.Box, c.Screen = placed(*box, vp)
	}
	return scoreAgainst(fp, &c), nil
}
