package decision

import (
	"context"
	"testing"
	"time"

	"github.com/go-rod/rod"

	"github.com/qa-chain/chainreplay/chain"
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
