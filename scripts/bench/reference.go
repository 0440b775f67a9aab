package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/fixtures"
	"github.com/qa-chain/chainreplay/internal/browser"
	"github.com/qa-chain/chainreplay/internal/keys"
)

// reference replays a flow recorded on the original app once more on the
// original, without the engine under test, to learn what each step should
// do: the logical name of the element each step was recorded on, and the
// facts the step changed (fixtures' tracker; none for the fixture apps,
// whose pages report no facts).
//
// Each step's element is found by its exact recorded locators (the
// fingerprint's CSS or XPath, then the chain's CSS, XPath and id, through
// the recorded frames and shadow roots), on the page as the previous steps
// left it, with the pointer resting where the person's was (the recorded
// point of a pointer step): a locator that was unique at record time only
// because the pointer revealed one row's delete button finds that row's
// again. An element still not there or not shown is revealed through its
// nearest shown ancestor (of its recorded XPath, or in the DOM).
// A bubbling contextmenu fired at the element tells its logical name (the
// pages ignore it); then the step is performed with real input (DevTools
// Input, at the element's centre), the page is given settle to react, and
// a marker closes the step's reports. This does not depend on how replay
// picks elements.
func reference(ctx context.Context, b *browser.Browser, srv *fixtures.Server, r *recorded, settle time.Duration) error {
	bctx, err := b.Incognito()
	if err != nil {
		return err
	}
	defer bctx.Close()
	page, err := bctx.Page(proto.TargetCreateTarget{URL: "about:blank"})
	if err != nil {
		return err
	}
	defer page.Close()
	f := r.flow
	if f.Viewport != nil {
		if err := page.SetViewport(&proto.EmulationSetDeviceMetricsOverride{Width: f.Viewport.Width, Height: f.Viewport.Height, DeviceScaleFactor: 1}); err != nil {
			return err
		}
	}
	srv.ResetEvents()
	if err := page.Timeout(30 * time.Second).Navigate(f.StartURL); err != nil {
		return err
	}
	if err := browser.WaitLoadWithin(ctx, page, browser.LoadTimeout); err != nil {
		return err
	}
	time.Sleep(settle)
	r.expect = make([]string, len(f.Steps))
	windows := make([][]fixtures.Event, len(f.Steps))
	seen := 0 // the first window holds the load: the document the facts belong to
	for i := range f.Steps {
		s := &f.Steps[i]
		waitMark(ctx, srv, page, beginMark(i+1))
		if err := referenceStep(ctx, page, srv, r, i, s, settle); err != nil {
			return fmt.Errorf("step %d (%s): %w", i+1, s.Action, err)
		}
		waitMark(ctx, srv, page, fmt.Sprintf("__ref:%d", i+1))
		ev := srv.Events()
		windows[i] = ev[min(seen, len(ev)):]
		seen = len(ev)
	}
	time.Sleep(settle)
	waitMark(ctx, srv, page, "__ref:end")
	ev := srv.Events()
	tail := ev[min(seen, len(ev)):]
	r.effects = deltas(windows, tail, r.expect)
	r.initial = initialFacts(windows, r.expect)
	checkNames(r)
	return nil
}

// referenceStep performs step i on page and sets r.expect[i].
func referenceStep(ctx context.Context, page *rod.Page, srv *fixtures.Server, r *recorded, i int, s *chain.Step, settle time.Duration) error {
	sctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	page = page.Context(sctx)
	var el *rod.Element
	if s.HasTarget() {
		restPointer(page, s)
		var err error
		if el, err = reveal(page, s.Target); err != nil {
			return fmt.Errorf("the recorded locators do not find the element on the original: %w", err)
		}
		name, err := nameOf(ctx, srv, el, fmt.Sprintf("__oracle:%d", i))
		if err != nil {
			return err
		}
		r.expect[i] = name
		if name == "" {
			logf("reference %s: step %d (%s) acts on an element that reports nothing", r.app.Name, i+1, s.Action)
		}
	}
	var wait func()
	if s.Navigated != nil && !s.Navigated.SameDocument {
		wait = page.Timeout(30 * time.Second).WaitNavigation(proto.PageLifecycleEventNameLoad)
	}
	if err := perform(page, el, s, r.secrets); err != nil {
		return err
	}
	if wait != nil {
		wait()
	}
	time.Sleep(settle)
	return nil
}

