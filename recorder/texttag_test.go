package recorder

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/chromerec"
	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/strategies"
)

// A list item whose text is its label's: the text alone names the label
// (of nested elements reading one text, the innermost interactive one, as
// Chrome's text/ selector does), so the row's text strategy keeps its tag
// and is not exported as a Chrome text/ selector, which would name the
// label; the label's own text strategy is exported as one.
func TestTextOfARowReadWholeByItsLabel(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	r, p, top := recordingTop(t, "variants/hover-rows.html")
	m := pagemodel.New(p, pagemodel.Options{})
	doc, err := proto.DOMGetDocument{}.Call(p)
	if err != nil {
		t.Fatal(err)
	}
	targets := map[string]*chain.Target{}
	ids := map[string]proto.DOMBackendNodeID{}
	for _, sel := range []string{"li:nth-child(1)", "li:nth-child(1) label"} {
		q, err := proto.DOMQuerySelector{NodeID: doc.Root.NodeID, Selector: sel}.Call(p)
		if err != nil || q.NodeID == 0 {
			t.Fatalf("%s: %v", sel, err)
		}
		d, err := proto.DOMDescribeNode{NodeID: q.NodeID}.Call(p)
		if err != nil {
			t.Fatal(err)
		}
		ids[sel] = d.Node.BackendNodeID
		targets[sel] = BuildTarget(captureBackend(ctx, t, r, p, top, d.Node.BackendNodeID, "texttag"), nil)
	}
	textOf := func(tg *chain.Target) *chain.Strategy {
		for i, s := range tg.Chain {
			if s.Type == chain.Text {
				return &tg.Chain[i]
			}
		}
		return nil
	}
	for sel, wantTag := range map[string]string{"li:nth-child(1)": "li", "li:nth-child(1) label": ""} {
		st := textOf(targets[sel])
		if st == nil || st.Value != "Pay the rent" {
			t.Fatalf("%s: text strategy %+v", sel, st)
		}
		if st.Tag != wantTag {
			t.Errorf("%s: text strategy tag %q, want %q", sel, st.Tag, wantTag)
		}
		// Alone, on the unchanged page, it finds the recorded element.
		res := strategies.Evaluate(ctx, strategies.NewEnv(m, targets[sel]), *st)
		got, _, err := m.BackendID(ctx, res.Ref(), "texttag")
		if !res.Found || err != nil || got != ids[sel] {
			t.Errorf("%s: text strategy alone found %v (%v), not the recorded element", sel, res.Element, res.Err)
		}
	}

	f := &chain.Flow{Version: chain.Version, Name: "rows", StartURL: p.MustInfo().URL, Steps: []chain.Step{
		{Action: chain.Click, Target: targets["li:nth-child(1)"]},
		{Action: chain.Click, Target: targets["li:nth-child(1) label"]},
	}}
	data, _, err := chromerec.Export(f)
	if err != nil {
		t.Fatal(err)
	}
	var rec struct {
		Steps []struct {
			Type      string     `json:"type"`
			Selectors [][]string `json:"selectors"`
		} `json:"steps"`
	}
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	var texts [][]string
	for _, s := range rec.Steps {
		if s.Type != "click" {
			continue
		}
		var tx []string
		for _, sel := range s.Selectors {
			if strings.HasPrefix(sel[len(sel)-1], "text/") {
				tx = append(tx, sel[len(sel)-1])
			}
		}
		texts = append(texts, tx)
	}
	if len(texts) != 2 || len(texts[0]) != 0 || !slices.Equal(texts[1], []string{"text/Pay the rent"}) {
		t.Errorf("exported text selectors of the row and of its label: %q, want [] and [text/Pay the rent]", texts)
	}
}
