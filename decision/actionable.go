package decision

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/report"
	"github.com/qa-chain/chainreplay/strategies"
)

// objectGroup names the remote objects decision creates; Runner releases
// the group after each step.
const objectGroup = "chainreplay-decision"

// stateFn reports whether the element is connected, rendered visible and enabled.
const stateFn = `function () {
	const el = this;
	if (!el.isConnected) return {connected: false};
	const visible = typeof el.checkVisibility === "function"
		? el.checkVisibility({visibilityProperty: true}) : !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
	const disabled = el.disabled === true || el.getAttribute("aria-disabled") === "true" ||
		!!(el.closest && el.closest("fieldset[disabled]") && ["BUTTON","INPUT","SELECT","TEXTAREA"].includes(el.tagName));
	return {connected: true, visible, enabled: !disabled};
}`

const rafFn = `new Promise(r => requestAnimationFrame(() => r(true)))`

type elemState struct {
	Connected bool `json:"connected"`
	Visible   bool `json:"visible"`
	Enabled   bool `json:"enabled"`
}

// Elem is a located element: its page, its node in the locate round's tree
// (nil when only a backend id of the page's own process is known) and its
// backend id. Calls about it go to the session of its process.
type Elem struct {
	Page *rod.Page
	Node *strategies.Node
	ID   proto.DOMBackendNodeID
}

// ElemOf is the element a strategy result located.
func ElemOf(page *rod.Page, r *strategies.Result) Elem {
	return Elem{Page: page, Node: r.Node, ID: r.BackendNodeID}
}

// client is the DevTools client for calls about e, bound to ctx.
func (e Elem) client(ctx context.Context) proto.Client { return strategies.Caller(ctx, e.Page, e.Node) }

// ref names e across trees.
func (e Elem) ref() strategies.NodeRef {
	if e.Node != nil {
		return e.Node.Ref()
	}
	return strategies.NodeRef{BackendID: e.ID}
}

// callOn calls fn on the element with args (as call arguments) and decodes
// the returned value into out (may be nil).
func callOn(ctx context.Context, el Elem, fn string, out any, args ...any) error {
	c := el.client(ctx)
	obj, err := proto.DOMResolveNode{BackendNodeID: el.ID, ObjectGroup: objectGroup}.Call(c)
	if err != nil {
		return fmt.Errorf("DOM.resolveNode: %w", err)
	}
	ca := make([]*proto.RuntimeCallArgument, len(args))
	for i, a := range args {
		ca[i] = &proto.RuntimeCallArgument{Value: jsonValue(a)}
	}
	res, err := proto.RuntimeCallFunctionOn{FunctionDeclaration: fn, ObjectID: obj.Object.ObjectID, Arguments: ca,
		ReturnByValue: true, AwaitPromise: true}.Call(c)
	if err != nil {
		return fmt.Errorf("Runtime.callFunctionOn: %w", err)
	}
	if res.ExceptionDetails != nil {
		msg := res.ExceptionDetails.Text
		if res.ExceptionDetails.Exception != nil {
			msg = res.ExceptionDetails.Exception.Description
		}
		return fmt.Errorf("page function: %s", msg)
	}
	if out != nil {
		return res.Result.Value.Unmarshal(out)
	}
	return nil
}

// nextFrame waits for the page's next animation frame.
func nextFrame(ctx context.Context, page *rod.Page) error {
	_, err := proto.RuntimeEvaluate{Expression: rafFn, AwaitPromise: true, ReturnByValue: true}.Call(page.Context(ctx))
	return err
}

// contentBox is the first visible content quad of the element, in viewport
// CSS pixels of the top-level page (through out-of-process frames).
func contentBox(ctx context.Context, el Elem) (*chain.Rect, error) {
	q, err := proto.DOMGetContentQuads{BackendNodeID: el.ID}.Call(el.client(ctx))
	if err != nil {
		return nil, err
	}
	for _, quad := range q.Quads {
		r := strategies.QuadRect(quad)
		if r.Width >= 1 && r.Height >= 1 {
			if el.Node != nil && el.Node.Frame != nil {
				off, err := strategies.FrameOffset(ctx, el.Page, el.Node)
				if err != nil {
					return nil, err
				}
				r.X += off.X
				r.Y += off.Y
			}
			return &r, nil
		}
	}
	return nil, errors.New("no visible box")
}

func sameRect(a, b *chain.Rect) bool {
	const eps = 0.5
	return math.Abs(a.X-b.X) < eps && math.Abs(a.Y-b.Y) < eps && math.Abs(a.Width-b.Width) < eps && math.Abs(a.Height-b.Height) < eps
}

// Obstruction says what the pointer would hit instead of the target.
type Obstruction struct {
	Point chain.Point
	// Hit describes the element at the point ("div.overlay").
	Hit string
}

