package decision

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/report"
	"github.com/qa-chain/chainreplay/strategies"
)

// objectGroup names the remote objects of elements made with ElemOf;
// Runner gives each step its own group (stepGroup) and releases it after
// the step.
const objectGroup = "chainreplay-decision"

// stepGroups numbers the per-step object groups.
var stepGroups atomic.Int64

// stepGroup is a fresh object group name for one step's remote objects, so
// releasing it never touches the objects of the next step.
func stepGroup() string { return fmt.Sprintf("%s-%d", objectGroup, stepGroups.Add(1)) }

// stateJS defines elemState(el): whether el is connected, rendered
// visible and enabled, as the page functions below report it (elemState).
// An element a person cannot reach (inert, or outside a modal <dialog>
// open over it: the browser gives it no input) is not enabled, and
// blocked says why: a choice or a value set by script would be no
// person's.
const stateJS = `
function elemState(el) {
	if (!el.isConnected) return {connected: false};
	const visible = typeof el.checkVisibility === "function"
		? el.checkVisibility({visibilityProperty: true}) : !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
	const disabled = el.disabled === true || el.getAttribute("aria-disabled") === "true" ||
		!!(el.closest && el.closest("fieldset[disabled]") && ["BUTTON","INPUT","SELECT","TEXTAREA"].includes(el.tagName));
	const blocked = disabled ? "" : blockedBy(el);
	return blocked ? {connected: true, visible, enabled: false, blocked} : {connected: true, visible, enabled: !disabled};
}
function blockedBy(el) {
	const name = n => n.tagName.toLowerCase() + (n.id ? "#" + n.id : "");
	const up = a => a.parentElement || (a.parentNode && a.parentNode.host) || null;
	for (let a = el; a; a = up(a)) {
		if (a.hasAttribute && a.hasAttribute("inert")) return "it is inert: " + name(a) + " has the inert attribute";
	}
	// Of several modal dialogs open (a confirmation over an editor), the
	// one on top is not known from the page: inside any is reachable.
	let ms = [];
	try { ms = [...el.ownerDocument.querySelectorAll("dialog:modal")]; } catch (e) {}
	if (!ms.length) return "";
	for (let a = el; a; a = up(a)) if (ms.includes(a)) return "";
	const m = ms[ms.length - 1];
	const label = (m.getAttribute("aria-label") || m.textContent || "").replace(/\s+/g, " ").trim().slice(0, 40);
	return "a modal dialog is open over it: " + name(m) + (label ? " \"" + label + "\"" : "");
}
`

// stateFn reports whether the element is connected, rendered visible and enabled.
const stateFn = `function () {` + stateJS + `
	return elemState(this);
}`

type elemState struct {
	Connected bool `json:"connected"`
	Visible   bool `json:"visible"`
	Enabled   bool `json:"enabled"`
	// Blocked says why an element that is not disabled takes no input
	// from a person (inert, or behind a modal dialog); Enabled is false.
	Blocked string `json:"blocked"`
}

// Elem is a located element: the page model's reference and description
// of it. Calls about it go to the session of its world. Copies of an Elem
// share the element's remote object, resolved on first use.
type Elem struct {
	Model   *pagemodel.Page
	Ref     pagemodel.Ref
	Element *pagemodel.Element

	remote *remoteObj
}

// remoteObj is an element's JavaScript object, resolved once into an
// object group.
type remoteObj struct {
	group string
	mu    sync.Mutex
	id    proto.RuntimeRemoteObjectID
}

// ElemOf is the element a strategy result located.
func ElemOf(m *pagemodel.Page, r *strategies.Result) Elem {
	return elemIn(m, r, objectGroup)
}

// elemIn is ElemOf with the element's objects in group.
func elemIn(m *pagemodel.Page, r *strategies.Result, group string) Elem {
	return Elem{Model: m, Ref: r.Ref(), Element: r.Element, remote: &remoteObj{group: group}}
}

// client is the DevTools client for calls about e, bound to ctx.
func (e Elem) client(ctx context.Context) proto.Client {
	if e.Ref.W == nil {
		return e.Model.Session().Client(ctx)
	}
	return e.Ref.W.S.Client(ctx)
}

// group is the object group of e's remote objects.
func (e Elem) group() string {
	if e.remote == nil {
		return objectGroup
	}
	return e.remote.group
}

// object returns e's remote object, resolving it on first use (cached
// says it was not resolved now); fresh forgets a cached one first.
func (e Elem) object(ctx context.Context, fresh bool) (id proto.RuntimeRemoteObjectID, cached bool, err error) {
	if e.remote != nil {
		e.remote.mu.Lock()
		defer e.remote.mu.Unlock()
		if e.remote.id != "" && !fresh {
			return e.remote.id, true, nil
		}
	}
	obj, err := e.Model.Object(ctx, e.Ref, e.group())
	if err != nil {
		return "", false, err
	}
	if e.remote != nil {
		e.remote.id = obj
	}
	return obj, false, nil
}

