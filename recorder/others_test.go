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
	f := recordDrive(t, "variants/operations.html", "click #ops > span:nth-child(5) .op-summary\n")
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
		p := replayPage(t, f.StartURL+"?v="+c.version)
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
