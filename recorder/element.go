package recorder

import (
	"strings"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/pagemodel"
)

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
	// TextInChild says a child element reads all of TextValue: the text
	// names el only as the element of its tag holding it.
	TextInChild bool   `json:"textInChild,omitempty"`
	Label       string `json:"label"`
	// Counts holds, per locator ("testid:VALUE" for each test id value,
	// "id", "name", "placeholder", "label", "text", "alt", "title"), its
	// matches in the frame, counted as replay counts them; "kind" counts
	// the elements of the target's tag, input type and role attribute.
	Counts        map[string]Count `json:"counts"`
	CSS           string           `json:"css"`
	CSSPositional bool             `json:"cssPositional"`
	// CSSHosts are the shadow hosts CSS is looked for inside, outermost
	// first (pagemodel.Description's).
	CSSHosts        []string `json:"cssHosts,omitempty"`
	XPath           string   `json:"xpath"`
	XPathPositional bool     `json:"xpathPositional"`
	ShadowPath      []string `json:"shadowPath"`
	SiblingIndex    int      `json:"siblingIndex"`
	// Items and ItemKind are its repeated group's size and kind
	// (pagemodel.Description's).
	Items      int      `json:"items"`
	ItemKind   string   `json:"itemKind"`
	Neighbours []string `json:"neighbours"`
	Region     string   `json:"region"`
	// Under are the words of the tree items it stands under
	// (chain.Fingerprint's).
	Under []string `json:"under,omitempty"`
	// IDXPath, Landmarks and Icon are what similarity healing compares
	// beside the rest (chain.Fingerprint's).
	IDXPath   string   `json:"idxpath,omitempty"`
	Landmarks []string `json:"landmarks,omitempty"`
	Icon      string   `json:"icon,omitempty"`
	Rect      Box      `json:"rect"`
	// Scope names the element as the part of its repeated item (a row, a
	// list item, a card) or, where others share its role and name, of the
	// section a heading names; nil when nothing names it so.
	Scope *pagemodel.Scope `json:"scope"`
	// Others are the names of the element's counterparts in its repeated
	// group (chain.Fingerprint.OtherNames).
	Others []string `json:"others,omitempty"`
	// Fixed is set when the element or an ancestor has position: fixed (a
	// modal dialog, a fixed bar): it keeps its place on screen whatever the
	// scroll.
	Fixed bool `json:"fixed"`
	// Scrollers are the offsets of the scrolled containers the element
	// sits in (pagemodel.Description.Scrollers).
	Scrollers [][2]float64 `json:"scrollers,omitempty"`
}

// Element is everything captured about one target: its description, its
// role and accessible name, where its frame sits, and the page geometry.
type Element struct {
	Desc Description
	// Role and Name are the WAI-ARIA role and the accessible name the page
	// model computes.
	Role, Name string
	// RoleCount is how many elements of the frame have the same role and
	// name (rendered or not), and which of them this one is; RoleCountKnown
	// is false when it was not counted.
	RoleCount      Count
	RoleCountKnown bool
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

// fill fills e from the page model's description d.
func (e *Element) fill(d *pagemodel.Description) {
	e.Role, e.Name = d.Role, d.Name
	if c := d.Counts.Role; c != nil {
		e.RoleCount, e.RoleCountKnown = Count{N: c.N, I: c.I}, true
	}
	desc := Description{
		Tag: d.Tag, Secret: d.Secret, ID: d.ID, Name: d.NameAttr, Type: d.Type, Classes: d.Classes(), Href: d.Href,
		Placeholder: d.Placeholder, Title: d.Title, Alt: d.Alt, AriaLabel: d.AriaLabel, TestIDs: d.TestIDs,
		Text: d.Text, TextValue: d.TextValue, TextInChild: d.TextInChild, Label: d.Label, CSS: d.CSS, CSSPositional: d.CSSPositional, CSSHosts: d.CSSHosts,
		XPath: d.XPathLocator, XPathPositional: d.XPathPositional, ShadowPath: d.ShadowPath, SiblingIndex: d.SiblingIndex, Items: d.Items, ItemKind: d.ItemKind,
		Neighbours: d.Neighbours, Region: d.Region, Under: d.Under, Fixed: d.Fixed, Scrollers: d.Scrollers, Scope: d.Scope, Others: d.Others,
		IDXPath: d.Sim.IDXPath, Landmarks: strings.Fields(d.Sim.Landmarks), Icon: d.Sim.Icon,
		Rect:   Box{X: d.RawBox[0], Y: d.RawBox[1], W: d.RawBox[2], H: d.RawBox[3]},
		Counts: map[string]Count{},
	}
	if !d.Secret && (d.Tag == "input" || d.Tag == "textarea" || d.Tag == "select") {
		v := d.Value
		desc.Value = &v
	}
	if d.Tag == "input" && (d.Type == "checkbox" || d.Type == "radio") {
		b := d.Checked == "true"
		desc.Checked = &b
	}
	put := func(k string, c *pagemodel.Count) {
		if c != nil {
			desc.Counts[k] = Count{N: c.N, I: c.I}
		}
	}
	for v, c := range d.Counts.TestID {
		desc.Counts["testid:"+v] = Count{N: c.N, I: c.I}
	}
	put("placeholder", d.Counts.Placeholder)
	put("label", d.Counts.Label)
	put("alt", d.Counts.Alt)
	put("text", d.Counts.Text)
	put("title", d.Counts.Title)
	put("id", d.Counts.ID)
	put("name", d.Counts.Name)
	put("kind", d.Counts.Kind)
	e.Desc = desc
}
