package strategies

import (
	"context"
	"fmt"
	"math"
	"strings"
	"sync"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/par"
	"github.com/qa-chain/chainreplay/similarity"
	"github.com/qa-chain/chainreplay/snapshot"
)

// Env is the page as the evaluators of one locate round see it. It loads
// the DOM tree once and shares it; Reset drops it (after any action, or
// before the next retry).
type Env struct {
	// Page is the top-level page.
	Page *rod.Page
	// Target is the step's target: chain, frame path and fingerprint.
	Target *chain.Target
	// ObjectGroup, when set, is the object group in which an evaluator
	// that makes the found element's JavaScript object anyway leaves it
	// (Result.ObjectID), for the caller to reuse and release. Empty: no
	// object outlives its evaluator.
	ObjectGroup string

	doc       *Doc
	scope     *Node
	scopeNote string
	boxes     map[*Node]*chain.Rect
	vp        *Viewport
	loads     int

	// treeless is set by SkipTree: the round is evaluated without the
	// tree (treeless.go). needsTree says why an evaluation could not go on
	// that way; slices are the elements read as slices of the DOM (sliceOf)
	// meanwhile, by backend id, so that two strategies that take the same
	// element give the same *Node.
	treeless   bool
	needsTree  error
	slices     map[proto.DOMBackendNodeID]*Node
	snap       *snapshot.Snapshot                              // the similarity evaluation's
	snapScored map[proto.DOMBackendNodeID]similarity.Candidate // the element it took, described
	// none holds the strategies page script counted no match for in this
	// round (CountsNone, SkipTree), by noneKey: they are not counted again.
	none map[string]bool
}

// NewEnv returns an Env for finding t on page.
func NewEnv(page *rod.Page, t *chain.Target) *Env {
	return &Env{Page: page, Target: t}
}

// Reset forgets everything read from the page.
func (e *Env) Reset() {
	e.doc, e.scope, e.scopeNote, e.boxes, e.vp = nil, nil, "", nil, nil
	e.treeless, e.needsTree, e.slices, e.snap, e.snapScored = false, nil, nil, nil, nil
	e.none = nil
}

// NeedsTree says why an evaluation without the tree could not go on (an
// element taken in a frame or shadow tree, a snapshot that failed): the
// round must then be evaluated again on the tree. nil when none did.
func (e *Env) NeedsTree() error { return e.needsTree }

func (e *Env) needTree(err error) {
	if e.needsTree == nil {
		e.needsTree = err
	}
}

// sliceNode reads the element obj as a slice of the DOM around it
// (sliceOf), once per element and round.
func (e *Env) sliceNode(p proto.Client, obj proto.RuntimeRemoteObjectID) (*Node, bool) {
	n, ok := sliceOf(p, e, obj)
	if !ok {
		return nil, false
	}
	if old := e.slices[n.BackendID]; old != nil {
		return old, true
	}
	if e.slices == nil {
		e.slices = map[proto.DOMBackendNodeID]*Node{}
	}
	e.slices[n.BackendID] = n
	return n, true
}

// Fingerprint is the target's fingerprint, or nil.
func (e *Env) Fingerprint() *chain.Fingerprint {
	if e.Target == nil {
		return nil
	}
	return e.Target.Fingerprint
}

func (e *Env) call(ctx context.Context) session { return withCtx(e.Page, ctx) }

// Doc returns the round's DOM tree, loading it on first use. The
// viewport (Metrics), which every evaluator that finds something needs
// next, is read at the same time when the round has not read it yet.
func (e *Env) Doc(ctx context.Context) (*Doc, error) {
	if e.doc != nil {
		return e.doc, nil
	}
	var d *Doc
	var err error
	e.whileReadingViewport(ctx, func() { d, err = LoadDoc(ctx, e.Page) })
	if err != nil {
		return nil, err
	}
	e.doc = d
	e.loads++
	return d, nil
}

