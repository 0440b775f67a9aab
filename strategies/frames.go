package strategies

import (
	"context"
	"fmt"
	"sync"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
)

// Frame is an out-of-process iframe (site isolation, or a browser reached
// over ws://): its document lives in another renderer and is reached through
// its own flattened DevTools session.
type Frame struct {
	// Owner is the <iframe> element in the parent tree.
	Owner *Node
	// Session is the DevTools session attached to the frame's target.
	Session proto.TargetSessionID
}

// SessionID is f's session, "" for nil (the page's own).
func (f *Frame) SessionID() proto.TargetSessionID {
	if f == nil {
		return ""
	}
	return f.Session
}

// attached remembers the sessions attached to out-of-process frames, by
// frame target id, so every locate round reuses them.
var attached sync.Map // proto.TargetTargetID → proto.TargetSessionID

// attach returns a session to the frame target id, attaching once.
func attach(ctx context.Context, c proto.Client, id proto.PageFrameID, fresh bool) (proto.TargetSessionID, error) {
	key := proto.TargetTargetID(id)
	if v, ok := attached.Load(key); ok && !fresh {
		return v.(proto.TargetSessionID), nil
	}
	browser := session{c: c, id: "", ctx: ctx}
	res, err := proto.TargetAttachToTarget{TargetID: key, Flatten: true}.Call(browser)
	if err != nil {
		return "", fmt.Errorf("Target.attachToTarget %s: %w", id, err)
	}
	attached.Store(key, res.SessionID)
	return res.SessionID, nil
}

// loadFrames reads the trees of out-of-process iframes: every <iframe>
// element whose document did not come with the parent's tree. A frame that
// cannot be read is left out (its nodes are simply not found).
func (d *Doc) loadFrames(ctx context.Context, c proto.Client) {
	depth := -1
	var owners []*Node
	collect := func(from []*Node) {
		for _, e := range from {
			if (e.Tag == "iframe" || e.Tag == "frame") && e.Content == nil && e.FrameID != "" {
				owners = append(owners, e)
			}
		}
	}
	collect(d.Elements)
	for i := 0; i < len(owners) && i < 64; i++ {
		owner := owners[i]
		var res *proto.DOMGetDocumentResult
		var sid proto.TargetSessionID
		for try := 0; try < 2; try++ {
			var err error
			sid, err = attach(ctx, c, owner.FrameID, try > 0)
			if err != nil {
				break
			}
			res, err = proto.DOMGetDocument{Depth: &depth, Pierce: true}.Call(session{c: c, id: sid, ctx: ctx})
			if err == nil {
				break
			}
			res = nil
		}
		if res == nil {
			continue
		}
		f := &Frame{Owner: owner, Session: sid}
		before := len(d.Elements)
		owner.Content = d.build(res.Root, owner, nil, f)
		collect(d.Elements[before:])
	}
}

// Caller is the DevTools client for calls about n: page's session for the
// page's own nodes (n may be nil), the frame's session for nodes of an
// out-of-process iframe; bound to ctx.
func Caller(ctx context.Context, page proto.Client, n *Node) proto.Client {
	s := withCtx(page, ctx)
	if n != nil && n.Frame != nil {
		s.id = n.Frame.Session
	}
	return s
}

// FrameOffset is where n's out-of-process frame viewport starts in the
// top-level viewport (the sum of the content-box corners of the <iframe>
// elements it is in); zero for the page's own nodes.
func FrameOffset(ctx context.Context, page proto.Client, n *Node) (chain.Point, error) {
	var off chain.Point
	for f := frameOf(n); f != nil; f = frameOf(f.Owner) {
		res, err := proto.DOMGetBoxModel{BackendNodeID: f.Owner.BackendID}.Call(Caller(ctx, page, f.Owner))
		if err != nil {
			return off, fmt.Errorf("frame box: DOM.getBoxModel: %w", err)
		}
		r := QuadRect(res.Model.Content)
		off.X += r.X
		off.Y += r.Y
	}
	return off, nil
}

