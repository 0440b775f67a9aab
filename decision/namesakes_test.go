package decision

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/report"
)

// A row named by its city (the only words that told it apart when
// recorded) is two rows now: a release inserted another customer of that
// city above it. The index, the path and the fingerprint, all of which
// name the first of them, tell the rows apart only by place: the step is
// refused, and no row deleted. With the recorded row alone of its city,
// the step passes.
func TestANamesakeRowInsertedInTheListIsNoPlaceToAct(t *testing.T) {
	const page = `<ul id="rows">%s
		<li><span>Maria Garcia</span> <span>Porto</span> <button type="button">Delete</button></li>
		<li><span>Ana Souza</span> <span>Lisbon</span> <button type="button">Delete</button></li></ul>
		<p id="last">nothing</p>
		<script>for (const b of document.querySelectorAll("#rows button")) b.onclick = () => {
			document.getElementById("last").textContent = "deleted " + b.parentElement.firstElementChild.textContent; b.parentElement.remove(); };</script>`
	step := func() *chain.Step {
		return &chain.Step{Action: chain.Click, Effect: &chain.Effect{Content: true}, Target: &chain.Target{
			Chain: []chain.Strategy{
				{Type: chain.Role, Value: "button|Delete", Confidence: 0.9,
					Within: &chain.Strategy{Type: chain.Text, Value: "Porto", Match: "contains", Tag: "li"}},
				{Type: chain.Role, Value: "button|Delete", Nth: 1, Of: 2, Confidence: 0.74},
				{Type: chain.CSS, Value: "li:nth-of-type(1) > button", Confidence: 0.67},
			},
			Fingerprint: &chain.Fingerprint{Tag: "button", Role: "button", AccessName: "Delete", Text: "Delete", Items: 2, ItemKind: "li"},
		}}
	}
	for _, c := range []struct {
		name, inserted, want string
		code                 report.Code
	}{
		{"as recorded", "", "deleted Maria Garcia", ""},
		{"a namesake above", `<li><span>Luis Garcia</span> <span>Porto</span> <button type="button">Delete</button></li>`, "nothing", report.Ambiguous},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := steadyPage(t, fmt.Sprintf(page, c.inserted))
			r := &Runner{Page: p, Options: RunOptions{Timeout: 2 * time.Second}}
			out := r.Step(context.Background(), step())
			last := p.MustElement("#last").MustText()
			if CodeOf(out.Err) != c.code || last != c.want {
				t.Fatalf("%v, %q: want %q and %q", out.Err, last, c.code, c.want)
			}
		})
	}
}