// restPointer moves the mouse to where the person's pointer was when
// they acted: the recorded point of a pointer step in the top document.
// What the pointer reveals there (a row's delete button) is then as it was
// at record time, and a locator that was unique then (the only Delete
// button shown) is unique again on the same element.
func restPointer(page *rod.Page, s *chain.Step) {
	if !s.Action.IsPointer() && s.Action != chain.Type || len(s.Target.FramePath) > 0 {
		return
	}
	for _, st := range s.Target.Chain {
		if st.Type != chain.Coordinates {
			continue
		}
		m, err := st.Coordinates()
		if err != nil || m.X < 0 || m.Y < 0 || (m.Viewport != nil && (m.X >= float64(m.Viewport.Width) || m.Y >= float64(m.Viewport.Height))) {
			return
		}
		if page.Mouse.MoveTo(proto.Point{X: m.X, Y: m.Y}) == nil {
			time.Sleep(50 * time.Millisecond)
		}
		return
	}
}

// nameOf fires a bubbling contextmenu at el (at a web component's inner
// control, which a click at its centre reaches) and returns the logical
// name the page reports for it ("" for none).
func nameOf(ctx context.Context, srv *fixtures.Server, el *rod.Element, marker string) (string, error) {
	before := len(srv.Events())
	if _, err := el.Eval(`function (m) {
		const fire = (x) => x.dispatchEvent(new MouseEvent("contextmenu", {bubbles: true, composed: true}));
		const inner = this.shadowRoot && this.shadowRoot.querySelector("button, input, select, textarea, a[href], [role]");
		fire(inner || this);
		fixtureReport(m, "probe", "");
	}`, marker); err != nil {
		return "", err
	}
	wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	for {
		ev := srv.Events()
		if n := len(ev); n > before && ev[n-1].Element == marker {
			for _, e := range ev[before:] {
				if e.Type == "contextmenu" {
					return e.Element, nil
				}
			}
			return "", nil
		}
		if _, err := srv.WaitEvents(wctx, len(ev)+1); err != nil {
			return "", fmt.Errorf("the page did not report: %w", err)
		}
	}
}

// reveal finds t's element by its exact locators; when it is not there or
// not shown, it rests the pointer on the nearest shown ancestor of its
// recorded XPath and looks again.
func reveal(page *rod.Page, t *chain.Target) (*rod.Element, error) {
	el, err := locate(page, t, time.Second)
	if err == nil && shown(el) {
		return el, nil
	}
	if err == nil {
		// there but hidden: rest the pointer on its nearest shown ancestor
		if anc, aerr := shownAncestor(page, el); aerr == nil && anc != nil && pointAt(page, anc, 0) == nil && waitShown(el, time.Second) {
			return el, nil
		}
	}
	var xp string
	if t.Fingerprint != nil {
		xp = t.Fingerprint.XPath
	}
	if len(t.FramePath) == 0 && len(t.ShadowPath) == 0 {
		for _, anc := range xpathAncestors(xp) {
			a, aerr := page.Timeout(200 * time.Millisecond).ElementX(anc)
			if aerr != nil || !shown(a) {
				continue
			}
			if herr := pointAt(page, a, 0); herr != nil {
				continue
			}
			if el, err = locate(page, t, time.Second); err == nil && waitShown(el, time.Second) {
				return el, nil
			}
		}
	}
	if err != nil {
		return nil, err
	}
	if !waitShown(el, 2*time.Second) {
		return nil, fmt.Errorf("the element is there but never shown")
	}
	return el, nil
}

// xpathAncestors lists the ancestors of an XPath made of steps, nearest
// first ("/html/body/ul/li[2]/button" -> "/html/body/ul/li[2]", ...).
func xpathAncestors(xp string) []string {
	var out []string
	for {
		i := strings.LastIndex(xp, "/")
		if i <= 1 || strings.Count(xp[:i], "[") != strings.Count(xp[:i], "]") {
			return out
		}
		xp = strings.TrimRight(xp[:i], "/")
		if xp == "" || xp == "/html" {
			return out
		}
		out = append(out, xp)
	}
}

// shownAncestor returns el's nearest shown ancestor (through shadow hosts),
// or nil.
func shownAncestor(page *rod.Page, el *rod.Element) (*rod.Element, error) {
	res, err := el.Evaluate(rod.Eval(`function () {
		const shown = (n) => { const s = getComputedStyle(n); return s.visibility !== "hidden" && n.getClientRects().length > 0; };
		for (let n = this.parentNode || this.host; n; n = n.parentNode || n.host) {
			if (n.nodeType === 1 && shown(n)) return n;
		}
		return null;
	}`).ByObject())
	if err != nil || res.ObjectID == "" {
		return nil, err
	}
	return page.ElementFromObject(res)
}

