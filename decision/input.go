package decision

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"
	"github.com/ysmood/gson"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/keys"
	"github.com/qa-chain/chainreplay/internal/wait"
	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/report"
)

// Mouse and keyboard through the Input domain. Each call goes straight to
// DevTools: no animation-frame waits other than the ones Chromium itself
// makes for mouseMoved.

func buttonOf(name string) (proto.InputMouseButton, int) {
	switch name {
	case "right":
		return proto.InputMouseButtonRight, 2
	case "middle":
		return proto.InputMouseButtonMiddle, 4
	case "back":
		return proto.InputMouseButtonBack, 8
	case "forward":
		return proto.InputMouseButtonForward, 16
	}
	return proto.InputMouseButtonLeft, 1
}

// mouseMove moves the pointer to p.
func mouseMove(ctx context.Context, page *rod.Page, p chain.Point, mods int, buttons int) error {
	if err := ctx.Err(); err != nil {
		return err // input sent now would still reach the page
	}
	b := buttons
	return proto.InputDispatchMouseEvent{Type: proto.InputDispatchMouseEventTypeMouseMoved, X: p.X, Y: p.Y,
		Modifiers: mods, Buttons: &b}.Call(page.Context(ctx))
}

// mouseClick presses and releases button at p, count times (2 makes a
// double click: the second press carries clickCount 2).
func mouseClick(ctx context.Context, page *rod.Page, p chain.Point, button string, count, mods int) error {
	if err := ctx.Err(); err != nil {
		return err // input sent now would still reach the page
	}
	btn, bits := buttonOf(button)
	// Once begun, the click (a double click's both) is ended however ctx
	// ends meanwhile: a button left pressed holds for the page's later
	// input, and a double click cut short is a click.
	rel, cancel := keys.Release(page.Context(ctx))
	defer cancel()
	for i := 1; i <= count; i++ {
		down, up := bits, 0
		if err := (proto.InputDispatchMouseEvent{Type: proto.InputDispatchMouseEventTypeMousePressed, X: p.X, Y: p.Y, Button: btn, Buttons: &down,
			ClickCount: i, Modifiers: mods}).Call(rel); err != nil {
			return fmt.Errorf("Input.dispatchMouseEvent mousePressed: %w", err)
		}
		if err := (proto.InputDispatchMouseEvent{Type: proto.InputDispatchMouseEventTypeMouseReleased, X: p.X, Y: p.Y, Button: btn, Buttons: &up,
			ClickCount: i, Modifiers: mods}).Call(rel); err != nil {
			return fmt.Errorf("Input.dispatchMouseEvent mouseReleased: %w", err)
		}
	}
	return nil
}

// mouseDrag presses at from, moves to to in steps, and releases there.
// Cut short by ctx, it sends nothing more: a release would be an action
// of its own (a drop where the pointer stood), after the deadline.
func mouseDrag(ctx context.Context, page *rod.Page, from, to chain.Point, steps int) error {
	if err := ctx.Err(); err != nil {
		return err // input sent now would still reach the page
	}
	c := page.Context(ctx)
	left := 1
	none := 0
	if err := mouseMove(ctx, page, from, 0, 0); err != nil {
		return err
	}
	if err := (proto.InputDispatchMouseEvent{Type: proto.InputDispatchMouseEventTypeMousePressed, X: from.X, Y: from.Y,
		Button: proto.InputMouseButtonLeft, Buttons: &left, ClickCount: 1}).Call(c); err != nil {
		return fmt.Errorf("Input.dispatchMouseEvent mousePressed: %w", err)
	}
	// Moves with the button held, a frame apart as a hand's are: an HTML5
	// drag starts on the first moves, and pointer-driven lists handle
	// each move in an animation frame.
	for i := 1; i <= steps; i++ {
		f := float64(i) / float64(steps)
		p := chain.Point{X: from.X + (to.X-from.X)*f, Y: from.Y + (to.Y-from.Y)*f}
		if err := (proto.InputDispatchMouseEvent{Type: proto.InputDispatchMouseEventTypeMouseMoved, X: p.X, Y: p.Y,
			Button: proto.InputMouseButtonLeft, Buttons: &left}).Call(c); err != nil {
			return fmt.Errorf("Input.dispatchMouseEvent mouseMoved: %w", err)
		}
		if err := wait.Sleep(ctx, 16*time.Millisecond); err != nil {
			return err
		}
	}
	return proto.InputDispatchMouseEvent{Type: proto.InputDispatchMouseEventTypeMouseReleased, X: to.X, Y: to.Y,
		Button: proto.InputMouseButtonLeft, Buttons: &none, ClickCount: 1}.Call(c)
}

