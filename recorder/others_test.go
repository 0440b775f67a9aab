package recorder

import (
	"context"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/decision"
)

// A list of operations whose blocks repeat the same structure, each named
// by its method, path and summary (an API explorer's). Recorded on
// "DELETE /tasks/{taskId}", then the operation removed: the next one takes
// its index, its place and its numbered test id (a conclusive match that
// would stop the chain), and "PUT /tasks/{taskId} Update a task", which
// reads much like it, stands just above. That is another operation, named
// as it was when the step was recorded: the step is refused. Reworded,
// the operation is still found. Reordered, the numbered test id names
// another operation while the name and the text still name the target:
// refused as AMBIGUOUS or found, never another operation clicked.
func TestCounterpartNamedAsRecordedIsNotTaken(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/operations.html", "click #ops > span:nth-child(5) .op-summary\n")
	if len(f.Steps) != 1 {
		t.Fatalf("recorded %v", stepLines(f))
	}
	fp := f.Steps[0].Target.Fingerprint
	if fp == nil || len(fp.OtherNames) != 6 {
		t.Fatalf("want the six other operations' names in the fingerprint, got %+v", fp)
	}
	for _, c := range []struct {
		version, want string
		mayRefuse     bool
	}{
		{"original", "DELETE /tasks/{taskId}", false},
		{"reworded", "DELETE /tasks/{taskId}", false},
		{"reordered", "DELETE /tasks/{taskId}", true},
		{"removed", "", false},
	} {
		p := replayPageIn(t, b, f.StartURL+"?v="+c.version)
		r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 2 * time.Second}}
		out := r.Step(context.Background(), &f.Steps[0])
		acted := p.MustEval(`() => acted.join(",")`).Str()
		if c.mayRefuse && acted == "" && out.Err != nil {
			continue
		}
		if acted != c.want || (c.want == "") != (out.Err != nil) {
			t.Errorf("%s: clicked %q (err %v), want %q", c.version, acted, out.Err, c.want)
			logAttempts(t, out.Verdict)
		}
	}
}

// The "Try it out" of the one open operation is the only one of the page
// when recorded, yet it is a part of its operation: the recorder names it
// inside the operation too. Replayed where another operation is open
// first (another API's, reading as the target's does but for its path),
// each shows its own "Try it out": the step clicks the recorded
// operation's, also with every summary wrapped in a <span>. Replayed
// alone on that page, where the recorded operation is closed and the
// other's "Try it out" is the only one, as when recorded, it is refused:
// that button is another operation's; so it is where the recorded
// operation is gone and another is open.
func TestControlAloneInItsItemIsNamedInIt(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/operations.html", "click #ops > span:nth-child(3) .op-summary\nclick #ops > span:nth-child(3) .try\n")
	if len(f.Steps) != 2 {
		t.Fatalf("recorded %v", stepLines(f))
	}
	scoped := false
	for _, s := range f.Steps[1].Target.Chain {
		scoped = scoped || s.Within != nil && s.Within.Value != ""
	}
	if fp := f.Steps[1].Target.Fingerprint; !scoped || fp == nil || fp.NameCount != 1 {
		t.Fatalf("want the only \"Try it out\" of the page named in its operation; chain %+v", f.Steps[1].Target.Chain)
	}

	// Wrapped, the innermost <span> that holds the operation's words is
	// the summary's wrapper, not the operation: still found in it.
	for _, version := range []string{"decoy", "wrapped"} {
		p := replayPageIn(t, b, f.StartURL+"?v="+version)
		r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 2 * time.Second}}
		for i := range f.Steps {
			if out := r.Step(context.Background(), &f.Steps[i]); out.Err != nil {
				t.Errorf("%s: step %d refused: %v", version, i+1, out.Err)
				logAttempts(t, out.Verdict)
			}
		}
		if acted := p.MustEval(`() => acted.join(",")`).Str(); acted != "GET /tasks/{taskId},try GET /tasks/{taskId}" {
			t.Errorf("%s: clicked %q, want the recorded operation's summary and its \"Try it out\"", version, acted)
		}
	}

	// The recorded operation closed, or gone, while another is open: the
	// only "Try it out" of the page is another operation's.
	for _, version := range []string{"decoy", "gone-open"} {
		p := replayPageIn(t, b, f.StartURL+"?v="+version)
		r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 2 * time.Second}}
		out := r.Step(context.Background(), &f.Steps[1])
		if acted := p.MustEval(`() => acted.join(",")`).Str(); acted != "" || out.Err == nil {
			t.Errorf("%s, the recorded operation not open: clicked %q (err %v), want a refusal", version, acted, out.Err)
			logAttempts(t, out.Verdict)
		}
	}
}
