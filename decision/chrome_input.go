package decision

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/browser"
	"github.com/qa-chain/chainreplay/internal/keys"
	"github.com/qa-chain/chainreplay/internal/wait"
	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/report"
	"github.com/qa-chain/chainreplay/strategies"
)

// click clicks the step's button at p count times, holding it down for
// the step's duration (a long press) when it has one.
func (r *Runner) click(ctx context.Context, s *chain.Step, p chain.Point, count, mods int) error {
	if s.DurationMS > 0 {
		return pressFor(ctx, r.Page, p, s.Button, count, mods, time.Duration(s.DurationMS)*time.Millisecond)
	}
	return mouseClick(ctx, r.Page, p, s.Button, count, mods)
}

// pressWith presses key with the modifiers held as a person holds them:
// each modifier goes down (its own key event) in order, the key is
// pressed, and the modifiers come up in reverse order.
func (r *Runner) pressWith(ctx context.Context, key string, mods []string) error {
	for i, m := range mods {
		if err := r.keyEvent(ctx, m, true); err != nil {
			// Those held (this one, where it was sent) are released.
			for j := i; j >= 0; j-- {
				if r.held&keys.Modifiers[mods[j]] != 0 {
					r.keyEvent(ctx, mods[j], false) //nolint:errcheck // the press failed already
				}
			}
			return err
		}
	}
	err := keyPress(ctx, r.Page, key, r.held)
	for i := len(mods) - 1; i >= 0; i-- {
		if e := r.keyEvent(ctx, mods[i], false); e != nil && err == nil {
			err = e
		}
	}
	return err
}

// pressFor presses button at p count times, holding it down for hold each
// time (a long press), as Puppeteer's click with a delay does.
func pressFor(ctx context.Context, page *rod.Page, p chain.Point, button string, count, mods int, hold time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err // input sent now would still reach the page
	}
	btn, bits := buttonOf(button)
	c := page.Context(ctx)
	if err := mouseMove(ctx, page, p, mods, 0); err != nil {
		return err
	}
	// Once begun, the presses are made whole however ctx ends meanwhile:
	// a button left pressed holds for the page's later input, and a long
	// press cut short is a click.
	if err := ctx.Err(); err != nil {
		return err
	}
	for i := 1; i <= count; i++ {
		down, up := bits, 0
		pr, cancel := keys.Release(c)
		err := proto.InputDispatchMouseEvent{Type: proto.InputDispatchMouseEventTypeMousePressed, X: p.X, Y: p.Y, Button: btn,
			Buttons: &down, ClickCount: i, Modifiers: mods}.Call(pr)
		if err == nil {
			// Held for keys.ReleaseGrace at most once ctx ended.
			wait.Sleep(pr.(proto.Contextable).GetContext(), hold) //nolint:errcheck // released all the same
		}
		cancel()
		rr, cancel := keys.Release(c)
		rerr := proto.InputDispatchMouseEvent{Type: proto.InputDispatchMouseEventTypeMouseReleased, X: p.X, Y: p.Y, Button: btn,
			Buttons: &up, ClickCount: i, Modifiers: mods}.Call(rr)
		cancel()
		if err != nil {
			return fmt.Errorf("Input.dispatchMouseEvent mousePressed: %w", err)
		}
		if rerr != nil {
			return fmt.Errorf("Input.dispatchMouseEvent mouseReleased: %w", rerr)
		}
	}
	return nil
}

// scrollTo scrolls the target element, or the document of the step's
// frame path (the page's when it has none), to the position to, as
// Chrome's recorder records a scroll and Puppeteer replays it.
func (r *Runner) scrollTo(ctx context.Context, s *chain.Step, w *strategies.Result, el Elem, to chain.Point) error {
	if w != nil && w.Element != nil {
		return callOn(ctx, el, `async function (x, y) { this.scrollLeft = x; this.scrollTop = y; `+twoFrames+` }`, nil, to.X, to.Y)
	}
	return r.callDoc(ctx, framePathOf(s), `async function (x, y) { const w = this.defaultView; w.scroll(x, y); `+twoFrames+` }`, nil, to.X, to.Y)
}

