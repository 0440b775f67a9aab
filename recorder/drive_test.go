package recorder

import (
	"slices"
	"strings"
	"testing"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/decision"
	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/report"
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

// withOnly is st with its chain reduced to s (its target copied).
func withOnly(st chain.Step, s chain.Strategy) chain.Step {
	tg := *st.Target
	tg.Chain = []chain.Strategy{s}
	st.Target = &tg
	return st
}

// presses are the keys f's press steps press, each with its modifiers
// ("Shift+Home").
func presses(f chain.Flow) []string {
	var keys []string
	for _, s := range f.Steps {
		if s.Action == chain.Press {
			keys = append(keys, strings.Join(append(append([]string{}, s.Modifiers...), s.Key), "+"))
		}
	}
	return keys
}

// In rich text, Shift+Home selects what the next step formats: the key is
// a step of its own, and the replay bolds the line as the recording did.
func TestASelectionKeyInRichTextIsAStep(t *testing.T) {
	f := recordDrive(t, "variants/rich-note.html", "type #ed Buy milk\npress Shift+Home\nclick #bold\n")
	keys := presses(f)
	if len(keys) != 1 || keys[0] != "Shift+Home" {
		t.Fatalf("recorded %v, presses %v: want Shift+Home as a step", stepActions(f), keys)
	}
	p, failed := replayFlowIn(t, testenv.Browser(t).Browser, f, f.StartURL, true)
	if html := p.MustEval(`() => document.getElementById("ed").innerHTML`).Str(); failed != nil || html != "<b>Buy milk</b>" {
		t.Fatalf("replay: %v, %s", failed, html)
	}
}

// A component library that gives its hosts random ids on every load: the
// recorder builds no selector on them, and the step's CSS strategy alone
// finds its element again after a reload.
func TestNoSelectorOnARandomHostID(t *testing.T) {
	f := recordDrive(t, "variants/random-hosts.html", "click \"li:nth-child(2) x-menu >>> button\"\n")
	if len(f.Steps) != 1 {
		t.Fatalf("recorded %v, want one click", stepActions(f))
	}
	var css []chain.Strategy
	for _, s := range f.Steps[0].Target.Chain {
		for _, h := range s.Hosts {
			if strings.Contains(h.Value, "#x-menu-") {
				t.Errorf("%s %q under host %q: a random id", s.Type, s.Value, h.Value)
			}
		}
		if s.Type == chain.CSS {
			css = append(css, s)
		}
	}
	if len(css) == 0 {
		t.Fatalf("no CSS strategy in %+v", f.Steps[0].Target.Chain)
	}
	for _, s := range css {
		g := f
		g.Steps = []chain.Step{withOnly(f.Steps[0], s)}
		p, failed := replayFlowIn(t, testenv.Browser(t).Browser, g, g.StartURL, true)
		if got := p.MustElement("#status").MustText(); failed != nil || got != "Deleted notes.txt" {
			t.Errorf("css %q under %v alone: %v, %q", s.Value, s.Hosts, failed, got)
		}
	}
}

// What a step commits of what was typed (a quantity saved by Enter in
// its cell's editor, an item added) is recorded as what the step shows,
// and a release that refuses the change (the old value put back, a
// toast) fails the step; a later step that draws the same texts again
// shows them by the way and records no such check.
func TestACommittedEntryIsWhatTheStepShows(t *testing.T) {
	f := recordDrive(t, "variants/stock-edit.html", "dblclick #qty-2\ntype \"#qty-2 input\" 42\npress Enter\ntype #new Buy milk\npress Enter\nclick #all\n")
	var shows []string
	for _, s := range f.Steps {
		if s.Effect != nil && s.Action != chain.Type {
			shows = append(shows, string(s.Action)+":"+s.Effect.Shows)
		}
	}
	// The editor holds the quantity, 30, and the drive's click puts the
	// caret after it: the value typed is 3042.
	if want := []string{"dblclick:", "press:3042", "press:Buy milk", "click:"}; !slices.Equal(shows, want) {
		t.Fatalf("recorded %v, effects' shows %q: want %q", stepActions(f), shows, want)
	}
	p, failed := replayFlowIn(t, testenv.Browser(t).Browser, f, f.StartURL, true)
	if got := p.MustElement("#qty-2").MustText(); failed != nil || got != "3042" {
		t.Fatalf("replay: %v, quantity %q", failed, got)
	}
	_, failed = replayFlowIn(t, testenv.Browser(t).Browser, f, f.StartURL+"?strict", false)
	if decision.CodeOf(failed) != report.NoEffect {
		t.Fatalf("replay where the change is refused: %v, want NO_EFFECT", failed)
	}
}

// A press in the empty box a calendar draws in a day is a press on the
// day's cell, named by its date; one on an event (an anchor with no href
// that takes focus) is on the event. A release whose weeks start on
// Monday moves every day: the replay still adds on the recorded date and
// opens the recorded event.
func TestAPressInADaysEmptyBoxIsOnTheDay(t *testing.T) {
	f := recordDrive(t, "variants/month-grid.html", "click \"td[data-date='2026-03-18'] .events\"\nclick \"td[data-date='2026-03-10'] .title\"\n")
	if len(f.Steps) != 2 {
		t.Fatalf("recorded %v, want two clicks", stepActions(f))
	}
	if fp := f.Steps[0].Target.Fingerprint; fp.Role != "gridcell" || fp.AccessName != "March 18, 2026" {
		t.Errorf("the day's press is on %s %q %q, want the gridcell March 18, 2026", fp.Tag, fp.Role, fp.AccessName)
	}
	if fp := f.Steps[1].Target.Fingerprint; fp.Tag != "a" || fp.Text != "Dentist" {
		t.Errorf("the event's press is on %s %q, want the event's anchor", fp.Tag, fp.Text)
	}
	for _, v := range []string{"", "?monday"} {
		g := f
		g.Steps = f.Steps[:1]
		p, failed := replayFlowIn(t, testenv.Browser(t).Browser, g, f.StartURL+v, true)
		if got := p.MustElement("#last").MustText(); failed != nil || got != "added on 2026-03-18" {
			t.Errorf("%q: the day's press: %v, %q", v, failed, got)
		}
	}
	g := f
	g.Steps = f.Steps[1:]
	p, failed := replayFlowIn(t, testenv.Browser(t).Browser, g, f.StartURL, true)
	if got := p.MustElement("#last").MustText(); failed != nil || got != "opened Dentist" {
		t.Errorf("the event's press: %v, %q", failed, got)
	}
}

// A dropdown that takes focus itself (tabindex, no role) holds its menu's
// items: a press on an item is on the item, and the replay chooses it.
func TestAPressOnAnItemOfAFocusableDropdownIsOnTheItem(t *testing.T) {
	f := recordDrive(t, "variants/focus-menu.html", "click .dropdown\nclick \".item:nth-child(2)\"\n")
	if len(f.Steps) != 2 {
		t.Fatalf("recorded %v, want two clicks", stepActions(f))
	}
	if fp := f.Steps[1].Target.Fingerprint; fp.Text != "Suspend" {
		t.Errorf("the item's press is on %s %q, want the item Suspend", fp.Tag, fp.Text)
	}
	p, failed := replayFlowIn(t, testenv.Browser(t).Browser, f, f.StartURL, true)
	if got := p.MustElement("#status").MustText(); failed != nil || got != "Suspend" {
		t.Errorf("replay: %v, %q", failed, got)
	}
	// The item gone, the one at its place read as another item did when
	// recorded: refused, nothing chosen.
	if fp := f.Steps[1].Target.Fingerprint; !slices.Contains(fp.OtherNames, "Reset password") {
		t.Errorf("the item's counterparts: %q, want Reset password among them", fp.OtherNames)
	}
	p, failed = replayFlowIn(t, testenv.Browser(t).Browser, f, f.StartURL+"?removed", true)
	if got := p.MustElement("#status").MustText(); failed == nil || got != "Ready" {
		t.Errorf("replay with the item removed: %v, %q; want refused", failed, got)
	}
}

// Enter in a <textarea> that the page takes for itself (a cell editor
// commits) is a step, and the replay fails where it commits nothing; one
// that types a new line is part of the typed text.
func TestEnterATextareaTakesForItselfIsAStep(t *testing.T) {
	f := recordDrive(t, "variants/textarea-enter.html", "type #editor Garden Hose Pro\npress Enter\ntype #notes one\npress Enter\ntype #notes two\n")
	if keys := presses(f); !slices.Equal(keys, []string{"Enter"}) {
		t.Fatalf("recorded %v, presses %v: want the editor's Enter alone", stepActions(f), keys)
	}
	if last := f.Steps[len(f.Steps)-1]; last.Action != chain.Type || last.Text != "one\ntwo" {
		t.Errorf("the notes: %s %q, want one\\ntwo typed", last.Action, last.Text)
	}
	p, failed := replayFlowIn(t, testenv.Browser(t).Browser, f, f.StartURL, true)
	if got := p.MustElement("#cell").MustText(); failed != nil || got != "Garden Hose Pro" {
		t.Errorf("replay: %v, %q", failed, got)
	}
	p, failed = replayFlowIn(t, testenv.Browser(t).Browser, f, f.StartURL+"?ignored", true)
	if got := p.MustElement("#cell").MustText(); decision.CodeOf(failed) != report.NoEffect || got != "Garden Hose" {
		t.Errorf("replay where Enter commits nothing: %v, %q; want NO_EFFECT", failed, got)
	}
}

// In rich text made of paragraphs, Enter starts one and Backspace deletes
// at the caret: both are steps, and the replay makes the note read as it
// did, paragraph by paragraph, with no empty paragraph for the blank line
// between two.
func TestEnterAndBackspaceInRichTextAreSteps(t *testing.T) {
	f := recordDrive(t, "variants/para-note.html", "type \"#ed p:last-child\" , then ship it\npress Enter\ntype \"#ed p:last-child\" Fix login bugs\npress Backspace\n")
	keys := presses(f)
	if !slices.Equal(keys, []string{"Enter", "Backspace"}) {
		t.Fatalf("recorded %v, presses %v: want Enter and Backspace as steps", stepActions(f), keys)
	}
	const want = "<p>Weekly sync</p><p>Agenda, then ship it</p><p>Fix login bug</p>"
	p, failed := replayFlowIn(t, testenv.Browser(t).Browser, f, f.StartURL, true)
	if html := p.MustEval(`() => document.getElementById("ed").innerHTML`).Str(); failed != nil || html != want {
		t.Fatalf("replay: %v, %s; want %s", failed, html, want)
	}
}

// A card dragged with pointer events that follows the pointer to the
// release (SortableJS's fallback) is under the pointer when released:
// the drag is recorded onto what lies under it, and replayed.
func TestAPointerDragWhoseElementFollowsThePointerIsAStep(t *testing.T) {
	f := recordDrive(t, "variants/pointer-board.html", "drag \"[data-id=c1]\" #done\n")
	if len(f.Steps) != 1 || f.Steps[0].Action != chain.Drag {
		t.Fatalf("recorded %v, want one drag", stepActions(f))
	}
	p, failed := replayFlowIn(t, testenv.Browser(t).Browser, f, f.StartURL, true)
	if got := p.MustElement("#last").MustText(); failed != nil || got != "Write docs in Done" {
		t.Fatalf("replay: %v, %q", failed, got)
	}
}

// A checkbox named by a no-break space alone has no name: it is named
// in its row, by the row's words, and a release that reverses the rows
// ticks the same person's.
func TestABlankNameNamesNothing(t *testing.T) {
	f := recordDrive(t, "variants/blank-rows.html", "click \"tr:nth-child(3) input\"\n")
	if len(f.Steps) != 1 {
		t.Fatalf("recorded %v, want one step", stepActions(f))
	}
	scoped := false
	for _, s := range f.Steps[0].Target.Chain {
		if s.Type == chain.Role || s.Type == chain.Label {
			t.Errorf("%s %q: a blank name", s.Type, s.Value)
		}
		scoped = scoped || s.Within != nil && s.Within.Value == "Carol White"
	}
	if !scoped {
		t.Errorf("no strategy names the checkbox in its row: %+v", f.Steps[0].Target.Chain)
	}
	p, failed := replayFlowIn(t, testenv.Browser(t).Browser, f, f.StartURL+"?reversed", true)
	if got := p.MustElement("#last").MustText(); failed != nil || got != "picked Carol White" {
		t.Fatalf("replay on reversed rows: %v, %q", failed, got)
	}
}

// A live region in an item says what happens now, and names no item: a
// field is named in its box by its label, and found again when the live
// region says something else.
func TestALiveRegionNamesNoItem(t *testing.T) {
	f := recordDrive(t, "variants/live-fields.html", "click #prod\n")
	if len(f.Steps) != 1 {
		t.Fatalf("recorded %v, want one click", stepActions(f))
	}
	for _, s := range f.Steps[0].Target.Chain {
		if s.Within != nil && strings.Contains(s.Within.Value+strings.Join(s.Within.Also, "|"), "Use Up") {
			t.Errorf("%s %q within %q (also %q): a live region's words", s.Type, s.Value, s.Within.Value, s.Within.Also)
		}
	}
	for _, s := range f.Steps[0].Target.Chain {
		if s.Within == nil {
			continue
		}
		g := f
		g.Steps = []chain.Step{withOnly(f.Steps[0], s)}
		p, failed := replayFlowIn(t, testenv.Browser(t).Browser, g, f.StartURL+"?later", true)
		if got := p.MustElement("#last").MustText(); failed != nil || got != "opened prod" {
			t.Errorf("%s %q within %q alone: %v, %q", s.Type, s.Value, s.Within.Value, failed, got)
		}
	}
}
