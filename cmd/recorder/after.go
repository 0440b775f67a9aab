package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/go-rod/rod"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/replay"
	"github.com/qa-chain/chainreplay/report"
)

// afterFlow is the flow a recording starts after (--after): replayed in
// the page once the start URL has loaded, and the recorded flow's first
// step, an include of it.
type afterFlow struct {
	// path is the file as given, flow the flow loaded from it.
	path string
	flow *chain.Flow
	// include is path relative to the --out file's folder, with forward
	// slashes: what the recorded include step names.
	include string
	// startURL is the flow's start_url, variables filled and mapped by
	// --base-url: where the recording starts without --url.
	startURL string
	// err is why its replay failed, once it has.
	err error
}

// loadAfter loads the --after flow (includes and all) and works out the
// include step that names it.
func loadAfter(c *config) (*afterFlow, error) {
	f, err := chain.Load(c.after)
	if err != nil {
		return nil, err
	}
	start, err := chain.ResolveVars(f.StartURL, func(n string) (string, bool) { v, ok := c.vars[n]; return v, ok })
	if err != nil {
		return nil, fmt.Errorf("%s: start_url: %w (give it with --var)", c.after, err)
	}
	return &afterFlow{path: c.after, flow: f, include: includePath(c.out, c.after),
		startURL: replay.RewriteURL(start, start, c.baseURL)}, nil
}

// includePath names the file after from the folder of the file out.
func includePath(out, after string) string {
	dir, err1 := filepath.Abs(filepath.Dir(out))
	abs, err2 := filepath.Abs(after)
	if err1 != nil || err2 != nil {
		return filepath.ToSlash(after)
	}
	rel, err := filepath.Rel(dir, abs)
	if err != nil {
		return filepath.ToSlash(abs)
	}
	return filepath.ToSlash(rel)
}

// replay replays the flow in page, which is at the recording's start URL:
// as an include step does, it goes to the flow's start URL unless the
// page is there, then performs its steps. It prints one line per step
// and fails unless every step passed.
func (a *afterFlow) replay(ctx context.Context, page *rod.Page, c *config, out io.Writer) error {
	wrapper := &chain.Flow{Version: chain.Version, Name: a.flow.Name, StartURL: a.startURL,
		Steps: []chain.Step{{Include: a.include, Included: &chain.IncludedFlow{Path: a.path, Flow: a.flow}}}}
	vp := c.viewport
	res := replay.Flow(ctx, page, wrapper, replay.Options{BaseURL: c.baseURL, Vars: c.vars, NoStart: true,
		Viewport: &vp, BaseDir: filepath.Dir(a.path)})
	for _, st := range res.Steps {
		fmt.Fprintf(out, "  %s %s\n", strings.ToUpper(string(st.Status)), stepText(st))
	}
	if res.Status == report.Passed {
		fmt.Fprintf(out, "replayed %s (%d steps); recording from here\n", a.path, len(res.Steps))
		return nil
	}
	a.err = fmt.Errorf("replaying %s did not pass", a.path)
	if res.Error != nil {
		a.err = fmt.Errorf("replaying %s did not pass: %s: %s", a.path, res.Error.Code, res.Error.Message)
	}
	for _, st := range res.Steps {
		if st.Status == report.Failed && st.Error != nil {
			a.err = fmt.Errorf("replaying %s failed at %s: %s: %s", a.path, stepText(st), st.Error.Code, st.Error.Message)
			break
		}
	}
	return a.err
}

// stepText names a replayed step: "step 3 (login.yaml#2) type input \"Password\"".
func stepText(st report.Step) string {
	s := fmt.Sprintf("step %d", st.Index)
	if st.From != "" {
		s += " (" + st.From + ")"
	}
	s += " " + st.Action
	if st.Description != "" {
		s += " " + st.Description
	}
	return s
}
