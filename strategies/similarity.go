package strategies

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/similarity"
	"github.com/qa-chain/chainreplay/snapshot"
)

// similarityEvaluator heals a target that the direct strategies no longer
// find: it scores the interactive elements of the page snapshot (tiers 1
// and 2, plus every element of the recorded tag) against the step's
// fingerprint with package similarity, and takes the best only when it
// clears the floor and stands out from the runner-up. A near tie fails
// with similarity.ErrAmbiguous; nothing similar enough fails with
// ErrNotFound. Its confidence is the ranking's, which already weighs the
// score and the margin; the strategy's recorded confidence only orders it in
// the chain (a similarity entry always "found" its element at record time,
// so it says nothing about the page now).
//
// Candidates are first ranked on what the snapshot says of them; the best
// SimilarityMeasured are then described by the page model (their region
// and exact boxes) and ranked again with location, area and shape.
type similarityEvaluator struct{}

func init() { Register(similarityEvaluator{}) }

// SimilarityMeasured is how many of the best-scoring candidates are
// described again for the final ranking.
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
	snap, err := env.Snapshot(ctx)
	if err != nil {
		r.Err = err
		return r
	}
	vp, err := env.Metrics(ctx)
	if err != nil {
		r.Err = err
		return r
	}
	cands, byID, note, err := pageCandidates(ctx, env, snap, fp)
	if err != nil {
		r.Err = err
		return r
	}
	if len(cands) == 0 {
		r.Err = fmt.Errorf("%w: no interactive element to compare", ErrNotFound)
		r.Detail = note
		return r
	}
	keep := firstPass(fp, cands)
	// The target's item, when its chain names one (a row by its own text)
	// and the page still has exactly one: the candidates inside it join the
	// finalists (at most SimilarityMeasured more), so that the item's own
	// elements are measured when the decision is taken within it.
	itemNode, itemNamed := itemOf(ctx, env, snap)
	if itemNode != nil {
		kept := make(map[int]bool, len(keep))
		for _, k := range keep {
			kept[k] = true
		}
		added := 0
		for k := range cands {
			if added < SimilarityMeasured && !kept[k] && within(snap, byID[cands[k].Ref], itemNode) {
				keep = append(keep, k)
				added++
			}
		}
	}
	fnodes := make([]*snapshot.Node, len(keep))
	for i, k := range keep {
		fnodes[i] = byID[cands[k].Ref]
	}
	els, err := snap.Describe(ctx, fnodes)
	if err != nil {
		r.Err = err
		return r
	}
	final := make([]similarity.Candidate, 0, len(keep))
	var finalEls []*pagemodel.Element
	var finalNodes []*snapshot.Node
	var names []string
	for i, k := range keep {
		if els[i] == nil {
			continue // gone from the page since the snapshot
		}
		final = append(final, measured(env, cands[k], els[i], vp))
		finalEls = append(finalEls, els[i])
		finalNodes = append(finalNodes, fnodes[i])
		names = append(names, candidateName(&final[len(final)-1]))
	}
	var inItem []bool
	if itemNode != nil {
		inItem = make([]bool, len(final))
		for i, n := range finalNodes {
			inItem[i] = within(snap, n, itemNode)
		}
	}
	i := decideSimilarity(fp, final, names, len(cands), note, inItem, itemNamed, &r)
	if i < 0 {
		return r
	}
	el := finalEls[i]
	r.Found = true
	r.MatchCount = 1
	r.Element = el
	if b := boxOf(el); b != nil {
		r.Box = b
		c := b.Center()
		r.Point = &c
	}
	v := Verify(el, r.Box, vp, fp)
	r.Verification = v.Score
	r.KindMismatch = v.KindMismatch
	return r
}

// scopeNodes are the snapshot's nodes in the document the target's frame
// path leads to while it resolves, else all of them, with a note saying so.
func scopeNodes(ctx context.Context, env *Env, snap *snapshot.Snapshot) ([]*snapshot.Node, string, error) {
	t := env.Target
	if t == nil || len(t.FramePath) == 0 {
		return snap.Nodes, "", nil
	}
	fp, ok, err := env.Model.FramePath(ctx, t.FramePath)
	if err != nil {
		return nil, "", err
	}
	if ok {
		var in []*snapshot.Node
		want := strings.Join(fp, "\x00")
		for _, n := range snap.Nodes {
			if strings.Join(n.FramePath, "\x00") == want {
				in = append(in, n)
			}
		}
		if len(in) > 0 {
			return in, "", nil
		}
	}
	return snap.Nodes, fmt.Sprintf("frame path %q no longer resolves; searched every frame", strings.Join(t.FramePath, " > ")), nil
}

