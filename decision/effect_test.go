package decision

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-rod/rod"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/report"
)

// A step passes when what it did at record time happens again, and fails
// with NO_EFFECT, naming what it waited for, when it does not: a button
// whose handler adds a row, and the same button on a page where the
// handler is gone.
func TestEffectIsAPostCondition(t *testing.T) {
	step := func() *chain.Step {
		return &chain.Step{Action: chain.Click, Effect: &chain.Effect{Content: true}, Target: &chain.Target{
			Chain:       []chain.Strategy{{Type: chain.ID, Value: "add", Confidence: 0.9}},
			Fingerprint: &chain.Fingerprint{Tag: "button", ID: "add"},
		}}
	}
	const page = `<button id="add">Add</button><ul id="list"></ul>`
	live := actionPage(t, page+`<script>document.getElementById("add").onclick = () =>
		setTimeout(() => document.getElementById("list").append(document.createElement("li")), 50);</script>`, 1)
	r := &Runner{Page: live, Options: RunOptions{Timeout: 3 * time.Second}}
	if out := r.Step(context.Background(), step()); out.Err != nil {
		t.Fatalf("the row was added: %v", out.Err)
	}
	dead := actionPage(t, page, 1)
	r = &Runner{Page: dead, Options: RunOptions{Timeout: time.Second}}
	out := r.Step(context.Background(), step())
	var se *StepError
	if !errors.As(out.Err, &se) || se.Code != report.NoEffect {
		t.Fatalf("nothing happened: want NO_EFFECT, got %v", out.Err)
	}
	if !strings.Contains(se.Message(), "elements added to or removed") || !strings.Contains(se.Message(), "nothing changed") {
		t.Errorf("the message does not say what was expected and seen: %s", se.Message())
	}
}

// The state of the target, and a dialog: a disclosure button that toggles
// aria-expanded and opens a <dialog>.
func TestEffectStateAndDialog(t *testing.T) {
	p := actionPage(t, `<button id="more" aria-expanded="false">More</button><dialog id="d">Hi</dialog>
		<script>const b = document.getElementById("more"); b.onclick = () => {
			b.setAttribute("aria-expanded", "true"); document.getElementById("d").show(); };</script>`, 1)
	s := &chain.Step{Action: chain.Click, Effect: &chain.Effect{State: []string{"expanded"}, Dialog: "opened"}, Target: &chain.Target{
		Chain: []chain.Strategy{{Type: chain.ID, Value: "more", Confidence: 0.9}}, Fingerprint: &chain.Fingerprint{Tag: "button", ID: "more"}}}
	r := &Runner{Page: p, Options: RunOptions{Timeout: 3 * time.Second}}
	if out := r.Step(context.Background(), s); out.Err != nil {
		t.Fatal(out.Err)
	}
	// A second click changes nothing: aria-expanded is true already and
	// the dialog open.
	if out := r.Step(context.Background(), s); out.Err == nil || CodeOf(out.Err) != report.NoEffect {
		t.Fatalf("the dialog was already open: want NO_EFFECT, got %v", out.Err)
	}
}

// A step whose effect cannot be watched does not act unchecked. The page
// goes to a new document (as a page that reloads itself would) after the
// target was located and before the watch opens: the step is located
// again on the new document and passes when its effect happens there;
// when the page goes every time, the step fails ELEMENT_NOT_FOUND and
// nothing is clicked. Each document puts the button lower than the last,
// so a click at the first document's point would miss it.
func TestEffectThatCannotBeWatchedIsNotActedOn(t *testing.T) {
	for _, tc := range []struct {
		name  string
		goes  int // how many times the page goes
		code  report.Code
		calls int
	}{
		{"once", 1, "", 2},
		{"every time", 99, report.ElementNotFound, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			url := shiftingPage(t, `<button id="add">Add</button><ul id="list"></ul><script>
				document.getElementById("add").onclick = () => document.getElementById("list").append(document.createElement("li"));</script>`)
			p := testenv.PageWithScripts(t, url, pagemodel.StartScript)
			var calls int
			r := &Runner{Page: p, Options: RunOptions{Timeout: 5 * time.Second,
				Located: func(ctx context.Context, _ *chain.Step, _ *Verdict) {
					calls++
					if calls <= tc.goes {
						reload(ctx, t, p, url)
					}
				}}}
			s := &chain.Step{Action: chain.Click, Effect: &chain.Effect{Content: true}, Target: &chain.Target{
				Chain:       []chain.Strategy{{Type: chain.ID, Value: "add", Confidence: 0.9}},
				Fingerprint: &chain.Fingerprint{Tag: "button", ID: "add"}}}
			out := r.Step(context.Background(), s)
			if CodeOf(out.Err) != tc.code {
				t.Fatalf("want %q, got %v", tc.code, out.Err)
			}
			if calls != tc.calls {
				t.Errorf("the target was located %d times, want %d", calls, tc.calls)
			}
			rows := p.MustEval(`() => document.querySelectorAll("li").length`).Int()
			if want := map[bool]int{true: 1, false: 0}[tc.code == ""]; rows != want {
				t.Errorf("%d rows on the page, want %d", rows, want)
			}
		})
	}
}

