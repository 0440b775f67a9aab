package decision

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/report"
)

// An asserted text is found where its words and numbers end, not inside
// a longer word or number.
func TestContainsWhole(t *testing.T) {
	for _, c := range []struct {
		text, want string
		ok         bool
	}{
		{"3 items", "3", true},
		{"13 items", "3", false},
		{"Total: $100", "$10", false},
		{"Total: $10.", "$10", true},
		{"Saved", "Save", false},
		{"Changes Saved!", "Saved", true},
		{"Saved saved", "saved", true},
		{"A 13, then 3", "3", true},
		{"(2 new)", "(2 new)", true},
		{"Ünïcode café", "café", true},
		{"cafés", "café", false},
		{"3.5 stars", "3", false},
		{"Total $10.50", "$10", false},
		{"1,000 users", "1", false},
		{"0.5 of 3.", "3", true},
		{"Rated 4.5", "4.5", true},
		{"v2.3.1 released", "2.3", false},
		{strings.Repeat("文字", 80) + "あと", strings.Repeat("文字", 60), true}, // a long text the recorder cut in a word
		{"anything", "", true},
		{"", "x", false},
	} {
		if got := containsWhole(c.text, c.want); got != c.ok {
			t.Errorf("containsWhole(%q, %q) = %v, want %v", c.text, c.want, got, c.ok)
		}
	}
}

// assert_visible holds to what a person sees: a message faded out
// (opacity: 0, as a "fade" class without "show" leaves it) or folded to no
// size in its panel is there to read for a script, not for a person. A
// checkbox made transparent over the box the page draws for it is seen as
// that box.
func TestAssertVisibleIsWhatAPersonSees(t *testing.T) {
	p := steadyPage(t, `<div id="ok">Order placed</div>
		<div id="faded" style="opacity:0">Payment accepted</div>
		<div style="height:0;overflow:hidden"><p id="folded">Shipped today</p></div>
		<div style="opacity:0.4"><p id="dim">Draft</p></div>
		<label style="position:relative;display:inline-block;width:20px;height:20px;background:#36c"><input id="styled" type="checkbox" style="position:absolute;inset:0;margin:0;opacity:0"></label>`)
	r := &Runner{Page: p, Options: RunOptions{Timeout: 700 * time.Millisecond}}
	for _, c := range []struct {
		id, why string
	}{{"ok", ""}, {"dim", ""}, {"styled", ""}, {"faded", "opacity: 0"}, {"folded", "folded to no size"}} {
		out := r.Step(context.Background(), &chain.Step{Action: chain.AssertVisible, Target: &chain.Target{
			Chain: []chain.Strategy{{Type: chain.ID, Value: c.id, Confidence: 0.9}}}})
		switch {
		case c.why == "" && out.Err != nil:
			t.Errorf("#%s: %v", c.id, out.Err)
		case c.why != "" && (CodeOf(out.Err) != report.AssertionFailed || !strings.Contains(out.Err.Error(), c.why)):
			t.Errorf("#%s: want ASSERTION_FAILED saying %q, got %v", c.id, c.why, out.Err)
		}
	}
}
