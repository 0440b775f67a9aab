package recorder

import (
	"testing"

	"github.com/qa-chain/chainreplay/chain"
)

// A checkbox of a column whose labels are not tied to their boxes
// (AdminLTE's "Checkbox", "Checkbox checked", "Checkbox disabled") is
// named by its item: the text "Checkbox" is held by every item's text, so
// the item is named by the text it equals, and the box inside it.
func TestItemNamedByAnEqualTextWhereContainedOnesRepeat(t *testing.T) {
	f := recordDrive(t, "thirdparty/admin-lte/pages/forms/general.html",
		`click ".card-warning form > .row:has(input[type=checkbox]) > .col-sm-6:first-child .form-check:first-child input"`+"\n")
	if len(f.Steps) != 1 || f.Steps[0].Target == nil {
		t.Fatalf("recorded %v", stepLines(f))
	}
	var scoped *chain.Strategy
	for i, s := range f.Steps[0].Target.Chain {
		if s.Within != nil {
			scoped = &f.Steps[0].Target.Chain[i]
		}
	}
	if scoped == nil || scoped.Within.Value != "Checkbox" || scoped.Within.Match != "" || scoped.Within.Tag != "div" {
		t.Fatalf("want a strategy scoped to the item whose text is \"Checkbox\"; chain %+v", f.Steps[0].Target.Chain)
	}
}
