package recorder

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/decision"
	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/report"
)

// A key pressed on a page (no target) keeps what it did as its effect
// when the page is a tab's own document, and keeps none when it is a
// frame's: the step names no frame, so replay could not watch it there.
func TestKeyPressedOnAFramesPageKeepsNoEffect(t *testing.T) {
	r := New(nil, Options{})
	const top, child = proto.PageFrameID("top"), proto.PageFrameID("child")
	r.tabs[top] = &tab{frame: top}
	r.flow.Steps = []chain.Step{{Action: chain.Press, Key: "Enter"}, {Action: chain.Press, Key: "Enter"}}
	r.effectStep[effectKey{top, 1}] = 0
	r.effectStep[effectKey{child, 2}] = 1
	r.onEffect(&pageEvent{frame: top, Q: 1, E: &pagemodel.Effects{Content: 1}})
	r.onEffect(&pageEvent{frame: child, Q: 2, E: &pagemodel.Effects{Content: 1}})
	if e := r.flow.Steps[0].Effect; e == nil || !e.Content {
		t.Errorf("the tab's page: effect %+v, want elements added", e)
	}
	if e := r.flow.Steps[1].Effect; e != nil {
		t.Errorf("the frame's page: effect %+v, want none", e)
	}
}

// A table sorted by its header as a framework that patches the DOM with a
// diff sorts it: no element is added or removed, the cells' texts change.
// The click keeps that as its effect, and replay fails it NO_EFFECT where
// the header no longer sorts, instead of passing a click that did nothing.
func TestSortInPlaceIsTheClicksEffect(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/sort-in-place.html", "click #by-age\n")
	if len(f.Steps) != 1 || f.Steps[0].Effect == nil || !f.Steps[0].Effect.Texts {
		t.Fatalf("recorded %v, effect %+v; want the texts changed as its effect", stepLines(f), f.Steps[0].Effect)
	}
	for _, c := range []struct {
		query string
		want  report.Code
	}{{"", ""}, {"?broken", report.NoEffect}} {
		p := replayPageIn(t, b, f.StartURL+c.query)
		r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 2 * time.Second}}
		st := f.Steps[0]
		if out := r.Step(context.Background(), &st); decision.CodeOf(out.Err) != c.want {
			t.Errorf("replayed on %q: %v, want %q", c.query, out.Err, c.want)
		}
		// By age where the header sorts (Alan second); as listed where not
		// (Grace second).
		want := map[report.Code]string{"": "Alan", report.NoEffect: "Grace"}[c.want]
		if second := p.MustEval(`() => document.querySelector("tbody tr:nth-child(2) td").textContent`).Str(); second != want {
			t.Errorf("replayed on %q: the second row is %q, want %q", c.query, second, want)
		}
	}
}

// Select-all in a field, then Backspace: the select-all changes nothing,
// the Backspace empties the field. The select-all's step keeps no effect
// of its own (the deletion is the next step's), and the flow replays on
// the page it was recorded on.
func TestSelectAllKeepsNotTheDeletionAfterIt(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "login.html", "type #username ada\npress Control+a\npress Backspace\n")
	var selectAll *chain.Step
	for i := range f.Steps {
		if f.Steps[i].Action == chain.Press && f.Steps[i].Key == "a" {
			selectAll = &f.Steps[i]
		}
	}
	if selectAll == nil {
		t.Fatalf("recorded %v: no select-all step", stepLines(f))
	}
	if e := selectAll.Effect; e != nil && slices.Contains(e.State, "value") {
		t.Errorf("the select-all step keeps the deletion after it as its effect: %+v", e)
	}
	p := replayPageIn(t, b, f.StartURL)
	r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 2 * time.Second}}
	for i := range f.Steps {
		st := f.Steps[i]
		if out := r.Step(context.Background(), &st); out.Err != nil {
			t.Fatalf("step %d (%s) on the page as recorded: %v", i+1, st.Action, out.Err)
		}
	}
	if v := p.MustEval(`() => document.getElementById("username").value`).Str(); v != "" {
		t.Errorf("the field holds %q after the replay, want it empty", v)
	}
}

