package browser_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/internal/browser"
	"github.com/qa-chain/chainreplay/internal/testenv"
)

// A page whose load event ends after the wait began, and whose script hangs
// the window on that event (as Bootstrap 5 does with delegateTarget): rod's
// Page.WaitLoad fails there ("Object reference chain is too long").
func TestWaitLoadOnAPageThatHangsObjectsOnItsLoadEvent(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte(`<!doctype html><script>addEventListener("load", (e) => { e.delegateTarget = window; });</script>` +
			`<p>Hello</p><img src="/slow.png">`))
	})
	mux.HandleFunc("/slow.png", func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(400 * time.Millisecond)
		w.WriteHeader(http.StatusNotFound)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()

	b := testenv.Browser(t)
	p, err := b.Page(proto.TargetCreateTarget{})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if _, err := (proto.PageNavigate{URL: srv.URL}).Call(p); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := browser.WaitLoad(ctx, p); err != nil {
		t.Fatalf("WaitLoad: %v", err)
	}
	res, err := p.Eval(`() => document.readyState + " " + document.querySelector("p").textContent`)
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Value.Str(); got != "complete Hello" {
		t.Errorf("after WaitLoad the page reads %q", got)
	}
}
