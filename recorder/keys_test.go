package recorder

import (
	"context"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/decision"
)

// Space on a focused element that takes no text is a step: it selects a
// grid's row. On a button it presses it, and the click the browser fires
// on its release is that press, not a step of its own.
func TestSpaceOnAFocusedElementIsAStep(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/keys.html", "click #r2\npress Space\nclick #count\npress Space\n")
	var got []string
	for _, s := range f.Steps {
		got = append(got, string(s.Action)+" "+s.Key)
	}
	want := []string{"click ", "press  ", "click ", "press  "}
	if len(got) != len(want) {
		t.Fatalf("recorded %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("recorded %q, want %q", got, want)
		}
	}
	p := replayPageIn(t, b, f.StartURL)
	r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 2 * time.Second}}
	for i := range f.Steps {
		st := f.Steps[i]
		if out := r.Step(context.Background(), &st); out.Err != nil {
			t.Fatalf("step %d (%s): %v", i+1, st.Action, out.Err)
		}
	}
	if sel := p.MustEval(`() => [...document.querySelectorAll(".row.selected")].map((r) => r.id).join(",")`).Str(); sel != "r2" {
		t.Errorf("selected rows %q, want r2", sel)
	}
	if n := p.MustEval(`() => document.getElementById("n").textContent`).Str(); n != "2" {
		t.Errorf("the button counted %s clicks, want 2", n)
	}
}
