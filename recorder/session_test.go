package recorder

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/decision"
	"github.com/qa-chain/chainreplay/fixtures"
	"github.com/qa-chain/chainreplay/internal/testenv"
)

// The board session records exactly its steps, none of them a toolbar
// click: the hover that opened the menu, the menu's item, the three
// assertions with the texts of the page, the typing and the drag. It
// replays green on the same page.
func TestSessionRecordsAssertionsHoverMenuAndDrag(t *testing.T) {
	f := recordDrive(t, "board.html", fixtures.BoardSession)
	want := []chain.Action{chain.Hover, chain.Click, chain.AssertText, chain.Type, chain.AssertValue, chain.AssertVisible, chain.Drag,
		chain.Click, chain.Click, chain.AssertText}
	got := make([]chain.Action, len(f.Steps))
	for i, s := range f.Steps {
		got[i] = s.Action
	}
	if strings.Join(actions(got), " ") != strings.Join(actions(want), " ") {
		t.Fatalf("steps: %v\nwant actions %v", lines(f), want)
	}
	if s := f.Steps[2]; s.Text != "Project: Beta" {
		t.Errorf("assert_text text = %q, want the status as it was: Project: Beta", s.Text)
	}
	if s := f.Steps[4]; s.Text != "Dana Scully" {
		t.Errorf("assert_value text = %q, want Dana Scully", s.Text)
	}
	if fp := f.Steps[5].Target.Fingerprint; fp == nil || fp.ID != "saved" {
		t.Errorf("assert_visible target = %+v, want #saved", f.Steps[5].Target.Fingerprint)
	}
	d := f.Steps[6]
	if fp := d.Target.Fingerprint; fp == nil || !strings.Contains(fp.Text, "Write tests") {
		t.Errorf("drag source = %+v, want the card Write tests", d.Target.Fingerprint)
	}
	if d.DropTarget == nil || d.DropTarget.Fingerprint == nil || d.DropTarget.Fingerprint.ID != "done" {
		t.Errorf("drop target = %+v, want the Done list", d.DropTarget)
	}
	// The link opens the report in a new tab; the next steps act there.
	if len(f.Pages) != 2 || !strings.HasSuffix(f.Pages[1].URL, "/report.html") {
		t.Errorf("pages = %+v, want the first and the report", f.Pages)
	}
	for i, s := range f.Steps {
		want := 0
		if i >= 8 {
			want = 1
		}
		if s.Page != want {
			t.Errorf("step %d is in page %d, want %d: %s", i+1, s.Page, want, Line(i+1, s))
		}
	}
	if s := f.Steps[9]; s.Text != "Acknowledged" {
		t.Errorf("assert_text in the report = %q, want Acknowledged", s.Text)
	}
	for i, s := range f.Steps {
		for _, t2 := range []*chain.Target{s.Target, s.DropTarget} {
			if t2 != nil && t2.Fingerprint != nil && strings.Contains(strings.ToLower(t2.Fingerprint.Tag), "chainreplay") {
				t.Errorf("step %d acts on the toolbar: %s", i+1, Line(i+1, s))
			}
		}
	}

	p, err := testenv.Browser(t).Page(proto.TargetCreateTarget{URL: "about:blank"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	ctx := context.Background()
	if err := decision.Navigate(ctx, p, f.StartURL); err != nil {
		t.Fatal(err)
	}
	r := &decision.Runner{Page: p, Options: decision.RunOptions{Timeout: 5 * time.Second}}
	for i := range f.Steps[:7] {
		if out := r.Step(ctx, &f.Steps[i]); out.Err != nil {
			t.Fatalf("replay step %d %s: %v", i+1, f.Steps[i].Action, out.Err)
		}
	}
	if got := p.MustEval(`() => [...document.querySelectorAll("#done .card")].map(c => c.textContent).join(",")`).Str(); got != "Write tests" {
		t.Errorf("Done holds %q after replay, want the dragged card", got)
	}
}

func actions(as []chain.Action) []string {
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = string(a)
	}
	return out
}
