package similarity

import (
	"testing"

	"github.com/qa-chain/chainreplay/chain"
)

func TestHrefSim(t *testing.T) {
	r := &Reference{}
	for _, tc := range []struct {
		a, b   string
		lo, hi float64
	}{
		{"http://127.0.0.1:8080/list.html", "http://127.0.0.1:9090/list.html", 1, 1}, // the port does not count
		{"https://www.example.com/a", "https://example.com/a", 1, 1},
		{"https://twitter.com/acme", "https://github.com/acme", 0, 0.6},  // another place
		{"/docs/v2/install.html", "/docs/v3/install.html", 0.5, 0.8},     // nearly one
		{"https://shop.example/cart", "https://shop.example/cart", 1, 1}, // equal
		{"/en/about", "/de/about", 0.3, 0.6},
	} {
		if got := r.hrefSim(tc.a, tc.b); got < tc.lo-1e-9 || got > tc.hi+1e-9 {
			t.Errorf("hrefSim(%q, %q) = %.3f, want in [%.2f, %.2f]", tc.a, tc.b, got, tc.lo, tc.hi)
		}
	}
}

func TestIDPathSim(t *testing.T) {
	r := &Reference{}
	p := func(x string) idPath { return parseIDPath(x) }
	nav := p(`//*[@id="nav"]/ul[1]/li[3]/a[1]`)
	if got := r.idPathSim(nav, nav); got != 1 {
		t.Errorf("equal paths: %.3f", got)
	}
	if got := r.idPathSim(nav, p(`//*[@id="nav"]/ul[1]/li[4]/a[1]`)); got < 0.8 || got > 0.95 {
		t.Errorf("the next item: %.3f, want near", got)
	}
	// The same block repeated in the footer: another anchor.
	if got := r.idPathSim(nav, p(`//*[@id="footer"]/ul[1]/li[3]/a[1]`)); got > 0.8 {
		t.Errorf("the footer's copy: %.3f, want the anchor to count", got)
	}
	if got := r.idPathSim(p(`/html/body[1]/div[2]/a[1]`), p(`/html/body[1]/div[2]/a[1]`)); got != 1 {
		t.Errorf("equal paths from the root: %.3f", got)
	}
	// An id added to an ancestor re-anchors the path: its steps are the
	// tail of the recorded path from the root, and the anchor is not a
	// mismatch.
	root := p(`/html/body[1]/div[1]/nav[1]/ul[1]/li[1]/a[1]`)
	reAnchored := r.idPathSim(root, p(`//*[@id="navigation"]/div[1]/ul[1]/li[1]/a[1]`))
	if reAnchored < 0.7 {
		t.Errorf("re-anchored path: %.3f, want its tail compared", reAnchored)
	}
	if got := r.idPathSim(p(`//*[@id="navigation"]/div[1]/ul[1]/li[1]/a[1]`), root); got != reAnchored {
		t.Errorf("re-anchored path, the other way: %.3f, want %.3f", got, reAnchored)
	}
	if got := r.idPathSim(root, p(`//*[@id="footer"]/p[2]/a[3]`)); got >= reAnchored-0.2 {
		t.Errorf("an anchored path elsewhere: %.3f, want well under %.3f", got, reAnchored)
	}
}

