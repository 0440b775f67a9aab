package pagemodel

import (
	"context"
	"fmt"
	"sync"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/internal/testid"
)

// DefaultTestIDAttrs are the attributes read as test ids when Options
// names none, in order of preference (internal/testid, the one list).
var DefaultTestIDAttrs = testid.Default

// Options tune a Page. The zero value reads DefaultTestIDAttrs.
type Options struct {
	// TestIDAttrs are the attributes read as test ids (the application's
	// own, such as data-automation-id, may be added), in order of
	// preference; nil means DefaultTestIDAttrs.
	TestIDAttrs []string
}

// TestIDs returns the test id attributes o names.
func (o Options) TestIDs() []string {
	if len(o.TestIDAttrs) == 0 {
		return DefaultTestIDAttrs
	}
	return o.TestIDAttrs
}

// Page is the model of one rod page: its worlds (the top document's, and
// each cross-origin frame's), found as they are needed and kept until the
// document they stand for goes.
type Page struct {
	Rod     *rod.Page
	Options Options

	mu  sync.Mutex
	top *World
	// far holds the worlds of cross-origin frames, by the parent world
	// and the frame's reference there.
	far map[Ref]*World
}

// New returns the model of page.
func New(page *rod.Page, opts Options) *Page {
	return &Page{Rod: page, Options: opts}
}

// Session is the page's own DevTools session.
func (p *Page) Session() Session {
	return Session{B: p.Rod.Browser(), ID: p.Rod.SessionID}
}

// Reset forgets the page's worlds (after a navigation, or to start
// afresh): the next call finds them again.
func (p *Page) Reset(ctx context.Context) {
	p.mu.Lock()
	top, far := p.top, p.far
	p.top, p.far = nil, nil
	p.mu.Unlock()
	if top != nil {
		top.release(ctx)
	}
	for _, w := range far {
		w.release(ctx)
	}
}

// Top returns the world of the page's top document.
func (p *Page) Top(ctx context.Context) (*World, error) {
	p.mu.Lock()
	w := p.top
	p.mu.Unlock()
	if w != nil && !w.gone.Load() {
		return w, nil
	}
	if w != nil {
		p.Reset(ctx)
	}
	w = &World{S: p.Session(), group: newGroup(), Clip: [4]float64{-1e9, -1e9, 1e9, 1e9}}
	res, err := proto.RuntimeEvaluate{Expression: "document", ObjectGroup: w.group, Silent: true}.Call(w.S.Client(ctx))
	if err != nil {
		return nil, fmt.Errorf("pagemodel: the page's document: %w", err)
	}
	if res.Result.ObjectID == "" {
		return nil, fmt.Errorf("pagemodel: the page has no document")
	}
	w.doc = res.Result.ObjectID
	p.mu.Lock()
	if p.top != nil && !p.top.gone.Load() { // another call made it meanwhile
		w2 := p.top
		p.mu.Unlock()
		w.release(ctx)
		return w2, nil
	}
	p.top = w
	p.mu.Unlock()
	return w, nil
}

// farFrame is a frame page script could not enter, as the model describes
// it (js/60_find.js, farFrame).
type farFrame struct {
	K    int        `json:"k"`
	FP   []string   `json:"fp"`
	X    float64    `json:"x"`
	Y    float64    `json:"y"`
	Clip [4]float64 `json:"clip"`
	Vis  bool       `json:"vis"`
}

// farWorld returns the world of the cross-origin frame f of world w: the
// main world of its document, in w's session when the frame lives in the
// page's process, else in a session attached to the frame's own target.
// It is nil (with no error) for a frame without a document yet.
func (p *Page) farWorld(ctx context.Context, w *World, f farFrame) (*World, error) {
	key := Ref{W: w, K: f.K}
	place := func(nw *World) {
		nw.X, nw.Y, nw.Hidden = w.X+f.X, w.Y+f.Y, w.Hidden || !f.Vis
		nw.Clip = [4]float64{max(w.Clip[0], f.Clip[0]+w.X), max(w.Clip[1], f.Clip[1]+w.Y), min(w.Clip[2], f.Clip[2]+w.X), min(w.Clip[3], f.Clip[3]+w.Y)}
	}
	p.mu.Lock()
	nw := p.far[key]
	if nw != nil && !nw.gone.Load() {
		place(nw) // the frame may have moved (a scroll) since
		p.mu.Unlock()
		return nw, nil
	}
	p.mu.Unlock()
	c := w.S.Client(ctx)
	obj, err := w.call(ctx, "", "el", false, "", f.K)
	if err != nil {
		return nil, err
	}
	if obj.ObjectID == "" {
		return nil, fmt.Errorf("%w: frame %v", ErrGone, f.FP)
	}
	depth := 1
	d, err := proto.DOMDescribeNode{ObjectID: obj.ObjectID, Depth: &depth}.Call(c)
	if err != nil {
		return nil, fmt.Errorf("pagemodel: describe frame: %w", err)
	}
	nw = &World{S: w.S, group: newGroup(), FramePath: append(append([]string(nil), w.FramePath...), f.FP...), Frame: d.Node.FrameID}
	place(nw)
	if cd := d.Node.ContentDocument; cd != nil {
		res, err := proto.DOMResolveNode{BackendNodeID: cd.BackendNodeID, ObjectGroup: nw.group}.Call(c)
		if err != nil {
			return nil, fmt.Errorf("pagemodel: frame document: %w", err)
		}
		nw.doc = res.Object.ObjectID
	} else {
		if d.Node.FrameID == "" {
			return nil, nil // not loaded
		}
		s, err := p.frameSession(ctx, proto.TargetTargetID(d.Node.FrameID))
		if err != nil {
			return nil, fmt.Errorf("pagemodel: frame %s: %w", d.Node.FrameID, err)
		}
		nw.S = s
		res, err := proto.RuntimeEvaluate{Expression: "document", ObjectGroup: nw.group, Silent: true}.Call(s.Client(ctx))
		if err != nil {
			return nil, fmt.Errorf("pagemodel: frame document: %w", err)
		}
		nw.doc = res.Result.ObjectID
	}
	if nw.doc == "" {
		return nil, nil
	}
	p.mu.Lock()
	if p.far == nil {
		p.far = map[Ref]*World{}
	}
	p.far[key] = nw
	p.mu.Unlock()
	return nw, nil
}

