package similarity

import (
	"slices"
	"testing"
)

func TestIdentTokens(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"link-box-en", []string{"link", "box", "en"}},
		{"navHome", []string{"nav", "home"}},
		{"nav_home", []string{"nav", "home"}},
		{"item12", []string{"item", "12"}},
		{"HTMLParser", []string{"html", "parser"}},
		{"/docs/v2/install.html", []string{"doc", "v", "2", "install", "html"}},
		{"btn-Primary--large", []string{"btn", "primary", "large"}},
		{"", nil},
	} {
		if got := identTokens(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("identTokens(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestTokenSim(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want float64
	}{
		{"home", "home", 1},
		{"btn", "button", TokenNear}, // an abbreviation
		{"nav", "navbar", TokenNear}, // a prefix
		{"en", "de", 0},
		{"en", "english", 0}, // too short to abbreviate safely
		{"1", "2", 0},
		{"12", "123", 0},                  // numbers are equal or not
		{"colour", "color", TokenNear},    // its letters in order
		{"house", "horse", 0},             // one letter of five: another word
		{"navigation", "novigation", 0.9}, // a typo in a long word
		{"login", "logout", 0},
	} {
		if got := tokenSim(tc.a, tc.b); !near(got, tc.want) {
			t.Errorf("tokenSim(%q, %q) = %.3f, want %.3f", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestTokenSetSim(t *testing.T) {
	en, de := identTokens("link-box-en"), identTokens("link-box-de")
	if got := tokenSetSim(en, de, nil); !near(got, 0.5) {
		t.Errorf("link-box-en, link-box-de: %.3f, want 2 of 4 tokens", got)
	}
	if got := tokenSetSim(en, en, nil); got != 1 {
		t.Errorf("equal sets: %.3f", got)
	}
	if got := tokenSetSim(nil, nil, nil); got != 1 {
		t.Errorf("two empty sets: %.3f", got)
	}
	// On a page of ten link boxes, the tokens they all share weigh
	// little, and the one that tells them apart decides.
	var s tokenStats
	for _, l := range []string{"en", "de", "fr", "es", "it", "ja", "ru", "pt", "zh", "pl"} {
		s.add(identTokens("link-box-" + l))
	}
	if got := tokenSetSim(en, de, s.weight); got > 0.15 {
		t.Errorf("with the page's token counts: %.3f, want the shared link and box to weigh little", got)
	}
	renamed, other := tokenSetSim(en, identTokens("link-box-en-v2"), s.weight), tokenSetSim(en, de, s.weight)
	if renamed < 3*other {
		t.Errorf("the same box renamed with a suffix: %.3f, another box %.3f: want the rare en to keep it well ahead", renamed, other)
	}
}

func TestTokenWeight(t *testing.T) {
	var s tokenStats
	for i := 0; i < 10; i++ {
		s.add([]string{"btn", "x" + string(rune('a'+i))})
	}
	if w := s.weight("xa"); w != 1 {
		t.Errorf("a token of one candidate weighs %.3f, want 1", w)
	}
	if w := s.weight("never"); w != 1 {
		t.Errorf("a token of none weighs %.3f, want 1", w)
	}
	if w := s.weight("btn"); w != MinTokenWeight {
		t.Errorf("a token of every candidate weighs %.3f, want %.2f", w, MinTokenWeight)
	}
	if w := (*tokenStats)(nil).weight("btn"); w != 1 {
		t.Errorf("without counts a token weighs %.3f, want 1", w)
	}
}

func TestTextSimWeighsNumbersLow(t *testing.T) {
	old := "English 5 465 000+ articles"
	if got := textSim(old, "English 6 199 000+ articles"); got < 0.7 {
		t.Errorf("the count changed: %.3f, want the words to keep it near", got)
	}
	if got := textSim(old, "Deutsch 2 000 000+ Artikel"); got > 0.2 {
		t.Errorf("another language's box: %.3f, want far", got)
	}
	// A pager's numbers are all its text: they tell its links apart.
	if got := textSim("2", "3"); got != 0 {
		t.Errorf("page 2 and page 3: %.3f, want 0", got)
	}
}
