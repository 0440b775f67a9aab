package similarity

import (
	"math"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-3 }

func TestLevenshtein(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"abc", "", 3},
		{"", "abc", 3},
		{"kitten", "sitting", 3},
		{"flaw", "lawn", 2},
		{"login", "signin", 3},
		{"héllo", "hello", 1}, // runes, not bytes
		{"same", "same", 0},
	} {
		if got := levenshtein([]rune(tc.a), []rune(tc.b)); got != tc.want {
			t.Errorf("levenshtein(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestIdentSim(t *testing.T) {
	for _, tc := range []struct {
		a, b     string
		lo, hi   float64
		describe string
	}{
		{"login-btn", "login-btn", 1, 1, "equal"},
		{"Login-Btn", " login-btn ", 1, 1, "case and spaces do not matter"},
		{"login-btn", "login-button", 0.6, 0.85, "an abbreviation keeps most similarity"},
		// Compared by tokens, a number added to an id is a token of its
		// own: submit2 may well be the second of two submit buttons.
		{"submit", "submit2", 0.45, 0.55, "a number added"},
		{"link-box-en", "link-box-de", 0.45, 0.55, "one token of three changed"},
		{"user_name", "userName", 1, 1, "separators and camelCase are one name"},
		{"login-btn", "xq7", 0, 0, "unrelated: chance resemblance counts as nothing"},
		{"css-1x9f2k", "css-8aa03z", 0, 0.35, "re-hashed generated ids are barely alike"},
	} {
		got := identSim(tc.a, tc.b)
		if got < tc.lo-1e-9 || got > tc.hi+1e-9 {
			t.Errorf("%s: identSim(%q, %q) = %.3f, want in [%.2f, %.2f]", tc.describe, tc.a, tc.b, got, tc.lo, tc.hi)
		}
	}
}

func TestTextSim(t *testing.T) {
	for _, tc := range []struct {
		a, b   string
		lo, hi float64
	}{
		{"Sign in", "Sign in", 1, 1},
		{"Sign in", "  sign   IN ", 1, 1},
		{"Log in", "Login", 1, 1},                  // punctuation and spaces removed: equal
		{"Sign in", "Sign in now", 0.66, 0.67},     // word set 2/3
		{"Add to cart", "Add to basket", 0.5, 0.5}, // word set 2/4, edit similarity lower
		{"Sign in", "Log in", 0.33, 0.34},          // word set 1/3
		{"Delete account", "Sign in", 0, 0.1},      // unrelated
		{"Save", "Send", 0, 0.3},                   // short and unrelated stays low
		{"Kanban Board", "Dashboard", 0, 0},        // no word shared: a chance likeness of letters
		{"Tables", "Pages", 0, 0},                  // one word each, unrelated: a chance likeness too
		{"Colour", "Color", 0.7, 0.8},              // one word respelled
		{"AdminLTE", "AdminLTE.io", 0.7, 0.75},
		{"Start Bootstrap", "Go to Start Bootstrap", 0.6, 0.7},
		{"«", "»", 0, 0}, // symbols alone: a pager's first and last links differ
		{"« ", "«", 1, 1},
		{"‹ Prev", "« Prev", 1, 1}, // words decide when there are any
	} {
		got := textSim(tc.a, tc.b)
		if got < tc.lo-1e-9 || got > tc.hi+1e-9 {
			t.Errorf("textSim(%q, %q) = %.3f, want in [%.2f, %.2f]", tc.a, tc.b, got, tc.lo, tc.hi)
		}
	}
}

func TestJaccard(t *testing.T) {
	for _, tc := range []struct {
		a, b []string
		want float64
	}{
		{nil, nil, 1},
		{[]string{"a"}, nil, 0},
		{[]string{"a", "b"}, []string{"b", "c"}, 1.0 / 3},
		{[]string{"a", "a", "b"}, []string{"b", "a"}, 1},
		{[]string{"x"}, []string{"y"}, 0},
	} {
		if got := jaccard(tc.a, tc.b); !near(got, tc.want) {
			t.Errorf("jaccard(%v, %v) = %.3f, want %.3f", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestSoftJaccard(t *testing.T) {
	for _, tc := range []struct {
		a, b   []string
		lo, hi float64
	}{
		{[]string{"btn", "primary"}, []string{"primary", "btn"}, 1, 1},
		{[]string{"btn", "primary"}, []string{"BTN", "Primary", "btn"}, 1, 1}, // case, duplicates
		{[]string{"btn", "primary"}, []string{"btn"}, 0.5, 0.5},
		{[]string{"btn", "primary"}, []string{"cta", "cta-main"}, 0, 0},
		{[]string{"card-title_a81f"}, []string{"card-title_93bc"}, StemMatch / (2 - StemMatch), StemMatch / (2 - StemMatch)}, // re-hashed suffix
		{[]string{"btn", "btn-primary"}, []string{"btn_1foud", "btn-primary_wgzku"}, StemMatch / (2 - StemMatch), StemMatch / (2 - StemMatch)},
		{[]string{"label"}, []string{"label-1x9f2k"}, StemMatch / (2 - StemMatch), StemMatch / (2 - StemMatch)},
		{[]string{"card"}, []string{"card__title"}, 0, 0}, // a BEM element is another class
		{[]string{"card"}, []string{"card--wide"}, 0, 0},  // a BEM modifier too
		{nil, nil, 1, 1},
		{[]string{"btn"}, nil, 0, 0},
	} {
		got := softJaccard(tc.a, tc.b)
		if got < tc.lo-1e-9 || got > tc.hi+1e-9 {
			t.Errorf("softJaccard(%v, %v) = %.3f, want in [%.2f, %.2f]", tc.a, tc.b, got, tc.lo, tc.hi)
		}
	}
}

func TestSoftJaccardKeepsSiblingClassesApart(t *testing.T) {
	if got := softJaccard([]string{"btn-primary"}, []string{"btn-secondary"}); got != 0 {
		t.Errorf("btn-primary vs btn-secondary = %.3f, want 0: different classes, not a re-hash", got)
	}
}

func TestSingular(t *testing.T) {
	for in, want := range map[string]string{
		"emails": "email", "categories": "category", "boxes": "box", "matches": "match", "addresses": "address",
		"address": "address", "status": "status", "analysis": "analysis", "bus": "bus", "yes": "yes", "days": "day",
	} {
		if got := singular(in); got != want {
			t.Errorf("singular(%q) = %q, want %q", in, got, want)
		}
	}
	if got := textSim("Email newsletter", "Newsletter emails"); got != 1 {
		t.Errorf("textSim of the same words reordered and pluralised = %.2f, want 1", got)
	}
}

// The same words swapped around the others say another thing; the parts
// of a name said the other way round do not.
func TestTextSimWordOrder(t *testing.T) {
	for _, c := range []struct {
		a, b string
		zero bool
	}{
		{"Price: high to low", "Price: low to high", true},
		{"Sort by price: high to low", "Sort by price: low to high", true},
		{"Email newsletter", "Newsletter emails", false},
		{"Account settings", "Settings for the account", false},
		{"Sign up for our newsletter today", "Today sign up for our newsletter", false},
	} {
		if got := textSim(c.a, c.b); (got == 0) != c.zero {
			t.Errorf("textSim(%q, %q) = %.2f, want zero %v", c.a, c.b, got, c.zero)
		}
	}
}