// pageCandidates are the similarity candidates of snap: its elements in
// the target's document (scopeNodes, whose note it returns) worth
// comparing for a target of the recorded tag (Comparable). byID holds
// those nodes by their snapshot ids.
func pageCandidates(ctx context.Context, env *Env, snap *snapshot.Snapshot, fp *chain.Fingerprint) (
	cands []similarity.Candidate, byID map[string]*snapshot.Node, note string, err error) {
	nodes, note, err := scopeNodes(ctx, env, snap)
	if err != nil {
		return nil, nil, "", err
	}
	byID = make(map[string]*snapshot.Node, len(nodes))
	for _, n := range nodes {
		byID[n.ID] = n
	}
	cands = similarity.FromSnapshot(snap, chain.Point{X: snap.ScrollX, Y: snap.ScrollY}, func(n *snapshot.Node) bool {
		return byID[n.ID] != nil && Comparable(n.Tag, func(a string) bool { _, ok := n.Attrs.Lookup(a); return ok }, n.Attrs.Get, fp.Tag,
			env.Model.Options.TestIDs())
	})
	return cands, byID, note, nil
}

// measured is c, a snapshot node's candidate, with what the page model
// says of its element el: the region around it and its exact box (vp turns
// it into document coordinates). On a page laid out for another width than
// the recorded one (env.RelaidOut) the box is not compared: every box
// moved and took another shape with the layout.
func measured(env *Env, c similarity.Candidate, el *pagemodel.Element, vp Viewport) similarity.Candidate {
	if env.RelaidOut(vp) {
		c.Unknown = append(slices.Clip(c.Unknown), similarity.Location, similarity.Overlap, similarity.Area, similarity.Shape)
	}
	c.Region = el.Region
	c.Unknown = without(c.Unknown, similarity.Region)
	if slices.Contains(c.Unknown, similarity.Text) {
		// A container whose text the snapshot did not read: the page
		// model read it now. Left unknown, a look-alike reading
		// otherwise than the target would lose nothing for it.
		c.Text = el.Text
		c.Unknown = without(c.Unknown, similarity.Text)
	}
	c.Box, c.Screen = nil, nil
	if b := boxOf(el); b != nil {
		c.Box, c.Screen = placed(*b, vp)
	}
	return c
}