// scrollIntoView scrolls el into view as Chromium does for input
// (DOM.scrollIntoViewIfNeeded: centred only where it is not in view).
func scrollIntoView(ctx context.Context, el Elem) error {
	return el.onNode(ctx, func(obj proto.RuntimeRemoteObjectID) error {
		return proto.DOMScrollIntoViewIfNeeded{ObjectID: obj}.Call(el.client(ctx))
	})
}

// onNode calls f with e's remote object, for a DOM command that takes
// one (DOM.scrollIntoViewIfNeeded, DOM.focus, DOM.getContentQuads): no
// DOM.describeNode round trip for a backend node id. A cached object that
// no longer exists is resolved again once; any other failure (an element
// with no box) is f's answer.
func (e Elem) onNode(ctx context.Context, f func(obj proto.RuntimeRemoteObjectID) error) error {
	for try := 0; ; try++ {
		obj, cached, err := e.object(ctx, try > 0)
		if err != nil {
			return err
		}
		if err = f(obj); err == nil || !cached || ctx.Err() != nil || !objectGone(err) {
			return err
		}
	}
}

// objectGone reports whether err says a remote object or its node no
// longer exists.
func objectGone(err error) bool {
	s := err.Error()
	return strings.Contains(s, "Could not find object") || strings.Contains(s, "Cannot find context") ||
		strings.Contains(s, "No node") || strings.Contains(s, "does not belong to the document")
}

// name describes e for a message: its role and name and its tag, id and
// classes ("button "Delete task" (button.destroy)").
func (e Elem) name() string {
	if e.Element == nil {
		return "the element"
	}
	if e.Element.Role != "" && e.Element.Name != "" {
		return fmt.Sprintf("%s %q (%s)", e.Element.Role, e.Element.Name, e.Element)
	}
	return e.Element.String()
}

// inTopDocument reports whether e lives in the top-level document (in it
// or in its shadow trees, not in a frame), where page functions measure
// boxes in the coordinates input events use.
func (e Elem) inTopDocument() bool {
	return e.Element != nil && len(e.Element.FramePath) == 0
}

// ownSession reports whether e lives in an out-of-process frame, whose
// session (and viewport) is not the page's.
func (e Elem) ownSession() bool {
	return e.Ref.W != nil && e.Ref.W.S.ID != e.Model.Rod.SessionID
}

