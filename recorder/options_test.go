package recorder

import (
	"strings"
	"testing"

	"github.com/qa-chain/chainreplay/chain"
)

// A component drawing its own options over a hidden native <select>
// (tom-select, select2): the select's options, chosen through the select,
// are no matches of a role or text query, so the component's option is
// named alone; and where an option inserted first gives its numbered id
// to the next one, the option its words name is taken.
func TestComponentOptionIsNamedAloneAndFollowsItsWords(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/numbered-options.html", "click #fg-control\nclick \"#fg-dropdown .option:nth-child(4)\"\n")
	if len(f.Steps) != 2 {
		t.Fatalf("recorded %d steps (%v), want two", len(f.Steps), stepActions(f))
	}
	var role *chain.Strategy
	for i, s := range f.Steps[1].Target.Chain {
		if s.Type == chain.Role && s.Within == nil {
			role = &f.Steps[1].Target.Chain[i]
		}
	}
	if role == nil || !strings.HasPrefix(role.Value, "option|Blue") || role.Nth != 0 {
		t.Errorf("role strategy %+v: want option|Blue, alone on the page", role)
	}
	for _, v := range []string{"", "?v=inserted"} {
		p, failed := replayFlowIn(t, b, f, f.StartURL+v, false)
		if log := p.MustElement("#log").MustText(); failed != nil || log != "Text colour: Blue" {
			t.Errorf("%q: %v, log %q", v, failed, log)
		}
	}
}