// shiftingPage serves body on 127.0.0.1 below a spacer that grows by 100
// px at each load: a point taken on one document misses on the next.
func shiftingPage(t *testing.T, body string) string {
	var loads atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><div style="height:%dpx"></div>%s`, 100*loads.Add(1), body)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// reload loads url in p as a page that reloads itself would, and returns
// once the new document has loaded (no answer from the old one taken for
// its load).
func reload(ctx context.Context, t *testing.T, p *rod.Page, url string) {
	p.MustEval(`() => { window.__old = true; }`)
	if err := p.Context(ctx).Navigate(url); err != nil {
		t.Error(err)
	}
	for ctx.Err() == nil {
		res, err := p.Eval(`() => !window.__old && document.readyState === "complete"`)
		if err == nil && res.Value.Bool() {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A key pressed on the page (no target) that added a row when recorded
// must add one again: it passes when Enter adds a row and fails NO_EFFECT
// on the page whose handler is gone.
func TestEffectOfAKeyOnThePage(t *testing.T) {
	step := &chain.Step{Action: chain.Press, Key: "Enter", Effect: &chain.Effect{Content: true}}
	const page = `<ul id="list"></ul>`
	live := steadyPage(t, page+`<script>document.addEventListener("keydown", (e) => {
		if (e.key === "Enter") document.getElementById("list").append(document.createElement("li")); });</script>`)
	r := &Runner{Page: live, Options: RunOptions{Timeout: 3 * time.Second}}
	if out := r.Step(context.Background(), step); out.Err != nil {
		t.Fatalf("Enter added a row: %v", out.Err)
	}
	if n := live.MustEval(`() => document.querySelectorAll("li").length`).Int(); n != 1 {
		t.Errorf("%d rows after Enter, want 1", n)
	}
	dead := steadyPage(t, page)
	r = &Runner{Page: dead, Options: RunOptions{Timeout: time.Second}}
	if out := r.Step(context.Background(), step); CodeOf(out.Err) != report.NoEffect {
		t.Fatalf("Enter added nothing: want NO_EFFECT, got %v", out.Err)
	}
}

// A new document is not every effect: a button that added a row when
// recorded, and now only reloads the page, fails NO_EFFECT (it passed
// before, the new document standing for the row); the same button
// recorded as navigating passes, its navigation checked on its own.
func TestNewDocumentIsNotTheRecordedEffect(t *testing.T) {
	url := shiftingPage(t, `<button id="add" style="position:fixed;top:0">Add</button><ul id="list"></ul><script>
		document.getElementById("add").onclick = () => setTimeout(() => location.reload(), 20);</script>`)
	step := func(nav *chain.Navigation) *chain.Step {
		return &chain.Step{Action: chain.Click, Effect: &chain.Effect{Content: true}, Navigated: nav, Target: &chain.Target{
			Chain:       []chain.Strategy{{Type: chain.ID, Value: "add", Confidence: 0.9}},
			Fingerprint: &chain.Fingerprint{Tag: "button", ID: "add"}}}
	}
	p := testenv.PageWithScripts(t, url, pagemodel.StartScript)
	r := &Runner{Page: p, Options: RunOptions{Timeout: 3 * time.Second}}
	out := r.Step(context.Background(), step(nil))
	var se *StepError
	if !errors.As(out.Err, &se) || se.Code != report.NoEffect {
		t.Fatalf("the page only reloaded: want NO_EFFECT, got %v", out.Err)
	}
	if !strings.Contains(se.Message(), "new document") {
		t.Errorf("the message does not say the page loaded a new document: %s", se.Message())
	}
	testenv.WaitLoad(t, p)
	if out := r.Step(context.Background(), step(&chain.Navigation{URL: url + "/"})); out.Err != nil {
		t.Fatalf("recorded as navigating, the reload is its navigation: %v", out.Err)
	}
}

// A frame's new document stands for the recorded effect only where the
// step navigated that frame when recorded: a link in a same-origin frame,
// recorded as navigating it, passes although its old document (watched
// from the page, detached) never shows the content change recorded with
// it; the same click recorded without the navigation fails NO_EFFECT.
func TestFramesNavigationStandsForTheRecordedEffect(t *testing.T) {
	fx := testenv.Fixtures(t)
	step := func(nav *chain.Navigation) *chain.Step {
		return &chain.Step{Action: chain.Click, Navigated: nav, Effect: &chain.Effect{Content: true}, Target: &chain.Target{
			FramePath:   []string{"iframe#settings"},
			Chain:       []chain.Strategy{{Type: chain.ID, Value: "next", Confidence: 0.9}},
			Fingerprint: &chain.Fingerprint{Tag: "a", ID: "next"},
		}}
	}
	for _, c := range []struct {
		name string
		nav  *chain.Navigation
		want report.Code
	}{
		{"recorded navigating the frame", &chain.Navigation{URL: fx.URL + "/variants/frame-nav-next.html"}, ""},
		{"recorded without a navigation", nil, report.NoEffect},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := testenv.PageWithScripts(t, fx.URL+"/variants/frame-nav.html", pagemodel.StartScript)
			r := &Runner{Page: p, Options: RunOptions{Timeout: 2 * time.Second}}
			out := r.Step(context.Background(), step(c.nav))
			if got := CodeOf(out.Err); got != c.want {
				t.Errorf("got %v, want %q", out.Err, c.want)
			}
			if got := p.MustEval(`() => document.getElementById("settings").contentWindow.location.pathname`).Str(); got != "/variants/frame-nav-next.html" {
				t.Errorf("the frame is at %s: the link was not followed", got)
			}
		})
	}
}

// Each recorded kind of effect must happen again, texts changed included,
// and the messages say what was awaited and what was seen.
func TestEffectKinds(t *testing.T) {
	for _, c := range []struct {
		name string
		want chain.Effect
		seen pagemodel.Effects
		ok   bool
	}{
		{"texts changed", chain.Effect{Texts: true}, pagemodel.Effects{Texts: 2}, true},
		{"texts awaited, none changed", chain.Effect{Texts: true}, pagemodel.Effects{Content: 3}, false},
		{"elements awaited, texts changed", chain.Effect{Content: true}, pagemodel.Effects{Texts: 2}, false},
		{"elements added", chain.Effect{Content: true}, pagemodel.Effects{Content: 1}, true},
		{"a removal awaited, an element added", chain.Effect{Content: true, Removed: true}, pagemodel.Effects{Content: 1}, false},
		{"a removal awaited, one removed and one added", chain.Effect{Content: true, Removed: true}, pagemodel.Effects{Content: 2, Removed: 1}, true},
		{"an element awaited, only a message added", chain.Effect{Content: true, Added: true}, pagemodel.Effects{Content: 1, Messages: 1}, false},
		{"an element awaited, one added", chain.Effect{Content: true, Added: true}, pagemodel.Effects{Content: 2, Messages: 1, Added: 1}, true},
		{"elements changed, recorded before added was", chain.Effect{Content: true}, pagemodel.Effects{Content: 1, Messages: 1}, true},
		{"an element awaited, a dialog's own", chain.Effect{Content: true, Added: true, Dialog: "closed"}, pagemodel.Effects{Dialog: "closed", DialogContent: 3}, false},
		{"a state and a dialog", chain.Effect{State: []string{"expanded"}, Dialog: "opened"}, pagemodel.Effects{State: []string{"expanded"}, Dialog: "opened"}, true},
		{"the dialog awaited", chain.Effect{Dialog: "opened"}, pagemodel.Effects{Dialog: "closed"}, false},
		// Flows recorded before a dialog's own elements were its own.
		{"elements and a dialog, the dialog's own", chain.Effect{Content: true, Dialog: "opened"}, pagemodel.Effects{Dialog: "opened", DialogContent: 3}, true},
		{"elements and a dialog, another dialog's", chain.Effect{Content: true, Dialog: "opened"}, pagemodel.Effects{Dialog: "closed", DialogContent: 3}, false},
		{"a removal and a dialog, the dialog's own", chain.Effect{Content: true, Removed: true, Dialog: "closed"}, pagemodel.Effects{Dialog: "closed", DialogContent: 3}, false},
	} {
		if got := effectHappened(&c.want, &c.seen, ""); got != c.ok {
			t.Errorf("%s: happened %v, want %v", c.name, got, c.ok)
		}
	}
	if got := describeEffect(&chain.Effect{Texts: true}); got != "texts on the page to change" {
		t.Errorf("describe: %q", got)
	}
	if got := sawEffect(&pagemodel.Effects{Content: 1, Texts: 2}); got != "saw 1 elements added or removed (0 removed, 0 added of their own), 2 texts changed" {
		t.Errorf("saw: %q", got)
	}
}

// Texts that change by themselves (a clock, a ticker) are no step's
// effect: a click whose recorded effect is a text changing fails NO_EFFECT
// when its handler is gone, on pages whose clock ticks from an interval,
// from a timeout chain begun as the page loads, and from an interval that
// has its renders scheduled through a MessageChannel (as React does),
// the model installed at the document's start as replay installs it; and
// it passes where the handler changes the count.
func TestTickingTextIsNotTheEffect(t *testing.T) {
	clocks := map[string]string{
		"interval": `setInterval(() => { clock.textContent = "tick " + (++n); }, 40);`,
		"timeouts": `(function tick() { clock.textContent = "tick " + (++n); setTimeout(tick, 40); })();`,
		"channel": `const ch = new MessageChannel(); ch.port1.onmessage = () => { clock.textContent = "tick " + n; };
			setInterval(() => { n++; ch.port2.postMessage(null); }, 40);`,
	}
	step := func() *chain.Step {
		return &chain.Step{Action: chain.Click, Effect: &chain.Effect{Texts: true}, Target: &chain.Target{
			Chain:       []chain.Strategy{{Type: chain.ID, Value: "inc", Confidence: 0.9}},
			Fingerprint: &chain.Fingerprint{Tag: "button", ID: "inc"},
		}}
	}
	for name, clock := range clocks {
		t.Run(name, func(t *testing.T) {
			for _, handler := range []bool{true, false} {
				script := `<button id="inc">Count</button><p id="count">0</p><p id="clock">tick 0</p><script>
					let n = 0; const clock = document.getElementById("clock"); ` + clock
				if handler {
					script += `document.getElementById("inc").onclick = () => {
						const c = document.getElementById("count"); c.textContent = String(Number(c.textContent) + 1); };`
				}
				p := steadyPage(t, script+`</script>`)
				r := &Runner{Page: p, Options: RunOptions{Timeout: time.Second}}
				out := r.Step(context.Background(), step())
				switch {
				case handler && out.Err != nil:
					t.Fatalf("the count changed: %v", out.Err)
				case !handler && CodeOf(out.Err) != report.NoEffect:
					t.Fatalf("only the clock ticked: want NO_EFFECT, got %v", out.Err)
				}
			}
		})
	}
}

// Nor are elements a feed adds on its own timer: a click whose recorded
// effect is elements added fails NO_EFFECT when its handler is gone while
// the feed beside it grows.
func TestAFeedIsNotTheEffect(t *testing.T) {
	step := &chain.Step{Action: chain.Click, Effect: &chain.Effect{Content: true}, Target: &chain.Target{
		Chain:       []chain.Strategy{{Type: chain.ID, Value: "add", Confidence: 0.9}},
		Fingerprint: &chain.Fingerprint{Tag: "button", ID: "add"},
	}}
	for _, handler := range []bool{true, false} {
		html := `<button id="add">Add</button><ul id="mine"></ul><ul id="feed"></ul><script>
			setInterval(() => { const f = document.getElementById("feed");
				f.append(document.createElement("li")); if (f.children.length > 5) f.firstElementChild.remove(); }, 40);`
		if handler {
			html += `document.getElementById("add").onclick = () => document.getElementById("mine").append(document.createElement("li"));`
		}
		p := steadyPage(t, html+`</script>`)
		r := &Runner{Page: p, Options: RunOptions{Timeout: time.Second}}
		out := r.Step(context.Background(), step)
		switch {
		case handler && out.Err != nil:
			t.Fatalf("a row was added: %v", out.Err)
		case !handler && CodeOf(out.Err) != report.NoEffect:
			t.Fatalf("only the feed grew: want NO_EFFECT, got %v", out.Err)
		}
	}
}

// Nor is what a same-origin frame's own timer does (a feed, a clock in an
// embedded widget): the frame is watched from its page, and its own tasks
// are told from the page's as the page's are. A click in the frame whose
// recorded effect is elements added, and one in the page whose recorded
// effect is a text changed, fail NO_EFFECT when their handler is gone; so
// does a click in the frame while the page's own timer writes into it.
func TestAFramesOwnTimerIsNotTheEffect(t *testing.T) {
	const frame = `<button id="add">Add</button><ul id="mine"></ul><ul id="feed"></ul><p id="clock">0</p><script>
		let n = 0;
		setInterval(() => { const f = document.getElementById("feed"); document.getElementById("clock").textContent = String(++n);
			f.append(document.createElement("li")); if (f.children.length > 5) f.firstElementChild.remove(); }, 40);
		%s</script>`
	for _, c := range []struct {
		name string
		// page is the page's html, frame the frame's, given whether the
		// step's handler is there.
		page, frame func(handler bool) string
		effect      chain.Effect
		framePath   []string
	}{
		{"a click in the frame",
			func(bool) string { return "" },
			func(h bool) string {
				if !h {
					return fmt.Sprintf(frame, "")
				}
				return fmt.Sprintf(frame, `document.getElementById("add").onclick = () => document.getElementById("mine").append(document.createElement("li"));`)
			},
			chain.Effect{Content: true}, []string{"#w"}},
		{"a click in the page",
			func(h bool) string {
				html := `<button id="add">Add</button><p id="count">0</p>`
				if h {
					html += `<script>document.getElementById("add").onclick = () => {
						const c = document.getElementById("count"); c.textContent = String(Number(c.textContent) + 1); };</script>`
				}
				return html
			},
			func(bool) string { return fmt.Sprintf(frame, "") },
			chain.Effect{Texts: true}, nil},
		{"the page's timer writing into the frame",
			func(bool) string {
				return `<script>let k = 0; setInterval(() => { const d = document.getElementById("w").contentDocument;
					const c = d && d.getElementById("tick"); if (c) c.textContent = String(++k); }, 40);</script>`
			},
			func(h bool) string {
				html := `<button id="add">Add</button><p id="count">0</p><p id="tick">0</p>`
				if h {
					html += `<script>document.getElementById("add").onclick = () => {
						const c = document.getElementById("count"); c.textContent = String(Number(c.textContent) + 1); };</script>`
				}
				return html
			},
			chain.Effect{Texts: true}, []string{"#w"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, handler := range []bool{true, false} {
				p := steadyPage(t, c.page(handler)+`<iframe id="w" srcdoc="`+htmlAttr(c.frame(handler))+`"></iframe>`)
				p.MustWaitLoad()
				step := &chain.Step{Action: chain.Click, Effect: &c.effect, Target: &chain.Target{
					Chain:       []chain.Strategy{{Type: chain.ID, Value: "add", Confidence: 0.9}},
					Fingerprint: &chain.Fingerprint{Tag: "button", ID: "add"},
					FramePath:   c.framePath,
				}}
				r := &Runner{Page: p, Options: RunOptions{Timeout: time.Second}}
				out := r.Step(context.Background(), step)
				switch {
				case handler && out.Err != nil:
					t.Fatalf("the step did as recorded: %v", out.Err)
				case !handler && CodeOf(out.Err) != report.NoEffect:
					t.Fatalf("only the frame's own timer changed the page: want NO_EFFECT, got %v", out.Err)
				}
			}
		})
	}
}

// htmlAttr escapes s for an attribute's value in double quotes.
func htmlAttr(s string) string {
	return strings.NewReplacer("&", "&amp;", `"`, "&quot;", "<", "&lt;", ">", "&gt;").Replace(s)
}

