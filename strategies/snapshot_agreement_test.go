package strategies

import (
	"context"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/similarity"
	"github.com/qa-chain/chainreplay/snapshot"
)

// TestSnapshotDescribesCandidatesAsTheTree compares, on the fixture pages,
// every similarity candidate as the page snapshot describes it
// (similarity.FromNode) with the same element as this package describes it
// from DOM.getDocument (describeForSimilarity, the recorder's terms), field
// by field: tag, role, accessible name, text, label, absolute XPath,
// neighbour texts, value, classes, test ids, href, and the region read in
// the page (internal/pagejs). It is what lets
// healing score the snapshot's nodes against a recorded fingerprint. The
// differences it allows are named in knownDifference; any other fails.
func TestSnapshotDescribesCandidatesAsTheTree(t *testing.T) {
	fx := testenv.Fixtures(t)
	ctx := context.Background()
	pages := []string{"login.html", "index.html", "list.html", "long.html", "pay.html", "shadow.html", "spa.html", "frames.html",
		"healing/original.html", "healing/redesigned.html", "healing/decoy.html", "healing/hidden-twin.html",
		"healing/replaced.html", "healing/frame.html", "snapshot/basics.html", "snapshot/shadow.html",
		"snapshot/frames.html", "snapshot/generated.html?n=1000", "variants/login-wrapped.html",
		"variants/login-siblings.html", "variants/actions.html"}
	compared, fields, allowed := 0, 0, map[string]int{}
	for _, p := range pages {
		page := testenv.Page(t, fx.URL+"/"+p)
		snap, err := snapshot.Capture(ctx, page, snapshot.Options{})
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		doc, err := LoadDoc(ctx, page)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		nb := newNeighbourhood()
		var regionOf []*snapshot.Node // compared, whose regions are read below
		var regionWant []string
		unseen := map[*Node]bool{}
		for _, n := range doc.Elements {
			if n.Frame == nil && similarityCandidate(n, "") {
				unseen[n] = true
			}
		}
		for _, sn := range snap.Nodes {
			if snap.OwnSession(sn) {
				continue // an out-of-process frame's: not in this tree
			}
			id, err := snap.Resolve(ctx, sn)
			if err != nil {
				t.Fatalf("%s: resolve %s: %v", p, sn.ID, err)
			}
			dn := doc.ByBackendID(id)
			if dn == nil || !unseen[dn] {
				continue // not a candidate of the tree's
			}
			delete(unseen, dn)
			compared++
			got, want := similarity.FromNode(sn, chain.Point{}), describeForSimilarity(dn, nb)
			if len(sn.FramePath) == 0 {
				regionOf, regionWant = append(regionOf, sn), append(regionWant, want.Region)
			}
			for _, f := range []struct {
				name      string
				got, want any
			}{
				{"tag", got.Tag, want.Tag}, {"role", got.Role, want.Role}, {"name", got.AccessName, want.AccessName},
				{"text", got.Text, want.Text}, {"label", got.Label, want.Label}, {"xpath", got.XPath, want.XPath},
				{"neighbours", got.Neighbours, want.Neighbours}, {"value", got.Value, want.Value},
				{"classes", got.Classes, want.Classes}, {"testids", got.TestIDs, want.TestIDs}, {"href", got.Href, want.Href},
			} {
				fields++
				if reflect.DeepEqual(f.got, f.want) {
					continue
				}
				if why := knownDifference(dn, f.name); why != "" {
					allowed[why]++
					continue
				}
				t.Errorf("%s %s (%s): %s: snapshot %q, tree %q", p, dn, want.XPath, f.name, f.got, f.want)
			}
		}
		// Regions, as healing without the tree reads them (internal/pagejs,
		// which the recorder runs too).
		if len(regionOf) > 0 {
			cands := make([]similarity.Candidate, len(regionOf))
			if err := finalists(ctx, snap, regionOf, cands, Viewport{}); err != nil {
				t.Fatalf("%s: regions: %v", p, err)
			}
			for i, c := range cands {
				fields++
				if c.Region != regionWant[i] {
					t.Errorf("%s %s: region: page %q, tree %q", p, regionOf[i].ID, c.Region, regionWant[i])
				}
			}
		}
		for n := range unseen {
			if why := knownAbsence(n); why != "" {
				allowed[why]++
				continue
			}
			t.Errorf("%s: %s (%s) is a candidate of the tree's and not of the snapshot's", p, n, describeForSimilarity(n, nb).XPath)
		}
	}
	var whys []string
	for w, c := range allowed {
		whys = append(whys, fmt.Sprintf("%d × %s", c, w))
	}
	sort.Strings(whys)
	t.Logf("%d candidates, %d fields compared; allowed differences:\n  %s", compared, fields, strings.Join(whys, "\n  "))
	if compared < 400 {
		t.Errorf("compared %d candidates, want at least 400", compared)
	}
}

// knownDifference names why the snapshot may describe field of n
// otherwise than the tree, or "".
func knownDifference(n *Node, field string) string {
	typ := strings.ToLower(n.Attr("type"))
	switch {
	case field == "value" && n.Tag == "input" && typ == "password":
		return "value of a password: never read by the snapshot"
	case field == "neighbours" && inClosedRoot(n):
		return "neighbours in a closed shadow root: walked apart, it does not see the light tree's heading"
	}
	return ""
}

// knownAbsence names why the snapshot may leave out a candidate of the
// tree's, or "".
func knownAbsence(n *Node) string {
	switch {
	case n.Tag == "option":
		return "an option: the snapshot keeps its select, not what is inside"
	case inShadow(n, proto.DOMShadowRootTypeUserAgent):
		return "an element of a user-agent shadow tree (a file input's button)"
	}
	return ""
}

func inClosedRoot(n *Node) bool { return inShadow(n, proto.DOMShadowRootTypeClosed) }

func inShadow(n *Node, kind proto.DOMShadowRootType) bool {
	for p := n.Parent; p != nil; p = p.Parent {
		if p.NodeType == 11 && p.ShadowType == kind {
			return true
		}
	}
	return false
}
