package recorder

import (
	"testing"

	"github.com/qa-chain/chainreplay/chain"
)

// A label whose click the page cancels, acting on it itself (a toggle
// component: no click reaches its checkbox), is the step.
func TestCancelledLabelClickIsAStep(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/toggle-label.html", "click #auto-assign\n")
	if len(f.Steps) != 1 || f.Steps[0].Action != chain.Click {
		t.Fatalf("recorded %d steps (%v), want the toggle's click", len(f.Steps), stepActions(f))
	}
	p, failed := replayFlowIn(t, b, f, f.StartURL, false)
	if log := p.MustElement("#log").MustText(); failed != nil || log != "Auto-assign on" {
		t.Errorf("replay: %v, log %q", failed, log)
	}
}

// A press on a field whose popup opens over it, released on the popup:
// the browser clicks the element holding both (the body), and the step
// is the field's click.
func TestPressReleasedOnAPopupIsTheFieldsClick(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/date-popup.html", "click #pay-date\n")
	if len(f.Steps) != 1 {
		t.Fatalf("recorded %d steps (%v), want one", len(f.Steps), stepActions(f))
	}
	if fp := f.Steps[0].Target.Fingerprint; fp == nil || fp.ID != "pay-date" {
		t.Fatalf("fingerprint %+v: want the field pressed, #pay-date", fp)
	}
	p, failed := replayFlowIn(t, b, f, f.StartURL, false)
	if failed != nil || !p.MustHas("#cal.open") {
		t.Errorf("replay: %v, calendar open %v", failed, p.MustHas("#cal.open"))
	}
}
