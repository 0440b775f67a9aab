package decision

import "testing"

func TestSameItem(t *testing.T) {
	for _, c := range []struct {
		now, want string
		same      bool
	}{
		{"menuitem|Edit", "menuitem|Edit", true},
		{"menuitem|Edit", " menuitem | Edit ", true},
		{"menuitem|Edit details", "menuitem|Edit", true},
		{"menuitem|Edit details", "menuitem|edit", true},
		{"menuitem|Editor", "menuitem|Edit", false},
		{"option|Edit", "menuitem|Edit", false},
		{"radio|Every month", "radio|Monthly", false},
		{"menuitem|Edit", "menuitem|Edit details", false},
		{"menuitem|", "menuitem|", true},
		{"menuitem|Edit", "menuitem|", false},
	} {
		if got := sameItem(c.now, c.want); got != c.same {
			t.Errorf("sameItem(%q, %q) = %v, want %v", c.now, c.want, got, c.same)
		}
	}
}
