package recorder

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/decision"
	"github.com/qa-chain/chainreplay/internal/testenv"
)

// A drive line waits, as a person does, for what the page is animating to
// finish before it acts: a dialog that fades in without moving ignores a
// close asked for while it is still opening (as Bootstrap 4's modal does),
// and the page had been still (no mutation) for longer than the drive's
// quiet window long before the fade ended.
func TestDriveWaitsForATransitionToEnd(t *testing.T) {
	r, p := startRecordingIn(t, testenv.Browser(t).Browser, "variants/fading-dialog.html")
	lines, err := ParseDrive(stringsReader("click #open\nclick #close\n"))
	if err != nil {
		t.Fatal(err)
	}
	if err := (&Driver{Rec: r, Page: p}).Run(context.Background(), lines); err != nil {
		t.Fatal(err)
	}
	if got := p.MustEval(`() => document.getElementById("status").textContent + ", " + ignored + " ignored"`).Str(); got != "Closed, 0 ignored" {
		t.Errorf("after the drive the page says %q, want %q (the close was asked for while the dialog was still fading in)", got, "Closed, 0 ignored")
	}
	if f := r.Flow(); len(f.Steps) != 2 {
		t.Errorf("recorded %v, want two clicks", stepLines(f))
	}
}

// The same dialog replayed: the close waits for the fade to end too
// (decision.Actionable), where it was clicked as soon as it showed and
// failed NO_EFFECT.
func TestReplayWaitsForATransitionToEnd(t *testing.T) {
	f := recordDrive(t, "variants/fading-dialog.html", "click #open\nclick #close\n")
	if len(f.Steps) != 2 {
		t.Fatalf("recorded %v, want two clicks", stepLines(f))
	}
	p := replayPage(t, f.StartURL)
	r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 3 * time.Second}}
	for i := range f.Steps {
		if out := r.Step(context.Background(), &f.Steps[i]); out.Err != nil {
			t.Fatalf("step %d: %v", i+1, out.Err)
		}
	}
	if got := p.MustEval(`() => document.getElementById("status").textContent + ", " + ignored + " ignored"`).Str(); got != "Closed, 0 ignored" {
		t.Errorf("after the replay the page says %q, want %q", got, "Closed, 0 ignored")
	}
}

// A drive line on a page that renders nothing (here a tab behind another
// in its window: Chromium runs no animation frame there) fails at its
// timeout, saying why, where it used to wait for the frame for ever.
func TestDriveLineOnAPageWithoutFramesFailsInTime(t *testing.T) {
	r, p := startRecordingIn(t, testenv.Browser(t).Browser, "login.html")
	front, err := testenv.Browser(t).Page(proto.TargetCreateTarget{URL: "about:blank"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { front.Close() })
	lines, err := ParseDrive(stringsReader("click #remember\n"))
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- (&Driver{Rec: r, Page: p, Timeout: 2 * time.Second}).Run(context.Background(), lines) }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "no animation frame") {
			t.Errorf("drive on a page behind another tab: %v, want an error saying it runs no animation frame", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the drive line still waits 30 s after its 2 s timeout")
	}
}
