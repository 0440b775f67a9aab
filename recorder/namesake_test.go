package recorder

import (
	"slices"
	"testing"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/decision"
	"github.com/qa-chain/chainreplay/report"
)

// A row named by its words, where a namesake row now stands at its
// place: the words name two rows, and the one at the recorded place is
// not taken for the target.
func TestNamesakeRowAtTheRecordedPlaceIsNotTheTarget(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/namesakes.html", "click \"#staff tr:nth-child(2) button\"\n")
	if len(f.Steps) != 1 {
		t.Fatalf("recorded %d steps (%v), want one", len(f.Steps), stepActions(f))
	}
	for _, v := range []string{"", "?v=namesake"} {
		p, failed := replayFlowIn(t, b, f, f.StartURL+v, false)
		st := p.MustElement("#status").MustText()
		switch {
		case v == "" && (failed != nil || st != "Deleted #2 Bruno Silva (Support)"):
			t.Errorf("unchanged page: %v, %q", failed, st)
		case st != "Ready" && st != "Deleted #2 Bruno Silva (Support)":
			t.Errorf("%q: %q, recorded on #2 (%v)", v, st, failed)
		default:
			t.Logf("%q: %q, %v", v, st, failed)
		}
	}
}

// Two rows share a name and their cities tell them apart: the row is named
// by its city and, as well, by the name it shares, so once that row is gone
// and another member has moved to its city, no other row's button is
// clicked; the rows reordered, the same member gets the seat.
func TestRowNamedByAPartKeepsTheNameItShared(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/member-rows.html", "click \"#rows tr:nth-child(3) button\"\n")
	if len(f.Steps) != 1 {
		t.Fatalf("recorded %v, want one click", stepActions(f))
	}
	within := withinOf(f.Steps[0])
	if within == nil || within.Value != "Paris" || len(within.Also) != 1 || within.Also[0] != "Ada Lovelace" {
		t.Fatalf("within %+v: want the row named by Paris, and by Ada Lovelace as well", within)
	}
	for _, v := range []string{"", "?v=reordered", "?v=moved"} {
		p, failed := replayFlowIn(t, b, f, f.StartURL+v, false)
		st := p.MustElement("#status").MustText()
		switch {
		case v != "?v=moved" && (failed != nil || st != "Seat added: Ada Lovelace, Paris"):
			t.Errorf("%q: %v, %q", v, failed, st)
		case v == "?v=moved" && (failed == nil || st != "Ready"):
			t.Errorf("%q: %v, %q: another member's seat added", v, failed, st)
		}
	}
}

// A filter shows only the namesakes (the two Ada Lovelaces), whose cities
// tell them apart: the row is named by its city, and held to the name
// every row shown shares as well. Where Paris's member is now another Ada,
// the filter shows her row in the same place, by the same city: the step
// is refused, not her seat added.
func TestRowOfAFilteredListKeepsTheNameItsRowsShared(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/member-rows.html", "type #q Ada\nclick \"#rows tr:nth-child(2) button\"\n")
	if len(f.Steps) != 2 {
		t.Fatalf("recorded %v, want a type and a click", stepActions(f))
	}
	within := withinOf(f.Steps[1])
	if within == nil || within.Value != "Paris" || len(within.Also) != 1 || within.Also[0] != "Ada Lovelace" {
		t.Fatalf("within %+v: want the row named by Paris, and by Ada Lovelace as well", within)
	}
	for _, v := range []string{"", "?v=renamed"} {
		p, failed := replayFlowIn(t, b, f, f.StartURL+v, false)
		st := p.MustElement("#status").MustText()
		switch {
		case v == "" && (failed != nil || st != "Seat added: Ada Lovelace, Paris"):
			t.Errorf("%q: %v, %q", v, failed, st)
		case v != "" && (failed == nil || st != "Ready"):
			t.Errorf("%q: %v, %q: another member's seat added", v, failed, st)
		}
	}
}

// A column header reworded ("Amount" now reads "Total") is still found at
// its place; one reworded while a column was inserted before it is not the
// header now at its place ("Discount"): the step is refused, nothing
// sorted.
// The same with a table's <th>s: column headers are items of their row.
func TestAHeaderRewordedWhileAColumnWasInsertedIsNotTheOneAtItsPlace(t *testing.T) {
	b := ownWindow(t)
	for _, layout := range []struct{ query, drive string }{
		{"?div", "click \"#head div:nth-child(3) span\"\n"},
		{"?th", "click \"#thead th:nth-child(3) span\"\n"},
	} {
		f := recordDriveIn(t, b, "variants/sort-headers.html"+layout.query, layout.drive)
		if len(f.Steps) != 1 {
			t.Fatalf("%s: recorded %v, want one click", layout.query, stepActions(f))
		}
		for _, c := range []struct{ v, want string }{
			{"", "sorted by amount"}, {"&v=reworded", "sorted by amount"}, {"&v=inserted", "sorted by amount"}, {"&v=both", "unsorted"},
		} {
			p, failed := replayFlowIn(t, b, f, f.StartURL+c.v, false)
			st := p.MustElement("#status").MustText()
			if st != c.want || (c.want == "unsorted") != (decision.CodeOf(failed) == report.Ambiguous) {
				t.Errorf("%s%s: %v, %q: want %q", layout.query, c.v, failed, st, c.want)
			}
		}
	}
}

