package decision

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
)

// nthPage has a list of ROWS rows with a Promote button each (a list not
// yet filtered shows them all).
const nthPage = `<ul id="rows"></ul>
<script>
window.promoted = [];
const n = ROWS;
for (let i = 1; i <= n; i++) {
	const li = document.createElement("li");
	li.innerHTML = "<button>Promote</button>";
	li.querySelector("button").addEventListener("click", () => promoted.push(i));
	document.getElementById("rows").append(li);
}
</script>`

// The 3rd of 3 Promote buttons, as recorded, is the 3rd where there are 3;
// where there are 5 (a row added, a filter not applied yet) the 3rd is
// another row's, and the step must not click it.
func TestNthHoldsOnlyAmongAsManyAsRecorded(t *testing.T) {
	step := func() *chain.Step {
		return &chain.Step{Action: chain.Click, Target: &chain.Target{Chain: []chain.Strategy{
			{Type: chain.Role, Value: "button|Promote", Nth: 3, Of: 3, Confidence: 0.74}}}}
	}
	for _, c := range []struct {
		rows string
		want string
	}{{"3", "3"}, {"5", ""}} {
		p := steadyPage(t, strings.Replace(nthPage, "ROWS", c.rows, 1))
		r := &Runner{Page: p, Options: RunOptions{Timeout: 1500 * time.Millisecond}}
		out := r.Step(context.Background(), step())
		got := p.MustEval(`() => promoted.join(",")`).Str()
		if got != c.want {
			t.Errorf("%s rows: promoted %q (%v), want %q", c.rows, got, out.Err, c.want)
		}
		if c.want == "" && out.Err == nil {
			t.Errorf("%s rows: the step passed", c.rows)
		}
	}
}
