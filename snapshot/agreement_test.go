package snapshot

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/internal/testenv"
)

// chromiumRole maps Chromium's internal role names to the WAI-ARIA names
// the snapshot uses.
var chromiumRole = map[string]string{
	"image":              "img",
	"MenuListOption":     "option",
	"ListBoxOption":      "option",
	"DisclosureTriangle": "button",
	"ListMarker":         "",
}

// axInfo is what Chromium's accessibility tree says of one element.
type axInfo struct {
	role, name string
	ignored    bool
}

// axTree reads Accessibility.getFullAXTree of the page and of each of its
// frames, by backend node id.
func axTree(t testing.TB, p *rod.Page, frames []proto.PageFrameID) map[proto.DOMBackendNodeID]axInfo {
	t.Helper()
	out := map[proto.DOMBackendNodeID]axInfo{}
	for _, f := range frames {
		res, err := proto.AccessibilityGetFullAXTree{FrameID: f}.Call(p)
		if err != nil {
			t.Fatalf("getFullAXTree(%s): %v", f, err)
		}
		for _, n := range res.Nodes {
			if n.BackendDOMNodeID == 0 {
				continue
			}
			var ai axInfo
			ai.ignored = n.Ignored
			if n.Role != nil {
				ai.role = n.Role.Value.Str()
				if r, ok := chromiumRole[ai.role]; ok {
					ai.role = r
				}
			}
			if n.Name != nil {
				ai.name = Norm(n.Name.Value.Str())
			}
			if old, ok := out[n.BackendDOMNodeID]; ok && !old.ignored {
				continue
			}
			out[n.BackendDOMNodeID] = ai
		}
	}
	return out
}

func frameIDs(t testing.TB, p *rod.Page) []proto.PageFrameID {
	tree, err := proto.PageGetFrameTree{}.Call(p)
	if err != nil {
		t.Fatal(err)
	}
	var ids []proto.PageFrameID
	var walk func(ft *proto.PageFrameTree)
	walk = func(ft *proto.PageFrameTree) {
		ids = append(ids, ft.Frame.ID)
		for _, c := range ft.ChildFrames {
			walk(c)
		}
	}
	walk(tree.FrameTree)
	return ids
}

// agreement compares role and name of every visible, not aria-hidden
// tier-1 node of the page with Chromium's accessibility tree; it returns
// the number compared and the disagreements.
func agreement(t testing.TB, p *rod.Page) (int, []string) {
	t.Helper()
	s := snap(t, p, Options{})
	var nodes []*Node
	for _, n := range s.Nodes {
		if n.Tier == Semantic && n.Visible && !n.AriaHidden && !s.OwnSession(n) {
			nodes = append(nodes, n)
		}
	}
	if err := s.ResolveAll(context.Background(), nodes); err != nil {
		t.Fatal(err)
	}
	ax := axTree(t, p, frameIDs(t, p))
	var bad []string
	for _, n := range nodes {
		a, ok := ax[n.BackendNodeID]
		name := Norm(n.Name)
		switch {
		case !ok:
			bad = append(bad, fmt.Sprintf("%s <%s> %s %q: not in Chromium's tree", n.ID, n.Tag, n.Role, name))
		case a.ignored:
			bad = append(bad, fmt.Sprintf("%s <%s> %s %q: ignored by Chromium", n.ID, n.Tag, n.Role, name))
		case a.role != n.Role || truncate(a.name, 500) != name:
			bad = append(bad, fmt.Sprintf("%s <%s> %s: ours %s %q, Chromium %s %q", n.ID, n.Tag, n.XPath, n.Role, name, a.role, a.name))
		}
	}
	return len(nodes), bad
}

func truncate(s string, n int) string {
	if len(s) > n {
		return Norm(s[:n])
	}
	return s
}

// specAgreementWithChromium compares, for every visible tier-1 node of the
// fixture pages and of generated pages, the snapshot's role and accessible
// name with Accessibility.getFullAXTree's. The fixture pages must agree
// fully; the generated ones report their rate.
func specAgreementWithChromium(t testing.TB) {
	fx := testenv.Fixtures(t)
	pages := []struct {
		path     string
		required bool
	}{
		{"/index.html", true},
		{"/login.html", true},
		{"/list.html", true},
		{"/snapshot/basics.html", true},
		{"/snapshot/shadow.html", true},
		{"/snapshot/frames.html?other=" + fx.OtherURL, true},
		{"/apps/checkout/", true},
		{"/apps/shop/", true},
		{"/apps/settings/", true},
		{"/uppercase.html", true}, // text-transform
		{"/snapshot/generated.html?n=1200", false},
		{"/snapshot/generated.html?n=3000", false},
	}
	total, agreed := 0, 0
	for _, pg := range pages {
		p := open(t, fx.URL+pg.path)
		n, bad := agreement(t, p)
		total += n
		agreed += n - len(bad)
		rate := 100.0
		if n > 0 {
			rate = 100 * float64(n-len(bad)) / float64(n)
		}
		t.Logf("%-40s %4d tier-1 nodes, agreement %.1f%%", pg.path, n, rate)
		for _, b := range bad {
			t.Logf("    disagreement: %s", b)
		}
		if n == 0 {
			t.Errorf("%s: no tier-1 node compared", pg.path)
		}
		if pg.required && len(bad) > 0 {
			t.Errorf("%s: %d of %d tier-1 nodes disagree with Chromium", pg.path, len(bad), n)
		}
	}
	t.Logf("overall agreement: %d of %d (%.2f%%)", agreed, total, 100*float64(agreed)/float64(max(total, 1)))
	if !strings.HasPrefix(fx.URL, "http://127.0.0.1") {
		t.Errorf("fixtures not on loopback: %s", fx.URL)
	}
}
