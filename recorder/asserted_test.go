package recorder

import (
	"testing"

	"github.com/qa-chain/chainreplay/chain"
)

// An assertion on a text keeps no strategy that finds its element by that
// text: a text, a role named by it, an XPath or a CSS selector on it or on
// an attribute holding it, a row named by it.
func TestNotByAssertedDropsWhatHoldsTheText(t *testing.T) {
	tg := &chain.Target{Chain: []chain.Strategy{
		{Type: chain.Text, Value: "Shipped"},
		{Type: chain.Role, Value: "cell|Shipped"},
		{Type: chain.CSS, Value: `td[data-value="Shipped"]`},
		{Type: chain.XPath, Value: `//td[normalize-space()="Shipped"]`},
		{Type: chain.CSS, Value: "span.status", Within: &chain.Strategy{Type: chain.Text, Value: "Order 7 Shipped"}},
		{Type: chain.CSS, Value: "span.status", Within: &chain.Strategy{Type: chain.Text, Value: "Order 7"}},
		{Type: chain.CSS, Value: "tr:nth-of-type(2) > td.status"},
		{Type: chain.Coordinates},
	}, Fingerprint: &chain.Fingerprint{Text: "Shipped"}}
	notByAsserted(tg, "  shipped ")
	var kept []string
	for _, s := range tg.Chain {
		kept = append(kept, string(s.Type)+" "+s.Value)
	}
	want := []string{"css span.status", "css tr:nth-of-type(2) > td.status", "coordinates "}
	if len(kept) != len(want) {
		t.Fatalf("kept %q, want %q", kept, want)
	}
	for i := range want {
		if kept[i] != want[i] {
			t.Fatalf("kept %q, want %q", kept, want)
		}
	}
	if tg.Fingerprint.Text != "" {
		t.Errorf("the fingerprint keeps the text %q", tg.Fingerprint.Text)
	}
}
