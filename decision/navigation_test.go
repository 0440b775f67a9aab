package decision

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/report"
)

// A step recorded as changing the route still passes when the app renamed
// the route (with a note saying where it led), and fails with
// NAVIGATION_FAILED when nothing navigates.
func TestNavigationIsCheckedForWhatItMeans(t *testing.T) {
	step := &chain.Step{Action: chain.Click, Navigated: &chain.Navigation{URL: "about:blank#/settings", SameDocument: true},
		Target: &chain.Target{Chain: []chain.Strategy{{Type: chain.ID, Value: "go", Confidence: 0.9}},
			Fingerprint: &chain.Fingerprint{Tag: "a", ID: "go"}}}
	renamed := actionPage(t, `<a id="go" href="#/preferences">Settings</a>`, 1)
	out := (&Runner{Page: renamed, Options: RunOptions{Timeout: 3 * time.Second}}).Step(context.Background(), step)
	if out.Err != nil {
		t.Fatalf("the route was renamed: want a pass, got %v", out.Err)
	}
	if len(out.Notes) != 1 || !strings.Contains(out.Notes[0], "led to about:blank#/preferences; recorded about:blank#/settings") {
		t.Errorf("notes %q, want where it led and what was recorded", out.Notes)
	}
	dead := actionPage(t, `<a id="go">Settings</a>`, 1)
	out = (&Runner{Page: dead, Options: RunOptions{Timeout: time.Second}}).Step(context.Background(), step)
	if CodeOf(out.Err) != report.NavigationFailed || !strings.Contains(out.Err.Error(), "change the route") {
		t.Fatalf("nothing navigated: want NAVIGATION_FAILED, got %v", out.Err)
	}
}

// A document the page loads by itself while the step locates its target
// is not the step's navigation: a link recorded as leading to another
// document that now leads nowhere fails NAVIGATION_FAILED even when the
// page reloaded between the step's start and its click; the link that
// still leads there passes, clicked where it stands in the new document
// (each document puts it lower than the last).
func TestSelfReloadIsNotTheStepsNavigation(t *testing.T) {
	for _, tc := range []struct {
		name, link string
		code       report.Code
	}{
		{"leads there", `<a id="go" href="/next">Next</a>`, ""},
		{"leads nowhere", `<a id="go">Next</a>`, report.NavigationFailed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			url := shiftingPage(t, tc.link)
			p := testenv.PageWithScripts(t, url, pagemodel.StartScript)
			reloaded := false
			r := &Runner{Page: p, Options: RunOptions{Timeout: 4 * time.Second,
				Located: func(ctx context.Context, _ *chain.Step, _ *Verdict) {
					if !reloaded {
						reloaded = true
						reload(ctx, t, p, url)
					}
				}}}
			s := &chain.Step{Action: chain.Click, Navigated: &chain.Navigation{URL: url + "/next"},
				Target: &chain.Target{Chain: []chain.Strategy{{Type: chain.ID, Value: "go", Confidence: 0.9}},
					Fingerprint: &chain.Fingerprint{Tag: "a", ID: "go"}}}
			out := r.Step(context.Background(), s)
			if !reloaded {
				t.Fatal("the page did not reload itself")
			}
			if CodeOf(out.Err) != tc.code {
				t.Fatalf("want %q, got %v", tc.code, out.Err)
			}
			if got := p.MustInfo().URL; tc.code == "" && got != url+"/next" {
				t.Errorf("the page is at %s, want %s/next", got, url)
			}
		})
	}
}

// A new document at the recorded URL's path is not enough: the step must
// navigate. A link recorded as going from ?page=1 to ?page=2 that now
// leads nowhere fails, although the page's path already reads as recorded.
func TestNavigationMustHappen(t *testing.T) {
	p := steadyPage(t, `<a id="go">Next page</a>`)
	url := p.MustInfo().URL
	s := &chain.Step{Action: chain.Click, Navigated: &chain.Navigation{URL: url + "?page=2"},
		Target: &chain.Target{Chain: []chain.Strategy{{Type: chain.ID, Value: "go", Confidence: 0.9}},
			Fingerprint: &chain.Fingerprint{Tag: "a", ID: "go"}}}
	out := (&Runner{Page: p, Options: RunOptions{Timeout: time.Second}}).Step(context.Background(), s)
	if CodeOf(out.Err) != report.NavigationFailed {
		t.Fatalf("nothing navigated: want NAVIGATION_FAILED, got %v", out.Err)
	}
}

