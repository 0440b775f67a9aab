package decision

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/browser"
	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/report"
	"github.com/qa-chain/chainreplay/strategies"
)

// Actionability on small pages written for each case: an element that
// moves must be waited for (or reported as moving), one under an overlay
// reported as covered, and the box the check measures in page JavaScript
// must be the one DevTools input events use.

// actionPage opens html in a fresh page of the shared browser, at
// 1280x800 and device scale factor scale.
func actionPage(t *testing.T, html string, scale float64) *rod.Page {
	t.Helper()
	p, err := testenv.Browser(t).Page(proto.TargetCreateTarget{URL: "about:blank"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	if err := (proto.EmulationSetDeviceMetricsOverride{Width: 1280, Height: 800, DeviceScaleFactor: scale}).Call(p); err != nil {
		t.Fatal(err)
	}
	if err := p.SetDocumentContent(html); err != nil {
		t.Fatal(err)
	}
	if err := browser.WaitLoad(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	return p
}

// steadyPage serves html on 127.0.0.1 and opens it, at 1280x800, in a
// fresh page whose documents run the page model from their start, as
// replay's do: the model counts the page's queued work and can tell a
// steady page. The scripts run at their start too, after the model.
func steadyPage(t *testing.T, html string, scripts ...string) *rod.Page {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte("<!doctype html>" + html)) //nolint:errcheck
	}))
	t.Cleanup(srv.Close)
	p := testenv.PageWithScripts(t, srv.URL, append([]string{pagemodel.StartScript}, scripts...)...)
	if err := (proto.EmulationSetDeviceMetricsOverride{Width: 1280, Height: 800, DeviceScaleFactor: 1}).Call(p); err != nil {
		t.Fatal(err)
	}
	return p
}

// bothPages runs f on html opened as actionPage does (the model installed
// late: never taken for idle) and as steadyPage does (the model from the
// document's start).
func bothPages(t *testing.T, html string, f func(t *testing.T, p *rod.Page)) {
	t.Run("model installed late", func(t *testing.T) { f(t, actionPage(t, html, 1)) })
	t.Run("model from the start", func(t *testing.T) { f(t, steadyPage(t, html)) })
}

// elemByID is the element with that id attribute (in any shadow root), as
// a locate round would have it.
func elemByID(t *testing.T, p *rod.Page, id string) Elem {
	t.Helper()
	m := pagemodel.New(p, pagemodel.Options{})
	return ElemOf(m, &strategies.Result{Element: modelByID(t, m, id)})
}

// modelByID is the page model's element with that id attribute (in any
// shadow root); fatal when there is none.
func modelByID(t *testing.T, m *pagemodel.Page, id string) *pagemodel.Element {
	t.Helper()
	f, err := m.FindAll(context.Background(), []pagemodel.Query{{Type: pagemodel.ByAttr, Attrs: []string{"id"}, Value: id}})
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Answers[0].Els) == 0 {
		t.Fatalf("no element #%s", id)
	}
	return f.Answers[0].Els[0]
}

// centre is the centre of the element's box as DevTools measures it now.
func centre(t *testing.T, el Elem) chain.Point {
	t.Helper()
	b, err := contentBox(context.Background(), el)
	if err != nil {
		t.Fatal(err)
	}
	return b.Center()
}

func near(a, b chain.Point) bool { return math.Abs(a.X-b.X) < 1 && math.Abs(a.Y-b.Y) < 1 }

func wantNotActionable(t *testing.T, err error, reason string) {
	t.Helper()
	var se *StepError
	if !errors.As(err, &se) || se.Code != report.NotActionable {
		t.Fatalf("err = %v, want NOT_ACTIONABLE", err)
	}
	if !strings.Contains(se.Message(), reason) {
		t.Errorf("reason %q does not say %q", se.Message(), reason)
	}
}

func TestActionableWaitsUntilATransitionEnds(t *testing.T) {
	bothPages(t, `<style>#go { position: absolute; left: 20px; top: 100px; width: 120px; height: 40px;
		transition: left 400ms linear; } #go.moved { left: 620px; }</style>
		<button id="go">Go</button>`, waitsUntilATransitionEnds)
}

