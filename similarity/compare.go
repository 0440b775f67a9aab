package similarity

import (
	"slices"
	"strings"

	"github.com/qa-chain/chainreplay/chain"
)

// The kinds of identifier whose tokens a page's candidates are counted
// for (pageStats).
const (
	kindIdent = iota // ids, names and test id values
	kindClass
	kindHref
	kindIcon
	numKinds
)

// pageStats counts the identifier tokens of a page's candidates, so that
// a token many of them share weighs less (tokenStats).
type pageStats [numKinds]tokenStats

// newPageStats counts the tokens of cands.
func newPageStats(cands []Candidate) *pageStats {
	var s pageStats
	for i := range cands {
		c := &cands[i]
		var id []string
		id = append(id, identTokens(c.ID)...)
		id = append(id, identTokens(c.Name)...)
		for _, v := range c.TestIDs {
			id = append(id, identTokens(v)...)
		}
		s[kindIdent].add(id)
		s[kindClass].add(classTokens(dedupe(c.Classes)))
		_, p := splitOrigin(c.Href)
		s[kindHref].add(identTokens(p))
		s[kindIcon].add(identTokens(c.Icon))
	}
	return &s
}

// weight is the token weight of kind k; nil stats weigh every token 1.
func (s *pageStats) weight(k int) tokenWeight {
	if s == nil {
		return nil
	}
	if k == kindIcon {
		return s[k].iconWeight
	}
	return s[k].weight
}

// identSim compares identifiers of kind k (ids, names, test id values):
// 1 when equal once case, separators and camelCase are set aside
// ("nav-home", "navHome", "nav_home"), else the similarity of their token
// sets (tokenSetSim), each token weighed by how rare it is on the page.
func (r *Reference) identSim(k int) func(a, b string) float64 {
	return func(a, b string) float64 {
		ta, tb := identTokens(a), identTokens(b)
		if strings.Join(ta, "") == strings.Join(tb, "") {
			return 1
		}
		return tokenSetSim(ta, tb, r.page.weight(k))
	}
}

// identSim compares identifiers without a page's token counts.
func identSim(a, b string) float64 { return (&Reference{}).identSim(kindIdent)(a, b) }

// classTokens are the tokens of a class list, each class first stripped
// of a build hash suffix (classStem): "btn btn-primary card_a81f" is btn,
// primary, card.
func classTokens(classes []string) []string {
	var out []string
	for _, c := range classes {
		st, _ := classStem(c)
		out = append(out, identTokens(st)...)
	}
	return out
}

// classSim compares two class lists by their tokens (classTokens), each
// weighed by how rare it is on the page, or class by class (softJaccard)
// when that says more: a class renamed by a framework's new major version
// ("float-right", "float-end") keeps its shared tokens.
func (r *Reference) classSim(a, b []string) float64 {
	return max(softJaccard(a, b), tokenSetSim(classTokens(a), classTokens(b), r.page.weight(kindClass)))
}

// testIDSim compares test id maps: the best similarity of any recorded
// value with any live value, the same attribute name or not (a team moving
// from data-test to data-testid keeps its values).
func (r *Reference) testIDSim(a, b map[string]string) (float64, float64) {
	switch {
	case len(a) == 0 && len(b) == 0:
		return 0, 0
	case len(a) == 0 || len(b) == 0:
		return 0, OneSided
	}
	sim := r.identSim(kindIdent)
	best := 0.0
	for ka, va := range a {
		for kb, vb := range b {
			s := sim(va, vb)
			if ka != kb {
				s *= 0.9
			}
			best = max(best, s)
		}
	}
	return best, 1
}

// textContainers are the tags a clickable text is written in: a redesign
// turns one into another (a span "Mail" becomes a link, a label a span)
// more often than into a control of another kind.
var textContainers = map[string]bool{"a": true, "button": true, "span": true, "div": true, "label": true,
	"li": true, "summary": true, "td": true, "th": true, "p": true, "i": true, "strong": true, "em": true, "b": true,
	"small": true, "h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true}

// TagNear is the similarity of two different tags of one family: two
// text containers, or two fields a person types into (input and textarea).
const TagNear = 0.5

// tagSim compares tags: 1 when equal, TagNear within a family, else 0.
func tagSim(a, b string) float64 {
	a, b = strings.ToLower(a), strings.ToLower(b)
	switch {
	case a == b:
		return 1
	case textContainers[a] && textContainers[b]:
		return TagNear
	case (a == "input" || a == "textarea") && (b == "input" || b == "textarea"):
		return TagNear
	}
	return 0
}

// actionRoles are the roles of what a person clicks to act or go.
var actionRoles = map[string]bool{"button": true, "link": true, "menuitem": true, "tab": true}

// roleSim compares roles: 1 when equal, TagNear for two action roles (a
// link became a button), else 0.
func roleSim(a, b string) float64 {
	a, b = strings.ToLower(a), strings.ToLower(b)
	switch {
	case a == b:
		return 1
	case actionRoles[a] && actionRoles[b]:
		return TagNear
	}
	return 0
}

// landmarkSim compares landmark paths by their longest common subsequence
// over the longer one's length (landmarkPath: outside every landmark is
// in the main content). A path in the page's footer (contentinfo) and one
// outside it compare 0, whatever landmarks they share inside: the footer
// is where pages repeat their menus and links, and a copy there is not
// the original that stood above it.
func landmarkSim(a, b []string) float64 {
	a, b = landmarkPath(a), landmarkPath(b)
	if slices.ContainsFunc(a, isFooter) != slices.ContainsFunc(b, isFooter) {
		return 0
	}
	dp := make([][]int, len(a)+1)
	for i := range dp {
		dp[i] = make([]int, len(b)+1)
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			if strings.EqualFold(a[i-1], b[j-1]) {
				dp[i][j] = dp[i-1][j-1] + 1
			} else {
				dp[i][j] = max(dp[i-1][j], dp[i][j-1])
			}
		}
	}
	return float64(dp[len(a)][len(b)]) / float64(max(len(a), len(b)))
}

