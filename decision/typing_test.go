package decision

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/pagejs"
	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/report"
)

// typingPage has a field of each kind a type step meets, and elements that
// take no text.
const typingPage = `<input id="name" value="old">
<input id="card">
<input id="guard">
<input id="short" maxlength="4">
<label>Email <input id="email-guard"></label>
<div><span id="chips"></span><input id="tags"></div>
<input id="fake" placeholder="Search"><input id="real" style="display:none">
<input id="when" type="date">
<input id="meet" type="datetime-local">
<input id="hue" type="color">
<div id="notes" contenteditable="true">old notes</div>
<my-field id="custom"></my-field>
<my-field id="closed" data-mode="closed"></my-field>
<div id="box" tabindex="0">a focusable box</div>
<div id="plain">plain text</div>
<button id="go">Go</button>
<script>
document.getElementById("card").addEventListener("input", e => {
	const d = e.target.value.replace(/\D/g, "");
	e.target.value = d.replace(/(\d{4})(?=\d)/g, "$1 ");
});
for (const id of ["guard", "email-guard"]) document.getElementById(id).addEventListener("beforeinput", e => e.preventDefault());
document.getElementById("fake").addEventListener("focus", () => {
	const real = document.getElementById("real");
	real.style.display = "";
	real.focus();
});
document.getElementById("tags").addEventListener("input", e => {
	const v = e.target.value;
	if (!v.endsWith(",")) return;
	const chip = document.createElement("b");
	chip.textContent = v.slice(0, -1);
	document.getElementById("chips").append(chip);
	e.target.value = "";
});
customElements.define("my-field", class extends HTMLElement {
	constructor() {
		super();
		const root = this.attachShadow({mode: this.dataset.mode || "open", delegatesFocus: true});
		root.innerHTML = "<input>";
		this.field = root.querySelector("input");
	}
});
</script>`

func typeStep(id, text string) *chain.Step {
	return &chain.Step{Action: chain.Type, Text: text, Target: &chain.Target{
		Chain: []chain.Strategy{{Type: chain.ID, Value: id, Confidence: 0.9}}}}
}

// A type step passes when its text reached a field: the field holds it
// (an input mask may space it), or shows beside it where it did not (a
// tag input's chip), or a picker's value is set; it fails when
// the element takes no text (NOT_ACTIONABLE) or its field did not take
// the text (NO_EFFECT), instead of passing on the key events sent.
func TestTypePassesWhenTheFieldTookTheText(t *testing.T) {
	p := steadyPage(t, typingPage, pagejs.ClosedRoots)
	r := &Runner{Page: p, Options: RunOptions{Timeout: 2 * time.Second}}
	ctx := context.Background()
	value := func(js string) string {
		t.Helper()
		return p.MustEval(`() => ` + js).Str()
	}
	for _, c := range []struct {
		id, text string
		js, want string // what the page then holds
	}{
		{"name", "Ada", `document.getElementById("name").value`, "Ada"},
		{"name", "", `document.getElementById("name").value`, ""},
		{"card", "4242424242424242", `document.getElementById("card").value`, "4242 4242 4242 4242"},
		{"when", "2024-02-03", `document.getElementById("when").value`, "2024-02-03"},
		{"hue", "#FF8800", `document.getElementById("hue").value`, "#ff8800"},
		{"notes", "new notes", `document.getElementById("notes").innerText`, "new notes"},
		{"custom", "inside", `document.getElementById("custom").field.value`, "inside"},
		{"closed", "shut", `document.getElementById("closed").field.value`, "shut"},
		{"fake", "kettle", `document.getElementById("real").value`, "kettle"},
		{"meet", "2024-02-03T10:00:00", `document.getElementById("meet").value`, "2024-02-03T10:00"},
		{"tags", "react,", `document.getElementById("chips").textContent`, "react"},
	} {
		if out := r.Step(ctx, typeStep(c.id, c.text)); out.Err != nil {
			t.Errorf("type %q at #%s: %v", c.text, c.id, out.Err)
			continue
		}
		if got := value(c.js); got != c.want {
			t.Errorf("type %q at #%s: the page holds %q, want %q", c.text, c.id, got, c.want)
		}
	}
	for _, c := range []struct {
		id, text string
		code     report.Code
		says     string
	}{
		// A field has the focus, from the last step: a step at an element
		// that takes no text does not type into it.
		{"plain", "email", report.NotActionable, "does not take text"},
		{"guard", "email", report.NoEffect, `did not take the text typed: it holds ""`},
		{"guard", "---", report.NoEffect, `did not take the text typed: it holds ""`},
		// A length limit the field did not have when recorded: it took
		// only the start of the text.
		{"short", "Deploy v2", report.NoEffect, `did not take the text typed: it holds "Depl"`},
		// Its label says what is typed: the text showed beside it before.
		{"email-guard", "email", report.NoEffect, `did not take the text typed`},
		{"box", "email", report.NotActionable, "does not take text"},
		{"go", "email", report.NotActionable, "does not take text"},
	} {
		out := r.Step(ctx, typeStep(c.id, c.text))
		if CodeOf(out.Err) != c.code || !strings.Contains(out.Err.Error(), c.says) {
			t.Errorf("type at #%s: want %s saying %q, got %v", c.id, c.code, c.says, out.Err)
		}
	}
}

