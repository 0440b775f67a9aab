package similarity

import (
	"testing"

	"github.com/qa-chain/chainreplay/chain"
)

// part returns the part of s for a, and whether it was compared.
func part(s Score, a Attr) (Part, bool) {
	for _, p := range s.Parts {
		if p.Attr == a {
			return p, true
		}
	}
	return Part{}, false
}

func TestEachAttributeIsCompared(t *testing.T) {
	box := &chain.Rect{X: 10, Y: 10, Width: 100, Height: 20}
	for _, tc := range []struct {
		attr   Attr
		fp     chain.Fingerprint
		c      Candidate
		lo, hi float64
	}{
		{Tag, chain.Fingerprint{Tag: "button"}, Candidate{Tag: "BUTTON"}, 1, 1},
		// A link and a button are near (a redesign turns one into the
		// other); a button and a select are not.
		{Tag, chain.Fingerprint{Tag: "button"}, Candidate{Tag: "a"}, TagNear, TagNear},
		{Tag, chain.Fingerprint{Tag: "button"}, Candidate{Tag: "select"}, 0, 0},
		{ID, chain.Fingerprint{ID: "login-btn"}, Candidate{ID: "login-button"}, 0.6, 0.85},
		// Ids differing in the one token that tells them apart.
		{ID, chain.Fingerprint{ID: "link-box-en"}, Candidate{ID: "link-box-de"}, 0.4, 0.5},
		{ID, chain.Fingerprint{ID: "navHome"}, Candidate{ID: "nav-home"}, 1, 1},
		{Name, chain.Fingerprint{Name: "email"}, Candidate{Name: "email"}, 1, 1},
		{Type, chain.Fingerprint{Type: "submit"}, Candidate{Type: "button"}, 0, 0},
		{Type, chain.Fingerprint{Tag: "input", Type: "text"}, Candidate{Tag: "input"}, 1, 1}, // the default type
		{Class, chain.Fingerprint{Classes: []string{"btn", "primary"}}, Candidate{Classes: []string{"btn", "large"}}, 1.0 / 3, 1.0 / 3},
		{TestID, chain.Fingerprint{TestIDs: map[string]string{"data-testid": "submit"}}, Candidate{TestIDs: map[string]string{"data-test": "submit"}}, 0.9, 0.9},
		{Role, chain.Fingerprint{Role: "button"}, Candidate{Role: "button"}, 1, 1},
		{AccessName, chain.Fingerprint{AccessName: "Sign in"}, Candidate{AccessName: "Sign in now"}, 0.66, 0.67},
		{Text, chain.Fingerprint{Text: "Add to cart"}, Candidate{Text: "Add to basket"}, 0.5, 0.5},
		{Label, chain.Fingerprint{Label: "Email"}, Candidate{Label: "E-mail"}, 1, 1},
		{Placeholder, chain.Fingerprint{Placeholder: "you@example.com"}, Candidate{Placeholder: "you@example.org"}, 0.6, 0.7},
		{AriaLabel, chain.Fingerprint{AriaLabel: "Close dialog"}, Candidate{AriaLabel: "Close"}, 0.5, 0.5},
		{Alt, chain.Fingerprint{Alt: "Company logo"}, Candidate{Alt: "Company logo"}, 1, 1},
		{Title, chain.Fingerprint{Title: "Settings"}, Candidate{Title: "Preferences"}, 0, 0.1},
		{Href, chain.Fingerprint{Href: "http://127.0.0.1:8080/list.html"}, Candidate{Href: "http://127.0.0.1:9090/list.html"}, 1, 1},
		{Value, chain.Fingerprint{Tag: "input", Type: "radio", Value: "express"}, Candidate{Tag: "input", Type: "radio", Value: "standard"}, 0, 0},
		{Value, chain.Fingerprint{Tag: "option", Value: "dark"}, Candidate{Tag: "option", Value: "dark"}, 1, 1},
		{Neighbours, chain.Fingerprint{Neighbours: []string{"Email", "Password"}}, Candidate{Neighbours: []string{"Password", "Remember me"}}, 0.5, 0.5}, // one of two texts shared, each way
		{Region, chain.Fingerprint{Region: "All products"}, Candidate{Region: "Staff picks"}, 0, 0},
		{Region, chain.Fingerprint{Region: "Shipping address"}, Candidate{Region: "Shipping addresses"}, 1, 1},
		{XPath, chain.Fingerprint{XPath: "/html/body/main/form/button"}, Candidate{XPath: "/html/body/main/div/form/button"}, 0.75, 0.75},
		{Location, chain.Fingerprint{Box: box}, Candidate{Box: &chain.Rect{X: 10, Y: 60, Width: 100, Height: 20}}, 0.8, 0.8},
		// In a fixed layer the place on screen counts, not the document
		// place that moved with the scroll; without a screen box on either
		// side, the document box.
		{Location, chain.Fingerprint{Box: box, ScreenBox: &chain.Rect{X: 10, Y: 10, Width: 100, Height: 20}},
			Candidate{Box: &chain.Rect{X: 10, Y: 610, Width: 100, Height: 20}, Screen: &chain.Rect{X: 10, Y: 10, Width: 100, Height: 20}}, 1, 1},
		{Location, chain.Fingerprint{Box: box, ScreenBox: &chain.Rect{X: 10, Y: 10, Width: 100, Height: 20}},
			Candidate{Box: &chain.Rect{X: 10, Y: 60, Width: 100, Height: 20}}, 0.8, 0.8},
		{Location, chain.Fingerprint{Box: box},
			Candidate{Box: &chain.Rect{X: 10, Y: 610, Width: 100, Height: 20}, Screen: &chain.Rect{X: 10, Y: 10, Width: 100, Height: 20}}, 0, 0},
		{Area, chain.Fingerprint{Box: box}, Candidate{Box: &chain.Rect{Width: 200, Height: 20}}, 0.5, 0.5},
		{Shape, chain.Fingerprint{Box: box}, Candidate{Box: &chain.Rect{Width: 100, Height: 40}}, 0.5, 0.5},
	} {
		s := NewReference(tc.fp, DefaultWeights).Score(&tc.c)
		p, ok := part(s, tc.attr)
		if !ok {
			t.Errorf("%s: not compared; parts %+v", tc.attr, s.Parts)
			continue
		}
		if p.Sim < tc.lo-1e-3 || p.Sim > tc.hi+1e-3 {
			t.Errorf("%s: sim %.3f, want in [%.2f, %.2f]", tc.attr, p.Sim, tc.lo, tc.hi)
		}
		if p.Weight != DefaultWeights[tc.attr] {
			t.Errorf("%s: weight %v, want %v", tc.attr, p.Weight, DefaultWeights[tc.attr])
		}
	}
}

