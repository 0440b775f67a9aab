package snapshot

import (
	"context"
	"strings"
	"testing"

	"github.com/qa-chain/chainreplay/internal/testenv"
)

// A control that nothing labels has the text beside it, in the container
// it is the only control of, among its neighbours, in the snapshot and in
// the page model's description alike: "Checkbox" tells the first box of a
// column from "Checkbox checked". A labelled control, one whose container
// holds others, and a button (named by its own text) have none.
func TestNeighboursHoldTheTextBesideAnUnlabelledControl(t *testing.T) {
	p := open(t, testenv.Fixtures(t).URL+"/snapshot/basics.html")
	p.MustEval(`() => {
		document.body.innerHTML = '<h3>General Elements</h3>' +
			'<div class="form-check"><input id="c1" type="checkbox"><label>Checkbox</label></div>' +
			'<div class="form-check"><input id="c2" type="checkbox" checked><label>Checkbox checked</label></div>' +
			'<div class="form-check"><input id="c3" type="checkbox"><label for="c3">Tied label</label></div>' +
			'<div><input id="t1" placeholder="Enter ..."><input id="t2" placeholder="Enter ..."> Two fields</div>' +
			'<div><button id="b">Go</button> beside</div>';
	}`)
	s := snap(t, p, Options{})
	want := map[string]string{
		"c1": "General Elements|Checkbox", "c2": "General Elements|Checkbox checked", "c3": "Tied label|General Elements",
		"t1": "General Elements", "b": "General Elements",
	}
	var nodes []*Node
	var ids []string
	for id, w := range want {
		n := byAttrID(t, s, id)
		if got := strings.Join(n.Neighbours, "|"); got != w {
			t.Errorf("snapshot #%s neighbours %q, want %q", id, got, w)
		}
		nodes, ids = append(nodes, n), append(ids, id)
	}
	els, err := s.Describe(context.Background(), nodes)
	if err != nil {
		t.Fatal(err)
	}
	for i, el := range els {
		if got := strings.Join(el.Neighbours, "|"); got != want[ids[i]] {
			t.Errorf("described #%s neighbours %q, want %q", ids[i], got, want[ids[i]])
		}
	}
}
