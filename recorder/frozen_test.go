package recorder

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/decision"
	"github.com/qa-chain/chainreplay/report"
)

// A grid's row header drawn apart from its row (a table of row numbers
// over the body's first column) reads only the number that counts the
// row's place: the row is named by the words on its line, so that the
// row the person selected is the one deleted once the rows move, and none
// is once it is gone.
func TestARowHeaderIsNamedByTheRowOnItsLine(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/frozen-rows.html", "click \"#heads tr:nth-child(3) th\"\nclick \"#delete\"\n")
	if len(f.Steps) != 2 {
		t.Fatalf("recorded %v, want two clicks", stepActions(f))
	}
	within := withinOf(f.Steps[0])
	if within == nil || within.Value != "Chef Knife" || !within.Line {
		t.Fatalf("within %+v: want the row on the line of Chef Knife", within)
	}
	for _, v := range []string{"", "?v=reordered", "?v=inserted", "?v=removed"} {
		p, failed := replayFlowIn(t, b, f, f.StartURL+v, false)
		st := p.MustElement("#status").MustText()
		switch {
		case v != "?v=removed" && (failed != nil || st != "Deleted Chef Knife"):
			t.Errorf("%q: %v, %q", v, failed, st)
		case v == "?v=removed" && (decision.CodeOf(failed) != report.ElementNotFound || st != "Ready"):
			t.Errorf("%q: %v, %q: another row deleted", v, failed, st)
		}
	}
}

// A grid's pinned part of a row (its checkbox and the customer's name) is
// named by the name, and held to the words of the row drawn on its line
// (the product): another order of the same customer inserted above is
// not taken for it, and with the recorded order gone the step is refused
// rather than given her other order.
func TestAPinnedRowIsHeldToTheWordsOnItsLine(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/pinned-rows.html", "click \"#pinned .row:nth-child(2) input\"\nclick \"#delete\"\n")
	if len(f.Steps) != 2 {
		t.Fatalf("recorded %v, want two steps", stepActions(f))
	}
	within := withinOf(f.Steps[0])
	if within == nil || within.Value != "Grace Hopper" || !slices.Contains(within.Beside, "Monitor") {
		t.Fatalf("within %+v: want the row of Grace Hopper, beside Monitor", within)
	}
	for _, v := range []string{"", "?v=namesake", "?v=gone"} {
		p, failed := replayFlowIn(t, b, f, f.StartURL+v, false)
		st := p.MustElement("#status").MustText()
		switch {
		case v != "?v=gone" && (failed != nil || st != "Deleted Grace Hopper, Monitor"):
			t.Errorf("%q: %v, %q", v, failed, st)
		case v == "?v=gone" && (failed == nil || st != "Ready"):
			t.Errorf("%q: %v, %q: another order deleted", v, failed, st)
		}
	}
}

// A grip of no words in a row whose cells share a class is named in its
// row by the class that names it alone there: replayed with a row
// inserted above, the row's own grip is taken, not the one now at its
// place.
func TestARowsGripIsNamedInItsRowByItsOwnClass(t *testing.T) {
	b := ownWindow(t)
	f := recordOneStep(t, b, "variants/handle-rows.html", "click \".row:nth-child(2) .handle\"\n")
	var scoped *chain.Strategy
	for i, s := range f.Steps[0].Target.Chain {
		if s.Within != nil {
			scoped = &f.Steps[0].Target.Chain[i]
		}
	}
	if scoped == nil || scoped.Value != "div.handle" || scoped.Nth != 0 {
		t.Fatalf("scoped strategy %+v: want div.handle alone in its row", scoped)
	}
	for _, v := range []string{"", "?v=inserted"} {
		p, failed := replayFlowIn(t, b, f, f.StartURL+v, false)
		if st := p.MustElement("#status").MustText(); failed != nil || st != "Picked Write release notes" {
			t.Errorf("%q: %v, %q", v, failed, st)
		}
	}
}

