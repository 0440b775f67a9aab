package recorder

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/go-rod/rod/lib/proto"

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
	const app = "thirdparty/todomvc/examples/vanillajs/"
	f := recordDrive(t, app, `type #new-todo Buy milk
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
	p, err := testenv.Browser(t).Page(proto.TargetCreateTarget{URL: "about:blank"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	if err := (proto.EmulationSetDeviceMetricsOverride{Width: 1280, Height: 800, DeviceScaleFactor: 1}).Call(p); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := decision.Navigate(ctx, p, strings.TrimSuffix(base, "/")+"/"+app); err != nil {
		t.Fatal(err)
	}
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
	f := recordDrive(t, "variants/wording.html", "click nav a[href=\"#/due\"]\nclick nav a[href=\"#/\"]\nclick #pay-2\n")
	if len(f.Steps) != 3 {
		t.Fatalf("recorded %d steps, want 3: %v", len(f.Steps), lines(f))
	}
	replay := func(version string) ([]decision.Outcome, string) {
		p, err := testenv.Browser(t).Page(proto.TargetCreateTarget{URL: "about:blank"})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { p.Close() })
		if err := (proto.EmulationSetDeviceMetricsOverride{Width: 1280, Height: 800, DeviceScaleFactor: 1}).Call(p); err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		if err := decision.Navigate(ctx, p, f.StartURL+"?v="+version); err != nil {
			t.Fatal(err)
		}
		r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 2 * time.Second}}
		var outs []decision.Outcome
		for i := range f.Steps {
			out := r.Step(ctx, &f.Steps[i])
			outs = append(outs, out)
			if out.Err != nil {
				break
			}
		}
		return outs, p.MustEval(`() => acted.join(",")`).Str()
	}

	outs, acted := replay("reworded")
	for i, out := range outs[:2] {
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
	if strings.Contains(acted, "pay:") && !strings.Contains(acted, "pay:Water") {
		t.Errorf("reworded: paid another bill: %q", acted)
	}

	outs, acted = replay("removed")
	if len(outs) != 3 || outs[0].Err != nil || outs[1].Err != nil {
		t.Fatalf("removed: a link step failed: %v", outs)
	}
	if outs[2].Err == nil || strings.Contains(acted, "pay:") {
		t.Errorf("removed: the Water bill is gone and #pay-2 now pays Power: want a refusal, got acted %q, err %v", acted, outs[2].Err)
	}
}
