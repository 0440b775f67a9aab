package snapshot

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/go-rod/rod/lib/proto"
	"github.com/ysmood/gson"

	"github.com/qa-chain/chainreplay/pagemodel"
)

// Backend node ids are resolved lazily. The walk keeps a reference to every
// kept element in its JavaScript world (an array held by a symbol-keyed
// global), so mapping one node costs two round trips (Runtime.evaluate of
// the array element, DOM.describeNode) only for the nodes a caller uses,
// instead of DOM.getDocument(pierce) for the whole page (220 ms at 10k
// elements). The other way, a backend node id is mapped to its node with
// DOM.resolveNode and a read of the position of the element in the walk's array (one indexOf in page script).

// Session returns a DevTools client on the session n lives in: the
// captured page, or for a node of an out-of-process frame, that frame's own
// session. Calls that take n's backend node id (DOM.getBoxModel,
// DOM.scrollIntoViewIfNeeded...) go to it; OwnSession tells them apart.
func (s *Snapshot) Session(ctx context.Context, n *Node) proto.Client {
	return s.worlds[n.world].client(ctx)
}

// OwnSession reports whether n lives in an out-of-process frame, whose
// session is not the page's.
func (s *Snapshot) OwnSession(n *Node) bool {
	return s.worlds[n.world].w.S.ID != s.model.Rod.SessionID
}

// Ref returns the page model's reference of n's element.
func (s *Snapshot) Ref(ctx context.Context, n *Node) (pagemodel.Ref, error) {
	obj, err := s.Object(ctx, n)
	if err != nil {
		return pagemodel.Ref{}, err
	}
	w := s.worlds[n.world].w
	defer func() { _ = proto.RuntimeReleaseObject{ObjectID: obj.ObjectID}.Call(w.S.Client(ctx)) }()
	return s.model.RefOf(ctx, w, obj.ObjectID)
}

// Object returns a remote object for n's element, in the world the walk
// ran in (the main world of the page's top document or of a cross-origin
// frame's). The caller releases it. It fails with ErrStale when the page
// no longer holds this snapshot's elements.
func (s *Snapshot) Object(ctx context.Context, n *Node) (*proto.RuntimeRemoteObject, error) {
	if n == nil || n.world < 0 || n.world >= len(s.worlds) {
		return nil, fmt.Errorf("snapshot: object of unknown node: %w", ErrNoNode)
	}
	w := s.worlds[n.world]
	res, err := w.w.Eval(ctx, fmt.Sprintf(`(s => s && s.seq === %d ? s.els[%d] : null)(globalThis[Symbol.for("chainreplay.snapshot")])`, s.seq, n.local), false, "")
	if err != nil {
		return nil, fmt.Errorf("snapshot: object of %s: %w", n.ID, err)
	}
	if res.ObjectID == "" {
		return nil, fmt.Errorf("snapshot: object of %s: %w", n.ID, ErrStale)
	}
	return res, nil
}

// Resolve returns n's backend node id, asking DevTools the first time and
// filling n.BackendNodeID and the reverse map.
func (s *Snapshot) Resolve(ctx context.Context, n *Node) (proto.DOMBackendNodeID, error) {
	s.mu.Lock()
	id := n.BackendNodeID
	s.mu.Unlock()
	if id != 0 {
		return id, nil
	}
	obj, err := s.Object(ctx, n)
	if err != nil {
		return 0, err
	}
	p := s.worlds[n.world].client(ctx)
	d, err := proto.DOMDescribeNode{ObjectID: obj.ObjectID}.Call(p)
	_ = proto.RuntimeReleaseObject{ObjectID: obj.ObjectID}.Call(p)
	if err != nil {
		return 0, fmt.Errorf("snapshot: describe %s: %w", n.ID, err)
	}
	s.mu.Lock()
	n.BackendNodeID = d.Node.BackendNodeID
	if s.byBackend == nil {
		s.byBackend = map[proto.DOMBackendNodeID]*Node{}
	}
	s.byBackend[n.BackendNodeID] = n
	s.mu.Unlock()
	return d.Node.BackendNodeID, nil
}

// ResolveAll resolves the backend ids of nodes (a few; each costs two
// round trips, issued concurrently).
func (s *Snapshot) ResolveAll(ctx context.Context, nodes []*Node) error {
	errs := make(chan error, len(nodes))
	sem := make(chan struct{}, 8)
	for _, n := range nodes {
		sem <- struct{}{}
		go func() {
			defer func() { <-sem }()
			_, err := s.Resolve(ctx, n)
			errs <- err
		}()
	}
	var first error
	for range nodes {
		if err := <-errs; err != nil && first == nil {
			first = err
		}
	}
	return first
}

// NodeForBackendID returns the node of the element with backend node id
// id (as DOM.getNodeForLocation reports it), or ErrNoNode when that element
// is not a kept node of this snapshot. Only elements of the page's own
// session are mapped (not those of out-of-process frames).
func (s *Snapshot) NodeForBackendID(ctx context.Context, id proto.DOMBackendNodeID) (*Node, error) {
	if n := s.ByBackendID(id); n != nil {
		return n, nil
	}
	for _, w := range s.worlds {
		p := w.client(ctx)
		obj, err := proto.DOMResolveNode{BackendNodeID: id}.Call(p)
		if err != nil {
			continue // not in this session
		}
		st, err := w.w.Eval(ctx, `globalThis[Symbol.for("chainreplay.snapshot")]`, false, "")
		if err != nil || st.ObjectID == "" {
			_ = proto.RuntimeReleaseObject{ObjectID: obj.Object.ObjectID}.Call(p)
			continue
		}
		res, err := proto.RuntimeCallFunctionOn{
			FunctionDeclaration: fmt.Sprintf(`function(s) { return s && s.seq === %d ? s.els.indexOf(this) : -1 }`, s.seq),
			ObjectID:            obj.Object.ObjectID,
			Arguments:           []*proto.RuntimeCallArgument{{ObjectID: st.ObjectID}},
			ReturnByValue:       true,
		}.Call(p)
		_ = proto.RuntimeReleaseObject{ObjectID: obj.Object.ObjectID}.Call(p)
		_ = proto.RuntimeReleaseObject{ObjectID: st.ObjectID}.Call(p)
		if err != nil || res.ExceptionDetails != nil {
			continue
		}
		k := res.Result.Value.Int()
		if k >= 0 && k < len(w.nodes) && w.nodes[k] != nil {
			n := w.nodes[k]
			s.mu.Lock()
			n.BackendNodeID = id
			s.byBackend[id] = n
			s.mu.Unlock()
			return n, nil
		}
	}
	return nil, fmt.Errorf("snapshot: backend node %d: %w", id, ErrNoNode)
}