// whileReadingViewport runs fn while the round's viewport is read, when
// the round has not read it yet (a failed read is left for Metrics).
func (e *Env) whileReadingViewport(ctx context.Context, fn func()) {
	if e.vp != nil {
		fn()
		return
	}
	var vp Viewport
	var vpErr error
	par.Do(fn, func() { vp, vpErr = ReadViewport(ctx, e.Page) })
	if vpErr == nil {
		e.vp = &vp
	}
}

// Loads counts the trees read so far: an evaluator that had to read the
// tree again in the middle of a round (the page changed under it) makes the
// round's results disagree in time, and the caller may run it again.
func (e *Env) Loads() int { return e.loads }

// Scope returns the node to search under: the document of the target's
// frame path when every <iframe> of it still resolves, else the top document
// (the whole page). note says which.
func (e *Env) Scope(ctx context.Context) (scope *Node, note string, err error) {
	d, err := e.Doc(ctx)
	if err != nil {
		return nil, "", err
	}
	if e.scope != nil {
		return e.scope, e.scopeNote, nil
	}
	e.scope, e.scopeNote = d.Root, ""
	if e.Target != nil && len(e.Target.FramePath) > 0 {
		cur := d.Root
		for _, sel := range e.Target.FramePath {
			res, err := proto.DOMQuerySelector{NodeID: cur.NodeID, Selector: sel}.Call(Caller(ctx, e.Page, cur))
			var n *Node
			if err == nil {
				n = d.NodeIn(cur.Frame, res.NodeID)
			}
			if n == nil || n.Content == nil {
				cur = nil
				e.scopeNote = fmt.Sprintf("frame path %q no longer resolves; searched all frames", strings.Join(e.Target.FramePath, " > "))
				break
			}
			cur = n.Content
		}
		if cur != nil {
			e.scope = cur
		}
	}
	return e.scope, e.scopeNote, nil
}

// Viewport is the top-level page's layout viewport in CSS pixels
// (Page.getLayoutMetrics).
type Viewport struct {
	Width, Height    float64
	ScrollX, ScrollY float64
	// ContentWidth and ContentHeight are the scrollable page's size.
	ContentWidth, ContentHeight float64
}

// Metrics reads the viewport once per round; an evaluator that scrolls
// calls Scrolled so the next read is fresh.
func (e *Env) Metrics(ctx context.Context) (Viewport, error) {
	if e.vp != nil {
		return *e.vp, nil
	}
	v, err := ReadViewport(ctx, e.Page)
	if err != nil {
		return v, err
	}
	e.vp = &v
	return v, nil
}

// Scrolled forgets what the round measured that scrolling changes: the
// viewport and the boxes.
func (e *Env) Scrolled() { e.vp, e.boxes = nil, nil }

// ReadViewport reads the layout viewport of page through Page.getLayoutMetrics.
func ReadViewport(ctx context.Context, page *rod.Page) (Viewport, error) {
	m, err := proto.PageGetLayoutMetrics{}.Call(withCtx(page, ctx))
	if err != nil {
		return Viewport{}, fmt.Errorf("Page.getLayoutMetrics: %w", err)
	}
	var v Viewport
	if vv := m.CSSVisualViewport; vv != nil {
		v = Viewport{Width: vv.ClientWidth, Height: vv.ClientHeight, ScrollX: vv.PageX, ScrollY: vv.PageY}
	} else if lv := m.CSSLayoutViewport; lv != nil {
		v = Viewport{Width: float64(lv.ClientWidth), Height: float64(lv.ClientHeight), ScrollX: float64(lv.PageX), ScrollY: float64(lv.PageY)}
	}
	if cs := m.CSSContentSize; cs != nil {
		v.ContentWidth, v.ContentHeight = cs.Width, cs.Height
	}
	return v, nil
}

// Box returns the border box of the page's own node with backend id id in
// viewport CSS pixels of the top-level page, or nil when it is not
// rendered. For nodes of out-of-process frames use NodeBox.
func (e *Env) Box(ctx context.Context, id proto.DOMBackendNodeID) *chain.Rect {
	if e.doc != nil {
		if n := e.doc.ByBackendID(id); n != nil {
			return e.NodeBox(ctx, n)
		}
	}
	if n := e.slices[id]; n != nil {
		return e.NodeBox(ctx, n)
	}
	r, _ := BoxOf(ctx, e.Page, id)
	return r
}

