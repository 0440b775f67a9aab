package decision

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/keys"
	"github.com/qa-chain/chainreplay/internal/wait"
	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/report"
	"github.com/qa-chain/chainreplay/strategies"
)

// The actions Chrome's recorder steps become (chain.WaitElement and the
// others): each does what @puppeteer/replay does for the step.

// chromeStep performs s when its action is one of Chrome's; ok is false
// for every other action.
func (r *Runner) chromeStep(ctx context.Context, s *chain.Step) (out Outcome, ok bool) {
	switch s.Action {
	case chain.WaitElement:
		out.Err = r.waitElement(ctx, s)
	case chain.WaitExpression:
		out.Err = r.waitExpression(ctx, s)
	case chain.KeyDown, chain.KeyUp:
		out.Err = r.keyEvent(ctx, s.Key, s.Action == chain.KeyDown)
	case chain.EmulateNetwork:
		out.Err = EmulateNetwork(ctx, r.Page, *s.Network)
	case chain.SetViewport:
		out.Err = SetViewport(ctx, r.Page, *s.Viewport)
	case chain.Custom:
		name, _ := s.Chrome["name"].(string)
		out.Notes = append(out.Notes, fmt.Sprintf("custom step %q was not run: only a Puppeteer extension that defines it can run it", name))
	default:
		return out, false
	}
	return out, true
}

// pollChrome is how often the waits of Chrome's steps look again, as
// @puppeteer/replay does.
const pollChrome = 100 * time.Millisecond

// waitElement waits until the step's target compares to its Expect. The
// elements are those of the first strategy of the chain, in the order
// written, that matches any (Puppeteer's querySelectorsAll); attributes
// and properties are checked on each of them (on the first
// pagemodel.MaxMatches when there are more).
func (r *Runner) waitElement(ctx context.Context, s *chain.Step) error {
	if !s.HasTarget() {
		return stepErr(report.InvalidStep, nil, "wait_element needs a target")
	}
	var qs []pagemodel.Query
	for _, st := range s.Target.Chain {
		if q, ok := strategies.QueryOf(st, r.model().Options.TestIDs(), ""); ok {
			qs = append(qs, q)
		}
	}
	if len(qs) == 0 {
		return stepErr(report.InvalidStep, nil, "no strategy of the chain names elements the page model can count")
	}
	want := s.Expect
	gone := want != nil && want.Gone
	last := "nothing matched"
	for {
		n, holds, why, err := r.elementsHold(ctx, s.Target.FramePath, qs, want)
		if err == nil {
			if holds != gone {
				return nil
			}
			last = fmt.Sprintf("%d matched%s", n, why)
		} else if ctx.Err() == nil {
			last = err.Error()
		}
		if wait.Sleep(ctx, pollChrome) != nil {
			what := "the elements to be there"
			if gone {
				what = "the elements to be gone"
			}
			return stepErr(report.AssertionFailed, ctx.Err(), "waited for %s (%s); %s", what, describeExpect(want), last)
		}
	}
}

// elementsHold counts the matches of the first query that has any and
// reports whether they compare to want and carry its attributes and
// properties; why says what failed.
func (r *Runner) elementsHold(ctx context.Context, framePath []string, qs []pagemodel.Query, want *chain.Expect) (int, bool, string, error) {
	if chain.IndexedFrames(framePath) {
		// No match in a frame that is not there is no answer either way.
		if _, _, ok, err := r.model().Document(ctx, framePath); err != nil || !ok {
			return 0, false, "", fmt.Errorf("frame path %q leads to no frame", strings.Join(framePath, " > "))
		}
	}
	f, err := r.model().Find(ctx, framePath, qs)
	if err != nil {
		return 0, false, "", err
	}
	var a pagemodel.Answer
	for _, x := range f.Answers {
		if x.N > 0 {
			a = x
			break
		}
	}
	if !want.Compare(a.N) {
		return a.N, false, "", nil
	}
	if want == nil || (len(want.Attributes) == 0 && len(want.Properties) == 0) {
		return a.N, true, "", nil
	}
	for _, e := range a.Els {
		el := Elem{Model: r.model(), Ref: e.Ref, Element: e, remote: &remoteObj{group: r.group}}
		var ok bool
		if err := callOn(ctx, el, matchStateFn, &ok, want.Attributes, want.Properties); err != nil {
			return a.N, false, "", err
		}
		if !ok {
			return a.N, false, fmt.Sprintf("; %s does not have the attributes and properties", e), nil
		}
	}
	return a.N, true, "", nil
}

// matchStateFn reports whether the element has the attributes (equal
// values) and the properties (a deep match, as Puppeteer's isDeepMatch).
const matchStateFn = `function (attrs, props) {
	const el = this;
	for (const [k, v] of Object.entries(attrs || {})) if (el.getAttribute(k) !== v) return false;
	const deep = (a, b) => {
		if (a === b) return true;
		if ((a && !b) || (!a && b)) return false;
		if (!(a instanceof Object) || !(b instanceof Object)) return false;
		for (const [k, v] of Object.entries(a)) if (!deep(v, b[k])) return false;
		return true;
	};
	return deep(props || {}, el);
}`

