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
	"github.com/qa-chain/chainreplay/internal/wait"
	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/report"
)

// The pages a flow acts in (chain.Page): the page it starts in, and each
// page an earlier step opened, found when a step first acts in it.

// flowPage is a page of the flow: its runner once it is found, and
// whether a step closed it. A "page" that is a frame (Chrome's recorder
// names an out-of-process frame by its URL, as it names a popup) is acted
// in through the runner of the page that holds it, at framePath.
type flowPage struct {
	runner    *decision.Runner
	framePath []string
	closed    bool
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

// runnerFor returns the runner of the page step s acts in, and the frame
// path of the frame it acts in when its "page" is a frame. A page the
// flow has not acted in yet is waited for, up to the step's timeout: a
// page opened after the flow started, in the flow's browser context,
// whose URL is the one recorded, or else a frame of the flow's pages at
// that URL (Chrome's recorder names a step in an out-of-process frame by
// the frame's URL, as it names a popup). When neither appears, or a step
// closed the page, the step fails: it never acts in another page instead.
func (e *engine) runnerFor(ctx context.Context, f *chain.Flow, s *chain.Step) (*decision.Runner, []string, error) {
	if s.Page == 0 {
		if e.pages[0].closed {
			return nil, nil, stepError(report.ElementNotFound, "the flow's first page was closed by an earlier step")
		}
		return e.runner, nil, nil
	}
	if s.Page >= len(f.Pages) {
		return nil, nil, stepError(report.InvalidStep, fmt.Sprintf("page %d is not one of the flow's %d pages", s.Page, len(f.Pages)))
	}
	fp := e.flowPage(f, s.Page)
	if fp.closed {
		return nil, nil, stepError(report.ElementNotFound, fmt.Sprintf("page %d (%s) was closed by an earlier step", s.Page, f.Pages[s.Page].URL))
	}
	if fp.runner != nil {
		return fp.runner, fp.framePath, nil
	}
	want := e.runner.Options.MapURL(f.Pages[s.Page].URL)
	wctx, cancel := context.WithTimeout(ctx, e.stepTimeout(s))
	defer cancel()
	seen := ""
	for {
		id, urls, err := e.newPage(wctx, want)
		if err == nil && id != "" {
			page, err := e.page.Browser().PageFromTarget(id)
			if err != nil {
				return nil, nil, stepError(report.CDPError, fmt.Sprintf("attach to page %d (%s): %v", s.Page, want, err))
			}
			page = page.Context(ctx)
			e.known[id] = true
			for _, src := range []string{pagejs.ClosedRoots, pagemodel.StartScript} {
				_, _ = proto.PageAddScriptToEvaluateOnNewDocument{Source: src}.Call(page)
			}
			r := &decision.Runner{Page: page, Options: e.runner.Options}
			r.WatchDialogs(e.watching)
			fp.runner = r
			return r, nil, nil
		}
		if r, path := e.frameAt(wctx, want); r != nil {
			fp.runner, fp.framePath = r, path
			return r, path, nil
		}
		if len(urls) > 0 {
			seen = fmt.Sprintf("; pages opened meanwhile: %v", urls)
		}
		if wait.Sleep(wctx, pagesPoll) != nil {
			return nil, nil, stepError(report.ElementNotFound, fmt.Sprintf("page %d (%s) did not open, nor is it a frame of the flow's pages, within %v%s; the step is not run in another page",
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
func (e *engine) closePage(ctx context.Context, f *chain.Flow, s *chain.Step, r *decision.Runner) decision.Outcome {
	if err := (proto.PageClose{}).Call(r.Page.Context(ctx)); err != nil {
		return decision.Outcome{Err: stepError(report.CDPError, fmt.Sprintf("close page %d: %v", s.Page, err))}
	}
	e.flowPage(f, s.Page).closed = true
	return decision.Outcome{}
}

// pageKey names a page of the flow: page index of flow.
type pageKey struct {
	flow  *chain.Flow
	index int
}

// flowPage is the entry of page index of flow f, added when a step first
// acts in it; page 0 of every flow is the page the replay started in.
func (e *engine) flowPage(f *chain.Flow, index int) *flowPage {
	if index == 0 {
		return e.pages[0]
	}
	k := pageKey{f, index}
	if fp := e.byKey[k]; fp != nil {
		return fp
	}
	fp := &flowPage{}
	e.byKey[k] = fp
	e.pages = append(e.pages, fp)
	return fp
}

// stepError is a step failure with a code and a message.
func stepError(code report.Code, msg string) error {
	return &decision.StepError{Code: code, Msg: msg}
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

// frameAt looks in the flow's pages for a frame (its own process's or
// out of process) at the URL want (equal, else the same scheme, host and
// path): the runner of the page that holds it and the frame path of
// indexes that leads to it.
func (e *engine) frameAt(ctx context.Context, want string) (*decision.Runner, []string) {
	targets, _ := proto.TargetGetTargets{}.Call(e.page.Browser().Context(ctx))
	for _, fp := range e.pages {
		if fp == nil || fp.runner == nil || fp.closed || fp.framePath != nil {
			continue
		}
		page := fp.runner.Page
		var ids []proto.PageFrameID
		match := func(u string) bool { return u == want || decision.SameURL(want, u, false) }
		if tree, err := (proto.PageGetFrameTree{}).Call(page.Context(ctx)); err == nil {
			var walk func(t *proto.PageFrameTree, top bool)
			walk = func(t *proto.PageFrameTree, top bool) {
				if !top && t.Frame != nil && match(t.Frame.URL) {
					ids = append(ids, t.Frame.ID)
				}
				for _, c := range t.ChildFrames {
					walk(c, false)
				}
			}
			walk(tree.FrameTree, true)
		}
		if targets != nil {
			for _, t := range targets.TargetInfos {
				if t.Type == "iframe" && match(t.URL) && (e.context == "" || t.BrowserContextID == e.context) {
					ids = append(ids, proto.PageFrameID(t.TargetID))
				}
			}
		}
		for _, id := range ids {
			if path := frameIndexPath(ctx, page, id); path != nil {
				return fp.runner, path
			}
		}
	}
	return nil, nil
}

// frameIndexPathFn is the index path, from the top document, of the frame
// whose owner element this is: at each level, the index of the frame's
// window among its parent's (window.frames); null when a frame on the way
// cannot be reached (a cross-origin parent).
const frameIndexPathFn = `function () {
	const path = [];
	for (let e = this; e; ) {
		const w = e.ownerDocument.defaultView;
		let i = 0;
		while (i < w.frames.length && w.frames[i] !== e.contentWindow) i++;
		if (i >= w.frames.length) return null;
		path.unshift(i);
		if (w === w.top) return path;
		e = w.frameElement;
	}
	return null;
}`

// frameIndexPath is the frame path of indexes (chain.FrameIndexEntry) of
// the frame id of page, or nil when it cannot be told.
func frameIndexPath(ctx context.Context, page *rod.Page, id proto.PageFrameID) []string {
	c := page.Context(ctx)
	owner, err := proto.DOMGetFrameOwner{FrameID: id}.Call(c)
	if err != nil {
		return nil
	}
	obj, err := proto.DOMResolveNode{BackendNodeID: owner.BackendNodeID}.Call(c)
	if err != nil || obj.Object.ObjectID == "" {
		return nil
	}
	defer proto.RuntimeReleaseObject{ObjectID: obj.Object.ObjectID}.Call(c) //nolint:errcheck // best effort
	res, err := proto.RuntimeCallFunctionOn{FunctionDeclaration: frameIndexPathFn, ObjectID: obj.Object.ObjectID, ReturnByValue: true}.Call(c)
	if err != nil || res.ExceptionDetails != nil {
		return nil
	}
	var idx []int
	if res.Result.Value.Unmarshal(&idx) != nil || len(idx) == 0 {
		return nil
	}
	path := make([]string, len(idx))
	for i, n := range idx {
		path[i] = chain.FrameIndexEntry(n)
	}
	return path
}

// inFrame is s acting inside the frame at path (a "page" that is a
// frame): its own frame path, Chrome's frame indexes relative to that
// frame, comes after. s itself is left as it is.
func inFrame(s *chain.Step, path []string) *chain.Step {
	if len(path) == 0 {
		return s
	}
	c := *s
	t := chain.Target{}
	if s.Target != nil {
		t = *s.Target
	}
	t.FramePath = append(append([]string(nil), path...), t.FramePath...)
	c.Target = &t
	return &c
}

// toFront brings the page of r to the front of its window, as a person
// switches to a tab before acting in it: a step in another page than the
// step before. A tab left behind another is hidden, and the browser renders
// nothing there (no animation frame, which the actionability check waits
// for; timers slowed down). An error is not the step's: it leaves the page
// where it was.
func toFront(ctx context.Context, r *decision.Runner) {
	_ = proto.PageBringToFront{}.Call(r.Page.Context(ctx))
}
