package similarity

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// maxRunes caps the strings compared by edit distance; longer strings are
// compared by their word sets.
const maxRunes = 64

// norm lowercases s, collapses whitespace and trims it.
func norm(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), " "))
}

// words splits s into lowercase words of letters and digits, each reduced
// to its singular (plural), so "Newsletter emails" and "Email newsletter"
// share both words.
func words(s string) []string {
	ws := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	for i, w := range ws {
		ws[i] = singular(w)
	}
	return ws
}

// singular undoes the regular English plural of a lowercase word: "emails"
// is "email", "categories" "category", "boxes" "box"; words of three letters
// or fewer and words ending in "ss", "us" or "is" are left alone.
func singular(w string) string {
	n := len(w)
	switch {
	case n <= 3 || w[n-1] != 's' || strings.HasSuffix(w, "ss") || strings.HasSuffix(w, "us") || strings.HasSuffix(w, "is"):
		return w
	case strings.HasSuffix(w, "ies") && n > 4:
		return w[:n-3] + "y"
	case strings.HasSuffix(w, "xes") || strings.HasSuffix(w, "ches") || strings.HasSuffix(w, "shes") || strings.HasSuffix(w, "sses"):
		return w[:n-2]
	}
	return w[:n-1]
}

// compact is s lowercased with everything but letters and digits removed.
func compact(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// levenshtein is the edit distance between a and b, in runes.
func levenshtein(a, b []rune) int {
	if len(a) < len(b) {
		a, b = b, a
	}
	row := make([]int, len(b)+1)
	for j := range row {
		row[j] = j
	}
	for i := 1; i <= len(a); i++ {
		prev := row[0]
		row[0] = i
		for j := 1; j <= len(b); j++ {
			cur := row[j]
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			row[j] = min(row[j]+1, row[j-1]+1, prev+cost)
			prev = cur
		}
	}
	return row[len(b)]
}

// levSim is 1 - distance / longer length: 1 for equal strings, 0 for
// strings with nothing in common. Two empty strings are equal.
func levSim(a, b string) float64 {
	if a == b {
		return 1
	}
	ra, rb := []rune(a), []rune(b)
	n := max(len(ra), len(rb))
	return 1 - float64(levenshtein(ra, rb))/float64(n)
}

// levNoise is the edit similarity two unrelated short strings of similar
// length reach by chance; textSim maps it to 0.
const levNoise = 0.3

// Respelling is the least edit similarity of two texts that share no
// word for them to count as one text respelled ("Colour" and "Color":
// 0.83, "AdminLTE" and "AdminLTE.io": 0.8); under it ("Tables" and
// "Pages": 0.5) it is the chance likeness of unrelated words, and the
// texts compare 0.
const Respelling = 0.75

// NumberWeight is the weight of a number among the words of a text that
// has words of letters too: "English 5 465 000+ articles" and "English 6
// 199 000+ articles" are one link whose count changed. A text of numbers
// alone (a page of a pager) is its numbers.
const NumberWeight = 0.2

// textSim compares visible texts and names: the Jaccard similarity of their
// word sets (numbers weighing NumberWeight beside words of letters), or,
// for short texts, their edit similarity with spaces and punctuation
// removed ("Log in" and "Login"), whichever is higher.
//
// The edit similarity is not taken for texts that share no word when
// they differ in word count ("Kanban Board" and "Dashboard") or are not
// alike enough to be one text respelled (Respelling: "Tables" and
// "Pages"): it is the chance likeness of unrelated words, and would make
// a removed link's neighbour in its menu its heir.
//
// Texts of symbols alone ("«" and "»", "+" and "−"), which have no words to
// compare, are compared by their symbols: the first and the last page of
// a pager are not one link.
func textSim(a, b string) float64 {
	wa, wb := words(a), words(b)
	if len(wa) == 0 && len(wb) == 0 {
		sa, sb := strings.Join(strings.Fields(a), ""), strings.Join(strings.Fields(b), "")
		if sa == sb {
			return 1
		}
		return max(0, (levSim(sa, sb)-levNoise)/(1-levNoise))
	}
	s := tokenSetJaccard(wa, wb, numberWeight(wa, wb))
	ca, cb := compact(a), compact(b)
	if ca == cb && ca != "" {
		return 1
	}
	if len([]rune(ca)) <= maxRunes && len([]rune(cb)) <= maxRunes && ca != "" && cb != "" && (s > 0 || len(wa) == len(wb)) {
		l := levSim(ca, cb)
		if s > 0 || l >= Respelling {
			s = max(s, max(0, (l-levNoise)/(1-levNoise)))
		}
	}
	if !sameOrder(wa, wb) {
		return 0
	}
	return s
}

// sameOrder reports whether a and b say the words they have in common in
// the same order, or one says them as the other's parts the other way
// round (a rotation: "Email newsletter" and "Newsletter emails"). Words
// swapped around the others say another thing: "Price: high to low" and
// "Price: low to high" (textSim: 0).
func sameOrder(a, b []string) bool {
	in := func(ws []string) map[string]bool {
		m := make(map[string]bool, len(ws))
		for _, w := range ws {
			m[w] = true
		}
		return m
	}
	ina, inb := in(a), in(b)
	var sa, sb []string
	for _, w := range a {
		if inb[w] {
			sa = append(sa, w)
		}
	}
	for _, w := range b {
		if ina[w] {
			sb = append(sb, w)
		}
	}
	return min(len(sa), len(sb)) < 2 || slices.Equal(sa, sb) || rotation(sa, sb) || !slices.Equal(dedupe(sa), sa) || !slices.Equal(dedupe(sb), sb)
}

// rotation reports whether b is a, its words from some word on first,
// then those before it.
func rotation(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for k := 1; k < len(a); k++ {
		if slices.Equal(a[k:], b[:len(a)-k]) && slices.Equal(a[:k], b[len(a)-k:]) {
			return true
		}
	}
	return false
}

// numberWeight weighs numbers NumberWeight when either word list has a
// word of letters, and every word 1 otherwise.
func numberWeight(a, b []string) tokenWeight {
	for _, ws := range [][]string{a, b} {
		for _, w := range ws {
			if !isNumber(w) {
				return func(t string) float64 {
					if isNumber(t) {
						return NumberWeight
					}
					return 1
				}
			}
		}
	}
	return nil
}

// tokenSetJaccard is the weighted Jaccard similarity of two word sets:
// the weight of the words they share over that of all their words; two
// empty sets score 1.
func tokenSetJaccard(a, b []string, w tokenWeight) float64 {
	if w == nil {
		return jaccard(a, b)
	}
	a, b = dedupe(a), dedupe(b)
	if len(a) == 0 && len(b) == 0 {
		return 1
	}
	in := map[string]bool{}
	for _, x := range a {
		in[x] = true
	}
	var inter, union float64
	for _, x := range a {
		union += w(x)
	}
	for _, y := range b {
		if in[y] {
			inter += w(y)
		} else {
			union += w(y)
		}
	}
	return inter / union
}

// jaccard is |A∩B| / |A∪B| of two word sets; two empty sets score 1.
func jaccard(a, b []string) float64 {
	if len(a) == 0 && len(b) == 0 {
		return 1
	}
	sa := make(map[string]bool, len(a))
	for _, w := range a {
		sa[w] = true
	}
	sb := make(map[string]bool, len(b))
	for _, w := range b {
		sb[w] = true
	}
	inter := 0
	for w := range sb {
		if sa[w] {
			inter++
		}
	}
	union := len(sa) + len(sb) - inter
	return float64(inter) / float64(union)
}

// hashSuffix is the tail a build tool adds to a class name to scope it
// (CSS modules' "btn_1foud", "title_x7Kq2"; emotion's "label-1x9f2k"): an
// underscore and 4 to 10 letters or digits, or a hyphen and 4 to 10 letters
// and digits with at least one digit.
var hashSuffix = regexp.MustCompile(`^(.+?)(?:_[a-z0-9]{4,10}|-[a-z]*[0-9][a-z0-9]*)$`)

// classStem is c without a build hash suffix, and whether it had one.
func classStem(c string) (string, bool) {
	m := hashSuffix.FindStringSubmatch(c)
	if m == nil || len(c)-len(m[1]) > 11 {
		return c, false
	}
	return m[1], true
}

// StemMatch is the similarity of two classes that share their stem once a
// build hash suffix is taken off ("btn" and "btn_1foud", "card_a81f" and
// "card_93bc"): most likely the same class re-hashed by a new build.
const StemMatch = 0.9

// classSim compares two class names: StemMatch when they differ only by a
// build hash suffix, else their edit similarity.
func classSim(x, y string) float64 {
	if x == y {
		return 1
	}
	sx, hx := classStem(x)
	sy, hy := classStem(y)
	if (hx || hy) && sx == sy {
		return StemMatch
	}
	return levSim(x, y)
}

// softJaccard is a Jaccard similarity of two class lists in which two
// classes that differ only a little ("btn-primary" and "btn-primary-2", or
// by a re-hashed build suffix) count as a partial match: each class of the
// smaller set is paired with its most similar unused class of the other
// when their similarity (classSim) reaches 0.7, and the pair counts for
// that similarity.
func softJaccard(a, b []string) float64 {
	a, b = dedupe(a), dedupe(b)
	if len(a) == 0 && len(b) == 0 {
		return 1
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	matched := 0.0
	pairUp(a, b, classSim, 0.7, func(_, _ string, s float64) { matched += s })
	return matched / (float64(len(a)+len(b)) - matched)
}

// dedupe returns the distinct non-empty lowercase entries of xs.
func dedupe(xs []string) []string {
	seen := make(map[string]bool, len(xs))
	out := make([]string, 0, len(xs))
	for _, x := range xs {
		x = strings.ToLower(strings.TrimSpace(x))
		if x != "" && !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}