// A link recorded as leading to one product's page now leads to another's
// (the same path, another query): the step passes, saying where it led.
func TestNavigationToAnotherQueryIsNoted(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><a id="go" href="/detail.html?id=mug">Teapot</a>`)
	}))
	t.Cleanup(srv.Close)
	step := &chain.Step{Action: chain.Click, Navigated: &chain.Navigation{URL: srv.URL + "/detail.html?id=teapot"},
		Target: &chain.Target{Chain: []chain.Strategy{{Type: chain.ID, Value: "go", Confidence: 0.9}},
			Fingerprint: &chain.Fingerprint{Tag: "a", ID: "go"}}}
	p := testenv.PageWithScripts(t, srv.URL+"/list.html", pagemodel.StartScript)
	out := (&Runner{Page: p, Options: RunOptions{Timeout: 3 * time.Second}}).Step(context.Background(), step)
	if out.Err != nil {
		t.Fatalf("want a pass, got %v", out.Err)
	}
	if len(out.Notes) != 1 || !strings.Contains(out.Notes[0], "led to "+srv.URL+"/detail.html?id=mug; recorded") {
		t.Errorf("notes %q, want where it led and what was recorded", out.Notes)
	}
}

// A sign-in recorded as leading to the dashboard, whose server now answers
// the form with the sign-in page again (a password refused): a new
// document, at the URL the step started from. That is the page staying
// where it was, not a navigation to another page: the step fails
// NAVIGATION_FAILED. The form the server takes leads on, and passes.
func TestALoadOfThePageItWasOnIsNotTheRecordedNavigation(t *testing.T) {
	for _, c := range []struct {
		name string
		ok   bool
		code report.Code
	}{{"refused", false, report.NavigationFailed}, {"taken", true, ""}} {
		t.Run(c.name, func(t *testing.T) {
			mux := http.NewServeMux()
			mux.HandleFunc("/login", func(w http.ResponseWriter, r *http.Request) {
				if r.Method == http.MethodPost && c.ok {
					http.Redirect(w, r, "/dashboard", http.StatusSeeOther)
					return
				}
				w.Header().Set("Content-Type", "text/html; charset=utf-8")
				msg := ""
				if r.Method == http.MethodPost {
					msg = "<p>Wrong password</p>"
				}
				fmt.Fprint(w, `<!doctype html><form method="post" action="/login">`+msg+`<button id="go">Sign in</button></form>`)
			})
			mux.HandleFunc("/dashboard", func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Content-Type", "text/html; charset=utf-8")
				fmt.Fprint(w, `<!doctype html><h1>Dashboard</h1>`)
			})
			srv := httptest.NewServer(mux)
			t.Cleanup(srv.Close)
			step := &chain.Step{Action: chain.Click, Navigated: &chain.Navigation{URL: srv.URL + "/dashboard"},
				Target: &chain.Target{Chain: []chain.Strategy{{Type: chain.ID, Value: "go", Confidence: 0.9}},
					Fingerprint: &chain.Fingerprint{Tag: "button", ID: "go"}}}
			p := testenv.PageWithScripts(t, srv.URL+"/login", pagemodel.StartScript)
			out := (&Runner{Page: p, Options: RunOptions{Timeout: 2 * time.Second}}).Step(context.Background(), step)
			if CodeOf(out.Err) != c.code {
				t.Fatalf("want %q, got %v (notes %q)", c.code, out.Err, out.Notes)
			}
			if c.code != "" && !strings.Contains(out.Err.Error(), "loaded again") {
				t.Errorf("the error should say the page loaded again where it was: %v", out.Err)
			}
		})
	}
}