func waitsUntilATransitionEnds(t *testing.T, p *rod.Page) {
	el := elemByID(t, p, "go")
	if _, err := p.Eval(`() => { document.body.offsetTop; document.getElementById("go").classList.add("moved"); }`); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	start := time.Now()
	pt, err := Actionable(ctx, el, nil)
	if err != nil {
		t.Fatal(err)
	}
	final := centre(t, el)
	if !near(pt, final) || math.Abs(final.X-680) > 1 {
		t.Errorf("acted at %v after %v, the button came to rest at %v (want x=680)", pt, time.Since(start), final)
	}
}

// An element that has not started moving yet is waited for too: a slide
// in after a delay, and a panel above it that starts opening.
func TestActionableWaitsForAMoveAboutToStart(t *testing.T) {
	for name, c := range map[string]struct {
		html, start string
		want        chain.Point
	}{
		"delayed animation": {`<style>@keyframes in { from { left: 20px } to { left: 620px } }
			#go { position: absolute; top: 100px; left: 620px; width: 120px; height: 40px; }
			#go.in { animation: in 300ms linear 250ms backwards; }</style><button id="go">Go</button>`,
			`document.getElementById("go").classList.add("in")`, chain.Point{X: 680, Y: 120}},
		"a panel above opening": {`<style>#panel { height: 0; overflow: hidden; transition: height 300ms linear; }
			#panel.open { height: 300px; }</style><div id="panel"></div><button id="go" style="width: 120px; height: 40px">Go</button>`,
			`document.body.offsetTop; document.getElementById("panel").classList.add("open")`, chain.Point{X: 68, Y: 328}},
	} {
		t.Run(name, func(t *testing.T) {
			bothPages(t, c.html, func(t *testing.T, p *rod.Page) {
				el := elemByID(t, p, "go")
				if _, err := p.Eval(`() => { ` + c.start + ` }`); err != nil {
					t.Fatal(err)
				}
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				defer cancel()
				pt, err := Actionable(ctx, el, nil)
				if err != nil {
					t.Fatal(err)
				}
				if !near(pt, c.want) {
					t.Errorf("acted at %v, the button comes to rest at %v", pt, c.want)
				}
			})
		})
	}
}

// Animations that move nothing (a pulsing colour on the element, a spinner
// elsewhere) do not hold the element up.
func TestActionableIgnoresAnimationsThatMoveNothing(t *testing.T) {
	p := actionPage(t, `<style>@keyframes pulse { from { background: #fff; box-shadow: 0 0 0 red } to { background: #f00; box-shadow: 0 0 9px red } }
		@keyframes spin { to { transform: rotate(360deg) } }</style>
		<button id="go" style="animation: pulse 1s infinite alternate">Go</button>
		<div style="width: 20px; height: 20px; border: 2px solid; animation: spin 1s linear infinite"></div>`, 1)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if _, err := Actionable(ctx, elemByID(t, p, "go"), nil); err != nil {
		t.Fatal(err)
	}
}

func TestActionableReportsAnElementMovedEveryFrame(t *testing.T) {
	for name, html := range map[string]string{
		"requestAnimationFrame loop": `<button id="go" style="position: absolute; top: 100px; left: 0">Go</button>
			<script>let x = 0; const b = document.getElementById("go");
			(function step() { x = (x + 3) % 600; b.style.left = x + "px"; requestAnimationFrame(step); })();</script>`,
		"CSS animation": `<style>@keyframes slide { from { left: 0 } to { left: 600px } }
			#go { position: absolute; top: 100px; animation: slide 2s linear infinite; }</style><button id="go">Go</button>`,
	} {
		t.Run(name, func(t *testing.T) {
			bothPages(t, html, func(t *testing.T, p *rod.Page) {
				el := elemByID(t, p, "go")
				ctx, cancel := context.WithTimeout(context.Background(), 700*time.Millisecond)
				defer cancel()
				_, err := Actionable(ctx, el, nil)
				wantNotActionable(t, err, "moving")
			})
		})
	}
}

func TestActionableReportsAnOverlay(t *testing.T) {
	p := actionPage(t, `<button id="go" style="position: absolute; left: 100px; top: 100px; width: 120px; height: 40px">Go</button>
		<div id="wall" class="cookie-wall" style="position: fixed; inset: 0; background: rgba(0,0,0,.3)"></div>`, 1)
	el := elemByID(t, p, "go")
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	_, err := Actionable(ctx, el, nil)
	wantNotActionable(t, err, "div#wall.cookie-wall covers it")
}

