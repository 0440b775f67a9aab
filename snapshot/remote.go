package snapshot

import (
	"errors"
	"fmt"
	"sync"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"
)

// Closed shadow roots and cross-origin frames are out of page script's
// reach. Both are found cheaply by the walk itself: it lists custom elements
// that have no open shadow root (the only candidates a page script cannot
// rule out) and iframes whose document it cannot read. Only those are asked
// about through DevTools, so a page without them pays nothing.

// closedRoots asks DevTools, for each candidate host of pc, whether it
// hosts a closed shadow root, and walks the root it finds in the same world
// with the same stash.
func (c *capture) closedRoots(pc *piece) error {
	max := c.opts.MaxClosedHosts
	if max <= 0 {
		max = 64
	}
	var roots map[int]proto.DOMBackendNodeID
	var err error
	if len(pc.out.C) > max {
		roots, err = c.closedRootsBulk(pc)
	} else {
		roots, err = c.closedRootsEach(pc)
	}
	if err != nil {
		return err
	}
	wd := c.worlds[pc.w]
	for _, h := range pc.out.C {
		root, ok := roots[h.H]
		if !ok {
			continue
		}
		obj, err := proto.DOMResolveNode{BackendNodeID: root, ExecutionContextID: wd.ctxID}.Call(wd.client(c.ctx))
		if err != nil {
			return fmt.Errorf("snapshot: resolve closed shadow root: %w", err)
		}
		stash, err := c.stashObject(pc.w)
		if err != nil {
			return err
		}
		clip := h.Clip
		pk := h.PK
		sp, err := c.walk(pc.w, walkOptions{Seq: c.seq, All: c.opts.AllTiers, AC: c.opts.askCursor, VW: c.vw, VH: c.vh, OX: h.OX, OY: h.OY, Clip: &clip,
			FP: h.FP, SP: h.SP, Hidden: h.Hid, PK: &pk}, obj.Object.ObjectID, &stash)
		if err != nil {
			return err
		}
		c.stats.ClosedRoots++
		if err := c.expand(sp); err != nil {
			return err
		}
		pc.subs = append(pc.subs, sub{pos: h.Pos, parent: -2, pc: sp})
	}
	return nil
}

// closedRootsEach describes each candidate host: three round trips each.
func (c *capture) closedRootsEach(pc *piece) (map[int]proto.DOMBackendNodeID, error) {
	wd := c.worlds[pc.w]
	roots := map[int]proto.DOMBackendNodeID{}
	depth := 1
	for _, h := range pc.out.C {
		obj, err := c.stashElement(pc.w, "hosts", h.H)
		if err != nil {
			return nil, err
		}
		d, err := proto.DOMDescribeNode{ObjectID: obj, Depth: &depth, Pierce: true}.Call(wd.client(c.ctx))
		_ = proto.RuntimeReleaseObject{ObjectID: obj}.Call(wd.client(c.ctx))
		if err != nil {
			return nil, fmt.Errorf("snapshot: describe host: %w", err)
		}
		for _, r := range d.Node.ShadowRoots {
			if r.ShadowRootType == proto.DOMShadowRootTypeClosed {
				roots[h.H] = r.BackendNodeID
			}
		}
	}
	return roots, nil
}

