package decision

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/report"
)

// A field in a frame behind a modal of the page that keeps the focus in
// itself is not typed into, nor is a key pressed on it: the frame's own
// document still names the field focused, but the page took the focus back
// to the modal's field, where the keys would go. The modal takes it back as
// the page's focus moves into the frame (focusin) or as its window loses
// the focus (blur); without a modal the text is typed into the frame's field.
func TestAFrameBehindAModalIsNotTypedInto(t *testing.T) {
	const frame = `<iframe id="pay" srcdoc="<input id=card><script>window.keys=0;document.getElementById('card').addEventListener('keydown',()=>window.keys++)</script>"></iframe>`
	const modal = `<div id="modal" role="dialog" aria-modal="true"><p>Join our list</p><input id="trapped" aria-label="Your email"></div>
<script>
const trapped = document.getElementById("trapped"), inModal = (x) => document.getElementById("modal").contains(x);
window.keys = 0;
document.getElementById("modal").addEventListener("keydown", () => window.keys++);
trapped.focus();
</script>`
	traps := map[string]string{
		"blur":      `<script>window.addEventListener("blur", () => { if (!inModal(document.activeElement)) trapped.focus(); });</script>`,
		"blur-next": `<script>window.addEventListener("blur", () => setTimeout(() => { if (!inModal(document.activeElement)) trapped.focus(); }, 0));</script>`,
	}
	step := func(action chain.Action) *chain.Step {
		s := &chain.Step{Action: action, Text: "4242", Target: &chain.Target{FramePath: []string{"iframe#pay"},
			Chain: []chain.Strategy{{Type: chain.ID, Value: "card", Confidence: 0.9}}}}
		if action == chain.Press {
			s.Text, s.Key = "", "Enter"
		}
		return s
	}
	for name, trap := range traps {
		t.Run(name, func(t *testing.T) {
			p := steadyPage(t, frame+modal+trap)
			r := &Runner{Page: p, Options: RunOptions{Timeout: 2 * time.Second}}
			for _, a := range []chain.Action{chain.Type, chain.Press} {
				out := r.Step(context.Background(), step(a))
				if CodeOf(out.Err) != report.NotActionable || !strings.Contains(fmt.Sprint(out.Err), "Your email") {
					t.Errorf("%s in the frame behind the modal: want NOT_ACTIONABLE naming the modal's field, got %v", a, out.Err)
				}
			}
			if v := p.MustEval(`() => document.getElementById("trapped").value`).Str(); v != "" {
				t.Errorf("the modal's field holds %q, want nothing typed", v)
			}
			if n := p.MustEval(`() => window.keys + document.getElementById("pay").contentWindow.keys`).Int(); n != 0 {
				t.Errorf("%d key events reached the page", n)
			}
		})
	}
	t.Run("no modal", func(t *testing.T) {
		p := steadyPage(t, frame)
		r := &Runner{Page: p, Options: RunOptions{Timeout: 2 * time.Second}}
		if out := r.Step(context.Background(), step(chain.Type)); out.Err != nil {
			t.Fatal(out.Err)
		}
		if v := p.MustEval(`() => document.getElementById("pay").contentDocument.getElementById("card").value`).Str(); v != "4242" {
			t.Errorf("the frame's field holds %q, want 4242", v)
		}
	})
}

// A field whose focus a timer of the page moves to another field of the
// same document, each time it comes, gets no text and no key, nor does
// the field the focus went to: the focus is looked for on the field, not
// on whatever held it a moment after it was given.
func TestAFocusTakenByATimerGetsNoKeys(t *testing.T) {
	p := steadyPage(t, `<input id="name"><input id="other" aria-label="Coupon">
<script>window.keys = 0;
document.getElementById("other").addEventListener("keydown", () => window.keys++);
document.getElementById("name").addEventListener("focus", () => setTimeout(() => document.getElementById("other").focus(), 0));
</script>`)
	r := &Runner{Page: p, Options: RunOptions{Timeout: 2 * time.Second}}
	for _, a := range []chain.Action{chain.Type, chain.Press} {
		s := typeStep("name", "Ada")
		if s.Action = a; a == chain.Press {
			s.Text, s.Key = "", "Enter"
		}
		out := r.Step(context.Background(), s)
		if CodeOf(out.Err) != report.NotActionable || !strings.Contains(fmt.Sprint(out.Err), "Coupon") {
			t.Errorf("%s at #name, whose focus a timer moves to #other: want NOT_ACTIONABLE naming #other, got %v", a, out.Err)
		}
	}
	if v := p.MustEval(`() => document.getElementById("name").value + "|" + document.getElementById("other").value`).Str(); v != "|" {
		t.Errorf("the fields hold %q, want nothing typed", v)
	}
	if n := p.MustEval(`() => window.keys`).Int(); n != 0 {
		t.Errorf("%d key events reached #other", n)
	}
}
