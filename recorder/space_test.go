package recorder

import "testing"

// A row's button wrapped, each of the row's actions, in a spacing
// component's item: the row, not the wrapper, is the item that names it,
// so with the row removed no other row's button is taken.
func TestWrappedRowButtonIsNamedByItsRow(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/space-rows.html", "click \"#tb tr:nth-child(3) .send\"\n")
	if len(f.Steps) != 1 {
		t.Fatalf("recorded %v, want one click", stepActions(f))
	}
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