// frameSession returns a session attached to the out-of-process frame id.
func (p *Page) frameSession(ctx context.Context, id proto.TargetTargetID) (Session, error) {
	b := p.Rod.Browser()
	if s, ok := frameSessions.Load(id); ok {
		return Session{B: b, ID: s.(proto.TargetSessionID)}, nil
	}
	res, err := proto.TargetAttachToTarget{TargetID: id, Flatten: true}.Call(b.Context(ctx))
	if err != nil {
		return Session{}, err
	}
	frameSessions.Store(id, res.SessionID)
	return Session{B: b, ID: res.SessionID}, nil
}

// Object returns a remote object for r's element in group (the caller
// releases it), or ErrGone when the element is no longer in its world.
func (p *Page) Object(ctx context.Context, r Ref, group string) (proto.RuntimeRemoteObjectID, error) {
	if !r.Valid() {
		return "", fmt.Errorf("%w: no element", ErrGone)
	}
	obj, err := r.W.call(ctx, "", "el", false, group, r.K)
	if err != nil {
		return "", err
	}
	if obj.ObjectID == "" {
		return "", fmt.Errorf("%w: element %d", ErrGone, r.K)
	}
	return obj.ObjectID, nil
}

// BackendID returns r's element's DevTools backend node id.
func (p *Page) BackendID(ctx context.Context, r Ref, group string) (proto.DOMBackendNodeID, proto.RuntimeRemoteObjectID, error) {
	obj, err := p.Object(ctx, r, group)
	if err != nil {
		return 0, "", err
	}
	d, err := proto.DOMDescribeNode{ObjectID: obj}.Call(r.W.S.Client(ctx))
	if err != nil {
		return 0, "", fmt.Errorf("pagemodel: describe element: %w", err)
	}
	return d.Node.BackendNodeID, obj, nil
}

// RefOf returns the reference of the element obj, a remote object of the
// world w's session (its main world).
func (p *Page) RefOf(ctx context.Context, w *World, obj proto.RuntimeRemoteObjectID) (Ref, error) {
	r, err := w.call(ctx, obj, "ref", true, "")
	if err != nil {
		return Ref{}, err
	}
	return Ref{W: w, K: r.Value.Int()}, nil
}

// Brief describes the elements refs (of any worlds) again, as they are
// now; an element no longer in the page gives nil.
func (p *Page) Brief(ctx context.Context, refs []Ref) ([]*Element, error) {
	out := make([]*Element, len(refs))
	byWorld := map[*World][]int{}
	for i, r := range refs {
		byWorld[r.W] = append(byWorld[r.W], i)
	}
	for w, idx := range byWorld {
		if w == nil {
			continue
		}
		ks := make([]int, len(idx))
		for j, i := range idx {
			ks[j] = refs[i].K
		}
		var els []*Element
		if err := w.callJSON(ctx, "", "brief", &els, ks, map[string]any{"testIds": p.Options.TestIDs()}); err != nil {
			return nil, err
		}
		for j, i := range idx {
			if j < len(els) && els[j] != nil {
				els[j].place(w, refs[i].K)
				out[i] = els[j]
			}
		}
	}
	return out, nil
}

// FrameWorld returns the world of the cross-origin frame element k of
// world w, whose content starts at (x, y) of w's viewport with the clip
// clip there; hidden says the frame is not rendered. It is nil (with no
// error) for a frame without a document yet.
func (p *Page) FrameWorld(ctx context.Context, w *World, k int, fp []string, x, y float64, clip [4]float64, hidden bool) (*World, error) {
	return p.farWorld(ctx, w, farFrame{K: k, FP: fp, X: x, Y: y, Clip: clip, Vis: !hidden})
}

// ClosedRoots asks DevTools whether the custom elements hosts (references
// in world w) hold a closed shadow root, and hands each one found to the
// model, which walks into it from then on. It returns how many it found.
func (p *Page) ClosedRoots(ctx context.Context, w *World, hosts []int) (int, error) {
	return p.closedRoots(ctx, w, hosts)
}