// isFooter reports whether the landmark role r is the page's footer.
func isFooter(r string) bool { return strings.EqualFold(r, "contentinfo") }

// landmarkPath is a landmark path with a landmark directly inside one of
// the same role left out (a navigation wrapped in another says no more
// than one); an element outside every landmark stands in the page's main
// content, as a new version that wraps that content in a <main> says.
func landmarkPath(p []string) []string {
	if len(p) == 0 {
		return []string{"main"}
	}
	var out []string
	for _, r := range p {
		if len(out) > 0 && strings.EqualFold(out[len(out)-1], r) {
			continue
		}
		out = append(out, r)
	}
	return out
}

// idPath is an id-anchored XPath: the id it starts from ("" for a path
// from the root) and its steps.
type idPath struct {
	anchor string
	steps  []segment
}

// parseIDPath reads `//*[@id="nav"]/ul[1]/li[3]/a[1]` or `/html/body[1]/a[2]`.
func parseIDPath(x string) idPath {
	var p idPath
	if rest, ok := strings.CutPrefix(x, `//*[@id="`); ok {
		if i := strings.Index(rest, `"]`); i >= 0 {
			p.anchor, x = rest[:i], rest[i+2:]
		}
	}
	for _, s := range strings.Split(strings.ToLower(x), "/") {
		if s == "" {
			continue
		}
		seg := segment{tag: s}
		if i := strings.IndexByte(s, '['); i >= 0 {
			seg.tag, seg.pred = s[:i], s[i:]
		}
		p.steps = append(p.steps, seg)
	}
	if p.anchor == "" {
		// From the root: the html step every path shares says nothing.
		for len(p.steps) > 0 && p.steps[0].tag == "html" {
			p.steps = p.steps[1:]
		}
	}
	return p
}

// idPathSim compares id-anchored XPaths: the anchor counts as one step,
// alike as far as the two ids are (identSim; two paths from the root
// share it), and the steps after it as xpathSim compares steps.
//
// When only one of them is anchored (an id added to an ancestor, or
// taken away), the anchored path is the tail of the other: its steps are
// compared with the other's last steps, one more standing for the
// anchor's own, and the anchor counts half, neither matched nor missed.
func (r *Reference) idPathSim(a, b idPath) float64 {
	anchor := 0.0
	switch {
	case a.anchor == "" && b.anchor == "":
		anchor = 1
	case a.anchor != "" && b.anchor != "":
		anchor = r.identSim(kindIdent)(a.anchor, b.anchor)
	default:
		if a.anchor == "" {
			a, b = b, a
		}
		if k := len(a.steps); k > 0 && len(b.steps) > k {
			tail := b.steps[len(b.steps)-k-1:]
			return (ReAnchored + xpathSim(a.steps, tail)*float64(k+1)) / float64(k+2)
		}
	}
	n := max(len(a.steps), len(b.steps))
	steps := 1.0
	if n > 0 {
		steps = xpathSim(a.steps, b.steps)
	}
	return (anchor + steps*float64(n)) / float64(1+n)
}

// ReAnchored is what the anchor of an id-anchored path counts against a
// path from the root that holds no id there (idPathSim).
const ReAnchored = 0.5

// overlapSim is the area of the intersection of two boxes over that of
// their union.
func overlapSim(a, b chain.Rect) float64 {
	w := min(a.X+a.Width, b.X+b.Width) - max(a.X, b.X)
	h := min(a.Y+a.Height, b.Y+b.Height) - max(a.Y, b.Y)
	if w <= 0 || h <= 0 {
		return 0
	}
	in := w * h
	return in / (a.Width*a.Height + b.Width*b.Height - in)
}

// DistinctMatch is the similarity from which a candidate's value matches
// the recorded one for Reference.distinct.
const DistinctMatch = 0.9

// distinct returns the reference with each identifying attribute's weight
// multiplied by 1 + boost/n, n the number of candidates whose value
// matches the recorded one (DistinctMatch): a link's href that one
// candidate of the page has tells more than a text that five have, and
// where only an href or an icon tells look-alike tiles apart, it is what
// decides. An attribute no candidate matches keeps its weight.
func (r *Reference) distinct(cmp []comparison, boost float64) *Reference {
	if boost <= 0 || len(cmp) == 0 {
		return r
	}
	var n [numAttrs]int
	for i := range cmp {
		for a := Attr(0); a < numAttrs; a++ {
			if a.Group() == Identity && cmp[i].share[a] == 1 && cmp[i].sim[a] >= DistinctMatch {
				n[a]++
			}
		}
	}
	d := *r
	for a := Attr(0); a < numAttrs; a++ {
		if n[a] > 0 {
			d.w[a] *= 1 + boost/float64(n[a])
		}
	}
	return &d
}