func TestMissingOnBothSidesIsIgnored(t *testing.T) {
	s := NewReference(chain.Fingerprint{Tag: "button"}, DefaultWeights).Score(&Candidate{Tag: "button"})
	if len(s.Parts) != 1 || s.Raw != 1 {
		t.Fatalf("only the tag is known on either side: parts %+v raw %.3f, want one part and 1", s.Parts, s.Raw)
	}
	if s.Identity != -1 || s.Context != -1 || s.Value != 1 {
		t.Errorf("no identity or context to compare: identity %.2f context %.2f value %.2f, want -1 -1 1", s.Identity, s.Context, s.Value)
	}
}

func TestMissingOnOneSideCountsAsMismatchAtPartWeight(t *testing.T) {
	ref := NewReference(chain.Fingerprint{Tag: "button", ID: "go"}, DefaultWeights)
	s := ref.Score(&Candidate{Tag: "button"})
	p, ok := part(s, ID)
	if !ok || p.Sim != 0 || p.Weight != OneSided*DefaultWeights[ID] {
		t.Fatalf("recorded id, candidate without one: part %+v ok %v, want compared at 0 with weight %.2f", p, ok, OneSided*DefaultWeights[ID])
	}
	w := DefaultWeights
	if want := w[Tag] / (w[Tag] + OneSided*w[ID]); !near(s.Raw, want) {
		t.Errorf("raw %.3f, want %.3f (the tag's weight of itself and the id's half weight)", s.Raw, want)
	}
	// A different id costs more than a removed one.
	if d := ref.Score(&Candidate{Tag: "button", ID: "zz"}); !(d.Raw < s.Raw) {
		t.Errorf("id changed: raw %.3f, id removed: %.3f; a conflicting value must cost more than a missing one", d.Raw, s.Raw)
	}
	// And the other way round: the candidate has a title the recorded element had not.
	s = NewReference(chain.Fingerprint{Tag: "button"}, DefaultWeights).Score(&Candidate{Tag: "button", Title: "Help"})
	if p, ok := part(s, Title); !ok || p.Sim != 0 || p.Weight != OneSided*DefaultWeights[Title] {
		t.Errorf("candidate-only title: part %+v ok %v, want compared at 0 with half weight", p, ok)
	}
	// Test ids and classes too.
	s = NewReference(chain.Fingerprint{Tag: "button", TestIDs: map[string]string{"data-testid": "go"}, Classes: []string{"btn"}}, DefaultWeights).Score(&Candidate{Tag: "button"})
	for _, a := range []Attr{TestID, Class} {
		if p, ok := part(s, a); !ok || p.Sim != 0 || p.Weight != OneSided*DefaultWeights[a] {
			t.Errorf("%s removed: part %+v ok %v, want compared at 0 with half weight", a, p, ok)
		}
	}
}

