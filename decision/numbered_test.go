package decision

import (
	"testing"

	"github.com/qa-chain/chainreplay/chain"
)

// A strategy names its element by a number when its value holds digits,
// or when a shadow host it goes through does ("#del-2", then the button
// in its shadow tree): the host's place, not the element's.
func TestNumbered(t *testing.T) {
	for _, tc := range []struct {
		s    chain.Strategy
		want bool
	}{
		{chain.Strategy{Type: chain.ID, Value: "save"}, false},
		{chain.Strategy{Type: chain.ID, Value: "uk-accordion-7"}, true},
		{chain.Strategy{Type: chain.Role, Value: "button|Item 3"}, false},
		{chain.Strategy{Type: chain.CSS, Value: `button[aria-label="Delete"]`}, false},
		{chain.Strategy{Type: chain.CSS, Value: `button[aria-label="Delete"]`,
			Hosts: []chain.Strategy{{Type: chain.CSS, Value: "#del-2"}}}, true},
		{chain.Strategy{Type: chain.CSS, Value: `button`,
			Hosts: []chain.Strategy{{Type: chain.CSS, Value: "#list"}, {Type: chain.CSS, Value: "x-row:nth-of-type(2)"}}}, true},
		{chain.Strategy{Type: chain.CSS, Value: `button`, Hosts: []chain.Strategy{{Type: chain.CSS, Value: "#toolbar"}}}, false},
	} {
		if got := Numbered(tc.s); got != tc.want {
			t.Errorf("Numbered(%s %q hosts %v) = %v, want %v", tc.s.Type, tc.s.Value, tc.s.Hosts, got, tc.want)
		}
	}
}
