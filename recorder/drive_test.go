package recorder

import (
	"testing"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/testenv"
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

// A press on a tab component's label, its own text shown through a slot in
// its shadow tree: Chromium aims the press at the slot, which has no box;
// the step is the tab's, and replays.
func TestAPressOnSlottedTextIsTheHosts(t *testing.T) {
	f := recordDrive(t, "variants/slotted-tabs.html", "click x-tab[data-k=notifications]\n")
	if len(f.Steps) != 1 || f.Steps[0].Target.Fingerprint.Tag != "x-tab" {
		t.Fatalf("recorded %v (%+v), want the click on the tab", stepActions(f), f.Steps[0].Target.Fingerprint)
	}
	p, failed := replayFlowIn(t, testenv.Browser(t).Browser, f, f.StartURL, true)
	if st := p.MustElement("#status").MustText(); failed != nil || st != "Notifications shown" {
		t.Fatalf("replay: %v, %q", failed, st)
	}
}
