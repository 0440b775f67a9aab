package decision

import (
	"strings"
	"testing"
)

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
		{"3.5 stars", "3", false},
		{"Total $10.50", "$10", false},
		{"1,000 users", "1", false},
		{"0.5 of 3.", "3", true},
		{"Rated 4.5", "4.5", true},
		{"v2.3.1 released", "2.3", false},
		{strings.Repeat("文字", 80) + "あと", strings.Repeat("文字", 60), true}, // a long text the recorder cut in a word
		{"anything", "", true},
		{"", "x", false},
	} {
		if got := containsWhole(c.text, c.want); got != c.ok {
			t.Errorf("containsWhole(%q, %q) = %v, want %v", c.text, c.want, got, c.ok)
		}
	}
}