// What the parser adds and the page's scripts set as it loads is no text
// of its own: a status line the page rewrites as it loads is still the
// click's effect when the click rewrites it.
func TestATextSetAsThePageLoadsIsNoClock(t *testing.T) {
	p := steadyPage(t, `<p id="status">Project: none</p><button id="beta">Beta</button><script>
		document.getElementById("status").textContent = "No project";
		document.getElementById("beta").onclick = () => { document.getElementById("status").textContent = "Project: Beta"; };
		</script>`)
	s := &chain.Step{Action: chain.Click, Effect: &chain.Effect{Texts: true}, Target: &chain.Target{
		Chain:       []chain.Strategy{{Type: chain.ID, Value: "beta", Confidence: 0.9}},
		Fingerprint: &chain.Fingerprint{Tag: "button", ID: "beta"},
	}}
	r := &Runner{Page: p, Options: RunOptions{Timeout: 2 * time.Second}}
	if out := r.Step(context.Background(), s); out.Err != nil {
		t.Fatalf("the status line changed: %v", out.Err)
	}
}

// A render loop of animation frames, begun by a timeout the page set as it
// loaded, draws what the click changed: that is the click's effect, not
// the page's own.
func TestARenderLoopDrawsTheClicksEffect(t *testing.T) {
	p := steadyPage(t, `<p>Score: <span id="score">0</span></p><button id="hit">Hit</button><ul id="log"></ul><script>
		const model = { score: 0, logged: 0 };
		document.getElementById("hit").addEventListener("click", () => { model.score += 10; });
		function frame() {
			const s = document.getElementById("score");
			if (s.textContent !== String(model.score)) s.textContent = String(model.score);
			while (model.logged < model.score / 10) { const li = document.createElement("li"); li.textContent = "hit " + (++model.logged); document.getElementById("log").append(li); }
			requestAnimationFrame(frame);
		}
		setTimeout(() => requestAnimationFrame(frame), 0);
		</script>`)
	s := &chain.Step{Action: chain.Click, Effect: &chain.Effect{Content: true, Texts: true}, Target: &chain.Target{
		Chain:       []chain.Strategy{{Type: chain.ID, Value: "hit", Confidence: 0.9}},
		Fingerprint: &chain.Fingerprint{Tag: "button", ID: "hit"},
	}}
	r := &Runner{Page: p, Options: RunOptions{Timeout: 2 * time.Second}}
	if out := r.Step(context.Background(), s); out.Err != nil {
		t.Fatalf("the loop drew the hit: %v", out.Err)
	}
}

