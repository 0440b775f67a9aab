package decision

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
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
