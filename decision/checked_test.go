package decision

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/go-rod/rod"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/report"
)

// A check step whose box is ticked already (a form that remembers the
// choice) sets nothing: the box is as the step made it when recorded, and
// the step passes at once instead of waiting for a change that cannot
// come. So does an uncheck step on a box clear already.
func TestACheckOnABoxInItsStateAlreadyPasses(t *testing.T) {
	p := steadyPage(t, `<label><input type="checkbox" id="terms" checked> I agree</label>
		<label><input type="checkbox" id="news"> Send me news</label>`)
	r := &Runner{Page: p, Options: RunOptions{Timeout: 2 * time.Second}}
	step := func(a chain.Action, id, became string) *chain.Step {
		return &chain.Step{Action: a, Effect: &chain.Effect{State: []string{"checked"}, Became: map[string]string{"checked": became}},
			Target: &chain.Target{Chain: []chain.Strategy{{Type: chain.ID, Value: id, Confidence: 0.9}},
				Fingerprint: &chain.Fingerprint{Tag: "input", ID: id, Type: "checkbox"}}}
	}
	if out := r.Step(context.Background(), step(chain.Check, "terms", "true")); out.Err != nil {
		t.Errorf("check on a box ticked already: %v", out.Err)
	}
	if out := r.Step(context.Background(), step(chain.Uncheck, "news", "false")); out.Err != nil {
		t.Errorf("uncheck on a box clear already: %v", out.Err)
	}
	got := p.MustEval(`() => [terms.checked, news.checked].join(",")`).Str()
	if got != "true,false" {
		t.Errorf("the boxes: %s, want true,false", got)
	}
}

// A settings form drawn anew from the app's state once its save is
// answered: the box ticked is replaced by a new one, and the step's
// recorded effect could only say the page changed. A save the server
// refused draws the box clear again: the step fails; a save taken draws it
// ticked, and the step passes.
func TestABoxDrawnAnewMustShowItsState(t *testing.T) {
	for _, c := range []struct {
		name   string
		status int
		code   report.Code
	}{{"taken", http.StatusNoContent, ""}, {"refused", http.StatusInternalServerError, report.NoEffect}} {
		t.Run(c.name, func(t *testing.T) {
			p := answeringPage(t, `<form id="f"></form><script>
				let on = false;
				function draw() {
					const f = document.getElementById("f");
					f.innerHTML = '<label><input type="checkbox" id="mail"> Email me about orders</label>';
					const b = document.getElementById("mail");
					b.checked = on;
					b.onchange = () => fetch("/save", {method: "POST"}).then((r) => { if (r.ok) on = b.checked; draw(); });
				}
				draw();</script>`, c.status)
			r := &Runner{Page: p, Options: RunOptions{Timeout: 3 * time.Second}}
			s := &chain.Step{Action: chain.Check, Effect: &chain.Effect{Content: true},
				Target: &chain.Target{Chain: []chain.Strategy{{Type: chain.ID, Value: "mail", Confidence: 0.9}},
					Fingerprint: &chain.Fingerprint{Tag: "input", ID: "mail", Type: "checkbox"}}}
			if out := r.Step(context.Background(), s); CodeOf(out.Err) != c.code {
				t.Fatalf("want %q, got %v", c.code, out.Err)
			}
		})
	}
}

// answeringPage opens html (served at "/") whose script saves through
// POST /save, which the server answers with status after 150 ms: a save
// the server takes, or one it refuses.
func answeringPage(t *testing.T, html string, status int) *rod.Page {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, "<!doctype html>"+html)
	})
	mux.HandleFunc("/save", func(w http.ResponseWriter, _ *http.Request) {
		time.Sleep(150 * time.Millisecond)
		w.WriteHeader(status)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return testenv.PageWithScripts(t, srv.URL, pagemodel.StartScript)
}
