package pagemodel_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/go-rod/rod"

	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/pagemodel"
)

// TestSettleAfterWaitsForTheQuietWindow: a page that adds a line at once,
// then one every 8 ms for a while, is settled only once it has stopped
// and a whole quiet window passed after its last change, and SettleAfter
// says it changed after the mark; on the still page a second mark sees no
// change.
func TestSettleAfterWaitsForTheQuietWindow(t *testing.T) {
	fx := testenv.Fixtures(t)
	page := testenv.Page(t, fx.URL+"/login.html")
	m := pagemodel.New(page, pagemodel.Options{})
	ctx := context.Background()
	m.Settle(ctx)
	mark := m.Mark(ctx)
	page.MustEval(`() => {
		let n = 0;
		const add = () => {
			document.body.append(document.createElement("p"));
			window.lastChange = performance.now();
			return ++n;
		};
		add();
		const t = setInterval(() => { if (add() === 25) clearInterval(t); }, 8);
	}`)
	if !m.SettleAfter(ctx, mark, time.Now().Add(5*time.Second)) {
		t.Errorf("the page added 25 lines after the mark, and SettleAfter saw no change")
	}
	quiet := page.MustEval(`() => performance.now() - window.lastChange`).Num()
	added := page.MustEval(`() => document.querySelectorAll("body > p").length`).Int()
	if added != 25 || quiet < float64(pagemodel.QuietWindow.Milliseconds()) {
		t.Errorf("settled with %d of 25 lines added, %.1f ms after the last change; want all 25 and at least %v", added, quiet, pagemodel.QuietWindow)
	}
	mark = m.Mark(ctx)
	if m.SettleAfter(ctx, mark, time.Now().Add(5*time.Second)) {
		t.Errorf("the still page changed after the second mark")
	}
}

// TestNextEffectsSeesAChangeMadeBetweenCalls: a change the page makes
// after one answer about a watch and before the next call (a view a router
// renders in a later task than the input that asked for it) is answered
// at once, not waited for until the page changes again.
func TestNextEffectsSeesAChangeMadeBetweenCalls(t *testing.T) {
	page, m, ref := loginForm(t)
	ctx := context.Background()
	id, err := m.Watch(ctx, ref, pagemodel.Sought{})
	if err != nil {
		t.Fatal(err)
	}
	e, err := m.Effects(ctx, ref.W, id, false)
	if err != nil || e == nil || e.Content != 0 {
		t.Fatalf("before any change: %+v, %v; want no element added", e, err)
	}
	page.MustEval(`() => document.body.append(document.createElement("p"))`)
	// The page will not change again: without the answer at once, the
	// call would wait its whole minute and the context would end first.
	c, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	e, err = m.NextEffects(c, ref.W, id, time.Minute)
	if err != nil || e == nil || e.Content != 1 {
		t.Fatalf("after a change made between two calls: %+v, %v; want 1 element added", e, err)
	}
}

// TestSettleAfterWaitsForQueuedWork: a page that changed and queued a
// timer that will change it again after IdleWindow but before the quiet
// window ends is not taken for settled in between: the model counts the
// page's timers from the document's start.
func TestSettleAfterWaitsForQueuedWork(t *testing.T) {
	fx := testenv.Fixtures(t)
	page := testenv.PageWithScripts(t, fx.URL+"/login.html", pagemodel.StartScript)
	m := pagemodel.New(page, pagemodel.Options{})
	ctx := context.Background()
	m.Settle(ctx)
	mark := m.Mark(ctx)
	due := (pagemodel.IdleWindow + pagemodel.QuietWindow) / 2
	page.MustEval(`ms => {
		document.body.append(document.createElement("p"));
		setTimeout(() => document.body.append(document.createElement("p")), ms);
	}`, due.Milliseconds())
	if !m.SettleAfter(ctx, mark, time.Now().Add(5*time.Second)) {
		t.Errorf("the page added lines after the mark, and SettleAfter saw no change")
	}
	if n := page.MustEval(`() => document.querySelectorAll("body > p").length`).Int(); n != 2 {
		t.Errorf("settled with %d of 2 lines added; want the timer's too", n)
	}
}