// A folder named as its namesakes, in the item of its year: where the
// years change places, the strategy that names it inside its year (the
// second label of the year's item) holds it, and the paths and indexes
// that point where it stood are set aside.
func TestAFolderOfAYearIsHeldToItsYearWhenTheYearsMove(t *testing.T) {
	b := ownWindow(t)
	f := recordOneStep(t, b, "variants/year-tree.html", "click \"#tree > li:nth-child(2) li:nth-child(1) span\"\n")
	for _, v := range []string{"", "?v=reversed"} {
		p, failed := replayFlowIn(t, b, f, f.StartURL+v, false)
		if st := p.MustElement("#status").MustText(); failed != nil || st != "Opened 2024/Reports" {
			t.Errorf("%q: %v, %q", v, failed, st)
		}
	}
}

// A record told from its namesake by its number alone (an order of the
// same customer and product): the number that keys it is held with the
// words its row is named by, so that an order of another number is
// another order, gone or beside it.
func TestARecordIsHeldToTheNumberThatKeysIt(t *testing.T) {
	b := ownWindow(t)
	f := recordOneStep(t, b, "variants/order-keys.html", "click \".order:nth-child(3) .del\"\n")
	replaysShow(t, b, f, f.StartURL, variant{"", "Deleted #1003"}, variant{"?v=namesake", "Deleted #1003"},
		variant{"?v=renumbered", "Ready"})
	// A number that counts the row's place ("103.") keys no record: the
	// namesake inserted above takes it.
	f = recordDriveIn(t, b, "variants/order-keys.html?count", "click \".order:nth-child(3) .del\"\n")
	p, failed := replayFlowIn(t, b, f, f.StartURL+"&v=namesake", false)
	if st := p.MustElement("#status").MustText(); st == "Deleted #1013" {
		t.Errorf("counted rows, a namesake inserted above: %v, %q: the namesake was deleted", failed, st)
	}
}

// A checkbox component named as its namesakes in closed sections (its
// label, a slot in its shadow tree, hidden with it) counts them at record
// time: it is named in its section, and held to it when the sections move
// and open.
func TestANamesakeInAClosedSectionIsCounted(t *testing.T) {
	b := ownWindow(t)
	f := recordOneStep(t, b, "variants/closed-sections.html", "click \"x-section[summary^=Push] x-box >>> input\"\n")
	for _, v := range []string{"", "?v=moved"} {
		p, failed := replayFlowIn(t, b, f, f.StartURL+v, false)
		if st := p.MustElement("#status").MustText(); failed != nil || st != "Push channel true" {
			t.Errorf("%q: %v, %q", v, failed, st)
		}
	}
}

// A day named by its number alone is named in its grid by the grid's label
// (the month): the same number in another month's grid is another day,
// refused before anything is clicked.
func TestADayIsHeldToItsMonthsGrid(t *testing.T) {
	b := ownWindow(t)
	f := recordOneStep(t, b, "variants/labelled-month.html", "click \"#days tr:nth-child(3) td:nth-child(1) button\"\n")
	replaysShow(t, b, f, f.StartURL, variant{"", "Picked 2024-03-15"}, variant{"?v=april", "Ready"})
}

// An item whose naming words were reworded, its other words as they were,
// still holds the target: the step passes. Gone with those words, it is
// refused, and the next item's namesake is not taken.
func TestAnItemRewordedIsKnownByItsOtherWords(t *testing.T) {
	b := ownWindow(t)
	f := recordOneStep(t, b, "variants/reworded-panel.html", "click \"input[name=theme][value=dark]\"\n")
	replaysShow(t, b, f, f.StartURL, variant{"", "theme dark"}, variant{"?v=reworded", "theme dark"},
		variant{"?v=removed", "Ready"})
}

