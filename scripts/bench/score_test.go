package main

import (
	"slices"
	"testing"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/fixtures"
)

func ev(name, typ string) fixtures.Event { return fixtures.Event{Element: name, Type: typ} }

func fact(sign, f, doc string) fixtures.Event {
	return fixtures.Event{Element: f, Type: "fact" + sign, Value: doc}
}

func page(doc string) fixtures.Event {
	return fixtures.Event{Element: "__page", Type: "page", Value: doc}
}

func steps(rs ...stepResult) flowRun { return flowRun{steps: rs} }

func TestScore(t *testing.T) {
	app := &fixtures.App{Name: "x", Removed: []string{"pay"}}
	r := &recorded{app: app, expect: []string{"email", "", "submit", "pay"}, effects: make([]effect, 4),
		flow: &chain.Flow{Steps: []chain.Step{{Action: chain.Type}, {Action: chain.Scroll}, {Action: chain.Click}, {Action: chain.Click}}}}
	orig, _ := fixtures.LookupVersion(fixtures.Original)
	removed, _ := fixtures.LookupVersion(fixtures.TargetRemoved)

	// right element, late change of email during the next step: correct.
	sc := score(r, orig, steps(
		stepResult{status: "passed", events: []fixtures.Event{ev("email", "click"), ev("email", "input")}},
		stepResult{status: "passed"},
		stepResult{status: "passed", events: []fixtures.Event{ev("email", "change"), ev("submit", "click")}},
		stepResult{status: "passed", events: []fixtures.Event{ev("pay", "click")}},
	))
	if sc.steps != 3 || sc.correct != 3 || sc.wrong != 0 || sc.safe != 0 {
		t.Errorf("all right: %+v", sc)
	}
	// a decoy hit is wrong; a step that passed with no report is wrong; a failure is safe.
	sc = score(r, orig, steps(
		stepResult{status: "passed", events: []fixtures.Event{ev("decoy:email", "click")}},
		stepResult{status: "passed"},
		stepResult{status: "passed"},
		stepResult{status: "failed"},
	))
	if sc.correct != 0 || sc.wrong != 2 || sc.safe != 1 {
		t.Errorf("decoy: %+v", sc)
	}
	if len(sc.wrongs) != sc.wrong {
		t.Errorf("decoy: %d wrong actions listed, %d counted: %q", len(sc.wrongs), sc.wrong, sc.wrongs)
	}
	// a control the step reported opening before its element is no other
	// element; one more, or one after the element, is.
	for _, c := range []struct {
		opened int
		events []fixtures.Event
		wrong  int
	}{
		{1, []fixtures.Event{ev("menu", "click"), ev("email", "click")}, 0},
		{0, []fixtures.Event{ev("menu", "click"), ev("email", "click")}, 1},
		{1, []fixtures.Event{ev("menu", "click"), ev("more", "click"), ev("email", "click")}, 1},
		{1, []fixtures.Event{ev("email", "click"), ev("menu", "click")}, 1},
		{1, []fixtures.Event{ev("menu", "click")}, 1},
	} {
		sc = score(r, orig, steps(stepResult{status: "passed", opened: c.opened, events: c.events}))
		if sc.wrong != c.wrong {
			t.Errorf("opened %d, events %v: %d wrong, want %d", c.opened, c.events, sc.wrong, c.wrong)
		}
	}
	// a step that failed after acting on another element is a wrong
	// action, and is listed as one.
	sc = score(r, orig, steps(
		stepResult{status: "failed", events: []fixtures.Event{ev("decoy:email", "click")}},
	))
	if sc.wrong != 1 || len(sc.wrongs) != 1 {
		t.Errorf("failed after acting elsewhere: %d wrong, listed %q", sc.wrong, sc.wrongs)
	}
	// a removed target must fail; acting anyway is wrong; later steps are not reachable.
	sc = score(r, removed, steps(
		stepResult{status: "passed", events: []fixtures.Event{ev("email", "input")}},
		stepResult{status: "passed"},
		stepResult{status: "passed", events: []fixtures.Event{ev("submit", "click")}},
		stepResult{status: "passed", events: []fixtures.Event{ev("submit", "click")}},
	))
	if sc.steps != 2 || sc.correct != 2 || sc.removed != 1 || sc.refused != 0 || sc.wrong != 1 {
		t.Errorf("removed and acted: %+v", sc)
	}
	sc = score(r, removed, steps(stepResult{status: "passed", events: []fixtures.Event{ev("email", "input")}}, stepResult{status: "passed"},
		stepResult{status: "passed", events: []fixtures.Event{ev("submit", "click")}}, stepResult{status: "failed"}))
	if sc.refused != 1 || sc.wrong != 0 {
		t.Errorf("removed and refused: %+v", sc)
	}
	// a click that navigates: its report arrives after the next step's marker.
	sc = score(r, orig, steps(
		stepResult{status: "passed", events: []fixtures.Event{ev("email", "input")}},
		stepResult{status: "passed"},
		stepResult{status: "passed"},
		stepResult{status: "passed", events: []fixtures.Event{ev("submit", "click"), ev("pay", "click")}},
	))
	if sc.correct != 3 || sc.wrong != 0 {
		t.Errorf("late report: %+v", sc)
	}
}

