package decision

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/wait"
	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/report"
)

// A key press that moved through a widget's items when recorded (ArrowDown
// in a menu, ArrowRight in a radio group) meant the item it reached
// (chain.Effect.Active), not the place it stood at: replayed as the bare
// key on a menu with an item inserted above, it would highlight, and Enter
// then choose, another item. So the press is made, and where another item
// is active after it the same key is pressed again (then its opposite)
// until the recorded one is, or the step fails: where the widget no longer
// holds that item, or holds several of its name.
//
// Pressing again is only safe where moving is all a press does. A radio
// group checks the radio button its arrows move to: there a press that
// would land elsewhere than on the item meant is not made at all
// (mayPress). Where a press chose the item it moved to (a tab list that
// selects as it moves, a list box whose selection follows its focus), no
// more are made; nor is a press made with modifiers (Shift extends a
// selection) pressed again.

// reachWait is how long a press is given to move the active item (a
// widget's state set in a later task, a render) before the page is left
// to settle and read once more.
const reachWait = 500 * time.Millisecond

// maxReach bounds the presses reach adds, whatever the widget's size.
const maxReach = 50

// activeBefore reads the item active before s's key is pressed, where the
// step recorded one it moved to and its effect is watched; nil else.
func (r *Runner) activeBefore(ctx context.Context, s *chain.Step, wt *watch) (*pagemodel.ActiveItem, error) {
	if wt == nil || s.Effect == nil || s.Effect.Active == "" {
		return nil, nil
	}
	a, err := r.model().ActiveItem(ctx, wt.w, wt.id, itemKey(s.Effect.Active), pagemodel.KeyMove{Key: s.Key, Held: len(s.Modifiers) > 0 || r.held != 0, Chooses: s.Effect.Chose, Steps: s.Effect.Moved, Rows: s.Effect.MovedRows})
	if err != nil {
		return nil, itemErr(ctx, err)
	}
	return a, nil
}

// mayPress refuses s's press before it is made where pressing chooses:
// where it would check another radio button than the one it checked when
// recorded, or choose another item in a widget that chose the item its
// key moved to when recorded (chain.Effect.Chose: tabs, a list box, a tree
// or a grid whose selection follows its focus); where the one meant is
// not in the widget, or is there twice; and, in such a widget, where the
// item the key leads to is not known, or no item is there (before: the
// item active before the press, and where the key leads from it,
// pagemodel.ActiveItem.Next). Modifiers do not change that: Shift with an
// arrow checks the next radio button too, and Ctrl, Alt or Meta move none
// in a native group (a press recorded moving one was a script's, which
// moves as it did). Where no item is active yet (the press enters the
// widget), what it leads to is left to reach.
func mayPress(s *chain.Step, before *pagemodel.ActiveItem) error {
	if before == nil || before.Now == "" || before.Next == -1 && !s.Effect.Chose {
		return nil
	}
	want := itemKey(s.Effect.Active)
	c := chooserOf(want)
	switch {
	case before.Target < 0 && before.Want+before.Near == 0:
		return stepErr(report.ElementNotFound, nil, "the %s of %s holds no %s, which %s %s when recorded: pressing it would %s another item, so it was not pressed",
			c.widget, describeItem(before.Now), describeItem(want), s.Key, c.did, c.do)
	case before.Target < 0:
		return stepErr(report.Ambiguous, nil, "the %s of %s holds %d items named as %s, or named with its words, which %s %s when recorded: which one is meant is not known, so it was not pressed",
			c.widget, describeItem(before.Now), max(before.Want, before.Near), describeItem(want), s.Key, c.did)
	case before.Next == -2:
		return stepErr(report.ElementNotFound, nil, "%s moved %s from the item it left when recorded; from %s no item of the %s stands there now, so it was not pressed",
			s.Key, movedBy(s.Effect), describeItem(before.Now), c.widget)
	case before.Next < 0:
		return stepErr(report.Ambiguous, nil, "which item %s leads to from %s is not known, and the %s %s the item its keys move to: it might %s another than %s, which it %s when recorded, so it was not pressed",
			s.Key, describeItem(before.Now), c.widget, c.does, c.do, describeItem(want), c.did)
	case before.Next != before.Target:
		return stepErr(report.ElementNotFound, nil, "%s would %s %s, not %s as when recorded, which the key does not lead to from %s now: the %s %s what its keys move to, so it was not pressed",
			s.Key, c.do, describeItem(before.NextName), describeItem(want), describeItem(before.Now), c.widget, c.does)
	}
	return nil
}