// A link of an off-canvas menu (a sidebar a small screen slides away)
// cannot be scrolled into view: the reason says so, not "covered".
func TestActionableReportsAnElementOffTheCanvas(t *testing.T) {
	p := actionPage(t, `<nav style="position: fixed; left: -250px; top: 0; width: 250px; height: 100%">
		<a id="go" href="#x" style="display: block; padding: 8px">UI Elements</a></nav>`, 1)
	el := elemByID(t, p, "go")
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	_, err := Actionable(ctx, el, nil)
	wantNotActionable(t, err, "stays outside the viewport after scrolling")
}

func TestActionableReachesInsideClosedShadowRootsAndLabels(t *testing.T) {
	p := actionPage(t, `<x-host id="host" style="display: block"></x-host>
		<label id="lab" style="display: block; margin-top: 50px"><input id="opt" type="checkbox" style="width: 40px; height: 40px"> Option</label>
		<script>const r = document.getElementById("host").attachShadow({mode: "closed"});
		r.innerHTML = '<button id="inner"><span>Deep</span> inside</button>';</script>`, 1)
	for _, id := range []string{"inner", "opt"} {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		pt, err := Actionable(ctx, elemByID(t, p, id), nil)
		cancel()
		if err != nil {
			t.Errorf("#%s: %v", id, err)
			continue
		}
		if c := centre(t, elemByID(t, p, id)); !near(pt, c) {
			t.Errorf("#%s: point %v, box centre %v", id, pt, c)
		}
	}
}

// The page function measures client rects; input events and the old
// measurement use DevTools content quads. They must agree, on a scrolled
// page at device scale factor 2 too.
func TestActionableBoxIsTheContentQuad(t *testing.T) {
	for _, scale := range []float64{1, 2} {
		p := actionPage(t, `<div style="height: 1500px"></div>
			<p style="zoom: 1.5">text <button id="go" style="margin-left: 37.5px; width: 101.25px">Go</button></p>
			<div style="height: 1500px"></div>`, scale)
		el := elemByID(t, p, "go")
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		pt, err := Actionable(ctx, el, nil)
		cancel()
		if err != nil {
			t.Fatalf("scale %v: %v", scale, err)
		}
		if c := centre(t, el); !near(pt, c) {
			t.Errorf("scale %v: the page function's centre %v, the content quad's %v", scale, pt, c)
		}
		if pt.Y < 0 || pt.Y > 800 {
			t.Errorf("scale %v: point %v is outside the viewport: the element was not scrolled into view", scale, pt)
		}
	}
}

// A recorded offset inside the box is where the pointer goes; one outside
// the box (the element shrank) falls back to the centre.
func TestActionableActsAtTheOffset(t *testing.T) {
	p := actionPage(t, `<button id="go" style="position: absolute; left: 100px; top: 100px; width: 200px; height: 40px">Go</button>`, 1)
	el := elemByID(t, p, "go")
	for _, c := range []struct {
		offset *chain.Point
		want   chain.Point
	}{
		{&chain.Point{X: 10, Y: 5}, chain.Point{X: 110, Y: 105}},
		{&chain.Point{X: 250, Y: 5}, chain.Point{X: 200, Y: 120}},
		{nil, chain.Point{X: 200, Y: 120}},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		pt, err := Actionable(ctx, el, c.offset)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if !near(pt, c.want) {
			t.Errorf("offset %v: acted at %v, want %v", c.offset, pt, c.want)
		}
	}
}

// A page that replaced elementFromPoint cannot fool the hit test: DevTools
// is asked instead.
func TestActionableHitTestSurvivesAPatchedPage(t *testing.T) {
	p := actionPage(t, `<button id="go" style="position: absolute; left: 100px; top: 100px; width: 120px; height: 40px">Go</button>
		<div id="wall" style="position: fixed; inset: 0"></div>
		<script>const go = document.getElementById("go"); Document.prototype.elementFromPoint = () => go;</script>`, 1)
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	_, err := Actionable(ctx, elemByID(t, p, "go"), nil)
	wantNotActionable(t, err, "div#wall covers it")
}