// Actionable waits until the element can take pointer input at its box
// centre (or at offset inside its box): connected, visible, enabled, its
// box unchanged across an animation frame, and the element itself (or a
// descendant, or its <label>) hit at the point. It scrolls the element into
// view first. It returns the point to act at, or a NOT_ACTIONABLE error
// naming the last reason when ctx ends.
func Actionable(ctx context.Context, el Elem, offset *chain.Point) (chain.Point, error) {
	reason := "not checked"
	var doc *strategies.Doc
	for {
		p, why, err := actionableOnce(ctx, el, offset, &doc)
		if err != nil {
			return chain.Point{}, err
		}
		if why == "" && ctx.Err() == nil {
			return p, nil
		}
		if ctx.Err() != nil {
			// The deadline cut this check short: the previous, complete
			// one says why the element was not actionable.
			if reason == "not checked" {
				reason = why
			}
			return chain.Point{}, stepErr(report.NotActionable, ctx.Err(), "%s", reason)
		}
		reason = why
		t := time.NewTimer(20 * time.Millisecond)
		select {
		case <-ctx.Done():
			t.Stop()
			return chain.Point{}, stepErr(report.NotActionable, ctx.Err(), "%s", reason)
		case <-t.C:
		}
	}
}

// actionableOnce runs the checks once: why is "" when the element is ready.
// err is set only for failures that waiting cannot fix.
func actionableOnce(ctx context.Context, el Elem, offset *chain.Point, doc **strategies.Doc) (p chain.Point, why string, err error) {
	var st elemState
	if e := callOn(ctx, el, stateFn, &st); e != nil {
		if ctx.Err() != nil {
			return p, "the deadline passed", nil // Actionable reports the last complete check
		}
		return p, "", stepErr(report.ElementNotFound, e, "the element went away: %v", e)
	}
	switch {
	case !st.Connected:
		return p, "", stepErr(report.ElementNotFound, nil, "the element was removed from the page")
	case !st.Visible:
		return p, "the element is not visible", nil
	case !st.Enabled:
		return p, "the element is disabled", nil
	}
	if e := (proto.DOMScrollIntoViewIfNeeded{BackendNodeID: el.ID}).Call(el.client(ctx)); e != nil {
		return p, fmt.Sprintf("cannot scroll it into view: %v", e), nil
	}
	b1, e := contentBox(ctx, el)
	if e != nil {
		return p, "the element has no visible box", nil
	}
	if e := nextFrame(ctx, el.Page); e != nil {
		return p, fmt.Sprintf("waiting for a frame: %v", e), nil
	}
	b2, e := contentBox(ctx, el)
	if e != nil {
		return p, "the element has no visible box", nil
	}
	if !sameRect(b1, b2) {
		return p, fmt.Sprintf("the element is moving (%.0f,%.0f → %.0f,%.0f)", b1.X, b1.Y, b2.X, b2.Y), nil
	}
	p = b2.Center()
	if offset != nil && offset.X < b2.Width && offset.Y < b2.Height {
		p = chain.Point{X: b2.X + offset.X, Y: b2.Y + offset.Y}
	}
	if el.Node == nil || el.Node.Frame == nil {
		// Fast path: the page's own hit test names the element itself.
		hit, e := strategies.HitTest(ctx, el.Page.Context(ctx), p.X, p.Y)
		if e != nil {
			return p, fmt.Sprintf("nothing at the click point %.0f,%.0f: %v", p.X, p.Y, e), nil
		}
		if hit == el.ID {
			return p, "", nil
		}
	}
	ok, desc := hits(ctx, el, p, doc)
	if ok {
		return p, "", nil
	}
	return p, fmt.Sprintf("another element would receive the click at %.0f,%.0f: %s covers it", p.X, p.Y, desc), nil
}

// hits reports whether the pointer at p reaches the element: what is there
// (through out-of-process frames) is the element, inside it (through shadow
// roots), or a <label> of it.
func hits(ctx context.Context, el Elem, p chain.Point, doc **strategies.Doc) (bool, string) {
	for attempt := 0; attempt < 2; attempt++ {
		if *doc == nil || attempt > 0 {
			d, err := strategies.LoadDoc(ctx, el.Page)
			if err != nil {
				return false, "an unknown element"
			}
			*doc = d
		}
		d := *doc
		t := d.ByRef(el.ref())
		h, err := strategies.NodeAt(ctx, el.Page, d, p)
		if t == nil || h == nil || err != nil {
			continue // the tree is older than the page: read it again
		}
		if t.Contains(h) {
			return true, ""
		}
		for n := h; n != nil; n = n.Parent {
			if n.Tag == "label" && (n.Contains(t) || (n.Attr("for") != "" && n.Attr("for") == t.Attr("id"))) {
				return true, ""
			}
		}
		return false, h.String()
	}
	return false, "an unknown element"
}
