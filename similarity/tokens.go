package similarity

import (
	"math"
	"strings"
	"unicode"
)

// Identifiers (ids, names, test ids, classes, hrefs, icons) are compared
// by their tokens rather than character by character: "link-box-en" and
// "link-box-de" differ in the one token that tells them apart, which an
// edit distance of 0.8 hides, while "navHome", "nav-home" and "nav_home"
// are one name.

// identTokens splits an identifier into lowercase tokens at every
// character that is not a letter or a digit, at camelCase boundaries
// ("navHome": nav, home) and between letters and digits ("item12": item,
// 12). Plurals are reduced to their singular (singular).
func identTokens(s string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, singular(strings.ToLower(string(cur))))
			cur = cur[:0]
		}
	}
	rs := []rune(s)
	for i, r := range rs {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
			continue
		case len(cur) > 0:
			prev := cur[len(cur)-1]
			switch {
			case unicode.IsDigit(r) != unicode.IsDigit(prev):
				flush()
			case unicode.IsUpper(r) && unicode.IsLower(prev):
				flush()
			case unicode.IsUpper(r) && unicode.IsUpper(prev) && i+1 < len(rs) && unicode.IsLower(rs[i+1]):
				flush() // "HTMLParser": html, parser
			}
		}
		cur = append(cur, r)
	}
	flush()
	return out
}

// tokenSim compares two tokens: 1 when equal, TokenNear when one is a
// prefix of the other or abbreviates it (abbreviates: "btn" and
// "button", "colour" and "color"; the shorter of at least three letters),
// their edit similarity when it reaches 0.85 (a typo in a long word:
// "navigation" and "novigation"), else 0. Numbers are equal or not.
func tokenSim(x, y string) float64 {
	if x == y {
		return 1
	}
	if isNumber(x) || isNumber(y) {
		return 0
	}
	s, l := x, y
	if len(s) > len(l) {
		s, l = l, s
	}
	if len(s) >= 3 && (strings.HasPrefix(l, s) || abbreviates(s, l)) {
		return TokenNear
	}
	if v := levSim(x, y); v >= 0.85 {
		return v
	}
	return 0
}

// TokenNear is the similarity of a token and its prefix or abbreviation.
const TokenNear = 0.8

// abbreviates reports whether s abbreviates l as identifiers and
// spellings do: the same first letter and every letter of s found in l in
// order, s either dropping l's vowels (consonants only after the first
// letter: "btn" of "button", "msg" of "message"; not "fab" of
// "facebook", which is another word) or dropping a single letter of a
// word of at least six ("color" of "colour"; not "hose" of "horse",
// too short to tell a spelling from another word).
func abbreviates(s, l string) bool {
	if s == "" || l == "" || s[0] != l[0] || !subsequence(s, l) {
		return false
	}
	if len(l) == len(s)+1 && len(l) >= 6 {
		return true
	}
	return !strings.ContainsAny(s[1:], "aeiou")
}

// subsequence reports whether the bytes of s appear in l in order.
func subsequence(s, l string) bool {
	i := 0
	for j := 0; j < len(l) && i < len(s); j++ {
		if l[j] == s[i] {
			i++
		}
	}
	return i == len(s)
}

func isNumber(t string) bool {
	if t == "" {
		return false
	}
	for _, r := range t {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// tokenWeight gives a token's weight in a token set comparison; nil weighs
// every token 1.
type tokenWeight func(t string) float64

// tokenSetSim is a weighted Jaccard similarity of two token sets in which
// similar tokens count as a partial match: each token of the smaller set
// is paired with its most similar unpaired token of the other (tokenSim),
// and a pair counts its similarity times the mean weight of its tokens.
// Two empty sets score 1.
func tokenSetSim(a, b []string, w tokenWeight) float64 {
	a, b = dedupe(a), dedupe(b)
	if len(a) == 0 && len(b) == 0 {
		return 1
	}
	if w == nil {
		w = func(string) float64 { return 1 }
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	total := 0.0
	for _, t := range a {
		total += w(t)
	}
	for _, t := range b {
		total += w(t)
	}
	matched := 0.0
	pairUp(a, b, tokenSim, 0, func(x, y string, s float64) {
		// The pair stands for two tokens of the union: it moves their
		// weight from the union to the intersection as far as they are
		// alike.
		matched += s * (w(x) + w(y)) / 2
	})
	return matched / (total - matched)
}

// pairUp pairs each entry of a, in order, with its most similar entry of
// b not paired yet (sim above 0), and calls pair for each pair whose
// similarity reaches min: the greedy matching of the soft set comparisons.
func pairUp(a, b []string, sim func(x, y string) float64, min float64, pair func(x, y string, s float64)) {
	used := make([]bool, len(b))
	for _, x := range a {
		best, bi := 0.0, -1
		for j, y := range b {
			if used[j] {
				continue
			}
			if s := sim(x, y); s > best {
				best, bi = s, j
			}
		}
		if bi >= 0 && best >= min {
			used[bi] = true
			pair(x, b[bi], best)
		}
	}
}

// tokenStats counts, for one kind of identifier, how many of the page's
// candidates that have one carry each token: a token that many candidates share (btn,
// nav, link) tells them apart less than a rare one (the "en" of
// link-box-en), and weighs less (idf).
type tokenStats struct {
	n  int
	df map[string]int
}

// add counts one candidate's tokens. A candidate without any (no id, no
// icon) is not counted: a token shared by every icon of a page tells icons
// apart no better for the page's other elements having none.
func (s *tokenStats) add(tokens []string) {
	if len(tokens) == 0 {
		return
	}
	if s.df == nil {
		s.df = map[string]int{}
	}
	s.n++
	for _, t := range dedupe(tokens) {
		s.df[t]++
	}
}

// weight is the token's inverse document frequency, smoothed, relative
// to that of a token no candidate has: 1 for a token of one candidate at
// most, falling towards MinTokenWeight for a token that every candidate
// has. Without stats every token weighs 1.
func (s *tokenStats) weight(t string) float64 {
	if s == nil || s.n < 2 {
		return 1
	}
	top := math.Log(float64(s.n+1) / 1.0)
	v := math.Log(float64(s.n+1) / float64(max(1, s.df[t])))
	return max(MinTokenWeight, v/top)
}

// MinTokenWeight is the least weight a token gets, however common.
const MinTokenWeight = 0.1

// glyphs are the tokens of icon that name its glyph, as the page's
// icons tell: words (not numbers) that some of them carry but no more
// than half, where a font's prefix ("fa", "fas", "bi") is on most of
// them. Nil without enough icons to tell.
func (s *tokenStats) glyphs(icon string) []string {
	if s == nil || s.n < 2 {
		return nil
	}
	var out []string
	for _, t := range dedupe(identTokens(icon)) {
		if !isNumber(t) && s.df[t] > 0 && 2*s.df[t] <= s.n {
			out = append(out, t)
		}
	}
	return out
}

// iconWeight is weight for the tokens of icons, whose vocabulary a
// redesign swaps whole (an icon font for another: "fa fa-facebook fa-fw"
// becomes "bi bi-facebook"): a recorded token that no icon of the page
// has any more, and a number (a size: "fa-2x", "fs-3"), weigh
// MinTokenWeight, so that the name they share ("facebook") decides.
func (s *tokenStats) iconWeight(t string) float64 {
	if isNumber(t) || s != nil && s.n >= 2 && s.df[t] == 0 {
		return MinTokenWeight
	}
	return s.weight(t)
}
