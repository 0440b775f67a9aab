package recorder

import (
	"slices"
	"testing"
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
	if want := []string{"click ", "press  ", "click ", "press  "}; !slices.Equal(got, want) {
		t.Fatalf("recorded %q, want %q", got, want)
	}
	p, err := replayFlowIn(t, b, f, f.StartURL, true)
	if err != nil {
		t.Fatal(err)
	}
	if sel := p.MustEval(`() => [...document.querySelectorAll(".row.selected")].map((r) => r.id).join(",")`).Str(); sel != "r2" {
		t.Errorf("selected rows %q, want r2", sel)
	}
	if n := p.MustEval(`() => document.getElementById("n").textContent`).Str(); n != "2" {
		t.Errorf("the button counted %s clicks, want 2", n)
	}
}
