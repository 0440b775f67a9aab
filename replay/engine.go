package replay

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/decision"
	"github.com/qa-chain/chainreplay/internal/pagejs"
	"github.com/qa-chain/chainreplay/internal/testid"
	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/recorder"
	"github.com/qa-chain/chainreplay/report"
	"github.com/qa-chain/chainreplay/strategies"
)

type engine struct {
	page   *rod.Page
	flow   *chain.Flow
	opts   Options
	runner *decision.Runner
	// rewrite holds, for the step under way, its target described anew
	// (Options.Rewrite).
	rewrite *chain.Target
	// scripts are the scripts added to the page for every new document
	// (the closed-roots keeper, the page model), removed when the flow
	// ends (stop).
	scripts []proto.PageScriptIdentifier
	// pages are the pages the flow has acted in (pages.go), the first the
	// page it starts in, in the order steps first acted in them; byKey
	// finds them by flow and page index (an included flow's pages are its
	// own; page 0 of every flow is the first). cur is the runner of the
	// step under way.
	pages []*flowPage
	byKey map[pageKey]*flowPage
	cur   *decision.Runner
	// known are the pages there were when the flow started; context is
	// the flow's browser context.
	known   map[proto.TargetTargetID]bool
	context proto.BrowserBrowserContextID
	// watching lasts while the flow runs: each of its pages' runners
	// answers the page's JavaScript dialogs until stop ends it.
	watching context.Context
	unwatch  context.CancelFunc
}

// stop undoes what start set up on the page that outlives the flow.
func (e *engine) stop() {
	if e.unwatch != nil {
		e.unwatch()
	}
	for _, id := range e.scripts {
		_ = proto.PageRemoveScriptToEvaluateOnNewDocument{Identifier: id}.Call(e.page)
	}
}

func newEngine(page *rod.Page, f *chain.Flow, opts Options) *engine {
	e := &engine{page: page, flow: f, opts: opts}
	min := opts.MinConfidence
	if min <= 0 {
		min = DefaultMinConfidence
	}
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	if f.TimeoutMS > 0 {
		// The flow's own timeout (a Chrome recording's) beats the
		// replay's default; a step's own beats both.
		timeout = time.Duration(f.TimeoutMS) * time.Millisecond
	}
	e.runner = &decision.Runner{Page: page, Options: decision.RunOptions{
		Locate: decision.LocateOptions{
			Policy:  decision.Policy{MinConfidence: min},
			Allowed: opts.Strategies,
		},
		Timeout:      timeout,
		MapURL:       e.mapper([]*chain.Flow{f}),
		LookupSecret: opts.LookupSecret,
		BaseDir:      opts.BaseDir,
		Debug:        opts.Debug,
		TestIDAttrs:  testid.With(opts.TestIDAttrs, f.TestIDAttrs),
	}}
	e.pages = []*flowPage{{runner: e.runner}}
	e.byKey = map[pageKey]*flowPage{}
	e.cur = e.runner
	if opts.Rewrite {
		e.runner.Options.Located = e.located
	}
	return e
}

// located describes the winner anew, as the recorder describes a target,
// when the step was healed, its chain drifted, or its target is not
// described (chain.Target.Described: an imported recording's) (Options.Rewrite).
func (e *engine) located(ctx context.Context, s *chain.Step, v *decision.Verdict) {
	e.rewrite = nil
	if v.Winner == nil || v.Winner.Element == nil ||
		(healing(s.Target, v) == nil && len(v.Drifted) == 0 && s.Target.Described()) {
		return
	}
	t, err := recorder.Redescribe(ctx, e.cur.Model, v.Winner.Ref())
	if err != nil {
		if e.opts.Debug != nil {
			fmt.Fprintf(e.opts.Debug, "  cannot describe the element anew: %v\n", err)
		}
		return
	}
	e.rewrite = t
}