// TestScrollingIsAChange: a scroll moves everything in view without a
// mutation; the page that scrolled after a mark has changed since, as an
// input would have changed it, and a page scrolling is never idle.
func TestScrollingIsAChange(t *testing.T) {
	fx := testenv.Fixtures(t)
	page := testenv.PageWithScripts(t, fx.URL+"/login.html", pagemodel.StartScript)
	page.MustEval(`() => { const d = document.createElement("div"); d.style.height = "5000px"; document.body.append(d); }`)
	m := pagemodel.New(page, pagemodel.Options{})
	ctx := context.Background()
	m.Settle(ctx)
	mark := m.Mark(ctx)
	// The scroll event comes with the next rendering update.
	page.MustEval(`() => new Promise((r) => { scrollBy(0, 300); requestAnimationFrame(() => setTimeout(r, 0)); })`)
	if !m.SettleAfter(ctx, mark, time.Now().Add(5*time.Second)) {
		t.Errorf("the page scrolled after the mark, and SettleAfter saw no change")
	}
}

// TestAnIntervalThatChangesNothingIsNotWaitedFor: a page polling every
// 25 ms without changing anything (a heartbeat) is idle between its runs;
// one whose runs change the page, or queue more work, never is.
func TestAnIntervalThatChangesNothingIsNotWaitedFor(t *testing.T) {
	fx := testenv.Fixtures(t)
	for _, c := range []struct {
		name, run string
		idle      bool
	}{
		{"changes nothing", `n++`, true},
		{"changes the page", `document.body.dataset.n = n++`, false},
		{"queues a timer", `setTimeout(() => n++, 1)`, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			page := testenv.PageWithScripts(t, fx.URL+"/login.html", pagemodel.StartScript)
			page.MustEval(`() => { let n = 0; setInterval(() => { ` + c.run + ` }, 25); }`)
			idle := longestIdle(t, page, time.Second)
			if got := idle >= float64(pagemodel.IdleWindow.Milliseconds()); got != c.idle {
				t.Errorf("longest idle in a second: %.1f ms; want idle for IdleWindow: %v", idle, c.idle)
			}
		})
	}
}

// TestTheEnginesOwnTimersAreNotThePagesWork: frames and timeouts the
// engine's page functions await through OwnTimersJS (an actionability
// check waiting for the next frame, a scroll watched until it stops) leave
// the page idle; the same loop through the window's own functions is the
// page at work, never idle.
func TestTheEnginesOwnTimersAreNotThePagesWork(t *testing.T) {
	fx := testenv.Fixtures(t)
	for _, c := range []struct {
		name, frame, timeout string
		idle                 bool
	}{
		{"the engine's", `(f) => ownFrame(window, f)`, `(f, ms) => ownTimeout(window, f, ms)`, true},
		{"the page's", `(f) => requestAnimationFrame(f)`, `(f, ms) => setTimeout(f, ms)`, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			page := testenv.PageWithScripts(t, fx.URL+"/login.html", pagemodel.StartScript)
			page.MustEval(`() => { ` + pagemodel.OwnTimersJS + `
				const frame = ` + c.frame + `, timeout = ` + c.timeout + `;
				const loop = () => frame(() => timeout(loop, 5));
				loop();
			}`)
			idle := longestIdle(t, page, time.Second)
			if got := idle >= float64(pagemodel.IdleWindow.Milliseconds()); got != c.idle {
				t.Errorf("longest idle in a second: %.1f ms; want idle for IdleWindow: %v", idle, c.idle)
			}
		})
	}
}