// A delete recorded as elements removed, none added: where the app now
// refuses it and says so in a toast (an element added), the step fails
// NO_EFFECT instead of passing on the toast; where the row goes, with a
// toast or not, it passes.
func TestARemovalIsNotMetByAnAddition(t *testing.T) {
	step := func() *chain.Step {
		return &chain.Step{Action: chain.Click, Effect: &chain.Effect{Content: true, Removed: true}, Target: &chain.Target{
			Chain:       []chain.Strategy{{Type: chain.ID, Value: "del", Confidence: 0.9}},
			Fingerprint: &chain.Fingerprint{Tag: "button", ID: "del"},
		}}
	}
	const page = `<ul id="list"><li id="row">Pay the rent <button id="del">Delete</button></li></ul><div id="toasts"></div>`
	for _, c := range []struct {
		name, handler string
		code          report.Code
	}{
		{"removed", `document.getElementById("row").remove();`, ""},
		{"removed, with a toast", `document.getElementById("row").remove(); const t = document.createElement("p"); t.textContent = "Deleted"; document.getElementById("toasts").append(t);`, ""},
		{"refused in a toast", `const t = document.createElement("p"); t.textContent = "You cannot delete this row"; document.getElementById("toasts").append(t);`, report.NoEffect},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := actionPage(t, page+`<script>document.getElementById("del").onclick = () => { `+c.handler+` };</script>`, 1)
			r := &Runner{Page: p, Options: RunOptions{Timeout: 2 * time.Second}}
			if out := r.Step(context.Background(), step()); CodeOf(out.Err) != c.code {
				t.Fatalf("%v, want %q", out.Err, c.code)
			}
		})
	}
}