// A todo list: add a row with Enter, delete it with its row's button.
func todoFlow() *recorded {
	return &recorded{app: &fixtures.App{Name: "todo"}, expect: []string{"new", "", "destroy:Buy milk"},
		flow: &chain.Flow{Steps: []chain.Step{{Action: chain.Type}, {Action: chain.Press}, {Action: chain.Click}}},
		effects: []effect{
			{added: []string{"value:new=Buy milk"}},
			{added: []string{"row:Buy milk"}, removed: []string{"value:new=Buy milk"}},
			{removed: []string{"row:Buy milk"}},
		}}
}

func TestScoreEffects(t *testing.T) {
	r := todoFlow()
	orig, _ := fixtures.LookupVersion(fixtures.Original)
	good := flowRun{steps: []stepResult{
		{status: "passed", events: []fixtures.Event{page("d1"), fact("+", "route:#/", "d1"), ev("new", "click"), ev("new", "input"), fact("+", "value:new=Buy milk", "d1")}},
		{status: "passed", events: []fixtures.Event{ev("new", "key")}},
		// the row is added late, after the press step ended: still its effect
		{status: "passed", events: []fixtures.Event{fact("-", "value:new=Buy milk", "d1"), fact("+", "row:Buy milk", "d1"), ev("destroy:Buy milk", "click")}},
	}, tail: []fixtures.Event{fact("-", "row:Buy milk", "d1")}}
	sc := score(r, orig, good)
	if sc.steps != 3 || sc.correct != 3 || sc.wrong != 0 {
		t.Errorf("effects as on the original: %+v", sc)
	}

	// The press passed but nothing was added: wrong, and the delete that
	// follows acts on the right button and removes nothing: wrong too.
	none := flowRun{steps: []stepResult{
		good.steps[0],
		{status: "passed", events: []fixtures.Event{ev("new", "key")}},
		{status: "passed", events: []fixtures.Event{ev("destroy:Buy milk", "click")}},
	}}
	sc = score(r, orig, none)
	if sc.correct != 1 || sc.wrong != 2 {
		t.Errorf("no effect: %+v", sc)
	}

	// A version that removed an element whose state a step changed on
	// the original (a select the step enabled): that state was never on
	// this page, and the step did all it could.
	r2 := todoFlow()
	r2.initial = map[string]bool{"route:#/": true, "disabled:tube": true}
	r2.effects[1].removed = append(r2.effects[1].removed, "disabled:tube")
	if sc := score(r2, orig, good); sc.correct != 3 || sc.wrong != 0 {
		t.Errorf("a removed element's state: %+v", sc)
	}
	// Where the page had it, later than as it loaded (a banner shown
	// late), the step must take it away.
	late := flowRun{steps: slices.Clone(good.steps), tail: good.tail}
	late.steps[1].events = append([]fixtures.Event{fact("+", "disabled:tube", "d1")}, late.steps[1].events...)
	if sc := score(r2, orig, late); sc.verdicts[1] != vWrong {
		t.Errorf("a state the page had late and the step left: %+v", sc)
	}

	// A failed press is a safe failure; the flow stops there.
	sc = score(r, orig, flowRun{steps: []stepResult{good.steps[0], {status: "failed", code: "TIMEOUT"}, {status: "skipped"}}})
	if sc.correct != 1 || sc.safe != 2 || sc.wrong != 0 {
		t.Errorf("failed press: %+v", sc)
	}
}