// longestIdle polls the model of page every 2 ms for d and returns the
// longest idle time (ms) it answered.
func longestIdle(t *testing.T, page *rod.Page, d time.Duration) float64 {
	t.Helper()
	key := pagemodel.Key()
	idle := 0.0
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(2 * time.Millisecond) {
		var st struct{ Idle float64 }
		if err := json.Unmarshal([]byte(page.MustEval(`() => globalThis[`+key+`].still()`).Str()), &st); err != nil {
			t.Fatal(err)
		}
		idle = max(idle, st.Idle)
	}
	return idle
}

// TestSettleAfterWaitsForATimer: a reaction whose next change sits on a
// timer has not settled until the timer has run, however long the page has
// been quiet: a router rendering its view on such a timer would be clicked
// on its old view. The timer may be past due but not yet run (the main
// thread was held up; the browser serves DevTools and input first), or due
// just after the quiet window closes (a timer as long as the window, set a
// moment after the change that began the reaction).
func TestSettleAfterWaitsForATimer(t *testing.T) {
	fx := testenv.Fixtures(t)
	for _, c := range []struct {
		name string
		// schedule queues the timer that adds the second line; t0 is
		// when the first line was added, q the quiet window and margin
		// DueMargin, in ms.
		schedule string
	}{
		{"past due behind a busy main thread", `(t0, q) => {
			setTimeout(() => { const t = performance.now(); while (performance.now() - t < 2 * q) {} }, 0);
			setTimeout(() => document.body.append(document.createElement("p")), 5);
		}`},
		{"due as the quiet window closes", `(t0, q, margin) =>
			setTimeout(() => document.body.append(document.createElement("p")), t0 + q + margin / 2 - performance.now())`},
	} {
		t.Run(c.name, func(t *testing.T) {
			page := testenv.PageWithScripts(t, fx.URL+"/login.html", pagemodel.StartScript)
			m := pagemodel.New(page, pagemodel.Options{})
			ctx := context.Background()
			for i := 0; i < 5; i++ {
				m.Settle(ctx)
				t0 := page.MustEval(`() => { document.body.append(document.createElement("p")); return performance.now(); }`).Num()
				mark := m.Mark(ctx) // after the first line, before the timer's
				page.MustEval(c.schedule, t0, pagemodel.QuietWindow.Milliseconds(), pagemodel.DueMargin.Milliseconds())
				if !m.SettleAfter(ctx, mark, time.Now().Add(5*time.Second)) {
					t.Fatalf("run %d: the timer added a line after the mark, and SettleAfter settled without it", i)
				}
			}
		})
	}
}

// TestAPollThatChangesNothingDoesNotHoldTheQuietWindow: a page polling
// with a timeout that re-arms itself every few milliseconds and changes
// nothing has its next timer always due within DueMargin; it settles once
// the quiet window has passed, not at MaxSettle.
func TestAPollThatChangesNothingDoesNotHoldTheQuietWindow(t *testing.T) {
	fx := testenv.Fixtures(t)
	page := testenv.PageWithScripts(t, fx.URL+"/login.html", pagemodel.StartScript)
	m := pagemodel.New(page, pagemodel.Options{})
	ctx := context.Background()
	m.Settle(ctx)
	page.MustEval(`() => { let n = 0; const poll = () => { n++; setTimeout(poll, 2); }; setTimeout(poll, 2); }`)
	for i := 0; i < 3; i++ {
		start := time.Now()
		m.Settle(ctx)
		if d := time.Since(start); d >= pagemodel.MaxSettle/2 {
			t.Errorf("settle %d took %v on a page whose only work is a poll that changes nothing", i, d)
		}
	}
}