// start sets the viewport and loads the start URL.
func (e *engine) start(ctx context.Context) *report.Error {
	e.watching, e.unwatch = context.WithCancel(ctx)
	e.runner.WatchDialogs(e.watching)
	vp := e.opts.Viewport
	if vp == nil {
		vp = e.flow.Viewport
	}
	if vp != nil {
		v := chain.Viewport{Width: vp.Width, Height: vp.Height, DeviceScaleFactor: e.flow.DeviceScaleFactor}
		if e.flow.Device != nil {
			v.Device = *e.flow.Device
		}
		if err := decision.SetViewport(ctx, e.page, v); err != nil {
			return &report.Error{Code: report.CDPError, Message: err.Error()}
		}
		// The window must be at least as large: Chromium hit-tests
		// (DOM.getNodeForLocation) only inside the window, and a headless
		// window is 800x600 unless told otherwise.
		e.fitWindow(ctx, vp)
	}
	// Closed shadow roots the page's scripts attach are kept where the
	// page model can walk into them; the model itself is installed at
	// every document's start, so that it sees the page's mutations from
	// the first (a settled page, a step's effects).
	for _, src := range []string{pagejs.ClosedRoots, pagemodel.StartScript} {
		added, err := proto.PageAddScriptToEvaluateOnNewDocument{Source: src}.Call(e.page.Context(ctx))
		if err != nil {
			return &report.Error{Code: report.CDPError, Message: fmt.Sprintf("add a script for new documents: %v", err)}
		}
		e.scripts = append(e.scripts, added.Identifier)
	}
	e.knowTargets(ctx)
	// The flow's page in front of its window: a page opened behind
	// another tab of its window (two pages of one browser) is hidden.
	toFront(ctx, e.runner)
	if e.opts.NoStart {
		return nil
	}
	timeout := e.runner.Options.Timeout
	if timeout < 30*time.Second {
		timeout = 30 * time.Second
	}
	nctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	start, err := chain.ResolveVars(e.flow.StartURL, e.lookupVar)
	if err != nil {
		return &report.Error{Code: report.VarMissing, Message: "start_url: " + err.Error()}
	}
	if start == "" {
		if e.opts.StartURL == "" {
			if opensPage(e.flow) {
				return nil // its first step loads a page
			}
			return &report.Error{Code: report.InvalidStep, Message: "the flow has no start_url (its recording opens no page with a navigate step): give the page to start on with --url (replay.Options.StartURL)"}
		}
		start = e.opts.StartURL
	}
	u := e.runner.Options.MapURL(start)
	if err := decision.Navigate(nctx, e.page, u); err != nil {
		return &report.Error{Code: report.NavigationFailed, Message: err.Error()}
	}
	return nil
}

// fitWindow grows the page's browser window to hold vp; best effort (a
// remote browser may refuse).
func (e *engine) fitWindow(ctx context.Context, vp *chain.Size) {
	c := e.page.Context(ctx)
	w, err := proto.BrowserGetWindowForTarget{TargetID: e.page.TargetID}.Call(c)
	if err != nil {
		return
	}
	if b := w.Bounds; b != nil && b.Width != nil && b.Height != nil && *b.Width >= vp.Width && *b.Height >= vp.Height+100 {
		return
	}
	width, height := vp.Width, vp.Height+100
	proto.BrowserSetWindowBounds{WindowID: w.WindowID, Bounds: &proto.BrowserBounds{Width: &width, Height: &height}}.Call(c) //nolint:errcheck // best effort
}

// lookupVar finds a variable in Options.Vars.
func (e *engine) lookupVar(name string) (string, bool) {
	v, ok := e.opts.Vars[name]
	return v, ok
}

// mapper is the --base-url rewrite for the steps of the last of flows (a
// flow and the flows that include it, outermost first): a URL whose origin
// is the start origin of any of them gets BaseURL's.
func (e *engine) mapper(flows []*chain.Flow) func(string) string {
	base := e.opts.BaseURL
	starts := make([]string, 0, len(flows))
	for _, f := range flows {
		start := f.StartURL
		if start == "" {
			start = e.opts.StartURL
		}
		if u, err := chain.ResolveVars(start, e.lookupVar); err == nil {
			starts = append(starts, u)
		}
	}
	return func(u string) string {
		for _, start := range starts {
			if v := RewriteURL(u, start, base); v != u {
				return v
			}
		}
		return u
	}
}