// callOn calls fn on the element with args (as call arguments) and decodes
// the returned value into out (may be nil). A cached remote object that no
// longer works is resolved again once. Once ctx has ended it calls
// nothing: a page function may act (focus, set a value).
func callOn(ctx context.Context, el Elem, fn string, out any, args ...any) error {
	if err := ctx.Err(); err != nil {
		return err // a page function may act (focus, set a value): not after the deadline
	}
	c := el.client(ctx)
	ca := make([]*proto.RuntimeCallArgument, len(args))
	for i, a := range args {
		ca[i] = &proto.RuntimeCallArgument{Value: jsonValue(a)}
	}
	var res *proto.RuntimeCallFunctionOnResult
	for try := 0; ; try++ {
		obj, cached, err := el.object(ctx, try > 0)
		if err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err // the deadline came while the object was fetched again
		}
		res, err = proto.RuntimeCallFunctionOn{FunctionDeclaration: fn, ObjectID: obj, Arguments: ca,
			ReturnByValue: true, AwaitPromise: true}.Call(c)
		if err == nil {
			break
		}
		if !cached || ctx.Err() != nil {
			return fmt.Errorf("Runtime.callFunctionOn: %w", err)
		}
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

// contentBox is the first visible content quad of the element, in viewport
// CSS pixels of the top-level page (through out-of-process frames).
func contentBox(ctx context.Context, el Elem) (*chain.Rect, error) {
	var q *proto.DOMGetContentQuadsResult
	err := el.onNode(ctx, func(obj proto.RuntimeRemoteObjectID) (err error) {
		q, err = proto.DOMGetContentQuads{ObjectID: obj}.Call(el.client(ctx))
		return err
	})
	if err != nil {
		return nil, err
	}
	for _, quad := range q.Quads {
		r := quadRect(quad)
		if r.Width >= 1 && r.Height >= 1 {
			if el.ownSession() {
				r.X += el.Ref.W.X
				r.Y += el.Ref.W.Y
			}
			return &r, nil
		}
	}
	return nil, errors.New("no visible box")
}

// quadRect is the axis-aligned rectangle around a DevTools quad.
func quadRect(q proto.DOMQuad) chain.Rect {
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

// coveredPrefix starts the reason given when another element would receive
// the pointer at the element's click point.
const coveredPrefix = "another element would receive the click"

// outsidePrefix starts the reason given when the element's click point
// stays outside the viewport once it was scrolled into view.
const outsidePrefix = "the element stays outside the viewport after scrolling"

// centerFn scrolls the element to the middle of its viewport.
const centerFn = `function () { this.scrollIntoView({block: "center", inline: "center", behavior: "instant"}); }`

// maxFade is how long Actionable waits, at most, for a fade of the
// element or of what holds it to end (a dialog fading in takes a few
// hundred milliseconds).
const maxFade = time.Second

// Actionable waits until the element can take pointer input at its box
// centre (or at offset inside its box): connected, visible, enabled, its
// box unchanged across an animation frame, not fading in or out (for at
// most maxFade: a fade that lasts longer is taken as it stands), and the
// element itself (or a descendant, or its <label>) hit at the point. A
// control hidden the accessible way (a box of a pixel or two, or clipped
// to nothing) is acted on at a label of it that shows, as a person clicks
// it. It scrolls the element into view first, and when another element
// covers it there (a sticky header), into the middle of the viewport. It
// returns the point to act at, or a NOT_ACTIONABLE error naming the last
// reason when ctx ends.
func Actionable(ctx context.Context, el Elem, offset *chain.Point) (chain.Point, error) {
	return actionable(ctx, el, offset, true)
}

// Hoverable waits as Actionable does, for a pointer that moves onto the
// element or is released on it without pressing there (a hover, a drop):
// a control inside the element at the point, which a press would go to,
// is the element's there.
func Hoverable(ctx context.Context, el Elem, offset *chain.Point) (chain.Point, error) {
	return actionable(ctx, el, offset, false)
}

// actionable is Actionable for a press, Hoverable for none.
func actionable(ctx context.Context, el Elem, offset *chain.Point, press bool) (chain.Point, error) {
	offset = shapeOffset(ctx, el, offset)
	offset = sliderOffset(el, offset)
	reason := "not checked"
	fadeUntil := time.Now().Add(maxFade)
	for {
		if strings.HasPrefix(reason, coveredPrefix) || strings.HasPrefix(reason, outsidePrefix) {
			// Scrolled into view at an edge, the element may sit under a
			// sticky header or footer: try it in the middle of the
			// viewport. A real overlay still covers it there.
			callOn(ctx, el, centerFn, nil) //nolint:errcheck // the next check reports what matters
		}
		p, why, err := actionableOnce(ctx, el, offset, time.Now().Before(fadeUntil), press)
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
			return chain.Point{}, notActionable(ctx, el, reason)
		}
		reason = why
		t := time.NewTimer(20 * time.Millisecond)
		select {
		case <-ctx.Done():
			t.Stop()
			return chain.Point{}, notActionable(ctx, el, reason)
		case <-t.C:
		}
	}
}

// animatingJS defines animating(el) (and fading, clockDriven): a
// description of an animation that is about to move el, "" when there is
// none. A frame-to-frame box comparison misses an animation that has not started moving yet (a
// transition or animation is pending its first frame, or in its delay) or
// moves by steps; so an animation of a property that can move or resize
// the element, on the element or a flat-tree ancestor, keeps it from being
// stable while it is pending, delayed, or finite and running (infinite ones
// are judged by the box alone), and one anywhere in the element's document
// or shadow roots keeps it while it is pending or in its first frames (it
// may shift the layout around it). Colour, opacity, shadow and filter
// animations move nothing and are ignored.
const animatingJS = `
const quietProps = new Set(["opacity", "color", "backgroundColor", "backgroundPosition", "backgroundImage", "background",
	"backgroundPositionX", "backgroundPositionY", "backgroundSize", "backgroundRepeat", "backgroundClip", "backgroundOrigin",
	"backgroundAttachment", "backgroundBlendMode",
	"boxShadow", "textShadow", "outlineColor", "borderColor", "borderTopColor", "borderRightColor", "borderBottomColor",
	"borderLeftColor", "fill", "stroke", "strokeDashoffset", "caretColor", "textDecorationColor", "filter",
	"backdropFilter", "accentColor", "columnRuleColor", "offset", "easing", "composite", "computedOffset"]);
const camel = s => s.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
const props = a => {
	if (typeof a.transitionProperty === "string") return [camel(a.transitionProperty)];
	try {
		return a.effect.getKeyframes().flatMap(k => Object.keys(k));
	} catch (e) { return ["unknown"]; }
};
const moving = p => !quietProps.has(p);
const moves = a => props(a).some(moving);
const live = a => a.pending || a.playState === "running";
const timing = a => { try { return a.effect.getComputedTiming(); } catch (e) { return {}; } };
// what describes animation a of node n, naming the properties shown.
const what = (a, n, shown) => (typeof a.transitionProperty === "string" ? "a transition of " + a.transitionProperty : "an animation of " +
	props(a).filter(shown).join(", ")) + " on " + n.tagName.toLowerCase() + (n.id ? "#" + n.id : "");
// flatUp is n's parent in the flat tree: its slot, its parent, or its
// shadow root's host.
const flatUp = n => {
	const root = n.getRootNode();
	return n.assignedSlot || n.parentElement || (root instanceof ShadowRoot ? root.host : null);
};
const animating = (el) => {
	const roots = new Set();
	for (let n = el; n; ) {
		roots.add(n.getRootNode());
		for (const a of n.getAnimations()) {
			if (!live(a) || !moves(a)) continue;
			const t = timing(a);
			if (a.pending || t.progress === null || isFinite(t.endTime) || (a.currentTime !== null && a.currentTime < 50)) return what(a, n, moving);
		}
		n = flatUp(n);
	}
	for (const root of roots) {
		if (typeof root.getAnimations !== "function") continue;
		for (const a of root.getAnimations()) {
			if (live(a) && moves(a) && (a.pending || (a.currentTime !== null && a.currentTime < 50))) {
				const n = a.effect && a.effect.target;
				if (n) return what(a, n, moving);
			}
		}
	}
	return "";
};
// fading(el) describes a finite transition or animation of opacity or
// visibility live on el or a flat-tree ancestor (a dialog fading in), ""
// when there is none: it moves nothing, but a person waits for what fades
// in to show before acting on it, and a UI kit may ignore input until it
// has (a close asked for while its dialog is still opening).
const fades = p => p === "opacity" || p === "visibility";
const fading = (el) => {
	for (let n = el; n; n = flatUp(n)) {
		for (const a of n.getAnimations()) {
			if (live(a) && props(a).some(fades) && isFinite(timing(a).endTime)) return what(a, n, fades);
		}
	}
	return "";
};
// clockDriven(el) says whether an animation the document's animation clock
// drives (CSS or Web Animations) may move el: one of a property that can
// move or resize, live on el or a flat-tree ancestor, or anywhere in el's
// document or shadow roots.
const clockDriven = (el) => {
	const roots = new Set();
	for (let n = el; n; n = flatUp(n)) {
		if (n.getAnimations().some(a => live(a) && moves(a))) return true;
		roots.add(n.getRootNode());
	}
	for (const root of roots) {
		if (typeof root.getAnimations === "function" && root.getAnimations().some(a => live(a) && moves(a))) return true;
	}
	return false;
};`

// hitTestJS defines hitTest(el, x, y, press): whether the pointer at the viewport
// point reaches el, an element of the top-level document (perhaps inside
// shadow roots, open or closed): the topmost element there, found with
// document.elementFromPoint and then the elementFromPoint of each shadow
// root on el's way down while the hit is that root's host (over text of
// the host's own, the slot that shows it), must reach el
// as the page model says (pointerReaches: el, in el but, for a press, in
// no other control inside it, or a <label> of el away
// from any other control in it). Otherwise desc names what is on top.
// When the page has replaced elementFromPoint (native is false), the
// caller asks DevTools instead. It also declares model, the page model of
// el's world (installed there: el was located with it).
var hitTestJS = `
const model = globalThis[` + pagemodel.Key() + `];
const hitTest = (el, x, y, press) => {
	const isNative = f => typeof f === "function" && /\{\s*\[native code\]\s*\}\s*$/.test(Function.prototype.toString.call(f));
	if (!isNative(Document.prototype.elementFromPoint) || !isNative(ShadowRoot.prototype.elementFromPoint)) return {native: false};
	const roots = [];
	for (let r = el.getRootNode(); r instanceof ShadowRoot; r = r.host.getRootNode()) roots.unshift(r);
	let h = document.elementFromPoint(x, y);
	for (const r of roots) {
		if (!h || h !== r.host) break;
		let inner = r.elementFromPoint(x, y);
		// Text of the host's own that a slot of the root shows (a button
		// component's label) is hit as the host: the pointer is on the slot.
		if ((!inner || inner === r.host) && model) inner = model.slottedAt(r.host, x, y) || inner;
		if (!inner) break;
		h = inner;
	}
	const name = n => n.tagName.toLowerCase() + (n.id ? "#" + n.id : "") +
		Array.from(n.classList || []).map(c => "." + c).join("");
	// The view ends where the window's scrollbars begin (a headed window draws them).
	const root = document.documentElement;
	const [vw, vh] = model ? model.view(document) : [Math.min(innerWidth, (root && root.clientWidth) || innerWidth), Math.min(innerHeight, (root && root.clientHeight) || innerHeight)];
	if (!h) return {native: true, ok: false, outside: x < 0 || y < 0 || x >= vw || y >= vh, desc: "nothing"};
	if (h === el || (model ? (press ? model.pointerReachesNode(h, el) : model.reachesNode(h, el)) : el.contains(h))) return {native: true, ok: true};
	// Another control inside el takes the press (a card's "Save" button).
	const other = press && model && model.controlInside(h, el);
	if (other) return {native: true, ok: false, inside: true, desc: name(other) + " inside it"};
	return {native: true, ok: false, desc: name(h)};
};`

// animatingFn runs animating on the element.
const animatingFn = `function () {` + animatingJS + `
	return animating(this);
}`

// settleFn is the actionability check of an element of the top-level
// document in one call: its state, then its first visible client rect
// (the box input events use: viewport CSS pixels, as DOM.getContentQuads
// gives), measured before and after the next animation frame, and the
// window's scroll offset for the hit test.
//
// A frame must pass between the two measurements: CSS animations and
// transitions, smooth scrolling and requestAnimationFrame loops only move
// things from one frame to the next. The frame must be a newer one than
// the first measurement saw: a DevTools call can run after a frame's
// animation time is set and before its callbacks (measured: the first
// requestAnimationFrame callback then carries the time the first
// measurement already had, and a CSS animation has not moved), so frames
// are awaited until one's time is later, when an animation the clock drives
// could move the element (requestAnimationFrame loops, scrolling and
// script move things in every frame, whatever its time; an idle page's
// first frame often carries the time a task saw before it, measured: four
// frames in six). The second measurement is taken
// in that frame's callback, after the animations were sampled at its time
// and after the page's own callbacks registered before ours.
//
// No frame is awaited when the page is steady: the page model has seen it
// idle for idleMs (no change and nothing queued that could change it: no
// timer due, no frame requested, no message posted, no request in flight,
// no finite animation, no scroll or load, a rendering update run since its
// last change), no animation the clock drives may move the element, and
// the element's border box is still the one the locate measured (at).
// Nothing runs on such a page to move the element in the next frame; a
// scroll the check itself caused moved the box and is waited out.
var settleFn = `async function (offset, at, idleMs, press) {` + stateJS + animatingJS + hitTestJS + inViewJS + pagemodel.OwnTimersJS + `
	const el = this;
	const state = elemState(el);
	if (!state.connected || !state.visible || !state.enabled) return state;
	const rectOf = (n) => {
		for (const r of n.getClientRects()) if (r.width >= 1 && r.height >= 1) return {x: r.x, y: r.y, width: r.width, height: r.height};
		return null;
	};
	// A control hidden the accessible way (a box of a pixel or two, or
	// clipped to nothing: jQuery UI's and Bootstrap's radio and checkbox
	// buttons) is clicked on a label of it that shows, as a person does;
	// its own pixel may lie under another control's label.
	const tiny = (n) => {
		const r = rectOf(n);
		return !r || (r.width <= 2 && r.height <= 2) || /^rect\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\)$/.test(getComputedStyle(n).clip);
	};
	// The largest label that shows and holds no other control (a link in
	// "I agree to the Terms" would take the click).
	const shownLabel = () => {
		if (!el.labels || !tiny(el)) return null;
		let best = null, area = 0;
		for (const l of el.labels) {
			if (!l.checkVisibility({visibilityProperty: true, opacityProperty: true}) || tiny(l)) continue;
			if (model && [...l.querySelectorAll(model.controls)].some((c) => c !== el)) continue;
			const r = rectOf(l);
			if (r.width * r.height > area) { best = l; area = r.width * r.height; }
		}
		return best;
	};
	const via = shownLabel();
	// A recorded offset was measured on the control, not on its label.
	if (via) offset = null;
	const box = () => rectOf(via || el);
	const steady = () => {
		if (!at) return false;
		const m = globalThis[` + pagemodel.Key() + `];
		let s = null;
		try { s = m ? JSON.parse(m.still()) : null; } catch (e) { return false; }
		if (!s || !(s.idle >= idleMs)) return false;
		const r = el.getBoundingClientRect();
		if (Math.abs(r.x - at.x) >= 0.5 || Math.abs(r.y - at.y) >= 0.5 || Math.abs(r.width - at.width) >= 0.5 ||
			Math.abs(r.height - at.height) >= 0.5) return false;
		return !clockDriven(el);
	};
	const seen = document.timeline.currentTime;
	const before = box();
	let after = null, frames = 0;
	if (steady()) after = before;
	else for (;;) {
		const t = await new Promise(r => ownFrame(globalThis, t => { after = box(); r(t); }));
		frames++;
		// Times are coarsened: a frame is more than a millisecond later.
		if (seen === null || t > seen + 1 || frames >= 5) break;
		// A frame of the time the first measurement saw moved everything
		// but what the animation clock drives: with nothing of that kind
		// around the element, it is enough.
		if (!clockDriven(el)) break;
	}
	const res = {connected: el.isConnected, visible: true, enabled: true, before, after, frames, animating: animating(el) || (via ? animating(via) : ""),
		fading: fading(el) || (via ? fading(via) : ""),
		scroll: {x: scrollX, y: scrollY}};
	if (after) {
		const p = inView(offset && offset.x < after.width && offset.y < after.height
			? {x: after.x + offset.x, y: after.y + offset.y} : {x: after.x + after.width / 2, y: after.y + after.height / 2}, after);
		res.point = p;
		res.hit = hitTest(el, p.x, p.y, press);
		if (res.hit.inside && offset) {
			// The recorded point is on a control of el's own now: its
			// middle may be el's.
			const m = inView({x: after.x + after.width / 2, y: after.y + after.height / 2}, after);
			const h = hitTest(el, m.x, m.y, press);
			if (h.ok) { res.point = m; res.hit = h; }
		}
	}
	return res;
}`

type settleState struct {
	Frames    int          `json:"frames"`
	Animating string       `json:"animating"`
	Fading    string       `json:"fading"`
	Point     *chain.Point `json:"point"`
	Hit       *struct {
		Native bool   `json:"native"`
		OK     bool   `json:"ok"`
		Desc   string `json:"desc"`
		// Outside: the point lies outside the viewport.
		Outside bool `json:"outside"`
	} `json:"hit"`
	elemState
	Before *chain.Rect  `json:"before"`
	After  *chain.Rect  `json:"after"`
	Scroll *chain.Point `json:"scroll"`
}

// actionableOnce runs the checks once: why is "" when the element is ready.
// err is set only for failures that waiting cannot fix.
func actionableOnce(ctx context.Context, el Elem, offset *chain.Point, waitFade, press bool) (p chain.Point, why string, err error) {
	if el.inTopDocument() {
		return actionableTop(ctx, el, offset, waitFade, press)
	}
	var st elemState
	if e := callOn(ctx, el, stateFn, &st); e != nil {
		why, err := wentAway(ctx, e)
		return p, why, err
	}
	if why := st.why(); why != "" {
		return p, why, st.fatal()
	}
	if _, _, e := el.object(ctx, false); e != nil {
		why, err := wentAway(ctx, e)
		return p, why, err
	}
	if e := scrollIntoView(ctx, el); e != nil {
		return p, fmt.Sprintf("cannot scroll it into view: %v", e), nil
	}
	b1, e := contentBox(ctx, el)
	if e != nil {
		return p, "the element has no visible box", nil
	}
	if e := pagemodel.NextFrame(ctx, el.Model.Rod); e != nil {
		return p, fmt.Sprintf("waiting for a frame: %v", e), nil
	}
	b2, e := contentBox(ctx, el)
	if e != nil {
		return p, "the element has no visible box", nil
	}
	if !sameRect(b1, b2) {
		return p, moving(b1, b2), nil
	}
	var anim string
	if e := callOn(ctx, el, animatingFn, &anim); e == nil && anim != "" {
		return p, "the element is about to move: " + anim, nil
	}
	p = inView(pointIn(b2, offset), b2, el)
	return p, covered(ctx, el, p, press), nil
}

// actionableTop is actionableOnce for an element of the top-level document:
// the element is scrolled into view, and one page function checks its
// state, measures its box across a frame and hit-tests the point
// (settleFn).
func actionableTop(ctx context.Context, el Elem, offset *chain.Point, waitFade, press bool) (p chain.Point, why string, err error) {
	// Where its object is not resolved, callOn below says why.
	scrollErr := scrollIntoView(ctx, el)
	var off map[string]float64 // chain.Point has no JSON names
	if offset != nil {
		off = map[string]float64{"x": offset.X, "y": offset.Y}
	}
	var at map[string]float64 // the border box the locate measured
	if b := el.Element; b != nil && b.Box.Width > 0 && b.Box.Height > 0 {
		at = map[string]float64{"x": b.Box.X, "y": b.Box.Y, "width": b.Box.Width, "height": b.Box.Height}
	}
	var st settleState
	if e := callOn(ctx, el, settleFn, &st, off, at, pagemodel.IdleWindow.Milliseconds(), press); e != nil {
		why, err := wentAway(ctx, e)
		return p, why, err
	}
	if why := st.why(); why != "" {
		return p, why, st.fatal()
	}
	if scrollErr != nil {
		return p, fmt.Sprintf("cannot scroll it into view: %v", scrollErr), nil
	}
	if st.Before == nil || st.After == nil || st.Scroll == nil || st.Point == nil || st.Hit == nil {
		return p, "the element has no visible box", nil
	}
	if !sameRect(st.Before, st.After) {
		return p, moving(st.Before, st.After), nil
	}
	if st.Animating != "" {
		return p, "the element is about to move: " + st.Animating, nil
	}
	if st.Fading != "" && waitFade {
		return p, "the element is fading: " + st.Fading, nil
	}
	p = *st.Point
	if st.Hit.Native {
		if st.Hit.OK {
			return p, "", nil
		}
		if st.Hit.Outside {
			return p, fmt.Sprintf(outsidePrefix+" (its click point %.0f,%.0f): it lies off the visible page, as a menu slid off the screen does", p.X, p.Y), nil
		}
		return p, fmt.Sprintf(coveredPrefix+" at %.0f,%.0f: %s covers it", p.X, p.Y, st.Hit.Desc), nil
	}
	return p, covered(ctx, el, p, press), nil
}

// why is the reason the state keeps the element from taking input, "" when
// it can.
func (st elemState) why() string {
	switch {
	case !st.Connected:
		return "the element was removed from the page"
	case !st.Visible:
		return notVisibleWhy
	case !st.Enabled && st.Blocked != "":
		return st.Blocked
	case !st.Enabled:
		return "the element is disabled"
	}
	return ""
}

// notVisibleWhy is the reason given for an element that is not visible.
const notVisibleWhy = "the element is not visible"

// explainHidden is why, and for an element not visible (notVisibleWhy),
// what hides it and which controls of the page disclose that part, as the
// page model reads them (pagemodel.Page.HiddenBy): a menu a small
// viewport folded behind its button says so. It asks the page with a
// moment of its own, the step's deadline having passed.
func explainHidden(ctx context.Context, el Elem, why string) string {
	c, cancel := context.WithTimeout(context.WithoutCancel(ctx), 500*time.Millisecond)
	defer cancel()
	if why == deadlineWhy {
		return why + pageHidden(c, el)
	}
	if why != notVisibleWhy || el.Model == nil || !el.Ref.Valid() {
		return why
	}
	h, err := el.Model.HiddenBy(c, el.Ref)
	if err != nil || h == nil {
		return why
	}
	return why + ": " + h.String()
}

// deadlineWhy is the reason given when the deadline cut the first check
// short.
const deadlineWhy = "the deadline passed"

// errUnchecked is in the chain of Actionable's error when the context
// ended before a first check was complete: it says nothing of the element.
var errUnchecked = errors.New("no check of the element was complete")

// notActionable is Actionable's error once ctx has ended, reason the last
// complete check's (deadlineWhy when there was none).
func notActionable(ctx context.Context, el Elem, reason string) error {
	cause := ctx.Err()
	if reason == deadlineWhy {
		cause = fmt.Errorf("%w: %w", errUnchecked, cause)
	}
	return stepErr(report.NotActionable, cause, "%s: %s", el.name(), explainHidden(ctx, el, reason))
}

// pageHidden says, for a check the deadline cut short, that the element's
// document is hidden (a tab behind another, a minimized window), where
// Chromium runs no rendering frame for the check to wait for; "" when it
// is not, or cannot be told.
func pageHidden(ctx context.Context, el Elem) string {
	var state string
	if err := callOn(ctx, el, `function () { return this.ownerDocument.visibilityState; }`, &state); err != nil || state != "hidden" {
		return ""
	}
	return " (the page is hidden, a tab behind another or a minimized window: the browser renders nothing there)"
}

// fatal is the error for a state that waiting cannot fix.
func (st elemState) fatal() error {
	if !st.Connected {
		return stepErr(report.ElementNotFound, nil, "the element was removed from the page")
	}
	return nil
}

// wentAway is the outcome of a page function that could not run on the
// element: a reason to wait when the deadline cut it (Actionable then
// reports the last complete check), else ELEMENT_NOT_FOUND.
func wentAway(ctx context.Context, e error) (why string, err error) {
	if ctx.Err() != nil {
		return deadlineWhy, nil
	}
	return "", elementGone(ctx, "element", e)
}

// elementGone is the error of an action whose page function or DevTools
// call on its element (what names it) failed: TIMEOUT when ctx had ended
// (the call was cut short or not sent; the element may well be there),
// else ELEMENT_NOT_FOUND: it went away.
func elementGone(ctx context.Context, what string, err error) error {
	if ctx.Err() != nil {
		return stepErr(report.Timeout, err, "%s while acting on the %s: whether the page saw the action is not known", ended(ctx), what)
	}
	return stepErr(report.ElementNotFound, err, "the %s went away: %v", what, err)
}

func moving(b1, b2 *chain.Rect) string {
	return fmt.Sprintf("the element is moving (%.0f,%.0f → %.0f,%.0f)", b1.X, b1.Y, b2.X, b2.Y)
}

// sliderOffset keeps a recorded offset that lies outside a slider's box
// (a range input, a role slider) inside it: where the pointer presses a
// slider is the value it sets, and a drag of its thumb released off the
// track, recorded as a click there, sets the value of the point of the
// track across from where it was released (the track's end beyond it).
// The box centre would set another value. Other elements keep their
// offset.
func sliderOffset(el Elem, offset *chain.Point) *chain.Point {
	e := el.Element
	if offset == nil || e == nil || e.Role != "slider" && !(e.Tag == "input" && strings.EqualFold(e.Type, "range")) {
		return offset
	}
	w, h := e.Box.Width, e.Box.Height
	if w < 1 || h < 1 || offset.X >= 0 && offset.X < w && offset.Y >= 0 && offset.Y < h {
		return offset
	}
	// Along the track (its longer side) the value's end; across it, the
	// middle.
	along := func(v, n float64) float64 { return min(max(v, 0.5), n-0.5) }
	across := func(v, n float64) float64 {
		if v < 0 || v >= n {
			return n / 2
		}
		return v
	}
	if w >= h {
		return &chain.Point{X: along(offset.X, w), Y: across(offset.Y, h)}
	}
	return &chain.Point{X: across(offset.X, w), Y: along(offset.Y, h)}
}

// placedOffset is the step's pointer offset inside its target's box as
// the box stands now (el's). A press that set a value by where it landed
// (chain.Effect.Became's value: a slider's track, a seek bar) keeps its
// place relative to the box where the box changed size since it was
// recorded (the track drawn wider, another viewport), a third of the way
// along where it was a third. Any other press, and an unchanged box,
// keep the offset as recorded.
func placedOffset(s *chain.Step, el Elem) *chain.Point {
	off := s.Offset
	if off == nil || s.Effect == nil || s.Effect.Became["value"] == "" || el.Element == nil ||
		s.Target == nil || s.Target.Fingerprint == nil || s.Target.Fingerprint.Box == nil {
		return off
	}
	was, now := *s.Target.Fingerprint.Box, el.Element.Box
	if was.Width < 1 || was.Height < 1 || now.Width < 1 || now.Height < 1 {
		return off
	}
	p := *off
	if math.Abs(now.Width-was.Width) >= 1 {
		p.X = off.X * now.Width / was.Width
	}
	if math.Abs(now.Height-was.Height) >= 1 {
		p.Y = off.Y * now.Height / was.Height
	}
	return &p
}

// pointIn is the box centre, or offset from the box corner when it lies
// inside the box.
func pointIn(b *chain.Rect, offset *chain.Point) chain.Point {
	if offset != nil && offset.X < b.Width && offset.Y < b.Height {
		return chain.Point{X: b.X + offset.X, Y: b.Y + offset.Y}
	}
	return b.Center()
}

// covered says what the pointer at p would reach instead of the element
// (through shadow trees and frames, as the page model's hit test sees it),
// or "" when it reaches the element, something inside it or a <label> of it.
func covered(ctx context.Context, el Elem, p chain.Point, press bool) string {
	hit, err := el.Model.At(ctx, p.X, p.Y, pagemodel.Prefer{})
	if err != nil {
		return fmt.Sprintf("nothing answers at the click point %.0f,%.0f: %v", p.X, p.Y, err)
	}
	if hit == nil {
		return fmt.Sprintf(coveredPrefix+" at %.0f,%.0f: nothing is there", p.X, p.Y)
	}
	if hit.Ref == el.Ref {
		return ""
	}
	if hit.Ref.W == el.Ref.W {
		var ok bool
		reaches := "reaches"
		if press {
			reaches = "pointerReaches"
		}
		if err := hit.Ref.W.CallJSON(ctx, reaches, &ok, hit.Ref.K, el.Ref.K); err == nil && ok {
			return ""
		}
	}
	return fmt.Sprintf(coveredPrefix+" at %.0f,%.0f: %s covers it", p.X, p.Y, hit)
}