func TestUnknownAttributesAreLeftOut(t *testing.T) {
	fp := chain.Fingerprint{Tag: "button", XPath: "/html/body/button", Neighbours: []string{"Total"}}
	c := Candidate{Tag: "button", Unknown: []Attr{XPath, Neighbours}}
	s := NewReference(fp, DefaultWeights).Score(&c)
	if len(s.Parts) != 1 || s.Raw != 1 {
		t.Errorf("parts %+v raw %.2f: attributes the source cannot see must not count against it", s.Parts, s.Raw)
	}
}

func TestSearchXPathIsNotCompared(t *testing.T) {
	fp := chain.Fingerprint{Tag: "button", XPath: `//*[@id="login-btn"]`}
	s := NewReference(fp, DefaultWeights).Score(&Candidate{Tag: "button", XPath: "/html/body/button"})
	if _, ok := part(s, XPath); ok {
		t.Errorf("an id-based recorded XPath has no segments to compare, yet it was scored: %+v", s.Parts)
	}
}

func TestStableAttributesWeighMore(t *testing.T) {
	fp := chain.Fingerprint{Tag: "button", ID: "save", Classes: []string{"btn"}}
	ref := NewReference(fp, DefaultWeights)
	idLost := ref.Score(&Candidate{Tag: "button", ID: "other", Classes: []string{"btn"}})
	classLost := ref.Score(&Candidate{Tag: "button", ID: "save", Classes: []string{"zz"}})
	if !(idLost.Raw < classLost.Raw) {
		t.Errorf("losing the id (%.3f) must cost more than losing a class (%.3f)", idLost.Raw, classLost.Raw)
	}
	// Custom weights are honoured.
	w := DefaultWeights
	w[Class], w[ID] = 3, 0.1
	ref = NewReference(fp, w)
	if a, b := ref.Score(&Candidate{Tag: "button", ID: "other", Classes: []string{"btn"}}), ref.Score(&Candidate{Tag: "button", ID: "save", Classes: []string{"zz"}}); !(a.Raw > b.Raw) {
		t.Errorf("with class weighing 3 and id 0.1, losing the class (%.3f) must cost more than the id (%.3f)", b.Raw, a.Raw)
	}
	// A zero weight drops the attribute.
	w[Class] = 0
	if _, ok := part(NewReference(fp, w).Score(&Candidate{Tag: "button", Classes: []string{"btn"}}), Class); ok {
		t.Error("an attribute of weight 0 was compared")
	}
}