// A page whose app arrives by a script it adds after its load event (a
// module loader's next module), slow to come, mutates nothing meanwhile:
// it is not settled, however long it has been quiet, until that script
// has loaded and run. Settle waits for it (within MaxSettle).
func TestSettleWaitsForAScriptThePageAdded(t *testing.T) {
	const slow = 400 * time.Millisecond
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/app.js":
			time.Sleep(slow)
			w.Header().Set("Content-Type", "text/javascript")
			io.WriteString(w, `window.appReady = performance.now();`)
		default:
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, `<!doctype html><input id="todo"><script>
addEventListener("load", () => setTimeout(() => {
	const s = document.createElement("script");
	s.src = "/app.js";
	document.head.append(s);
}, 20));
</script>`)
		}
	}))
	t.Cleanup(srv.Close)
	page := testenv.PageWithScripts(t, srv.URL, pagemodel.StartScript)
	m := pagemodel.New(page, pagemodel.Options{})
	ctx := context.Background()
	start := time.Now()
	m.Settle(ctx)
	if ready := page.MustEval(`() => window.appReady || 0`).Num(); ready == 0 {
		t.Errorf("Settle returned after %v, before the script the page added had loaded", time.Since(start).Round(time.Millisecond))
	}
}

// A page that reacts to a click some time later (it saves through a
// throttle, and a route change reloads what it saved) has not settled
// before that timeout, set in the click's task, has run; a timeout due
// after MaxSettle, or one the page set with no input, is not waited for.
func TestSettleWaitsForATimeoutTheInputSet(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, `<!doctype html><button id="save">Save</button><script>
document.getElementById("save").addEventListener("click", () => {
	setTimeout(() => document.body.append(Object.assign(document.createElement("p"), { id: "saved" })), 300);
	setTimeout(() => { window.toastGone = true; }, 60000);
});
setTimeout(() => { window.unasked = true; }, 600);
</script>`)
	}))
	t.Cleanup(srv.Close)
	page := testenv.PageWithScripts(t, srv.URL, pagemodel.StartScript)
	m := pagemodel.New(page, pagemodel.Options{})
	ctx := context.Background()
	m.Settle(ctx)
	if page.MustEval(`() => window.unasked === true`).Bool() {
		t.Errorf("Settle waited for a timeout the page set with no input")
	}
	mark := m.Mark(ctx)
	page.MustElement("#save").MustClick()
	if !m.SettleAfter(ctx, mark, time.Now().Add(pagemodel.MaxSettle)) {
		t.Errorf("SettleAfter reported no change: it ran out of time, or returned before the click's reaction")
	}
	if !page.MustEval(`() => !!document.getElementById("saved")`).Bool() {
		t.Errorf("Settle returned before the timeout the click set had run")
	}
}

// A watch counts the texts a step changed: a text node's words, a text
// set anew to other words. It leaves out what changed no words: a text set
// anew to what it read (the node replaced), white space, the document's
// title.
func TestEffectsCountTextsChanged(t *testing.T) {
	page, m, ref := loginForm(t)
	page.MustEval(`() => { const s = document.createElement("span"); s.id = "count"; s.textContent = "3 items"; document.body.append(s); }`)
	for _, c := range []struct {
		name, js string
		changed  bool
	}{
		{"the same text set anew", `() => { const s = document.getElementById("count"); s.textContent = s.textContent; }`, false},
		{"the same data written back", `() => { const n = document.getElementById("count").firstChild; n.data = n.data; }`, false},
		{"white space", `() => document.body.append(document.createTextNode("\n  "))`, false},
		{"the title", `() => { document.title = "2 unread"; }`, false},
		{"other words set anew", `() => { document.getElementById("count").textContent = "2 items"; }`, true},
		{"a node's words", `() => { document.getElementById("count").firstChild.data = "1 item"; }`, true},
	} {
		e, err := effectsOf(t, page, m, ref, c.js)
		if err != nil || e == nil || (e.Texts > 0) != c.changed {
			t.Errorf("%s: %+v, %v; want texts changed %v", c.name, e, err, c.changed)
		}
	}
}