// NodeBox returns n's border box in viewport CSS pixels of the top-level
// page (through out-of-process frames), or nil when it is not rendered.
// Boxes are measured once per round.
func (e *Env) NodeBox(ctx context.Context, n *Node) *chain.Rect {
	if r, ok := e.boxes[n]; ok {
		return r
	}
	r, _ := NodeBox(ctx, e.Page, n)
	if e.boxes == nil {
		e.boxes = map[*Node]*chain.Rect{}
	}
	e.boxes[n] = r
	return r
}

// measureConcurrency bounds the box measurements MeasureBoxes has in
// flight at once.
const measureConcurrency = 8

// MeasureBoxes measures the boxes of nodes the round has not measured yet,
// several DevTools calls at once, so that NodeBox then answers from the
// round's cache: measuring many candidates costs a few round trips instead
// of one each.
func (e *Env) MeasureBoxes(ctx context.Context, nodes []*Node) {
	var todo []*Node
	seen := map[*Node]bool{}
	for _, n := range nodes {
		if _, ok := e.boxes[n]; !ok && !seen[n] {
			seen[n] = true
			todo = append(todo, n)
		}
	}
	if len(todo) == 0 {
		return
	}
	boxes := make([]*chain.Rect, len(todo))
	if len(todo) == 1 {
		boxes[0], _ = NodeBox(ctx, e.Page, todo[0])
	} else {
		sem := make(chan struct{}, measureConcurrency)
		var wg sync.WaitGroup
		for i, n := range todo {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer func() { <-sem; wg.Done() }()
				boxes[i], _ = NodeBox(ctx, e.Page, n)
			}()
		}
		wg.Wait()
	}
	if e.boxes == nil {
		e.boxes = map[*Node]*chain.Rect{}
	}
	for i, n := range todo {
		e.boxes[n] = boxes[i]
	}
}

// BoxOf measures the border box of a node (DOM.getBoxModel). A node that is
// not rendered (display: none, detached) gives nil and an error.
func BoxOf(ctx context.Context, c proto.Client, id proto.DOMBackendNodeID) (*chain.Rect, error) {
	res, err := proto.DOMGetBoxModel{BackendNodeID: id}.Call(withCtx(c, ctx))
	if err != nil {
		return nil, fmt.Errorf("DOM.getBoxModel: %w", err)
	}
	r := QuadRect(res.Model.Border)
	return &r, nil
}

// QuadRect is the axis-aligned rectangle around a DevTools quad.
func QuadRect(q proto.DOMQuad) chain.Rect {
	if len(q) < 8 {
		return chain.Rect{}
	}
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for i := 0; i+1 < len(q); i += 2 {
		minX, maxX = math.Min(minX, q[i]), math.Max(maxX, q[i])
		minY, maxY = math.Min(minY, q[i+1]), math.Max(maxY, q[i+1])
	}
	return chain.Rect{X: minX, Y: minY, Width: maxX - minX, Height: maxY - minY}
}

// semanticLookup reports whether t finds elements the way the
// accessibility tree names them, so that unrendered elements do not count.
func semanticLookup(t chain.StrategyType) bool {
	switch t {
	case chain.Role, chain.Label, chain.Text:
		return true
	}
	return false
}

// maxVerified bounds how many candidates Conclude measures and verifies.
const maxVerified = 25