// An inline edit the app rejects puts the old value back: the editor
// closing adds and removes elements as the commit does, but only the
// commit shows what was typed.
func TestACommitShowsWhatWasTyped(t *testing.T) {
	step := func() *chain.Step {
		return &chain.Step{Action: chain.Press, Key: "Enter", Effect: &chain.Effect{Content: true, Shows: "42"}, Target: &chain.Target{
			Chain:       []chain.Strategy{{Type: chain.ID, Value: "ed", Confidence: 0.9}},
			Fingerprint: &chain.Fingerprint{Tag: "input", ID: "ed"},
		}}
	}
	const page = `<table><tr><td>Widgets</td><td id="cell"><input id="ed" value="42"></td></tr></table><div id="toasts"></div>`
	for _, c := range []struct {
		name, shown string
		code        report.Code
	}{
		{"committed", `"42"`, ""},
		{"committed in words of a sentence", `"Saved:  42 units"`, ""},
		{"rejected: the old value back", `"41"`, report.NoEffect},
		{"rejected: the digits inside another number", `"$142"`, report.NoEffect},
		{"rejected: an alert says the value back", `"41"; const a = document.createElement("p"); a.setAttribute("role", "alert"); a.textContent = "Could not save 42"; document.getElementById("toasts").append(a)`, report.NoEffect},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := actionPage(t, page+`<script>document.getElementById("ed").onkeydown = (e) => {
				if (e.key !== "Enter") return;
				const cell = document.getElementById("cell");
				cell.replaceChildren();
				const s = document.createElement("span"); s.textContent = `+c.shown+`; cell.append(s);
			};</script>`, 1)
			r := &Runner{Page: p, Options: RunOptions{Timeout: 2 * time.Second}}
			if out := r.Step(context.Background(), step()); CodeOf(out.Err) != c.code {
				t.Fatalf("%v, want %q", out.Err, c.code)
			}
		})
	}
}

