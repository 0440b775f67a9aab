package decision

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/report"
)

// A page's JavaScript dialogs are answered as the step recorded them; a
// confirm or prompt the recording never answered is dismissed and fails
// the step; an alert is accepted, with a note; none stalls the page.
func TestJavaScriptDialogs(t *testing.T) {
	const html = `<ul id="rows"><li>Pay the rent <button id="del1" onclick="if (confirm('Delete Pay the rent?')) this.parentNode.remove()">Delete</button></li>` +
		`<li>Buy milk <button id="del2" onclick="if (confirm('Delete Buy milk?')) this.parentNode.remove()">Delete</button></li></ul>` +
		`<button id="ask" onclick="document.getElementById('out').textContent = prompt('Your name?', 'nobody') || '(none)'">Ask</button>` +
		`<button id="info" onclick="alert('Saved'); document.getElementById('out').textContent = 'after the alert'">Info</button>` +
		`<button id="quiet">Quiet</button><button id="late" onclick="setTimeout(() => alert('Saved'), 300)">Late</button>` +
		`<input id="field"><output id="out"></output>`
	p := steadyPage(t, html)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r := &Runner{Page: p, Options: RunOptions{Timeout: 3 * time.Second,
		LookupSecret: func(n string) (string, bool) { return map[string]string{"NAME": "Ada"}[n], n == "NAME" }}}
	r.WatchDialogs(ctx)
	click := func(id string, d ...chain.JSDialog) *chain.Step {
		return &chain.Step{Action: chain.Click, JSDialogs: d, Target: &chain.Target{
			Chain: []chain.Strategy{{Type: chain.ID, Value: id, Confidence: 0.9}}}}
	}
	rows := func() int { return p.MustEval(`() => document.querySelectorAll("#rows li").length`).Int() }
	out := func() string { return p.MustEval(`() => document.getElementById("out").textContent`).Str() }

	// Never answered at record time: dismissed, and the step fails.
	o := r.Step(ctx, click("del1"))
	if CodeOf(o.Err) != report.UnexpectedDialog || !strings.Contains(o.Err.Error(), "Delete Pay the rent?") {
		t.Errorf("a confirm nobody recorded: want UNEXPECTED_DIALOG naming it, got %v", o.Err)
	}
	if n := rows(); n != 2 {
		t.Fatalf("a dismissed confirm deleted a row: %d rows left", n)
	}
	// Recorded Cancel, then recorded OK.
	if o := r.Step(ctx, click("del1", chain.JSDialog{Type: "confirm", Message: "Delete Pay the rent?"})); o.Err != nil || rows() != 2 {
		t.Errorf("recorded Cancel: %v, %d rows", o.Err, rows())
	}
	o = r.Step(ctx, click("del1", chain.JSDialog{Type: "confirm", Message: "Delete Pay the rent?", Accept: true}))
	if o.Err != nil || rows() != 1 || len(o.Notes) != 0 {
		t.Errorf("recorded OK: %v, notes %q, %d rows", o.Err, o.Notes, rows())
	}
	// Another question than the one recorded OK to (another row's): not
	// confirmed, and the step fails; recorded without a message, any.
	o = r.Step(ctx, click("del2", chain.JSDialog{Type: "confirm", Message: "Delete Walk the dog?", Accept: true}))
	if CodeOf(o.Err) != report.UnexpectedDialog || rows() != 1 || !strings.Contains(o.Err.Error(), `answered OK to "Delete Walk the dog?"`) {
		t.Errorf("a confirm that reads otherwise: %v, %d rows", o.Err, rows())
	}
	if o := r.Step(ctx, click("del2", chain.JSDialog{Type: "confirm", Accept: true})); o.Err != nil || rows() != 0 {
		t.Errorf("a confirm recorded without its message: %v, %d rows", o.Err, rows())
	}
	// A prompt answered with a secret; an unexpected prompt is dismissed.
	if o := r.Step(ctx, click("ask", chain.JSDialog{Type: "prompt", Accept: true, Text: "${secret:NAME}"})); o.Err != nil || out() != "Ada" {
		t.Errorf("recorded prompt: %v, the page shows %q", o.Err, out())
	}
	if o := r.Step(ctx, click("ask")); CodeOf(o.Err) != report.UnexpectedDialog || out() != "(none)" {
		t.Errorf("unrecorded prompt: %v, the page shows %q", o.Err, out())
	}
	// An alert nobody recorded: OK, and the page goes on.
	o = r.Step(ctx, click("info"))
	if o.Err != nil || out() != "after the alert" || len(o.Notes) != 1 || !strings.Contains(o.Notes[0], `an alert the recording did not: "Saved"`) {
		t.Errorf("an alert: %v, notes %q, the page shows %q", o.Err, o.Notes, out())
	}
	// A recorded dialog that did not open is noted, not failed; an alert
	// that reads otherwise is noted and accepted (OK is all it has).
	o = r.Step(ctx, click("info", chain.JSDialog{Type: "alert", Message: "Stored", Accept: true}, chain.JSDialog{Type: "confirm", Message: "Sure?", Accept: true}))
	if o.Err != nil || len(o.Notes) != 2 || !strings.Contains(o.Notes[0], `the alert read "Saved", recorded "Stored"`) ||
		!strings.Contains(o.Notes[1], `the recorded confirm "Sure?" did not open`) {
		t.Errorf("a recorded confirm that did not open: %v, notes %q", o.Err, o.Notes)
	}
	// An alert that was all the step did when recorded: it must open,
	// late or not; where none does, the step did nothing it can show.
	saved := chain.JSDialog{Type: "alert", Message: "Saved", Accept: true}
	if o := r.Step(ctx, click("late", saved)); o.Err != nil {
		t.Errorf("an alert that opens 300 ms after the click: %v", o.Err)
	}
	o = r.Step(ctx, click("quiet", saved))
	if CodeOf(o.Err) != report.NoEffect || !strings.Contains(o.Err.Error(), `alert "Saved"`) {
		t.Errorf("the recorded alert, all the step did, did not open: want NO_EFFECT naming it, got %v", o.Err)
	}
	// A type step's recorded alert (a check on the field's blur, which
	// the next click made when recorded) is a note: the recorder records
	// no effect for typing, so the alert says nothing of what it did.
	typed := &chain.Step{Action: chain.Type, Text: "x", JSDialogs: []chain.JSDialog{saved}, Target: &chain.Target{
		Chain: []chain.Strategy{{Type: chain.ID, Value: "field", Confidence: 0.9}}}}
	if o := r.Step(ctx, typed); o.Err != nil || len(o.Notes) != 1 || !strings.Contains(o.Notes[0], "did not open") {
		t.Errorf("a type step whose recorded alert did not open: %v, notes %q", o.Err, o.Notes)
	}
}
