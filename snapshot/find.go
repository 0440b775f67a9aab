package snapshot

import (
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/go-rod/rod/lib/proto"
)

// index holds the lookup maps of a snapshot, built on first use.
type index struct {
	byID      map[string]*Node
	byRole    map[string][]*Node // role -> nodes
	byName    map[string][]*Node // normalized name -> nodes
	byText    map[string][]*Node
	byLabel   map[string][]*Node
	byTestID  map[string][]*Node
	lower     map[*Node]*lowered
	lowerOnce sync.Once
}

// lowered holds lower-cased fields for substring queries.
type lowered struct{ name, text, label string }

// Norm collapses runs of white space to one space and trims, the form in
// which names, texts and labels are compared.
func Norm(s string) string {
	if isNorm(s) {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}

// isNorm reports whether s is already normalized (the walker's strings
// nearly always are), without allocating.
func isNorm(s string) bool {
	if s == "" {
		return true
	}
	if s[0] == ' ' || s[len(s)-1] == ' ' {
		return false
	}
	prev := byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' && prev == ' ', c == '\t', c == '\n', c == '\r', c == '\v', c == '\f':
			return false
		case c >= 0x80: // non-ASCII white space (NBSP, U+2000...) is rare: be exact
			return strings.Join(strings.Fields(s), " ") == s
		}
		prev = c
	}
	return true
}

// TestID returns the node's test id: data-testid, data-test-id, data-test, data-cy or data-qa.
func (n *Node) TestID() string {
	for _, k := range testIDAttrs {
		if v, ok := n.Attrs.Lookup(k); ok {
			return v
		}
	}
	return ""
}

var testIDAttrs = []string{"data-testid", "data-test-id", "data-test", "data-cy", "data-qa"}

func (s *Snapshot) index() *index {
	s.idxOnce.Do(func() {
		ix := &index{
			byID:     make(map[string]*Node, len(s.Nodes)),
			byRole:   map[string][]*Node{},
			byName:   map[string][]*Node{},
			byText:   map[string][]*Node{},
			byLabel:  map[string][]*Node{},
			byTestID: map[string][]*Node{},
		}
		for _, n := range s.Nodes {
			ix.byID[n.ID] = n
			if n.Role != "" {
				ix.byRole[n.Role] = append(ix.byRole[n.Role], n)
			}
			if n.Name != "" {
				k := Norm(n.Name)
				ix.byName[k] = append(ix.byName[k], n)
			}
			if n.Text != "" {
				k := Norm(n.Text)
				ix.byText[k] = append(ix.byText[k], n)
			}
			if n.Label != "" {
				k := Norm(n.Label)
				ix.byLabel[k] = append(ix.byLabel[k], n)
			}
			for _, a := range testIDAttrs {
				if v, ok := n.Attrs.Lookup(a); ok {
					ix.byTestID[v] = append(ix.byTestID[v], n)
				}
			}
		}
		s.idx = ix
	})
	return s.idx
}

// Find returns the nodes matching q, in document order.
func (s *Snapshot) Find(q Query) []*Node {
	ix := s.index()
	// Start from the smallest exact candidate list the query allows.
	cands := s.Nodes
	narrow := func(l []*Node) {
		if len(l) < len(cands) {
			cands = l
		}
	}
	if q.TestID != "" {
		narrow(ix.byTestID[q.TestID])
	}
	if !q.Substring {
		if q.Name != "" {
			narrow(ix.byName[Norm(q.Name)])
		}
		if q.Text != "" {
			narrow(ix.byText[Norm(q.Text)])
		}
		if q.Label != "" {
			narrow(ix.byLabel[Norm(q.Label)])
		}
	}
	if q.Role != "" {
		narrow(ix.byRole[q.Role])
	}
	var out []*Node
	for _, n := range cands {
		if s.match(n, q) {
			out = append(out, n)
		}
	}
	return out
}

