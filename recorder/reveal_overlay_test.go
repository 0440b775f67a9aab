package recorder

import (
	"context"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/decision"
)

// A click opens a dialog the way UI kits do: a full-window backdrop
// appears under the resting pointer, and the dialog shows moments later.
// The pointer "entered" the backdrop, but no hover showed the dialog: the
// click did. The recording has no hover step (a hover on a backdrop,
// covered by the dialog once it shows, fails at replay), and replays. The
// backdrop covers the window also where the window draws a scrollbar
// beside it (a headed window, as people record in).
func TestDialogOverBackdropRecordsNoHover(t *testing.T) {
	const drive = "click #open\nclick #confirm .ok\n"
	t.Run("scrollbars hidden", func(t *testing.T) {
		dialogOverBackdrop(t, recordDrive(t, "variants/modal-backdrop.html", drive))
	})
	t.Run("scrollbars drawn", func(t *testing.T) {
		dialogOverBackdrop(t, recordDriveIn(t, scrollbarBrowser(t), "variants/modal-backdrop.html?long", drive))
	})
}

// dialogOverBackdrop checks f, the recording of the dialog opened and
// confirmed, and replays it.
func dialogOverBackdrop(t *testing.T, f chain.Flow) {
	for _, s := range f.Steps {
		if s.Action == chain.Hover {
			t.Fatalf("a hover step was recorded: %v", lines(f))
		}
	}
	if len(f.Steps) != 2 {
		t.Fatalf("want the two clicks, got %v", lines(f))
	}

	p := replayPage(t, f.StartURL)
	ctx := context.Background()
	r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 5 * time.Second}}
	for i := range f.Steps {
		if out := r.Step(ctx, &f.Steps[i]); out.Err != nil {
			t.Fatalf("step %d %s: %v", i+1, f.Steps[i].Action, out.Err)
		}
	}
	if got := p.MustEval(`() => document.getElementById("status").textContent`).Str(); got != "Signed out" {
		t.Errorf("status %q after the replay, want \"Signed out\"", got)
	}
}