func TestLandmarkSim(t *testing.T) {
	for _, tc := range []struct {
		a, b []string
		want float64
	}{
		{nil, nil, 1},
		{[]string{"banner", "navigation"}, []string{"banner", "navigation"}, 1},
		// The page's footer is a part of its own: a menu repeated there is
		// not where the menu of the header or of the top stands.
		{[]string{"banner", "navigation"}, []string{"contentinfo", "navigation"}, 0},
		{[]string{"navigation"}, []string{"contentinfo", "navigation"}, 0},
		{[]string{"contentinfo", "navigation"}, []string{"contentinfo", "region", "navigation"}, 2.0 / 3},
		{[]string{"banner", "navigation"}, []string{"complementary", "navigation"}, 0.5},
		// Outside every landmark is the page's main content: a <main>
		// added around it by a new version moves nothing.
		{[]string{"main"}, nil, 1},
		{[]string{"main", "form"}, nil, 0.5},
		{[]string{"contentinfo"}, nil, 0},
		{[]string{"main", "form"}, []string{"main", "region", "form"}, 2.0 / 3},
		// A navigation wrapped in another is one.
		{[]string{"complementary", "navigation"}, []string{"complementary", "navigation", "navigation"}, 1},
	} {
		if got := landmarkSim(tc.a, tc.b); !near(got, tc.want) {
			t.Errorf("landmarkSim(%q, %q) = %.3f, want %.3f", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestOverlapSim(t *testing.T) {
	a := chain.Rect{X: 0, Y: 0, Width: 100, Height: 20}
	for _, tc := range []struct {
		b    chain.Rect
		want float64
	}{
		{a, 1},
		{chain.Rect{X: 50, Y: 0, Width: 100, Height: 20}, 1.0 / 3},
		{chain.Rect{X: 200, Y: 0, Width: 100, Height: 20}, 0},
		{chain.Rect{X: 0, Y: 0, Width: 50, Height: 20}, 0.5},
	} {
		if got := overlapSim(a, tc.b); !near(got, tc.want) {
			t.Errorf("overlapSim(%v) = %.3f, want %.3f", tc.b, got, tc.want)
		}
	}
}

func TestNewAttributesAreCompared(t *testing.T) {
	box := &chain.Rect{X: 10, Y: 10, Width: 100, Height: 20}
	for _, tc := range []struct {
		attr   Attr
		fp     chain.Fingerprint
		c      Candidate
		lo, hi float64
	}{
		{Icon, chain.Fingerprint{Tag: "a", Icon: "fab fa-twitter"}, Candidate{Tag: "a", Icon: "fab fa-twitter"}, 1, 1},
		{Icon, chain.Fingerprint{Tag: "a", Icon: "fab fa-twitter"}, Candidate{Tag: "a", Icon: "fab fa-facebook"}, 0, 0.5},
		{Landmarks, chain.Fingerprint{IDXPath: "/html/body[1]/a[1]", Landmarks: []string{"banner"}},
			Candidate{LandmarksKnown: true, Landmarks: []string{"contentinfo"}}, 0, 0},
		{Landmarks, chain.Fingerprint{IDXPath: "/html/body[1]/a[1]"}, Candidate{LandmarksKnown: true}, 1, 1},
		{IDXPath, chain.Fingerprint{IDXPath: `//*[@id="team"]/div[1]/a[2]`}, Candidate{IDXPath: `//*[@id="team"]/div[1]/a[2]`}, 1, 1},
		{Overlap, chain.Fingerprint{Box: box}, Candidate{Box: &chain.Rect{X: 60, Y: 10, Width: 100, Height: 20}}, 1.0 / 3, 1.0 / 3},
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
	}
	// Not compared: landmarks of a fingerprint recorded before they were
	// (no IDXPath), or of a candidate whose source cannot read them; an
	// icon where one side has a text instead.
	for _, tc := range []struct {
		attr Attr
		fp   chain.Fingerprint
		c    Candidate
	}{
		{Landmarks, chain.Fingerprint{Landmarks: []string{"main"}}, Candidate{LandmarksKnown: true, Landmarks: []string{"main"}}},
		{Landmarks, chain.Fingerprint{IDXPath: "/html/body[1]/a[1]", Landmarks: []string{"main"}}, Candidate{Landmarks: []string{"main"}}},
		{Icon, chain.Fingerprint{Icon: "fa-bell"}, Candidate{Text: "Alerts"}},
		{IDXPath, chain.Fingerprint{IDXPath: `//*[@id="a"]/b[1]`}, Candidate{}},
	} {
		if p, ok := part(NewReference(tc.fp, DefaultWeights).Score(&tc.c), tc.attr); ok {
			t.Errorf("%s: compared (%+v), want left out", tc.attr, p)
		}
	}
}
