package decision

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
)

// TestTypingHonoursAnAncestorsKeyListener: a field inside a form that
// listens for keydown gets one key event per character.
func TestTypingHonoursAnAncestorsKeyListener(t *testing.T) {
	p := actionPage(t, `<form id="f"><input id="q" data-testid="query"></form>
<script>window.keys = 0; document.getElementById("f").addEventListener("keydown", () => window.keys++);</script>`, 1)
	var debug bytes.Buffer
	r := &Runner{Page: p, Options: RunOptions{Timeout: 5 * time.Second, Locate: LocateOptions{Debug: &debug}}}
	s := &chain.Step{Action: chain.Type, Text: "teapot", Target: &chain.Target{
		Chain:       []chain.Strategy{{Type: chain.TestID, Value: "query", Confidence: 0.95}},
		Fingerprint: &chain.Fingerprint{Tag: "input", ID: "q", TestIDs: map[string]string{"data-testid": "query"}},
	}}
	if out := r.Step(context.Background(), s); out.Err != nil {
		t.Fatal(out.Err)
	}
	if got := p.MustEval(`() => [window.keys, document.getElementById("q").value]`).Arr(); got[0].Int() != len("teapot") || got[1].Str() != "teapot" {
		t.Errorf("keydowns %d, value %q; want %d and %q", got[0].Int(), got[1].Str(), len("teapot"), "teapot")
	}
}

// TestTypingWithoutKeyListenersInsertsTheText: the page model's own input
// listener (it times the page's reactions) is not the page listening for
// keys: a field nobody listens to is typed into with one insertText.
func TestTypingWithoutKeyListenersInsertsTheText(t *testing.T) {
	p := actionPage(t, `<form><input id="q" data-testid="query"></form>`, 1)
	var debug bytes.Buffer
	r := &Runner{Page: p, Options: RunOptions{Timeout: 5 * time.Second, Debug: &debug}}
	s := &chain.Step{Action: chain.Type, Text: "teapot", Target: &chain.Target{
		Chain:       []chain.Strategy{{Type: chain.TestID, Value: "query", Confidence: 0.95}},
		Fingerprint: &chain.Fingerprint{Tag: "input", ID: "q", TestIDs: map[string]string{"data-testid": "query"}},
	}}
	if out := r.Step(context.Background(), s); out.Err != nil {
		t.Fatal(out.Err)
	}
	if !strings.Contains(debug.String(), "key events: false") {
		t.Errorf("typed key by key into a field nobody listens to:\n%s", debug.String())
	}
	if got := p.MustEval(`() => document.getElementById("q").value`).Str(); got != "teapot" {
		t.Errorf("value %q; want teapot", got)
	}
}

// TestTypingHonoursAKeyListenerInAFrame: a field in a frame whose own
// script listens for keydown on it, or on the frame's window, gets one key
// event per character. The listeners are the frame's: read from the main
// frame's side they do not show.
func TestTypingHonoursAKeyListenerInAFrame(t *testing.T) {
	p := steadyPage(t, `<iframe id="form" srcdoc='<input id="on-field"><input id="on-window">
<script>
window.keys = 0;
document.getElementById("on-field").addEventListener("keydown", () => window.keys++);
window.addEventListener("keydown", (e) => { if (e.target.id === "on-window") window.keys++; });
</script>'></iframe>`)
	r := &Runner{Page: p, Options: RunOptions{Timeout: 5 * time.Second}}
	for _, id := range []string{"on-field", "on-window"} {
		s := typeStep(id, "teapot")
		s.Target.FramePath = []string{"iframe#form"}
		p.MustEval(`() => { document.getElementById("form").contentWindow.keys = 0; }`)
		if out := r.Step(context.Background(), s); out.Err != nil {
			t.Fatalf("#%s: %v", id, out.Err)
		}
		got := p.MustEval(`id => { const w = document.getElementById("form").contentWindow; return [w.keys, w.document.getElementById(id).value]; }`, id).Arr()
		if got[0].Int() != len("teapot") || got[1].Str() != "teapot" {
			t.Errorf("#%s: keydowns %d, value %q; want %d and %q", id, got[0].Int(), got[1].Str(), len("teapot"), "teapot")
		}
	}
}
