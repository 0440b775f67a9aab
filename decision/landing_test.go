package decision

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-rod/rod"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/report"
)

// saveOverDelete is a page where taking out the tip above "Save account"
// moves "Delete account" up to Save's place; script sets their handlers
// (last shows what they did).
func saveOverDelete(t *testing.T, script string) *rod.Page {
	return steadyPage(t, `<div id="tip" style="height:122px">Tip</div>
		<button id="save" style="display:block;height:40px;width:200px">Save account</button>
		<button id="del" style="display:block;height:40px;width:200px;margin-top:82px">Delete account</button>
		<p id="last">nothing</p>
		<script>const last = document.getElementById("last"), save = document.getElementById("save"), del = document.getElementById("del");
		`+script+`</script>`)
}

// onSave is a pointer step of action a on Save, whose effect is a text.
func onSave(a chain.Action) *chain.Step {
	return &chain.Step{Action: a, Effect: &chain.Effect{Texts: true}, Target: &chain.Target{
		Chain:       []chain.Strategy{{Type: chain.ID, Value: "save", Confidence: 0.9}},
		Fingerprint: &chain.Fingerprint{Tag: "button", ID: "save", Text: "Save account"},
	}}
}

// The page moves under the pointer between the check that the target
// takes it and the press (here: a tip above "Save account" taken out once
// the step has located it, as an animation's end would): the press lands
// on "Delete account", which moved up to the point. It is stopped before
// the page sees it, and Save is made ready again and clicked where it now
// stands; Delete is never clicked.
func TestAPressThatLandsElsewhereIsStopped(t *testing.T) {
	p := saveOverDelete(t, `save.onclick = () => { last.textContent = "saved"; };
		del.onclick = () => { last.textContent = "DELETED"; };`)
	r := &Runner{Page: p, Options: RunOptions{Timeout: 3 * time.Second}}
	// Located runs once the target is found ready, before the press.
	r.Options.Located = func(ctx context.Context, s *chain.Step, v *Verdict) {
		p.MustEval(`() => document.getElementById("tip").remove()`)
	}
	out := r.Step(context.Background(), onSave(chain.Click))
	if last := p.MustElement("#last").MustText(); out.Err != nil || last != "saved" {
		t.Fatalf("the press stopped, Save clicked again: %v, %q", out.Err, last)
	}
}

// A double click whose first press moves the page (Save's click takes out
// the tip above it, and Delete moves up to the point): the second press,
// landing on Delete, is stopped, and the step is refused rather than
// pressed again, which would make more clicks than the step's.
func TestADoubleClickWhoseFirstPressMovedThePageIsRefused(t *testing.T) {
	p := saveOverDelete(t, `let saves = 0;
		save.onclick = () => { saves++; last.textContent = "saved " + saves; document.getElementById("tip").remove(); };
		del.onclick = del.ondblclick = () => { last.textContent = "DELETED"; };`)
	r := &Runner{Page: p, Options: RunOptions{Timeout: 3 * time.Second}}
	out := r.Step(context.Background(), onSave(chain.DblClick))
	last := p.MustElement("#last").MustText()
	if CodeOf(out.Err) != report.NotActionable || last != "saved 1" {
		t.Fatalf("the second press stopped and the step refused NOT_ACTIONABLE, Save clicked once: %v, %q", out.Err, last)
	}
}

// The page moves under the pointer as it is pressed and, settling,
// renders the target anew (a framework replacing the button with an
// equal one): the stopped press is no reason to fail, and the step
// locates its target again and clicks it.
func TestAPressStoppedLocatesARenderedTargetAgain(t *testing.T) {
	p := saveOverDelete(t, `document.addEventListener("click", (e) => {
			if (e.target.id === "save") last.textContent = "saved";
			if (e.target.id === "del") last.textContent = "DELETED";
		});`)
	r := &Runner{Page: p, Options: RunOptions{Timeout: 3 * time.Second}}
	once := false
	r.Options.Located = func(ctx context.Context, s *chain.Step, v *Verdict) {
		if once {
			return
		}
		once = true
		p.MustEval(`() => {
			document.getElementById("tip").remove();
			setTimeout(() => { const s = document.getElementById("save"); s.replaceWith(s.cloneNode(true)); }, 5);
		}`)
	}
	out := r.Step(context.Background(), onSave(chain.Click))
	if last := p.MustElement("#last").MustText(); out.Err != nil || last != "saved" {
		t.Fatalf("the press stopped, Save located again and clicked: %v, %q", out.Err, last)
	}
}

