package strategies

import (
	"fmt"
	"regexp"
	"strings"
)

// neighbourhood computes the texts near an element as the recorder gathers
// them (recorder/describe.js): its label, the legend of its fieldset, the
// nearest heading before it (climbing at most 6 levels, looking at most 20
// siblings back at each), and the text of its row (tr or li), capped at 120
// characters. It remembers each subtree's last heading so that a whole page
// of candidates costs one pass.
type neighbourhood struct {
	lastHeading map[*Node]*Node
	legends     map[*Node]string
	// kids caches each parent's element children; at caches each
	// element's position among them, and step its XPath step there.
	kids map[*Node][]*Node
	at   map[*Node]int
	step map[*Node]string
	// xpaths caches absoluteXPath.
	xpaths map[*Node]string
	// regions caches regionFrom.
	regions map[*Node]string
}

func newNeighbourhood() *neighbourhood {
	return &neighbourhood{lastHeading: map[*Node]*Node{}, legends: map[*Node]string{},
		kids: map[*Node][]*Node{}, at: map[*Node]int{}, step: map[*Node]string{}, xpaths: map[*Node]string{}, regions: map[*Node]string{}}
}

// siblings returns the element children of n's parent and n's index among
// them, computed once per parent.
func (nb *neighbourhood) siblings(n *Node) ([]*Node, int) {
	p := n.Parent
	if p == nil {
		return nil, -1
	}
	ks, ok := nb.kids[p]
	if !ok {
		same := map[string]int{}
		for _, c := range p.Children {
			if c.IsElement() {
				nb.at[c] = len(ks)
				ks = append(ks, c)
				same[c.Tag]++
			}
		}
		nb.kids[p] = ks
		// Each child's step, with a position only beside a same-tag
		// sibling: one pass for all children, not one per child.
		seen := map[string]int{}
		for _, c := range ks {
			seen[c.Tag]++
			if same[c.Tag] > 1 {
				nb.step[c] = fmt.Sprintf("%s[%d]", c.Tag, seen[c.Tag])
			} else {
				nb.step[c] = c.Tag
			}
		}
	}
	i, ok := nb.at[n]
	if !ok {
		return ks, -1
	}
	return ks, i
}

var headingTag = regexp.MustCompile(`^h[1-6]$`)

func (nb *neighbourhood) of(n *Node) []string {
	var out []string
	add := func(s string) {
		s = collapse(s)
		if s == "" {
			return
		}
		for _, o := range out {
			if o == s {
				return
			}
		}
		out = append(out, s)
	}
	add(recordedLabel(n))
	for p := n; p != nil && p.NodeType == 1; p = p.Parent { // closest("fieldset"): n itself too
		if p.Tag == "fieldset" {
			add(nb.legend(p))
			break
		}
	}
	add(nb.headingBefore(n))
	for p := n; p != nil && p.NodeType == 1; p = p.Parent {
		if p.Tag == "tr" || p.Tag == "li" {
			add(capRunes(p.Text(), 120))
			break
		}
	}
	return out
}

func (nb *neighbourhood) headingBefore(n *Node) string {
	a := n
	for up := 0; a != nil && up < 6; up++ {
		sibs, at := nb.siblings(a)
		for i, k := at-1, 0; i >= 0 && k < 20; i, k = i-1, k+1 {
			s := sibs[i]
			if headingTag.MatchString(s.Tag) {
				return s.Text()
			}
			if h := nb.last(s); h != nil {
				return h.Text()
			}
		}
		p := a.Parent
		if p != nil && p.NodeType == 11 { // a shadow root: climb to its host
			p = p.Parent
		}
		if p == nil || p.NodeType != 1 {
			break
		}
		a = p
	}
	return ""
}

// last is the last heading inside n's light tree (not n itself), or nil.
func (nb *neighbourhood) last(n *Node) *Node {
	if h, ok := nb.lastHeading[n]; ok {
		return h
	}
	var found *Node
	for i := len(n.Children) - 1; i >= 0 && found == nil; i-- {
		c := n.Children[i]
		if !c.IsElement() {
			continue
		}
		if found = nb.last(c); found == nil && headingTag.MatchString(c.Tag) {
			found = c
		}
	}
	nb.lastHeading[n] = found
	return found
}

