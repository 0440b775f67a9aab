package recorder

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/decision"
)

// A row's button wrapped, each of the row's actions, in a spacing
// component's item: the row, not the wrapper, is the item that names it,
// so with the row removed no other row's button is taken.
func TestWrappedRowButtonIsNamedByItsRow(t *testing.T) {
	b := ownWindow(t)
	f := recordOneStep(t, b, "variants/space-rows.html", "click \"#tb tr:nth-child(3) .send\"\n")
	if fp := f.Steps[0].Target.Fingerprint; fp == nil || fp.ItemKind != "tr" {
		t.Errorf("fingerprint %+v: want the rows as the target's items", fp)
	}
	for _, v := range []string{"", "?v=removed"} {
		p, failed := replayFlowIn(t, b, f, f.StartURL+v, false)
		st := p.MustElement("#status").MustText()
		switch {
		case v == "" && (failed != nil || st != "Sent INV-303 to Fabrikam"):
			t.Errorf("unchanged page: %v, %q", failed, st)
		case v != "" && (failed == nil || st != "Ready"):
			t.Errorf("%q: %v, %q: another row's invoice sent", v, failed, st)
		}
	}
}

// A list whose items hold only their button: with no row around them, the
// items are the list's, so a place in the list that changed size is set
// aside and another item's button is not taken.
func TestListItemHoldingOnlyItsButtonStaysAnItem(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/button-list.html", "click \"#invoices li:nth-child(3) button\"\n")
	if fp := f.Steps[0].Target.Fingerprint; fp == nil || fp.ItemKind != "li" || fp.Items != 5 {
		t.Fatalf("fingerprint %+v: want the five list items as the target's items", fp)
	}
	p, failed := replayFlowIn(t, b, f, f.StartURL+"?v=removed", false)
	if st := p.MustElement("#status").MustText(); failed == nil || st != "Ready" {
		t.Errorf("the item removed: %v, %q", failed, st)
	}
}

// Operations each in a wrapper of its own, grouped under tags (Swagger
// UI): the wrappers are the items, since the other tags' operations read
// otherwise, and the other operations' names are recorded.
func TestOperationInAWrapperOfItsOwnKeepsItsItems(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/grouped-operations.html", "click \".tag-section:nth-of-type(1) .op:nth-of-type(4) button\"\n")
	fp := f.Steps[0].Target.Fingerprint
	if fp == nil || fp.ItemKind != "span.op" || fp.Items != 4 || len(fp.OtherNames) < 3 {
		t.Fatalf("fingerprint %+v: want the tag's four operations as items and the others' names", fp)
	}
}

// A row's Delete is a button in an icon button component's shadow root,
// the components' ids numbered by position: the row names it, so the
// rows reordered, it deletes the same task, and with that row removed it
// deletes none.
func TestRowButtonInAComponentsShadowRootIsNamedByItsRow(t *testing.T) {
	b := ownWindow(t)
	f := recordOneStep(t, b, "variants/shadow-row-buttons.html", "click \"#del-2 >>> button\"\n")
	if fp := f.Steps[0].Target.Fingerprint; fp == nil || fp.ItemKind != "div.row" || fp.Items != 4 {
		t.Errorf("fingerprint %+v: want the four rows as the target's items", fp)
	}
	for _, v := range []string{"", "?v=reordered", "?v=removed"} {
		p, failed := replayFlowIn(t, b, f, f.StartURL+v, false)
		st := p.MustElement("#status").MustText()
		switch {
		case v != "?v=removed" && (failed != nil || st != "Deleted Pay rent"):
			t.Errorf("%q: %v, %q", v, failed, st)
		case v == "?v=removed" && (failed == nil || st != "Ready"):
			t.Errorf("%q: %v, %q: another row's task deleted", v, failed, st)
		}
	}
}

// Replayed on a phone's width, the page is laid out anew: a log line that
// its CSS and XPath find alone is taken though every box moved and took
// another shape, and the row's Delete is its row's.
func TestALogLineIsFoundOnAnotherWidth(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/narrow-log.html", "click \"tr:nth-child(2) button\"\nassert text \"#log div\"\n")
	if len(f.Steps) != 2 {
		t.Fatalf("recorded %v, want the click and the assertion", stepActions(f))
	}
	p, err := b.Page(proto.TargetCreateTarget{URL: "about:blank"})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if err := (proto.EmulationSetDeviceMetricsOverride{Width: 390, Height: 844, DeviceScaleFactor: 1}).Call(p); err != nil {
		t.Fatal(err)
	}
	if err := decision.Navigate(context.Background(), p, f.StartURL); err != nil {
		t.Fatal(err)
	}
	r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 2 * time.Second}}
	for i := range f.Steps {
		if out := r.Step(context.Background(), &f.Steps[i]); out.Err != nil {
			t.Fatalf("step %d (%s) at 390x844: %v", i+1, f.Steps[i].Action, out.Err)
		}
	}
}

// A row's second action, a component like its first (Edit, then Delete,
// each in its own shadow root), is named by its row: the rows reversed,
// it deletes the same person, and with that row removed it deletes none.
func TestASecondActionComponentOfARowIsNamedByItsRow(t *testing.T) {
	b := ownWindow(t)
	f := recordOneStep(t, b, "variants/shadow-row-actions.html", "click \".row:nth-child(3) x-action:nth-of-type(2) >>> button\"\n")
	anna := "Deleted Anna Schmidt of Hamburg"
	replaysShow(t, b, f, f.StartURL, variant{"", anna}, variant{"?v=reversed", anna}, variant{"?v=removed", "Ready"})
}

// A tree item drawn in its own component's shadow root knows its
// siblings' names: with it removed, the sibling left is not taken for it.
func TestAnItemInItsComponentsShadowRootKnowsItsSiblings(t *testing.T) {
	b := ownWindow(t)
	f := recordOneStep(t, b, "variants/shadow-tree-items.html", "click \"x-item[text=Archive] >>> li\"\n")
	if fp := f.Steps[0].Target.Fingerprint; fp == nil || !slices.Contains(fp.OtherNames, "Documents Tree Item Is Active") {
		t.Errorf("fingerprint %+v: want the sibling's name among the others'", fp)
	}
	replaysShow(t, b, f, f.StartURL, variant{"", "Opened Archive"}, variant{"?v=removed", "Ready"})
}
