package recorder

import (
	"context"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/decision"
	"github.com/qa-chain/chainreplay/internal/testenv"
)

// A headless recording answers the page's JavaScript dialogs (no one
// else can) and records each, with its answer, on the step that opened
// it; an alert the page shows at load stalls nothing. The steps then
// replay with the recorded answers.
func TestJavaScriptDialogsAreRecorded(t *testing.T) {
	f := recordDrive(t, "dialogs.html?alert", "wait 400\nclick #del-rent\nclick #rename\nclick #save\n", Options{AnswerDialogs: true})
	want := [][]chain.JSDialog{
		{{Type: "confirm", Message: "Delete \u201cPay the rent\u201d?", Accept: true}},
		{{Type: "prompt", Message: "New list name", Accept: true, Text: "Tasks"}},
		{{Type: "alert", Message: "Saved", Accept: true}},
	}
	if len(f.Steps) != len(want) {
		t.Fatalf("recorded %d steps, want %d: %v", len(f.Steps), len(want), stepLines(f))
	}
	for i, s := range f.Steps {
		if len(s.JSDialogs) != len(want[i]) || len(s.JSDialogs) > 0 && s.JSDialogs[0] != want[i][0] {
			t.Errorf("step %d (%s) recorded dialogs %+v, want %+v", i+1, s.Action, s.JSDialogs, want[i])
		}
	}

	p := replayPage(t, testenv.Fixtures(t).URL+"/dialogs.html")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 3 * time.Second}}
	r.WatchDialogs(ctx)
	for i := range f.Steps {
		if out := r.Step(ctx, &f.Steps[i]); out.Err != nil || len(out.Notes) > 0 {
			t.Errorf("replay step %d: %v %q", i+1, out.Err, out.Notes)
		}
	}
	if n := p.MustEval(`() => document.querySelectorAll("#tasks li").length`).Int(); n != 1 {
		t.Errorf("%d tasks left after the replay, want 1 (the confirm answered OK)", n)
	}
}
