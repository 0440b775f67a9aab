package snapshot

import (
	"context"
	"errors"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"
)

// MaxAge is how long a snapshot is fresh (seed 003): older ones are taken anew.
const MaxAge = 30 * time.Second

// Tier sorts nodes by what they are to a user (seed 004).
type Tier int

// The tiers.
const (
	// Semantic: a native or ARIA interactive element or landmark
	// (button, link, textbox, checkbox, heading...).
	Semantic Tier = 1
	// Interactive: a non-semantic element that acts interactive by heuristics
	// (onclick, data-testid, data-test, data-cy, tabindex, clickable classes).
	Interactive Tier = 2
	// Structural: everything else.
	Structural Tier = 3
)

// Rect is a box in viewport CSS pixels of the top-level page.
type Rect struct {
	X, Y, Width, Height float64
}

// Node is one element of the page as the engine sees it.
type Node struct {
	// ID is "node_N", stable within one snapshot.
	ID string `json:"id"`
	// BackendNodeID is the DevTools backend node id.
	BackendNodeID proto.DOMBackendNodeID `json:"backendNodeId"`
	// FrameID is the DevTools frame id of the node's document.
	FrameID proto.PageFrameID `json:"frameId,omitempty"`
	// FramePath holds a CSS selector for each iframe from the top document
	// down to the node's document; empty in the top document.
	FramePath []string `json:"framePath,omitempty"`
	// ShadowPath holds a CSS selector for each shadow host, within the
	// node's document, down to the node's shadow root.
	ShadowPath []string `json:"shadowPath,omitempty"`

	Tag  string `json:"tag"`
	Role string `json:"role,omitempty"`
	Name string `json:"name,omitempty"`
	Tier Tier   `json:"tier"`

	// Attributes of interest (id, class, name, type, href, placeholder,
	// title, alt, aria-label, data-testid...). Password values never appear.
	Attrs map[string]string `json:"attrs,omitempty"`
	// Text is the element's visible text, whitespace-collapsed and capped.
	Text string `json:"text,omitempty"`
	// Label is the text of the element's associated <label>s.
	Label string `json:"label,omitempty"`
	// Value is a form control's current value (never a password's).
	Value string `json:"value,omitempty"`

	Box        Rect `json:"box"`
	InViewport bool `json:"inViewport"`
	Visible    bool `json:"visible"`
	Disabled   bool `json:"disabled,omitempty"`

	// Parent is the ID of the nearest kept ancestor after flattening.
	Parent string `json:"parent,omitempty"`
}

// Snapshot is the page at one moment.
type Snapshot struct {
	URL     string
	TakenAt time.Time
	// Nodes in document order (frames and shadow trees in place).
	Nodes []*Node
}

// Options tune Capture. The zero value captures everything.
type Options struct {
	// AllTiers keeps tier-3 nodes after flattening (the default drops the
	// structural ones that carry nothing, hoisting their children).
	AllTiers bool
}

// ErrNotImplemented is returned until the capture is written.
var ErrNotImplemented = errors.New("snapshot: not implemented")

// Capture takes a snapshot of page.
func Capture(ctx context.Context, page *rod.Page, opts Options) (*Snapshot, error) {
	return nil, ErrNotImplemented
}

// Query selects nodes. Empty fields match anything; strings match after
// whitespace collapsing, exactly unless Substring is set.
type Query struct {
	Role, Name, Text, Label, Placeholder, TestID, Tag string
	// Substring makes Name, Text and Label match as case-insensitive substrings.
	Substring bool
	// FramePath, when non-nil, limits the search to that frame.
	FramePath []string
}

// Find returns the nodes matching q, in document order.
func (s *Snapshot) Find(q Query) []*Node { return nil }

// ByID returns the node with id "node_N".
func (s *Snapshot) ByID(id string) *Node { return nil }

// ByBackendID returns the node with that backend node id.
func (s *Snapshot) ByBackendID(id proto.DOMBackendNodeID) *Node { return nil }

// Stale reports whether s is older than MaxAge.
func (s *Snapshot) Stale() bool { return time.Since(s.TakenAt) > MaxAge }
