package recorder

import (
	"context"
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/decision"
)

// A key that moves through a widget's items (ArrowDown in a menu that
// names its highlight with aria-activedescendant, an arrow in a native
// radio group, ArrowRight in a tab list whose tabs take the focus) is
// recorded with the item it reached, and replay reaches that item again
// wherever it now stands: with an item inserted, or the items reversed,
// the same item is chosen, checked or selected. Where the item is gone,
// the step fails. The radio button an arrow checks is the press's doing,
// not a check step of its own.
func TestAKeyMovesToTheItemItReachedWhenRecorded(t *testing.T) {
	b := ownWindow(t)
	// variants: what the page reads after the replay on each ("": the
	// replay must fail at a press, nothing chosen in the menu).
	cases := []struct {
		name, drive string
		active      []string // Effect.Active of the drive's press steps
		read        string
		variants    map[string]string
	}{
		{"menu", "click #trig\npress ArrowDown\npress ArrowDown\npress Enter\n",
			[]string{"menuitem|Edit", "menuitem|Duplicate", ""},
			`() => document.getElementById("status").textContent`,
			map[string]string{"": "Chose Duplicate", "?v=insert": "Chose Duplicate", "?v=reversed": "Chose Duplicate",
				"?v=removed": "", "?v=reworded": "Chose Duplicate row", "?v=twice": ""}},
		{"radio", "click #f-weekly\npress ArrowDown\n",
			[]string{"radio|Monthly"},
			`() => (document.querySelector("input[name=freq]:checked") || {}).value || ""`,
			map[string]string{"": "monthly", "?v=insert": "monthly", "?v=reversed": "monthly", "?v=removed": ""}},
		{"tabs", "click #tab-profile\npress ArrowRight\n",
			[]string{"tab|Billing"},
			`() => document.getElementById("panel").textContent`,
			map[string]string{"": "Billing settings", "?v=insert": "Billing settings", "?v=reversed": "Billing settings", "?v=removed": ""}},
	}
	for _, c := range cases {
		f := recordDriveIn(t, b, "variants/key-items.html", c.drive)
		var got []string
		for _, s := range f.Steps {
			if s.Action == chain.Press {
				a := ""
				if s.Effect != nil {
					a = s.Effect.Active
				}
				got = append(got, a)
			}
		}
		if !slices.Equal(got, c.active) || len(f.Steps) != len(c.active)+1 {
			t.Fatalf("%s: recorded%s\nwant one step before the presses, whose effects make active %q; got %q", c.name, lines(f), c.active, got)
		}
		for _, v := range slices.Sorted(maps.Keys(c.variants)) {
			want := c.variants[v]
			p := replayPageIn(t, b, f.StartURL+v)
			r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 4 * time.Second}}
			var failed *chain.Step
			var err error
			var notes []string
			for i := range f.Steps {
				out := r.Step(context.Background(), &f.Steps[i])
				notes = append(notes, out.Notes...)
				if out.Err != nil {
					failed, err = &f.Steps[i], out.Err
					break
				}
			}
			at := "none"
			if failed != nil {
				at = string(failed.Action) + " " + failed.Key
			}
			if want == "" {
				// The item reached when recorded is gone, or is one of two:
				// a press fails, whatever it made active in its place.
				if failed == nil || failed.Action != chain.Press {
					t.Errorf("%s%s: want a press to fail; failed: %s, %v", c.name, v, at, err)
				}
				if c.name == "menu" {
					if s := p.MustEval(c.read).Str(); s != "Ready" {
						t.Errorf("%s%s: the menu chose something: %q", c.name, v, s)
					}
				}
				continue
			}
			if err != nil {
				t.Errorf("%s%s: step %s failed: %v", c.name, v, at, err)
				continue
			}
			if s := p.MustEval(c.read).Str(); s != want {
				t.Errorf("%s%s: after the replay the page reads %q, want %q (notes %q)", c.name, v, s, want, notes)
			}
			if v == "" && len(notes) > 0 {
				t.Errorf("%s: on the unchanged page the replay noted %q", c.name, notes)
			}
		}
	}
}
