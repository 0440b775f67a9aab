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

// Controls whose text is styled in capitals: the page model names them as
// written (web-platform-tests), Chromium's accessibility tree in capitals.
// The recorder keeps Chromium's name beside the role and label
// strategies, and the exported aria/ selector carries it: Chromium's tree
// (Accessibility.queryAXTree, which Puppeteer's aria/ uses) finds the
// element by that selector's name and not by the page model's. A control
// written in capitals as shown gets no such key.
func TestExportedAriaSelectorsCarryChromiumsName(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	r, p, top := recordingTop(t, "uppercase.html")
	doc, err := proto.DOMGetDocument{}.Call(p)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		sel, role, name, chrome string
		typ                     chain.StrategyType
	}{
		{"#close", "button", "Close Project", "CLOSE PROJECT", chain.Role},
		{"#email", "textbox", "Email", "EMAIL", chain.Label},
		{"#save", "button", "Save", "", chain.Role},
	}
	f := &chain.Flow{Version: chain.Version, Name: "caps", StartURL: p.MustInfo().URL}
	for _, c := range cases {
		q, err := proto.DOMQuerySelector{NodeID: doc.Root.NodeID, Selector: c.sel}.Call(p)
		if err != nil || q.NodeID == 0 {
			t.Fatalf("%s: %v", c.sel, err)
		}
		d, err := proto.DOMDescribeNode{NodeID: q.NodeID}.Call(p)
		if err != nil {
			t.Fatal(err)
		}
		el := captureBackend(ctx, t, r, p, top, d.Node.BackendNodeID, "chromename")
		if el.Name != c.name || el.ChromeName != c.chrome {
			t.Errorf("%s: name %q, Chromium's %q; want %q and %q", c.sel, el.Name, el.ChromeName, c.name, c.chrome)
		}
		tg := BuildTarget(el, nil)
		var st *chain.Strategy
		for i := range tg.Chain {
			if tg.Chain[i].Type == c.typ {
				st = &tg.Chain[i]
			}
		}
		if st == nil {
			t.Fatalf("%s: no %s strategy in %v", c.sel, c.typ, tg.Chain)
		}
		if got, _ := st.Metadata[chromerec.MetaChromeName].(string); got != c.chrome {
			t.Errorf("%s: %s strategy's %s %q, want %q", c.sel, c.typ, chromerec.MetaChromeName, got, c.chrome)
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
	// Chromium's tree, as Puppeteer's aria/ asks it.
	finds := func(name, role string) bool {
		res, err := proto.AccessibilityQueryAXTree{NodeID: doc.Root.NodeID, AccessibleName: name, Role: role}.Call(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range res.Nodes {
			if !n.Ignored {
				return true
			}
		}
		return false
	}
	i := 0
	for _, s := range rec.Steps {
		if s.Type != "click" {
			continue
		}
		c := cases[i]
		i++
		want := c.chrome
		if want == "" {
			want = c.name
		}
		sel := "aria/" + want
		if c.typ == chain.Role {
			sel += `[role="` + c.role + `"]`
		}
		if len(s.Selectors) != 1 || len(s.Selectors[0]) != 1 || s.Selectors[0][0] != sel {
			t.Errorf("%s: exported %v, want %s", c.sel, s.Selectors, sel)
		}
		if !finds(want, c.role) {
			t.Errorf("%s: Chromium's tree finds no %s named %q", c.sel, c.role, want)
		}
		if c.chrome != "" && finds(c.name, c.role) {
			t.Errorf("%s: Chromium's tree finds a %s named %q: the case needs no Chromium name", c.sel, c.role, c.name)
		}
	}
}
