package recorder

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/browser"
	"github.com/qa-chain/chainreplay/internal/keys"
	"github.com/qa-chain/chainreplay/pagemodel"
)

// Driver performs drive lines as real input through the DevTools Input
// domain, at each element's on-screen centre. It tells the recorder
// nothing: after each line it only waits, through Recorder.Sync, until the
// page's reports of that input have been handled.
type Driver struct {
	Rec *Recorder
	// Page is the tab recording started in. Once a line opens another tab
	// (a link with target=_blank), lines act in that one, as a person
	// does in the tab that came to the front (Recorder.CurrentPage).
	Page *rod.Page
	// Timeout is how long a line waits for its element; 0 means 10s.
	Timeout time.Duration
	// Log receives one line per performed action; nil discards.
	Log io.Writer
	// Warn receives warnings (a scroll that moved nothing); nil discards.
	Warn io.Writer
	n    int
}

// page is the tab lines act in.
func (d *Driver) page() *rod.Page {
	if p := d.Rec.CurrentPage(); p != nil {
		return p
	}
	return d.Page
}

// ErrNoElement is returned (wrapped) when a selector matches nothing in time.
var ErrNoElement = errors.New("no element matches")

// Run performs every line in order and waits until the recorder has seen
// the effects of the last one.
func (d *Driver) Run(ctx context.Context, lines []DriveLine) error {
	for _, l := range lines {
		if d.Log != nil {
			fmt.Fprintf(d.Log, "drive %d: %s %s %s\n", l.Line, l.Op, l.Selector, l.Arg)
		}
		if err := d.do(ctx, l); err != nil {
			return &DriveError{Line: l.Line, Msg: fmt.Sprintf("%s: %v", l.Op, err)}
		}
	}
	if err := d.settle(ctx, time.Now()); err != nil {
		return err
	}
	// What the last line did is reported once its effect watch closes:
	// let the page settle (as replay lets it before its next step), then
	// close the watch in every frame and wait for the reports.
	m := pagemodel.New(d.page(), pagemodel.Options{})
	m.Settle(ctx)
	m.Reset(ctx) // releases the document object it took
	d.Rec.mu.Lock()
	var fs []*frame
	for _, f := range d.Rec.frames {
		if f.sess != nil && f.ctx != 0 {
			fs = append(fs, f)
		}
	}
	d.Rec.mu.Unlock()
	for _, f := range fs {
		_, _ = proto.RuntimeEvaluate{Expression: "window.__chainrec && window.__chainrec.settle()", ContextID: f.ctx}.Call(f.sess.Context(ctx))
	}
	d.syncAll(ctx)
	return nil
}

// settle waits for the page's reports and, when the action started a
// top-level navigation, for the new page to load.
func (d *Driver) settle(ctx context.Context, since time.Time) error {
	d.syncAll(ctx)
	// A new tab the line opened: the next lines act in it once it is set
	// up and loaded.
	for deadline := time.Now().Add(10 * time.Second); d.Rec.TabOpening(since); {
		if time.Now().After(deadline) {
			return errors.New("a new tab was asked for and did not open within 10s")
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(20 * time.Millisecond):
		}
	}
	if d.Rec.NavigationRequestedSince(since) {
		wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		if err := d.Rec.WaitIdle(wctx); err != nil {
			return fmt.Errorf("the page did not finish loading: %w", err)
		}
		d.syncAll(ctx)
	}
	return nil
}

// syncAll syncs every frame that has a document; frames that went away are
// skipped.
func (d *Driver) syncAll(ctx context.Context) {
	d.Rec.mu.Lock()
	var ids []proto.PageFrameID
	for id, f := range d.Rec.frames {
		if f.sess != nil && f.ctx != 0 {
			ids = append(ids, id)
		}
	}
	d.Rec.mu.Unlock()
	for _, id := range ids {
		_ = d.Rec.Sync(ctx, id)
	}
}

func (d *Driver) timeout() time.Duration {
	if d.Timeout > 0 {
		return d.Timeout
	}
	return 10 * time.Second
}