func describeExpect(e *chain.Expect) string {
	op, n := ">=", 1
	if e != nil && e.Operator != "" {
		op = e.Operator
	}
	if e != nil && e.Count != nil {
		n = *e.Count
	}
	parts := []string{fmt.Sprintf("count %s %d", op, n)}
	if e != nil && len(e.Attributes) > 0 {
		b, _ := json.Marshal(e.Attributes)
		parts = append(parts, "attributes "+string(b))
	}
	if e != nil && len(e.Properties) > 0 {
		b, _ := json.Marshal(e.Properties)
		parts = append(parts, "properties "+string(b))
	}
	return strings.Join(parts, ", ")
}

// waitExpression evaluates the step's expression in the document of its
// frame path (the page's when it has none) until it is truthy.
func (r *Runner) waitExpression(ctx context.Context, s *chain.Step) error {
	var path []string
	if s.Target != nil {
		path = s.Target.FramePath
	}
	last := "it was never evaluated"
	for {
		v, err := r.evalIn(ctx, path, s.Expression)
		switch {
		case err == nil && v:
			return nil
		case err == nil:
			last = "it stayed falsy"
		case ctx.Err() == nil:
			last = err.Error()
		}
		if wait.Sleep(ctx, pollChrome) != nil {
			return stepErr(report.AssertionFailed, ctx.Err(), "waited for %s to be true: %s", clip(s.Expression), last)
		}
	}
}

// evalExprFn evaluates an expression in the global scope of the window of
// the document it is called on, awaiting a promise, and reports whether
// the value is truthy.
const evalExprFn = `async function (expr) { const w = this.defaultView; return !!(await w.eval(expr)); }`

// evalIn evaluates expr in the document the frame path leads to.
func (r *Runner) evalIn(ctx context.Context, framePath []string, expr string) (bool, error) {
	var v bool
	if err := r.callDoc(ctx, framePath, evalExprFn, &v, expr); err != nil {
		return false, fmt.Errorf("the expression: %s", firstLine(err.Error()))
	}
	return v, nil
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// keyEvent presses (down) or releases a key alone, keeping the modifiers
// held across steps, as Puppeteer's keyboard does (keys.Def.Down: a chord
// types no text).
func (r *Runner) keyEvent(ctx context.Context, key string, down bool) error {
	d, ok := keys.Lookup(key)
	if !ok {
		return stepErr(report.InvalidStep, nil, "%q is not a key this replayer knows", key)
	}
	bit := keys.Modifiers[key]
	if down {
		if err := ctx.Err(); err != nil {
			return err // a key event sent now would still reach the page
		}
	} else {
		defer func() { r.held &^= bit }() // released, or not sent: not held for the next steps
	}
	// Sent, the event is not cut short by ctx (it would reach the page
	// with its answer lost), and a key held is released however ctx
	// ended meanwhile: left down, it would hold for the page's later
	// input too.
	c, cancel := keys.Release(r.Page.Context(ctx))
	defer cancel()
	if down {
		r.held |= bit
	}
	ev := d.Up(r.held)
	if down {
		ev = d.Down(r.held)
	}
	if err := ev.Call(c); err != nil {
		return fmt.Errorf("Input.dispatchKeyEvent %s %s: %w", ev.Type, key, err)
	}
	return nil
}

// EmulateNetwork emulates n on page from then on (offline when it neither
// downloads nor uploads), as Puppeteer's page.emulateNetworkConditions.
func EmulateNetwork(ctx context.Context, page *rod.Page, n chain.Network) error {
	c := page.Context(ctx)
	if err := (proto.NetworkEnable{}).Call(c); err != nil {
		return fmt.Errorf("Network.enable: %w", err)
	}
	err := proto.NetworkEmulateNetworkConditions{Offline: n.Offline(), Latency: n.Latency,
		DownloadThroughput: n.Download, UploadThroughput: n.Upload}.Call(c)
	if err != nil {
		return fmt.Errorf("Network.emulateNetworkConditions: %w", err)
	}
	return nil
}

// SetViewport sets page's viewport and the device it emulates (a mobile
// viewport, a touch screen, a landscape screen), as Puppeteer's
// page.setViewport.
func SetViewport(ctx context.Context, page *rod.Page, v chain.Viewport) error {
	c := page.Context(ctx)
	dsf := v.DeviceScaleFactor
	if dsf <= 0 {
		dsf = 1
	}
	o := &proto.EmulationScreenOrientation{Type: proto.EmulationScreenOrientationTypePortraitPrimary, Angle: 0}
	if v.Landscape {
		o = &proto.EmulationScreenOrientation{Type: proto.EmulationScreenOrientationTypeLandscapePrimary, Angle: 90}
	}
	err := proto.EmulationSetDeviceMetricsOverride{Width: v.Width, Height: v.Height, DeviceScaleFactor: dsf, Mobile: v.Mobile,
		ScreenOrientation: o}.Call(c)
	if err != nil {
		return fmt.Errorf("set the viewport to %dx%d: %w", v.Width, v.Height, err)
	}
	if err := (proto.EmulationSetTouchEmulationEnabled{Enabled: v.Touch}).Call(c); err != nil {
		return fmt.Errorf("Emulation.setTouchEmulationEnabled: %w", err)
	}
	return nil
}