// Texts changed are a step's effect only where it did nothing else that
// is checked: texts change by themselves too (a clock), and would blur the
// check of elements added.
func TestTextsAreTheEffectOfLastResort(t *testing.T) {
	r := New(nil, Options{})
	const top = proto.PageFrameID("top")
	r.tabs[top] = &tab{frame: top}
	r.flow.Steps = []chain.Step{{Action: chain.Press, Key: "Enter"}, {Action: chain.Press, Key: "Enter"}}
	r.effectStep[effectKey{top, 1}] = 0
	r.effectStep[effectKey{top, 2}] = 1
	r.onEffect(&pageEvent{frame: top, Q: 1, E: &pagemodel.Effects{Content: 2, Texts: 3}})
	r.onEffect(&pageEvent{frame: top, Q: 2, E: &pagemodel.Effects{Texts: 3}})
	if e := r.flow.Steps[0].Effect; e == nil || !e.Content || e.Texts {
		t.Errorf("elements added and texts changed: effect %+v, want the elements only", e)
	}
	if e := r.flow.Steps[1].Effect; e == nil || e.Content || !e.Texts {
		t.Errorf("texts changed alone: effect %+v, want the texts", e)
	}
}

// What a form's Save shows of its fields is checked, though the fields
// were typed before its select and its picker were set (steps with
// effects of their own); what a step showed before does not count for
// the next one, nor does one character.
func TestTypedShownReachesBackToTheLastShowing(t *testing.T) {
	typed := func(text string) chain.Step { return chain.Step{Action: chain.Type, Text: text} }
	clicked := func(shows string) chain.Step {
		return chain.Step{Action: chain.Click, Effect: &chain.Effect{Content: true, Shows: shows}}
	}
	for _, c := range []struct {
		name  string
		steps []chain.Step
		shown []string
		want  string
	}{
		{"a form", []chain.Step{typed("Zoe Quinn"), typed("zoe@quinn.io"), clicked(""), clicked(""), {Action: chain.Click}}, []string{"zoe@quinn.io"}, "zoe@quinn.io"},
		{"shown before", []chain.Step{typed("Buy milk"), clicked("Buy milk"), {Action: chain.Click}}, []string{"buy milk"}, ""},
		{"one character", []chain.Step{typed("7"), {Action: chain.Press}}, []string{"7"}, ""},
		{"a secret", []chain.Step{typed("${secret:PW}"), {Action: chain.Click}}, []string{"${secret:pw}"}, ""},
	} {
		if got := typedShown(c.steps, len(c.steps)-1, c.shown); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
	if !textField(&chain.Target{Fingerprint: &chain.Fingerprint{Tag: "input", Type: "text"}}) || textField(&chain.Target{Fingerprint: &chain.Fingerprint{Tag: "input", Type: "checkbox"}}) {
		t.Errorf("textField: a text input is one, a checkbox is not")
	}
}

// A toggle ticked by a click on its label (a hidden input beside a label
// that names no control, ticked by the page's script) keeps what its
// state became: replay refuses to click one ticked already (a click would
// untick it) and fails a click whose tick the app puts back, instead of
// passing either.
func TestAToggleIsHeldToWhatItBecame(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/toggles.html", "click \".ui.checkbox label\"\n")
	if len(f.Steps) != 1 || f.Steps[0].Action != chain.Click {
		t.Fatalf("recorded %v, want one click", stepLines(f))
	}
	for i, st := range f.Steps {
		if e := st.Effect; e == nil || e.Became["checked"] != "true" {
			t.Fatalf("step %d (%s): effect %+v, want checked to become true", i+1, st.Action, e)
		}
	}
	for _, c := range []struct {
		query, status string
		want          report.Code
	}{
		{"", "email true, sms false, active none", ""},
		{"?prechecked", "Ready", report.NoEffect},
		{"?revert", "email false, sms false, active none", report.NoEffect},
		{"?refused", "email false, sms false, active none", report.NoEffect},
	} {
		p, errs := replaySteps(t, b, f, f.StartURL+c.query)
		for i, err := range errs {
			if decision.CodeOf(err) != c.want {
				t.Errorf("%q step %d: %v, want %q", c.query, i+1, err, c.want)
			}
		}
		time.Sleep(600 * time.Millisecond)
		if got := p.MustElement("#status").MustText(); got != c.status {
			t.Errorf("%q: the page says %q, want %q", c.query, got, c.status)
		}
	}
}

