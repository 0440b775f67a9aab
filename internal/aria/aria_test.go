package aria

import "testing"

func TestRole(t *testing.T) {
	for in, want := range map[string]string{
		"button":       "button",
		" Button ":     "button",
		"doc-noteref":  "doc-noteref",
		"mark":         "mark",
		"image":        "img",
		"directory":    "list",
		"presentation": "none",
		"buton":        "",
		"StaticText":   "",
		"":             "",
	} {
		if got := Role(in); got != want {
			t.Errorf("Role(%q) = %q, want %q", in, got, want)
		}
	}
}
