package pagemodel

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/go-rod/rod/lib/proto"
)

// Count is how many elements of a document a locator matched (N), which
// of them, 1-based in tree order, was the described element (I, 0 when it
// was not among them), and the comparison tier the matches needed.
type Count struct {
	N    int `json:"n"`
	I    int `json:"i"`
	Tier int `json:"tier"`
}

// Unique reports whether the locator matched exactly the element.
func (c Count) Unique() bool { return c.N == 1 && c.I == 1 }

// Counts are the counts of the locators the recorder may write, each
// counted by the matching replay uses (Find).
type Counts struct {
	// TestID maps each test id value of the element to its count among
	// every test id attribute.
	TestID      map[string]Count `json:"testid"`
	Role        *Count           `json:"role"`
	Placeholder *Count           `json:"placeholder"`
	Label       *Count           `json:"label"`
	Alt         *Count           `json:"alt"`
	Text        *Count           `json:"text"`
	Title       *Count           `json:"title"`
	ID          *Count           `json:"id"`
	Name        *Count           `json:"name"`
	// Kind counts the elements of the element's tag, input type and role
	// attribute.
	Kind *Count `json:"kind"`
}

// Description is everything the recorder captures of an element
// (js/70_describe.js, describe): the Element and what writing its chain
// needs.
type Description struct {
	Element
	// TextValue is the text locator's value: the text, when it is short
	// (80 characters) and the element is not a form field.
	TextValue string `json:"textValue"`
	// TextInChild says TextValue alone names another element, one inside
	// this one that reads it whole (a list item whose text is its
	// label's): of nested elements reading one text, a text names the
	// innermost (interactive) one, as Chrome's text/ selector does.
	TextInChild bool   `json:"textInChild"`
	Counts      Counts `json:"counts"`
	// CSS is a short selector unique in the element's document (shadow
	// trees included): the element's own attributes, else a path up from
	// it, started, while no step below is a position, at the nearest
	// ancestor an attribute of its own names alone (an id, a test id, a
	// data attribute...); CSSPositional says it holds :nth-of-type or
	// starts at an attribute one of a numbered series.
	CSS           string `json:"css"`
	CSSPositional bool   `json:"cssPositional"`
	// CSSHosts, when set, are the shadow hosts CSS is to be looked for
	// inside, outermost first (a selector for each, as ShadowPath): CSS is
	// then unique in the element's own shadow root only.
	CSSHosts []string `json:"cssHosts,omitempty"`
	// XPath is unique in the document, anchored at an attribute or a text
	// where one is unique, else a path without positions from the nearest
	// ancestor an attribute names alone, else absolute; XPathPositional
	// says a step of it is a position or its anchor is one of a numbered
	// series.
	XPathLocator    string `json:"xpath"`
	XPathPositional bool   `json:"xpathPositional"`
	SiblingIndex    int    `json:"siblingIndex"`
	// Items is how many items alike stand in the repeated group of the
	// element or of the item it is part of (a row, a card), its own
	// included; 0 when it is in none. ItemKind is those items' tag, role
	// attribute and first class ("li.todo", "div[role=row].ag-row").
	Items    int    `json:"items"`
	ItemKind string `json:"itemKind"`
	// Fixed: the element or an ancestor has position: fixed.
	Fixed bool `json:"fixed"`
	// Scrollers are the scroll offsets [x, y] of the scroll containers the
	// element sits in inside its document, outermost first; nil when it is
	// in none (the document's own scroll is Scroll).
	Scrollers [][2]float64 `json:"scrollers"`
	// Scroll is its document's scroll offset.
	Scroll [2]float64 `json:"scroll"`
	// Scope names a part of the page that holds the element by a text
	// unique on the page, and the element inside it: its repeated item (a
	// row, a list item, a card, an operation by its toggle's words), or,
	// for an element whose role and name others share, the section a
	// heading names; nil otherwise.
	Scope *Scope `json:"scope"`
	// Others are the accessible names of the element's counterparts in
	// the other items of its repeated group, those that differ from its
	// own (chain.Fingerprint.OtherNames).
	Others []string `json:"others"`
	// Sim is what similarity healing compares of the element beside the
	// rest (js/78_simfacts.js), as snapshot nodes have it.
	Sim SimFacts `json:"sim"`
}