func TestRawScoreIsTheWeightedMean(t *testing.T) {
	fp := chain.Fingerprint{Tag: "button", Text: "Sign in", Classes: []string{"a", "b"}}
	s := NewReference(fp, DefaultWeights).Score(&Candidate{Tag: "button", Text: "Sign in", Classes: []string{"a"}})
	w := DefaultWeights
	want := (w[Tag]*1 + w[Text]*1 + w[Class]*0.5) / (w[Tag] + w[Text] + w[Class])
	if !near(s.Raw, want) {
		t.Errorf("raw %.4f, want %.4f", s.Raw, want)
	}
}

func TestCorroboration(t *testing.T) {
	ref := NewReference(recordedSubmit(), DefaultWeights)
	real, dec, rep := submit(), decoy(), replacement()
	sr, sd, sp := ref.Score(&real), ref.Score(&dec), ref.Score(&rep)
	if sr.Value != sr.Raw || sr.Raw != 1 {
		t.Errorf("the unchanged element: raw %.3f value %.3f, want 1 and undamped", sr.Raw, sr.Value)
	}
	if !(sd.Context < ContextFull && sd.Value < sd.Raw) {
		t.Errorf("decoy: context %.3f raw %.3f value %.3f: elsewhere among other neighbours must be damped", sd.Context, sd.Raw, sd.Value)
	}
	if !(sp.Identity < IdentityFull && sp.Value < sp.Raw) {
		t.Errorf("replacement: identity %.3f raw %.3f value %.3f: named nothing like the target must be damped", sp.Identity, sp.Raw, sp.Value)
	}
	t.Logf("decoy raw %.3f identity %.3f context %.3f value %.3f", sd.Raw, sd.Identity, sd.Context, sd.Value)
	t.Logf("replacement raw %.3f identity %.3f context %.3f value %.3f", sp.Raw, sp.Identity, sp.Context, sp.Value)
	rd := redesigned()
	s := ref.Score(&rd)
	t.Logf("redesigned raw %.3f identity %.3f context %.3f value %.3f", s.Raw, s.Identity, s.Context, s.Value)
}

func TestAnchoredCandidateXPathIsNotCompared(t *testing.T) {
	fp := chain.Fingerprint{Tag: "button", XPath: "/html/body/main/form/button"}
	for _, x := range []string{"", `//*[@id="main"]/form/button`} {
		s := NewReference(fp, DefaultWeights).Score(&Candidate{Tag: "button", XPath: x})
		if _, ok := part(s, XPath); ok {
			t.Errorf("candidate xpath %q cannot be compared step by step, yet it was scored", x)
		}
	}
}

// A text field's value is what a person typed, not what names the field.
func TestTypedValueIsNotCompared(t *testing.T) {
	fp := chain.Fingerprint{Tag: "input", Type: "text", Value: "Ada"}
	s := NewReference(fp, DefaultWeights).Score(&Candidate{Tag: "input", Type: "text", Value: "Grace"})
	if _, ok := part(s, Value); ok {
		t.Errorf("a typed value was compared: %+v", s.Parts)
	}
}

// Radio options of one group share name, role, type and legend; their
// fixed values tell them apart.
func TestRadioOptionsDifferByValue(t *testing.T) {
	fp := chain.Fingerprint{Tag: "input", Type: "radio", Role: "radio", Name: "delivery", Value: "express",
		Label: "Express delivery", Neighbours: []string{"Express delivery", "Delivery"}}
	ref := NewReference(fp, DefaultWeights)
	other := ref.Score(&Candidate{Tag: "input", Type: "radio", Role: "radio", Name: "delivery", Value: "standard",
		Label: "Standard delivery", Neighbours: []string{"Standard delivery", "Delivery"}})
	if other.Value >= DefaultFloor {
		t.Errorf("the standard option scores %.3f against the recorded express one, want under the floor %.2f; parts %+v", other.Value, DefaultFloor, other.Parts)
	}
	// The same option reworded keeps its value: not another option.
	same := ref.Score(&Candidate{Tag: "input", Type: "radio", Role: "radio", Name: "delivery", Value: "express",
		Label: "Express shipping", Neighbours: []string{"Express shipping", "Delivery"}})
	if same.OtherOption || same.Value <= other.Value {
		t.Errorf("the express option reworded scores %.3f (other option: %v), the standard one %.3f", same.Value, same.OtherOption, other.Value)
	}
}