// chooser names, for a message, the widget of an item and what it does to
// the item its keys move to: a radio group checks it, a tab list, a list
// box, a tree or a grid chooses it.
type chooser struct{ widget, do, does, did string }

func chooserOf(item string) chooser {
	role, _, _ := strings.Cut(item, "|")
	c := chooser{"widget", "choose", "chooses", "chose"}
	switch role {
	case "radio":
		c = chooser{"radio group", "check", "checks", "checked"}
	case "tab":
		c.widget = "tab list"
	case "option":
		c.widget = "list box"
	case "treeitem":
		c.widget = "tree"
	case "gridcell", "row":
		c.widget = "grid"
	}
	return c
}

// movedBy says how far a press that chose its item moved when recorded
// (chain.Effect.Moved): "2 items on", "1 item back"; in a grid "1 row
// down and 2 columns back".
func movedBy(e *chain.Effect) string {
	way := func(n int, unit, on, back string) string {
		w := on
		if n < 0 {
			n, w = -n, back
		}
		return fmt.Sprintf("%d %s%s %s", n, unit, plural(n), w)
	}
	if strings.HasPrefix(itemKey(e.Active), "gridcell|") {
		var parts []string
		if e.MovedRows != 0 {
			parts = append(parts, way(e.MovedRows, "row", "down", "up"))
		}
		if e.Moved != 0 {
			parts = append(parts, way(e.Moved, "column", "on", "back"))
		}
		return strings.Join(parts, " and ")
	}
	return way(e.Moved, "item", "on", "back")
}

