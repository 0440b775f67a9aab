package decision

import (
	"context"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
)

// A dialog still opening when the step begins (its backdrop fading in, as
// Bootstrap's modal opens): the step's positional selector, written for
// the page as it was, names the button of another dialog, hidden, and its
// role and name name none yet. The hidden winner is not waited for while
// the page is still changing: once the dialog shows, the chain decides
// again and its role and name take the shown button.
func TestHiddenWinnerIsDecidedAgainOnceThePageChanges(t *testing.T) {
	p := steadyPage(t, `<div id="a" style="display: none"><button id="close-a">Close</button></div>
		<div id="b" style="display: none"></div>
		<script>
			window.clicks = [];
			document.addEventListener("click", (e) => clicks.push(e.target.id));
			// As Bootstrap opens a modal: a backdrop fades in, and the
			// dialog shows once its transition has ended.
			const fade = document.createElement("div");
			fade.style.cssText = "position: fixed; inset: 0; background: #000; opacity: 0; transition: opacity 300ms linear; pointer-events: none";
			document.body.append(fade);
			fade.getBoundingClientRect();
			fade.style.opacity = "0.3";
			fade.addEventListener("transitionend", () => {
				const b = document.getElementById("b");
				b.innerHTML = '<button id="close-b">Close project</button>';
				b.style.display = "block";
			});
		</script>`)
	s := &chain.Step{Action: chain.Click, Target: &chain.Target{Chain: []chain.Strategy{
		{Type: chain.Role, Value: "button|Close project", Confidence: 0.85},
		{Type: chain.CSS, Value: "#a > button", Confidence: 0.6},
	}}}
	r := &Runner{Page: p, Options: RunOptions{Timeout: 3 * time.Second}}
	out := r.Step(context.Background(), s)
	if out.Err != nil {
		t.Fatalf("step: %v", out.Err)
	}
	if got := p.MustEval(`() => clicks.join(",")`).Str(); got != "close-b" {
		t.Errorf("clicked %q, want close-b", got)
	}
	if out.Verdict == nil || out.Verdict.Winner == nil || out.Verdict.Winner.Strategy.Type != chain.Role {
		t.Errorf("won by %+v, want its role", out.Verdict)
	}
}
