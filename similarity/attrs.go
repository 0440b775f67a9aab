package similarity

// Attr is one attribute compared between the fingerprint and a candidate.
type Attr int

// The attributes compared, in report order.
const (
	Tag Attr = iota
	ID
	Name
	Type
	Class
	TestID
	Role
	AccessName
	Text
	Label
	Placeholder
	AriaLabel
	Alt
	Title
	Href
	// Icon names an element without a text by its icons (Candidate.Icon).
	Icon
	// Value is the value attribute of a control whose value is fixed by
	// the page (radio, checkbox, option, button), never typed text.
	Value
	Neighbours
	// Region is the name of the landmark or named section around it.
	Region
	// Landmarks is the path of landmark roles around it.
	Landmarks
	XPath
	// IDXPath is the XPath from the nearest element with an id.
	IDXPath
	Location
	// Overlap is how much the candidate's box covers the recorded one
	// (intersection over union), as VON Similo compares elements.
	Overlap
	Area
	Shape
	numAttrs
)

var attrNames = [numAttrs]string{"tag", "id", "name", "type", "class", "testid", "role",
	"accessible_name", "text", "label", "placeholder", "aria-label", "alt", "title", "href", "icon",
	"value", "neighbours", "region", "landmarks", "xpath", "idxpath", "location", "overlap", "area", "shape"}

// String is the attribute's name as reports show it.
func (a Attr) String() string {
	if a < 0 || a >= numAttrs {
		return "attr?"
	}
	return attrNames[a]
}

// Attrs lists every attribute in report order.
func Attrs() []Attr {
	out := make([]Attr, numAttrs)
	for i := range out {
		out[i] = Attr(i)
	}
	return out
}

// Group sorts attributes by the kind of evidence they give.
type Group int

// The groups.
const (
	// Kind: what sort of element it is (tag, type, role). Many elements
	// share it, so it identifies nothing alone.
	Kind Group = iota
	// Identity: what names this element (id, name, classes, test ids,
	// texts, labels, href...).
	Identity
	// Context: where it is (neighbour texts, XPath, location).
	Context
	// Visual: how big, what shape and whether it stayed put (area, aspect
	// ratio, overlap).
	Visual
)

// Group returns the group of a.
func (a Attr) Group() Group {
	switch a {
	case Tag, Type, Role:
		return Kind
	case Neighbours, Region, Landmarks, XPath, IDXPath, Location:
		return Context
	case Overlap, Area, Shape:
		// Overlap says whether it stayed put, not where it stands: an
		// element a redesign moved a little overlaps its old box no more
		// than one across the page, and is no decoy for it.
		return Visual
	}
	return Identity
}

// Weights gives each attribute its weight in the sum. Similo weighs the
// attributes that change rarely (tag, id, name, visible text, neighbour
// text) 1.5 and the volatile ones (class, href, alt, XPath, location, area,
// shape) 0.5; the attributes Similo did not have sit between, by how stable
// they are in practice (a test id is as stable as an id; an accessible name
// usually repeats the text, so it weighs less to avoid counting it twice).
type Weights [numAttrs]float64

// DefaultWeights are the weights Rank uses unless told otherwise.
var DefaultWeights = Weights{
	Tag:         2.5,
	ID:          1.5,
	Name:        0.25,
	Type:        0.25,
	Class:       0.5,
	TestID:      1.5,
	Role:        0.25,
	AccessName:  0.25,
	Text:        2.5,
	Label:       0.25,
	Placeholder: 1.5,
	AriaLabel:   2.5,
	Alt:         0.5,
	Title:       0.25,
	Href:        1.0,
	Icon:        2.5,
	Value:       0.25,
	Neighbours:  1.5,
	Region:      0.25,
	Landmarks:   0.5,
	XPath:       1.0,
	IDXPath:     1.5,
	Location:    0.5,
	Overlap:     0.25,
	Area:        0.5,
	Shape:       2.5,
}