// reach makes the item s's press made active when recorded active again,
// once the press was made (before: what was active then). The item meant
// is the one of the widget named as recorded, else the one reworded
// (ActiveItem.Near: "Edit details" for "Edit"), taken only where the key
// led to it as it did when recorded, never pressed again for. It returns
// a note where it pressed again or took a reworded item, and the item
// taken. Where no item is active after the press it leaves the step to
// its effect check.
func (r *Runner) reach(ctx context.Context, s *chain.Step, wt *watch, before *pagemodel.ActiveItem) (note, taken string, err error) {
	want := itemKey(s.Effect.Active)
	a, err := r.activeAfter(ctx, wt, want, before)
	if err != nil || a.Now == "" {
		return "", "", err
	}
	if a.At >= 0 && a.At == a.Target {
		return reworded(a.Now, want), a.Now, nil
	}
	moves := moveKeys(s.Key, a)
	switch {
	case a.Want == 0 && a.Near == 0:
		return "", "", stepErr(report.ElementNotFound, nil, "%s made %s active; the widget no longer holds %s, which it made active when recorded, so nothing more was pressed",
			s.Key, describeItem(a.Now), describeItem(want))
	case a.Target < 0:
		n := max(a.Want, a.Near)
		return "", "", stepErr(report.Ambiguous, nil, "%s made %s active; the widget holds %d items named as %s, which it made active when recorded: which one is meant is not known, so nothing more was pressed",
			s.Key, describeItem(a.Now), n, describeItem(want))
	case a.Want == 0:
		return "", "", stepErr(report.ElementNotFound, nil, "%s made %s active; the widget no longer holds %s, which it made active when recorded, and the item named with its words stands elsewhere: it is not taken for it, so nothing more was pressed",
			s.Key, describeItem(a.Now), describeItem(want))
	case choseBy(a, before) && a.Now == before.Now && a.At == before.At:
		return "", "", stepErr(report.NoEffect, nil, "%s left %s active, not %s as when recorded: the widget checks or selects the item its keys move to, so it was not pressed again",
			s.Key, describeItem(a.Now), describeItem(want))
	case choseBy(a, before):
		return "", "", stepErr(report.NoEffect, nil, "%s chose %s, not %s as when recorded: the widget chooses the item its keys move to, and pressing again would choose each item on the way, so nothing more was pressed",
			s.Key, describeItem(a.Now), describeItem(want))
	case len(s.Modifiers) > 0 || r.held != 0:
		return "", "", stepErr(report.NoEffect, nil, "%s made %s active, not %s as when recorded; pressed with modifiers held a key does more than move (it extends a selection, it jumps), so it was not pressed again",
			s.Key, describeItem(a.Now), describeItem(want))
	case moves == nil:
		return "", "", stepErr(report.NoEffect, nil, "%s made %s active, not %s as when recorded; %s is no key that moves through the items one by one, so it was not pressed again",
			s.Key, describeItem(a.Now), describeItem(want), s.Key)
	}
	first, presses := a.Now, 0
	for _, k := range moves {
		seen := map[int]bool{a.At: true}
		for range a.Items {
			if presses >= maxReach || ctx.Err() != nil {
				break
			}
			prev := a
			if err := r.pressWith(ctx, k, nil); err != nil {
				return "", "", err
			}
			presses++
			if a, err = r.activeAfter(ctx, wt, want, prev); err != nil {
				return "", "", err
			}
			if a.Now != "" && a.At >= 0 && a.At == a.Target && a.Want > 0 {
				return fmt.Sprintf("%s made %s active, not %s as when recorded (the items moved): %s",
					s.Key, describeItem(first), describeItem(want), pressedTimes(moves, k, presses)), a.Now, nil
			}
			if choseBy(a, before) {
				return "", "", stepErr(report.NoEffect, nil, "%s made %s active, not %s as when recorded, and pressing %s %d more time%s chose %s: the widget chooses the item its keys move to, so nothing more was pressed",
					s.Key, describeItem(first), describeItem(want), k, presses, plural(presses), describeItem(a.Now))
			}
			if a.Now == "" || a.At == prev.At || seen[a.At] {
				break // the end of the items, or round them: the other way
			}
			seen[a.At] = true
		}
	}
	return "", "", stepErr(report.NoEffect, nil, "%s made %s active, not %s as when recorded, and %d more presses of %s never made it active",
		s.Key, describeItem(first), describeItem(want), presses, strings.Join(moves, " or "))
}

// choseBy reports whether the item active now (a) was chosen by the key
// that moved to it: it is chosen, and was not before the step's press
// (before names those that were: of the widget focused where none of its
// items was active yet), or it is a radio button, which its group checks
// as its arrows move to it.
func choseBy(a, before *pagemodel.ActiveItem) bool {
	if role, _, _ := strings.Cut(a.Now, "|"); role == "radio" {
		return true
	}
	return a.Chosen && !slices.Contains(before.ChosenNames, a.Now)
}

// reworded says that the item reached (now) is named otherwise than the
// recorded one (want), "" where it is named as recorded.
func reworded(now, want string) string {
	if now == want {
		return ""
	}
	return fmt.Sprintf("%s was taken for %s: the key led to it as it did when recorded, and it alone is named with its words", describeItem(now), describeItem(want))
}

