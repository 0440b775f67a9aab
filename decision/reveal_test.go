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
// control (aria-controls, aria-expanded), as Bootstrap's navbar does. The
// links report their clicks in window.clicked, the controls theirs in
// window.toggles; a control with data-inert does nothing else, and one
// with data-follow lets its link be followed.
func menuPage(controls, script string) string {
	return `<style>#nav:not(.open) { display: none; } a, button, [role=button] { display: inline-block; padding: 6px; }</style>
		<header>` + controls + `<ul id="nav"><li><a href="#work" id="work">Work</a></li><li><a href="#team" id="team">Team</a></li></ul></header>
		<script>window.clicked = []; window.toggles = 0; window.start = location.href;
		const nav = document.getElementById("nav");
		const open = (on) => { nav.classList.toggle("open", on);
			document.querySelectorAll("[aria-controls=nav]").forEach((x) => x.setAttribute("aria-expanded", on)); };
		nav.querySelectorAll("a").forEach((a) => a.addEventListener("click", () => clicked.push(a.id)));
		document.querySelectorAll("[aria-controls]").forEach((b) => b.addEventListener("click", (e) => {
			if (!b.dataset.follow) e.preventDefault(); toggles++; if (!b.dataset.inert) open(!nav.classList.contains("open")); }));
		` + script + `</script>`
}

const menuButton = `<button aria-controls="nav" aria-expanded="false" id="menu">Menu</button>`

func clickTeam(action chain.Action) *chain.Step {
	return &chain.Step{Action: action, Target: &chain.Target{
		Chain:       []chain.Strategy{{Type: chain.ID, Value: "team", Confidence: 0.9}},
		Fingerprint: &chain.Fingerprint{Tag: "a", ID: "team", Text: "Team"},
	}}
}

// A link folded behind its menu button is clicked once the button opened
// the menu, and the report says so.
func TestFoldedLinkIsRevealedByItsMenuButton(t *testing.T) {
	p := actionPage(t, menuPage(menuButton, ""), 1)
	out := (&Runner{Page: p, Options: RunOptions{Timeout: 3 * time.Second}}).Step(context.Background(), clickTeam(chain.Click))
	if out.Err != nil {
		t.Fatalf("step failed: %v", out.Err)
	}
	if got := p.MustEval(`() => clicked.join(",") + "|" + toggles`).Str(); got != "team|1" {
		t.Errorf("links clicked | toggles: %q, want team|1", got)
	}
	if !strings.Contains(strings.Join(out.Notes, "\n"), "which discloses it") {
		t.Errorf("no note says the menu was opened: %q", out.Notes)
	}
}

// A menu the page opens by itself a moment later is not toggled (shut).
func TestFoldedLinkThePageShowsIsNotToggled(t *testing.T) {
	p := actionPage(t, menuPage(menuButton, `setTimeout(() => open(true), 200);`), 1)
	out := (&Runner{Page: p, Options: RunOptions{Timeout: 3 * time.Second}}).Step(context.Background(), clickTeam(chain.Click))
	if out.Err != nil {
		t.Fatalf("step failed: %v", out.Err)
	}
	if got := p.MustEval(`() => clicked.join(",") + "|" + toggles`).Str(); got != "team|0" {
		t.Errorf("links clicked | toggles: %q, want team|0", got)
	}
}

// Nothing is opened, and the step fails as before, where the way to the
// link is not one plain toggle that shows (two shown buttons open the
// menu; the control is a link that leads elsewhere, or holds a link; there
// is none), or the step is not a click (a hover never becomes a click).
// Where the toggle does nothing, or changes the page's address (its link is
// followed), it is clicked once and the step fails.
func TestFoldedLinkIsNotRevealedWithoutOneWayToIt(t *testing.T) {
	for _, c := range []struct {
		name, controls string
		action         chain.Action
		toggles, same  string
	}{
		{"two buttons", menuButton + `<button aria-controls="nav" aria-expanded="false">More</button>`, chain.Click, "0", "true"},
		{"a link elsewhere", `<a href="/menu" aria-controls="nav" aria-expanded="false">Menu</a>`, chain.Click, "0", "true"},
		{"a link elsewhere as a button", `<a href="/menu" role="button" aria-controls="nav" aria-expanded="false">Menu</a>`, chain.Click, "0", "true"},
		{"a route", `<a href="#/menu" role="button" aria-controls="nav" aria-expanded="false">Menu</a>`, chain.Click, "0", "true"},
		{"a submit button", `<form action="/sent"><button aria-controls="nav" aria-expanded="false">Menu</button></form>`, chain.Click, "0", "true"},
		{"a link inside", `<span role="button" aria-controls="nav" aria-expanded="false"><a href="#more">Menu</a></span>`, chain.Click, "0", "true"},
		{"no control", ``, chain.Click, "0", "true"},
		{"hover", menuButton, chain.Hover, "0", "true"},
		{"inert", `<button aria-controls="nav" aria-expanded="false" data-inert="1">Menu</button>`, chain.Click, "1", "true"},
		{"a toggle that changes the address", `<a href="#menu" role="button" data-follow="1" aria-controls="nav" aria-expanded="false">Menu</a>`, chain.Click, "1", "false"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := actionPage(t, menuPage(c.controls, ""), 1)
			out := (&Runner{Page: p, Options: RunOptions{Timeout: time.Second}}).Step(context.Background(), clickTeam(c.action))
			if out.Err == nil || CodeOf(out.Err) != report.NotActionable {
				t.Fatalf("want NOT_ACTIONABLE, got %v (%s, notes %q)", out.Err, p.MustEval(`() => location.href + " " + toggles + " " + start`).Str(), out.Notes)
			}
			want := "|" + c.toggles + "|" + c.same
			if got := p.MustEval(`() => clicked.join(",") + "|" + toggles + "|" + (location.href === start)`).Str(); got != want {
				t.Errorf("links clicked | toggles | same page: %q, want %q", got, want)
			}
		})
	}
}