func (nb *neighbourhood) legend(fieldset *Node) string {
	if s, ok := nb.legends[fieldset]; ok {
		return s
	}
	s := ""
	var walk func(n *Node) bool
	walk = func(n *Node) bool {
		for _, c := range n.Children {
			if !c.IsElement() {
				continue
			}
			if c.Tag == "legend" {
				s = c.Text()
				return true
			}
			if walk(c) {
				return true
			}
		}
		return false
	}
	walk(fieldset)
	nb.legends[fieldset] = strings.TrimSpace(s)
	return nb.legends[fieldset]
}

// region is the name of the nearest landmark or named section enclosing n,
// as the recorder reads it (recorder/describe.js): an ancestor section,
// article, aside, nav, form, main or dialog, or one with a landmark role,
// named by aria-labelledby, then aria-label, then its first heading outside
// any nested region; unnamed ones are climbed past, and shadow roots are crossed to their
// hosts. "" when none.
func (nb *neighbourhood) region(n *Node) string {
	return nb.regionFrom(upElement(n))
}

// regionFrom is the region of the nearest named region at or above a.
func (nb *neighbourhood) regionFrom(a *Node) string {
	if a == nil {
		return ""
	}
	if r, ok := nb.regions[a]; ok {
		return r
	}
	r := ""
	if isRegion(a) {
		r = regionName(a)
	}
	if r == "" {
		r = nb.regionFrom(upElement(a))
	}
	nb.regions[a] = r
	return r
}

// upElement is n's parent element, its shadow host when n is at the top of
// a shadow tree, or nil at the top of its document.
func upElement(n *Node) *Node {
	p := n.Parent
	if p != nil && p.NodeType == 11 {
		p = p.Parent
	}
	if p == nil || p.NodeType != 1 {
		return nil
	}
	return p
}

var regionTags = map[string]bool{"section": true, "article": true, "aside": true, "nav": true, "form": true, "main": true, "dialog": true,
	"search": true}
var regionRoles = map[string]bool{"region": true, "navigation": true, "complementary": true, "form": true, "dialog": true,
	"alertdialog": true, "main": true, "search": true, "banner": true, "contentinfo": true}

// isRegion reports whether n is a region: a section, article, aside, nav,
// form, main, dialog or search element, a page-level header or footer (the
// banner and content info landmarks), or an element with a landmark,
// region, form or dialog role.
func isRegion(n *Node) bool {
	if regionRoles[n.Attr("role")] {
		return true
	}
	switch n.Tag {
	case "header", "footer":
		return !sectioned(n)
	}
	return regionTags[n.Tag]
}

// landmark is the role that names a landmark that has no name of its own
// ("banner" for the page's header): a page has one of each as a rule, so
// the role tells where an element lives as a name would. "" for regions
// that are not landmarks without a name (section, article, form, dialog).
// It reads the role attribute as the recorder's region.js does (as
// written, not RoleOf's first valid token), so that the region it names
// is the one recorded; the tag's implicit role (implicitRole) otherwise.
func landmark(n *Node) string {
	r := n.Attr("role")
	if r == "" {
		r = implicitRole(n)
	}
	switch r {
	case "main", "navigation", "complementary", "banner", "contentinfo", "search":
		return r
	}
	return ""
}

// sectioned reports whether n sits inside sectioning content (article,
// aside, main, nav, section, or their roles): a header or footer there is
// not the page's banner or content info.
func sectioned(n *Node) bool {
	for p := n.Parent; p != nil && p.NodeType == 1; p = p.Parent {
		switch p.Tag {
		case "article", "aside", "main", "nav", "section":
			return true
		}
		switch p.Attr("role") {
		case "article", "complementary", "main", "navigation", "region":
			return true
		}
	}
	return false
}

// regionName is a region element's name: its aria-labelledby texts, its
// aria-label, its own first heading's text (firstHeading), or, for a
// landmark, its role (landmark), capped at 120 characters.
func regionName(n *Node) string {
	s := labelledBy(n)
	if s == "" {
		s = collapse(n.Attr("aria-label"))
	}
	if s == "" {
		if h := firstHeading(n); h != nil {
			s = h.Text()
		}
	}
	if s == "" {
		s = landmark(n)
	}
	return capRunes(s, 120)
}

// firstHeading is the first h1-h6 of n's own in its light tree, in
// document order: headings inside a nested region name that region, not n
// (a form of named sections is not named by its first section's heading).
func firstHeading(n *Node) *Node {
	for _, c := range n.Children {
		if !c.IsElement() {
			continue
		}
		if headingTag.MatchString(c.Tag) {
			return c
		}
		if isRegion(c) {
			continue
		}
		if h := firstHeading(c); h != nil {
			return h
		}
	}
	return nil
}