// A switch's track beside its hidden input (Element Plus's) stands for
// the input: the click keeps what it became, and is refused where the
// switch is on already.
func TestASwitchsTrackStandsForItsInput(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/toggles.html", "click \".el-switch .core\"\n")
	if len(f.Steps) != 1 || f.Steps[0].Effect == nil || f.Steps[0].Effect.Became["checked"] != "true" {
		t.Fatalf("recorded %v, effect %+v: want a click whose checked became true", stepLines(f), f.Steps[0].Effect)
	}
	p, errs := replaySteps(t, b, f, f.StartURL+"?prechecked")
	if decision.CodeOf(errs[0]) != report.NoEffect || p.MustElement("#status").MustText() != "Ready" {
		t.Errorf("on a switch on already: %v, the page says %q", errs[0], p.MustElement("#status").MustText())
	}
}

// A check step whose tick the app puts back once the page settles fails
// NO_EFFECT; a checkbox named by its state ("Unchecked", "Checked") that
// the page draws anew in its cell on each change is read where it was
// drawn, and the step passes.
func TestACheckIsHeldOnceThePageSettles(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/toggles.html", "click #sms\nclick \"#grid tr:first-child input\"\n")
	if len(f.Steps) != 2 || f.Steps[0].Action != chain.Check || f.Steps[1].Action != chain.Check {
		t.Fatalf("recorded %v, want two checks", stepLines(f))
	}
	for _, c := range []struct {
		query, status string
		want          []report.Code
	}{
		{"", "email false, sms true, active Spatula", []report.Code{"", ""}},
		{"?revert", "email false, sms false, active Spatula", []report.Code{report.NoEffect, ""}},
	} {
		p, errs := replaySteps(t, b, f, f.StartURL+c.query)
		for i, err := range errs {
			if decision.CodeOf(err) != c.want[i] {
				t.Errorf("%q step %d: %v, want %q", c.query, i+1, err, c.want[i])
			}
		}
		time.Sleep(400 * time.Millisecond)
		if got := p.MustElement("#status").MustText(); got != c.status {
			t.Errorf("%q: the page says %q, want %q", c.query, got, c.status)
		}
	}
}

// A delete that removes its row and says so in a toast removed elements:
// where the server refuses it (the row stays, a toast says so), the step
// fails NO_EFFECT instead of passing on the toast.
func TestADeleteThatSaysSoInAToastRemovedElements(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/toast-delete.html", "click \"#rows li:nth-child(2) button\"\n")
	if len(f.Steps) != 1 || f.Steps[0].Effect == nil || !f.Steps[0].Effect.Removed {
		t.Fatalf("recorded %v, effect %+v: want elements removed", stepLines(f), f.Steps[0].Effect)
	}
	for _, c := range []struct {
		query string
		want  report.Code
	}{{"", ""}, {"?refused", report.NoEffect}} {
		p, errs := replaySteps(t, b, f, f.StartURL+c.query)
		if decision.CodeOf(errs[0]) != c.want {
			t.Errorf("%q: %v, want %q", c.query, errs[0], c.want)
		}
		// The recorded row gone where the step passed, kept where refused.
		if rows := p.MustElement("#rows").MustText(); strings.Contains(rows, "Order 1006") != (c.want != "") {
			t.Errorf("%q: the rows read %q", c.query, rows)
		}
	}
}

// An add that puts a row on the page and says so in a toast added an
// element: where the server refuses it (no row, a toast saying so), the
// step fails NO_EFFECT instead of passing on the toast. So too where the
// row is drawn at once and taken back when the server refuses, where the
// button's icon is swapped for a spinner meanwhile, where one toast
// element is taken off and put back each time it shows, and where the add
// is a modal's Save.
func TestAnAddThatSaysSoInAToastAddedAnElement(t *testing.T) {
	b := ownWindow(t)
	for _, c := range []struct {
		mode, drive string
		step        int
	}{
		{"", "click #add\n", 0},
		{"optimistic", "click #add\n", 0},
		{"icon", "click #add\n", 0},
		{"reshow", "click #add\n", 0},
		{"", "click #new\nclick #save\n", 1},
	} {
		t.Run(c.mode+" "+strings.TrimSpace(c.drive), func(t *testing.T) {
			f := recordDriveIn(t, b, "variants/toast-add.html?"+c.mode, c.drive)
			if len(f.Steps) != c.step+1 {
				t.Fatalf("recorded %v", stepLines(f))
			}
			if e := f.Steps[c.step].Effect; e == nil || !e.Content || !e.Added {
				t.Fatalf("the add's effect %+v: want an element added", e)
			}
			for _, refused := range []bool{false, true} {
				u := f.StartURL
				want := report.Code("")
				if refused {
					u, want = u+"&refused", report.NoEffect
				}
				p, errs := replaySteps(t, b, f, u)
				if got := decision.CodeOf(errs[c.step]); got != want {
					t.Errorf("%s: step %d: %v, want %q", u, c.step+1, errs[c.step], want)
				}
				time.Sleep(300 * time.Millisecond) // the server's answer
				if got := p.MustElement("#basket").MustText(); strings.Contains(got, "Stapler") == refused {
					t.Errorf("%s: the basket reads %q", u, got)
				}
			}
		})
	}
}

