package decision

import (
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

// Where the widget chooses the item its keys move to, a press is made only
// where it moves to the item meant; elsewhere (or with modifiers, or where
// the widget does not choose) it is left to reach.
func TestMayPress(t *testing.T) {
	step := func(mods ...string) *chain.Step {
		return &chain.Step{Action: chain.Press, Key: "ArrowDown", Modifiers: mods, Effect: &chain.Effect{Active: "radio|Monthly"}}
	}
	item := func(at, target, next, want, near int, chosen bool) *pagemodel.ActiveItem {
		return &pagemodel.ActiveItem{Now: "radio|Weekly", At: at, Target: target, Next: next, NextName: "radio|Other",
			Want: want, Near: near, Items: 4, Chosen: chosen}
	}
	for _, c := range []struct {
		name   string
		s      *chain.Step
		before *pagemodel.ActiveItem
		code   report.Code // "": pressed
	}{
		{"next is meant", step(), item(1, 2, 2, 1, 0, true), ""},
		{"next is another", step(), item(1, 3, 2, 1, 0, true), report.NoEffect},
		{"meant is gone", step(), item(1, -1, 2, 0, 0, true), report.ElementNotFound},
		{"meant twice", step(), item(1, -1, 2, 2, 0, true), report.Ambiguous},
		{"reworded next", step(), item(1, 2, 2, 0, 1, true), ""},
		{"not chosen", step(), item(1, 3, 2, 1, 0, false), ""},
		{"with modifiers", step("Shift"), item(1, 3, 2, 1, 0, true), ""},
		{"next unknown", step(), item(1, 3, -1, 1, 0, true), ""},
		{"none active", step(), &pagemodel.ActiveItem{At: -1, Target: -1, Next: -1}, ""},
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