// firstPass ranks cands on everything but the box and returns the indices
// of the best SimilarityMeasured of them, best first: the finalists, whose
// boxes are then measured.
func firstPass(fp *chain.Fingerprint, cands []similarity.Candidate) []int {
	similarity.MarkSole(*fp, cands)
	first := similarity.Rank(*fp, withUnknown(cands, similarity.Location, similarity.Overlap, similarity.Area, similarity.Shape), SimilarityOptions)
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
//
// inItem, when not nil, tells which finalists are inside the target's item
// (Env.Item), which the chain names as itemNamed; it is nil when the page
// has no single such item. When the best is inside it and the page's
// runner-up is a look-alike outside it (named no better, standing
// elsewhere: copyElsewhere), the
// best is decided against the rest of its item alone (similarity.Result.
// InItem): the row's own text said which row is meant, so the next card's
// "Add to cart", reworded with it, neither holds it back nor lowers its
// confidence. The floor holds; the sure floor gives way to a lead on what
// names the item's elements.
func decideSimilarity(fp *chain.Fingerprint, final []similarity.Candidate, names []string, total int, note string,
	inItem []bool, itemNamed string, r *Result) int {
	res := similarity.Rank(*fp, final, SimilarityOptions)
	idx := make([]int, len(final)) // res's indices into final
	for i := range idx {
		idx[i] = i
	}
	hiddenRival := "" // the hidden element a shown one was ranked without
	if similarity.HiddenTie(fp, res, SimilarityOptions) {
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
		if vis := similarity.Rank(*fp, shown, SimilarityOptions); similarity.ShownStandsOut(vis, SimilarityOptions) {
			h := res.Best
			if similarity.Rendered(h) {
				h = res.RunnerUp
			}
			hiddenRival = fmt.Sprintf("%s %.2f", names[h.Index], h.Value)
			res, idx = vis, shownIdx
			r.HiddenRival = true
		}
	}
	name := func(sc *similarity.Scored) string { return names[idx[sc.Index]] }
	itemNote := ""
	in := func(sc *similarity.Scored) bool { return inItem[idx[sc.Index]] }
	if inItem != nil && copyElsewhere(res, in) {
		if alone := res.InItem(in, SimilarityOptions); alone.Outcome == similarity.Found &&
			(res.Outcome != similarity.Found || alone.Confidence > res.Confidence) {
			itemNote = fmt.Sprintf("decided within its item (%s, the only one on the page): %s %.2f, named no better, stands outside it",
				itemNamed, name(res.RunnerUp), res.RunnerUp.Value)
			res = alone
		}
	}

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
	if itemNote != "" {
		notes = append(notes, itemNote)
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
	if res.ApartByPlace() {
		r.ByPlace = true
		r.Detail += "; apart from the runner-up by its place alone"
	}
	return idx[res.Best.Index]
}

// copyElsewhere reports whether res's best is inside the target's item
// (in) and its runner-up is a look-alike of it outside: named no better
// than the best (the best's identity similarity is not under the
// runner-up's by the identity margin or more) and standing elsewhere (the
// best leads on context). Only such a runner-up is set aside by a decision
// within the item: a control that reads otherwise than the others ("Notify
// me" where the other cards say "Add to bag") is not made the target by
// its item alone.
func copyElsewhere(res similarity.Result, in func(*similarity.Scored) bool) bool {
	margin := SimilarityOptions.IdentityMargin
	if margin <= 0 {
		margin = similarity.DefaultIdentityMargin
	}
	b, ru := res.Best, res.RunnerUp
	return b != nil && ru != nil && in(b) && !in(ru) && b.Identity >= 0 && ru.Identity >= 0 &&
		res.IdentityLead > -margin && res.ContextLead > 0
}

// itemOf is the snapshot's node of the target's item (Env.Item) and how
// the chain names it, or nil when there is no single such item or the
// snapshot did not keep it.
func itemOf(ctx context.Context, env *Env, snap *snapshot.Snapshot) (*snapshot.Node, string) {
	ref, named, ok := env.Item(ctx)
	if !ok {
		return nil, ""
	}
	n, err := snap.NodeForRef(ctx, ref)
	if err != nil {
		return nil, ""
	}
	return n, named
}

// within reports whether n is inside item in the snapshot's tree.
func within(snap *snapshot.Snapshot, n, item *snapshot.Node) bool {
	if n == nil {
		return false
	}
	for p, depth := snap.ParentOf(n), 0; p != nil && depth < 256; p, depth = snap.ParentOf(p), depth+1 {
		if p == item {
			return true
		}
	}
	return false
}

// placed turns a viewport box into a candidate's document box (Box) and
// screen box (Screen).
func placed(box chain.Rect, vp Viewport) (doc, screen *chain.Rect) {
	d := box
	d.X += vp.ScrollX
	d.Y += vp.ScrollY
	return &d, &box
}

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

// Comparable reports whether an element of tag el, whose attributes has
// and attr read, is worth comparing for a target of the recorded tag: one a person can act on (the
// snapshot's tiers 1 and 2: native controls, links, ARIA roles, click
// handlers, tab stops, test ids, editable content) or of the recorded tag.
func Comparable(el string, has func(string) bool, attr func(string) string, tag string, testIDs []string) bool {
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
	for _, a := range testIDs {
		if has(a) {
			return true
		}
	}
	return false
}

// CandidateOf describes el, an element the page model described, as a
// similarity candidate, for when the page's snapshot cannot name it (see
// SimilarityScore): vp turns its box into document coordinates. It has
// what the page model's brief description has, which leaves out the
// id-anchored XPath, the landmarks and the icon that a snapshot node's
// candidate (similarity.FromNode) carries.
func CandidateOf(el *pagemodel.Element, vp Viewport) similarity.Candidate {
	c := similarity.Candidate{
		Ref: fmt.Sprint(el.Ref.K), Tag: el.Tag, ID: el.ID, Name: el.NameAttr, Type: strings.ToLower(el.Type),
		Classes: el.Classes(), Role: el.Role, AccessName: el.Name, Text: el.Text, Label: el.Label,
		Placeholder: el.Placeholder, Title: el.Title, Alt: el.Alt, AriaLabel: el.AriaLabel, Href: el.Href,
		XPath: el.XPath, Neighbours: el.Neighbours, Region: el.Region, TestIDs: el.TestIDs,
	}
	if similarity.FixedValue(el.Tag, el.Type) {
		c.Value = el.Value
	}
	if el.Role == "" {
		c.AccessName = ""
	}
	if el.AriaHidden {
		// Out of the accessibility tree: no role and no name, as the
		// recorder reads them.
		c.Role, c.AccessName = "", ""
	}
	if b := boxOf(el); b != nil {
		c.Box, c.Screen = placed(*b, vp)
	}
	return c
}

// SimilarityScore scores one element, as the page model described it,
// against the step's fingerprint with what the similarity strategy
// compares of its candidates: the candidate of its snapshot node (its
// landmarks, its path from the nearest id, its icon) with its region and
// exact box (measured), ranked among the page's candidates, whose
// identifiers' tokens weigh as rare or as common as that page makes them,
// an attribute that only few of them match weighing more. Unlike the
// strategy's ranking it waives no element its context for being the
// page's sole element of its kind: it answers whether this element
// resembles the recording. It lets the decision check an element that
// other strategies settled on: a score under the similarity floor
// (similarity.DefaultFloor) means the element reads like the target but
// stands elsewhere among other neighbours (a decoy), or stands where the
// target stood but is named nothing like it. An element the snapshot
// cannot name (not kept, or the snapshot or its node could not be had) is
// scored alone as CandidateOf describes it. The attributes aside are left
// out of the element's comparison (the decision sets the words aside to
// ask whether an element is the target with its words changed).
func SimilarityScore(ctx context.Context, env *Env, el *pagemodel.Element, aside ...similarity.Attr) (similarity.Score, error) {
	fp := env.Fingerprint()
	if fp == nil {
		return similarity.Score{}, fmt.Errorf("similarity score: the step has no fingerprint")
	}
	vp, err := env.Metrics(ctx)
	if err != nil {
		return similarity.Score{}, fmt.Errorf("similarity score: %w", err)
	}
	page, i := pageWith(ctx, env, el, vp)
	if page == nil {
		w := similarity.DefaultWeights
		if SimilarityOptions.Weights != nil {
			w = *SimilarityOptions.Weights
		}
		c := CandidateOf(el, vp)
		c.Unknown = append(c.Unknown, aside...)
		return similarity.NewReference(*fp, w).Score(&c), nil
	}
	page[i].Unknown = append(slices.Clip(page[i].Unknown), aside...)
	// No similarity.MarkSole: a candidate is never waived its context.
	for _, sc := range similarity.Rank(*fp, page, SimilarityOptions).Ranked {
		if sc.Index == i {
			return sc.Score, nil
		}
	}
	return similarity.Score{}, fmt.Errorf("similarity score: the element was not ranked")
}

// pageWith is the page's similarity candidates as the similarity strategy
// builds them from the step's snapshot, and the index among them of el's,
// measured; page is nil when the snapshot, its candidates or el's node
// cannot be had.
func pageWith(ctx context.Context, env *Env, el *pagemodel.Element, vp Viewport) (page []similarity.Candidate, i int) {
	snap, err := env.Snapshot(ctx)
	if err != nil {
		return nil, -1
	}
	n, err := snap.NodeForRef(ctx, el.Ref)
	if err != nil {
		return nil, -1
	}
	page, _, _, err = pageCandidates(ctx, env, snap, env.Fingerprint())
	if err != nil {
		return nil, -1
	}
	i = slices.IndexFunc(page, func(c similarity.Candidate) bool { return c.Ref == n.ID })
	if i < 0 {
		page = append(page, similarity.FromNode(n, chain.Point{X: snap.ScrollX, Y: snap.ScrollY}))
		i = len(page) - 1
	}
	page[i] = measured(env, page[i], el, vp)
	return page, i
}

// without returns attrs without a (a new slice).
func without(attrs []similarity.Attr, a similarity.Attr) []similarity.Attr {
	var out []similarity.Attr
	for _, x := range attrs {
		if x != a {
			out = append(out, x)
		}
	}
	return out
}