// activeAfter waits, up to reachWait, until the active item is another
// than prev (another, or at another place), and returns it; where none
// moved by then, it lets the page settle (a late render) and reads it
// once more. Where the press loaded another document, it answers no item
// active: the effect check says whether the step was to. (Where a key
// would lead from there is not asked: only mayPress reads it.)
func (r *Runner) activeAfter(ctx context.Context, wt *watch, want string, prev *pagemodel.ActiveItem) (*pagemodel.ActiveItem, error) {
	end, settled := time.Now().Add(reachWait), false
	for {
		a, err := r.model().ActiveItem(ctx, wt.w, wt.id, want, pagemodel.KeyMove{})
		if errors.Is(err, pagemodel.ErrGone) && ctx.Err() == nil {
			return &pagemodel.ActiveItem{At: -1, Target: -1, Next: -1}, nil
		}
		if err != nil {
			return nil, itemErr(ctx, err)
		}
		if a.Now != prev.Now || a.At != prev.At {
			return a, nil
		}
		if !time.Now().Before(end) {
			if settled {
				return a, nil
			}
			settled = true
			r.model().SettleAnswered(ctx)
			continue
		}
		if err := wait.Sleep(ctx, 25*time.Millisecond); err != nil {
			return nil, itemErr(ctx, err)
		}
	}
}

// itemErr is the step's error for a failed read of the active item.
func itemErr(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return stepErr(report.Timeout, ctx.Err(), "%s while the key's move through the items was followed", ended(ctx))
	}
	return stepErr(report.CDPError, err, "cannot read the widget's active item")
}

// moveKeys are the keys that move through a widget's items from the one
// active towards the one meant: key itself and its opposite, for an arrow;
// for Home, End, PageUp and PageDown, the arrows of the widget's
// direction. Other keys (Tab, Enter, a letter) do more than move: nil;
// so do Home, End, PageUp and PageDown in a grid, whose items lie in two
// directions, and ArrowRight and ArrowLeft in a tree, which open and
// close its items.
func moveKeys(key string, a *pagemodel.ActiveItem) []string {
	horizontal := a.Horizontal
	switch role, _, _ := strings.Cut(a.Now, "|"); role {
	case "gridcell", "row":
		switch key {
		case "Home", "End", "PageUp", "PageDown":
			return nil
		}
		if role == "row" && (key == "ArrowRight" || key == "ArrowLeft") {
			return nil // a tree grid's row opens and closes
		}
	case "treeitem":
		if key == "ArrowRight" || key == "ArrowLeft" {
			return nil // they open and close the tree's items
		}
	}
	switch key {
	case "ArrowDown":
		return []string{"ArrowDown", "ArrowUp"}
	case "ArrowUp":
		return []string{"ArrowUp", "ArrowDown"}
	case "ArrowRight":
		return []string{"ArrowRight", "ArrowLeft"}
	case "ArrowLeft":
		return []string{"ArrowLeft", "ArrowRight"}
	case "Home", "PageUp":
		if horizontal {
			return []string{"ArrowRight", "ArrowLeft"}
		}
		return []string{"ArrowDown", "ArrowUp"}
	case "End", "PageDown":
		if horizontal {
			return []string{"ArrowLeft", "ArrowRight"}
		}
		return []string{"ArrowUp", "ArrowDown"}
	}
	return nil
}

// pressedTimes says how many more presses reach made, of which keys.
func pressedTimes(moves []string, last string, n int) string {
	if last == moves[0] {
		return fmt.Sprintf("%s was pressed %d more time%s to reach it", last, n, plural(n))
	}
	return fmt.Sprintf("%s, then %s, were pressed %d more time%s in all to reach it", moves[0], last, n, plural(n))
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// itemKey folds an item as Effect.Active names it ("role|name") as the
// page model names items: the role trimmed, the name's white space runs
// collapsed.
func itemKey(v string) string {
	role, name, _ := strings.Cut(v, "|")
	return strings.TrimSpace(role) + "|" + strings.Join(strings.Fields(name), " ")
}

// sameItem reports whether the item active now (e.Active) is the one a
// step recorded as want: named so, or the one reach took for it
// (taken: reworded), none other.
func sameItem(now, want, taken string) bool {
	return now == itemKey(want) || taken != "" && now == taken
}

// describeItem names an item ("role|name") as a report does: menuitem "Edit".
func describeItem(v string) string {
	role, name, _ := strings.Cut(v, "|")
	return fmt.Sprintf("%s %q", role, name)
}