// A copy of a card, test id included, placed in another section of the
// page loses to the original by the section it stands in.
func TestCopyInAnotherRegionLoses(t *testing.T) {
	fp, cands := copyInAnotherRegion()
	r := Rank(fp, cands, Options{})
	if r.Outcome != Found || r.Best.Candidate.Ref != "real" {
		t.Fatalf("%v best %+v margin %.3f, want the card in All products found", r.Outcome, r.Best, r.Margin)
	}
}

// copyInAnotherRegion is a card's button recorded in "All products" and
// the page where a copy of the card stands first, in "Staff picks".
func copyInAnotherRegion() (chain.Fingerprint, []Candidate) {
	card := func(region string, y float64) Candidate {
		return Candidate{Tag: "button", Type: "button", Role: "button", AccessName: "Add to cart", Text: "Add to cart",
			Classes: []string{"add"}, TestIDs: map[string]string{"data-testid": "add-copper-kettle"},
			Neighbours: []string{"Copper kettle", "Copper kettle $79.00 Add to cart"}, Region: region,
			Box: &chain.Rect{X: 600, Y: y, Width: 170, Height: 35}}
	}
	fp := chain.Fingerprint{Tag: "button", Type: "button", Role: "button", AccessName: "Add to cart", Text: "Add to cart",
		Classes: []string{"add"}, TestIDs: map[string]string{"data-testid": "add-copper-kettle"},
		Neighbours: []string{"Copper kettle", "Copper kettle $79.00 Add to cart"}, Region: "All products",
		Box: &chain.Rect{X: 600, Y: 1150, Width: 170, Height: 35}}
	copyFirst := card("Staff picks", 300)
	copyFirst.Ref = "copy"
	real := card("All products", 1600)
	real.Ref = "real"
	return fp, []Candidate{copyFirst, real}
}

