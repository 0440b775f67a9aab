package recorder

import (
	"testing"

	"github.com/qa-chain/chainreplay/chain"
)

// A drive line steps into a component's shadow root to its button, whose
// label is the host's text through a slot: the pointer at the button's
// centre is on that text, which the shadow root answers as its host, and
// reaches the button.
func TestDriveClicksAButtonLabelledThroughASlot(t *testing.T) {
	f := recordDrive(t, "variants/slotted-button.html", "click \"#save >>> button\"\n")
	if len(f.Steps) != 1 || f.Steps[0].Action != chain.Click || f.Steps[0].Target.Fingerprint.AccessName != "Save" {
		t.Fatalf("recorded %v, want the click on the Save button", stepActions(f))
	}
	// The click reached the button: its handler wrote "Saved".
	if e := f.Steps[0].Effect; e == nil || !e.Texts {
		t.Errorf("effect %+v, want the status line's text changed", e)
	}
}
