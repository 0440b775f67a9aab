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
		// The place names a row of neither: no less refused.
		{"a namesake, and another row first", `<li><span>Ines Costa</span> <span>Braga</span> <button type="button">Delete</button></li>
			<li><span>Luis Garcia</span> <span>Porto</span> <button type="button">Delete</button></li>`, "nothing", report.Ambiguous},
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

// Another person of the same name stands where the recorded one was
// shown (the list grew, and the recorded row went to the next page): the
// row's name finds one row, but its Invite button's test id is another of
// the list's ("invite-p45" where "invite-p08" was recorded, which names
// nothing on the page now). The step is refused; with the recorded row
// shown, or with no test ids at all, it passes.
func TestAnotherMemberOfTheTestIDsFamilyIsNotTheTarget(t *testing.T) {
	const page = `<table><tbody>
		<tr><td>Ada Lovelace</td><td>ada@example.org</td><td><button data-testid="invite-p01">Invite</button></td></tr>
		<tr><td>Grace Hopper</td><td>%s</td><td><button data-testid="%s">Invite</button></td></tr>
		</tbody></table><p id="last">nothing</p>
		<script>for (const b of document.querySelectorAll("button")) b.onclick = () => {
			document.getElementById("last").textContent = "invited " + b.closest("tr").children[1].textContent; };
		%s</script>`
	step := func() *chain.Step {
		return &chain.Step{Action: chain.Click, Effect: &chain.Effect{Texts: true}, Target: &chain.Target{
			Chain: []chain.Strategy{
				{Type: chain.TestID, Value: "invite-p08", Confidence: 0.97},
				{Type: chain.Role, Value: "button|Invite", Confidence: 0.9,
					Within: &chain.Strategy{Type: chain.Text, Value: "Grace Hopper", Match: "contains", Tag: "tr"}},
				{Type: chain.Role, Value: "button|Invite", Nth: 2, Of: 2, Confidence: 0.74},
			},
			Fingerprint: &chain.Fingerprint{Tag: "button", Role: "button", AccessName: "Invite", Text: "Invite",
				TestIDs: map[string]string{"data-testid": "invite-p08"}, Items: 2, ItemKind: "tr"},
		}}
	}
	for _, c := range []struct {
		name, email, testid, script, want string
		code                              report.Code
	}{
		{"as recorded", "grace@navy.mil", "invite-p08", "", "invited grace@navy.mil", ""},
		{"a namesake in its place", "ghopper@yale.edu", "invite-p45", "", "nothing", report.ElementNotFound},
		{"a namesake, test ids of another scheme", "ghopper@yale.edu", "people-invite-45", "", "invited ghopper@yale.edu", ""},
		{"no test ids", "grace@navy.mil", "x", `for (const b of document.querySelectorAll("button")) b.removeAttribute("data-testid");`, "invited grace@navy.mil", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := steadyPage(t, fmt.Sprintf(page, c.email, c.testid, c.script))
			r := &Runner{Page: p, Options: RunOptions{Timeout: 2 * time.Second}}
			out := r.Step(context.Background(), step())
			last := p.MustElement("#last").MustText()
			if CodeOf(out.Err) != c.code || last != c.want {
				t.Fatalf("%v, %q: want %q and %q", out.Err, last, c.code, c.want)
			}
		})
	}
}
