package recorder

import (
	"testing"

	"github.com/qa-chain/chainreplay/chain"
)

// Controls of a form whose labels are not tied to them (AdminLTE's
// general elements) are named by their item:
//   - a checkbox of a column ("Checkbox", "Checkbox checked", "Checkbox
//     disabled"), where every item's text holds "Checkbox": by the text
//     its item equals;
//   - a text field of a column of fields ("Text", "Text Disabled"), where
//     the column's text "Text" is its form group's too: by that group.
func TestItemNamedByAnEqualTextWhereContainedOnesRepeat(t *testing.T) {
	f := recordDrive(t, "thirdparty/admin-lte/pages/forms/general.html",
		`click ".card-warning form > .row:has(input[type=checkbox]) > .col-sm-6:first-child .form-check:first-child input"`+"\n"+
			`type ".card-warning form > .row:has(input[type=text]) > .col-sm-6:first-child input" Quarterly report`+"\n")
	if len(f.Steps) != 2 {
		t.Fatalf("recorded %v", stepLines(f))
	}
	for i, want := range []string{"Checkbox", "Text"} {
		var scoped *chain.Strategy
		for j, s := range f.Steps[i].Target.Chain {
			if s.Within != nil {
				scoped = &f.Steps[i].Target.Chain[j]
			}
		}
		if scoped == nil || scoped.Within.Value != want || scoped.Within.Match != "" || scoped.Within.Tag != "div" {
			t.Errorf("step %d: want a strategy scoped to the item whose text is %q; chain %+v", i+1, want, f.Steps[i].Target.Chain)
		}
	}
}
