package decision

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/similarity"
	"github.com/qa-chain/chainreplay/snapshot"
	"github.com/qa-chain/chainreplay/strategies"
)

// TestHealingWithoutTheTreeDecidesAsOnTheTree heals, on fixture pages, a
// target renamed out of its strategies' reach for each of their
// interactive elements (its id, test id and classes changed, so only
// similarity and the coordinates can find it) and, once more, with its
// text reworded too, and compares the verdict of a round without the
// page's tree (strategies.SkipTree) with the verdict of the same round on
// the tree: the same element or the same refusal, and the same confidence.
func TestHealingWithoutTheTreeDecidesAsOnTheTree(t *testing.T) {
	fx := testenv.Fixtures(t)
	defer func(n int) { strategies.TreelessFrom = n }(strategies.TreelessFrom)
	strategies.TreelessFrom = 0 // the fixture pages are small
	pages := []string{"shadow.html", "frames.html", "snapshot/shadow.html", "snapshot/frames.html", "login.html", "list.html", "pay.html", "spa.html", "long.html", "index.html",
		"healing/original.html", "healing/redesigned.html", "healing/decoy.html", "healing/hidden-twin.html",
		"healing/replaced.html", "variants/login-wrapped.html", "variants/login-siblings.html",
		"variants/login-shifted.html", "variants/login-restyled.html", "variants/actions.html",
		"snapshot/basics.html", "snapshot/generated.html?n=300"}
	ctx := context.Background()
	compared, treeless, found, inside := 0, 0, 0, 0
	for _, p := range pages {
		page := testenv.Page(t, fx.URL+"/"+p)
		snap, err := snapshot.Capture(ctx, page, snapshot.Options{})
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		var targets []*chain.Target
		var nodes []*snapshot.Node
		for _, n := range snap.Nodes {
			if !actsOn(n) || !n.Visible || n.Box.Width <= 0 {
				continue
			}
			for _, reworded := range []bool{false, true} {
				targets = append(targets, renamed(n, snap, reworded))
				nodes = append(nodes, n)
			}
		}
		for i, target := range targets {
			scrollHome(t, page)
			onTree := Locate(ctx, page, target, LocateOptions{Once: true, ReadTree: true})
			scrollHome(t, page)
			without := Locate(ctx, page, target, LocateOptions{Once: true})
			compared++
			if wentWithoutTree(without) {
				treeless++
			}
			if onTree.Winner != nil {
				found++
			}
			what := fmt.Sprintf("%s target %d (%s)", p, i, target.Fingerprint.AccessName)
			if got, want := outcome(without), outcome(onTree); got != want {
				t.Errorf("%s: without the tree %s, on the tree %s\n  without: %s\n  on tree: %s", what, got, want, attempts(without), attempts(onTree))
				continue
			}
			if len(nodes[i].FramePath) > 0 || len(nodes[i].ShadowPath) > 0 {
				inside++
			}
			if d := math.Abs(without.Confidence - onTree.Confidence); d > 1e-9 {
				t.Errorf("%s: confidence %.4f without the tree, %.4f on it\n  without: %s\n  on tree: %s", what, without.Confidence, onTree.Confidence, attempts(without), attempts(onTree))
			}
		}
	}
	t.Logf("%d verdicts compared, %d of them reached without the tree, %d found an element; %d targets in a frame or shadow tree",
		compared, treeless, found, inside)
	if treeless < compared/2 {
		t.Errorf("only %d of %d rounds went without the tree", treeless, compared)
	}
}

// actsOn reports whether a person would act on n: a control, a link, an
// element with a widget role, or one the snapshot finds interactive by its
// handlers, tab stop or test id (tier 2). Landmarks, headings and cells
// are not recorded targets.
func actsOn(n *snapshot.Node) bool {
	switch n.Tag {
	case "a", "button", "input", "select", "textarea", "summary":
		return true
	}
	switch n.Role {
	case "button", "link", "textbox", "searchbox", "checkbox", "radio", "combobox", "listbox", "option", "menuitem",
		"menuitemcheckbox", "menuitemradio", "tab", "switch", "slider", "spinbutton", "treeitem":
		return true
	}
	return n.Tier == snapshot.Interactive
}

// renamed is the target of n with its id, test ids and classes changed (and
// its text and name reworded when reworded), with a chain that cannot find
// it but by similarity or its point.
func renamed(n *snapshot.Node, snap *snapshot.Snapshot, reworded bool) *chain.Target {
	c := similarity.FromNode(n, chain.Point{X: snap.ScrollX, Y: snap.ScrollY})
	fp := &chain.Fingerprint{Tag: c.Tag, ID: c.ID + "-old", Name: c.Name, Type: c.Type, Classes: []string{"old-style"},
		Role: c.Role, AccessName: c.AccessName, Text: c.Text, Label: c.Label, Placeholder: c.Placeholder,
		Href: c.Href, XPath: c.XPath, Neighbours: c.Neighbours, Box: c.Box,
		TestIDs: map[string]string{"data-testid": "old-" + c.Tag}}
	if reworded {
		fp.AccessName, fp.Text = reword(fp.AccessName), reword(fp.Text)
	}
	ctr := chain.Point{X: n.Box.X + n.Box.Width/2, Y: n.Box.Y + n.Box.Height/2}
	vp := chain.Rect{X: n.Box.X, Y: n.Box.Y, Width: n.Box.Width, Height: n.Box.Height}
	return &chain.Target{Fingerprint: fp, Chain: []chain.Strategy{
		{Type: chain.TestID, Value: "old-" + c.Tag, Confidence: 0.95},
		{Type: chain.ID, Value: c.ID + "-old", Confidence: 0.9},
		{Type: chain.CSS, Value: c.Tag + ".old-style", Confidence: 0.7},
		{Type: chain.Similarity, Confidence: 0.62},
		chain.CoordinatesStrategy(chain.CoordinatesMeta{X: ctr.X, Y: ctr.Y, BoundingRect: &vp,
			Viewport:  &chain.Size{Width: int(snap.Viewport.Width), Height: int(snap.Viewport.Height)},
			ScrollPos: &chain.Point{X: snap.ScrollX, Y: snap.ScrollY}, TagName: c.Tag, ElementID: c.ID}, 0.6),
	}}
}

func reword(s string) string {
	if s == "" {
		return ""
	}
	return "Now " + strings.ToLower(s)
}

func scrollHome(t *testing.T, page interface {
	Eval(string, ...any) (*proto.RuntimeRemoteObject, error)
}) {
	t.Helper()
	if _, err := page.Eval(`() => window.scrollTo(0, 0)`); err != nil {
		t.Fatal(err)
	}
}

// outcome is a verdict in a word: the element taken, or the refusal.
func outcome(v Verdict) string {
	if v.Winner != nil {
		return fmt.Sprintf("took %d (%s)", v.Winner.BackendNodeID, describe(*v.Winner))
	}
	if v.Err != nil {
		return "refused " + string(v.Err.Code)
	}
	return "nothing"
}

func wentWithoutTree(v Verdict) bool {
	for _, a := range v.Attempts {
		if strings.Contains(a.Detail, "without the tree") {
			return true
		}
	}
	return false
}

func attempts(v Verdict) string {
	var b strings.Builder
	for _, a := range v.Attempts {
		fmt.Fprintf(&b, "[%s found=%v conf=%.3f verif=%.3f kind=%v %s %v] ", a.Strategy.Type, a.Found, a.Confidence, a.Verification, a.KindMismatch, a.Detail, a.Err)
	}
	return b.String()
}
