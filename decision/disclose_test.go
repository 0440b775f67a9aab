package decision

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/report"
)

// A target inside a part of the page folded away (a menu a narrower
// viewport hides behind its button, a closed <details>) is reached as a
// person reaches it: the one control that discloses that part is clicked
// first, and the step says so. Where two controls disclose it, which one
// a person would use is not the page's to say: nothing is clicked; nor is
// a tab or a link that names the part.
func TestAFoldedTargetIsDisclosedByItsControl(t *testing.T) {
	const menu = `<nav><button id="toggle" aria-controls="menu" aria-expanded="false">Menu</button>%s
		<div id="menu" style="display: none"><a id="go" href="#team">Team</a></div></nav>
		<script>window.clicks = [];
		document.addEventListener("click", (e) => window.clicks.push(e.target.id));
		for (const b of document.querySelectorAll("[aria-controls=menu]")) b.addEventListener("click", () => {
			const m = document.getElementById("menu"), open = m.style.display === "none";
			m.style.display = open ? "block" : "none";
			for (const c of document.querySelectorAll("[aria-controls=menu]")) c.setAttribute("aria-expanded", String(open));
		});</script>`
	for _, tc := range []struct{ name, html, clicks, note string }{
		{"a folded menu", strings.Replace(menu, "%s", "", 1), "toggle,go", `opened button "Menu" first: div#menu hid the target (display: none)`},
		{"a closed details", `<details id="more"><summary id="toggle">More options</summary><button id="go">Export</button></details>
			<script>window.clicks = []; document.addEventListener("click", (e) => window.clicks.push(e.target.id));</script>`,
			"toggle,go", `opened button "More options" first: details#more hid the target (a closed <details>)`},
		{"two controls", strings.Replace(menu, "%s", `<button id="other" aria-controls="menu" aria-expanded="false">More</button>`, 1), "", ""},
		// A tab switches panels, a link may lead away: neither is opened.
		{"a tab", `<div role="tablist"><button role="tab" id="toggle" aria-controls="menu" aria-selected="false">Team</button></div>
			<div id="menu" role="tabpanel" style="display: none"><a id="go" href="#team">Team</a></div>
			<script>window.clicks = []; document.addEventListener("click", (e) => window.clicks.push(e.target.id));</script>`, "", ""},
		{"a link", strings.Replace(strings.Replace(menu, `<button id="toggle" aria-controls="menu" aria-expanded="false">Menu</button>`,
			`<a id="toggle" href="#more" aria-controls="menu" aria-expanded="false">Menu</a>`, 1), "%s", "", 1), "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := steadyPage(t, tc.html)
			r := &Runner{Page: p, Options: RunOptions{Timeout: 2 * time.Second}}
			out := r.Step(context.Background(), &chain.Step{Action: chain.Click, Target: &chain.Target{
				Chain: []chain.Strategy{{Type: chain.CSS, Value: "#go", Confidence: 0.9}}}})
			got := p.MustEval(`() => window.clicks.join(",")`).Str()
			if got != tc.clicks {
				t.Fatalf("clicks %q, want %q (step: %v)", got, tc.clicks, out.Err)
			}
			if tc.note == "" {
				if CodeOf(out.Err) != report.NotActionable {
					t.Fatalf("step: %v, want NOT_ACTIONABLE", out.Err)
				}
				return
			}
			if out.Err != nil || !strings.Contains(strings.Join(out.Notes, "\n"), tc.note) || len(out.Opened) != 1 {
				t.Fatalf("step: %v, notes %q, want passed with the note %q", out.Err, out.Notes, tc.note)
			}
		})
	}
}
