package snapshot

import (
	"errors"
	"sync"
	"time"

	"github.com/go-rod/rod/lib/proto"
	"github.com/qa-chain/chainreplay/pagemodel"
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

// String names the tier.
func (t Tier) String() string {
	switch t {
	case Semantic:
		return "semantic"
	case Interactive:
		return "interactive"
	case Structural:
		return "structural"
	}
	return "tier?"
}

// Rect is a box in viewport CSS pixels of the top-level page.
type Rect struct {
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
}

// Center is the middle of r.
func (r Rect) Center() (x, y float64) { return r.X + r.Width/2, r.Y + r.Height/2 }

// Node is one element of the page as the engine sees it.
type Node struct {
	// ID is "node_N", stable within one snapshot: N counts kept nodes in
	// document order (frames and shadow trees in place), from 1.
	ID string `json:"id"`
	// BackendNodeID is the DevTools backend node id. It is filled lazily:
	// 0 until Snapshot.Resolve (or NodeForBackendID) has mapped the node,
	// because asking DevTools for every node's id costs a round trip each.
	BackendNodeID proto.DOMBackendNodeID `json:"backendNodeId,omitempty"`
	// FrameID is the DevTools frame id of the node's document, filled for
	// nodes of cross-origin frames (walked in their own context) and by
	// Resolve; empty for the top document until resolved.
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

	// Attrs of interest (id, class, name, type, href, src, placeholder,
	// title, alt, aria-label, aria-labelledby, role, data-testid,
	// data-test-id, data-test, data-cy, data-qa, for, value, tabindex,
	// onclick, contenteditable).
	// Secrets' values never appear.
	Attrs Attrs `json:"attrs,omitempty"`
	// Text is the element's visible text, whitespace-collapsed and capped
	// at 200 characters; a select's is its options' text. Empty for text
	// controls and for containers (main, form, table, list...), whose
	// text is not read (TextRead).
	Text string `json:"text,omitempty"`
	// Label is the text of the element's associated <label>s, else of the
	// elements its aria-labelledby names (as the recorder reads a label).
	Label string `json:"label,omitempty"`
	// Value is a form control's current value (never a secret's: a
	// password, a one-time code, card data, as the page model tells them).
	Value string `json:"value,omitempty"`
	// Checked is "true", "false" or "mixed" for checkboxes, radios and
	// switches; empty otherwise.
	Checked string `json:"checked,omitempty"`
	// Level is a heading's level (1-6).
	Level int `json:"level,omitempty"`

	Box        Rect `json:"box"`
	InViewport bool `json:"inViewport"`
	Visible    bool `json:"visible"`
	Disabled   bool `json:"disabled,omitempty"`
	// AriaHidden is set when the node or an ancestor has aria-hidden="true".
	AriaHidden bool `json:"ariaHidden,omitempty"`
	// Password marks <input type=password> (whose value is never read).
	Password bool `json:"password,omitempty"`

	// Parent is the ID of the nearest kept ancestor after flattening.
	Parent string `json:"parent,omitempty"`

	// XPath locates the element within its document (or, with a ShadowPath,
	// within its shadow root): from the nearest ancestor with an id
	// (//*[@id="x"]/div[2]/button), else absolute (/html/body/div[2]).
	XPath string `json:"xpath,omitempty"`
	// AbsoluteXPath locates the element from its document's root, with a
	// position only on a step whose element has a sibling of its tag
	// ("/html/body/main/form/button"): the recorder's form, which
	// similarity healing compares with a step's fingerprint. Empty inside
	// a shadow tree, where XPath cannot reach.
	AbsoluteXPath string `json:"absoluteXPath,omitempty"`
	// Neighbours is nearby text for similarity healing, as the recorder
	// gathers it (pagemodel.AppendNeighbours): the node's label, the
	// legend of its fieldset, the nearest preceding heading of its tree (a
	// shadow tree's headings are not the light tree's; a heading's is the
	// one before it), and the text of its table row or list item (tr or li
	// of its own tree, the node itself included) then the values the row's
	// fields show but the node's own (secrets left out), else, for a
	// control nothing labels, the text beside it; each text once.
	Neighbours []string `json:"neighbours,omitempty"`

	// Landmarks are the landmark roles of the element's ancestors,
	// outermost first (similarity.Candidate.Landmarks): an explicit
	// landmark role, a header or footer outside sectioning content
	// (banner, contentinfo), a nav, main, aside, search, form or dialog
	// element, a section with an accessible name (region).
	Landmarks []string `json:"landmarks,omitempty"`
	// Icon names a tier-1 or tier-2 element without a text by its
	// descendant icons and pictures (similarity.Candidate.Icon); empty for
	// an element with a text, a text control or a select.
	Icon string `json:"icon,omitempty"`

	// Selected is set on the elements Options.Select matched.
	Selected bool `json:"-"`

	world      int  // index in Snapshot.worlds
	local      int  // index in that world's element stash
	textUnread bool // a container: Text was not read
}

// TextRead reports whether Text is the element's text; false for a
// container, whose text the walk does not read (an empty Text then says
// nothing of the element).
func (n *Node) TextRead() bool { return !n.textUnread }

// Snapshot is the page at one moment.
type Snapshot struct {
	URL     string    `json:"url"`
	TakenAt time.Time `json:"takenAt"`
	// Nodes in document order (frames and shadow trees in place).
	Nodes []*Node `json:"nodes"`

	// Title is the top document's title.
	Title string `json:"title,omitempty"`
	// Viewport is the top-level viewport's size in CSS pixels.
	Viewport Rect `json:"viewport"`
	// ScrollX and ScrollY are the top page's scroll offset: a node's box
	// plus it is the node's position in the document.
	ScrollX float64 `json:"scrollX"`
	ScrollY float64 `json:"scrollY"`
	// Stats count what was captured.
	Stats Stats `json:"stats"`

	model      *pagemodel.Page
	seq        int64
	worlds     []*world
	visQueries int // checkVisibility calls of the top walk (tests)
	chunks     int // chunks the top walk's answer came in (tests)

	mu        sync.Mutex
	byBackend map[proto.DOMBackendNodeID]*Node
	idxOnce   sync.Once
	idx       *index
}

// Stats count what a capture saw.
type Stats struct {
	// Nodes kept, by tier.
	Semantic    int `json:"semantic"`
	Interactive int `json:"interactive"`
	Structural  int `json:"structural"`
	// Frames walked in their own context (cross-origin), closed shadow
	// roots reached through DevTools.
	RemoteFrames int `json:"remoteFrames"`
	ClosedRoots  int `json:"closedRoots"`
	// Capture is how long Capture took.
	Capture time.Duration `json:"captureNs"`
}

// Options tune Capture. The zero value captures everything.
type Options struct {
	// AllTiers keeps tier-3 nodes after flattening (the default drops the
	// structural ones that carry nothing, hoisting their children).
	AllTiers bool
	// NoClosedShadow skips asking DevTools for closed shadow roots (those
	// the page model keeps already are walked).
	NoClosedShadow bool
	// Select, a CSS selector, marks the elements it matches in every tree
	// scope and frame (Node.Selected) and gives them every attribute.
	Select string
	// NoRemoteFrames skips cross-origin frames (walked in their own
	// execution context or, with site isolation, their own session).
	NoRemoteFrames bool

	// askCursor makes the walker ask every candidate's cursor instead of
	// only where the style sheets can set one (tests compare the two).
	askCursor bool
	// chunk, when not 0, replaces chunkNodes (tests); -1 asks for the
	// answer in one piece.
	chunk int
	// aheadFirst sends the requests for chunks asked ahead before the
	// walk's own (tests: they must be asked again).
	aheadFirst bool
	// aheadLate holds the requests for chunks asked ahead back this long
	// (tests: after a reload they must not reach the page after the walk
	// that replaces the one they were asked of).
	aheadLate time.Duration
}

// ErrStale is returned (wrapped) when a node of an old snapshot is resolved
// after the page moved on (navigation or a newer capture in that frame).
var ErrStale = errors.New("snapshot: node is stale")

// ErrNoNode is returned (wrapped) when a backend node id is not in the snapshot.
var ErrNoNode = errors.New("snapshot: no such node")

// Stale reports whether s is older than MaxAge.
func (s *Snapshot) Stale() bool { return time.Since(s.TakenAt) > MaxAge }
