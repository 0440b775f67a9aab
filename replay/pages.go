package replay

import (
	"context"
	"fmt"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/decision"
	"github.com/qa-chain/chainreplay/internal/pagejs"
	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/report"
)

// The pages a flow acts in (chain.Page): the page it starts in, and each
// page an earlier step opened, found when a step first acts in it.

// flowPage is a page of the flow: its runner once it is found, and
// whether a step closed it.
type flowPage struct {
	runner *decision.Runner
	closed bool
}

// pagesPoll is how often a step looks for the page it acts in.
const pagesPoll = 50 * time.Millisecond

// knowTargets notes the pages that exist when the flow starts: a page
// opened by a step is one that did not.
func (e *engine) knowTargets(ctx context.Context) {
	e.known = map[proto.TargetTargetID]bool{}
	res, err := proto.TargetGetTargets{}.Call(e.page.Browser().Context(ctx))
	if err != nil {
		return
	}
	for _, t := range res.TargetInfos {
		e.known[t.TargetID] = true
	}
	if info, err := (proto.TargetGetTargetInfo{TargetID: e.page.TargetID}).Call(e.page.Context(ctx)); err == nil {
		e.context = info.TargetInfo.BrowserContextID
	}
}

// stepTimeout is how long step s may wait: its own timeout, else the
// flow's, else the replay's.
func (e *engine) stepTimeout(s *chain.Step) time.Duration {
	if s.TimeoutMS > 0 {
		return time.Duration(s.TimeoutMS) * time.Millisecond
	}
	return e.runner.Options.Timeout
}

// runnerFor returns the runner of the page step s acts in. A page the
// flow has not acted in yet is waited for, up to the step's timeout: a
// page opened after the flow started, in the flow's browser context,
// whose URL is the one recorded. When it does not open, or a step closed
// it, the step fails: it never acts in another page instead.
func (e *engine) runnerFor(ctx context.Context, s *chain.Step) (*decision.Runner, error) {
	if s.Page == 0 {
		if e.pages[0].closed {
			return nil, stepError(report.ElementNotFound, "the flow's first page was closed by an earlier step")
		}
		return e.runner, nil
	}
	if s.Page >= len(e.flow.Pages) {
		return nil, stepError(report.InvalidStep, fmt.Sprintf("page %d is not one of the flow's %d pages", s.Page, len(e.flow.Pages)))
	}
	for len(e.pages) <= s.Page {
		e.pages = append(e.pages, &flowPage{})
	}
	fp := e.pages[s.Page]
	if fp.closed {
		return nil, stepError(report.ElementNotFound, fmt.Sprintf("page %d (%s) was closed by an earlier step", s.Page, e.flow.Pages[s.Page].URL))
	}
	if fp.runner != nil {
		return fp.runner, nil
	}
	want := e.runner.Options.MapURL(e.flow.Pages[s.Page].URL)
	wctx, cancel := context.WithTimeout(ctx, e.stepTimeout(s))
	defer cancel()
	seen := ""
	for {
		id, urls, err := e.newPage(wctx, want)
		if err == nil && id != "" {
			page, err := e.page.Browser().PageFromTarget(id)
			if err != nil {
				return nil, stepError(report.CDPError, fmt.Sprintf("attach to page %d (%s): %v", s.Page, want, err))
			}
			page = page.Context(ctx)
			e.known[id] = true
			for _, src := range []string{pagejs.ClosedRoots, pagemodel.StartScript} {
				_, _ = proto.PageAddScriptToEvaluateOnNewDocument{Source: src}.Call(page)
			}
			r := &decision.Runner{Page: page, Options: e.runner.Options}
			fp.runner = r
			return r, nil
		}
		if len(urls) > 0 {
			seen = fmt.Sprintf("; pages opened meanwhile: %v", urls)
		}
		if sleepCtx(wctx, pagesPoll) != nil {
			return nil, stepError(report.ElementNotFound, fmt.Sprintf("page %d (%s) did not open within %v%s; the step is not run in another page",
				s.Page, want, e.stepTimeout(s), seen))
		}
	}
}

// newPage looks for a page opened since the flow started, in its browser
// context, at the URL want (equal, else the same scheme, host and path):
// its target id, or "" and the URLs of the pages opened that are not it.
func (e *engine) newPage(ctx context.Context, want string) (proto.TargetTargetID, []string, error) {
	res, err := proto.TargetGetTargets{}.Call(e.page.Browser().Context(ctx))
	if err != nil {
		return "", nil, err
	}
	var near proto.TargetTargetID
	var others []string
	for _, t := range res.TargetInfos {
		if t.Type != proto.TargetTargetInfoTypePage || e.known[t.TargetID] || (e.context != "" && t.BrowserContextID != e.context) {
			continue
		}
		switch {
		case t.URL == want:
			return t.TargetID, nil, nil
		case near == "" && decision.SameURL(want, t.URL, false):
			near = t.TargetID
		default:
			others = append(others, t.URL)
		}
	}
	return near, others, nil
}

// closePage closes the page step s acts in (a close step).
func (e *engine) closePage(ctx context.Context, s *chain.Step, r *decision.Runner) decision.Outcome {
	if err := (proto.PageClose{}).Call(r.Page.Context(ctx)); err != nil {
		return decision.Outcome{Err: stepError(report.CDPError, fmt.Sprintf("close page %d: %v", s.Page, err))}
	}
	for len(e.pages) <= s.Page {
		e.pages = append(e.pages, &flowPage{})
	}
	e.pages[s.Page].closed = true
	return decision.Outcome{}
}

// stepError is a step failure with a code and a message.
func stepError(code report.Code, msg string) error {
	return &decision.StepError{Code: code, Msg: msg}
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// pageOf is the rod page r acts in, the flow's first page without one.
func (e *engine) pageOf(r *decision.Runner) *rod.Page {
	if r == nil {
		return e.page
	}
	return r.Page
}

// opensPage reports whether f loads a page itself before any step needs
// one: its first step that is not page-independent is a navigate.
func opensPage(f *chain.Flow) bool {
	for _, s := range f.Steps {
		switch s.Action {
		case chain.Navigate:
			return true
		case chain.EmulateNetwork, chain.SetViewport, chain.Custom:
			continue
		}
		return false
	}
	return false
}