// Conclude turns the candidates a strategy matched (in document order) into
// a Result: it measures each, verifies it against the fingerprint, picks
// one (the strategy's Nth when set, else the best verified, visible first)
// and adjusts the recorded confidence by the evidence.
func (e *Env) Conclude(ctx context.Context, s chain.Strategy, cands []*Node, start time.Time) (r Result) {
	r = Result{Strategy: s, MatchCount: len(cands)}
	defer func() { r.Duration = time.Since(start) }()
	if len(cands) == 0 {
		r.Err = fmt.Errorf("%w %s %q", ErrNotFound, s.Type, s.Value)
		return r
	}
	vp, err := e.Metrics(ctx)
	if err != nil {
		r.Err = err
		return r
	}
	fp := e.Fingerprint()
	type scored struct {
		n     *Node
		box   *chain.Rect
		score float64
		kind  bool
	}
	// The first maxVerified candidates are verified, and the recorded
	// Nth wherever it falls: the 30th of 30 look-alike buttons is taken as
	// recorded, not replaced by the best of the first 25.
	verified := cands[:min(len(cands), maxVerified)]
	nthAt := s.Nth - 1
	if s.Nth > maxVerified && s.Nth <= len(cands) {
		verified = append(verified[:len(verified):len(verified)], cands[s.Nth-1])
		nthAt = len(verified) - 1
	}
	e.MeasureBoxes(ctx, verified)
	list := make([]scored, 0, len(verified))
	for _, n := range verified {
		box := e.NodeBox(ctx, n)
		c := CandidateOf(n, box, vp)
		v := Verify(c, fp)
		list = append(list, scored{n, box, v.Score, v.KindMismatch})
	}
	pick := -1
	for i, c := range list {
		if pick < 0 {
			pick = i
			continue
		}
		b := list[pick]
		if (c.box != nil) != (b.box != nil) {
			if c.box != nil {
				pick = i
			}
			continue
		}
		if c.kind != b.kind {
			if !c.kind {
				pick = i
			}
			continue
		}
		if c.score > b.score+1e-9 {
			pick = i
		}
	}
	// The recorded index of several matches holds while the element there
	// is of the recorded kind and verifies about as well as the best one;
	// otherwise the page changed around it and the fingerprint decides.
	nth := false
	staleNth := false
	if s.Nth > 0 && nthAt < len(list) {
		c := list[nthAt]
		if !c.kind && c.score >= list[pick].score-DistinctMargin {
			pick, nth = nthAt, true
		} else {
			staleNth = true
		}
	}
	best := list[pick]
	// Accessibility lookups (role, label, text) count only what is
	// rendered, as the accessibility tree does: the button of a closed
	// dialog that bears the same name is no rival of the visible one.
	matches := len(cands)
	if semanticLookup(s.Type) && best.box != nil && len(cands) <= maxVerified {
		matches = 0
		for _, c := range list {
			if c.box != nil {
				matches++
			}
		}
	}
	r.MatchCount = matches
	second := 0.0
	for i, c := range list {
		if i != pick && c.score > second {
			second = c.score
		}
	}
	r.Found = true
	r.Node = best.n
	r.BackendNodeID = best.n.BackendID
	r.Box = best.box
	if best.box != nil {
		ctr := best.box.Center()
		r.Point = &ctr
	}
	r.Verification = best.score
	r.KindMismatch = best.kind
	r.NthHeld = nth && len(cands) > 1
	r.Confidence = Adjust(Evidence{
		Recorded: s.Confidence, Matches: matches, NthUsed: nth,
		Score: best.score, SecondScore: second, KindMismatch: best.kind, Visible: best.box != nil,
	})
	var notes []string
	if staleNth {
		notes = append(notes, fmt.Sprintf("recorded #%d no longer fits", s.Nth))
	}
	if matches < len(cands) {
		notes = append(notes, fmt.Sprintf("%d of %d matches rendered", matches, len(cands)))
	}
	if len(cands) > 1 {
		if nth {
			notes = append(notes, fmt.Sprintf("%d matches, took #%d as recorded", len(cands), s.Nth))
		} else {
			at := pick + 1
			if pick == nthAt && s.Nth > maxVerified {
				at = s.Nth
			}
			notes = append(notes, fmt.Sprintf("%d matches, picked #%d by fingerprint", len(cands), at))
		}
	}
	if best.kind {
		notes = append(notes, fmt.Sprintf("found %s, recorded a %s", best.n, fp.Tag))
	}
	if best.box == nil {
		notes = append(notes, "not rendered")
	}
	r.Detail = strings.Join(notes, "; ")
	return r
}
