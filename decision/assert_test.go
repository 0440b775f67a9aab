package decision

import "testing"

// An asserted text is found where its words and numbers end, not inside
// a longer word or number.
func TestContainsWhole(t *testing.T) {
	for _, c := range []struct {
		text, want string
		ok         bool
	}{
		{"3 items", "3", true},
		{"13 items", "3", false},
		{"Total: $100", "$10", false},
		{"Total: $10.", "$10", true},
		{"Saved", "Save", false},
		{"Changes Saved!", "Saved", true},
		{"Saved saved", "saved", true},
		{"A 13, then 3", "3", true},
		{"(2 new)", "(2 new)", true},
		{"Ünïcode café", "café", true},
		{"cafés", "café", false},
		{"anything", "", true},
		{"", "x", false},
	} {
		if got := containsWhole(c.text, c.want); got != c.ok {
			t.Errorf("containsWhole(%q, %q) = %v, want %v", c.text, c.want, got, c.ok)
		}
	}
}