// A step that acted is given time to show what it did, however much of
// its timeout locating its target took: the verdict on a busy machine,
// where locating took all but a moment of it, is the verdict on an idle
// one. Locating here takes all but 300 ms of the step's timeout; the
// button's effect (a state, a route) comes 600 ms after the click, the
// item its key leads to 400 ms after the press.
func TestAStepThatActedIsGivenTimeToShowWhatItDid(t *testing.T) {
	for _, tc := range []struct {
		name, handler string
		step          func() *chain.Step
	}{
		{"its effect", `setTimeout(() => b.setAttribute("aria-expanded", "true"), 600)`, func() *chain.Step {
			return &chain.Step{Action: chain.Click, Effect: &chain.Effect{State: []string{"expanded"}, Became: map[string]string{"expanded": "true"}}}
		}},
		{"its navigation", `setTimeout(() => { location.hash = "#done"; }, 600)`, func() *chain.Step {
			return &chain.Step{Action: chain.Click, Navigated: &chain.Navigation{SameDocument: true}}
		}},
		// A key's move through a menu's items, drawn 400 ms after it.
		{"where its key led", `setTimeout(() => b.setAttribute("aria-activedescendant", "edit"), 400)`, func() *chain.Step {
			return &chain.Step{Action: chain.Press, Key: "ArrowDown", Effect: &chain.Effect{Active: "menuitem|Edit"}}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := actionPage(t, `<button id="more" aria-expanded="false" aria-haspopup="menu">More</button>
				<div role="menu" aria-label="More"><div role="menuitem" id="edit">Edit</div><div role="menuitem" id="copy">Copy</div></div>
				<script>const b = document.getElementById("more");
				b.onclick = () => { `+tc.handler+` };
				b.onkeydown = (e) => { if (e.key === "ArrowDown") { `+tc.handler+` } };</script>`, 1)
			r := &Runner{Page: p, Options: RunOptions{Timeout: 3 * time.Second,
				Located: func(ctx context.Context, _ *chain.Step, _ *Verdict) {
					dl, _ := ctx.Deadline()
					time.Sleep(time.Until(dl.Add(-300 * time.Millisecond)))
				}}}
			s := tc.step()
			if s.Navigated != nil {
				s.Navigated.URL = p.MustInfo().URL + "#done"
			}
			s.Target = &chain.Target{Chain: []chain.Strategy{{Type: chain.ID, Value: "more", Confidence: 0.9}},
				Fingerprint: &chain.Fingerprint{Tag: "button", ID: "more"}}
			if out := r.Step(context.Background(), s); out.Err != nil {
				t.Fatalf("the page did what the step did when recorded, late: %v", out.Err)
			}
		})
	}
}