// twoFrames waits (in a page function of a window w, or of an element)
// for two animation frames: a scroll is then applied and its events are
// dispatched before the next step.
var twoFrames = pagemodel.OwnTimersJS + `const v = (typeof w !== "undefined" ? w : this.ownerDocument.defaultView); await new Promise((r) => ownFrame(v, () => ownFrame(v, r)));`

// waitFrame waits until a frame path of frame indexes (chain.FrameIndex)
// leads to a frame, or fails the step: a target recorded in a frame is
// never looked for elsewhere. A path of selectors is left to the page
// model, which searches every frame when it no longer resolves.
func (r *Runner) waitFrame(ctx context.Context, framePath []string, once bool) *StepError {
	if !chain.IndexedFrames(framePath) {
		return nil
	}
	for {
		_, _, ok, err := r.model().Document(ctx, framePath)
		if err == nil && ok {
			return nil
		}
		if once || wait.Sleep(ctx, DefaultPoll) != nil {
			return stepErr(report.ElementNotFound, ctx.Err(), "frame path %q leads to no frame (Chrome's frame %s); the step is not run in another frame",
				strings.Join(framePath, " > "), chromeFrame(framePath))
		}
	}
}

// chromeFrame writes a frame path of indexes as Chrome's recorder does: [1, 0].
func chromeFrame(path []string) string {
	var parts []string
	for _, e := range path {
		if i, ok := chain.FrameIndex(e); ok {
			parts = append(parts, fmt.Sprint(i))
		} else {
			parts = append(parts, e)
		}
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// framePathOf is the frame path of a step's target, nil without one.
func framePathOf(s *chain.Step) []string {
	if s.Target == nil {
		return nil
	}
	return s.Target.FramePath
}

// navFramePath is the frame path of the document a step's navigation is
// checked in: its target's frame, or the page where the step navigated
// the page from a frame (Navigation.Page).
func navFramePath(s *chain.Step) []string {
	if s.Navigated != nil && s.Navigated.Page {
		return nil
	}
	return framePathOf(s)
}

// docStateIn reads the docState of the document a frame path leads to
// (the page's when the path is empty): a navigation recorded in a frame is
// the frame's, and is checked there. A zero one when the path leads to
// no document now (the frame is loading another).
func (r *Runner) docStateIn(ctx context.Context, framePath []string) docState {
	if len(framePath) == 0 {
		return readDocState(ctx, r.Page)
	}
	var st struct {
		URL, State string
		Origin     float64
	}
	if err := r.callDoc(ctx, framePath, `function () { const w = this.defaultView; return {url: w.location.href, origin: w.performance.timeOrigin, state: this.readyState}; }`, &st); err != nil {
		return docState{}
	}
	return docState{URL: st.URL, Origin: st.Origin}
}

// waitCompleteIn waits until the document a frame path leads to has
// loaded (the page's when the path is empty).
func (r *Runner) waitCompleteIn(ctx context.Context, framePath []string) error {
	if len(framePath) == 0 {
		return browser.WaitLoad(ctx, r.Page)
	}
	err := browser.PollLoad(ctx, func(ctx context.Context) (string, error) {
		var state string
		err := r.callDoc(ctx, framePath, `function () { return this.readyState; }`, &state)
		return state, err
	})
	if err != nil {
		return fmt.Errorf("waiting for the frame to load: %w", err)
	}
	return nil
}

// callDoc calls fn on the document a frame path leads to and decodes its
// value into out.
func (r *Runner) callDoc(ctx context.Context, framePath []string, fn string, out any, args ...any) error {
	w, doc, ok, err := r.model().Document(ctx, framePath)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("frame path %q leads to no frame", strings.Join(framePath, " > "))
	}
	if err := ctx.Err(); err != nil {
		return err // fn may act (scroll, a flow's expression): not after the deadline
	}
	v, err := w.CallValue(ctx, doc, fn, args...)
	if err != nil || out == nil {
		return err
	}
	return v.Unmarshal(out)
}
