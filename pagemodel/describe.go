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
	Counts    Counts `json:"counts"`
	// CSS is a short selector unique in the element's document (shadow
	// trees included); CSSPositional says it holds :nth-of-type.
	CSS           string `json:"css"`
	CSSPositional bool   `json:"cssPositional"`
	// XPath is unique in the document, anchored at an attribute or a text
	// where one is unique, else absolute (XPathPositional).
	XPathLocator    string `json:"xpath"`
	XPathPositional bool   `json:"xpathPositional"`
	SiblingIndex    int    `json:"siblingIndex"`
	// Fixed: the element or an ancestor has position: fixed.
	Fixed bool `json:"fixed"`
	// Scroll is its document's scroll offset.
	Scroll [2]float64 `json:"scroll"`
}

// DescribeOptions tune Describe.
type DescribeOptions struct {
	// GenClass and GenID are regular expressions (JavaScript syntax) for
	// class names and ids that look generated: selectors avoid them.
	GenClass, GenID string
	// Secret says the field was a secret before (its value is never read).
	Secret bool
}

// Describe describes the element obj, a remote object of world w's
// session, for the recorder.
func (p *Page) Describe(ctx context.Context, w *World, obj proto.RuntimeRemoteObjectID, o DescribeOptions) (*Description, error) {
	s, err := w.callString(ctx, obj, "describe", map[string]any{"testIds": p.Options.TestIDs(), "genClass": o.GenClass, "genID": o.GenID, "secret": o.Secret})
	if err != nil {
		return nil, err
	}
	var d Description
	if err := json.Unmarshal([]byte(s), &d); err != nil {
		return nil, fmt.Errorf("pagemodel: describe answer: %w", err)
	}
	var k struct {
		K int `json:"k"`
	}
	_ = json.Unmarshal([]byte(s), &k)
	d.place(w, k.K)
	return &d, nil
}

// WorldOf returns a world for the document of the element obj, a remote
// object of session s: the page's top world when s is the page's session
// and obj is in its top document's realm; otherwise a world of its own
// whose offset the caller sets (the recorder knows its frame's place).
func (p *Page) WorldOf(ctx context.Context, s Session, obj proto.RuntimeRemoteObjectID) (*World, error) {
	w := &World{S: s, group: newGroup(), Clip: [4]float64{-1e9, -1e9, 1e9, 1e9}}
	res, err := proto.RuntimeCallFunctionOn{FunctionDeclaration: `function () { let d = this.ownerDocument; for (let v = d.defaultView; v && v.frameElement; v = v.frameElement.ownerDocument.defaultView) d = v.frameElement.ownerDocument; return d; }`,
		ObjectID: obj, ObjectGroup: w.group, Silent: true}.Call(s.Client(ctx))
	if err != nil {
		return nil, fmt.Errorf("pagemodel: the element's document: %w", err)
	}
	w.doc = res.Result.ObjectID
	return w, nil
}
