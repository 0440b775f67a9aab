package recorder

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/decision"
	"github.com/qa-chain/chainreplay/report"
)

// Controls of a form whose labels are not tied to them (AdminLTE's
// general elements) are named by their item:
//   - a checkbox of a column ("Checkbox", "Checkbox checked", "Checkbox
//     disabled"), where every item's text holds "Checkbox": by the text
//     its item holds whole (as the text of a part), which the others'
//     hold only inside longer words;
//   - a text field of a column of fields ("Text", "Text Disabled"), where
//     the column's text "Text" is its form group's too: by that group.
func TestItemNamedByAnEqualTextWhereContainedOnesRepeat(t *testing.T) {
	f := recordDrive(t, "thirdparty/admin-lte/pages/forms/general.html",
		`click ".card-warning form > .row:has(input[type=checkbox]) > .col-sm-6:first-child .form-check:first-child input"`+"\n"+
			`type ".card-warning form > .row:has(input[type=text]) > .col-sm-6:first-child input" Quarterly report`+"\n")
	if len(f.Steps) != 2 {
		t.Fatalf("recorded %v", stepLines(f))
	}
	for i, want := range []string{"Checkbox", "Text"} {
		var scoped *chain.Strategy
		for j, s := range f.Steps[i].Target.Chain {
			if s.Within != nil {
				scoped = &f.Steps[i].Target.Chain[j]
			}
		}
		if scoped == nil || scoped.Within.Value != want || scoped.Within.Match != "contains" || scoped.Within.Tag != "div" {
			t.Errorf("step %d: want a strategy scoped to the item whose text is %q; within %+v chain %+v", i+1, want, scoped.Within, f.Steps[i].Target.Chain)
		}
	}
}

// An item of one of several accordions that share their item names
// ("Item 3" under each heading), whose ids the library numbers in
// document order, is named by its section's heading: once a section is
// inserted before it or the sections change places, its id, its index
// among the look-alikes and its place name another section's "Item 3",
// and only the heading still says which one is meant; once a copy editor
// reworded the headings and the items' names, it is still taken (the
// words are gone from the page, not moved); once its section is gone, or
// the section is there without the item (the next section's first item
// has then taken its numbered id), the step is refused.
func TestItemNamedByItsSectionHeading(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/sections.html", "click .grid > div:nth-child(3) li:nth-child(3) > a\n")
	if len(f.Steps) != 1 {
		t.Fatalf("recorded %v", stepLines(f))
	}
	var scoped *chain.Strategy
	for j, s := range f.Steps[0].Target.Chain {
		if s.Within != nil {
			scoped = &f.Steps[0].Target.Chain[j]
		}
	}
	if scoped == nil || scoped.Within.Value != "Not animated" || scoped.Within.Tag != "div" {
		t.Fatalf("want a strategy scoped to the section headed %q; chain %+v", "Not animated", f.Steps[0].Target.Chain)
	}
	for _, version := range []string{"original", "inserted", "swapped", "reworded"} {
		p := replayPageIn(t, b, f.StartURL+"?v="+version)
		r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 4 * time.Second}}
		out := r.Step(context.Background(), &f.Steps[0])
		if out.Err != nil {
			t.Errorf("%s: refused: %v", version, out.Err)
			continue
		}
		want := "Not animated / Item 3"
		if version == "reworded" {
			want = "Without animation / Entry 3"
		}
		if acted := p.MustEval(`() => acted.join(",")`).Str(); acted != want {
			t.Errorf("%s: clicked %q, want %q", version, acted, want)
			logAttempts(t, out.Verdict)
		}
	}
	// The section gone, or the section there without the item: the
	// numbered id, the index and the place now name other sections' items.
	for _, version := range []string{"removed", "item-removed"} {
		p := replayPageIn(t, b, f.StartURL+"?v="+version)
		r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 2 * time.Second}}
		out := r.Step(context.Background(), &f.Steps[0])
		if acted := p.MustEval(`() => acted.join(",")`).Str(); out.Err == nil || acted != "" {
			t.Errorf("%s: the target is gone: want a refusal, got clicks %q, err %v", version, acted, out.Err)
			logAttempts(t, out.Verdict)
		}
	}
}

// The same accordions replayed from a flow without the section's strategy
// (recorded before it, or imported): once a section is inserted before
// the recorded one, its numbered id and test id and its place name another
// section's first item, named otherwise, while the recorded name is on
// look-alikes of the target: the words moved. The step is refused.
func TestWinnerWhoseWordsMovedIsNotTaken(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/sections.html", "click .grid > div:nth-child(2) li:nth-child(1) > a\n")
	if len(f.Steps) != 1 {
		t.Fatalf("recorded %v", stepLines(f))
	}
	tg := f.Steps[0].Target
	tg.Chain = slices.DeleteFunc(tg.Chain, func(s chain.Strategy) bool { return s.Within != nil })
	p := replayPageIn(t, b, f.StartURL+"?v=inserted")
	r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 2 * time.Second}}
	out := r.Step(context.Background(), &f.Steps[0])
	if acted := p.MustEval(`() => acted.join(",")`).Str(); acted != "" || decision.CodeOf(out.Err) != report.Ambiguous {
		t.Errorf("clicked %q (err %v), want an AMBIGUOUS refusal", acted, out.Err)
		logAttempts(t, out.Verdict)
		t.Logf("notes %v", out.Notes)
	}
}