func (e *engine) step(ctx context.Context, i int, es chain.ExpandedStep) report.Step {
	start := time.Now()
	st := report.Step{Index: i + 1, From: es.From(), Action: ActionName(es.Step), Status: report.Passed, Attempts: []report.Attempt{}}
	if es.Step.Target != nil {
		st.Description = Describe(es.Step.Target)
	}
	if es.Step.Include != "" {
		st.Description = es.Step.Include
	}
	if e.opts.Debug != nil {
		fmt.Fprintf(e.opts.Debug, "step %d %s %s\n", i+1, st.Action, st.Description)
	}
	e.runner.Options.MapURL = e.mapper(es.Flows)
	e.runner.Options.BaseDir = e.opts.BaseDir
	if es.Path != "" {
		e.runner.Options.BaseDir = filepath.Dir(es.Path)
	}
	filled, err := es.Step.WithVars(e.lookupVar)
	if err != nil {
		st.Status = report.Failed
		st.Error = &report.Error{Code: report.VarMissing, Message: err.Error()}
		st.DurationMS = msSince(start)
		return st
	}
	s := &filled
	e.rewrite = nil
	var out decision.Outcome
	var r *decision.Runner
	if s.Include != "" {
		out = e.include(ctx, es)
	} else {
		var frame []string
		r, frame, err = e.runnerFor(ctx, es.Flow, s)
		switch {
		case err != nil:
			out.Err = err
		case s.Action == chain.Close && frame != nil:
			out.Notes = append(out.Notes, fmt.Sprintf("page %d (%s) is a frame: there is no page to close", s.Page, es.Flow.Pages[s.Page].URL))
		case s.Action == chain.Close:
			out = e.closePage(ctx, es.Flow, s, r)
		default:
			r.Options.MapURL, r.Options.BaseDir = e.runner.Options.MapURL, e.runner.Options.BaseDir
			if r != e.cur {
				toFront(ctx, r)
			}
			e.cur = r
			out = r.Step(ctx, inFrame(s, frame))
		}
	}
	st.Notes = append(st.Notes, out.Notes...)
	st.Opened = append(st.Opened, out.Opened...)
	if v := out.Verdict; v != nil {
		for _, a := range v.Attempts {
			st.Attempts = append(st.Attempts, attempt(a))
		}
		if v.Winner != nil {
			st.Strategy = string(v.Winner.Strategy.Type)
			c := round3(v.Confidence)
			st.Confidence = &c
			st.Healed = healing(s.Target, v)
			if st.Healed == nil && len(v.Drifted) > 0 && e.rewrite != nil {
				first := strategyString(s.Target.Chain[0])
				st.Healed = &report.Healing{From: first, To: first, Drift: true}
			}
			if st.Healed == nil && !s.Target.Described() && e.rewrite != nil {
				st.Healed = &report.Healing{From: strategyString(s.Target.Chain[0]), To: strategyString(v.Winner.Strategy), Described: true}
			}
			if st.Healed != nil {
				for _, d := range v.Drifted {
					st.Healed.Broke = append(st.Healed.Broke, report.HealedStrategy{Type: string(d.Type), Value: d.Value, Confidence: d.Confidence})
				}
			}
			if st.Healed != nil && e.rewrite != nil {
				st.Healed.Target = e.rewrite
				st.Healed.Chain = nil
				for _, r := range e.rewrite.Chain {
					st.Healed.Chain = append(st.Healed.Chain, report.HealedStrategy{Type: string(r.Type), Value: r.Value, Confidence: r.Confidence})
				}
			}
			st.Notes = append(st.Notes, v.Notes...)
			if t := v.Winner.Tier; t > 0 && t < len(pagemodel.Tiers) {
				st.Notes = append(st.Notes, fmt.Sprintf("%s %q matched only after forgiving its %s", v.Winner.Strategy.Type, v.Winner.Strategy.Value, map[int]string{1: "white space", 2: "case", 3: "spacing"}[t]))
			}
		}
	}
	if out.Err != nil {
		st.Status = report.Failed
		var se *decision.StepError
		if errors.As(out.Err, &se) {
			st.Error = &report.Error{Code: se.Code, Message: se.Message()}
		} else {
			st.Error = &report.Error{Code: report.CDPError, Message: out.Err.Error()}
		}
		if st.Error.Code == report.CDPError && isClosed(e.pageOf(r)) {
			st.Error.Code = report.BrowserCrashed
		}
	}
	uctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	pg := e.pageOf(r)
	if s.Action == chain.Close {
		pg = e.page
	}
	if info, err := (proto.TargetGetTargetInfo{TargetID: pg.TargetID}).Call(pg.Context(uctx)); err == nil {
		st.URL = info.TargetInfo.URL
	}
	cancel()
	st.DurationMS = msSince(start)
	return st
}

func isClosed(p *rod.Page) bool {
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	_, err := proto.TargetGetTargetInfo{TargetID: p.TargetID}.Call(p.Context(ctx))
	return err != nil
}

func attempt(r strategies.Result) report.Attempt {
	a := report.Attempt{Type: string(r.Strategy.Type), Value: r.Strategy.Value, Found: r.Found,
		Confidence: round3(r.Confidence), MatchCount: r.MatchCount, DurationMS: float64(r.Duration.Microseconds()) / 1000,
		Detail: r.Detail}
	switch {
	case r.Err != nil:
		a.Error = r.Err.Error()
	case r.Detail != "" && (r.KindMismatch || r.MatchCount > 1):
		a.Error = r.Detail
	}
	return a
}

func round3(f float64) float64 { return float64(int64(f*1000+0.5)) / 1000 }

