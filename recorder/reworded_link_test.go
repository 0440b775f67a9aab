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