// A menu reworded and reordered in one release: the recorded item's words
// are nowhere, and the path of indexes that found the first item
// ("div.menu-item:nth-of-type(1)") and the recorded point both lead to
// another item now. A path of indexes names a place: the winner, bearing
// another name, is refused unless similarity confirms it.
func TestAPathOfIndexesIsAPlace(t *testing.T) {
	const page = `<div role="menu" style="position:absolute;left:900px;top:100px;width:200px">%s</div><p id="last">nothing</p>
		<script>for (const m of document.querySelectorAll(".menu-item")) m.onclick = () => { document.getElementById("last").textContent = m.dataset.k; };</script>`
	item := func(k, text string) string {
		return `<div class="menu-item" role="menuitem" tabindex="-1" data-k="` + k + `" style="height:35px">` + text + `</div>`
	}
	step := &chain.Step{Action: chain.Click, Effect: &chain.Effect{Texts: true}, Target: &chain.Target{
		Chain: []chain.Strategy{
			{Type: chain.Role, Value: "menuitem|Export data", Confidence: 0.92},
			{Type: chain.Text, Value: "Export data", Confidence: 0.82},
			{Type: chain.CSS, Value: "div.menu-item:nth-of-type(1)", Confidence: 0.67},
			{Type: chain.Similarity, Confidence: 0.62},
			{Type: chain.Coordinates, Confidence: 0.6, Metadata: map[string]any{"x": 1000, "y": 117,
				"boundingRect": map[string]any{"x": 900, "y": 100, "width": 200, "height": 35},
				"viewport":     map[string]any{"width": 1280, "height": 800}, "tagName": "div", "classList": []any{"menu-item"}}},
		},
		Fingerprint: &chain.Fingerprint{Tag: "div", Classes: []string{"menu-item"}, Role: "menuitem", AccessName: "Export data", Text: "Export data",
			SiblingIndex: 1, Box: &chain.Rect{X: 900, Y: 100, Width: 200, Height: 35}},
	}}
	// Without similarity (--strategies leaving it out), the names the
	// other items bore say whether the menu is the one recorded.
	noSim := *step
	tg := *step.Target
	tg.Chain = slices.DeleteFunc(slices.Clone(tg.Chain), func(s chain.Strategy) bool { return s.Type == chain.Similarity })
	fp := *tg.Fingerprint
	fp.OtherNames = []string{"Reset preferences", "Sign out everywhere"}
	tg.Fingerprint = &fp
	noSim.Target = &tg
	for _, c := range []struct {
		name, items, want string
		step              *chain.Step
		refused           bool
	}{
		{"as recorded", item("export", "Export data") + item("reset", "Reset preferences") + item("signout", "Sign out everywhere"), "export", step, false},
		{"reworded and reordered", item("signout", "Log out all sessions") + item("reset", "Restore defaults") + item("export", "Download data"), "nothing", step, true},
		{"reworded in place, without similarity", item("export", "Download data") + item("reset", "Reset preferences") + item("signout", "Sign out everywhere"), "export", &noSim, false},
		{"reworded and reordered, without similarity", item("signout", "Log out all sessions") + item("reset", "Restore defaults") + item("export", "Download data"), "nothing", &noSim, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := steadyPage(t, fmt.Sprintf(page, c.items))
			r := &Runner{Page: p, Options: RunOptions{Timeout: 2 * time.Second}}
			st := *c.step
			out := r.Step(context.Background(), &st)
			last := p.MustElement("#last").MustText()
			if (out.Err != nil) != c.refused || last != c.want {
				t.Fatalf("%v, %q: want refused %v and %q", out.Err, last, c.refused, c.want)
			}
		})
	}
}

