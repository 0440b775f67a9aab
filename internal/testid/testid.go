// Package testid is the one list of the attributes read as test ids: the
// defaults every part of the engine reads (the page model, and through it
// the recorder, replay, similarity and the snapshot), and the application's
// own added to them (a flow's testid_attrs, a Chrome recording's
// selectorAttribute, recorder --testid-attr).
package testid

// Default are the attributes read as test ids when nothing adds others, in
// order of preference.
var Default = []string{"data-testid", "data-test-id", "data-test", "data-cy", "data-qa"}

// With returns the application's own attributes (each list in turn, in
// its order) followed by Default, each attribute once: the application's
// own come first, as they name its elements on purpose.
func With(own ...[]string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(a string) {
		if a != "" && !seen[a] {
			seen[a] = true
			out = append(out, a)
		}
	}
	for _, l := range own {
		for _, a := range l {
			add(a)
		}
	}
	for _, a := range Default {
		add(a)
	}
	return out
}
