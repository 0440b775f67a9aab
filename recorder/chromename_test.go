package recorder

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/chromerec"
)

// Controls whose text is styled in capitals are named as shown, as
// Chromium's accessibility tree names them, so that the exported aria/
// selector finds them where Puppeteer looks (Accessibility.queryAXTree):
// the first element Chromium's tree gives for the selector's name is the
// recorded one, and the name as written finds nothing there.
func TestExportedAriaSelectorsNameWhatChromiumShows(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	r, p, top := recordingTop(t, "uppercase.html")
	doc, err := proto.DOMGetDocument{}.Call(p)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		sel, role, name, written string
		typ                      chain.StrategyType
	}{
		{"#close", "button", "CLOSE PROJECT", "Close Project", chain.Role},
		{"#email", "", "EMAIL", "Email", chain.Label},
		{"#save", "button", "Save", "", chain.Role},
	}
	f := &chain.Flow{Version: chain.Version, Name: "caps", StartURL: p.MustInfo().URL}
	ids := make([]proto.DOMBackendNodeID, len(cases))
	for i, c := range cases {
		q, err := proto.DOMQuerySelector{NodeID: doc.Root.NodeID, Selector: c.sel}.Call(p)
		if err != nil || q.NodeID == 0 {
			t.Fatalf("%s: %v", c.sel, err)
		}
		d, err := proto.DOMDescribeNode{NodeID: q.NodeID}.Call(p)
		if err != nil {
			t.Fatal(err)
		}
		ids[i] = d.Node.BackendNodeID
		tg := BuildTarget(captureBackend(ctx, t, r, p, top, d.Node.BackendNodeID, "caps"), nil)
		var st *chain.Strategy
		for j := range tg.Chain {
			if tg.Chain[j].Type == c.typ {
				st = &tg.Chain[j]
			}
		}
		if st == nil {
			t.Fatalf("%s: no %s strategy in %v", c.sel, c.typ, tg.Chain)
		}
		f.Steps = append(f.Steps, chain.Step{Action: chain.Click, Target: &chain.Target{Chain: []chain.Strategy{*st}}})
	}
	data, _, err := chromerec.Export(f)
	if err != nil {
		t.Fatal(err)
	}
	var rec chromerec.Recording
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	// first is the first element Chromium's tree gives for a name and
	// role, as Puppeteer's aria/ takes it (ignored and text nodes left out).
	first := func(name, role string) proto.DOMBackendNodeID {
		res, err := proto.AccessibilityQueryAXTree{NodeID: doc.Root.NodeID, AccessibleName: name, Role: role}.Call(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range res.Nodes {
			if r := n.Role; n.Ignored || r != nil && (r.Value.Str() == "StaticText" || r.Value.Str() == "InlineTextBox") {
				continue
			}
			return n.BackendDOMNodeID
		}
		return 0
	}
	i := 0
	for _, s := range rec.Steps {
		if s.Type != "click" {
			continue
		}
		c := cases[i]
		want := "aria/" + c.name
		if c.role != "" {
			want += `[role="` + c.role + `"]`
		}
		if len(s.Selectors) != 1 || len(s.Selectors[0]) != 1 || s.Selectors[0][0] != want {
			t.Errorf("%s: exported %v, want %s", c.sel, s.Selectors, want)
		}
		if got := first(c.name, c.role); got != ids[i] {
			t.Errorf("%s: Chromium's tree gives node %d for %q, the recorded element is %d", c.sel, got, c.name, ids[i])
		}
		if c.written != "" && first(c.written, c.role) != 0 {
			t.Errorf("%s: Chromium's tree names an element %q: the page does not test a transformed name", c.sel, c.written)
		}
		i++
	}
}