// A step whose effect happened is held to it once the page has settled
// and its requests are answered; where the page does not settle within
// the step's time (a request that takes longer), what it shows then is
// read all the same: a toggle put back when its save failed fails the
// step.
func TestAnEffectUndoneBeforeThePageSettledFailsTheStep(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><button id="star" aria-pressed="false">Star</button><script>
			const b = document.getElementById("star");
			b.onclick = () => {
				b.setAttribute("aria-pressed", "true");
				fetch("/slow");
				fetch("/save").then((r) => { if (!r.ok) b.setAttribute("aria-pressed", "false"); });
			};</script>`)
	})
	mux.HandleFunc("/save", func(w http.ResponseWriter, _ *http.Request) {
		time.Sleep(200 * time.Millisecond)
		http.Error(w, "no", http.StatusInternalServerError)
	})
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(4 * time.Second):
		case <-r.Context().Done():
		}
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	p := testenv.PageWithScripts(t, srv.URL, pagemodel.StartScript)
	r := &Runner{Page: p, Options: RunOptions{Timeout: 3 * time.Second,
		Located: func(ctx context.Context, _ *chain.Step, _ *Verdict) {
			dl, _ := ctx.Deadline()
			time.Sleep(time.Until(dl.Add(-300 * time.Millisecond)))
		}}}
	s := &chain.Step{Action: chain.Click, Effect: &chain.Effect{State: []string{"pressed"}, Became: map[string]string{"pressed": "true"}},
		Target: &chain.Target{Chain: []chain.Strategy{{Type: chain.ID, Value: "star", Confidence: 0.9}},
			Fingerprint: &chain.Fingerprint{Tag: "button", ID: "star"}}}
	out := r.Step(context.Background(), s)
	if CodeOf(out.Err) != report.NoEffect || !strings.Contains(out.Err.Error(), "undid") {
		t.Fatalf("the star was put back: want NO_EFFECT saying the page undid it, got %v", out.Err)
	}
}

// An optimistic delete: the row goes at once, and comes back when the
// server refuses. The row's words were gone as the step's effect was
// first seen; once the page settled they read again, and the delete did
// not happen. A delete the server takes keeps the row gone, and a toast
// quoting the row's words (a message, in a live region) is not the row.
func TestADeleteTakenBackFailsTheStep(t *testing.T) {
	for _, c := range []struct {
		name   string
		status int
		code   report.Code
		live   string
	}{{"refused", http.StatusInternalServerError, report.NoEffect, ""}, {"taken", http.StatusNoContent, "", ""},
		{"refused, the list a live region", http.StatusInternalServerError, report.NoEffect, `aria-live="polite"`}} {
		t.Run(c.name, func(t *testing.T) {
			p := answeringPage(t, `<ul id="list" `+c.live+`><li>Buy milk</li><li id="row">Pay the rent<button id="del" aria-label="Delete"></button></li><li>Call mum</li></ul>
				<div role="status" id="toast"></div><script>
				const row = document.getElementById("row");
				document.getElementById("del").onclick = () => {
					const next = row.nextElementSibling;
					row.remove();
					fetch("/save", {method: "POST"}).then((r) => {
						if (!r.ok) next.before(row);
						else document.getElementById("toast").textContent = 'Deleted "Pay the rent"';
					});
				};</script>`, c.status)
			r := &Runner{Page: p, Options: RunOptions{Timeout: 3 * time.Second}}
			s := &chain.Step{Action: chain.Click, Effect: &chain.Effect{Content: true, Removed: true, Gone: chain.FoldShows("Pay the rent")},
				Target: &chain.Target{Chain: []chain.Strategy{{Type: chain.ID, Value: "del", Confidence: 0.9}},
					Fingerprint: &chain.Fingerprint{Tag: "button", ID: "del"}}}
			out := r.Step(context.Background(), s)
			if CodeOf(out.Err) != c.code || c.code != "" && !strings.Contains(out.Err.Error(), "undid") {
				t.Fatalf("want %q, got %v", c.code, out.Err)
			}
		})
	}
}
