package decision

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/qa-chain/chainreplay/chain"
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

// reachWait is how long a press is given to move the active item (a
// widget's state set in a later task, a render).
const reachWait = 500 * time.Millisecond

// maxReach bounds the presses reach adds, whatever the widget's size.
const maxReach = 50

// activeBefore reads the item active before s's key is pressed, where the
// step recorded one it moved to and its effect is watched; nil else.
func (r *Runner) activeBefore(ctx context.Context, s *chain.Step, wt *watch) *pagemodel.ActiveItem {
	if wt == nil || s.Effect == nil || s.Effect.Active == "" {
		return nil
	}
	a, err := r.model().ActiveItem(ctx, wt.w, wt.id, itemKey(s.Effect.Active))
	if err != nil {
		return nil
	}
	return a
}

// reach makes the item s's press made active when recorded active again,
// once the press was made (before: what was active then). The item meant
// is the one of the widget named as recorded, else the one named with
// every word of that name and more (reworded: "Edit details" for "Edit").
// It returns a note where it pressed again or took a reworded item.
// Where no item is active after the press it leaves the step to its
// effect check.
func (r *Runner) reach(ctx context.Context, s *chain.Step, wt *watch, before *pagemodel.ActiveItem) (string, error) {
	want := itemKey(s.Effect.Active)
	a, err := r.activeAfter(ctx, wt, want, before)
	if err != nil || a.Now == "" {
		return "", err
	}
	if a.At == a.Target {
		return reworded(a.Now, want), nil
	}
	moves := moveKeys(s.Key, a.Horizontal)
	switch {
	case a.Want == 0 && a.Near == 0:
		return "", stepErr(report.ElementNotFound, nil, "%s made %s active; the widget no longer holds %s, which it made active when recorded, so nothing more was pressed",
			s.Key, describeItem(a.Now), describeItem(want))
	case a.Target < 0:
		n := max(a.Want, a.Near)
		return "", stepErr(report.Ambiguous, nil, "%s made %s active; the widget holds %d items named as %s, which it made active when recorded: which one is meant is not known, so nothing more was pressed",
			s.Key, describeItem(a.Now), n, describeItem(want))
	case moves == nil:
		return "", stepErr(report.NoEffect, nil, "%s made %s active, not %s as when recorded; %s is no key that moves through the items, so it was not pressed again",
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
			if err := r.pressWith(ctx, k, s.Modifiers); err != nil {
				return "", err
			}
			presses++
			if a, err = r.activeAfter(ctx, wt, want, prev); err != nil {
				return "", err
			}
			if a.Now != "" && a.At == a.Target {
				note := fmt.Sprintf("%s made %s active, not %s as when recorded (the items moved): %s",
					s.Key, describeItem(first), describeItem(want), pressedTimes(moves, k, presses))
				if rw := reworded(a.Now, want); rw != "" {
					note += "; " + rw
				}
				return note, nil
			}
			if a.Now == "" || a.At == prev.At || seen[a.At] {
				break // the end of the items, or round them: the other way
			}
			seen[a.At] = true
		}
	}
	return "", stepErr(report.NoEffect, nil, "%s made %s active, not %s as when recorded, and %d more presses of %s never made it active",
		s.Key, describeItem(first), describeItem(want), presses, strings.Join(moves, " or "))
}

// reworded says that the item reached (now) is named otherwise than the
// recorded one (want), "" where it is named as recorded.
func reworded(now, want string) string {
	if now == want {
		return ""
	}
	return fmt.Sprintf("%s was taken for %s, the only item named with its words", describeItem(now), describeItem(want))
}

// activeAfter waits, up to reachWait, until the active item is want or
// another than prev, and returns it.
func (r *Runner) activeAfter(ctx context.Context, wt *watch, want string, prev *pagemodel.ActiveItem) (*pagemodel.ActiveItem, error) {
	end := time.Now().Add(reachWait)
	for {
		a, err := r.model().ActiveItem(ctx, wt.w, wt.id, want)
		if err != nil {
			if ctx.Err() != nil {
				return nil, stepErr(report.Timeout, ctx.Err(), "%s while the key's move through the items was followed", ended(ctx))
			}
			return nil, stepErr(report.CDPError, err, "cannot read the widget's active item")
		}
		if a.Now == want || a.Now != prev.Now || a.At != prev.At || !time.Now().Before(end) {
			return a, nil
		}
		select {
		case <-ctx.Done():
			return a, nil
		case <-time.After(25 * time.Millisecond):
		}
	}
}

// moveKeys are the keys that move through a widget's items from the one
// active towards the one meant: key itself and its opposite, for an arrow;
// for Home, End, PageUp and PageDown, the arrows of the widget's
// direction. Other keys (Tab, Enter, a letter) do more than move: nil.
func moveKeys(key string, horizontal bool) []string {
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
// step recorded as want: named so, or of its role and named with every
// word of its name and more (reach took it as the only one so named).
func sameItem(now, want string) bool {
	want = itemKey(want)
	if now == want {
		return true
	}
	nr, nn, _ := strings.Cut(now, "|")
	wr, wn, _ := strings.Cut(want, "|")
	if nr != wr {
		return false
	}
	words := func(s string) []string {
		return strings.FieldsFunc(strings.ToLower(s), func(c rune) bool { return !unicode.IsLetter(c) && !unicode.IsNumber(c) })
	}
	w, have := words(wn), words(nn)
	for _, t := range w {
		if !slices.Contains(have, t) {
			return false
		}
	}
	return len(w) > 0
}

// describeItem names an item ("role|name") as a report does: menuitem "Edit".
func describeItem(v string) string {
	role, name, _ := strings.Cut(v, "|")
	return fmt.Sprintf("%s %q", role, name)
}
