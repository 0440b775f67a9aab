package decision

import (
	"context"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/report"
)

// A drag releases its element on its drop target, or not at all: a drop
// zone just below the fold is scrolled into view with the card dragged,
// and the card is dropped on it; a drop zone a fixed banner covers
// refuses the step NOT_ACTIONABLE, instead of dropping the card on the
// banner.
func TestADropLandsOnItsTarget(t *testing.T) {
	step := func() *chain.Step {
		return &chain.Step{Action: chain.Drag,
			Target: &chain.Target{Chain: []chain.Strategy{{Type: chain.ID, Value: "card", Confidence: 0.9}},
				Fingerprint: &chain.Fingerprint{Tag: "div", ID: "card"}},
			DropTarget: &chain.Target{Chain: []chain.Strategy{{Type: chain.ID, Value: "zone", Confidence: 0.9}},
				Fingerprint: &chain.Fingerprint{Tag: "div", ID: "zone"}},
		}
	}
	const script = `<script>window.dropped = "";
		document.getElementById("card").addEventListener("mousedown", () => {
			document.addEventListener("mouseup", (e) => { window.dropped = e.target.id || e.target.localName; }, {once: true});
		});</script>`
	for _, c := range []struct {
		name, page, dropped string
		code                report.Code
	}{
		{"below the fold", `<body style="margin:0;min-height:2400px">
			<div id="card" style="position:absolute;left:100px;top:700px;width:200px;height:40px;background:#ccc">Card</div>
			<div id="zone" style="position:absolute;left:100px;top:820px;width:400px;height:60px;background:#eee">Done</div>` + script, "zone", ""},
		{"under a banner", `<body style="margin:0;height:100vh;overflow:hidden">
			<div id="card" style="position:absolute;left:100px;top:100px;width:200px;height:40px;background:#ccc">Card</div>
			<div id="zone" style="position:absolute;left:100px;top:400px;width:400px;height:60px;background:#eee">Done</div>
			<div id="banner" style="position:fixed;left:0;top:350px;width:100%;height:200px;background:#333;color:#fff">We use cookies</div>` + script, "", report.NotActionable},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := actionPage(t, c.page, 1)
			r := &Runner{Page: p, Options: RunOptions{Timeout: 2 * time.Second}}
			out := r.Step(context.Background(), step())
			if CodeOf(out.Err) != c.code {
				t.Fatalf("%v, want %q", out.Err, c.code)
			}
			if got := p.MustEval(`() => window.dropped`).Str(); got != c.dropped {
				t.Errorf("the card was released on %q, want %q", got, c.dropped)
			}
		})
	}
}
