package recorder

import "github.com/qa-chain/chainreplay/chain"

// Count is how many elements of the target's frame a locator matched at
// record time (N) and which of them, 1-based in tree order, was the target
// (I, 0 when the target was not among them).
type Count struct {
	N int `json:"n"`
	I int `json:"i"`
}

// Unique reports whether the locator matched exactly the target.
func (c Count) Unique() bool { return c.N == 1 && c.I == 1 }

// Box is a rectangle in CSS pixels.
type Box struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
	W float64 `json:"w"`
	H float64 `json:"h"`
}

// Description is what the DOM says about one element, as the in-page
// describe function returns it. Rect is in the viewport of the element's
// own frame.
type Description struct {
	Tag         string            `json:"tag"`
	Secret      bool              `json:"secret"`
	ID          string            `json:"id"`
	Name        string            `json:"name"`
	Type        string            `json:"type"`
	Classes     []string          `json:"classes"`
	Href        string            `json:"href"`
	Placeholder string            `json:"placeholder"`
	Title       string            `json:"title"`
	Alt         string            `json:"alt"`
	AriaLabel   string            `json:"ariaLabel"`
	TestIDs     map[string]string `json:"testids"`
	Value       *string           `json:"value"`
	Checked     *bool             `json:"checked"`
	// Text is the visible text (innerText), TextValue the whitespace-collapsed
	// text content used by the text locator ("" when too long or a form field).
	Text      string `json:"text"`
	TextValue string `json:"textValue"`
	Label     string `json:"label"`
	// Counts holds, per locator ("testid:data-testid", "id", "name",
	// "placeholder", "label", "text", "alt", "title"), its matches in the
	// frame; "kind" counts the elements of the target's tag, input type
	// and role attribute.
	Counts          map[string]Count `json:"counts"`
	CSS             string           `json:"css"`
	CSSPositional   bool             `json:"cssPositional"`
	XPath           string           `json:"xpath"`
	XPathPositional bool             `json:"xpathPositional"`
	ShadowPath      []string         `json:"shadowPath"`
	SiblingIndex    int              `json:"siblingIndex"`
	Neighbours      []string         `json:"neighbours"`
	Region          string           `json:"region"`
	Rect            Box              `json:"rect"`
	// Fixed is set when the element or an ancestor has position: fixed (a
	// modal dialog, a fixed bar): it keeps its place on screen whatever the
	// scroll.
	Fixed         bool `json:"fixed"`
	FrameElements int  `json:"frameElements"`
}

// Element is everything captured about one target: its description, its
// accessibility role and name, where its frame sits, and the page geometry.
type Element struct {
	Desc Description
	// Role and Name are the computed accessibility role, by its WAI-ARIA
	// name (strategies.ARIARole), and name.
	Role, Name string
	// RoleCount is how many nodes of the frame's accessibility tree have the
	// same role and name; RoleCountKnown is false when that query failed.
	RoleCount      Count
	RoleCountKnown bool
	// RoleCountAll counts those nodes with the ones the tree ignores
	// (hidden, inert): how many elements had the role and name at all.
	RoleCountAll int
	// FramePath is the selector of each <iframe> from the top document down.
	FramePath []string
	// FrameOffset is where the element's frame viewport starts in the top
	// viewport, in CSS pixels.
	FrameOffset chain.Point
	// Viewport and Scroll are the top page's layout viewport and scroll position.
	Viewport chain.Size
	Scroll   chain.Point
	// DPR is the device pixel ratio.
	DPR float64
	// Fallback is true when the element could not be described through
	// DevTools and Desc holds only what the page reported with the event.
	Fallback bool
}

// TopRect is the element's box in the top viewport.
func (e *Element) TopRect() chain.Rect {
	r := e.Desc.Rect
	return chain.Rect{X: r.X + e.FrameOffset.X, Y: r.Y + e.FrameOffset.Y, Width: r.W, Height: r.H}
}
