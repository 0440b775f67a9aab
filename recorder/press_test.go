package recorder

import (
	"context"
	"testing"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/launcher"
	"github.com/go-rod/rod/lib/launcher/flags"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/decision"
	"github.com/qa-chain/chainreplay/internal/browser"
)

// A page that renders the pressed control anew as it handles the press,
// and acts on the release (Closure Library's controls; TodoMVC's Closure
// example), gets no click from Chromium: the node pressed is gone by the
// release. The person clicked all the same, and the page acted: each
// press and release in place is recorded as the click it was (a check of
// the row's checkbox, a click of its delete button), on the element the
// page rendered in the pressed one's place. Replayed on the unchanged
// page, and on its rows in another order, the flow does what the person
// did, to the rows the person did it to.
func TestPressAndReleaseWithoutAClickIsRecorded(t *testing.T) {
	f := recordDrive(t, "variants/press-rows.html", `click li:nth-child(2) .toggle
click li:nth-child(1) .destroy
`)
	if len(f.Steps) != 2 {
		t.Fatalf("want 2 steps (a check, a click), got %d: %v", len(f.Steps), lines(f))
	}
	check, del := f.Steps[0], f.Steps[1]
	if check.Action != chain.Check || check.Target.Fingerprint == nil || check.Target.Fingerprint.Tag != "input" {
		t.Errorf("step 1: want a check of the row's checkbox, got %v", lines(f))
	}
	if del.Action != chain.Click || del.Target.Fingerprint == nil || del.Target.Fingerprint.AccessName != "Delete task" {
		t.Errorf("step 2: want a click of the delete button, got %v", lines(f))
	}

	// Replayed on the unchanged page, and on the rows in the other order:
	// the same rows are checked and deleted, whatever their places.
	for _, c := range []struct{ query, want string }{
		{"", "Walk the dog (done), Water the plants"},
		{"?reversed", "Water the plants, Walk the dog (done)"},
	} {
		p := replayPage(t, f.StartURL+c.query)
		ctx := context.Background()
		r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 5 * time.Second}}
		for i := range f.Steps {
			if out := r.Step(ctx, &f.Steps[i]); out.Err != nil {
				t.Fatalf("replay%s step %d %s: %v", c.query, i+1, f.Steps[i].Action, out.Err)
			}
		}
		got := p.MustEval(`() => [...document.querySelectorAll("li")].map(l => l.querySelector("label").textContent + (l.classList.contains("completed") ? " (done)" : "")).join(", ")`).Str()
		if got != c.want {
			t.Errorf("after the replay%s the rows are %q, want %q", c.query, got, c.want)
		}
	}
}

// A press and release on a scrollbar (a scroll container's, where Chromium
// fires no click either) is no click: nothing is recorded, so that replay
// never clicks the container's content for it. The project's headless
// browsers hide scrollbars; a headed window (a person recording) or
// another's browser (--browser ws://) draws them.
func TestPressOnAScrollbarIsNoClick(t *testing.T) {
	r, p := startRecordingIn(t, scrollbarBrowser(t), "variants/press-rows.html")
	box := p.MustElement("#notes").MustShape().Box()
	gutter := p.MustEval(`() => { const n = document.getElementById("notes"); return n.offsetWidth - n.clientWidth - 2 * n.clientLeft; }`).Num()
	if gutter <= 0 {
		t.Fatalf("the list's scrollbar takes no room (%v px): nothing to press", gutter)
	}
	x, y := box.X+box.Width-2-gutter/2, box.Y+box.Height/2
	if err := mouseOnly(p, chain.Point{X: x, Y: y}); err != nil {
		t.Fatal(err)
	}
	if err := r.Sync(context.Background(), ""); err != nil {
		t.Fatal(err)
	}
	if f := r.Flow(); len(f.Steps) != 0 {
		t.Errorf("a press on the scrollbar was recorded: %v", lines(f))
	}
}

// A press on the window's own scrollbar (past the root's client box) is
// no click either.
func TestPressOnTheWindowsScrollbarIsNoClick(t *testing.T) {
	r, p := startRecordingIn(t, scrollbarBrowser(t), "variants/press-rows.html")
	p.MustEval(`() => document.body.insertAdjacentHTML("beforeend", '<div style="height:3000px"></div>')`)
	bar := p.MustEval(`() => [innerWidth - document.documentElement.clientWidth, document.documentElement.clientWidth]`).Arr()
	if bar[0].Num() <= 0 {
		t.Fatalf("the window's scrollbar takes no room (%v px): nothing to press", bar[0].Num())
	}
	if err := mouseOnly(p, chain.Point{X: bar[1].Num() + bar[0].Num()/2, Y: 300}); err != nil {
		t.Fatal(err)
	}
	if err := r.Sync(context.Background(), ""); err != nil {
		t.Fatal(err)
	}
	if f := r.Flow(); len(f.Steps) != 0 {
		t.Errorf("a press on the window's scrollbar was recorded: %v", lines(f))
	}
}

// scrollbarBrowser starts a headless browser that draws scrollbars, as a
// headed window does (the project's headless browsers hide them), and
// closes it at cleanup.
func scrollbarBrowser(t *testing.T) *rod.Browser {
	t.Helper()
	bin, err := browser.Resolve("")
	if err != nil {
		t.Fatal(err)
	}
	l, u, err := browser.Launch(context.Background(), func() *launcher.Launcher {
		return browser.NewLauncher(bin, browser.Options{}).Delete(flags.Flag("hide-scrollbars"))
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(l.Kill)
	b := rod.New().ControlURL(u)
	if err := b.Connect(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}