// A control repeated on every line of a grid that has no row elements
// (every cell a child of the grid, the lines only drawn: a CSS grid, or a
// virtualised table's cells placed by hand) is named by the cells on its
// line (with a namesake on another line, by two of them): held to its
// user when the lines move, refused when the user is gone (another line's
// manager reading the user's name), or another of the same name stands in
// the user's place.
func TestAControlOnALineOfCellsIsHeldToItsLine(t *testing.T) {
	b := ownWindow(t)
	for _, page := range []string{"line-cells.html?grid", "line-cells.html?abs", "line-cells.html?namesake"} {
		t.Run(page, func(t *testing.T) {
			at := map[bool]int{true: 25, false: 20}[strings.HasSuffix(page, "namesake")]
			f := recordOneStep(t, b, "variants/"+page, fmt.Sprintf("click \"#grid > div:nth-child(%d) button, #table > div:nth-child(%d) button\"\n", at, at))
			grace := "Deactivated grace@example.com"
			replaysShow(t, b, f, f.StartURL, variant{"", grace}, variant{"&v=reversed", grace}, variant{"&v=inserted", grace},
				variant{"&v=removed", "Ready"}, variant{"&v=replaced", "Ready"}, variant{"&v=managed", "Ready"}, variant{"&v=other", "Ready"})
		})
	}
}

// Cards side by side in a CSS grid are items, not cells of one line: a
// card named by nothing but its picture is not named by the card beside
// it, but by its picture, and held to it when the cards move; another
// card in its place is refused.
func TestACardBesideAnotherIsNotNamedByIt(t *testing.T) {
	b := ownWindow(t)
	f := recordOneStep(t, b, "variants/line-cards.html", "click \"#gallery > div:nth-child(1) button\"\n")
	replaysShow(t, b, f, f.StartURL, variant{"", "Added Red mug"}, variant{"?v=inserted", "Added Red mug"},
		variant{"?v=swapped", "Added Red mug"}, variant{"?v=replaced", "Ready"})
}

// A row named by a name it had alone is held to half of its other words
// at least: a namesake inserted that shares one of them by chance (the
// same role) is another person, told apart from the recorded row, and
// never taken for it once that row is gone.
func TestANamesakeSharingOneWordIsAnotherRow(t *testing.T) {
	b := ownWindow(t)
	f := recordOneStep(t, b, "variants/role-twins.html", "click \"#rows tr:nth-child(2) button\"\n")
	replaysShow(t, b, f, f.StartURL, variant{"", "Deleted grace@navy.mil"}, variant{"?v=twin", "Deleted grace@navy.mil"},
		variant{"?v=twin-only", "Ready"})
}

// A file named by words its namesakes share (a tree's "index.ts" in two
// folders) is named in the item it is part of (its folder): the folders
// swapped, the same file is opened; with it gone, none is. Its Delete,
// the second of its folder, is no name: with a file inserted above it,
// another file's Delete is not pressed.
func TestAnItemOfSharedWordsIsNamedInTheItemItIsIn(t *testing.T) {
	b := ownWindow(t)
	f := recordOneStep(t, b, "variants/nested-files.html", "click \"#tree > li:nth-child(2) li:nth-child(2) .open\"\n")
	opened := "Opened utils/index.ts"
	replaysShow(t, b, f, f.StartURL, variant{"", opened}, variant{"?v=swapped", opened}, variant{"?v=removed", "Ready"},
		variant{"?v=inserted", opened})
	f = recordOneStep(t, b, "variants/nested-files.html", "click \"#tree > li:nth-child(2) li:nth-child(2) .del\"\n")
	p, failed := replayFlowIn(t, b, f, f.StartURL+"?v=inserted", false)
	if st := p.MustElement("#status").MustText(); st != "Ready" && st != "Deleted utils/index.ts" || (failed == nil) != (st != "Ready") {
		t.Errorf("a file inserted above: %v, %q", failed, st)
	}
}