// An element in view but under a sticky header is brought to the middle of
// the viewport and clicked there, not reported as covered.
func TestStickyHeaderOverTheElement(t *testing.T) {
	p := actionPage(t, `<body style="margin:0">
<header id="bar" style="position:sticky;top:0;height:80px;background:#333;z-index:2">menu</header>
<div style="height:1500px"></div>
<button id="go" style="height:30px">Go</button>
<div style="height:1500px"></div></body>`, 1)
	el := elemByID(t, p, "go")
	// The button's top edge at y=20: in view, under the header.
	if _, err := p.Eval(`() => { const b = document.getElementById("go"); window.scrollTo(0, b.getBoundingClientRect().top + scrollY - 20); }`); err != nil {
		t.Fatal(err)
	}
	if c := centre(t, el); c.Y > 80 {
		t.Fatalf("setup: the button's centre is at y=%.0f, want it under the 80px header", c.Y)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	pt, err := Actionable(ctx, el, nil)
	if err != nil {
		t.Fatalf("under a sticky header: %v", err)
	}
	if pt.Y <= 80 {
		t.Errorf("click point y=%.0f is under the header", pt.Y)
	}
}

// modelIdle is how long (ms) the page model has seen p idle, and its whole
// answer ("still").
func modelIdle(t *testing.T, p *rod.Page) (float64, string) {
	t.Helper()
	raw := p.MustEval(`() => globalThis[` + pagemodel.Key() + `].still()`).Str()
	var st struct{ Idle float64 }
	if err := json.Unmarshal([]byte(raw), &st); err != nil {
		t.Fatal(err)
	}
	return st.Idle, raw
}

// On a steady page (the model saw it idle, nothing the clock drives moves
// near the element, its box is the one the locate measured) the check
// takes the box without waiting for a frame; on a page that is not, it
// waits for one.
func TestActionableTakesASteadyPageWithoutAFrame(t *testing.T) {
	const button = `<button id="go" style="position: absolute; left: 100px; top: 100px; width: 120px; height: 40px">Go</button>`
	for _, c := range []struct {
		name, html string
		moved      bool // the located box is not the element's any more
		frames     bool // a frame must be awaited
	}{
		{name: "steady", html: button},
		{name: "moved since it was located", html: button, moved: true, frames: true},
		{name: "an animation frame requested", html: button + `<script>(function f() { requestAnimationFrame(f); })();</script>`, frames: true},
		{name: "a timer due", html: button + `<script>setInterval(() => { document.body.dataset.t = Date.now(); }, 10);</script>`, frames: true},
		{name: "an interval that changes nothing", html: button + `<script>let n = 0; setInterval(() => { n++; }, 10);</script>`},
		{name: "an infinite animation moving something", html: button + `<style>@keyframes slide { to { margin-left: 300px } }</style>
			<div style="width: 20px; height: 20px; animation: slide 2s linear infinite"></div>`, frames: true},
		{name: "an infinite animation that moves nothing", html: button + `<style>@keyframes pulse { to { background: red } }</style>
			<div style="width: 20px; height: 20px; animation: pulse 2s linear infinite"></div>`},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := steadyPage(t, c.html)
			el := elemByID(t, p, "go")
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			// The model must have seen a steady page idle for the idle
			// window (a rendering update run since its last change: on a
			// busy machine that frame may come after the page went quiet);
			// a page that never idles is taken once MaxSettle has passed.
			for end := time.Now().Add(pagemodel.MaxSettle); time.Now().Before(end); time.Sleep(2 * time.Millisecond) {
				if idle, _ := modelIdle(t, p); idle >= float64(pagemodel.IdleWindow.Milliseconds()) {
					break
				}
			}
			b := el.Element.Box
			if c.moved {
				b.Y += 20
			}
			var st settleState
			at := map[string]float64{"x": b.X, "y": b.Y, "width": b.Width, "height": b.Height}
			if err := callOn(ctx, el, settleFn, &st, nil, at, pagemodel.IdleWindow.Milliseconds()); err != nil {
				t.Fatal(err)
			}
			if st.Point == nil || !near(*st.Point, chain.Point{X: 160, Y: 120}) {
				t.Errorf("point %v, want the box centre 160,120", st.Point)
			}
			if got := st.Frames > 0; got != c.frames {
				_, still := modelIdle(t, p)
				t.Errorf("frames awaited: %d; want a frame: %v (the model after: %s)", st.Frames, c.frames, still)
			}
		})
	}
}