func (d *Driver) do(ctx context.Context, l DriveLine) error {
	start := time.Now()
	top := d.page().Context(ctx)
	switch l.Op {
	case "click", "dblclick", "hover":
		p, fid, err := d.point(ctx, l.Selector)
		if err != nil {
			return err
		}
		clicks := map[string]int{"click": 1, "dblclick": 2, "hover": 0}[l.Op]
		if err := d.mouse(ctx, top, p, fid, clicks); err != nil {
			return err
		}
	case "type":
		p, fid, err := d.point(ctx, l.Selector)
		if err != nil {
			return err
		}
		if err := d.mouse(ctx, top, p, fid, 1); err != nil {
			return err
		}
		if err := keys.Type(top, l.Arg); err != nil {
			return err
		}
	case "press":
		key, mods, err := keys.ParseCombo(l.Arg)
		if err != nil {
			return err
		}
		// A person presses a key once the page shows what the last step
		// did: the item the last arrow highlighted, the list it opened.
		d.quiet(ctx)
		if err := keys.Press(top, key, keys.Bits(mods)); err != nil {
			return err
		}
	case "select":
		if err := d.selectOption(ctx, l.Selector, l.Arg); err != nil {
			return err
		}
	case "scroll":
		n, _ := d.Rec.Seen("scroll")
		res, err := proto.PageGetLayoutMetrics{}.Call(top)
		if err != nil {
			return err
		}
		v := res.CSSLayoutViewport
		if err := (proto.InputDispatchMouseEvent{Type: proto.InputDispatchMouseEventTypeMouseWheel,
			X: float64(v.ClientWidth) / 2, Y: float64(v.ClientHeight) / 2, DeltaX: l.DX, DeltaY: l.DY}).Call(top); err != nil {
			return err
		}
		// The page reports a scroll once it has settled; wait for that.
		deadline := time.NewTimer(3 * time.Second)
		defer deadline.Stop()
		for {
			m, next := d.Rec.Seen("scroll")
			if m > n {
				break
			}
			select {
			case <-next:
			case <-deadline.C:
				// Not an error: a person's wheel on a page at its end scrolls nothing either.
				if d.Warn != nil {
					fmt.Fprintf(d.Warn, "recorder: drive line %d: the page did not scroll (at its end, or nothing scrollable under the viewport centre)\n", l.Line)
				}
				return d.settle(ctx, start)
			case <-ctx.Done():
				return ctx.Err()
			}
		}
	case "assert":
		if err := d.tool(ctx, "assert-"+l.Assert); err != nil {
			return err
		}
		if m := d.Rec.Mode(); m != "assert-"+l.Assert {
			return fmt.Errorf("the toolbar's %s button did not put the recorder in assert mode (it is in %s)", l.Assert, m)
		}
		n, _ := d.Rec.Seen("assert")
		p, fid, err := d.point(ctx, l.Selector)
		if err != nil {
			_ = d.tool(ctx, "assert-"+l.Assert) // leave the mode
			return err
		}
		if err := d.mouse(ctx, top, p, fid, 1); err != nil {
			return err
		}
		if err := d.settle(ctx, start); err != nil {
			return err
		}
		if m, _ := d.Rec.Seen("assert"); m == n {
			return fmt.Errorf("%q: the page reported no assertion (no %s there?)", l.Selector, map[string]string{"visible": "element", "text": "text", "value": "field"}[l.Assert])
		}
		return d.waitUI(ctx)
	case "drag":
		from, fid, err := d.point(ctx, l.Selector)
		if err != nil {
			return err
		}
		to, _, err := d.point(ctx, l.To)
		if err != nil {
			return err
		}
		if err := d.drag(ctx, top, from, to, fid); err != nil {
			return err
		}
	case "undo", "pause", "resume":
		switch m := d.Rec.Mode(); {
		case l.Op == "pause" && m == ModePaused:
			return errors.New("recording is already paused")
		case l.Op == "resume" && m != ModePaused:
			return errors.New("recording is not paused")
		}
		return d.tool(ctx, l.Op)
	case "goto":
		nav, err := proto.PageNavigate{URL: l.Arg}.Call(top)
		if err != nil {
			return err
		}
		if nav.ErrorText != "" {
			return &LoadError{URL: l.Arg, Reason: nav.ErrorText}
		}
		if err := browser.WaitLoadWithin(ctx, top, browser.LoadTimeout); err != nil {
			return err
		}
	case "wait":
		t := time.NewTimer(l.Wait)
		defer t.Stop()
		select {
		case <-t.C:
		case <-ctx.Done():
			return ctx.Err()
		case <-d.Rec.Done():
		}
	}
	return d.settle(ctx, start)
}