// SimFacts are the facts of an element similarity healing compares
// beside its attributes and texts (chain.Fingerprint's IDXPath,
// Landmarks and Icon).
type SimFacts struct {
	// IDXPath is the XPath from the nearest element with an id, every
	// step with its position; "" inside a shadow tree.
	IDXPath string `json:"ix"`
	// Landmarks is the space-separated landmark path around the element,
	// outermost first.
	Landmarks string `json:"lm"`
	// Icon names an element without a text by its icons and pictures.
	Icon string `json:"ic"`
}

// Scope names an element as the part of its repeated item or section: the item, an
// element of tag Tag whose text holds Text (Match "contains") or is Text
// (Match "", as people read it), the only one of the page, and
// in it the element by its role and name (InnerType "role", InnerRole and
// InnerValue) or a CSS selector (InnerType "css", InnerValue). N is how
// many elements that names, I which one is the element (1-based). ByTag,
// for an element named by its role and name, names it in the same part
// by its tag and class instead (an assertion on its text must not find
// it by that text); nil otherwise.
type Scope struct {
	Tag   string `json:"tag"`
	Text  string `json:"text"`
	Match string `json:"m"`
	// Also are the texts that named the item better, another item's too
	// then (chain.Strategy.Also).
	Also []string `json:"also"`
	// Beside are the item's other texts that say which item it is
	// (chain.Strategy.Beside).
	Beside []string `json:"beside"`
	// Line says the item holds no words of its own (a grid's frozen row
	// header, a cell of a grid drawn without rows that holds a button):
	// Text names the row on its line, or a cell of its line
	// (chain.Strategy.Line).
	Line bool `json:"line"`
	// Under says the element is not in the item Text names but in the
	// rows under it, in a tree drawn flat (chain.Strategy.Under).
	Under bool `json:"under"`
	// By is "label" where Text is the label of the grid the element
	// stands in ("March 2024" of a calendar's day): a label query, not a
	// text one (chain.Label); "img" where Text is the text alternative of
	// the picture the element's item is named by (a card of a gallery):
	// a role query of images, which names the item each is in.
	By    string `json:"by"`
	Inner struct {
		Type  string `json:"t"`
		Role  string `json:"r"`
		Value string `json:"v"`
	} `json:"inner"`
	N     int         `json:"n"`
	I     int         `json:"i"`
	ByTag *ScopeByTag `json:"alt"`
}

// ScopeByTag is a Scope's element named in the scope's part by a CSS
// selector of its tag and class (Value), N elements named, I which one is
// the element (1-based).
type ScopeByTag struct {
	Value string `json:"v"`
	N     int    `json:"n"`
	I     int    `json:"i"`
}

// DescribeOptions tune Describe.
type DescribeOptions struct {
	// TestIDAttrs are the attributes read as test ids; nil means
	// DefaultTestIDAttrs.
	TestIDAttrs []string
	// GenClass and GenID are regular expressions (JavaScript syntax) for
	// class names and ids that selectors avoid: generated-looking ones,
	// and classes of a passing state (recorder.AvoidedClass).
	GenClass, GenID string
	// Secret says the field was a secret before (its value is never read).
	Secret bool
}