// focusThiefPage has fields in a frame that lose the focus to the main
// frame the first time they take it, before any text comes: to an element
// that takes no text (as when a frame that commits in another process
// makes the browser focus the main frame again), or to a field.
const focusThiefPage = `<button id="elsewhere">Elsewhere</button><input id="thief">
<iframe id="form" srcdoc='<input id="once"><input id="taken"><input id="keyed"><input id="filled" value="old">
<script>
function stealOnce(id, to) {
	const el = document.getElementById(id);
	el.addEventListener("focus", () => setTimeout(() => parent.document.getElementById(to).focus(), 0), {once: true});
}
stealOnce("once", "elsewhere");
stealOnce("taken", "thief");
stealOnce("keyed", "elsewhere");
stealOnce("filled", "elsewhere");
document.getElementById("keyed").addEventListener("keydown", () => {});
</script>'></iframe>`

// A field whose focus the page takes once, a moment after it came (a
// timer of no delay moves it to a button or another field of the page
// above the field's frame), is focused again before anything is sent: the
// text reaches its field and nothing else, keys, a Backspace clearing the
// field and text inserted alike. Before, the text was sent as the focus
// left: it reached the button or the other field, and the step failed.
func TestTypeWaitsOutAFocusTakenOnce(t *testing.T) {
	p := steadyPage(t, focusThiefPage+`<script>window.keys = 0; for (const id of ["elsewhere", "thief"]) document.getElementById(id).addEventListener("keydown", () => window.keys++);</script>`)
	r := &Runner{Page: p, Options: RunOptions{Timeout: 2 * time.Second}}
	ctx := context.Background()
	value := func(id string) string {
		return p.MustEval(`id => document.getElementById("form").contentDocument.getElementById(id).value`, id).Str()
	}
	for _, c := range []struct{ id, text string }{{"once", "Ada"}, {"keyed", "Cy"}, {"filled", "Di"}, {"taken", "Bob"}} {
		s := typeStep(c.id, c.text)
		s.Target.FramePath = []string{"iframe#form"}
		if out := r.Step(ctx, s); out.Err != nil {
			t.Errorf("type at #%s: %v", c.id, out.Err)
		}
		if got := value(c.id); got != c.text {
			t.Errorf("#%s holds %q, want %q", c.id, got, c.text)
		}
	}
	if got := p.MustEval(`() => document.getElementById("thief").value`).Str(); got != "" {
		t.Errorf("#thief holds %q: text went where the focus was taken", got)
	}
	if n := p.MustEval(`() => window.keys`).Int(); n != 0 {
		t.Errorf("%d key events reached the page's button or field", n)
	}
}

// Keys sent while the browser still knew another frame focused went to
// that frame, whatever the field's own document says: text sent as keys,
// or after a Backspace, is never typed again, the field focused or not.
// Text inserted with no key is, where the field kept its focus in a frame.
func TestTypeAgainNeverResendsKeys(t *testing.T) {
	r := &Runner{}
	inFrame := Elem{Element: &pagemodel.Element{FramePath: []string{"iframe#pay"}}}
	for _, c := range []struct {
		f     fieldState
		keyed bool
		want  bool
	}{
		{fieldState{Field: true, Focused: true}, false, true},
		{fieldState{Field: true, Focused: true}, true, false},
		{fieldState{Field: true, Focused: false, DocFocus: true, ActiveText: new(bool)}, true, false},
	} {
		if got := r.textWentNowhere(context.Background(), inFrame, c.f, c.keyed); got != c.want {
			t.Errorf("field %+v, keys sent %v: typed again %v, want %v", c.f, c.keyed, got, c.want)
		}
	}
}

