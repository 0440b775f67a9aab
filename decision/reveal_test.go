package decision

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/report"
)

// menuPage is a navigation that a small viewport folds behind a menu
// button (aria-controls, aria-expanded), as Bootstrap's navbar does. The
// links report their clicks in window.clicked.
func menuPage(toggles, buttons string) string {
	return `<style>#nav:not(.open) { display: none; } a, button { display: inline-block; padding: 6px; }</style>
		<header>` + buttons + `<ul id="nav"><li><a href="#work" id="work">Work</a></li><li><a href="#team" id="team">Team</a></li></ul></header>
		<script>window.clicked = [];
		document.querySelectorAll("a").forEach((a) => a.addEventListener("click", () => clicked.push(a.id)));
		document.querySelectorAll("button").forEach((b) => b.addEventListener("click", () => {` + toggles + `}));</script>`
}

const openMenu = `const n = document.getElementById("nav"); n.classList.toggle("open");
	document.querySelectorAll("[aria-controls=nav]").forEach((x) => x.setAttribute("aria-expanded", n.classList.contains("open")));`

func clickTeam() *chain.Step {
	return &chain.Step{Action: chain.Click, Target: &chain.Target{
		Chain:       []chain.Strategy{{Type: chain.ID, Value: "team", Confidence: 0.9}},
		Fingerprint: &chain.Fingerprint{Tag: "a", ID: "team", Text: "Team"},
	}}
}

// A link folded behind its menu button is clicked once the button opened
// the menu, and the report says so.
func TestFoldedLinkIsRevealedByItsMenuButton(t *testing.T) {
	p := actionPage(t, menuPage(openMenu, `<button aria-controls="nav" aria-expanded="false" id="menu">Menu</button>`), 1)
	out := (&Runner{Page: p, Options: RunOptions{Timeout: 3 * time.Second}}).Step(context.Background(), clickTeam())
	if out.Err != nil {
		t.Fatalf("step failed: %v", out.Err)
	}
	if got := p.MustEval(`() => clicked.join(",")`).Str(); got != "team" {
		t.Errorf("clicked %q, want team", got)
	}
	if !strings.Contains(strings.Join(out.Notes, "\n"), "opened it with") {
		t.Errorf("no note says the menu was opened: %q", out.Notes)
	}
}

// Nothing is opened, and the step fails as before, where the way to the
// link is not clear (two shown buttons open the menu) or the button does
// not open the menu.
func TestFoldedLinkIsNotRevealedWithoutOneWayToIt(t *testing.T) {
	for name, page := range map[string]string{
		"two buttons": menuPage(openMenu, `<button aria-controls="nav" aria-expanded="false">Menu</button><button aria-controls="nav" aria-expanded="false">More</button>`),
		"inert":       menuPage(`this.dataset.pressed = "yes";`, `<button aria-controls="nav" aria-expanded="false">Menu</button>`),
		"no button":   menuPage("", ``),
	} {
		t.Run(name, func(t *testing.T) {
			p := actionPage(t, page, 1)
			out := (&Runner{Page: p, Options: RunOptions{Timeout: time.Second}}).Step(context.Background(), clickTeam())
			if out.Err == nil || CodeOf(out.Err) != report.NotActionable {
				t.Fatalf("want NOT_ACTIONABLE, got %v", out.Err)
			}
			if got := p.MustEval(`() => clicked.join(",") + "|" + document.getElementById("nav").className`).Str(); got != "|" {
				t.Errorf("clicked links, menu class: %q, want none", got)
			}
		})
	}
}