func TestDeltas(t *testing.T) {
	// A navigation: the new document's facts replace the old one's, and
	// a late fact of the old document does not count.
	w := [][]fixtures.Event{
		{page("a"), fact("+", "page:login", "a"), ev("login", "click"), page("b"), fact("+", "page:home", "b"), fact("-", "page:login", "a")},
		{ev("menu", "click"), fact("+", "menu:open", "b")},
	}
	got := deltas(w, nil, nil)
	if want := (effect{added: []string{"page:home"}, removed: []string{"page:login"}}); !got[0].equal(want) {
		t.Errorf("navigation: %v, want %v", got[0], want)
	}
	if want := (effect{added: []string{"menu:open"}}); !got[1].equal(want) {
		t.Errorf("menu: %v, want %v", got[1], want)
	}
	// A step without an action: what happens meanwhile is the previous step's.
	w = [][]fixtures.Event{
		{page("a"), ev("x", "click")},
		{fact("+", "late", "a")},
		{},
	}
	got = deltas(w, []fixtures.Event{fact("+", "later", "a")}, nil)
	if want := (effect{added: []string{"late", "later"}}); !got[0].equal(want) {
		t.Errorf("late effect: %v, want %v", got[0], want)
	}
	if !got[1].empty() || !got[2].empty() {
		t.Errorf("steps without action: %v %v", got[1], got[2])
	}
	// A spinner steps its value on the press, before the click report:
	// the change is the pressing step's, not the step before's.
	w = [][]fixtures.Event{
		{page("a"), ev("day", "down"), ev("day", "click"), fact("+", "picked:15", "a")},
		{ev("up", "down"), fact("+", "spinner:1", "a"), ev("up", "click")},
	}
	got = deltas(w, nil, nil)
	if want := (effect{added: []string{"picked:15"}}); !got[0].equal(want) {
		t.Errorf("before the press: %v, want %v", got[0], want)
	}
	if want := (effect{added: []string{"spinner:1"}}); !got[1].equal(want) {
		t.Errorf("the press: %v, want %v", got[1], want)
	}
	// A combobox opens its list as it takes the focus, before the text
	// typed into it is reported: the opening is the typing step's, not
	// the step before's.
	w = [][]fixtures.Event{
		{page("a"), ev("tags", "key"), fact("+", "value:tags=a", "a")},
		{ev("multi", "focus"), fact("+", "open:multi", "a"), ev("multi", "input")},
	}
	got = deltas(w, nil, []string{"tags", "multi"})
	if want := (effect{added: []string{"value:tags=a"}}); !got[0].equal(want) {
		t.Errorf("before the focus: %v, want %v", got[0], want)
	}
	if want := (effect{added: []string{"open:multi"}}); !got[1].equal(want) {
		t.Errorf("the focus: %v, want %v", got[1], want)
	}
	if reports([]fixtures.Event{ev("multi", "focus")}, "multi") {
		t.Error("a focus alone counts as the element having reported")
	}
	// A field the page focuses itself (autofocus as it loads, a dialog
	// focusing its first field late) is no step's action: what comes
	// after it is not the navigation's, nor the step's before its own
	// action, and it is part of the page as it loaded.
	w = [][]fixtures.Event{
		{page("a"), ev("new-todo", "focus"), fact("+", "value:new-todo=", "a")},
		{ev("add", "down"), ev("add", "click"), ev("title", "focus"), fact("+", "dialog", "a")},
		{ev("name", "focus"), ev("name", "input"), fact("+", "value:name=x", "a")},
	}
	got = deltas(w, nil, []string{"", "add", "name"})
	if !got[0].empty() {
		t.Errorf("the navigation: %v, want nothing", got[0])
	}
	if want := (effect{added: []string{"dialog"}}); !got[1].equal(want) {
		t.Errorf("the click: %v, want %v", got[1], want)
	}
	if want := (effect{added: []string{"value:name=x"}}); !got[2].equal(want) {
		t.Errorf("the typing: %v, want %v", got[2], want)
	}
	if init := initialFacts(w, []string{"", "add", "name"}); !init["value:new-todo="] {
		t.Errorf("initial facts %v lack the autofocused field's", init)
	}
	// The field the first step types into focuses itself as the page
	// loads (autofocus), before the page reports its facts: that focus is
	// the page's, before the step began, and the empty value typed over
	// is the step's to take away, as it is where the field came late.
	begin := ev("__begin:1", "mark")
	typed := []fixtures.Event{ev("new-todo", "input"), fact("+", "value:new-todo=Buy milk", "a"), fact("-", "value:new-todo=", "a")}
	want := effect{added: []string{"value:new-todo=Buy milk"}, removed: []string{"value:new-todo="}}
	for name, w := range map[string][]fixtures.Event{
		"autofocus": append([]fixtures.Event{page("a"), ev("new-todo", "focus"), fact("+", "value:new-todo=", "a"), begin}, typed...),
		"late":      append([]fixtures.Event{page("a"), begin, fact("+", "value:new-todo=", "a"), ev("new-todo", "focus")}, typed...),
	} {
		if got := deltas([][]fixtures.Event{w}, nil, []string{"new-todo"}); !got[0].equal(want) {
			t.Errorf("%s: %v, want %v", name, got[0], want)
		}
	}
}