// target is an element found by a drive selector.
type target struct {
	frame proto.PageFrameID
	sess  *rod.Page
	obj   proto.RuntimeRemoteObjectID
	// off is where the element's frame viewport starts in the top viewport.
	off   chain.Point
	group string
}

func (t *target) release() {
	if t != nil && t.sess != nil {
		_ = proto.RuntimeReleaseObjectGroup{ObjectGroup: t.group}.Call(t.sess)
	}
}

// find resolves sel, polling until it matches or the timeout passes.
func (d *Driver) find(ctx context.Context, sel string) (*target, error) {
	deadline := time.Now().Add(d.timeout())
	var last error
	for {
		t, err := d.findOnce(ctx, sel)
		if err == nil {
			return t, nil
		}
		last = err
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("%q: %w", sel, last)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}

const inViewFn = `function(){
  const r = this.getBoundingClientRect();
  const root = this.getRootNode();
  const at = (root.elementFromPoint ? root : document).elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  const hit = at && (at === this || this.contains(at));
  if (!hit || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth)
    this.scrollIntoView({block: "center", inline: "center", behavior: "instant"});
  const q = this.getBoundingClientRect();
  const cs = getComputedStyle(this);
  const at2 = (root.elementFromPoint ? root : document).elementFromPoint(q.left + q.width / 2, q.top + q.height / 2);
  let inside = at2;
  for (let n = at2; n; n = n.parentElement || (n.parentNode && n.parentNode.host) || null) if (n === this) { inside = this; break; }
  // Text slotted into this (a component's button labelled by its host's
  // light DOM) is answered as its host: the pointer there reaches this.
  if (inside !== this && at2 && at2 === (root.host || null)) {
    const slots = this.localName === "slot" ? [this] : [...this.querySelectorAll("slot")];
    if (slots.some((s) => s.assignedNodes({flatten: true}).length > 0)) inside = this;
  }
  const lab = at2 && at2.closest && at2.closest("label");
  return JSON.stringify({x: q.left, y: q.top, w: q.width, h: q.height,
    hit: !!at2 && (inside === this || (lab && lab.control === this)),
    on: at2 ? at2.localName + (at2.id ? "#" + at2.id : "") + [...at2.classList].map((c) => "." + c).join("") : "nothing",
    cx: this.clientLeft + parseFloat(cs.paddingLeft || "0"), cy: this.clientTop + parseFloat(cs.paddingTop || "0"),
    kind: (this.localName === "iframe" || this.localName === "frame") ? "frame" :
      ((window.__chainrec && window.__chainrec.root(this)) || this.shadowRoot) ? "shadow" : ""});
}`

type placed struct {
	X, Y, W, H float64
	CX         float64 `json:"cx"`
	CY         float64 `json:"cy"`
	Kind       string  `json:"kind"`
	// Hit says the element (or a descendant, or a <label> of it) is what
	// the pointer reaches at its centre; On names what is there.
	Hit bool   `json:"hit"`
	On  string `json:"on"`
}

func (d *Driver) findOnce(ctx context.Context, sel string) (*target, error) {
	parts := strings.Split(sel, ">>>")
	fid := d.Rec.TopFrame()
	sess, cid, ok := d.Rec.FrameSession(fid)
	if !ok {
		return nil, errors.New("the page has no document yet")
	}
	d.n++
	t := &target{frame: fid, sess: sess, group: fmt.Sprintf("chainrec-drive-%d", d.n)}
	var scope proto.RuntimeRemoteObjectID
	for i, part := range parts {
		part = strings.TrimSpace(part)
		js, _ := json.Marshal(part)
		var obj *proto.RuntimeRemoteObject
		if scope == "" {
			res, err := proto.RuntimeEvaluate{Expression: "document.querySelector(" + string(js) + ")", ContextID: cid, ObjectGroup: t.group}.Call(sess.Context(ctx))
			if err != nil {
				t.release()
				return nil, err
			}
			if res.ExceptionDetails != nil {
				t.release()
				return nil, fmt.Errorf("bad selector %q: %s", part, exceptionText(res.ExceptionDetails))
			}
			obj = res.Result
		} else {
			res, err := proto.RuntimeCallFunctionOn{FunctionDeclaration: "function(){return this.querySelector(" + string(js) + ")}",
				ObjectID: scope, ObjectGroup: t.group}.Call(sess.Context(ctx))
			if err != nil || res.ExceptionDetails != nil {
				t.release()
				return nil, fmt.Errorf("bad selector %q: %v%s", part, err, exceptionText(res.ExceptionDetails))
			}
			obj = res.Result
		}
		if obj == nil || obj.ObjectID == "" {
			t.release()
			return nil, fmt.Errorf("%w %q", ErrNoElement, part)
		}
		if i == len(parts)-1 {
			t.obj, t.sess = obj.ObjectID, sess
			return t, nil
		}
		p, err := d.place(ctx, sess, obj.ObjectID)
		if err != nil {
			t.release()
			return nil, err
		}
		switch p.Kind {
		case "frame":
			node, err := proto.DOMDescribeNode{ObjectID: obj.ObjectID}.Call(sess.Context(ctx))
			if err != nil || node.Node == nil || node.Node.FrameID == "" {
				t.release()
				return nil, fmt.Errorf("%q is an iframe without a document yet", part)
			}
			t.off.X += p.X + p.CX
			t.off.Y += p.Y + p.CY
			t.release()
			fid = node.Node.FrameID
			sess, cid, ok = d.Rec.FrameSession(fid)
			if !ok {
				return nil, fmt.Errorf("the document of %q is not ready", part)
			}
			t.frame, t.sess, scope = fid, sess, ""
		case "shadow":
			res, err := proto.RuntimeCallFunctionOn{FunctionDeclaration: "function(){return (window.__chainrec && window.__chainrec.root(this)) || this.shadowRoot}",
				ObjectID: obj.ObjectID, ObjectGroup: t.group}.Call(sess.Context(ctx))
			if err != nil || res.Result == nil || res.Result.ObjectID == "" {
				t.release()
				return nil, fmt.Errorf("%q: no shadow root", part)
			}
			scope = res.Result.ObjectID
		default:
			t.release()
			return nil, fmt.Errorf("%q is neither an iframe nor a shadow host: >>> cannot step into it", part)
		}
	}
	return t, nil
}

func (d *Driver) place(ctx context.Context, sess *rod.Page, obj proto.RuntimeRemoteObjectID) (*placed, error) {
	res, err := proto.RuntimeCallFunctionOn{FunctionDeclaration: inViewFn, ObjectID: obj, ReturnByValue: true}.Call(sess.Context(ctx))
	if err != nil {
		return nil, err
	}
	if res.ExceptionDetails != nil {
		return nil, errors.New(exceptionText(res.ExceptionDetails))
	}
	var p placed
	if err := json.Unmarshal([]byte(res.Result.Value.Str()), &p); err != nil {
		return nil, err
	}
	return &p, nil
}

// point finds sel and returns its centre in the top viewport, once the
// element can take the pointer there as a person would click it: the page
// has settled (no DOM mutation for a moment, see quiet), the element has a
// size, is scrolled into view when needed, keeps its box across an
// animation frame, and is what the pointer reaches at its centre. Until
// then it waits; at the timeout it fails saying which of these did not
// hold, so that a drive line never acts on another element than its own.
func (d *Driver) point(ctx context.Context, sel string) (chain.Point, proto.PageFrameID, error) {
	deadline := time.Now().Add(d.timeout())
	why := ""
	moves := 0
	for {
		d.quiet(ctx)
		t, err := d.find(ctx, sel)
		if err != nil {
			return chain.Point{}, "", err
		}
		p, err := d.place(ctx, t.sess, t.obj)
		var q *placed
		if err == nil && p.W > 0 && p.H > 0 {
			if err = frameBefore(ctx, t.sess, deadline); err == nil {
				q, err = d.place(ctx, t.sess, t.obj)
			}
		}
		t.release()
		switch {
		case err != nil:
			why = err.Error()
		case p.W <= 0 || p.H <= 0:
			why = "it has no size (hidden?)"
		case q.X != p.X || q.Y != p.Y || q.W != p.W || q.H != p.H:
			why = fmt.Sprintf("it is moving (%.0f,%.0f → %.0f,%.0f)", p.X, p.Y, q.X, q.Y)
		case !q.Hit && strings.HasPrefix(q.On, "chainreplay-ui") && moves < 4:
			// The recorder's toolbar is over it: move the toolbar, as a
			// person would, and look again.
			moves++
			if err := d.press(ctx, "move"); err != nil {
				return chain.Point{}, "", err
			}
			continue
		case !q.Hit:
			why = fmt.Sprintf("%s covers its centre", q.On)
		default:
			return chain.Point{X: t.off.X + q.X + q.W/2, Y: t.off.Y + q.Y + q.H/2}, t.frame, nil
		}
		if time.Now().After(deadline) {
			return chain.Point{}, "", fmt.Errorf("%q is not ready for the pointer: %s", sel, why)
		}
		select {
		case <-ctx.Done():
			return chain.Point{}, "", ctx.Err()
		case <-time.After(30 * time.Millisecond):
		}
	}
}

// minFrameWait is the least a line waits for an animation frame, even at
// its deadline: one frame on a loaded machine.
const minFrameWait = 250 * time.Millisecond

// frameBefore is pagemodel.NextFrame until deadline (minFrameWait at the
// least). A page that renders nothing (a tab behind another in its window, a
// minimized window) never runs a frame: without the bound, the line would
// wait for ever instead of failing at its timeout.
func frameBefore(ctx context.Context, sess *rod.Page, deadline time.Time) error {
	if least := time.Now().Add(minFrameWait); deadline.Before(least) {
		deadline = least
	}
	fctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	err := pagemodel.NextFrame(fctx, sess)
	if err != nil && ctx.Err() == nil && fctx.Err() != nil {
		return errors.New("the page runs no animation frame (a tab behind another in its window, or a minimized window)")
	}
	return err
}

// driveQuiet is how long the recorded page must have been still (no DOM
// mutation, input or route change) before the next drive line looks for
// its element. It is longer than replay's pagemodel.QuietWindow: a
// reaction may begin tens of milliseconds after its input (95th
// percentile 82 ms on the third-party apps under load,
// BenchmarkReactionGaps), a scripted user that acts before it began
// records a step on what the page showed before, and no person acts
// within a quarter second of the last thing they did.
const driveQuiet = 250 * time.Millisecond

// driveAnimating bounds quiet while a finite transition or animation
// runs. A person waits for a dialog to finish opening however long it
// takes; on a loaded machine a 300 ms fade with the mutations before it
// outlasted the second of pagemodel.MaxSettle, and a close clicked while
// it ran was ignored (Agency's portfolio modal, once in CI).
const driveAnimating = 3 * time.Second

// quiet waits, within pagemodel.MaxSettle (driveAnimating while a finite
// transition or animation runs), until the recorded page has been
// still for driveQuiet and runs no finite transition or animation: what the
// previous line started (a view rendered a few milliseconds after a route
// change, a re-rendered list, a dialog fading in, which a UI kit may not
// let close before it has shown) is done before the next line looks for
// its element.
func (d *Driver) quiet(ctx context.Context) {
	sess, cid, ok := d.Rec.FrameSession(d.Rec.TopFrame())
	if !ok {
		return
	}
	expr := `((m) => m ? (m.animating() ? -1 : m.quiet()) : 1e9)(window[` + pagemodel.Key() + `])`
	start := time.Now()
	for {
		res, err := proto.RuntimeEvaluate{Expression: expr, ContextID: cid, ReturnByValue: true}.Call(sess.Context(ctx))
		if err != nil || res.ExceptionDetails != nil {
			return
		}
		q := time.Duration(res.Result.Value.Num() * float64(time.Millisecond))
		limit := pagemodel.MaxSettle
		if q < 0 {
			q, limit = 0, driveAnimating
		}
		if q >= driveQuiet || time.Since(start) > limit {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(min(driveQuiet-q, 10*time.Millisecond)):
		}
	}
}

// selectOption focuses the <select> and moves to the option with the arrow
// keys, as a keyboard user does (a closed select changes on ArrowDown/Up).
func (d *Driver) selectOption(ctx context.Context, sel, value string) error {
	t, err := d.find(ctx, sel)
	if err != nil {
		return err
	}
	defer t.release()
	v, _ := json.Marshal(value)
	res, err := proto.RuntimeCallFunctionOn{FunctionDeclaration: `function(){
		if (this.localName !== "select") return JSON.stringify({err: "not a <select>"});
		const i = [...this.options].findIndex(o => o.value === ` + string(v) + `);
		return JSON.stringify({i, cur: this.selectedIndex});
	}`, ObjectID: t.obj, ReturnByValue: true}.Call(t.sess.Context(ctx))
	if err != nil {
		return err
	}
	var st struct {
		Err    string `json:"err"`
		I, Cur int
	}
	if err := json.Unmarshal([]byte(res.Result.Value.Str()), &st); err != nil {
		return err
	}
	if st.Err != "" {
		return fmt.Errorf("%q: %s", sel, st.Err)
	}
	if st.I < 0 {
		return fmt.Errorf("%q has no option with value %q", sel, value)
	}
	if err := (proto.DOMFocus{ObjectID: t.obj}).Call(t.sess.Context(ctx)); err != nil {
		return err
	}
	// Step with the arrow keys until the option is selected: disabled
	// options are skipped by the browser, so count nothing in advance.
	top := d.page().Context(ctx)
	for tries := 0; ; tries++ {
		cur, err := selectedIndex(ctx, t)
		if err != nil {
			return err
		}
		if cur == st.I {
			return nil
		}
		if tries > 512 {
			return fmt.Errorf("%q: the arrow keys do not reach option %q", sel, value)
		}
		key := "ArrowDown"
		if cur > st.I {
			key = "ArrowUp"
		}
		if err := keys.Press(top, key, 0); err != nil {
			return err
		}
		if after, err := selectedIndex(ctx, t); err == nil && after == cur {
			return fmt.Errorf("%q: %s does not move the selection towards option %q (disabled?)", sel, key, value)
		}
	}
}

func selectedIndex(ctx context.Context, t *target) (int, error) {
	res, err := proto.RuntimeCallFunctionOn{FunctionDeclaration: "function(){return this.selectedIndex}", ObjectID: t.obj, ReturnByValue: true}.Call(t.sess.Context(ctx))
	if err != nil {
		return 0, err
	}
	return res.Result.Value.Int(), nil
}

// mouse moves to at and clicks clicks times. After the first press it
// waits until the page in frame fid has reported it and the recorder has
// described the element, as a person's slower click allows.
func (d *Driver) mouse(ctx context.Context, p *rod.Page, at chain.Point, fid proto.PageFrameID, clicks int) error {
	if err := (proto.InputDispatchMouseEvent{Type: proto.InputDispatchMouseEventTypeMouseMoved, X: at.X, Y: at.Y}).Call(p); err != nil {
		return err
	}
	for i := 1; i <= clicks; i++ {
		one := 1
		zero := 0
		if err := (proto.InputDispatchMouseEvent{Type: proto.InputDispatchMouseEventTypeMousePressed, X: at.X, Y: at.Y,
			Button: proto.InputMouseButtonLeft, Buttons: &one, ClickCount: i}).Call(p); err != nil {
			return err
		}
		if i == 1 {
			_ = d.Rec.Sync(ctx, fid)
			d.Rec.WaitCaptures(ctx)
		}
		if err := (proto.InputDispatchMouseEvent{Type: proto.InputDispatchMouseEventTypeMouseReleased, X: at.X, Y: at.Y,
			Button: proto.InputMouseButtonLeft, Buttons: &zero, ClickCount: i}).Call(p); err != nil {
			return err
		}
	}
	return nil
}

// press clicks a toolbar button (real input at its centre).
func (d *Driver) press(ctx context.Context, name string) error {
	b, err := d.Rec.ToolbarBox(ctx, name)
	if err != nil {
		return err
	}
	return d.mouse(ctx, d.page().Context(ctx), b.Center(), d.Rec.TopFrame(), 1)
}

// tool clicks a toolbar button and waits until the recorder has acted on
// it and brought every frame to its new mode.
func (d *Driver) tool(ctx context.Context, name string) error {
	if err := d.press(ctx, name); err != nil {
		return err
	}
	d.syncAll(ctx)
	return d.waitUI(ctx)
}

// waitUI waits until the toolbar worker has brought the page up to date
// with what the recorder has handled so far.
func (d *Driver) waitUI(ctx context.Context) error {
	n, next := d.Rec.UIShown()
	d.Rec.kickUI()
	t := time.NewTimer(5 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-next:
			if m, nx := d.Rec.UIShown(); m > n {
				return nil
			} else {
				next = nx
			}
		case <-t.C:
			return errors.New("the recorder did not update the page's toolbar within 5s")
		case <-ctx.Done():
			return ctx.Err()
		case <-d.Rec.Done():
			return nil
		}
	}
}