// Describe describes the element obj, a remote object of session s, for
// the recorder: in the JavaScript world obj belongs to (the model is
// installed there on first use), with boxes in the viewport of the
// element's own document. Its Ref names it in a world of its own, for
// this description only.
func Describe(ctx context.Context, s Session, obj proto.RuntimeRemoteObjectID, o DescribeOptions) (*Description, error) {
	w := &World{S: s, group: newGroup(), Clip: [4]float64{-1e9, -1e9, 1e9, 1e9}}
	defer w.release(context.WithoutCancel(ctx))
	str, err := w.callString(ctx, obj, "describe", o.arg())
	if err != nil {
		return nil, err
	}
	return parseDescription(w, str)
}

// arg is o as the page model's describe reads it.
func (o DescribeOptions) arg() map[string]any {
	testIDs := o.TestIDAttrs
	if len(testIDs) == 0 {
		testIDs = DefaultTestIDAttrs
	}
	return map[string]any{"testIds": testIDs, "genClass": o.GenClass, "genID": o.GenID, "secret": o.Secret, "local": true}
}

// JSON is o as the page model's describe reads it, for a page script of
// the engine's own that describes an element in the page itself, with
// the model installed there: the recorder describes a pressed element
// before the page's handlers may take it off. ParseDescription reads the
// answer.
func (o DescribeOptions) JSON() string {
	b, _ := json.Marshal(o.arg())
	return string(b)
}

// ParseDescription reads what the page model's describe answered in the
// page (DescribeOptions.JSON): the element as it was then, its box in the
// viewport of its own document. Its Ref names no element: the page holds
// none for it.
func ParseDescription(s string) (*Description, error) {
	d, err := parseDescription(&World{Clip: [4]float64{-1e9, -1e9, 1e9, 1e9}}, s)
	if d != nil {
		d.Ref = Ref{}
	}
	return d, err
}

// parseDescription reads a describe answer made in world w.
func parseDescription(w *World, str string) (*Description, error) {
	var d Description
	if err := json.Unmarshal([]byte(str), &d); err != nil {
		return nil, fmt.Errorf("pagemodel: describe answer: %w", err)
	}
	var k struct {
		K int `json:"k"`
	}
	_ = json.Unmarshal([]byte(str), &k)
	d.place(w, k.K)
	return &d, nil
}

// FrameInfo describes the <iframe> obj, a remote object of session s, as
// a frame path names it: a CSS selector unique in its document, and where
// its content box starts in its document's viewport.
func FrameInfo(ctx context.Context, s Session, obj proto.RuntimeRemoteObjectID, o DescribeOptions) (css string, x, y float64, err error) {
	w := &World{S: s, group: newGroup()}
	defer w.release(context.WithoutCancel(ctx))
	testIDs := o.TestIDAttrs
	if len(testIDs) == 0 {
		testIDs = DefaultTestIDAttrs
	}
	var info struct {
		CSS string  `json:"css"`
		X   float64 `json:"x"`
		Y   float64 `json:"y"`
	}
	if err := w.callJSON(ctx, obj, "frameInfo", &info, map[string]any{"testIds": testIDs, "genClass": o.GenClass, "genID": o.GenID}); err != nil {
		return "", 0, 0, err
	}
	return info.CSS, info.X, info.Y, nil
}

// DescribeRef describes the element r names, for the recorder, in its
// world, with its box in the page's top viewport and its full frame path.
func (p *Page) DescribeRef(ctx context.Context, r Ref, o DescribeOptions) (*Description, error) {
	obj, err := p.Object(ctx, r, "")
	if err != nil {
		return nil, err
	}
	testIDs := o.TestIDAttrs
	if len(testIDs) == 0 {
		testIDs = p.Options.TestIDs()
	}
	str, err := r.W.callString(ctx, obj, "describe", map[string]any{"testIds": testIDs, "genClass": o.GenClass, "genID": o.GenID, "secret": o.Secret})
	if err != nil {
		return nil, err
	}
	var d Description
	if err := json.Unmarshal([]byte(str), &d); err != nil {
		return nil, fmt.Errorf("pagemodel: describe answer: %w", err)
	}
	d.place(r.W, r.K)
	return &d, nil
}