// TestTheEnginesWaitsLeaveThePageIdle: the frames the engine awaits (an
// actionability check, nextFrame) are its own, not the page's work: a page
// idle before them is idle after, for as long.
func TestTheEnginesWaitsLeaveThePageIdle(t *testing.T) {
	fx := testenv.Fixtures(t)
	p := testenv.PageWithScripts(t, fx.URL+"/login.html", pagemodel.StartScript)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	m := pagemodel.New(p, pagemodel.Options{})
	m.Settle(ctx)
	el := ElemOf(m, &strategies.Result{Element: modelByID(t, m, "login-btn")})
	idle := func() float64 { ms, _ := modelIdle(t, p); return ms }
	// The premise is a page idle before the frames: on a busy machine the
	// settle may end before the model has seen a rendering update since the
	// page's last change, so wait for it.
	before := idle()
	for before <= 0 && ctx.Err() == nil {
		time.Sleep(10 * time.Millisecond)
		before = idle()
	}
	start := time.Now()
	for range 5 {
		if err := pagemodel.NextFrame(ctx, p); err != nil {
			t.Fatal(err)
		}
		if _, err := Actionable(ctx, el, nil); err != nil {
			t.Fatal(err)
		}
	}
	waited := float64(time.Since(start).Milliseconds())
	if after := idle(); before <= 0 || after < before+waited-5 {
		t.Errorf("idle %.1f ms before five frames and checks (%.0f ms), %.1f ms after: the engine's waits were taken for the page's work", before, waited, after)
	}
}

// A radio hidden the accessible way (a clipped pixel, as jQuery UI's
// control groups hide theirs) whose pixel lies under the next control's
// label is clicked on its own label, as a person does: that checks it, and
// not the next control.
func TestActionableClicksAHiddenControlOnItsLabel(t *testing.T) {
	p := actionPage(t, `<style>
		.hidden { border: 0; clip: rect(0 0 0 0); height: 1px; margin: -1px; overflow: hidden; padding: 0; position: absolute; width: 1px; }
		label { display: inline-block; padding: 8px 14px; border: 1px solid #999; }</style>
		<div><label for="std">Standard</label><input class="hidden" type="radio" name="t" id="std"><label for="auto">Automatic</label><input class="hidden" type="radio" name="t" id="auto"><label for="ins">Insurance</label><input class="hidden" type="checkbox" id="ins"></div>`, 1)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	el := elemByID(t, p, "auto")
	pt, err := Actionable(ctx, el, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := mouseClick(ctx, p, pt, "left", 1, 0); err != nil {
		t.Fatal(err)
	}
	if got := p.MustEval(`() => [auto.checked, ins.checked].join(",")`).Str(); got != "true,false" {
		t.Errorf("clicked at %v: automatic, insurance checked %s, want true,false", pt, got)
	}
}

// A hidden checkbox whose label holds a link is not clicked on that
// label's centre, which lies on the link: the step would follow it.
func TestActionableNeverClicksALinkInTheLabel(t *testing.T) {
	p := actionPage(t, `<style>
		.hidden { border: 0; clip: rect(0 0 0 0); height: 1px; margin: -1px; overflow: hidden; padding: 0; position: absolute; width: 1px; }</style>
		<p><input class="hidden" type="checkbox" id="agree"><label for="agree">I <a href="#terms" id="terms">agree to the terms and conditions of this shop</a></label></p>`, 1)
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	pt, err := Actionable(ctx, elemByID(t, p, "agree"), nil)
	if err != nil {
		return // refused: nothing clicked
	}
	if err := mouseClick(context.Background(), p, pt, "left", 1, 0); err != nil {
		t.Fatal(err)
	}
	if got := p.MustEval(`() => location.hash + "," + agree.checked`).Str(); got != ",true" {
		t.Errorf("clicked at %v: hash and checked %q, want the box checked and no link followed", pt, got)
	}
}

// An element folded away (a menu a small screen hides behind its button, a
// closed <details>) is reported with the part that hides it and the
// control that discloses that part: the person reading the report knows
// what the recording did not do.
func TestActionableSaysWhatHidesAnElement(t *testing.T) {
	for _, tc := range []struct{ name, html, want string }{
		{"a folded menu", `<nav><button id="toggle" aria-controls="menu" aria-expanded="false">Menu</button>
			<div id="menu" class="collapse" style="display: none"><a id="go" href="#team">Team</a></div></nav>`,
			`the element is not visible: div#menu hides it (display: none); button "Menu" (aria-expanded=false) discloses that part`},
		{"a closed details", `<details id="more"><summary>More options</summary><button id="go">Export</button></details>`,
			`the element is not visible: details#more hides it (a closed <details>); button "More options" discloses that part`},
		{"hidden by its own style", `<button id="go" style="visibility: hidden">Export</button>`,
			`the element is not visible: it is itself hidden (visibility: hidden)`},
		// The button is in the host's light DOM; the part that hides it is
		// in the host's shadow tree, around the slot it shows in.
		{"slotted into a folded panel", `<x-menu id="host"><button id="go">Team</button></x-menu>
			<script>document.getElementById("host").attachShadow({mode: "open"}).innerHTML =
				'<button aria-controls="panel" aria-expanded="false">Menu</button><div id="panel" style="display: none"><slot></slot></div>';</script>`,
			`the element is not visible: div#panel hides it (display: none); button "Menu" (aria-expanded=false) discloses that part`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := actionPage(t, tc.html, 1)
			el := elemByID(t, p, "go")
			ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
			defer cancel()
			_, err := Actionable(ctx, el, nil)
			wantNotActionable(t, err, tc.want)
		})
	}
}