// A click whose only effect was a toast added no element of its own, also
// where the toast library added its host on first use and the toast was
// gone before the next action: it passes on a toast, wherever the host
// stands.
func TestACopyThatOnlySaysSoAddedNoElement(t *testing.T) {
	b := ownWindow(t)
	for _, c := range []struct{ mode, drive string }{
		{"", "click #copy\nclick #new\n"},
		{"lazy", "click #copy\nwait 1200\nclick #new\n"},
	} {
		f := recordDriveIn(t, b, "variants/toast-add.html?"+c.mode, c.drive)
		if len(f.Steps) != 2 {
			t.Fatalf("%q: recorded %v", c.mode, stepLines(f))
		}
		if e := f.Steps[0].Effect; e == nil || !e.Content || e.Added || e.Removed {
			t.Fatalf("%q: the copy's effect %+v: want elements changed, none of its own added", c.mode, e)
		}
		for _, q := range []string{"", "&notice"} {
			if _, errs := replaySteps(t, b, f, f.StartURL+q); errs[0] != nil {
				t.Errorf("%s: the copy: %v, want a pass", f.StartURL+q, errs[0])
			}
		}
	}
}

// What else a step changes does not cancel what it added, nor does a
// list drawn anew take it back: a tooltip leaving <body> as a menu comes
// into it; an add to a list of the five most recent, where the oldest
// drops off (?full) or where the list replaces a placeholder (?empty);
// "Load more" adding many more rows than when recorded (too many to
// tell: any may be its own); and an add whose row the page draws anew,
// list and all, once its server answers. Each passes, as on the page it
// was recorded on.
func TestAnAddIsNotCancelledByWhatElseTheStepChanged(t *testing.T) {
	b := ownWindow(t)
	for _, c := range []struct {
		page, drive string
		queries     []string
	}{
		{"variants/tooltip-menu.html", "click #refresh\nwait 1200\nclick #more\n", []string{""}},
		{"variants/recent-list.html", "click #add\n", []string{"", "?full", "?empty"}},
		{"variants/load-more.html", "click #more\n", []string{"", "?page=80"}},
		{"variants/refetch-basket.html", "click #add\nwait 1500\n", []string{""}},
	} {
		f := recordDriveIn(t, b, c.page, c.drive)
		last := f.Steps[len(f.Steps)-1]
		if e := last.Effect; e == nil || !e.Added {
			t.Errorf("%s: the last step's effect %+v: want elements of its own added", c.page, e)
		}
		for _, q := range c.queries {
			_, errs := replaySteps(t, b, f, f.StartURL+q)
			for i, err := range errs {
				if err != nil {
					t.Errorf("%s%s: step %d: %v", c.page, q, i+1, err)
				}
			}
		}
	}
}

// A delete in a paged list draws the next page's row in: no elements were
// only removed, but the deleted row's text is gone from the page, and
// must be gone again (the page reading it fewer times, where another row
// reads the same): where the server refuses it, the step fails.
func TestADeletedRowsTextIsGone(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/toast-delete.html?paged", "click \"#rows li:nth-child(2) button\"\n")
	if len(f.Steps) != 1 || f.Steps[0].Effect == nil || f.Steps[0].Effect.Gone != "order 1006 delete" {
		t.Fatalf("recorded %v, effect %+v: want the row's text gone", stepLines(f), f.Steps[0].Effect)
	}
	for _, c := range []struct {
		query string
		want  report.Code
	}{{"", ""}, {"&twin", ""}, {"&refused", report.NoEffect}} {
		p, errs := replaySteps(t, b, f, f.StartURL+c.query)
		if decision.CodeOf(errs[0]) != c.want {
			t.Errorf("%q: %v, want %q", c.query, errs[0], c.want)
		}
		if rows := p.MustElement("#rows").MustText(); strings.Contains(rows, "Order 1006") != (c.want != "") {
			t.Errorf("%q: the rows read %q", c.query, rows)
		}
	}
}