// The same, replayed with no strategy that names the target by its words
// (--strategies id, css, xpath or testid; or a flow that never had one):
// no strategy of the round reads the recorded name, so the page is asked
// for it. Each numbered strategy alone, and all of them together, are
// refused: the recorded name is on another section's first item. Before,
// the numbered id ended the chain early and its element was clicked.
func TestNumberedMatchNamedOtherwiseIsNotTaken(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/sections.html", "click .grid > div:nth-child(2) li:nth-child(1) > a\n")
	if len(f.Steps) != 1 {
		t.Fatalf("recorded %v", stepLines(f))
	}
	all := f.Steps[0].Target.Chain
	var numbered []chain.Strategy
	for _, s := range all {
		if s.Within == nil && strings.ContainsAny(s.Value, "0123456789") && s.Type != chain.Text && s.Type != chain.Role {
			numbered = append(numbered, s)
		}
	}
	if len(numbered) == 0 {
		t.Fatalf("no numbered strategy recorded: %v", all)
	}
	try := func(name string, ch []chain.Strategy) {
		st := f.Steps[0]
		tg := *st.Target
		tg.Chain = ch
		st.Target = &tg
		p := replayPageIn(t, b, f.StartURL+"?v=inserted")
		r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 2 * time.Second}}
		out := r.Step(context.Background(), &st)
		if acted := p.MustEval(`() => acted.join(",")`).Str(); acted != "" || decision.CodeOf(out.Err) != report.Ambiguous || !strings.Contains(out.Err.Error(), "the words moved") {
			t.Errorf("%s: clicked %q (err %v), want an AMBIGUOUS refusal saying the words moved", name, acted, out.Err)
			logAttempts(t, out.Verdict)
		}
	}
	for _, s := range numbered {
		try(fmt.Sprintf("%s %q alone", s.Type, s.Value), []chain.Strategy{s})
	}
	try("the numbered strategies together", numbered)
}

// Each strategy of an accordion item, replayed alone once its section
// moved (the sections changed places, or one was inserted before it): its
// numbered id and test id, its CSS and XPath paths, its index among the
// look-alikes, its place, and the resemblance of its numbered id all now
// name the same-named item of the section that took the recorded one's
// place. Only the section still says which one is meant: each strategy
// alone clicks the recorded item or refuses, never another section's.
func TestMovedSectionsItemIsNotTakenByNumbersOrPlaces(t *testing.T) {
	b := ownWindow(t)
	cases := []struct {
		drive, want string
		versions    []string
	}{
		{"click .grid > div:nth-child(2) li:nth-child(3) > a\n", "Multiple / Item 3", []string{"swapped", "inserted"}},
		// The section inserted is a copy of this one, under another heading.
		{"click .grid > div:nth-child(1) li:nth-child(3) > a\n", "Default / Item 3", []string{"inserted"}},
	}
	for _, c := range cases {
		f := recordDriveIn(t, b, "variants/sections.html", c.drive)
		if len(f.Steps) != 1 {
			t.Fatalf("recorded %v", stepLines(f))
		}
		all := f.Steps[0].Target.Chain
		for _, version := range c.versions {
			for _, s := range all {
				if s.Within != nil {
					continue
				}
				st := withOnly(f.Steps[0], s)
				p := replayPageIn(t, b, f.StartURL+"?v="+version)
				r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: time.Second}}
				out := r.Step(context.Background(), &st)
				acted := p.MustEval(`() => acted.join(",")`).Str()
				if acted != "" && acted != c.want {
					t.Errorf("%s on %s, %s %q alone: clicked %q (err %v)", c.want, version, s.Type, s.Value, acted, out.Err)
					logAttempts(t, out.Verdict)
				}
				if out.Err == nil && acted != c.want {
					t.Errorf("%s on %s, %s %q alone: passed, but the page saw clicks %q", c.want, version, s.Type, s.Value, acted)
				}
			}
		}
	}
}

// A field of a widget that pops up a list as it is used (Choices.js's
// search field of a select box, among twenty-five widgets alike) is not
// named by the list's words: typing filters the list, and the item
// recorded with every option in its words would no longer be found on
// the very page it was recorded on. Search and Enter in the cities box,
// replayed on the unchanged page, pass, and pick London.
func TestAFieldIsNotNamedByTheListItsWidgetPopsUp(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "thirdparty/choices/index.html", `click ".choices:has(#cities) .choices__list--single .choices__item"`+"\n"+
		`type ".choices:has(#cities) input.choices__input--cloned" Lon`+"\n"+"press Enter\n")
	if len(f.Steps) != 3 {
		t.Fatalf("recorded %v", stepLines(f))
	}
	for i, s := range f.Steps {
		for _, st := range s.Target.Chain {
			if st.Within != nil && strings.Contains(st.Within.Value, "Manchester") {
				t.Errorf("step %d is named within %q: the list's words", i+1, st.Within.Value)
			}
		}
	}
	p, errs := replaySteps(t, b, f, f.StartURL)
	for i, err := range errs {
		if err != nil {
			t.Errorf("step %d: %v", i+1, err)
		}
	}
	if got := p.MustEval(`() => document.getElementById("cities").value`).Str(); got != "London" {
		t.Errorf("the cities select holds %q, want London", got)
	}
}