// Query selects nodes. Empty fields match anything; strings match after
// whitespace collapsing, exactly unless Substring is set.
type Query struct {
	Role, Name, Text, Label, Placeholder, TestID, Tag string
	// Substring makes Name, Text and Label match as case-insensitive substrings.
	Substring bool
	// FramePath, when non-nil, limits the search to that frame.
	FramePath []string
	// VisibleOnly drops nodes that are not visible.
	VisibleOnly bool
	// MaxTier, when set, drops nodes of a higher tier (1: semantic only).
	MaxTier Tier
}

func (s *Snapshot) match(n *Node, q Query) bool {
	if q.Role != "" && n.Role != q.Role {
		return false
	}
	if q.Tag != "" && !strings.EqualFold(n.Tag, q.Tag) {
		return false
	}
	if q.TestID != "" && n.TestID() != q.TestID {
		return false
	}
	if q.Placeholder != "" && Norm(n.Attrs.Get("placeholder")) != Norm(q.Placeholder) {
		return false
	}
	if q.VisibleOnly && !n.Visible {
		return false
	}
	if q.MaxTier != 0 && n.Tier > q.MaxTier {
		return false
	}
	if q.FramePath != nil && !slices.Equal(n.FramePath, q.FramePath) {
		return false
	}
	if q.Name == "" && q.Text == "" && q.Label == "" {
		return true
	}
	if q.Substring {
		lw := s.lowered(n)
		return (q.Name == "" || strings.Contains(lw.name, strings.ToLower(Norm(q.Name)))) &&
			(q.Text == "" || strings.Contains(lw.text, strings.ToLower(Norm(q.Text)))) &&
			(q.Label == "" || strings.Contains(lw.label, strings.ToLower(Norm(q.Label))))
	}
	return (q.Name == "" || Norm(n.Name) == Norm(q.Name)) &&
		(q.Text == "" || Norm(n.Text) == Norm(q.Text)) &&
		(q.Label == "" || Norm(n.Label) == Norm(q.Label))
}

func (s *Snapshot) lowered(n *Node) *lowered {
	ix := s.index()
	ix.lowerOnce.Do(func() {
		ix.lower = make(map[*Node]*lowered, len(s.Nodes))
		all := make([]lowered, len(s.Nodes))
		for i, m := range s.Nodes {
			all[i] = lowered{strings.ToLower(Norm(m.Name)), strings.ToLower(Norm(m.Text)), strings.ToLower(Norm(m.Label))}
			ix.lower[m] = &all[i]
		}
	})
	if l := ix.lower[n]; l != nil {
		return l
	}
	return &lowered{strings.ToLower(Norm(n.Name)), strings.ToLower(Norm(n.Text)), strings.ToLower(Norm(n.Label))}
}

// ByID returns the node with id "node_N", or nil.
func (s *Snapshot) ByID(id string) *Node {
	if n, ok := strings.CutPrefix(id, "node_"); ok {
		if i, err := strconv.Atoi(n); err == nil && i >= 1 && i <= len(s.Nodes) && s.Nodes[i-1].ID == id {
			return s.Nodes[i-1]
		}
	}
	return s.index().byID[id]
}

// ByBackendID returns the node with that backend node id, among the nodes
// whose backend id is known (see Resolve and NodeForBackendID), or nil.
func (s *Snapshot) ByBackendID(id proto.DOMBackendNodeID) *Node {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.byBackend[id]
}

// ParentOf returns n's parent in the flattened tree, or nil at the top.
func (s *Snapshot) ParentOf(n *Node) *Node {
	if n.Parent == "" {
		return nil
	}
	return s.ByID(n.Parent)
}

// Children returns the nodes whose Parent is n, in document order.
func (s *Snapshot) Children(n *Node) []*Node {
	var out []*Node
	for _, c := range s.Nodes {
		if c.Parent == n.ID {
			out = append(out, c)
		}
	}
	return out
}