// closedRootsBulk fetches the whole tree once (DOM.getDocument pierce) and
// maps each closed root's host back to its candidate index.
func (c *capture) closedRootsBulk(pc *piece) (map[int]proto.DOMBackendNodeID, error) {
	wd := c.worlds[pc.w]
	p := wd.client(c.ctx)
	depth := -1
	doc, err := proto.DOMGetDocument{Depth: &depth, Pierce: true}.Call(p)
	if err != nil {
		return nil, fmt.Errorf("snapshot: get document: %w", err)
	}
	type found struct{ host, root proto.DOMBackendNodeID }
	var closed []found
	var visit func(n *proto.DOMNode)
	visit = func(n *proto.DOMNode) {
		for _, r := range n.ShadowRoots {
			if r.ShadowRootType == proto.DOMShadowRootTypeClosed {
				closed = append(closed, found{n.BackendNodeID, r.BackendNodeID})
			}
			visit(r)
		}
		for _, ch := range n.Children {
			visit(ch)
		}
		if n.ContentDocument != nil {
			visit(n.ContentDocument)
		}
	}
	visit(doc.Root)
	roots := map[int]proto.DOMBackendNodeID{}
	if len(closed) == 0 {
		return roots, nil
	}
	stash, err := c.stashObject(pc.w)
	if err != nil {
		return nil, err
	}
	for _, f := range closed {
		obj, err := proto.DOMResolveNode{BackendNodeID: f.host, ExecutionContextID: wd.ctxID}.Call(p)
		if err != nil {
			continue // a host in another frame's context
		}
		res, err := proto.RuntimeCallFunctionOn{
			FunctionDeclaration: `function(s) { return s.hosts.indexOf(this) }`,
			ObjectID:            obj.Object.ObjectID,
			Arguments:           []*proto.RuntimeCallArgument{{ObjectID: stash}},
			ReturnByValue:       true,
		}.Call(p)
		_ = proto.RuntimeReleaseObject{ObjectID: obj.Object.ObjectID}.Call(p)
		if err != nil {
			continue
		}
		if i := res.Result.Value.Int(); i >= 0 {
			roots[i] = f.root
		}
	}
	return roots, nil
}

// remoteFrame walks the cross-origin frame f of pc in its own context: an
// isolated world when the frame lives in the page's process, else (site
// isolation) the main world of the frame's own target session.
func (c *capture) remoteFrame(pc *piece, f rawFrame) (*piece, error) {
	wd := c.worlds[pc.w]
	p := wd.client(c.ctx)
	obj, err := c.stashElement(pc.w, "frames", f.H)
	if err != nil {
		return nil, err
	}
	d, err := proto.DOMDescribeNode{ObjectID: obj}.Call(p)
	_ = proto.RuntimeReleaseObject{ObjectID: obj}.Call(p)
	if err != nil {
		return nil, fmt.Errorf("snapshot: describe iframe: %w", err)
	}
	fid := d.Node.FrameID
	if fid == "" {
		return nil, nil // not loaded
	}
	nw := &world{page: wd.page, session: wd.session, frameID: fid}
	iso, err := proto.PageCreateIsolatedWorld{FrameID: fid, WorldName: "chainreplay-snapshot"}.Call(p)
	if err == nil {
		nw.ctxID = iso.ExecutionContextID
	} else {
		// Out of process: the frame is its own target.
		fs, err2 := frameSession(c.browser, proto.TargetTargetID(fid))
		if err2 != nil {
			return nil, fmt.Errorf("snapshot: frame %s: %w", fid, errors.Join(err, err2))
		}
		nw.page, nw.session = nil, fs
	}
	c.worlds = append(c.worlds, nw)
	clip := f.Clip
	sp, err := c.walk(len(c.worlds)-1, walkOptions{Seq: c.seq, All: c.opts.AllTiers, AC: c.opts.askCursor, VW: c.vw, VH: c.vh, OX: f.OX, OY: f.OY,
		Clip: &clip, FP: f.FP, Hidden: f.Hid}, "", nil)
	if err != nil {
		return nil, err
	}
	c.stats.RemoteFrames++
	if err := c.expand(sp); err != nil {
		return nil, err
	}
	return sp, nil
}

// frameSessions caches the sessions attached to out-of-process frames, by
// target id (unique for a browser's lifetime), so that repeated captures do
// not attach again.
var frameSessions sync.Map // proto.TargetTargetID -> *session

// frameSession returns a session on the out-of-process frame target id.
func frameSession(b *rod.Browser, id proto.TargetTargetID) (*session, error) {
	if s, ok := frameSessions.Load(id); ok {
		return s.(*session), nil
	}
	res, err := proto.TargetAttachToTarget{TargetID: id, Flatten: true}.Call(b)
	if err != nil {
		return nil, err
	}
	s := &session{b: b, id: res.SessionID}
	frameSessions.Store(id, s)
	return s, nil
}