// drag presses at from, moves to to in small steps as a hand does (HTML5
// drags start on the first moves, pointer-driven lists follow each), and
// releases there.
func (d *Driver) drag(ctx context.Context, p *rod.Page, from, to chain.Point, fid proto.PageFrameID) error {
	one, zero := 1, 0
	move := func(at chain.Point, buttons *int) error {
		b := proto.InputMouseButtonNone
		if *buttons != 0 {
			b = proto.InputMouseButtonLeft
		}
		return proto.InputDispatchMouseEvent{Type: proto.InputDispatchMouseEventTypeMouseMoved, X: at.X, Y: at.Y, Button: b, Buttons: buttons}.Call(p)
	}
	if err := move(from, &zero); err != nil {
		return err
	}
	if err := (proto.InputDispatchMouseEvent{Type: proto.InputDispatchMouseEventTypeMousePressed, X: from.X, Y: from.Y,
		Button: proto.InputMouseButtonLeft, Buttons: &one, ClickCount: 1}).Call(p); err != nil {
		return err
	}
	_ = d.Rec.Sync(ctx, fid)
	d.Rec.WaitCaptures(ctx)
	const steps = 12
	for i := 1; i <= steps; i++ {
		f := float64(i) / steps
		if err := move(chain.Point{X: from.X + (to.X-from.X)*f, Y: from.Y + (to.Y-from.Y)*f}, &one); err != nil {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(16 * time.Millisecond):
		}
	}
	// As a hand rests before letting go: the drop target is described
	// before the drop changes it.
	_ = d.Rec.Sync(ctx, fid)
	d.Rec.WaitCaptures(ctx)
	return proto.InputDispatchMouseEvent{Type: proto.InputDispatchMouseEventTypeMouseReleased, X: to.X, Y: to.Y,
		Button: proto.InputMouseButtonLeft, Buttons: &zero, ClickCount: 1}.Call(p)
}
