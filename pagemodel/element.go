package pagemodel

import (
	"fmt"
	"slices"
	"strings"
)

// Rect is a box in CSS pixels of the page's top viewport.
type Rect struct {
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
}

// Center is the middle of r.
func (r Rect) Center() (x, y float64) { return r.X + r.Width/2, r.Y + r.Height/2 }

// Ref names one element: the world it was found in and its number in
// that world's registry. The same element found twice in one world has
// one Ref, so Refs compare with ==.
type Ref struct {
	W *World
	K int
}

// Valid reports whether r names an element.
func (r Ref) Valid() bool { return r.W != nil }

// Element is what the model says of one element (js/70_describe.js,
// brief): what a strategy's match is verified with and what similarity
// healing scores.
type Element struct {
	Ref Ref `json:"-"`
	// Tag is the lower-case local name.
	Tag string `json:"tag"`
	// ID, Class, NameAttr, Type, Href, Placeholder, Title, Alt and
	// AriaLabel are the attributes (Type: an input's or a button's type
	// property; Href: a link's resolved href).
	ID          string `json:"id"`
	Class       string `json:"cls"`
	NameAttr    string `json:"nm"`
	Type        string `json:"ty"`
	Href        string `json:"href"`
	Placeholder string `json:"ph"`
	Title       string `json:"ti"`
	Alt         string `json:"alt"`
	AriaLabel   string `json:"al"`
	// TestIDs maps the test id attributes the element carries to their values.
	TestIDs map[string]string `json:"tid"`
	// Role is the computed WAI-ARIA role ("" for none or generic), Name
	// the accessible name.
	Role string `json:"role"`
	Name string `json:"name"`
	// Label is the text of the element's <label>s, else of the elements
	// its aria-labelledby names.
	Label string `json:"lab"`
	// Text is the visible text, white space collapsed, at most 200
	// characters; a select's is its options'; "" for text fields and frames.
	Text string `json:"text"`
	// Value is a form control's value (never a secret's).
	Value string `json:"val"`
	// Checked is "true", "false" or "mixed" for checkboxes, radios and switches.
	Checked string `json:"chk"`
	// Box is the border box in the page's top viewport.
	Box        Rect `json:"-"`
	Visible    bool `json:"vis"`
	Disabled   bool `json:"dis"`
	AriaHidden bool `json:"ah"`
	// Secret is set for a field whose value must never leave the page.
	Secret bool `json:"sec"`
	// XPath is the element's absolute XPath in its document ("" in a shadow tree).
	XPath string `json:"xp"`
	// TreePath, in a shadow tree only, is its path from its document's
	// root through the shadow roots on the way, each a "#shadow-root" step
	// after its host ("/html/body/task-list/#shadow-root/ul/li[2]/button").
	TreePath string `json:"tp"`
	// Neighbours are the texts near it: its label, its fieldset's
	// legend, the heading before it, its row (AppendNeighbours).
	Neighbours Neighbours `json:"nbp"`
	// Region is the name of the nearest landmark or named section around it.
	Region string `json:"rg"`
	// Under are the words of the items of a tree it stands under,
	// outermost first: a file's folders (in a tree drawn flat, the rows
	// before it of lesser aria-level).
	Under []string `json:"up"`
	// ShadowPath and FramePath locate its shadow root and document from
	// the page's top document.
	ShadowPath []string `json:"sp"`
	FramePath  []string `json:"fp"`

	RawBox  [4]float64  `json:"box"`
	RawClip *[4]float64 `json:"clip"`
}

// Path is e's path from its document's root, through shadow roots: its
// XPath, else its TreePath. An element holds another in its document when
// the other's Path begins with its own and "/".
func (e *Element) Path() string {
	if e.XPath != "" {
		return e.XPath
	}
	return e.TreePath
}

// Holds reports whether o is e or stands inside it, through shadow roots,
// in the same document; false when either path is unknown.
func (e *Element) Holds(o *Element) bool {
	pe, po := e.Path(), o.Path()
	if pe == "" || po == "" || !slices.Equal(e.FramePath, o.FramePath) {
		return false
	}
	return po == pe || strings.HasPrefix(po, pe+"/")
}

// Classes are the element's class names.
func (e *Element) Classes() []string { return strings.Fields(e.Class) }

// String names e for people: tag, id and classes ("button#login-btn.btn").
func (e *Element) String() string {
	if e == nil {
		return "<nil>"
	}
	var b strings.Builder
	b.WriteString(e.Tag)
	if e.ID != "" {
		b.WriteString("#" + e.ID)
	}
	for _, c := range e.Classes() {
		b.WriteString("." + c)
	}
	return b.String()
}

// Describe names e for a report: its role and name when it has them, else
// its tag, id and classes.
func (e *Element) Describe() string {
	if e.Role != "" && e.Name != "" {
		return fmt.Sprintf("%s %q", e.Role, e.Name)
	}
	return e.String()
}

// InViewport reports whether at least half of e's box is inside the top
// viewport of size vw × vh and its frames' clip (seed 002).
func (e *Element) InViewport(vw, vh float64) bool {
	if !e.Visible || e.Box.Width <= 0 || e.Box.Height <= 0 {
		return false
	}
	l, t, r, b := 0.0, 0.0, vw, vh
	if w := e.Ref.W; w != nil {
		l, t, r, b = max(l, w.Clip[0]), max(t, w.Clip[1]), min(r, w.Clip[2]), min(b, w.Clip[3])
	}
	if c := e.RawClip; c != nil {
		ox, oy := 0.0, 0.0
		if w := e.Ref.W; w != nil {
			ox, oy = w.X, w.Y
		}
		l, t, r, b = max(l, c[0]+ox), max(t, c[1]+oy), min(r, c[2]+ox), min(b, c[3]+oy)
	}
	ix := max(0, min(e.Box.X+e.Box.Width, r)-max(e.Box.X, l))
	iy := max(0, min(e.Box.Y+e.Box.Height, b)-max(e.Box.Y, t))
	return ix*iy >= 0.5*e.Box.Width*e.Box.Height
}

// place fills Ref, Box and FramePath from the raw answer of world w.
func (e *Element) place(w *World, k int) {
	e.Ref = Ref{W: w, K: k}
	e.Box = Rect{X: e.RawBox[0] + w.X, Y: e.RawBox[1] + w.Y, Width: e.RawBox[2], Height: e.RawBox[3]}
	if len(w.FramePath) > 0 {
		e.FramePath = append(append([]string(nil), w.FramePath...), e.FramePath...)
	}
	if w.Hidden {
		e.Visible = false
	}
}
