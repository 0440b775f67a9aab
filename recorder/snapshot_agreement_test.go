package recorder

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/similarity"
)

// fingerprintsAgreeWithTheSnapshot scores each element's fingerprint, as
// the recorder builds it (BuildFingerprint), against the element's own
// snapshot node as healing does (similarity.FromNode): every attribute
// compared must be equal. Healing ranks candidates described by replay
// against fingerprints described by the recorder; where the two describe
// one element differently (a.href resolved or as written, a label named
// by aria-labelledby, a row's own text, a checkbox's value "on"), the
// element a step was recorded on scores below 1 on the page it was
// recorded on. Both descriptions come from the page model, but the
// snapshot's walk computes texts and neighbours as it goes, for speed,
// and the recorder's describe per element: this holds the two to one
// definition.
func fingerprintsAgreeWithTheSnapshot(t *testing.T, els []recordedElement) {
	compared, allowed, below := 0, 0, 0
	sum, lowest := 0.0, 1.0
	parts := map[similarity.Attr]int{}
	for _, e := range els {
		n := e.n
		fp := BuildFingerprint(e.el)
		c := similarity.FromNode(n, chain.Point{X: e.s.ScrollX, Y: e.s.ScrollY})
		sc := similarity.NewReference(*fp, similarity.DefaultWeights).Score(&c)
		compared++
		sum, lowest = sum+sc.Raw, min(lowest, sc.Raw)
		if sc.Raw < 0.999 {
			below++
		}
		for _, pt := range sc.Parts {
			parts[pt.Attr]++
			if pt.Sim >= 0.999 {
				continue
			}
			if pt.Attr == similarity.Neighbours && len(n.ShadowPath) > 0 && subset(c.Neighbours, fp.Neighbours) {
				// A closed shadow root is walked apart from the light
				// tree, whose heading before its host the recorder
				// climbs to.
				allowed++
				continue
			}
			t.Errorf("%s <%s> %s %q: %s similarity %.2f: recorded %s, snapshot %s", e.page, n.Tag, n.Role, n.Name, pt.Attr, pt.Sim,
				describe(pt.Attr, fp, nil), describe(pt.Attr, nil, &c))
		}
	}
	if compared < 700 {
		t.Errorf("only %d elements compared: the test proves little", compared)
	}
	for _, a := range []similarity.Attr{similarity.Href, similarity.Label, similarity.Neighbours, similarity.Role, similarity.Text, similarity.Value, similarity.TestID,
		similarity.IDXPath, similarity.Landmarks} {
		if parts[a] < 10 {
			t.Errorf("%s compared on %d elements: the pages no longer exercise it", a, parts[a])
		}
	}
	if parts[similarity.Icon] < 3 { // the pages have few icon-only controls
		t.Errorf("icon compared on %d elements: the pages no longer exercise it", parts[similarity.Icon])
	}
	t.Logf("%d elements compared, %d neighbour lists allowed short in closed shadow roots; attributes compared: %v", compared, allowed, parts)
	t.Logf("score of each element against its own node: mean %.3f, lowest %.3f, %d under 1", sum/float64(compared), lowest, below)
}

// subset reports whether every text of a is in b.
func subset(a, b []string) bool {
	for _, s := range a {
		if !slices.Contains(b, s) {
			return false
		}
	}
	return true
}

// describe is attribute a of the fingerprint fp, or of the candidate c.
func describe(a similarity.Attr, fp *chain.Fingerprint, c *similarity.Candidate) string {
	pick := func(rec, live any) string {
		if fp != nil {
			return fmt.Sprintf("%q", fmt.Sprint(rec))
		}
		return fmt.Sprintf("%q", fmt.Sprint(live))
	}
	if fp == nil {
		fp = &chain.Fingerprint{}
	}
	if c == nil {
		c = &similarity.Candidate{}
	}
	switch a {
	case similarity.Tag:
		return pick(fp.Tag, c.Tag)
	case similarity.ID:
		return pick(fp.ID, c.ID)
	case similarity.Name:
		return pick(fp.Name, c.Name)
	case similarity.Type:
		return pick(fp.Type, c.Type)
	case similarity.Class:
		return pick(fp.Classes, c.Classes)
	case similarity.TestID:
		return pick(fp.TestIDs, c.TestIDs)
	case similarity.Role:
		return pick(fp.Role, c.Role)
	case similarity.AccessName:
		return pick(fp.AccessName, c.AccessName)
	case similarity.Text:
		return pick(fp.Text, c.Text)
	case similarity.Label:
		return pick(fp.Label, c.Label)
	case similarity.Placeholder:
		return pick(fp.Placeholder, c.Placeholder)
	case similarity.AriaLabel:
		return pick(fp.AriaLabel, c.AriaLabel)
	case similarity.Alt:
		return pick(fp.Alt, c.Alt)
	case similarity.Title:
		return pick(fp.Title, c.Title)
	case similarity.Href:
		return pick(fp.Href, c.Href)
	case similarity.Value:
		return pick(fp.Value, c.Value)
	case similarity.Neighbours:
		return pick(strings.Join(fp.Neighbours, " | "), strings.Join(c.Neighbours, " | "))
	case similarity.XPath:
		return pick(fp.XPath, c.XPath)
	case similarity.IDXPath:
		return pick(fp.IDXPath, c.IDXPath)
	case similarity.Landmarks:
		return pick(fp.Landmarks, c.Landmarks)
	case similarity.Icon:
		return pick(fp.Icon, c.Icon)
	case similarity.Location, similarity.Overlap, similarity.Area, similarity.Shape:
		return pick(fp.Box, c.Box)
	}
	return "?"
}
