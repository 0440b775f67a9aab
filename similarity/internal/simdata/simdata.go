// Package simdata holds the data of the similarity redesign benchmark:
// pages nobody here wrote, captured in Chromium and described as
// similarity healing describes them (candidates) and as the recorder
// describes a target (fingerprints), and pairs of an old and a new page with,
// for each old target, the element it became on the new page or nothing
// (removed).
//
// The data is built once by the generator in ./gen (see its doc) and kept
// as JSON under similarity/testdata/redesign; the benchmark in package
// similarity reads it and never touches a browser.
package simdata

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/qa-chain/chainreplay/chain"
)

// Page is one captured page.
type Page struct {
	// Name is the page's file name without .json: "agency-5.2.2-index".
	Name string `json:"name"`
	// Site is the template or product the page belongs to ("agency");
	// Version its package version.
	Site    string `json:"site"`
	Version string `json:"version"`
	// URL is where it was served when captured.
	URL string `json:"url"`
	// Viewport is the page's viewport in CSS pixels.
	Viewport chain.Size `json:"viewport"`
	// Ops names the redesign operators applied to the page this one was
	// made from, for a synthetic page.
	Ops []string `json:"ops,omitempty"`
	// Nodes are the page's candidates: every element replay's healing
	// would compare for a target of any tag the page's targets have.
	Nodes []Node `json:"nodes"`
}

// Node is one element of a page, described as similarity.FromSnapshot
// describes a candidate, with the facts the benchmark needs besides.
type Node struct {
	Ref       string   `json:"ref"`
	Ancestors []string `json:"ancestors,omitempty"`

	Tag         string            `json:"tag"`
	ID          string            `json:"id,omitempty"`
	Name        string            `json:"name,omitempty"`
	Type        string            `json:"type,omitempty"`
	Classes     []string          `json:"classes,omitempty"`
	Role        string            `json:"role,omitempty"`
	AccessName  string            `json:"access_name,omitempty"`
	Text        string            `json:"text,omitempty"`
	Label       string            `json:"label,omitempty"`
	Placeholder string            `json:"placeholder,omitempty"`
	Title       string            `json:"title,omitempty"`
	Alt         string            `json:"alt,omitempty"`
	AriaLabel   string            `json:"aria_label,omitempty"`
	Href        string            `json:"href,omitempty"`
	Value       string            `json:"value,omitempty"`
	TestIDs     map[string]string `json:"test_ids,omitempty"`
	// XPath is the step-by-step path from the root, positions only where
	// a sibling shares the tag (snapshot.Node.AbsoluteXPath).
	XPath string `json:"xpath,omitempty"`
	// IDXPath is the path from the nearest element with an id, every step
	// with its position (snapshot.Node.XPath).
	IDXPath    string   `json:"idxpath,omitempty"`
	Neighbours []string `json:"neighbours,omitempty"`
	Region     string   `json:"region,omitempty"`
	// Landmarks is the landmark path, Icon the icon of an element without
	// a text (see similarity.Candidate).
	Landmarks []string `json:"landmarks,omitempty"`
	Icon      string   `json:"icon,omitempty"`
	// Box is the border box in document CSS pixels, Screen in viewport
	// ones; nil without a layout box. Pages are captured unscrolled, so
	// Screen is stored only where it differs from Box (ReadPage fills it).
	Box    *chain.Rect `json:"box,omitempty"`
	Screen *chain.Rect `json:"screen,omitempty"`
	// Fixed is set when the element or an ancestor is position: fixed.
	Fixed bool `json:"fixed,omitempty"`
	// TextUnread is set for a container whose text the snapshot does not
	// read: its Text is unknown, not empty.
	TextUnread bool `json:"text_unread,omitempty"`
	// Visible is the snapshot's visibility; Tier its tier (1 semantic, 2
	// interactive by heuristics, 3 structural).
	Visible bool `json:"visible,omitempty"`
	Tier    int  `json:"tier"`
	// SimiloNeighbours is the neighbour text Similo reads: the words, once
	// each and lowercased, of the visible texts (text, else value, else
	// placeholder) of the elements at most 100 px high whose box meets the
	// element's grown by 50 px on every side; empty for an element higher
	// than 100 px or wider than 600. Computed over every element the
	// snapshot keeps, before the page is pruned to its candidates.
	SimiloNeighbours string `json:"similo_neighbours,omitempty"`
	// Actionable is set for an element replay's healing compares whatever
	// the recorded tag (strategies' actionable with no tag): a link, a
	// control, an element with a role, a click handler, a tab stop, a test
	// id, editable content. The others are compared only with targets of
	// their tag.
	Actionable bool `json:"actionable,omitempty"`
	// SimID is the element's identity across a synthetic redesign (0 when
	// none: a copy the redesign made, or a real page).
	SimID int `json:"simid,omitempty"`
	// Fingerprint is the element as the recorder describes a target, for
	// the elements that can be one (visible, actionable, in the top
	// document).
	Fingerprint *chain.Fingerprint `json:"fingerprint,omitempty"`
}