// wheel scrolls by (dx, dy) with the mouse wheel at p.
//
// It returns once the page has scrolled: Chromium answers the wheel event
// before it applies the scroll (a frame or two later), and a step that
// read the scroll position meanwhile (the coordinates strategy does) would
// see the old one and then have the wheel's scroll added to its own. It
// watches the scroll positions of the page and of the scrollers under p:
// once one moved, it waits until they have stood still for 50 ms; when
// none moves within scrollSettle (nothing there could scroll, or a frame
// did), it returns then.
func wheel(ctx context.Context, page *rod.Page, p chain.Point, dx, dy float64) error {
	if err := ctx.Err(); err != nil {
		return err // input sent now would still reach the page
	}
	c := page.Context(ctx)
	watch, err := proto.RuntimeEvaluate{Expression: fmt.Sprintf("(%s)(%g, %g)", scrollWatchJS, p.X, p.Y)}.Call(c)
	if err != nil || watch.ExceptionDetails != nil {
		watch = nil // a page that cannot be watched is scrolled all the same
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := (proto.InputDispatchMouseEvent{Type: proto.InputDispatchMouseEventTypeMouseWheel, X: p.X, Y: p.Y,
		DeltaX: dx, DeltaY: dy}).Call(c); err != nil {
		return err
	}
	if watch != nil && watch.Result.ObjectID != "" {
		_, _ = proto.RuntimeCallFunctionOn{ObjectID: watch.Result.ObjectID, FunctionDeclaration: scrollSettledJS,
			Arguments: []*proto.RuntimeCallArgument{{Value: gson.New(scrollSettle.Milliseconds())}}, AwaitPromise: true}.Call(c)
		_ = proto.RuntimeReleaseObject{ObjectID: watch.Result.ObjectID}.Call(c)
	}
	return nil
}

// scrollSettle is how long wheel waits for a scroll to start.
const scrollSettle = 150 * time.Millisecond

// scrollWatchJS takes the scroll positions of the page and of the
// scrollers at (x, y) before the wheel.
const scrollWatchJS = `function (x, y) {
	const els = [];
	for (let e = document.elementFromPoint(x, y); e; e = e.parentElement) {
		if (e.scrollHeight > e.clientHeight || e.scrollWidth > e.clientWidth) els.push(e);
	}
	const pos = () => [scrollX, scrollY].concat(els.flatMap(e => [e.scrollLeft, e.scrollTop])).join(",");
	return { start: pos(), pos };
}`

// scrollSettledJS resolves once the positions scrollWatchJS took have
// moved and then stood still for 50 ms, or have not moved in wait ms.
var scrollSettledJS = `function (wait) {` + pagemodel.OwnTimersJS + `
	const w = this, t0 = performance.now();
	let last = w.start, moved = 0;
	return new Promise((done) => {
		const tick = () => {
			const p = w.pos(), now = performance.now();
			if (p !== last) { last = p; moved = now; }
			if (moved ? now - moved >= 50 : now - t0 >= wait) return done(!!moved);
			ownTimeout(globalThis, tick, 8);
		};
		tick();
	});
}`

// keyPress sends keyDown and keyUp for a DOM key value with modifier bits
// (keys.Press); an unknown key is an invalid step.
func keyPress(ctx context.Context, page *rod.Page, key string, mods int) error {
	if err := ctx.Err(); err != nil {
		return err // input sent now would still reach the page
	}
	err := keys.Press(page.Context(ctx), key, mods)
	if errors.Is(err, keys.ErrUnknownKey) {
		return stepErr(report.InvalidStep, nil, "%q is not a key this replayer knows", key)
	}
	return err
}

// jsonValue wraps a Go value as a Runtime.callFunctionOn argument.
func jsonValue(v any) gson.JSON { return gson.New(v) }
