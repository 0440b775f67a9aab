package recorder

import (
	"strings"
	"testing"
)

// A button's ripple, drawn inside it on every press, is not what its click
// did, nor is the fading of the ripple a checkbox clicked just before drew
// in its control: with the button's handler doing nothing, the step fails
// NO_EFFECT.
func TestRippleIsNotTheClicksEffect(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/ripple.html", "click #sel\nclick #archive\n")
	if len(f.Steps) != 2 || f.Steps[1].Effect == nil {
		t.Fatalf("recorded %v, want the check, then the click with its effect", stepActions(f))
	}
	if e := f.Steps[1].Effect; e.Content || !e.Texts {
		t.Errorf("effect %+v, want texts changed, and no elements added or removed", *e)
	}
	if _, failed := replayFlowIn(t, b, f, f.StartURL, false); failed != nil {
		t.Errorf("unchanged page: %v", failed)
	}
	if _, failed := replayFlowIn(t, b, f, f.StartURL+"?v=noop", false); failed == nil || !strings.Contains(failed.Error(), "NO_EFFECT") {
		t.Errorf("a handler that does nothing: %v, want NO_EFFECT", failed)
	}
}

// A field added beside the button is what its click did, though it has no
// words: with the handler doing nothing, the step fails NO_EFFECT.
func TestAFieldAddedBesideTheButtonIsItsEffect(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/add-field.html", "click #add\n")
	if len(f.Steps) != 1 || f.Steps[0].Effect == nil || !f.Steps[0].Effect.Content {
		t.Fatalf("recorded %v, want the click with elements added as its effect", stepActions(f))
	}
	if _, failed := replayFlowIn(t, b, f, f.StartURL+"?v=noop", false); failed == nil || !strings.Contains(failed.Error(), "NO_EFFECT") {
		t.Errorf("a handler that does nothing: %v, want NO_EFFECT", failed)
	}
}