// A watch counts no element taken off and put back where it stood (a row
// a grid lifted for a drag that did not take, a list drawn anew with the
// same nodes in order); one put back elsewhere (a row moved) it counts.
func TestEffectsCountNoElementPutBackWhereItStood(t *testing.T) {
	page, m, ref := loginForm(t)
	page.MustEval(`() => { const ul = document.createElement("ul"); ul.id = "rows"; ul.innerHTML = "<li>a</li><li>b</li><li>c</li>"; document.body.append(ul); }`)
	for _, c := range []struct {
		name, js string
		content  bool
	}{
		{"put back in place", `() => { const ul = document.getElementById("rows"), b = ul.children[1], next = b.nextSibling; b.remove(); ul.insertBefore(b, next); }`, false},
		{"drawn anew with the same nodes", `() => { const ul = document.getElementById("rows"), k = [...ul.children]; ul.textContent = ""; ul.append(...k); }`, false},
		{"moved", `() => { const ul = document.getElementById("rows"); ul.append(ul.children[0]); }`, true},
	} {
		e, err := effectsOf(t, page, m, ref, c.js)
		if err != nil || e == nil || (e.Content > 0) != c.content {
			t.Errorf("%s: %+v, %v; want elements added or removed %v", c.name, e, err, c.content)
		}
	}
}

// effectsOf is what a watch on ref saw of js, run on page once the watch
// opened, the observer's records delivered; the watch is closed.
func effectsOf(t *testing.T, page *rod.Page, m *pagemodel.Page, ref pagemodel.Ref, js string) (*pagemodel.Effects, error) {
	t.Helper()
	ctx := context.Background()
	id, err := m.Watch(ctx, ref, pagemodel.Sought{})
	if err != nil {
		t.Fatal(err)
	}
	page.MustEval(js)
	page.MustEval(`() => new Promise((r) => setTimeout(r, 20))`)
	return m.Effects(ctx, ref.W, id, true)
}

// loginForm is the fixture login page, its model, and its form, which a
// test watches.
func loginForm(t *testing.T) (*rod.Page, *pagemodel.Page, pagemodel.Ref) {
	t.Helper()
	fx := testenv.Fixtures(t)
	page := testenv.Page(t, fx.URL+"/login.html")
	m := pagemodel.New(page, pagemodel.Options{})
	f, err := m.Find(context.Background(), nil, []pagemodel.Query{{Type: pagemodel.ByCSS, Value: "form"}})
	if err != nil || len(f.Answers) != 1 || f.Answers[0].N != 1 {
		t.Fatalf("the form: %+v, %v", f, err)
	}
	return page, m, f.Answers[0].Els[0].Ref
}

// TestAWatchCountsADialogsOwnElementsAsTheDialog: elements rendered in a
// dialog as it opens, or added with it, and a calendar's months taken out
// of a dialog in a shadow root as it closes, are its opening and closing,
// not elements the step added or removed: the dialog says it. Elements
// changed elsewhere still count.
func TestAWatchCountsADialogsOwnElementsAsTheDialog(t *testing.T) {
	page, m, ref := loginForm(t)
	for _, c := range []struct {
		name, script     string
		dialog           string
		content, removed int
	}{
		{"opened, its content rendered", `() => {
			const d = document.createElement("div"); d.setAttribute("role", "dialog"); d.id = "dlg";
			document.body.append(d);
			for (let i = 0; i < 3; i++) d.append(document.createElement("p"));
		}`, "opened", 0, 0},
		{"closed, its months taken out of its shadow root", `() => {
			const d = document.getElementById("dlg");
			const r = d.attachShadow({mode: "open"});
			r.append(document.createElement("table"));
		}`, "", 1, 0},
		{"closed, and a row removed elsewhere", `() => {
			const d = document.getElementById("dlg");
			d.shadowRoot.firstChild.remove();
			d.hidden = true;
			document.querySelector("form").lastElementChild.remove();
		}`, "closed", 1, 1},
	} {
		e, err := effectsOf(t, page, m, ref, c.script)
		if err != nil || e == nil || e.Dialog != c.dialog || e.Content != c.content || e.Removed != c.removed || c.dialog != "" && e.DialogContent == 0 {
			t.Errorf("%s: %+v, %v; want dialog %q, %d elements, %d removed", c.name, e, err, c.dialog, c.content, c.removed)
		}
	}
}