// A step won by its coordinates whose element the replay scrolls (it
// shows only its top at the foot of the viewport, where it was recorded):
// the click reaches the element, not the button that the recorded point
// lies on once the page has scrolled.
func TestCoordinatesClickFollowsTheElementWhenItScrolls(t *testing.T) {
	p := steadyPage(t, `<style>body { margin: 0; height: 4000px }
		button { position: absolute; left: 100px; width: 200px }</style>
		<button id="go" style="top: 1000px; height: 300px">Go</button>
		<button id="other" style="top: 1480px; height: 40px">Other</button>
		<script>window.clicks = []; document.addEventListener("click", (e) => window.clicks.push(e.target.id));</script>`)
	p.MustEval(`() => window.scrollTo(0, 300)`)
	// Recorded at scroll 300 on the top of #go, the rest below the fold.
	meta := chain.CoordinatesMeta{X: 200, Y: 750, ScrollPos: &chain.Point{Y: 300}, TagName: "button", ElementID: "go",
		BoundingRect: &chain.Rect{X: 100, Y: 700, Width: 200, Height: 300}}
	r := &Runner{Page: p, Options: RunOptions{Timeout: 3 * time.Second}}
	out := r.Step(context.Background(), &chain.Step{Action: chain.Click, Target: &chain.Target{
		Chain: []chain.Strategy{chain.CoordinatesStrategy(meta, strategies.BaseConfidence)}}})
	if out.Err != nil {
		t.Fatalf("step: %v", out.Err)
	}
	if got := p.MustEval(`() => window.clicks.join(",")`).Str(); got != "go" {
		t.Fatalf("clicks reached %q, want go", got)
	}
}

// An element of a page left behind another tab: the browser renders
// nothing there, so a check that awaits a rendering frame cannot end, and
// the error says why rather than only that the deadline passed.
func TestActionableSaysThePageIsHidden(t *testing.T) {
	p := actionPage(t, `<style>#go { transition: left 200ms linear; position: absolute; left: 20px }</style>
		<button id="go">Go</button>`, 1)
	el := elemByID(t, p, "go")
	front, err := testenv.Browser(t).Page(proto.TargetCreateTarget{URL: "about:blank"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { front.Close() })
	if v := p.MustEval(`() => document.visibilityState`).Str(); v != "hidden" {
		t.Fatalf("the page behind a new tab is %q, the test's premise is a hidden page", v)
	}
	// A move begun: the check watches the element until it stops.
	p.MustEval(`() => { document.getElementById("go").style.left = "400px"; }`)
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_, err = Actionable(ctx, el, nil)
	wantNotActionable(t, err, "the page is hidden")
}

// An option component's label is in its light DOM, drawn inside the
// option's row in its shadow tree through a slot (Material's
// <md-select-option><div slot="headline">): a press on the label is a
// press on the row, which takes the pointer.
func TestActionableTakesALabelSlottedIntoTheTarget(t *testing.T) {
	p := actionPage(t, `<x-option id="host"><div slot="headline">Deutsch</div></x-option>
		<script>document.getElementById("host").attachShadow({mode: "open"}).innerHTML =
			'<li id="go" role="option" style="list-style: none; padding: 8px; width: 200px"><span><slot name="headline"></slot></span></li>';</script>`, 1)
	el := elemByID(t, p, "go")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if _, err := Actionable(ctx, el, nil); err != nil {
		t.Fatalf("the row whose slotted label takes the pointer: %v", err)
	}
}
