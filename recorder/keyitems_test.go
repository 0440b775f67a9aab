package recorder

import (
	"context"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/decision"
)

// A key that moves through a widget's items (ArrowDown in a menu that
// names its highlight with aria-activedescendant and draws it in a later
// task, an arrow in a native radio group, ArrowRight in a tab list whose
// tabs take the focus) is recorded with the item it reached, and replay
// reaches that item again wherever it now stands: in the menu, with an
// item inserted or removed above it, or the items reversed, the same item
// is chosen, and in a combobox's list too. Where the item is gone or
// reworded elsewhere, the press fails; in a radio group, which checks
// what its arrows move to, before anything else is checked; in a tab
// list, which selects as its keys move, once the bare key moved. The radio button an arrow checks is the press's doing,
// not a check step of its own. An item named as another of its widget is
// not recorded as the one reached.
func TestAKeyMovesToTheItemItReachedWhenRecorded(t *testing.T) {
	b := ownWindow(t)
	const status = `() => document.getElementById("status").textContent`
	// variants: what the page reads after the replay on each ("": the
	// replay must fail at a press, the page reading still).
	cases := []struct {
		name, page, drive string
		active            []string // Effect.Active of the drive's press steps
		read, still       string
		variants          map[string]string
	}{
		{"menu", "variants/key-items.html", "click #trig\npress ArrowDown\npress ArrowDown\npress Enter\n",
			[]string{"menuitem|Edit", "menuitem|Duplicate", ""}, status, "Ready",
			map[string]string{"": "Chose Duplicate", "?v=insert": "Chose Duplicate", "?v=reversed": "Chose Duplicate",
				"?v=removed": "", "?v=reworded": "Chose Duplicate row", "?v=reworded-moved": "", "?v=all": "", "?v=case": "Chose duplicate", "?v=twice": ""}},
		// The menu opens with its first item highlighted: with that one
		// gone, the item recorded is highlighted before the key moves on.
		{"menu opened on its first", "variants/key-items.html?first=1", "click #trig\npress ArrowDown\npress Enter\n",
			[]string{"menuitem|Edit", ""}, status, "Ready",
			map[string]string{"": "Chose Edit", "&v=cut": "Chose Edit", "&v=insert": "Chose Edit"}},
		{"menu with namesakes", "variants/key-items.html?v=twice", "click #trig\npress ArrowDown\npress ArrowDown\npress Enter\n",
			[]string{"", "", ""}, status, "Ready",
			map[string]string{"": "Chose Edit"}},
		{"radio", "variants/key-items.html", "click #f-weekly\npress ArrowDown\n",
			[]string{"radio|Monthly"},
			`() => (document.querySelector("input[name=freq]:checked") || {}).value || ""`, "weekly",
			map[string]string{"": "monthly", "?v=insert": "", "?v=reversed": "", "?v=removed": ""}},
		// Shift with an arrow checks the next radio button too.
		{"radio with Shift", "variants/key-items.html", "click #f-weekly\npress Shift+ArrowDown\n",
			[]string{"radio|Monthly"},
			`() => (document.querySelector("input[name=freq]:checked") || {}).value || ""`, "weekly",
			map[string]string{"": "monthly", "?v=insert": "", "?v=reversed": ""}},
		{"radio aria-disabled", "variants/key-items.html?v=aria-disabled", "click #f-weekly\npress ArrowDown\n",
			[]string{"radio|Monthly"},
			`() => (document.querySelector("input[name=freq]:checked") || {}).value || ""`, "weekly",
			map[string]string{"": "monthly"}},
		{"radio right to left", "variants/key-items.html?dir=rtl", "click #f-weekly\npress ArrowLeft\n",
			[]string{"radio|Monthly"},
			`() => (document.querySelector("input[name=freq]:checked") || {}).value || ""`, "weekly",
			map[string]string{"": "monthly", "&v=insert": "", "&v=reversed": ""}},
		// A tab list selects the tab its keys move to: a press that
		// would select another tab than recorded is not made, and the
		// tab shown stays. Its arrows go round the ends: as recorded,
		// the press is made; once the tabs changed, the move recorded
		// (two tabs back) and the ARIA pattern (round to the first)
		// differ, and it is not.
		{"tabs", "variants/key-items.html", "click #tab-profile\npress ArrowRight\n",
			[]string{"tab|Billing"},
			`() => document.getElementById("panel").textContent`, "Profile settings",
			map[string]string{"": "Billing settings", "?v=insert": "", "?v=reversed": "", "?v=removed": ""}},
		{"tabs round the end", "variants/key-items.html", "click #tab-security\npress ArrowRight\n",
			[]string{"tab|Profile"},
			`() => document.getElementById("panel").textContent`, "Security settings",
			map[string]string{"": "Profile settings", "?v=insert": "", "?v=removed": ""}},
		// A tab list whose arrows pass over a disabled tab: the press
		// moves as many tabs on as it did when recorded, where the ARIA
		// pattern cannot say; not where a tab was inserted (the pattern
		// says the key leads to it), nor where the disabled one is gone
		// (two tabs on is past the end).
		{"tabs passing a disabled one", "variants/key-items.html?skip=1", "click #tab-profile\npress ArrowRight\n",
			[]string{"tab|Security"},
			`() => document.getElementById("panel").textContent`, "Profile settings",
			map[string]string{"": "Security settings", "&v=insert": "", "&v=removed": ""}},
		// A tab list that draws its tabs anew at each arrow: the press
		// chose as it moved all the same.
		{"tabs drawn anew", "variants/key-items.html?redraw=1", "click #tab-profile\npress ArrowRight\n",
			[]string{"tab|Billing"},
			`() => document.getElementById("panel").textContent`, "Profile settings",
			map[string]string{"": "Billing settings", "&v=insert": "", "&v=removed": ""}},
		// A grid whose selection follows its focus: its arrows move down
		// to the cell of the same column; laid out anew (a cell inserted,
		// four a row, reversed), the cell below is another, or none.
		{"grid", "variants/key-items.html", "click #cell-a\npress ArrowDown\n",
			[]string{"gridcell|D"},
			`() => (document.querySelector("#cells [aria-selected=true]") || {}).textContent || ""`, "A",
			map[string]string{"": "D", "?v=insert": "", "?cols=4": "", "?v=reversed": ""}},
		// A grid whose first row starts with an empty place (a
		// calendar's first week): the pattern cannot say where its
		// arrows lead, the move recorded (a row down, a cell on among
		// the cells) can.
		{"grid with a short first row", "variants/key-items.html?lead=1", "click #cell-a\npress ArrowDown\n",
			[]string{"gridcell|D"},
			`() => (document.querySelector("#cells [aria-selected=true]") || {}).textContent || ""`, "A",
			map[string]string{"": "D", "&v=insert": ""}},
		// A list box whose selection follows its focus: so; its arrows
		// stop at its ends, where it is not known what they do.
		{"list box", "variants/key-items.html", "click #size-small\npress ArrowDown\n",
			[]string{"option|Medium"},
			`() => (document.querySelector("#sizes [aria-selected=true]") || {}).textContent || ""`, "Small",
			map[string]string{"": "Medium", "?v=insert": "", "?v=reversed": "", "?v=removed": ""}},
		// The list box's letters move to the next option they start,
		// and End to the last, wherever they now stand; in a list of
		// other options, nowhere meant.
		{"list box typed", "variants/key-items.html", "click #size-small\npress l\n",
			[]string{"option|Large"},
			`() => (document.querySelector("#sizes [aria-selected=true]") || {}).textContent || ""`, "Small",
			map[string]string{"": "Large", "?v=insert": "Large", "?v=reversed": "Large", "?v=removed": "Large"}},
		{"list box End", "variants/key-items.html", "click #size-small\npress End\n",
			[]string{"option|Large"},
			`() => (document.querySelector("#sizes [aria-selected=true]") || {}).textContent || ""`, "Small",
			map[string]string{"": "Large", "?v=insert": "Large", "?v=reversed": ""}},
		// A tree's ArrowLeft goes to the item's folder: with the item in
		// another folder, the press would select that one.
		{"tree", "variants/key-items.html", "click #t-b\npress ArrowLeft\n",
			[]string{"treeitem|Docs"},
			`() => { const s = document.querySelector("#tree [aria-selected=true]"); return s ? s.getAttribute("aria-label") || s.textContent : ""; }`, "b.md",
			map[string]string{"": "Docs", "?v=moved": ""}},
		// A combobox's list marks the option highlighted as selected:
		// the arrows move on to the one recorded, Enter picks it.
		{"combobox", "variants/key-items.html", "click #fruit\npress ArrowDown\npress ArrowDown\npress Enter\n",
			[]string{"option|Apple", "option|Banana", ""}, status, "Ready",
			map[string]string{"": "Picked Banana", "?v=insert": "Picked Banana", "?v=reversed": "Picked Banana", "?v=removed": ""}},
	}
	for _, c := range cases {
		f := recordDriveIn(t, b, c.page, c.drive)
		var got []string
		for _, s := range f.Steps {
			if s.Action == chain.Press {
				a := ""
				if s.Effect != nil {
					a = s.Effect.Active
					// A radio button, a tab, an option of the list
					// box and a cell of the grid are chosen as the
					// keys move to them; a menu's item and a
					// combobox's option are not.
					if chose := strings.HasPrefix(a, "radio|") || strings.HasPrefix(a, "tab|") || strings.HasPrefix(a, "gridcell|") || strings.HasPrefix(a, "treeitem|") || strings.HasPrefix(c.name, "list box"); s.Effect.Chose != chose {
						t.Errorf("%s: the press to %q recorded chose: %v, want %v", c.name, a, s.Effect.Chose, chose)
					}
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
				// The item reached when recorded is gone, reworded where
				// the key does not lead, one of two, or would be passed
				// through choosing others: a press fails, and nothing
				// else is chosen.
				if failed == nil || failed.Action != chain.Press {
					t.Errorf("%s%s: want a press to fail; failed: %s, %v", c.name, v, at, err)
				}
				if s := p.MustEval(c.read).Str(); c.still != "" && s != c.still {
					t.Errorf("%s%s: the replay chose something: the page reads %q, want %q (failed: %v)", c.name, v, s, c.still, err)
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

// A key that takes the focus from one widget's item into another widget
// (Tab from a radio button to the tab list's selected tab) chose nothing
// there: the tab was selected before. It is recorded as the item it
// reached, not as a choice, and replays on the page it was recorded on.
func TestAFocusTakenIntoAnotherWidgetChoseNothing(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/key-items.html", "click #f-weekly\npress Tab\n")
	last := f.Steps[len(f.Steps)-1]
	if len(f.Steps) != 2 || last.Action != chain.Press || last.Effect == nil || last.Effect.Active != "tab|Profile" || last.Effect.Chose {
		t.Fatalf("want a click, then a press that reached tab|Profile and chose nothing; recorded%s", lines(f))
	}
	if _, err := replayFlowIn(t, b, f, f.StartURL, true); err != nil {
		t.Fatal(err)
	}
}
