package recorder

import (
	"testing"
)

// A click inside a component's shadow root, on a box nothing of its own
// names. Once a second component of the same kind is inserted before it,
// with the same inside, the recorded selector matches in both roots: the
// match under the recorded host (shadow_path: #speed) is the target.
func TestComponentInsertedBesideIsNotTheTarget(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/components.html", "click \"#speed\"\n")
	if n := len(f.Steps); n == 0 || len(f.Steps[n-1].Target.ShadowPath) == 0 {
		t.Fatalf("recorded %v; want a click inside the component's shadow root", stepLines(f))
	}
	for _, v := range []string{"", "?v=inserted"} {
		p, err := replayFlowIn(t, b, f, f.StartURL+v, true)
		if err != nil {
			t.Errorf("%q: %v", v, err)
		}
		if opened := p.MustEval(`() => opened.join(",")`).Str(); opened != "speed" {
			t.Errorf("%q: opened %q, recorded on speed", v, opened)
		}
	}
}

// The same where the pickers carry no id: the recorded host is named by
// its place (x-picker:nth-of-type(2)), which the picker inserted first
// takes; the match under it is not taken for the target, and the step
// opens the recorded picker or none.
func TestComponentHostNamedByPlaceIsNotTheTarget(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/components.html?anon", "click \"[data-name=speed]\"\n")
	for _, v := range []string{"", "&v=inserted"} {
		p, failed := replayFlowIn(t, b, f, f.StartURL+v, false)
		opened := p.MustEval(`() => opened.join(",")`).Str()
		switch {
		case v == "" && (failed != nil || opened != "speed"):
			t.Errorf("unchanged page: %v, opened %q", failed, opened)
		case opened != "speed" && opened != "":
			t.Errorf("%q: opened %q, recorded on speed (%v)", v, opened, failed)
		default:
			t.Logf("%q: opened %q, %v", v, opened, failed)
		}
	}
}