func frameOf(n *Node) *Frame {
	if n == nil {
		return nil
	}
	return n.Frame
}

// NodeBox is n's border box in viewport CSS pixels of the top-level page,
// through out-of-process frames; nil when it is not rendered.
func NodeBox(ctx context.Context, page proto.Client, n *Node) (*chain.Rect, error) {
	r, err := BoxOf(ctx, Caller(ctx, page, n), n.BackendID)
	if err != nil || n.Frame == nil {
		return r, err
	}
	off, err := FrameOffset(ctx, page, n)
	if err != nil {
		return nil, err
	}
	r.X += off.X
	r.Y += off.Y
	return r, nil
}

// NodeAt returns the deepest node at a top-level viewport point: it asks
// the page (DOM.getNodeForLocation) and, when that lands on the <iframe> of
// an out-of-process frame, asks that frame at the point inside it. The
// result is an element of d (text nodes give their parent), or nil.
func NodeAt(ctx context.Context, page proto.Client, d *Doc, p chain.Point) (*Node, error) {
	var frame *Frame
	x, y := p.X, p.Y
	for depth := 0; depth < 8; depth++ {
		c := Caller(ctx, page, frame.ownerNodeForCall())
		id, err := HitTest(ctx, c, x, y)
		if err != nil {
			return nil, err
		}
		n := d.ByRef(NodeRef{Session: frame.SessionID(), BackendID: id})
		for n != nil && !n.IsElement() {
			n = n.Parent
		}
		if n == nil {
			return nil, nil
		}
		if c := n.Content; c != nil && c.Frame != nil && c.Frame != frame {
			r, err := proto.DOMGetBoxModel{BackendNodeID: n.BackendID}.Call(Caller(ctx, page, n))
			if err != nil {
				return n, nil
			}
			cb := QuadRect(r.Model.Content)
			x, y = x-cb.X, y-cb.Y
			frame = c.Frame
			continue
		}
		return n, nil
	}
	return nil, nil
}

const scrollFn = `[window.scrollX, window.scrollY]`

// HitTest is the backend id of the node at a viewport point of the
// document c talks to. DOM.getNodeForLocation takes document coordinates
// (measured: a scrolled page finds nothing at viewport coordinates), so the
// document's scroll offset is read and added first.
func HitTest(ctx context.Context, c proto.Client, x, y float64) (proto.DOMBackendNodeID, error) {
	res, err := proto.RuntimeEvaluate{Expression: scrollFn, ReturnByValue: true}.Call(c)
	if err != nil {
		return 0, fmt.Errorf("read the scroll offset: %w", err)
	}
	var sc [2]float64
	if err := res.Result.Value.Unmarshal(&sc); err != nil {
		return 0, fmt.Errorf("read the scroll offset: %w", err)
	}
	return HitTestScrolled(ctx, c, x, y, chain.Point{X: sc[0], Y: sc[1]})
}

// HitTestScrolled is HitTest for a caller that has just read the
// document's scroll offset.
func HitTestScrolled(ctx context.Context, c proto.Client, x, y float64, scroll chain.Point) (proto.DOMBackendNodeID, error) {
	loc, err := proto.DOMGetNodeForLocation{X: int(x + scroll.X + 0.5), Y: int(y + scroll.Y + 0.5), IgnorePointerEventsNone: true}.Call(withCtx(c, ctx))
	if err != nil {
		return 0, fmt.Errorf("DOM.getNodeForLocation (%.0f, %.0f): %w", x, y, err)
	}
	return loc.BackendNodeID, nil
}

// ownerNodeForCall returns a node that lives in f's own process, for Caller:
// any node with Frame == f does; the Frame itself is enough to pick the session.
func (f *Frame) ownerNodeForCall() *Node {
	if f == nil {
		return nil
	}
	return &Node{Frame: f}
}
