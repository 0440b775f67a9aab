package recorder

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/decision"
)

// A row's delete button shows only while the pointer is over the row (by
// a CSS :hover rule, or by a script on mouseenter). Recording the deletion
// of the first row writes a hover step on that row (found by its own text)
// and, for the button, a strategy naming it inside that row. Replayed with
// the pointer resting on the last row, whose delete button is then the
// only one shown, it deletes the first row, never the last.
func TestHoverRevealedControlIsRecordedAndReplayed(t *testing.T) {
	for _, variant := range []string{"", "?js"} {
		t.Run("hover-rows"+variant, func(t *testing.T) {
			f := recordDrive(t, "variants/hover-rows.html"+variant, `hover li:nth-child(1)
click li:nth-child(1) .destroy
`)
			var hover, click *chain.Step
			for i := range f.Steps {
				switch f.Steps[i].Action {
				case chain.Hover:
					hover = &f.Steps[i]
				case chain.Click:
					click = &f.Steps[i]
				}
			}
			if hover == nil || click == nil {
				t.Fatalf("want a hover step before the click, got %d steps: %v", len(f.Steps), lines(f))
			}
			if fp := hover.Target.Fingerprint; fp == nil || fp.Tag != "li" {
				t.Errorf("the hover step is on %+v, want the row", hover.Target.Fingerprint)
			}
			scoped := false
			for _, s := range click.Target.Chain {
				if s.Within != nil && strings.Contains(s.Within.Value, "Pay the rent") {
					scoped = true
				}
			}
			if !scoped {
				t.Errorf("no strategy names the button inside its row: %v", lines(f))
			}
			// The delete took the row off and added nothing: a removal,
			// which an element added instead would not meet.
			if e := click.Effect; e == nil || !e.Content || !e.Removed {
				t.Errorf("the click's effect %+v, want elements removed", e)
			}

			// Replay with the pointer resting on the last row.
			p := replayPage(t, f.StartURL)
			ctx := context.Background()
			last := p.MustElement("li:nth-child(3) label").MustShape().Box()
			if err := (proto.InputDispatchMouseEvent{Type: proto.InputDispatchMouseEventTypeMouseMoved, X: last.X + 5, Y: last.Y + 5}).Call(p); err != nil {
				t.Fatal(err)
			}
			r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 5 * time.Second}}
			for i := range f.Steps {
				if out := r.Step(ctx, &f.Steps[i]); out.Err != nil {
					t.Fatalf("step %d %s: %v", i+1, f.Steps[i].Action, out.Err)
				}
			}
			left := p.MustEval(`() => [...document.querySelectorAll("li label")].map(l => l.textContent).join(",")`).Str()
			if left != "Walk the dog,Water the plants" {
				t.Errorf("rows left: %s, want the first one deleted", left)
			}

			// Without the hover step, the first row's button never shows:
			// the click fails safely, and the last row's button, the only
			// one shown, is not taken for it.
			if err := decision.Navigate(ctx, p, f.StartURL); err != nil {
				t.Fatal(err)
			}
			if err := (proto.InputDispatchMouseEvent{Type: proto.InputDispatchMouseEventTypeMouseMoved, X: last.X + 5, Y: last.Y + 5}).Call(p); err != nil {
				t.Fatal(err)
			}
			r = &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 2 * time.Second}}
			if out := r.Step(ctx, click); out.Err == nil {
				t.Errorf("the click without its hover passed")
			} else {
				t.Logf("without the hover: %v", out.Err)
			}
			left = p.MustEval(`() => [...document.querySelectorAll("li label")].map(l => l.textContent).join(",")`).Str()
			if left != "Pay the rent,Walk the dog,Water the plants" {
				t.Errorf("rows left: %s, want all three: nothing deleted", left)
			}
		})
	}
}

func lines(f chain.Flow) string {
	var b strings.Builder
	for i, s := range f.Steps {
		b.WriteString("\n" + Line(i+1, s))
	}
	return b.String()
}

// A row's Options button, shown while the pointer is over the row, opens
// its menu on a pointerdown it cancels (no mousedown or mouseup follow):
// the hover that shows the button is recorded before its click, and the
// menu it opened is the click's doing, not a hover's (no hover step on
// Options before the menu's item, which the open menu would refuse).
func TestAMenuOpenedOnPointerdownIsThePressesDoing(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/pointerdown-menu.html", "hover #r1\nclick \"#r1 .opt\"\nclick #del\n")
	if got := fmt.Sprint(stepActions(f)); got != "[hover click click]" {
		t.Fatalf("recorded %s, want a hover on the row, then the two clicks", got)
	}
	p, failed := replayFlowIn(t, b, f, f.StartURL, false)
	if st := p.MustElement("#status").MustText(); failed != nil || st != "Deleted Pay rent" {
		t.Errorf("replay: %v, %q", failed, st)
	}
}

// A list sorted with pointer events that cancels the pointerdown (so no
// mouse events follow): a drag is recorded as a drag, from the item onto
// the other, and replays.
func TestADragWhosePressIsCancelledIsADrag(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/pointer-sort.html", "drag #a #c\n")
	if got := fmt.Sprint(stepActions(f)); got != "[drag]" {
		t.Fatalf("recorded %s, want one drag", got)
	}
	p, failed := replayFlowIn(t, b, f, f.StartURL, false)
	if st := p.MustElement("#status").MustText(); failed != nil || st != "Order: B C A" {
		t.Errorf("replay: %v, %q", failed, st)
	}
}

// A row's menu a script shows while the pointer is over its button's
// words (every row's menu in the page from the start, hidden, alike): the
// hover is recorded on the button, and the replay chooses in the menu of
// the row recorded, also once the rows are reordered.
func TestAHoverMenuOfARowIsRecordedOnItsButton(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/row-menus.html", "hover \"tr:nth-child(2) button\"\nwait 400\nclick \"#menu-1002 li:nth-child(1)\"\n")
	if len(f.Steps) != 2 || f.Steps[0].Action != chain.Hover || f.Steps[1].Action != chain.Click {
		t.Fatalf("recorded %v, want a hover and a click", stepActions(f))
	}
	if fp := f.Steps[0].Target.Fingerprint; fp == nil || fp.Tag != "button" {
		t.Errorf("the hover is on %+v, want the menu button", f.Steps[0].Target.Fingerprint)
	}
	for _, v := range []string{"", "?v=reordered"} {
		p, failed := replayFlowIn(t, b, f, f.StartURL+v, false)
		if st := p.MustElement("#status").MustText(); failed != nil || st != "Mark shipped: order 1002" {
			t.Errorf("%q: %v, %q", v, failed, st)
		}
	}
}