// The same race in a frame of the page's own origin: the frame's document
// has its own window, which a press in it reaches and the top window's
// listeners never see. The press landing on "Delete account" in the frame
// is stopped as it is in the top document, and Save clicked again.
func TestAPressInAFrameThatLandsElsewhereIsStopped(t *testing.T) {
	inner := `<div id='tip' style='height:122px'>Tip</div>
		<button id='save' style='display:block;height:40px;width:200px'>Save account</button>
		<button id='del' style='display:block;height:40px;width:200px;margin-top:82px'>Delete account</button>
		<p id='last'>nothing</p>
		<script>const last = document.getElementById('last');
		document.getElementById('save').onclick = () => { last.textContent = 'saved'; };
		document.getElementById('del').onclick = () => { last.textContent = 'DELETED'; };</script>`
	p := steadyPage(t, `<iframe id="f" style="width:600px;height:500px;border:0" srcdoc="`+inner+`"></iframe>`)
	frame := func(js string) string {
		return p.MustEval(`() => { const d = document.getElementById("f").contentDocument; ` + js + ` }`).String()
	}
	if got := frame(`return d.getElementById("last") ? "ready" : "not yet";`); got != "ready" {
		t.Fatalf("the frame's document: %s", got)
	}
	r := &Runner{Page: p, Options: RunOptions{Timeout: 3 * time.Second}}
	r.Options.Located = func(ctx context.Context, s *chain.Step, v *Verdict) {
		frame(`const tip = d.getElementById("tip"); if (tip) tip.remove(); return "";`)
	}
	s := onSave(chain.Click)
	s.Target.FramePath = []string{"#f"}
	out := r.Step(context.Background(), s)
	if last := frame(`return d.getElementById("last").textContent;`); out.Err != nil || last != "saved" {
		t.Fatalf("the press in the frame stopped, Save clicked again: %v, %q", out.Err, last)
	}
}

// A frame of another origin comes over the target after the check that the
// target takes the pointer (a chat widget opening): the press goes into
// the frame, where no guard can see or stop it. A step recorded with no
// effect to check passed there, Save never clicked; it is refused.
func TestAPressTakenByAFrameOfAnotherOriginIsRefused(t *testing.T) {
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(`<!doctype html><body style="margin:0;background:#eee"><button style="width:100%;height:100%">Chat with us</button>`)) //nolint:errcheck
	}))
	t.Cleanup(other.Close)
	widget := strings.Replace(other.URL, "127.0.0.1", "localhost", 1)
	p := saveOverDelete(t, `save.onclick = () => { last.textContent = "saved"; };`)
	r := &Runner{Page: p, Options: RunOptions{Timeout: 3 * time.Second}}
	r.Options.Located = func(ctx context.Context, s *chain.Step, v *Verdict) {
		p.MustEval(`(src) => new Promise((done) => {
			const f = document.createElement("iframe");
			f.src = src;
			f.style.cssText = "position:fixed;left:0;top:0;width:400px;height:400px;border:0;z-index:9";
			f.onload = () => done();
			document.body.append(f);
		})`, widget)
	}
	s := onSave(chain.Click)
	s.Effect = nil
	out := r.Step(context.Background(), s)
	if last := p.MustElement("#last").MustText(); CodeOf(out.Err) != report.NotActionable || last != "nothing" {
		t.Fatalf("the press went into the frame: want the step refused NOT_ACTIONABLE, Save not clicked; got %v, %q", out.Err, last)
	}
}