// A control one of several of its name in its row (a contact's two Copy
// buttons, beside its e-mail and its phone) is named by the part of the
// row it is alone in, where a text names that part (the phone's cell, by
// the phone): with an address's Copy put before it or first, the columns
// swapped or the rows reversed, the phone is copied; with the phones gone,
// nothing is. Where no text names the part (the values in fields), its
// place in the row among as many as recorded is all that names it: among
// another number, nothing is copied, where the address's or the e-mail's
// Copy stood at its place.
func TestAControlOneOfSeveralInItsRowIsNamedByItsPart(t *testing.T) {
	b := ownWindow(t)
	f := recordOneStep(t, b, "variants/row-copies.html", "click \"#rows tr:nth-child(2) td:nth-child(3) button\"\n")
	phone := "Copied +1 703 555 0142"
	replaysShow(t, b, f, f.StartURL, variant{"", phone}, variant{"?v=address", phone}, variant{"?v=address-first", phone},
		variant{"?v=swapped", phone}, variant{"?v=reversed", phone}, variant{"?v=no-phone", "Ready"})
	f = recordOneStep(t, b, "variants/row-copies.html?inputs", "click \"#rows tr:nth-child(2) td:nth-child(3) button\"\n")
	base, _, _ := strings.Cut(f.StartURL, "?")
	replaysShow(t, b, f, base, variant{"?inputs", phone}, variant{"?inputs&v=reversed", phone},
		variant{"?inputs&v=address", "Ready"}, variant{"?inputs&v=address-first", "Ready"}, variant{"?inputs&v=no-phone", "Ready"})
}

// A file of a tree drawn flat (its rows siblings, their depth in
// aria-level, as virtualized trees draw them) is the file of its folder:
// an "index.ts" in another folder is another file, found by its index
// among the namesakes, a path or a place. The file is named in the rows
// under its folder: with the folders swapped or a file inserted above it,
// the recorded file is opened; with it gone, none is. Its Delete, the
// second of its folder, has nothing of its own to be named by: with the
// folders swapped or a file inserted, it is pressed or the step refused,
// never another file's.
func TestAFileOfAFlatTreeIsTheFileOfItsFolder(t *testing.T) {
	b := ownWindow(t)
	for _, c := range []struct {
		sel, did string
		named    bool // named in the rows under its folder: replayed where it moved
	}{{".open", "Opened utils/index.ts", true}, {".del", "Deleted utils/index.ts", false}} {
		f := recordOneStep(t, b, "variants/flat-files.html", "click \"#tree > div:nth-child(6) "+c.sel+"\"\n")
		if fp := f.Steps[0].Target.Fingerprint; fp == nil || !slices.Equal(fp.Under, []string{"utils"}) {
			t.Errorf("%s: recorded under %v, want [utils]", c.sel, fp)
		}
		for _, v := range []struct {
			query string
			may   bool // the file may be acted on, where it is still there
		}{{"", true}, {"?v=swapped", true}, {"?v=inserted", true}, {"?v=removed", false}} {
			p, failed := replayFlowIn(t, b, f, f.StartURL+v.query, false)
			st := p.MustElement("#status").MustText()
			did := v.may && st == c.did && failed == nil
			if ok := st == "Ready" && failed != nil || did; !ok || v.may && (v.query == "" || c.named) && !did {
				t.Errorf("%s %q: %v, %q", c.sel, v.query, failed, st)
			}
		}
	}
}

// A field its own name names alone on the page (the login's e-mail) is
// not named by the words of the box it stands in ("Login", a link's): a
// single-sign-on box inserted before the form, with a field of the same
// placeholder and its own "Login", is not typed into.
func TestAFieldNamedAloneIsNotNamedByItsOuterBox(t *testing.T) {
	b := ownWindow(t)
	f := recordOneStep(t, b, "variants/sso-decoy.html", "type #email ada@example.com\n")
	for _, s := range f.Steps[0].Target.Chain {
		if s.Within != nil {
			t.Errorf("recorded %s %q within %s %q: the field's name names it alone", s.Type, s.Value, s.Within.Type, s.Within.Value)
		}
	}
	replaysShow(t, b, f, f.StartURL, variant{"", "Typed into email"}, variant{"?v=decoy", "Typed into email"})
}

