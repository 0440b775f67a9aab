package recorder

import "testing"

// A tree node's open/close icon says nothing of its own, and the list of
// nodes around it fills the tree, a tab stop: the click is the icon's (its
// node's), not the tree's. Replayed where the nodes are in another order,
// it opens the node it was recorded on, or nothing.
func TestTreeIconIsNotTheTreesClick(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/tree.html", "click \"#tree > ul > li:first-child > .ocl\"\n")
	n := len(f.Steps)
	if n == 0 {
		t.Fatalf("recorded nothing")
	}
	if fp := f.Steps[n-1].Target.Fingerprint; fp == nil || fp.ID == "tree" {
		t.Fatalf("fingerprint %+v: recorded the whole tree, not the node's icon", fp)
	}
	for _, v := range []string{"", "?v=reversed"} {
		p, failed := replayFlowIn(t, b, f, f.StartURL+v, false)
		opened := p.MustEval(`() => opened.join(",")`).Str()
		switch {
		case v == "" && (failed != nil || opened != "Documents"):
			t.Errorf("unchanged page: %v, opened %q", failed, opened)
		case opened != "Documents" && opened != "":
			t.Errorf("%q: opened %q, recorded on Documents (%v)", v, opened, failed)
		default:
			t.Logf("%q: opened %q, %v", v, opened, failed)
		}
	}
}