// NodeForRef returns the node of the page model's element ref, or
// ErrNoNode when that element is not a kept node of this snapshot (or its
// world is not one the snapshot walked). One round trip: the element's
// index in the walk's array, asked in ref's world.
func (s *Snapshot) NodeForRef(ctx context.Context, ref pagemodel.Ref) (*Node, error) {
	for _, w := range s.worlds {
		if w.w != ref.W {
			continue
		}
		expr := fmt.Sprintf(`((s, el) => s && s.seq === %d && el ? s.els.indexOf(el) : -1)(globalThis[Symbol.for("chainreplay.snapshot")], %s)`,
			s.seq, pagemodel.Left(fmt.Sprintf("el(null, %d)", ref.K)))
		res, err := w.w.Eval(ctx, expr, true, "")
		if err != nil {
			return nil, fmt.Errorf("snapshot: element %d: %w", ref.K, err)
		}
		if k := res.Value.Int(); k >= 0 && k < len(w.nodes) && w.nodes[k] != nil {
			return w.nodes[k], nil
		}
	}
	return nil, fmt.Errorf("snapshot: element %d: %w", ref.K, ErrNoNode)
}

// Call calls the page function fn (a function declaration) on the
// elements of nodes and returns its answer for each, in order: fn takes an
// array of elements and returns an array of as many values, returned by
// value. It is called once per world the nodes were walked in (the top
// document's, with its same-origin frames and shadow trees, and each
// cross-origin frame's): one round trip for many nodes, where Object costs
// one each. It fails with ErrStale when the page no longer holds this
// snapshot's elements.
func (s *Snapshot) Call(ctx context.Context, nodes []*Node, fn string) ([]gson.JSON, error) {
	out := make([]gson.JSON, len(nodes))
	byWorld := map[int][]int{} // world: indices into nodes
	var worlds []int
	for i, n := range nodes {
		if n == nil || n.world < 0 || n.world >= len(s.worlds) {
			return nil, fmt.Errorf("snapshot: call on unknown node: %w", ErrNoNode)
		}
		if _, ok := byWorld[n.world]; !ok {
			worlds = append(worlds, n.world)
		}
		byWorld[n.world] = append(byWorld[n.world], i)
	}
	for _, wi := range worlds {
		is := byWorld[wi]
		idx := make([]string, len(is))
		for j, i := range is {
			idx[j] = strconv.Itoa(nodes[i].local)
		}
		w := s.worlds[wi]
		res, err := w.w.Eval(ctx, fmt.Sprintf(`((s, f) => s && s.seq === %d ? f([%s].map(i => s.els[i])) : null)(globalThis[Symbol.for("chainreplay.snapshot")], (%s))`,
			s.seq, strings.Join(idx, ","), fn), true, "")
		if err != nil {
			return nil, fmt.Errorf("snapshot: call: %w", err)
		}
		if res.Value.Nil() {
			return nil, fmt.Errorf("snapshot: call: %w", ErrStale)
		}
		vals := res.Value.Arr()
		if len(vals) != len(is) {
			return nil, fmt.Errorf("snapshot: call: %d answers for %d nodes", len(vals), len(is))
		}
		for j, i := range is {
			out[i] = vals[j]
		}
	}
	return out, nil
}

// Describe describes the elements of nodes as the page model does
// (pagemodel.Element: region, neighbours, exact boxes...), one page
// function per world; an element no longer in the page gives nil. It
// fails with ErrStale when the page no longer holds this snapshot's
// elements.
func (s *Snapshot) Describe(ctx context.Context, nodes []*Node) ([]*pagemodel.Element, error) {
	out := make([]*pagemodel.Element, len(nodes))
	byWorld := map[int][]int{}
	for i, n := range nodes {
		if n == nil || n.world < 0 || n.world >= len(s.worlds) {
			return nil, fmt.Errorf("snapshot: describe unknown node: %w", ErrNoNode)
		}
		byWorld[n.world] = append(byWorld[n.world], i)
	}
	for wi, is := range byWorld {
		w := s.worlds[wi].w
		idx := make([]int, len(is))
		for j, i := range is {
			idx[j] = nodes[i].local
		}
		var raw []*struct {
			pagemodel.Element
			K int `json:"k"`
		}
		if err := w.CallJSON(ctx, "stashBrief", &raw, s.seq, idx, map[string]any{"testIds": s.model.Options.TestIDs()}); err != nil {
			return nil, fmt.Errorf("snapshot: describe: %w", err)
		}
		if raw == nil {
			return nil, fmt.Errorf("snapshot: describe: %w", ErrStale)
		}
		for j, i := range is {
			if j < len(raw) && raw[j] != nil {
				e := raw[j].Element
				w.Place(&e, raw[j].K)
				out[i] = &e
			}
		}
	}
	return out, nil
}
