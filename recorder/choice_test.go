package recorder

import (
	"testing"

	"github.com/qa-chain/chainreplay/decision"
	"github.com/qa-chain/chainreplay/report"
)

// An option chosen in a select a UI kit draws itself is held to show the
// choice: the field shows the option's name drawn anew. An app that closes
// the list but keeps the old value (the choice refused) does not pass the
// step; reordered options do.
func TestAnOptionChosenIsHeldToShowTheChoice(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/role-select.html", "click \"#field\"\nclick \"#list li:nth-child(2)\"\n")
	if len(f.Steps) != 2 {
		t.Fatalf("recorded %v, want two clicks", stepActions(f))
	}
	if e := f.Steps[1].Effect; e == nil || e.Shows != "Editor" {
		t.Fatalf("the option's effect %+v, want it to show Editor", e)
	}
	for _, v := range []string{"", "?reordered", "?ignore"} {
		p, failed := replayFlowIn(t, b, f, f.StartURL+v, false)
		value := p.MustElement("#value").MustText()
		switch {
		case v != "?ignore" && (failed != nil || value != "Editor"):
			t.Errorf("%q: %v, value %q", v, failed, value)
		case v == "?ignore" && decision.CodeOf(failed) != report.NoEffect:
			t.Errorf("%q: %v, value %q: want NO_EFFECT", v, failed, value)
		}
	}
}

// A day chosen in a picker writes the date into its field: the step is
// held to show that value there, and a page that puts the old date back
// does not pass it.
func TestADayChosenIsHeldToTheDateWritten(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/day-picker.html", "click \"#days button:nth-child(15)\"\nwait 300\n")
	if len(f.Steps) != 1 {
		t.Fatalf("recorded %v, want one click", stepActions(f))
	}
	if e := f.Steps[0].Effect; e == nil || e.Shows != "2025-03-15" {
		t.Fatalf("the day's effect %+v, want it to show 2025-03-15", e)
	}
	for _, v := range []string{"", "?revert"} {
		p, failed := replayFlowIn(t, b, f, f.StartURL+v, false)
		value := p.MustElement("#due").MustProperty("value").String()
		switch {
		case v == "" && (failed != nil || value != "2025-03-15"):
			t.Errorf("%q: %v, value %q", v, failed, value)
		case v == "?revert" && decision.CodeOf(failed) != report.NoEffect:
			t.Errorf("%q: %v, value %q: want NO_EFFECT", v, failed, value)
		}
	}
}

// A label that labels no control, beside a switch a UI kit draws (a span
// of role switch) that its script toggles: the click is held to what the
// switch became, and a label whose script does nothing fails the step.
func TestALabelBesideASwitchIsHeldToWhatTheSwitchBecame(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/label-switch.html", "click \"#lab\"\n")
	if len(f.Steps) != 1 {
		t.Fatalf("recorded %v, want one click", stepActions(f))
	}
	if e := f.Steps[0].Effect; e == nil || e.Became["checked"] != "true" {
		t.Fatalf("the label's effect %+v, want the switch checked", e)
	}
	for _, v := range []string{"", "?dead"} {
		p, failed := replayFlowIn(t, b, f, f.StartURL+v, false)
		st := p.MustElement("#status").MustText()
		switch {
		case v == "" && (failed != nil || st != "Emails on"):
			t.Errorf("%q: %v, %q", v, failed, st)
		case v == "?dead" && decision.CodeOf(failed) != report.NoEffect:
			t.Errorf("%q: %v, %q: want NO_EFFECT", v, failed, st)
		}
	}
}