// A link's press is reported in its step and its click, late, after the
// next step's marker (the new page's): the click is moved back, the press
// does not count as the element having reported.
func TestLateClickAfterPress(t *testing.T) {
	r := &recorded{expect: []string{"link", "menu"}}
	out := lateReports(r, []stepResult{
		{events: []fixtures.Event{ev("link", "down")}},
		{events: []fixtures.Event{ev("link", "click"), ev("menu", "click")}},
	})
	if n := len(out[0].events); n != 2 || out[0].events[1].Type != "click" {
		t.Errorf("the late click stayed in the next step: %v / %v", out[0].events, out[1].events)
	}
	if len(out[1].events) != 1 {
		t.Errorf("next step: %v", out[1].events)
	}
}

func TestSplitMarks(t *testing.T) {
	w := splitMarks([]fixtures.Event{ev("a", "click"), ev("__peer:0:1", "step"), ev("b", "click"), ev("__peer:0:2", "step"),
		ev("c", "click"), ev("__peer:0:2", "step")}, "__peer:")
	if len(w["__peer:0:1"]) != 1 || len(w["__peer:0:2"]) != 2 {
		t.Errorf("windows %v", w)
	}
}

func TestXPathAncestors(t *testing.T) {
	got := xpathAncestors("/html/body/main/ul/li[2]/button[1]")
	want := []string{"/html/body/main/ul/li[2]", "/html/body/main/ul", "/html/body/main", "/html/body"}
	if len(got) != len(want) {
		t.Fatalf("%v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("%v, want %v", got, want)
		}
	}
	if got := xpathAncestors(`//*[@id="a/b"]`); len(got) != 0 {
		t.Errorf("an XPath without steps has no ancestors: %v", got)
	}
}