// TestAWatchCountsWhatAPersonSeesChange: a style sheet added to the head
// (a scroll lock's), a toast that comes and goes within the watch, and a
// backdrop taken off beside its dialog are no elements added or removed;
// a confirmation's popover (role tooltip) closing is a dialog closing.
func TestAWatchCountsWhatAPersonSeesChange(t *testing.T) {
	page, m, ref := loginForm(t)
	page.MustEval(`() => {
		const b = document.createElement("div"); b.id = "backdrop"; b.style.cssText = "position:fixed;inset:0";
		const d = document.createElement("div"); d.id = "dlg"; d.setAttribute("role", "dialog"); d.textContent = "Revoke the key?";
		const p = document.createElement("div"); p.id = "pop"; p.setAttribute("role", "tooltip"); p.textContent = "Delete the row?";
		p.append(document.createElement("button"));
		const r = document.createElement("div"); r.id = "row"; r.textContent = "Pay the rent";
		const a = document.createElement("div"); a.setAttribute("role", "alertdialog"); a.textContent = "Delete it?";
		r.append(a);
		document.body.append(b, d, p, r);
	}`)
	for _, c := range []struct {
		name, script     string
		dialog           string
		content, removed int
	}{
		{"a style sheet in the head", `() => document.head.append(document.createElement("style"))`, "", 0, 0},
		{"a toast that came and went", `() => { const t = document.createElement("p"); t.textContent = "Saved"; document.body.append(t); t.remove(); }`, "", 0, 0},
		{"a dialog closed with its backdrop", `() => { document.getElementById("backdrop").remove(); document.getElementById("dlg").remove(); }`, "closed", 0, 0},
		{"a popover closed, a row deleted", `() => { document.getElementById("pop").hidden = true; document.querySelector("form").lastElementChild.remove(); }`, "closed", 1, 1},
		{"a row deleted with the dialog it drew", `() => document.getElementById("row").remove()`, "closed", 1, 1},
		{"a tooltip with no control shown", `() => { const t = document.createElement("div"); t.setAttribute("role", "tooltip"); t.textContent = "Save"; document.body.append(t); }`, "", 1, 0},
	} {
		e, err := effectsOf(t, page, m, ref, c.script)
		if err != nil || e == nil || e.Dialog != c.dialog || e.Content != c.content || e.Removed != c.removed {
			t.Errorf("%s: %+v, %v; want dialog %q, %d elements, %d removed", c.name, e, err, c.dialog, c.content, c.removed)
		}
	}
}

// TestAMarkAheadIsWhereThePageStoodBeforeTheNextCall: a page function sent
// right after MarkAhead returns runs after the mark was read, though the
// mark's answer was not waited for: a change it makes is a change after
// the mark. A call that changes nothing leaves the page unchanged.
func TestAMarkAheadIsWhereThePageStoodBeforeTheNextCall(t *testing.T) {
	fx := testenv.Fixtures(t)
	page := testenv.Page(t, fx.URL+"/login.html")
	m := pagemodel.New(page, pagemodel.Options{})
	ctx := context.Background()
	for i := 0; i < 10; i++ {
		m.Settle(ctx)
		markOf := m.MarkAhead(ctx)
		page.MustEval(`() => document.body.append(document.createElement("p"))`)
		if !m.SettleAfter(ctx, markOf(), time.Now().Add(5*time.Second)) {
			t.Fatalf("try %d: the page changed in the call after the mark, and SettleAfter saw no change", i+1)
		}
		markOf = m.MarkAhead(ctx)
		page.MustEval(`() => document.querySelectorAll("p").length`)
		if m.SettleAfter(ctx, markOf(), time.Now().Add(5*time.Second)) {
			t.Fatalf("try %d: the still page changed after the mark", i+1)
		}
	}
}
