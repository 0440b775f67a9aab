package similarity

import (
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

// words splits s into lowercase words of letters and digits.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
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

// levNoise is the edit similarity two unrelated identifiers of similar
// length reach by chance; identSim maps it to 0.
const levNoise = 0.3

// identSim compares identifiers (id, name, test id, alt, aria-label,
// placeholder, title, href): equal is 1; otherwise the normalized
// Levenshtein similarity, rescaled so that chance-level resemblance counts
// as nothing. Strings longer than maxRunes are compared by word sets.
func identSim(a, b string) float64 {
	a, b = norm(a), norm(b)
	if a == b {
		return 1
	}
	if len([]rune(a)) > maxRunes || len([]rune(b)) > maxRunes {
		return jaccard(words(a), words(b))
	}
	return max(0, (levSim(a, b)-levNoise)/(1-levNoise))
}

// textSim compares visible texts and names: the Jaccard similarity of their
// word sets, or, for short texts, their edit similarity with spaces and
// punctuation removed ("Log in" and "Login"), whichever is higher.
func textSim(a, b string) float64 {
	wa, wb := words(a), words(b)
	s := jaccard(wa, wb)
	ca, cb := compact(a), compact(b)
	if ca == cb && ca != "" {
		return 1
	}
	if len([]rune(ca)) <= maxRunes && len([]rune(cb)) <= maxRunes && ca != "" && cb != "" {
		s = max(s, max(0, (levSim(ca, cb)-levNoise)/(1-levNoise)))
	}
	return s
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

// softJaccard is a Jaccard similarity of two class lists in which two
// classes that differ only a little ("btn-primary" and "btn-primary-2",
// a re-hashed suffix) count as a partial match: each class of the smaller
// set is paired with its most similar unused class of the other when their
// edit similarity reaches 0.7, and the pair counts for that similarity.
func softJaccard(a, b []string) float64 {
	a, b = dedupe(a), dedupe(b)
	if len(a) == 0 && len(b) == 0 {
		return 1
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	used := make([]bool, len(b))
	matched := 0.0
	for _, x := range a {
		best, bi := 0.0, -1
		for j, y := range b {
			if used[j] {
				continue
			}
			if s := levSim(x, y); s > best {
				best, bi = s, j
			}
		}
		if bi >= 0 && best >= 0.7 {
			used[bi] = true
			matched += best
		}
	}
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