func TestTypedAs(t *testing.T) {
	for _, c := range []struct {
		now, text, before string
		want              bool
	}{
		{"Ada", "Ada", "", true},
		{"Ada", "Ada", "Ada", true},       // typed what it held
		{"(555) 123", "555123", "", true}, // a mask
		{"London", "Lon", "", true},       // completed
		{"", "", "old", true},             // cleared
		{"---", "---", "", true},
		{"", "---", "", false},           // no letters or digits to compare
		{"", "Ada", "", false},           // nothing went in
		{"", "Ada", "old", false},        // only emptied
		{"old", "Ada", "old", false},     // nothing changed
		{"old", "", "old", false},        // not cleared
		{"Depl", "Deploy v2", "", false}, // only the start of it went in
		{"Deploy", "Deploy v2", "", false},
		{"Dep", "Deploy v2", "old", false},
		{"100", "100 USD", "", true}, // a field of digits left the unit out
		{"4242", "4242 4242", "", false},
		{"10", "10.00", "", true},    // the same number, shown another way
		{"10", "10.00", "10", false}, // held it before: the keys went elsewhere
		{"Buy milkBuy milkshakeBuy milkshake", "Buy milkshake", "Buy milk", false}, // typed twice
		{"Buy milkBuy milkshake", "Buy milkshake", "Buy milk", false},              // not cleared
		{"10.5", "10.50", "", true},
		{"10", "10.05", "", false},
		{"1", "10", "", false},
		// A key lost on the way (a field drawn anew as it was typed into).
		{"jon@example.com", "john@example.com", "", false},
		{"555123457", "5551234567", "", false},
		{"03/02/2024", "2024-02-03", "", true}, // a date shown in another order
		{"New York City", "nyc", "", true},     // completed
		{"USD 100", "100 usd", "", true},       // reordered
		{"1,000.00", "1000", "", true},         // formatted
	} {
		if got := typedAs(c.now, c.text, c.before); got != c.want {
			t.Errorf("typedAs(%q, %q, %q) = %v, want %v", c.now, c.text, c.before, got, c.want)
		}
	}
}

// An upload step sets files on a file input, and fails with NOT_ACTIONABLE,
// naming the element, at any other element.
func TestUploadNeedsAFileInput(t *testing.T) {
	p := steadyPage(t, `<button id="pick">Choose a file</button><input id="file" type="file">`)
	r := &Runner{Page: p, Options: RunOptions{Timeout: 2 * time.Second, BaseDir: t.TempDir()}}
	if err := os.WriteFile(filepath.Join(r.Options.BaseDir, "a.txt"), []byte("a"), 0o644); err != nil {
		t.Fatal(err)
	}
	step := func(id string) *chain.Step {
		return &chain.Step{Action: chain.Upload, Files: []string{"a.txt"}, Target: &chain.Target{
			Chain: []chain.Strategy{{Type: chain.ID, Value: id, Confidence: 0.9}}}}
	}
	out := r.Step(context.Background(), step("pick"))
	if CodeOf(out.Err) != report.NotActionable || !strings.Contains(out.Err.Error(), "takes no files") {
		t.Errorf("upload at a button: want NOT_ACTIONABLE saying it takes no files, got %v", out.Err)
	}
	if out := r.Step(context.Background(), step("file")); out.Err != nil {
		t.Fatal(out.Err)
	}
	if n := p.MustEval(`() => document.getElementById("file").files.length`).Int(); n != 1 {
		t.Errorf("the file input holds %d files, want 1", n)
	}
}

// Rich text that holds the start (or the end) of a step's text keeps it,
// formatting and all: only the rest is typed, at that end. Text that holds
// neither is replaced.
func TestTypeIntoRichTextKeepsWhatItHolds(t *testing.T) {
	p := steadyPage(t, `<div id="ed" contenteditable="true" style="width: 400px; min-height: 40px"><p><b>Buy</b> milk</p></div>`)
	r := &Runner{Page: p, Options: RunOptions{Timeout: 2 * time.Second}}
	for _, c := range []struct{ text, want string }{
		{"Buy milk and eggs", "<p><b>Buy</b> milk and eggs</p>"},
		// Typed where a person typing at the start would: in the bold word.
		{"Now: Buy milk and eggs", "<p><b>Now: Buy</b> milk and eggs</p>"},
	} {
		if out := r.Step(context.Background(), typeStep("ed", c.text)); out.Err != nil {
			t.Fatalf("type %q: %v", c.text, out.Err)
		}
		if got := p.MustEval(`() => document.getElementById("ed").innerHTML`).Str(); got != c.want {
			t.Errorf("type %q: %s, want %s", c.text, got, c.want)
		}
	}
	if out := r.Step(context.Background(), typeStep("ed", "Eggs")); out.Err != nil {
		t.Fatalf("type Eggs: %v", out.Err)
	}
	if got := p.MustEval(`() => document.getElementById("ed").innerText`).Str(); got != "Eggs" {
		t.Errorf("type Eggs over what the field held: %q", got)
	}
}