// Rows made of fields only (an order's line items: a product and a
// quantity, each in a field, and a Remove button) read their values as a
// person reads them: with the first two rows swapped, the row whose
// place the target had reads other values, and its Remove is not
// pressed. The same rows in another order, a row inserted or the target's
// row gone: the recorded line is removed, or nothing is.
func TestRowsOfFieldsAreToldApartByTheirValues(t *testing.T) {
	b := ownWindow(t)
	f := recordOneStep(t, b, "variants/field-rows.html", "click \"#rows tr:nth-child(2) button\"\n")
	replaysShow(t, b, f, f.StartURL, variant{"", "Removed Stapler"}, variant{"?v=reversed", "Removed Stapler"}, variant{"?v=removed", "Ready"})
	for _, v := range []string{"?v=swapped", "?v=inserted"} {
		p, failed := replayFlowIn(t, b, f, f.StartURL+v, false)
		if st := p.MustElement("#status").MustText(); st != "Removed Stapler" && st != "Ready" || (failed == nil) != (st != "Ready") {
			t.Errorf("%q: %v, %q; want the Stapler line removed, or nothing", v, failed, st)
		}
	}
}

// The values of a row's secret fields are no neighbours of what the row
// holds: a card number (autocomplete=cc-number), a field marked
// data-secret, a one-time code, and a password shown as text once it was
// typed, are written nowhere in the flow, while an ordinary field's value
// still tells the row among the neighbours. The page model's one rule
// says what is secret, for the recorder's typed values as for the
// neighbours.
func TestSecretFieldsOfARowAreNoNeighbours(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/secret-rows.html", "type #pw hunter2\nclick #show\nclick #save\nclick #verify\n")
	if len(f.Steps) != 4 {
		t.Fatalf("recorded %v, want a type and three clicks", stepActions(f))
	}
	if !strings.Contains(f.Steps[0].Text, "${secret:") {
		t.Errorf("typed %q, want a secret", f.Steps[0].Text)
	}
	nb := func(i int) []string {
		if tg := f.Steps[i].Target; tg != nil && tg.Fingerprint != nil {
			return tg.Fingerprint.Neighbours
		}
		return nil
	}
	for _, c := range []struct {
		step int
		want string
	}{{2, "Ada Lovelace"}, {3, "Countess"}} {
		if !slices.ContainsFunc(nb(c.step), func(s string) bool { return strings.Contains(s, c.want) }) {
			t.Errorf("step %d neighbours %q, want the row's ordinary value %q among them", c.step+1, nb(c.step), c.want)
		}
	}
	y, err := chain.Marshal(&f)
	if err != nil {
		t.Fatal(err)
	}
	var leaked []string
	for _, s := range []string{"4111", "737", "hunter2", "492817"} {
		if strings.Contains(string(y), s) {
			leaked = append(leaked, s)
		}
	}
	if leaked != nil {
		t.Errorf("the flow holds the secrets %q:\n%s", leaked, y)
	}
}

// What a step shows (chain.Effect.Shows) is never a secret's: a card
// number or a security code typed, then shown by the page as it saves,
// or written into its fields by a button, is not written into the flow.
func TestSecretsTypedAreNotWhatAStepShows(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/secret-rows.html?v=echo", "type #card 5555444433331111\ntype #cvc 919\nclick #save\nclick #fill\n")
	y, err := chain.Marshal(&f)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"5555", "919", "5105"} {
		if strings.Contains(string(y), s) {
			t.Errorf("the flow holds the secret %q:\n%s", s, y)
		}
	}
}
