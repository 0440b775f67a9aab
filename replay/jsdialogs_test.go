package replay

import (
	"strings"
	"testing"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/report"
)

// A replay answers the JavaScript dialogs of its pages: an alert the page
// shows a moment after it loads does not stall the flow, a confirm gets
// the recorded answer, and one that nobody recorded is dismissed and
// fails its step.
func TestFlowAnswersJavaScriptDialogs(t *testing.T) {
	flow := func(dialogs ...chain.JSDialog) *chain.Flow {
		return &chain.Flow{Version: chain.Version, Name: "dialogs", StartURL: "http://127.0.0.1:8080/dialogs.html?alert",
			Viewport: &chain.Size{Width: 1280, Height: 800},
			Steps: []chain.Step{
				// The alert blocks the page's script until it is answered.
				{Action: chain.WaitExpression, Expression: `document.body.dataset.greeted === "yes"`},
				{Action: chain.Click, Target: byID("del-rent"), JSDialogs: dialogs},
				{Action: chain.AssertText, Target: byID("tasks"), Text: "Buy milk Delete"},
			}}
	}
	res := replayIncluding(t, flow(chain.JSDialog{Type: "confirm", Accept: true}), nil)
	if res.Status != report.Passed {
		t.Fatalf("with the confirm recorded:\n%s", stepsOf(res))
	}
	if n := res.Steps[0].Notes; len(n) != 1 || !strings.Contains(n[0], `an alert the recording did not: "Welcome!"`) {
		t.Errorf("the welcome alert: notes %q", n)
	}
	res = replayIncluding(t, flow(), nil)
	if st := res.Steps[1]; st.Status != report.Failed || st.Error.Code != report.UnexpectedDialog {
		t.Errorf("without it:\n%s", stepsOf(res))
	}
}
