package decision

import (
	"slices"
	"testing"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/report"
)

// The item a key made active is the one recorded only where it is named
// as recorded, or is the one reach took for it: another item that holds
// the recorded name's words is not.
func TestSameItem(t *testing.T) {
	for _, c := range []struct {
		now, want, taken string
		same             bool
	}{
		{"menuitem|Edit", "menuitem|Edit", "", true},
		{"menuitem|Edit", " menuitem | Edit ", "", true},
		{"menuitem|Edit details", "menuitem|Edit", "", false},
		{"menuitem|Edit details", "menuitem|Edit", "menuitem|Edit details", true},
		{"menuitem|Edit all", "menuitem|Edit", "menuitem|Edit details", false},
		{"menuitem|Edit", "menuitem|Edit", "menuitem|Edit details", true},
		{"option|Edit", "menuitem|Edit", "", false},
		{"menuitem|", "menuitem|", "", true},
		{"menuitem|Edit", "menuitem|", "", false},
	} {
		if got := sameItem(c.now, c.want, c.taken); got != c.same {
			t.Errorf("sameItem(%q, %q, %q) = %v, want %v", c.now, c.want, c.taken, got, c.same)
		}
	}
}

// In a radio group, which checks the radio button its arrows move to, a
// press is made only where it moves to the item meant, whatever the
// modifiers (Shift with an arrow checks too); where the group's move is
// not known, it is left to reach.
func TestMayPress(t *testing.T) {
	step := func(mods ...string) *chain.Step {
		return &chain.Step{Action: chain.Press, Key: "ArrowDown", Modifiers: mods, Effect: &chain.Effect{Active: "radio|Monthly"}}
	}
	chose := func() *chain.Step {
		return &chain.Step{Action: chain.Press, Key: "ArrowRight", Effect: &chain.Effect{Active: "tab|Billing", Chose: true}}
	}
	item := func(at, target, next, want, near int) *pagemodel.ActiveItem {
		return &pagemodel.ActiveItem{Now: "radio|Weekly", At: at, Target: target, Next: next, NextName: "radio|Other",
			Want: want, Near: near, Items: 4}
	}
	for _, c := range []struct {
		name   string
		s      *chain.Step
		before *pagemodel.ActiveItem
		code   report.Code // "": pressed
	}{
		{"next is meant", step(), item(1, 2, 2, 1, 0), ""},
		{"next is another", step(), item(1, 3, 2, 1, 0), report.ElementNotFound},
		{"meant is gone", step(), item(1, -1, 2, 0, 0), report.ElementNotFound},
		{"meant twice", step(), item(1, -1, 2, 2, 0), report.Ambiguous},
		{"reworded next", step(), item(1, 2, 2, 0, 1), ""},
		{"with Shift", step("Shift"), item(1, 3, 2, 1, 0), report.ElementNotFound},
		{"with Shift, next is meant", step("Shift"), item(1, 2, 2, 1, 0), ""},
		{"next unknown", step(), item(1, 3, -1, 1, 0), ""},
		{"none active", step(), &pagemodel.ActiveItem{At: -1, Target: -1, Next: -1}, ""},
		// A widget that chose the item its key moved to when recorded.
		{"chooses, next is meant", chose(), item(1, 2, 2, 1, 0), ""},
		{"chooses, next is another", chose(), item(1, 3, 2, 1, 0), report.ElementNotFound},
		{"chooses, next unknown", chose(), item(1, 2, -1, 1, 0), report.Ambiguous},
		{"chooses, meant is gone", chose(), item(1, -1, -1, 0, 0), report.ElementNotFound},
		{"chooses, none active", chose(), &pagemodel.ActiveItem{At: -1, Target: -1, Next: -1}, ""},
		{"not read", step(), nil, ""},
	} {
		err := mayPress(c.s, c.before)
		if c.code == "" {
			if err != nil {
				t.Errorf("%s: refused: %v", c.name, err)
			}
			continue
		}
		if got := CodeOf(err); got != c.code {
			t.Errorf("%s: got %v (%s), want %s", c.name, err, got, c.code)
		}
	}
}

// A key chose the item it moved to where that item is chosen now and was
// not before the press, or is a radio button; an item chosen before (a
// list box's value, highlighted as the keys pass it) was not.
func TestChoseBy(t *testing.T) {
	before := &pagemodel.ActiveItem{Now: "option|Apple", ChosenNames: []string{"option|Cherry"}}
	for _, c := range []struct {
		now    string
		chosen bool
		chose  bool
	}{
		{"option|Banana", true, true},
		{"option|Banana", false, false},
		{"option|Cherry", true, false},
		{"radio|Monthly", false, true},
		{"tab|Billing", true, true},
		{"menuitem|Edit", false, false},
	} {
		if got := choseBy(&pagemodel.ActiveItem{Now: c.now, Chosen: c.chosen}, before); got != c.chose {
			t.Errorf("choseBy(%s, chosen %v) = %v, want %v", c.now, c.chosen, got, c.chose)
		}
	}
}

// The keys pressed again to reach an item are the key and its opposite,
// never one that does more than move: Tab, a letter; Home and End in a
// grid; a tree's arrows that open and close its items.
func TestMoveKeys(t *testing.T) {
	for _, c := range []struct {
		key, now   string
		horizontal bool
		want       []string
	}{
		{"ArrowDown", "menuitem|Edit", false, []string{"ArrowDown", "ArrowUp"}},
		{"ArrowLeft", "tab|Billing", true, []string{"ArrowLeft", "ArrowRight"}},
		{"Home", "option|Apple", false, []string{"ArrowDown", "ArrowUp"}},
		{"End", "tab|Billing", true, []string{"ArrowLeft", "ArrowRight"}},
		{"Tab", "menuitem|Edit", false, nil},
		{"Home", "gridcell|A1", false, nil},
		{"ArrowDown", "gridcell|A1", false, []string{"ArrowDown", "ArrowUp"}},
		{"ArrowRight", "treeitem|Work", false, nil},
		{"ArrowDown", "treeitem|Work", false, []string{"ArrowDown", "ArrowUp"}},
		{"ArrowRight", "row|Work", false, nil},
	} {
		got := moveKeys(c.key, &pagemodel.ActiveItem{Now: c.now, Horizontal: c.horizontal})
		if !slices.Equal(got, c.want) {
			t.Errorf("moveKeys(%s, %s) = %q, want %q", c.key, c.now, got, c.want)
		}
	}
}
