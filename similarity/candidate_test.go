package similarity

import (
	"reflect"
	"testing"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/snapshot"
)

func TestFromNode(t *testing.T) {
	n := &snapshot.Node{ID: "node_7", Tag: "BUTTON", Role: "button", Name: "Sign in", Tier: snapshot.Semantic,
		Text: "Sign in", Label: "", Attrs: snapshot.Attrs{
			{Name: "id", Value: "login-btn"}, {Name: "class", Value: " btn  primary "}, {Name: "type", Value: "Submit"}, {Name: "name", Value: "go"}, {Name: "placeholder", Value: "p"},
			{Name: "title", Value: "t"}, {Name: "alt", Value: "a"}, {Name: "aria-label", Value: "al"}, {Name: "href", Value: "/x"}, {Name: "data-testid", Value: "login-submit"}, {Name: "data-cy", Value: ""},
		},
		Box:   snapshot.Rect{X: 10, Y: 20, Width: 80, Height: 30},
		XPath: `//*[@id="login-btn"]`, AbsoluteXPath: "/html/body/main/form/button", Neighbours: []string{"Sign in", "Password"}}
	c := FromNode(n, chain.Point{X: 5, Y: 100})
	want := Candidate{Ref: "node_7", Tag: "button", ID: "login-btn", Name: "go", Type: "submit",
		Classes: []string{"btn", "primary"}, Role: "button", AccessName: "Sign in", Text: "Sign in",
		Placeholder: "p", Title: "t", Alt: "a", AriaLabel: "al", Href: "/x",
		TestIDs: map[string]string{"data-testid": "login-submit"},
		Box:     &chain.Rect{X: 15, Y: 120, Width: 80, Height: 30}, Screen: &chain.Rect{X: 10, Y: 20, Width: 80, Height: 30},
		XPath: "/html/body/main/form/button", Neighbours: []string{"Sign in", "Password"},
		IDXPath: `//*[@id="login-btn"]`, LandmarksKnown: true,
		Unknown: []Attr{Region}}
	if !reflect.DeepEqual(c, want) {
		t.Errorf("FromNode =\n%+v\nwant\n%+v", c, want)
	}
	n.Box = snapshot.Rect{}
	if c := FromNode(n, chain.Point{}); c.Box != nil {
		t.Errorf("a node without a layout box has Box %+v, want nil", c.Box)
	}
	// A clickable <div>: the snapshot names it from its text for a reader,
	// Chromium (and so the recorder) does not name it at all.
	div := &snapshot.Node{ID: "node_8", Tag: "DIV", Role: "generic", Name: "Open menu", Text: "Open menu", Tier: snapshot.Interactive}
	if c := FromNode(div, chain.Point{}); c.AccessName != "" || c.Text != "Open menu" {
		t.Errorf("generic element: AccessName %q Text %q, want no name and its text", c.AccessName, c.Text)
	}
}

func TestFromSnapshot(t *testing.T) {
	s := &snapshot.Snapshot{Nodes: []*snapshot.Node{
		{ID: "node_1", Tag: "main", Tier: snapshot.Structural},
		{ID: "node_2", Tag: "li", Tier: snapshot.Interactive, Parent: "node_1"},
		{ID: "node_3", Tag: "a", Tier: snapshot.Semantic, Parent: "node_2"},
		{ID: "node_4", Tag: "span", Tier: snapshot.Structural, Parent: "node_3"},
		{ID: "node_5", Tag: "button", Tier: snapshot.Semantic, Parent: "node_4"},
	}}
	got := FromSnapshot(s, chain.Point{}, nil)
	var refs []string
	for _, c := range got {
		refs = append(refs, c.Ref)
	}
	if want := []string{"node_2", "node_3", "node_5"}; !reflect.DeepEqual(refs, want) {
		t.Fatalf("candidates %v, want the tier-1 and tier-2 nodes %v", refs, want)
	}
	if want := []string{"node_3", "node_2"}; !reflect.DeepEqual(got[2].Ancestors, want) {
		t.Errorf("ancestors of node_5 = %v, want the kept ones, nearest first, %v", got[2].Ancestors, want)
	}
	only := FromSnapshot(s, chain.Point{}, func(n *snapshot.Node) bool { return n.Tag == "a" })
	if len(only) != 1 || only[0].Ref != "node_3" || len(only[0].Ancestors) != 0 {
		t.Errorf("custom filter: %+v", only)
	}
}