// Every row begins with the same words ("Member", "Active"): they come
// after the name two rows share, which the row is held to first.
func TestARowsSharedNameComesBeforeItsTemplatesWords(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/member-rows.html?t", "click \"#rows tr:nth-child(3) button\"\n")
	within := withinOf(f.Steps[0])
	if within == nil || within.Value != "Paris" || len(within.Also) == 0 || within.Also[0] != "Ada Lovelace" {
		t.Fatalf("within %+v: want the row named by Paris, and by Ada Lovelace first", within)
	}
	p, failed := replayFlowIn(t, b, f, f.StartURL+"&v=moved", false)
	if st := p.MustElement("#status").MustText(); failed == nil || st != "Ready" {
		t.Errorf("%v, %q: another member's seat added", failed, st)
	}
}

// A row named by a name it had alone is held to its other words too (its
// city): where the member is gone and another of the same name, of
// another city, is there, the step is refused, not the other member's seat
// added; the rows reordered, the same member gets the seat.
func TestAnItemOfTheSameNameAndOtherWordsIsAnotherItem(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/member-rows.html", "click \"#rows tr:nth-child(2) button\"\n")
	if len(f.Steps) != 1 {
		t.Fatalf("recorded %v, want one click", stepActions(f))
	}
	within := withinOf(f.Steps[0])
	if within == nil || within.Value != "Alan Turing" || !slices.Equal(within.Beside, []string{"London"}) {
		t.Fatalf("within %+v: want the row named by Alan Turing, beside London", within)
	}
	for _, v := range []string{"", "?v=reordered", "?v=namesake"} {
		p, failed := replayFlowIn(t, b, f, f.StartURL+v, false)
		st := p.MustElement("#status").MustText()
		switch {
		case v != "?v=namesake" && (failed != nil || st != "Seat added: Alan Turing, London"):
			t.Errorf("%q: %v, %q", v, failed, st)
		case v == "?v=namesake" && (decision.CodeOf(failed) != report.ElementNotFound || st != "Ready"):
			t.Errorf("%q: %v, %q: another member's seat added", v, failed, st)
		}
	}
}

// withinOf is the item the last strategy of s's chain that names one names
// its target in, nil when none does.
func withinOf(s chain.Step) *chain.Strategy {
	var within *chain.Strategy
	for _, st := range s.Target.Chain {
		if st.Within != nil {
			within = st.Within
		}
	}
	return within
}

// An accordion's panel is named by its own text; the words of its header,
// outside the panel, are no part of what it must hold when replayed: the
// unchanged page replays.
func TestAPanelIsHeldOnlyToWordsItHolds(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/faq-panels.html", "click \".item:nth-child(2) .control\"\nclick \".item:nth-child(2) .helpful\"\n")
	if len(f.Steps) != 2 {
		t.Fatalf("recorded %v, want two clicks", stepActions(f))
	}
	within := withinOf(f.Steps[1])
	if within == nil || within.Value != "Answers about accounts." || slices.Contains(within.Beside, "Accounts") {
		t.Fatalf("within %+v: want the panel named by its text, not held to its header's", within)
	}
	p, failed := replayFlowIn(t, b, f, f.StartURL, false)
	if st := p.MustElement("#status").MustText(); failed != nil || st != "Helpful: accounts" {
		t.Errorf("%v, %q (within %+v)", failed, st, within)
	}
}

// A switch named in its row, whose input has no size (its track is what
// a person clicks): the rows reordered, the row's switch is toggled,
// not the one now at its place, which paths of indexes and the point
// name together.
func TestARowsSwitchOutweighsPathsOfIndexes(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/switch-rows.html", "click \"#rows tr:nth-child(3) .track\"\n")
	if len(f.Steps) != 1 || withinOf(f.Steps[0]) == nil {
		t.Fatalf("recorded %v, want one step named in its row", stepActions(f))
	}
	for _, v := range []string{"", "?v=reordered"} {
		p, failed := replayFlowIn(t, b, f, f.StartURL+v, false)
		if st := p.MustElement("#status").MustText(); failed != nil || st != "Carol Diaz off" {
			t.Errorf("%q: %v, %q", v, failed, st)
		}
	}
}

// A card drawn of <div>s, its title in a <div> inside the card's content,
// is named by its title, not by all of its text: its status changed, or
// the cards reordered, its own Edit is clicked.
func TestACardIsNamedByItsTitleInsideIt(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/cards.html", "click \".card:nth-child(2) .edit\"\n")
	within := withinOf(f.Steps[0])
	if within == nil || within.Value != "Beta Launch" {
		t.Fatalf("within %+v: want the card named by its title", within)
	}
	for _, v := range []string{"", "?v=status", "?v=reordered"} {
		p, failed := replayFlowIn(t, b, f, f.StartURL+v, false)
		if st := p.MustElement("#status").MustText(); failed != nil || st != "Editing Beta Launch" {
			t.Errorf("%q: %v, %q", v, failed, st)
		}
	}
}
