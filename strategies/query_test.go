package strategies

import "testing"

// A role strategy may name any role the page model computes, by its
// WAI-ARIA name, a synonym or Chromium's name for it; a name that is no
// role matches nothing.
func TestRoleValue(t *testing.T) {
	for _, c := range []struct {
		in, role, name string
		any, ok        bool
	}{
		{"button|Save  draft", "button", "Save draft", false, true},
		{"doc-noteref|1", "doc-noteref", "1", false, true},
		{"image|Map", "img", "Map", false, true},
		{"MenuListOption|French", "option", "French", false, true},
		{"*|Save", "", "Save", true, true},
		{"buton|Save", "", "Save", false, false},
	} {
		role, name, any, _, ok := RoleValue(c.in)
		if role != c.role || name != c.name || any != c.any || ok != c.ok {
			t.Errorf("RoleValue(%q) = %q, %q, any %v, ok %v; want %q, %q, any %v, ok %v", c.in, role, name, any, ok, c.role, c.name, c.any, c.ok)
		}
	}
}