// replaySteps replays every step of f on url in a new page of b, each
// with a 2 s timeout, going on after a failure, and returns the page and
// each step's error.
func replaySteps(t *testing.T, b *rod.Browser, f chain.Flow, url string) (*rod.Page, []error) {
	t.Helper()
	p := replayPageIn(t, b, url)
	r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 2 * time.Second}}
	errs := make([]error, len(f.Steps))
	for i := range f.Steps {
		st := f.Steps[i]
		errs[i] = r.Step(context.Background(), &st).Err
	}
	return p, errs
}

// A list that draws every row anew, and a delete confirmed in a dialog:
// the confirmation's effect holds the deleted row's text gone (its item,
// named by the Delete step's within), so that a delete the server refused
// (the list drawn anew, the task still in it) fails the OK.
func TestAConfirmedDeleteOfARedrawnListHoldsTheRowGone(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/redraw-delete.html", "click \"#list .task:nth-child(2) button\"\nclick \"#ok\"\n")
	if len(f.Steps) != 2 || f.Steps[1].Effect == nil || !strings.Contains(f.Steps[1].Effect.Gone, "update dependencies") {
		t.Fatalf("recorded %v, effect %+v: want the row's text gone", stepLines(f), f.Steps[1].Effect)
	}
	for _, c := range []struct {
		query string
		want  report.Code
	}{{"", ""}, {"?refused", report.NoEffect}} {
		p, errs := replaySteps(t, b, f, f.StartURL+c.query)
		if decision.CodeOf(errs[1]) != c.want {
			t.Errorf("%q: %v, want %q", c.query, errs[1], c.want)
		}
		if rows := p.MustElement("#list").MustText(); strings.Contains(rows, "Update dependencies") != (c.want != "") {
			t.Errorf("%q: the rows read %q", c.query, rows)
		}
	}
}

// An item of a list that takes several choices, chosen already, is not
// clicked again: the click would unchoose it. An item of a list that takes
// one is clicked (it stays chosen), and fails only as nothing changed.
func TestAChosenItemOfAManyChoiceListIsNotChosenAgain(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/multi-select.html", "click \"#labels > :nth-child(2)\"\nclick \"#digest > :nth-child(2)\"\n")
	if len(f.Steps) != 2 {
		t.Fatalf("recorded %v, want two clicks", stepLines(f))
	}
	for i, st := range f.Steps {
		if e := st.Effect; e == nil || e.Became["selected"] != "true" {
			t.Fatalf("step %d: effect %+v, want selected to become true", i+1, st.Effect)
		}
	}
	for _, c := range []struct {
		query, status string
		want          []report.Code
	}{
		{"", "labels Urgent, digest Weekly", []report.Code{"", ""}},
		{"?prechosen", "labels Urgent, digest Weekly", []report.Code{report.NoEffect, report.NoEffect}},
	} {
		p, errs := replaySteps(t, b, f, f.StartURL+c.query)
		for i, want := range c.want {
			if i >= len(errs) || decision.CodeOf(errs[i]) != want {
				t.Errorf("%q step %d: %v, want %q", c.query, i+1, errs, want)
			}
		}
		if got := p.MustElement("#status").MustText(); got != c.status {
			t.Errorf("%q: the page says %q, want %q", c.query, got, c.status)
		}
	}
}

// A press on the label part of a checkbox component (in its shadow tree,
// the role and state on the host) is a press on the checkbox: recorded on
// it, held to what it became, and refused where it is checked already.
func TestALabelPartOfACheckboxComponentIsTheCheckbox(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/shadow-check.html", "click \"#done >>> label\"\n")
	if len(f.Steps) != 1 || f.Steps[0].Target.Fingerprint.Role != "checkbox" || f.Steps[0].Effect == nil || f.Steps[0].Effect.Became["checked"] != "true" {
		t.Fatalf("recorded %v, effect %+v: want a click on the checkbox whose checked became true", stepLines(f), f.Steps[0].Effect)
	}
	for _, c := range []struct {
		query, status string
		want          report.Code
	}{{"", "done true", ""}, {"?prechecked", "Ready", report.NoEffect}} {
		p, errs := replaySteps(t, b, f, f.StartURL+c.query)
		if len(errs) != 1 || decision.CodeOf(errs[0]) != c.want || p.MustElement("#status").MustText() != c.status {
			t.Errorf("%q: %v, the page says %q; want %q, %q", c.query, errs[0], p.MustElement("#status").MustText(), c.want, c.status)
		}
	}
}