// A card clicked on its words when recorded; in the new release a "Save
// for later" button of the card sits where the words were. A press there
// is the button's, another control than the card: the card is pressed
// where no control of its own is (its middle), and the button never; a
// card all covered by its own controls is refused. A field inside the
// target (a combobox's text box) only takes a caret, and is no other
// control.
func TestAPressOnAControlInsideTheTargetIsNotTheTargets(t *testing.T) {
	card := func(inside string) string {
		return `<div id="card" style="position:relative;width:300px;height:200px;border:1px solid;cursor:pointer">
			<p style="margin:0">Blue teapot</p>` + inside + `</div><p id="last">nothing</p>
			<script>const last = document.getElementById("last");
			document.getElementById("card").onclick = (e) => { if (!e.defaultPrevented) last.textContent = "opened"; };
			for (const b of document.querySelectorAll("#card button")) b.onclick = (e) => { e.preventDefault(); last.textContent = "saved for later"; };</script>`
	}
	step := func() *chain.Step {
		return &chain.Step{Action: chain.Click, Offset: &chain.Point{X: 20, Y: 8}, Target: &chain.Target{
			Chain:       []chain.Strategy{{Type: chain.ID, Value: "card", Confidence: 0.9}},
			Fingerprint: &chain.Fingerprint{Tag: "div", ID: "card", Text: "Blue teapot"},
		}}
	}
	for _, c := range []struct {
		name, inside, last string
		code               report.Code
	}{
		{"a button over the words", `<button style="position:absolute;left:0;top:0;width:120px;height:40px">Save for later</button>`, "opened", ""},
		{"buttons all over", `<button style="position:absolute;inset:0;width:100%">Save for later</button>`, "nothing", report.NotActionable},
		{"a field over the words", `<input style="position:absolute;left:0;top:0;width:120px;height:30px">`, "opened", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := steadyPage(t, card(c.inside))
			out := (&Runner{Page: p, Options: RunOptions{Timeout: 1500 * time.Millisecond}}).Step(context.Background(), step())
			if last := p.MustElement("#last").MustText(); CodeOf(out.Err) != c.code || last != c.last {
				t.Fatalf("want %q and %q, got %v and %q", c.code, c.last, out.Err, last)
			}
		})
	}
}

// A frame that loads another document keeps its window object: the press
// on a control of the frame's second document is seen landing on it, and
// the step passes, as on the first.
func TestAPressInAFrameIsSeenAfterTheFrameLoadedAnotherDocument(t *testing.T) {
	mux := http.NewServeMux()
	page := func(body string) http.HandlerFunc {
		return func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write([]byte("<!doctype html>" + body)) //nolint:errcheck
		}
	}
	mux.HandleFunc("/", page(`<iframe id="f" src="/list" style="width:600px;height:400px;border:0"></iframe>`))
	mux.HandleFunc("/list", page(`<a id="edit" href="/edit">Edit</a>`))
	mux.HandleFunc("/edit", page(`<button id="save">Save</button><p id="last">nothing</p>
		<script>document.getElementById("save").onclick = () => { document.getElementById("last").textContent = "saved"; };</script>`))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	p := testenv.PageWithScripts(t, srv.URL, pagemodel.StartScript)
	r := &Runner{Page: p, Options: RunOptions{Timeout: 3 * time.Second}}
	click := func(id string) *chain.Step {
		return &chain.Step{Action: chain.Click, Target: &chain.Target{FramePath: []string{"#f"},
			Chain: []chain.Strategy{{Type: chain.ID, Value: id, Confidence: 0.9}}}}
	}
	edit := click("edit")
	edit.Navigated = &chain.Navigation{URL: srv.URL + "/edit"} // the frame's, as the recorder writes it
	if out := r.Step(context.Background(), edit); out.Err != nil {
		t.Fatalf("Edit in the frame: %v", out.Err)
	}
	if out := r.Step(context.Background(), click("save")); out.Err != nil {
		t.Fatalf("Save in the frame's second document: %v", out.Err)
	}
	if last := p.MustEval(`() => document.getElementById("f").contentDocument.getElementById("last").textContent`).Str(); last != "saved" {
		t.Errorf("the frame reads %q", last)
	}
}

// A hover presses nothing: a menu item whose middle is its link is hovered
// there (the recorder writes hovers on such items), not refused as a
// press on the link would be.
func TestAHoverOnAControlInsideTheTargetIsTheTargets(t *testing.T) {
	p := steadyPage(t, `<ul style="list-style:none;padding:0"><li id="menu" style="width:200px"><a href="/products" style="display:block;height:40px">Products</a>
		<ul id="sub" style="display:none"><li>Teapots</li></ul></li></ul>
		<style>#menu:hover #sub { display: block }</style>`)
	s := &chain.Step{Action: chain.Hover, Target: &chain.Target{
		Chain: []chain.Strategy{{Type: chain.ID, Value: "menu", Confidence: 0.9}}}}
	if out := (&Runner{Page: p, Options: RunOptions{Timeout: 1500 * time.Millisecond}}).Step(context.Background(), s); out.Err != nil {
		t.Fatalf("hover on the menu item: %v", out.Err)
	}
}
