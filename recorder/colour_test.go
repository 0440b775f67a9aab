package recorder

import "testing"

// An option whose id counts the options (fg-opt-3), its words shared with
// the same option of another list: once an option is inserted before it,
// the id names another option, and the option that reads "Blue" in the
// text colour list is the target, as the strategy naming it in its list
// says.
func TestNumberedOptionFollowsItsWordsInItsList(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/colour-lists.html", "click #fg-opt-3\n")
	for _, v := range []string{"", "?v=inserted"} {
		p, err := replayFlowIn(t, b, f, f.StartURL+v, true)
		if err != nil {
			t.Errorf("%q: %v", v, err)
		}
		if got := p.MustEval(`() => picked.join(",")`).Str(); got != "Text colour:Blue" {
			t.Errorf("%q: picked %q, recorded on Text colour:Blue", v, got)
		}
	}
}