// A slider's thumb dragged and released below the track (recorded as a
// press on the slider, at the release point) sets the value across from
// that point again, and is held to the value it set: not the centre's.
func TestASliderIsHeldToTheValueItWasSetTo(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/slider.html", "drag \"#vol\" \"#mark\"\n")
	if len(f.Steps) != 1 || f.Steps[0].Effect == nil || f.Steps[0].Effect.Became["value"] == "" {
		t.Fatalf("recorded %v, effect %+v: want one step whose value became a number", stepLines(f), f.Steps[0].Effect)
	}
	want := "volume " + f.Steps[0].Effect.Became["value"]
	p, errs := replaySteps(t, b, f, f.StartURL)
	if len(errs) != 1 || errs[0] != nil || p.MustElement("#status").MustText() != want {
		t.Errorf("replayed: %v, the page says %q; want %q", errs[0], p.MustElement("#status").MustText(), want)
	}
}

// A control whose state its item holds (a tree row's aria-expanded for
// the chevron in it, a column header's aria-sort for its sort button) is
// held to what that state became: on a page where the folder is open, or
// the table sorted, already, a click would undo it, and is refused.
func TestAStateTheItemHoldsIsHeldToWhatItBecame(t *testing.T) {
	b := ownWindow(t)
	for _, c := range []struct{ drive, state, became, already, done string }{
		{"click #chev-src\n", "expanded", "true", "?open", "components open"},
		{"click \"#by-name button\"\n", "sort", "ascending", "?sorted", "sorted by name ascending"},
	} {
		f := recordDriveIn(t, b, "variants/row-states.html", c.drive)
		if len(f.Steps) != 1 {
			t.Fatalf("%s: recorded %v, want one click", c.state, stepLines(f))
		}
		if e := f.Steps[0].Effect; e == nil || e.Became[c.state] != c.became {
			t.Fatalf("%s: effect %+v, want %s to become %s", c.state, e, c.state, c.became)
		}
		// The chevron names itself in its aria-labelledby: its label is
		// its own aria-label and the row's name, as its accessible name
		// is, not the text of its arrow.
		for _, s := range f.Steps[0].Target.Chain {
			if s.Type == chain.Label && c.state == "expanded" && s.Value != "Expand components" {
				t.Errorf("label strategy %q, want \"Expand components\"", s.Value)
			}
		}
		p, errs := replaySteps(t, b, f, f.StartURL)
		if st := p.MustElement("#status").MustText(); len(errs) != 1 || errs[0] != nil || st != c.done {
			t.Errorf("%s, unchanged page: %v, %q; want %q", c.state, errs, st, c.done)
		}
		p, errs = replaySteps(t, b, f, f.StartURL+c.already)
		if len(errs) != 1 || decision.CodeOf(errs[0]) != report.NoEffect {
			t.Errorf("%s on %s: %v, want %s", c.state, c.already, errs, report.NoEffect)
		}
		if st := p.MustElement("#status").MustText(); st != "Ready" {
			t.Errorf("%s on %s: the page says %q: the click was made", c.state, c.already, st)
		}
	}
}

// A press on a slider's plain track sets the value of the slider it holds
// by where it lands: the value it became is held, and on a track drawn
// wider the press lands as far along it, not as many pixels in.
func TestAPressOnATrackIsHeldToTheValueAndItsPlace(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/track-slider.html", "click #track\n")
	if len(f.Steps) != 1 || f.Steps[0].Effect == nil || f.Steps[0].Effect.Became["value"] != "50" {
		t.Fatalf("recorded %v, effect %+v: want one click whose value became 50", stepLines(f), f.Steps[0].Effect)
	}
	for _, v := range []string{"", "?wide"} {
		p, errs := replaySteps(t, b, f, f.StartURL+v)
		if st := p.MustElement("#status").MustText(); len(errs) != 1 || errs[0] != nil || st != "50" {
			t.Errorf("%q: %v, the page says %q; want 50", v, errs, st)
		}
	}
}

