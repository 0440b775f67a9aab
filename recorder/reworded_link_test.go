package recorder

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/decision"
	"github.com/qa-chain/chainreplay/fixtures"
	"github.com/qa-chain/chainreplay/internal/testenv"
)

// A filter link of TodoMVC (an app nobody here wrote), recorded on the
// original ("Active", its CSS selector a[href="#/active"]), is replayed on
// the version whose texts a copy editor reworded ("Open"): the texts no
// longer match, the links moved, and the recorded point now lands on
// another link. The link that the selector names by its own destination,
// the only one, is taken; the link at the old point is not.
func TestRewordedLinkFoundByItsHref(t *testing.T) {
	b := ownWindow(t)
	const app = "thirdparty/todomvc/examples/vanillajs/"
	f := recordDriveIn(t, b, app, `type #new-todo Buy milk
press Enter
type #new-todo Walk the dog
press Enter
click #todo-list li:nth-child(2) .toggle
click #filters a[href*="active"]
`)
	base, err := testenv.Fixtures(t).VersionURL(fixtures.TextsReworded)
	if err != nil {
		t.Fatal(err)
	}
	p := replayPageIn(t, b, strings.TrimSuffix(base, "/")+"/"+app)
	ctx := context.Background()
	r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 5 * time.Second}}
	for i := range f.Steps {
		out := r.Step(ctx, &f.Steps[i])
		if out.Err != nil {
			t.Fatalf("step %d %s: %v%s", i+1, f.Steps[i].Action, out.Err, lines(f))
		}
	}
	if h := p.MustEval(`() => location.hash`).Str(); h != "#/active" {
		t.Errorf("hash %q after the replay, want #/active", h)
	}
	if got := p.MustEval(`() => document.querySelector("#filters a.selected").textContent`).Str(); got == "Active" {
		t.Errorf("the selected filter reads %q: the page was not reworded", got)
	}
}

// A control whose words a copy editor changed and that kept what
// identifies it (a link's destination) is taken, with a note saying what
// changed; a control named by an id that holds an index is not taken when
// its words are gone, because the row it named may be gone and the index
// passed to the next one (variants/wording.html).
func TestRewordedControlKeptItsIdentity(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/wording.html", "click nav a[href=\"#/due\"]\nclick nav a[href=\"#/\"]\nclick #pay-2\n")
	if len(f.Steps) != 3 {
		t.Fatalf("recorded %d steps, want 3: %v", len(f.Steps), lines(f))
	}
	// replay returns each step's outcome, the clicks the page saw, and
	// what it shows: the view and the bills with "(paid)" where paid.
	replay := func(version string) (outs []decision.Outcome, acted, shown string) {
		p := replayPageIn(t, b, f.StartURL+"?v="+version)
		ctx := context.Background()
		r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 2 * time.Second}}
		for i := range f.Steps {
			out := r.Step(ctx, &f.Steps[i])
			outs = append(outs, out)
			if out.Err != nil {
				break
			}
		}
		return outs, p.MustEval(`() => acted.join(",")`).Str(),
			p.MustEval(`() => [document.getElementById("shown").textContent, ...[...document.querySelectorAll("li span")].map((s) => s.textContent)].join(",")`).Str()
	}

	outs, acted, shown := replay("reworded")
	for i, out := range outs[:min(2, len(outs))] {
		if out.Err != nil {
			t.Fatalf("reworded: step %d, a link that still leads where it led, was refused: %v", i+1, out.Err)
		}
	}
	if !strings.HasPrefix(acted, "nav:#/due,nav:#/") {
		t.Errorf("reworded: acted on %q, want nav:#/due then nav:#/", acted)
	}
	// "All" became "Everything": the words, the box and the neighbours
	// changed; its destination, kind and place did not.
	if v := outs[1].Verdict; v == nil || len(v.Notes) == 0 || !strings.Contains(v.Notes[0], `recorded "All", now "Everything"`) {
		t.Errorf("reworded: the verdict does not say the words changed: %+v", v.Notes)
	}
	if !strings.HasPrefix(shown, "Showing #/,") {
		t.Errorf("reworded: the page shows %q after the links, want the view #/", shown)
	}
	// A words strategy that finds an element of another kind (an imported
	// Chrome text/ selector, holding its value, matching the heading) does
	// not say the words moved to a rival.
	recorded := f.Steps[1].Target.Chain
	f.Steps[1].Target.Chain = append(slices.Clone(recorded), chain.Strategy{Type: chain.Text, Value: "Invoices", Match: "contains", Confidence: 0.5})
	if outs, _, _ = replay("reworded"); len(outs) < 2 || outs[1].Err != nil {
		t.Errorf("reworded, with a text strategy matching the heading: the link was refused: %v", outs)
	}
	f.Steps[1].Target.Chain = recorded
	if strings.Contains(acted, "pay:") && !strings.Contains(acted, "pay:Water") || strings.Contains(shown, "Rent (paid)") || strings.Contains(shown, "Power (paid)") {
		t.Errorf("reworded: paid another bill: clicks %q, page %q", acted, shown)
	}

	outs, acted, shown = replay("removed")
	if len(outs) != 3 || outs[0].Err != nil || outs[1].Err != nil {
		t.Fatalf("removed: a link step failed: %v", outs)
	}
	if outs[2].Err == nil || strings.Contains(acted, "pay:") || strings.Contains(shown, "(paid)") {
		t.Errorf("removed: the Water bill is gone and #pay-2 now pays Power: want a refusal, got clicks %q, page %q, err %v", acted, shown, outs[2].Err)
	}
}

// A link reworded with its look-alikes (the form's "Log in" and the
// "Log in with Google" and "Facebook" links under it, all to the same
// page), found by its classes and its place, is taken: the decision's
// check of the element against the fingerprint scores it as the
// similarity ranking would, with its landmarks and its path from the
// nearest id, its classes' tokens weighed by the page (variants/
// signin.html). Scored without them, it fell under the floor and the step
// was refused. Where that link is gone, neither look-alike left is taken.
func TestRewordedLinkAmongLookAlikesIsTaken(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/signin.html", "click form.user a.btn-primary\n")
	if len(f.Steps) != 1 {
		t.Fatalf("recorded %d steps, want 1: %v", len(f.Steps), lines(f))
	}
	for _, version := range []string{"original", "reworded"} {
		p := replayPageIn(t, b, f.StartURL+"?v="+version)
		r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 2 * time.Second}}
		out := r.Step(context.Background(), &f.Steps[0])
		if out.Err != nil {
			t.Errorf("%s: the form's sign-in link was refused: %v", version, out.Err)
			continue
		}
		if acted := p.MustEval(`() => acted.join(",")`).Str(); acted != "btn-primary" {
			t.Errorf("%s: clicked %q, want the form's own link (btn-primary)", version, acted)
		}
	}
	p := replayPageIn(t, b, f.StartURL+"?v=removed")
	r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 2 * time.Second}}
	out := r.Step(context.Background(), &f.Steps[0])
	if acted := p.MustEval(`() => acted.join(",")`).Str(); out.Err == nil || acted != "" {
		t.Errorf("removed: the form's link is gone: want a refusal, got clicks %q, err %v", acted, out.Err)
	}
}