// The recorder keeps what Chromium and the DOM say of an element (a.href
// resolved, role "generic", a checkbox's value "on"); replay reads the
// page's attributes and computes roles. The same element must compare as
// equal on those attributes, and different ones still differ.
func TestRecordedAndLiveFormsOfOneElementAgree(t *testing.T) {
	for _, c := range []struct {
		name string
		attr Attr
		fp   chain.Fingerprint
		live Candidate
		want float64
	}{
		{"fragment link", Href, chain.Fingerprint{Tag: "a", Href: "http://127.0.0.1:8080/docs/page.html#help"}, Candidate{Tag: "a", Href: "#help"}, 1},
		{"relative link", Href, chain.Fingerprint{Tag: "a", Href: "http://127.0.0.1:8080/docs/login.html"}, Candidate{Tag: "a", Href: "login.html"}, 1},
		{"link up a folder", Href, chain.Fingerprint{Tag: "a", Href: "https://shop.example/index.html"}, Candidate{Tag: "a", Href: "../index.html"}, 1},
		{"query link", Href, chain.Fingerprint{Tag: "a", Href: "https://shop.example/list?page=2"}, Candidate{Tag: "a", Href: "?page=2"}, 1},
		{"recorded relative", Href, chain.Fingerprint{Tag: "a", Href: "./cart.html"}, Candidate{Tag: "a", Href: "https://shop.example/a/cart.html"}, 1},
		{"another fragment", Href, chain.Fingerprint{Tag: "a", Href: "http://127.0.0.1:8080/page.html#help"}, Candidate{Tag: "a", Href: "#home"}, -1},
		{"another page", Href, chain.Fingerprint{Tag: "a", Href: "http://127.0.0.1:8080/login.html"}, Candidate{Tag: "a", Href: "logout.html"}, -1},
		{"a name's tail is not a page", Href, chain.Fingerprint{Tag: "a", Href: "http://127.0.0.1:8080/mylogin.html"}, Candidate{Tag: "a", Href: "login.html"}, -1},
		{"checkbox without a value", Value, chain.Fingerprint{Tag: "input", Type: "checkbox", Value: "on"}, Candidate{Tag: "input", Type: "checkbox"}, 1},
		{"radio without a value", Value, chain.Fingerprint{Tag: "input", Type: "radio", Value: "on"}, Candidate{Tag: "input", Type: "radio"}, 1},
		{"checkbox with another value", Value, chain.Fingerprint{Tag: "input", Type: "checkbox", Value: "on"}, Candidate{Tag: "input", Type: "checkbox", Value: "yes"}, -1},
	} {
		s := NewReference(c.fp, DefaultWeights).Score(&c.live)
		p, ok := part(s, c.attr)
		switch {
		case !ok:
			t.Errorf("%s: %s not compared", c.name, c.attr)
		case c.want == 1 && p.Sim != 1:
			t.Errorf("%s: %s similarity %.2f, want 1", c.name, c.attr, p.Sim)
		case c.want < 0 && p.Sim >= 0.9:
			t.Errorf("%s: %s similarity %.2f, want them told apart", c.name, c.attr, p.Sim)
		}
	}
	// A plain element: "generic" recorded, no role computed; a fieldset's
	// group left out of the fingerprint, computed live. Neither counts.
	for _, c := range []struct{ rec, live string }{{"generic", ""}, {"", "group"}, {"none", "presentation"}} {
		s := NewReference(chain.Fingerprint{Tag: "div", Role: c.rec}, DefaultWeights).Score(&Candidate{Tag: "div", Role: c.live})
		if p, ok := part(s, Role); ok {
			t.Errorf("role %q recorded, %q live: compared (%+v), want left out", c.rec, c.live, p)
		}
	}
	s := NewReference(chain.Fingerprint{Tag: "div", Role: "generic"}, DefaultWeights).Score(&Candidate{Tag: "div", Role: "button"})
	if p, ok := part(s, Role); !ok || p.Sim != 0 {
		t.Errorf("a plain element against a button: role part %+v (compared %v), want compared at 0", p, ok)
	}
}

// An element given its own id by a new version has an id-anchored path of
// no steps: against a recorded path from the root there is no place to
// compare (its id is ID's to compare), and the rows of a table that all
// gained ids are not all scored 0 for it.
func TestOwnIDPathAgainstRootPathIsNotCompared(t *testing.T) {
	fp := chain.Fingerprint{Tag: "input", IDXPath: "/html/body[1]/div[1]/table[1]/tbody[1]/tr[4]/td[1]/input[1]"}
	s := NewReference(fp, DefaultWeights).Score(&Candidate{Tag: "input", IDXPath: `//*[@id="check4"]`})
	if p, ok := part(s, IDXPath); ok {
		t.Errorf("own id now: idxpath compared (%.2f), want not", p.Sim)
	}
	// The other way round: a recorded own id against a path from the root.
	fp.IDXPath = `//*[@id="search-btn"]`
	s = NewReference(fp, DefaultWeights).Score(&Candidate{Tag: "input", IDXPath: "/html/body[1]/form[1]/button[1]"})
	if p, ok := part(s, IDXPath); ok {
		t.Errorf("recorded own id: idxpath compared (%.2f), want not", p.Sim)
	}
	// Paths under an ancestor's id are still compared.
	s = NewReference(fp, DefaultWeights).Score(&Candidate{Tag: "input", IDXPath: `//*[@id="search-form"]/button[1]`})
	if _, ok := part(s, IDXPath); !ok {
		t.Errorf("two anchored paths: idxpath not compared")
	}
}