const shownJS = `function () {
	if (!this.isConnected) return false;
	const s = getComputedStyle(this);
	return s.visibility !== "hidden" && this.getClientRects().length > 0;
}`

func shown(el *rod.Element) bool {
	res, err := el.Eval(shownJS)
	return err == nil && res.Value.Bool()
}

func waitShown(el *rod.Element, d time.Duration) bool {
	deadline := time.Now().Add(d)
	for {
		if shown(el) {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// typeSettle is how long the reference lets a page react to the click
// into a field, after two animation frames, before it selects and
// replaces the field's text.
const typeSettle = 100 * time.Millisecond

// perform does s on el (nil for page-level steps) with real input.
func perform(page *rod.Page, el *rod.Element, s *chain.Step, secrets map[string]string) error {
	switch s.Action {
	case chain.Click, chain.Check, chain.Uncheck:
		return pointAt(page, el, 1)
	case chain.DblClick:
		return pointAt(page, el, 2)
	case chain.Hover:
		return pointAt(page, el, 0)
	case chain.Type:
		if err := pointAt(page, el, 1); err != nil {
			return err
		}
		// A framework may render again after the click (Mithril redraws
		// on the next animation frame after every event it handles,
		// setting the field's value, which moves the caret to the end):
		// select the text only once it has, or the typed text lands after
		// the old one. Two frames, then typeSettle; a busy machine delays
		// frames.
		// The field must then hold the text alone: on a machine busy
		// enough to delay the redraw past typeSettle, the text landed
		// after the old one, and the reference would expect that.
		text := s.Text
		for _, name := range chain.Secrets(text) {
			text = strings.ReplaceAll(text, chain.SecretRef(name), secrets[name])
		}
		for attempt := 0; ; attempt++ {
			_, _ = page.Eval(`() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`)
			time.Sleep(typeSettle)
			if err := keys.Press(page, "a", keys.Ctrl); err != nil {
				return err
			}
			var err error
			if text == "" {
				err = keys.Press(page, "Backspace", 0)
			} else {
				err = keys.Type(page, text)
			}
			if err != nil {
				return err
			}
			v, verr := el.Property("value")
			if verr != nil || v.Nil() || v.Str() == text || attempt == 2 {
				return nil
			}
		}
	case chain.Press:
		if el != nil {
			if err := el.Focus(); err != nil {
				return err
			}
		}
		mods := 0
		for _, m := range s.Modifiers {
			mods |= keys.Modifiers[m]
		}
		return keys.Press(page, s.Key, mods)
	case chain.Select:
		// By the option's value, which an option without a value attribute
		// takes from its text (no CSS selector matches that), else its label.
		_, err := el.Eval(`function (v, l) {
			const o = [...this.options].find((o) => o.value === v) || [...this.options].find((o) => o.label === l);
			if (!o) throw new Error("no option " + JSON.stringify(v || l));
			o.selected = true;
			this.dispatchEvent(new Event("input", {bubbles: true}));
			this.dispatchEvent(new Event("change", {bubbles: true}));
		}`, s.Value, s.Label)
		return err
	case chain.Scroll:
		res, err := proto.PageGetLayoutMetrics{}.Call(page)
		if err != nil {
			return err
		}
		v := res.CSSLayoutViewport
		return proto.InputDispatchMouseEvent{Type: proto.InputDispatchMouseEventTypeMouseWheel,
			X: float64(v.ClientWidth) / 2, Y: float64(v.ClientHeight) / 2, DeltaX: s.DeltaX, DeltaY: s.DeltaY}.Call(page)
	case chain.Navigate:
		return page.Navigate(s.URL)
	}
	// assertions and anything else: nothing to perform
	return nil
}

// pointAt moves the mouse to el's centre (scrolled into view; for a
// control hidden the accessible way, its label's) and clicks there clicks
// times (0: only moves), as a person does: whatever is on top at that
// point gets the click. It waits for nothing else.
func pointAt(page *rod.Page, el *rod.Element, clicks int) error {
	el = el.Timeout(5 * time.Second)
	if err := el.ScrollIntoView(); err != nil {
		return err
	}
	shape, err := el.Shape()
	if err != nil {
		return err
	}
	box := shape.Box()
	if box == nil {
		return fmt.Errorf("the element has no box")
	}
	if box.Width <= 2 && box.Height <= 2 {
		// A control hidden the accessible way (a pixel's box: jQuery UI's
		// radio buttons): a person clicks its label.
		if l, err := el.ElementByJS(rod.Eval(`() => [...(this.labels || [])].find((l) => l.getClientRects().length) || null`)); err == nil && l != nil {
			if sh, err := l.Shape(); err == nil && sh.Box() != nil && sh.Box().Width > 2 {
				box = sh.Box()
			}
		}
	}
	if err := page.Mouse.MoveTo(proto.Point{X: box.X + box.Width/2, Y: box.Y + box.Height/2}); err != nil {
		return err
	}
	for i := 1; i <= clicks; i++ {
		if err := page.Mouse.Down(proto.InputMouseButtonLeft, i); err != nil {
			return err
		}
		if err := page.Mouse.Up(proto.InputMouseButtonLeft, i); err != nil {
			return err
		}
	}
	return nil
}

// checkNames compares the names the reference found with the app's
// catalog (the names its drive lines act on, in order).
func checkNames(r *recorded) {
	var want, got []string
	for _, n := range r.app.Expect {
		if n != "" {
			want = append(want, n)
		}
	}
	for i, n := range r.expect {
		// a press step acts on the focused field; its drive line names none
		if n != "" && r.flow.Steps[i].Action != chain.Press {
			got = append(got, n)
		}
	}
	if strings.Join(want, "|") != strings.Join(got, "|") {
		logf("reference %s: the recorded steps act on %q, the drive script on %q", r.app.Name, got, want)
	}
}

// locate finds t's element on page by its exact recorded locators, waiting
// up to d for each.
func locate(page *rod.Page, t *chain.Target, d time.Duration) (*rod.Element, error) {
	scope := page
	for _, sel := range t.FramePath {
		fr, err := find(scope, "css", sel, d)
		if err != nil {
			return nil, fmt.Errorf("frame %q: %w", sel, err)
		}
		if scope, err = fr.Frame(); err != nil {
			return nil, fmt.Errorf("frame %q: %w", sel, err)
		}
		scope = scope.Context(context.Background())
	}
	var locs [][2]string // kind, value
	if fp := t.Fingerprint; fp != nil {
		if fp.CSS != "" {
			locs = append(locs, [2]string{"css", fp.CSS})
		}
		if fp.XPath != "" {
			locs = append(locs, [2]string{"xpath", fp.XPath})
		}
	}
	for _, s := range t.Chain {
		switch s.Type {
		case chain.CSS:
			locs = append(locs, [2]string{"css", s.Value})
		case chain.XPath:
			locs = append(locs, [2]string{"xpath", s.Value})
		case chain.ID:
			locs = append(locs, [2]string{"css", `[id="` + strings.ReplaceAll(s.Value, `"`, `\"`) + `"]`})
		}
	}
	if len(locs) == 0 {
		return nil, fmt.Errorf("no CSS or XPath recorded")
	}
	var lastErr error
	for _, l := range locs {
		var el *rod.Element
		var err error
		if len(t.ShadowPath) == 0 {
			el, err = find(scope, l[0], l[1], d)
		} else {
			el, err = inShadow(scope, t.ShadowPath, l, d)
		}
		if err == nil {
			return el, nil
		}
		lastErr = err
	}
	return nil, lastErr
}

// find waits up to d for the element.
func find(scope *rod.Page, kind, sel string, d time.Duration) (*rod.Element, error) {
	p := scope.Timeout(d)
	var el *rod.Element
	var err error
	if kind == "css" {
		el, err = p.Element(sel)
	} else {
		el, err = p.ElementX(sel)
	}
	if err != nil {
		return nil, err
	}
	return el.CancelTimeout(), nil
}

func inShadow(scope *rod.Page, path []string, l [2]string, d time.Duration) (*rod.Element, error) {
	host, err := find(scope, "css", path[0], d)
	if err != nil {
		return nil, err
	}
	for i, sel := range path {
		if i > 0 {
			if host, err = host.Element(sel); err != nil {
				return nil, err
			}
		}
		if host, err = host.ShadowRoot(); err != nil {
			return nil, err
		}
	}
	if l[0] == "css" {
		return host.Element(l[1])
	}
	return nil, fmt.Errorf("XPath inside a shadow root is not supported by the reference")
}
