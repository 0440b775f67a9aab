package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/fixtures"
	"github.com/qa-chain/chainreplay/internal/browser"
)

// oracle finds, for each step of a flow recorded on the original, the
// logical name of the element it was recorded on: it opens the original
// page, finds the element with the locators recorded for it (the
// fingerprint's CSS or XPath, through the recorded frames and shadow
// roots, exact on the page they were recorded on), fires a contextmenu
// event at it and reads which name the page reports. This is independent
// of how replay chooses elements. Steps with no element get "".
func oracle(ctx context.Context, b *browser.Browser, srv *fixtures.Server, a *fixtures.App, f *chain.Flow) ([]string, error) {
	page, err := b.Page(proto.TargetCreateTarget{URL: f.StartURL})
	if err != nil {
		return nil, err
	}
	defer page.Close()
	if err := page.WaitLoad(); err != nil {
		return nil, err
	}
	expect := make([]string, len(f.Steps))
	for i, s := range f.Steps {
		if s.Target == nil || len(s.Target.Chain) == 0 {
			continue
		}
		el, err := locate(page, s.Target)
		if err != nil {
			return nil, fmt.Errorf("step %d (%s): the recorded locators do not find the element on the original: %w", i+1, s.Action, err)
		}
		srv.ResetEvents()
		marker := fmt.Sprintf("__oracle:%d", i)
		if _, err := el.Eval(`function (m) {
			// bubbling, like the click the step records: a click on a label's
			// span reaches the tracked button around it
			const fire = (x) => x.dispatchEvent(new MouseEvent("contextmenu", {bubbles: true, composed: true}));
			// a web component's host: its inner control is what a click at its centre reaches
			const inner = this.shadowRoot && this.shadowRoot.querySelector("button, input, select, textarea, a[href], [role]");
			fire(inner || this);
			fixtureReport(m, "probe", "");
		}`, marker); err != nil {
			return nil, fmt.Errorf("step %d: %w", i+1, err)
		}
		wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		for {
			ev := srv.Events()
			if n := len(ev); n > 0 && ev[n-1].Element == marker {
				for _, e := range ev {
					if e.Type == "contextmenu" && expect[i] == "" {
						expect[i] = e.Element
					}
				}
				break
			}
			if _, err := srv.WaitEvents(wctx, len(ev)+1); err != nil {
				cancel()
				return nil, fmt.Errorf("step %d: the page did not report: %w", i+1, err)
			}
		}
		cancel()
		if expect[i] == "" {
			logf("oracle %s: step %d (%s) acts on an element that reports nothing", a.Name, i+1, s.Action)
		}
	}
	names := map[string]bool{}
	for _, n := range a.Expect {
		names[n] = true
	}
	for i, n := range expect {
		if n != "" && !names[n] {
			logf("oracle %s: step %d acts on %q, which the drive script does not name", a.Name, i+1, n)
		}
	}
	return expect, nil
}

// locate finds t's element on page by its exact recorded locators.
func locate(page *rod.Page, t *chain.Target) (*rod.Element, error) {
	scope := page
	for _, sel := range t.FramePath {
		fr, err := find(scope, "css", sel)
		if err != nil {
			return nil, fmt.Errorf("frame %q: %w", sel, err)
		}
		if scope, err = fr.Frame(); err != nil {
			return nil, fmt.Errorf("frame %q: %w", sel, err)
		}
		scope = scope.Context(context.Background())
	}
	var locs [][2]string // kind, value
	if fp := t.Fingerprint; fp != nil {
		if fp.CSS != "" {
			locs = append(locs, [2]string{"css", fp.CSS})
		}
		if fp.XPath != "" {
			locs = append(locs, [2]string{"xpath", fp.XPath})
		}
	}
	for _, s := range t.Chain {
		switch s.Type {
		case chain.CSS:
			locs = append(locs, [2]string{"css", s.Value})
		case chain.XPath:
			locs = append(locs, [2]string{"xpath", s.Value})
		case chain.ID:
			locs = append(locs, [2]string{"css", `[id="` + strings.ReplaceAll(s.Value, `"`, `\"`) + `"]`})
		}
	}
	if len(locs) == 0 {
		return nil, fmt.Errorf("no CSS or XPath recorded")
	}
	var lastErr error
	for _, l := range locs {
		var el *rod.Element
		var err error
		if len(t.ShadowPath) == 0 {
			el, err = find(scope, l[0], l[1])
		} else {
			el, err = inShadow(scope, t.ShadowPath, l)
		}
		if err == nil {
			return el, nil
		}
		lastErr = err
	}
	return nil, lastErr
}

// find waits up to 3 s for the element.
func find(scope *rod.Page, kind, sel string) (*rod.Element, error) {
	p := scope.Timeout(3 * time.Second)
	var el *rod.Element
	var err error
	if kind == "css" {
		el, err = p.Element(sel)
	} else {
		el, err = p.ElementX(sel)
	}
	if err != nil {
		return nil, err
	}
	return el.CancelTimeout(), nil
}

func inShadow(scope *rod.Page, path []string, l [2]string) (*rod.Element, error) {
	host, err := find(scope, "css", path[0])
	if err != nil {
		return nil, err
	}
	for i, sel := range path {
		if i > 0 {
			if host, err = host.Element(sel); err != nil {
				return nil, err
			}
		}
		if host, err = host.ShadowRoot(); err != nil {
			return nil, err
		}
	}
	if l[0] == "css" {
		return host.Element(l[1])
	}
	return nil, fmt.Errorf("XPath inside a shadow root is not supported by the oracle")
}