// A cell editor the page renders anew on each input (a table that makes
// its columns again as a value changes), the focus lost with the old one:
// the text is typed over what the field holds, as a person's select-all
// and keys do, and no Backspace first makes an input the keys then miss.
func TestTypeOverAFieldRenderedAnewOnEachInput(t *testing.T) {
	p := steadyPage(t, `<div id="cell"></div><p id="qty">5</p><script>
		let qty = "5";
		function render() {
			const f = document.createElement("input"); f.id = "q"; f.value = qty;
			f.oninput = () => { qty = f.value; document.getElementById("qty").textContent = qty; render(); };
			document.getElementById("cell").replaceChildren(f);
		}
		render();
	</script>`)
	r := &Runner{Page: p, Options: RunOptions{Timeout: 2 * time.Second}}
	out := r.Step(context.Background(), typeStep("q", "7"))
	if got := p.MustElement("#qty").MustText(); out.Err != nil || got != "7" {
		t.Fatalf("%v, quantity %q: want 7", out.Err, got)
	}
}

// focusTrapPage has a dialog that keeps the focus in itself (as
// focus-trap, Headless UI and MUI modals do): focusing a field behind it
// sends the focus back to the dialog's own field. #listened has a key
// listener, so that its text would go as key events.
const focusTrapPage = `<input id="name"><input id="listened">
<div id="modal" role="dialog" aria-modal="true"><p>Join our list</p><button id="close">Close</button><input id="trapped" aria-label="Your email"></div>
<script>
document.getElementById("listened").addEventListener("keydown", () => {});
const trapped = document.getElementById("trapped");
window.keys = 0;
document.getElementById("modal").addEventListener("keydown", () => window.keys++);
trapped.focus();
document.addEventListener("focusin", e => { if (!document.getElementById("modal").contains(e.target)) trapped.focus(); });
</script>`

// A field whose focus a dialog takes back at once is not typed into, nor
// is a key pressed on it: they would reach the dialog's field. The step
// fails before any key is sent, and says where the focus went.
func TestTypeIsNotSentWhereAnotherFieldKeepsTheFocus(t *testing.T) {
	p := steadyPage(t, focusTrapPage)
	r := &Runner{Page: p, Options: RunOptions{Timeout: time.Second}}
	for i, id := range []string{"name", "listened", "name"} {
		if i == 2 {
			// The dialog had the focus on another of its elements: it
			// takes it back to its field all the same.
			p.MustEval(`() => document.getElementById("close").focus()`)
		}
		out := r.Step(context.Background(), typeStep(id, "Ada"))
		if CodeOf(out.Err) != report.NotActionable || !strings.Contains(fmt.Sprint(out.Err), "Your email") {
			t.Errorf("type at #%s behind a dialog that keeps the focus: want NOT_ACTIONABLE naming the field that has it, got %v", id, out.Err)
		}
		for _, f := range []string{id, "trapped"} {
			if v := p.MustEval(`id => document.getElementById(id).value`, f).Str(); v != "" {
				t.Errorf("type at #%s: #%s holds %q, want nothing typed", id, f, v)
			}
		}
	}
	press := typeStep("name", "")
	press.Action, press.Key = chain.Press, "Enter"
	out := r.Step(context.Background(), press)
	if CodeOf(out.Err) != report.NotActionable || !strings.Contains(fmt.Sprint(out.Err), "Your email") {
		t.Errorf("press Enter at #name behind a dialog that keeps the focus: want NOT_ACTIONABLE naming the field that has it, got %v", out.Err)
	}
	if n := p.MustEval(`() => window.keys`).Int(); n != 0 {
		t.Errorf("%d key events reached the dialog", n)
	}
}