// A press on an icon's <path> is recorded on the icon's <svg>, which its
// name is on, and replays on the unchanged page; a chart's bar is pressed
// for itself.
func TestAPressOnAnIconsPathIsAPressOnTheIcon(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/svg-icon.html", "click #pick\nclick #day20\n")
	if len(f.Steps) != 2 {
		t.Fatalf("recorded %v, want two clicks", stepLines(f))
	}
	if fp := f.Steps[0].Target.Fingerprint; fp == nil || fp.Tag != "svg" {
		t.Errorf("fingerprint %+v: want the icon's svg", fp)
	}
	p, errs := replaySteps(t, b, f, f.StartURL)
	if st := p.MustElement("#status").MustText(); errs[0] != nil || errs[1] != nil || st != "picked 2023-09-20" {
		t.Errorf("%v, the page says %q; want the day picked", errs, st)
	}
	// A chart's bar, and an icon-sized rating's star, are pressed each
	// for itself, not as their drawing.
	for _, c := range []struct{ id, tag string }{{"bar-b", "rect"}, {"star-2", "path"}} {
		f = recordDriveIn(t, b, "variants/svg-icon.html", "click #"+c.id+"\n")
		if fp := f.Steps[0].Target.Fingerprint; fp == nil || fp.Tag != c.tag {
			t.Errorf("%s: fingerprint %+v: want the %s itself", c.id, fp, c.tag)
		}
		p, errs = replaySteps(t, b, f, f.StartURL)
		if st := p.MustElement("#status").MustText(); errs[0] != nil || st != "bar "+c.id {
			t.Errorf("%s: %v, the page says %q", c.id, errs, st)
		}
	}
}

// A list drawn anew, whole, as a member is removed: what went is the
// member's row, not the list. A removal the server refused draws the list
// anew with every member and a message in the member's row: the list's
// text no longer reads as it did, but the row's still does, and the step
// fails.
func TestARowRemovedFromAListDrawnAnewIsWhatWent(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/redrawn-remove.html", "click \"#members li:nth-child(2) button\"\n")
	if len(f.Steps) != 1 || f.Steps[0].Effect == nil || !strings.Contains(f.Steps[0].Effect.Gone, "grace hopper") ||
		strings.Contains(f.Steps[0].Effect.Gone, "ada lovelace") {
		t.Fatalf("recorded %v, effect %+v: want the row's text gone, not the list's", stepLines(f), f.Steps[0].Effect)
	}
	for _, c := range []struct {
		query string
		want  report.Code
	}{{"", ""}, {"?refused", report.NoEffect}} {
		p, errs := replaySteps(t, b, f, f.StartURL+c.query)
		if decision.CodeOf(errs[0]) != c.want {
			t.Errorf("%q: %v, want %q", c.query, errs[0], c.want)
		}
		if rows := p.MustElement("#members").MustText(); strings.Contains(rows, "Grace Hopper") != (c.want != "") {
			t.Errorf("%q: the members read %q", c.query, rows)
		}
	}
}

// A form drawn anew from the app's state once each change is saved: the
// select and the box the steps changed are replaced, and the box's state
// is read on the one drawn in its place (same id). A save the server
// refused draws the old values back, and both steps fail.
func TestAFormDrawnAnewIsHeldToTheStateItShows(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/redrawn-form.html", "select #ship 2\nclick #mail\n")
	if len(f.Steps) != 2 {
		t.Fatalf("recorded %v", stepLines(f))
	}
	// (The select's choice is recorded as its change comes, its value
	// already chosen: replay holds a select drawn anew to its choice.)
	if e := f.Steps[1].Effect; e == nil || !slices.Contains(e.State, "checked") || e.Became["checked"] != "true" {
		t.Errorf("the box's effect %+v: want its checked state read on the box drawn anew", e)
	}
	for _, c := range []struct {
		query string
		want  report.Code
	}{{"", ""}, {"?refused", report.NoEffect}} {
		_, errs := replaySteps(t, b, f, f.StartURL+c.query)
		for i, err := range errs {
			if decision.CodeOf(err) != c.want {
				t.Errorf("%q step %d: %v, want %q", c.query, i+1, err, c.want)
			}
		}
	}
}