// healing reports a step the chain's first strategy did not locate: the
// winner is another strategy, and the first found nothing or another
// element. A first strategy that found the very element the winner found
// held (another strategy was only surer of it): nothing healed.
func healing(t *chain.Target, v *decision.Verdict) *report.Healing {
	if t == nil || len(t.Chain) == 0 || v.Winner == nil {
		return nil
	}
	first := t.Chain[0]
	w := v.Winner.Strategy
	if first.Type == w.Type && first.Value == w.Value {
		return nil
	}
	for _, a := range v.Attempts {
		if a.Strategy.Type == first.Type && a.Strategy.Value == first.Value && a.Found && sameElement(a, *v.Winner) {
			return nil
		}
	}
	h := &report.Healing{From: strategyString(first), To: strategyString(w)}
	h.Chain = append(h.Chain, report.HealedStrategy{Type: string(w.Type), Value: w.Value, Confidence: round3(v.Confidence)})
	for _, a := range v.Attempts {
		if a.Found && sameElement(a, *v.Winner) && (a.Strategy.Type != w.Type || a.Strategy.Value != w.Value) {
			h.Chain = append(h.Chain, report.HealedStrategy{Type: string(a.Strategy.Type), Value: a.Strategy.Value, Confidence: round3(a.Confidence)})
		}
	}
	return h
}

func sameElement(a, b strategies.Result) bool {
	return a.Element != nil && b.Element != nil && a.Ref() == b.Ref()
}

func strategyString(s chain.Strategy) string {
	if s.Value == "" {
		return string(s.Type)
	}
	return string(s.Type) + " " + s.Value
}

// Describe is a short human text of a target from its fingerprint or first
// strategy: `button "Sign in"`.
func Describe(t *chain.Target) string {
	if t == nil {
		return ""
	}
	if fp := t.Fingerprint; fp != nil && fp.Tag != "" {
		name := fp.AccessName
		if name == "" {
			name = fp.Text
		}
		if name == "" {
			name = fp.Label
		}
		if name == "" {
			name = fp.Placeholder
		}
		if r := []rune(name); len(r) > 40 {
			name = string(r[:40]) + "…"
		}
		if name != "" {
			return fmt.Sprintf("%s %q", fp.Tag, name)
		}
		if fp.ID != "" {
			return fp.Tag + "#" + fp.ID
		}
		return fp.Tag
	}
	if len(t.Chain) > 0 {
		return strategyString(t.Chain[0])
	}
	return ""
}

// RewriteURL gives u the origin of base when u has the origin of start (the
// --base-url rule). Other URLs, and every URL when base is "", are kept.
func RewriteURL(u, start, base string) string {
	if base == "" {
		return u
	}
	pu, err1 := url.Parse(u)
	ps, err2 := url.Parse(start)
	pb, err3 := url.Parse(base)
	if err1 != nil || err2 != nil || err3 != nil || pb.Scheme == "" || pb.Host == "" {
		return u
	}
	if !strings.EqualFold(pu.Scheme, ps.Scheme) || !strings.EqualFold(pu.Host, ps.Host) {
		return u
	}
	pu.Scheme, pu.Host = pb.Scheme, pb.Host
	return pu.String()
}

// include is the include step of es: it goes to the included flow's
// start URL, mapped, unless the page is there already. The included steps
// follow as steps of their own (Flow).
func (e *engine) include(ctx context.Context, es chain.ExpandedStep) decision.Outcome {
	inc := es.Step.Included
	if inc == nil {
		return decision.Outcome{Err: &decision.StepError{Code: report.InvalidStep,
			Msg: fmt.Sprintf("the flow %s was not loaded: load the including flow with chain.Load", es.Step.Include)}}
	}
	start, err := chain.ResolveVars(inc.Flow.StartURL, e.lookupVar)
	if err != nil {
		return decision.Outcome{Err: &decision.StepError{Code: report.VarMissing, Msg: fmt.Sprintf("start_url of %s: %v", es.Step.Include, err)}}
	}
	flows := append(es.Flows[:len(es.Flows):len(es.Flows)], inc.Flow)
	e.runner.Options.MapURL = e.mapper(flows)
	want := e.runner.Options.MapURL(start)
	if sameURL(want, e.pageURL(ctx)) {
		return decision.Outcome{}
	}
	timeout := max(e.runner.Options.Timeout, 30*time.Second)
	return e.runner.Step(ctx, &chain.Step{Action: chain.Navigate, URL: start, TimeoutMS: int(timeout / time.Millisecond)})
}

// pageURL is the page's URL, "" when it cannot be read.
func (e *engine) pageURL(ctx context.Context) string {
	uctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	res, err := proto.RuntimeEvaluate{Expression: "location.href", ReturnByValue: true}.Call(e.page.Context(uctx))
	if err != nil || res.ExceptionDetails != nil {
		return ""
	}
	return res.Result.Value.Str()
}

// sameURL: equal, or equal but for a trailing slash.
func sameURL(a, b string) bool {
	return a != "" && (a == b || strings.TrimSuffix(a, "/") == strings.TrimSuffix(b, "/"))
}