// Pair is an old page, a new page and the targets of the old one.
type Pair struct {
	// Name is "old-page->new-page" for a real pair, the new page's name
	// for a synthetic one.
	Name string `json:"name"`
	// Split is Tuning or HeldOut.
	Split string `json:"split"`
	// Kind is Real or Synthetic.
	Kind string `json:"kind"`
	// Old and New are the pages' names.
	Old     string `json:"old"`
	New     string `json:"new"`
	OldPage *Page  `json:"-"`
	NewPage *Page  `json:"-"`
	Items   []Item `json:"items"`
}

// Item is one target of an old page and the element it became.
type Item struct {
	// Old is the target's Ref in the old page.
	Old string `json:"old"`
	// New are the Refs of the element it became on the new page and of
	// the elements nested in or around it that cover the same box (one
	// visual element, as VON Similo counts them); empty when it was
	// removed.
	New []string `json:"new,omitempty"`
	// Note says how the label was made or what changed.
	Note string `json:"note,omitempty"`
}

// The splits and kinds.
const (
	Tuning    = "tuning"
	HeldOut   = "heldout"
	Real      = "real"
	Synthetic = "synthetic"
)

// ReadPage reads the page name from dir/pages.
func ReadPage(dir, name string) (*Page, error) {
	b, err := os.ReadFile(filepath.Join(dir, "pages", name+".json"))
	if err != nil {
		return nil, fmt.Errorf("simdata: %w", err)
	}
	var p Page
	if err := json.Unmarshal(b, &p); err != nil {
		return nil, fmt.Errorf("simdata: page %s: %w", name, err)
	}
	for i := range p.Nodes {
		if n := &p.Nodes[i]; n.Screen == nil && n.Box != nil {
			r := *n.Box
			n.Screen = &r
		}
	}
	return &p, nil
}

// WritePage writes p to dir/pages/p.Name.json.
func WritePage(dir string, p *Page) error {
	if err := os.MkdirAll(filepath.Join(dir, "pages"), 0o755); err != nil {
		return fmt.Errorf("simdata: %w", err)
	}
	q := *p
	q.Nodes = make([]Node, len(p.Nodes))
	for i, n := range p.Nodes {
		if n.Screen != nil && n.Box != nil && *n.Screen == *n.Box {
			n.Screen = nil
		}
		q.Nodes[i] = n
	}
	b, err := json.Marshal(&q)
	if err != nil {
		return fmt.Errorf("simdata: page %s: %w", p.Name, err)
	}
	return os.WriteFile(filepath.Join(dir, "pages", p.Name+".json"), append(b, '\n'), 0o644)
}

// ByXPath maps the XPaths of p's nodes to their Refs.
func (p *Page) ByXPath() map[string]string {
	m := make(map[string]string, len(p.Nodes))
	for _, n := range p.Nodes {
		if n.XPath != "" {
			m[n.XPath] = n.Ref
		}
	}
	return m
}

// Node returns the node of p with ref, or nil.
func (p *Page) Node(ref string) *Node {
	for i := range p.Nodes {
		if p.Nodes[i].Ref == ref {
			return &p.Nodes[i]
		}
	}
	return nil
}

// ReadLabels reads a real pair's labels from a file of lines
//
//	split <TAB> old page <TAB> new page
//	old XPath <TAB> new XPath, or "removed" <TAB> note
//
// (the first line once, then one line per target; "#" starts a comment
// line). The XPaths are the nodes' XPath fields.
func ReadLabels(file string) (split, oldPage, newPage string, labels [][3]string, err error) {
	f, err := os.Open(file)
	if err != nil {
		return "", "", "", nil, fmt.Errorf("simdata: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	head := false
	for ln := 1; sc.Scan(); ln++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, "\t")
		if !head {
			if len(parts) != 3 {
				return "", "", "", nil, fmt.Errorf("simdata: %s:%d: want split, old page and new page", file, ln)
			}
			split, oldPage, newPage, head = parts[0], parts[1], parts[2], true
			continue
		}
		if len(parts) < 2 {
			return "", "", "", nil, fmt.Errorf("simdata: %s:%d: want old XPath and new XPath or removed", file, ln)
		}
		note := ""
		if len(parts) > 2 {
			note = parts[2]
		}
		labels = append(labels, [3]string{parts[0], parts[1], note})
	}
	if err := sc.Err(); err != nil {
		return "", "", "", nil, fmt.Errorf("simdata: %s: %w", file, err)
	}
	return split, oldPage, newPage, labels, nil
}
