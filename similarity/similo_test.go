package similarity

import (
	"math"
	"strings"

	"github.com/qa-chain/chainreplay/similarity/internal/simdata"
)

// A plain Similo (Nass, Alégroth, Feldt, Leotta, Ricca: "Similarity-based
// web element localization for robust test automation", TOSEM 2023), the
// baseline of the redesign benchmark: 14 properties of the recorded
// element and of each candidate, compared as published, weighted 1.5 for
// the stable ones (tag, name, id, visible text, neighbour text) and 0.5
// for the others, summed; the candidate with the highest sum is taken,
// whatever it scores. Both sides are described by the same extraction
// (simdata.Node), as Similo extracts both pages alike.

// similoProps are Similo's properties of one element.
type similoProps struct {
	tag, class, name, id, href, alt string
	xpath, idxpath                  string
	button                          bool
	x, y, area, shape               int
	text, neighbours                string
}

func similoOf(n *simdata.Node) similoProps {
	p := similoProps{tag: n.Tag, class: strings.Join(n.Classes, " "), name: n.Name, id: n.ID, href: n.Href,
		alt: n.Alt, xpath: fullXPath(n.XPath), idxpath: n.IDXPath, neighbours: n.SimiloNeighbours}
	switch strings.ToLower(n.Tag) {
	case "a":
		p.button = strings.Contains(p.class, "btn")
	case "button":
		p.button = true
	case "input":
		t := strings.ToLower(n.Type)
		p.button = t == "button" || t == "submit" || t == "reset"
	}
	if b := n.Box; b != nil {
		p.x, p.y = int(b.X), int(b.Y)
		w, h := int(b.Width), int(b.Height)
		p.area = w * h
		if h != 0 {
			p.shape = w * 100 / h
		}
	}
	for _, t := range []string{n.Text, n.Value, n.Placeholder} {
		if strings.TrimSpace(t) != "" {
			p.text = strings.TrimSpace(t)
			break
		}
	}
	return p
}

// fullXPath writes an absolute XPath with a position on every step, as
// Selenium-era tools write it (/html[1]/body[1]/div[2]): a step without a
// position is its parent's only child of its tag.
func fullXPath(x string) string {
	if !absoluteXPath(x) {
		return ""
	}
	var b strings.Builder
	for _, s := range strings.Split(x, "/")[1:] {
		b.WriteString("/" + s)
		if !strings.HasSuffix(s, "]") {
			b.WriteString("[1]")
		}
	}
	return b.String()
}

// similoScore is the weighted sum of the 14 comparisons.
func similoScore(a, b *similoProps) float64 {
	eq := func(x, y string) float64 {
		if x != "" && y != "" && strings.EqualFold(x, y) {
			return 1
		}
		return 0
	}
	var s float64
	s += 1.5 * eq(a.tag, b.tag)
	s += 0.5 * similoEdit(a.class, b.class)
	s += 1.5 * eq(a.name, b.name)
	s += 1.5 * eq(a.id, b.id)
	s += 0.5 * similoEdit(a.href, b.href)
	s += 0.5 * similoEdit(a.alt, b.alt)
	s += 0.5 * similoEdit(a.xpath, b.xpath)
	s += 0.5 * similoEdit(a.idxpath, b.idxpath)
	if a.button == b.button {
		s += 0.5
	}
	d := int(math.Sqrt(float64((a.x-b.x)*(a.x-b.x) + (a.y-b.y)*(a.y-b.y))))
	s += 0.5 * float64(max(100-d, 0)) / 100
	s += 0.5 * similoIntDistance(a.area, b.area)
	s += 0.5 * similoIntDistance(a.shape, b.shape)
	s += 1.5 * similoEdit(a.text, b.text)
	s += 1.5 * similoWords(a.neighbours, b.neighbours)
	return s
}

// similoEdit is Similo's edit-distance similarity: strings cut to 49
// characters when longer than 50, lowercased, (longer length - distance)
// / longer length in whole percent; 0 when either is empty.
func similoEdit(a, b string) float64 {
	if a == "" || b == "" {
		return 0
	}
	cut := func(s string) string {
		if r := []rune(s); len(r) > 50 {
			return string(r[:49])
		}
		return s
	}
	x, y := []rune(strings.ToLower(cut(a))), []rune(strings.ToLower(cut(b)))
	if string(x) == string(y) {
		return 1
	}
	n := max(len(x), len(y))
	return float64((n-levenshtein(x, y))*100/n) / 100
}

// similoIntDistance is (larger - difference) / larger in whole percent; 1
// when both are 0.
func similoIntDistance(a, b int) float64 {
	m := max(a, b)
	if m == 0 {
		return 1
	}
	d := a - b
	if d < 0 {
		d = -d
	}
	return float64((m-d)*100/m) / 100
}

// similoWords is Similo's neighbour text comparison: the letters of the
// words of a found among b's words (equal, or one a prefix or suffix of
// the other), over the longer text's letter count, capped at 1.
func similoWords(a, b string) float64 {
	if a == "" || b == "" {
		return 0
	}
	wa, wb := strings.Fields(a), strings.Fields(b)
	count := max(len(a)-len(wa)+1, len(b)-len(wb)+1)
	found := 0
	for _, w := range wa {
		for _, v := range wb {
			if w == v || len(w) < len(v) && (strings.HasPrefix(v, w) || strings.HasSuffix(v, w)) ||
				len(v) < len(w) && (strings.HasPrefix(w, v) || strings.HasSuffix(w, v)) {
				found += len(w)
				break
			}
		}
	}
	return min(float64(found*100/count), 100) / 100
}

// similoLocate returns the index in cands of Similo's choice for old, or
// -1 when there is no candidate.
func similoLocate(old *simdata.Node, cands []*simdata.Node) int {
	o := similoOf(old)
	best, at := -1.0, -1
	for i, c := range cands {
		p := similoOf(c)
		if s := similoScore(&o, &p); s > best {
			best, at = s, i
		}
	}
	return at
}
