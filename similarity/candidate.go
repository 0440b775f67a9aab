package similarity

import (
	"strings"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/snapshot"
)

// Candidate is what is known of one live element.
type Candidate struct {
	// Ref is the caller's handle on the element (a snapshot node id).
	Ref string
	// Ancestors are the Refs of candidates that enclose this one, nearest
	// first. Rank does not count an enclosing or enclosed element as a rival
	// of the best (a clickable <li> around a link is the same target).
	Ancestors []string

	Tag, ID, Name, Type string
	Classes             []string
	Role, AccessName    string
	Text, Label         string
	Placeholder, Title  string
	Alt, AriaLabel      string
	Href                string
	// Value is the value attribute; compared only for controls whose value
	// the page fixes (see FixedValue).
	Value string
	// TestIDs maps test id attributes (data-testid, data-test...) to values.
	TestIDs map[string]string
	// XPath is the element's XPath in its document; it is compared only
	// when absolute ("/html/body/main/button[2]").
	XPath string
	// Neighbours are texts near the element, as the recorder gathers them.
	Neighbours []string
	// Region is the name of the nearest landmark or named section around
	// it, as the recorder reads it.
	Region string
	// IDXPath is the XPath from the nearest element with an id, every step
	// with its position, as chain.Fingerprint.IDXPath; empty when unknown.
	IDXPath string
	// Landmarks are the landmark roles of the element's ancestors,
	// outermost first: an ancestor with an explicit role banner,
	// navigation, main, complementary, contentinfo, search, form, region,
	// dialog or alertdialog (read as dialog); else a header or footer not
	// inside article, aside, main, nav or section (banner, contentinfo), a
	// nav, main, aside, search, form or dialog element, or a section with
	// aria-label, aria-labelledby or title (region). Nil when unknown or
	// when none encloses it (see LandmarksKnown).
	Landmarks []string
	// LandmarksKnown says that Landmarks was read: an element outside every
	// landmark then has none, rather than unknown ones.
	LandmarksKnown bool
	// Icon names an element without a text (an icon button, a social
	// link, an avatar) by its descendant icons and pictures, at most four
	// in document order, space-separated: an <svg>'s data-icon, classes
	// and <use> fragment, an <img>'s file name (its src without
	// directories, query and extension) and alt, an <i>'s or <span>'s
	// classes. Empty for an element with a text, a text control or
	// select, or none.
	Icon string
	// Box is the bounding box in document CSS pixels; nil when unknown or
	// when the element has no layout box.
	Box *chain.Rect
	// Screen is the same box in viewport CSS pixels. Location is compared
	// on it when the fingerprint has a ScreenBox (the target stood in a
	// fixed layer); nil means unknown, and Box is used.
	Screen *chain.Rect

	// Unknown marks attributes the source of this candidate cannot observe
	// (not that the element lacks them): they are left out of its score.
	Unknown []Attr
	// Sole is set (by MarkSole) on the only candidate of the page that
	// matches the target's kind or name where the target was the only one
	// at record time. When the recorded context cannot tell candidates
	// apart, Rank does not damp it for standing elsewhere.
	Sole bool
	// Survivor is set (by MarkSole) on a candidate named like the target
	// when the page now has fewer such candidates than the target had
	// look-alikes at record time (NameCount): one of them, maybe the
	// target, is gone, and the name no longer tells which remains. Rank
	// takes a survivor only when it stands where the target stood.
	Survivor bool
}

// TestIDAttrs are the attributes read as test ids, as the recorder reads them.
var TestIDAttrs = []string{"data-testid", "data-test-id", "data-test", "data-qa", "data-cy"}

// FromNode builds a candidate from a snapshot node. scroll is the top
// page's scroll offset, which turns the node's viewport box into document
// coordinates like the recorded fingerprint's.
func FromNode(n *snapshot.Node, scroll chain.Point) Candidate {
	a := n.Attrs
	c := Candidate{
		Ref:         n.ID,
		Tag:         strings.ToLower(n.Tag),
		ID:          a.Get("id"),
		Name:        a.Get("name"),
		Type:        strings.ToLower(a.Get("type")),
		Classes:     strings.Fields(a.Get("class")),
		Role:        n.Role,
		AccessName:  n.Name,
		Text:        n.Text,
		Label:       n.Label,
		Placeholder: a.Get("placeholder"),
		Title:       a.Get("title"),
		Alt:         a.Get("alt"),
		AriaLabel:   a.Get("aria-label"),
		Href:        a.Get("href"),
		Value:       a.Get("value"),
		Landmarks:   n.Landmarks,
		// The walk reads every node's landmark path.
		LandmarksKnown: true,
		Icon:           n.Icon,
	}
	if len(n.ShadowPath) == 0 {
		// Inside a shadow tree the walk's XPath starts at the shadow
		// root, not at an element with an id or the document's root.
		c.IDXPath = n.XPath
	}
	if n.Role == "" || n.Role == "generic" {
		// The snapshot names a tier-2 element from its content for a
		// reader; Chromium, whose names the recorder keeps, names no
		// generic element.
		c.AccessName = ""
	}
	if n.AriaHidden {
		// Out of Chromium's accessibility tree: the recorder reads no role
		// and no name for it.
		c.Role, c.AccessName = "", ""
	}
	if !n.TextRead() {
		c.Unknown = append(c.Unknown, Text) // a container: not read
	}
	for _, k := range TestIDAttrs {
		if v, ok := a.Lookup(k); ok && v != "" {
			if c.TestIDs == nil {
				c.TestIDs = map[string]string{}
			}
			c.TestIDs[k] = v
		}
	}
	if n.Box.Width > 0 && n.Box.Height > 0 {
		c.Box = &chain.Rect{X: n.Box.X + scroll.X, Y: n.Box.Y + scroll.Y, Width: n.Box.Width, Height: n.Box.Height}
		c.Screen = &chain.Rect{X: n.Box.X, Y: n.Box.Y, Width: n.Box.Width, Height: n.Box.Height}
	}
	fillContext(&c, n)
	return c
}

// FromSnapshot builds the candidates of s that pass keep (all tier-1 and
// tier-2 nodes when keep is nil), with their Ancestors among the kept ones.
func FromSnapshot(s *snapshot.Snapshot, scroll chain.Point, keep func(*snapshot.Node) bool) []Candidate {
	if keep == nil {
		keep = func(n *snapshot.Node) bool { return n.Tier == snapshot.Semantic || n.Tier == snapshot.Interactive }
	}
	byID := make(map[string]*snapshot.Node, len(s.Nodes))
	for _, n := range s.Nodes {
		byID[n.ID] = n
	}
	var out []Candidate
	for _, n := range s.Nodes {
		if !keep(n) {
			continue
		}
		c := FromNode(n, scroll)
		for p, depth := byID[n.Parent], 0; p != nil && depth < 256; p, depth = byID[p.Parent], depth+1 {
			if keep(p) {
				c.Ancestors = append(c.Ancestors, p.ID)
			}
		}
		out = append(out, c)
	}
	return out
}

func (c *Candidate) unknown(a Attr) bool {
	for _, u := range c.Unknown {
		if u == a {
			return true
		}
	}
	return false
}
