package runner

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"sync"
	"time"

	"github.com/go-rod/rod"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/browser"
	"github.com/qa-chain/chainreplay/replay"
	"github.com/qa-chain/chainreplay/report"
)

// Interrupted is the code of a flow that never ran because the run was
// cancelled (SIGINT, SIGTERM) first.
const Interrupted report.Code = "INTERRUPTED"

// ReplayFunc replays one flow on a page; replay.Flow is the real one.
type ReplayFunc func(ctx context.Context, page *rod.Page, f *chain.Flow, opts replay.Options) report.Flow

// Options configure Run. The zero value replays one flow at a time in a
// headless Chromium found by the usual rules, with replay's defaults and
// no screenshots.
type Options struct {
	// Browser says which browser to launch or connect to.
	Browser browser.Options
	// Parallel is how many flows run at once, each in its own incognito
	// browser context of the one browser; 0 means 1.
	Parallel int
	// Replay is the template of every flow's replay options. Its AfterStep
	// is called after the runner's own (URL, screenshot) and before the
	// Observer hears of the step; Debug, when set, gets every flow's lines
	// prefixed with the flow's name, and the runner's own (browser start,
	// crash, restart).
	Replay replay.Options
	// Screenshots says which steps are photographed and where to.
	Screenshots Screenshots
	// Observer hears of flows and steps as they finish; nil means nobody.
	Observer Observer
	// TraceCDP sends a line per DevTools command to Replay.Debug (-v),
	// with the parameters of commands that may carry typed text hidden.
	TraceCDP bool
	// Replay replays one flow; nil means replay.Flow. Tests put a
	// replacement here to hold a flow open while they kill the browser.
	ReplayFunc ReplayFunc
}

// Observer hears how a run goes. Its methods are called from the runner's
// workers, concurrently: an implementation must lock what it shares. Index
// is the flow's position in the job list.
type Observer interface {
	// FlowStarted: the flow has a browser context and a page and starts.
	FlowStarted(index int, job Job)
	// StepDone: a step passed, failed or was skipped.
	StepDone(index int, job Job, step report.Step)
	// FlowDone: the flow's result is final (crash marking included).
	FlowDone(index int, job Job, res report.Flow)
}

// Run replays jobs and returns their results in job order, with the
// summary filled in. It returns an error, and no report, only when no
// browser can be started or reached at all; every later trouble is a
// failed flow in the report.
func Run(ctx context.Context, jobs []Job, opts Options) (*report.Run, error) {
	start := time.Now()
	r := &runner{opts: opts, replay: opts.ReplayFunc, debug: newSyncWriter(opts.Replay.Debug)}
	if r.replay == nil {
		r.replay = replay.Flow
	}
	if opts.Screenshots.Dir != "" {
		if err := opts.Screenshots.prepare(); err != nil {
			return nil, err
		}
	}
	bopts := opts.Browser
	if opts.TraceCDP && r.debug != nil {
		bopts.Trace = &prefixWriter{w: r.debug}
	}
	r.browsers = &browsers{opts: bopts, ctx: ctx, logf: r.logf}
	defer r.browsers.close()
	if len(jobs) > 0 {
		if _, err := r.browsers.get(); err != nil {
			return nil, err
		}
	}

	n := max(opts.Parallel, 1)
	results := make([]report.Flow, len(jobs))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(n, max(len(jobs), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = r.flow(ctx, i, jobs[i])
				if o := opts.Observer; o != nil {
					o.FlowDone(i, jobs[i], results[i])
				}
			}
		}()
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()

	run := &report.Run{Flows: results}
	if run.Flows == nil {
		run.Flows = []report.Flow{}
	}
	run.Summary.DurationMS = ms(time.Since(start))
	run.Summarize()
	return run, nil
}

type runner struct {
	opts     Options
	replay   ReplayFunc
	browsers *browsers
	debug    *syncWriter
}

func (r *runner) logf(format string, args ...any) {
	if r.debug != nil {
		r.debug.line("runner: " + fmt.Sprintf(format, args...))
	}
}

// flow replays one job. A flow whose browser died before it began is
// moved to a fresh browser (twice at most); one whose browser died while
// it ran fails with BROWSER_CRASHED.
func (r *runner) flow(ctx context.Context, i int, job Job) report.Flow {
	for try := 0; ; try++ {
		if ctx.Err() != nil {
			return notRun(job, Interrupted, "the run was interrupted before this flow started")
		}
		s, err := r.browsers.get()
		if err != nil {
			if ctx.Err() != nil {
				return notRun(job, Interrupted, "the run was interrupted before this flow started")
			}
			res := notRun(job, report.BrowserCrashed, fmt.Sprintf("no browser to run in: %v", err))
			res.Status = report.Failed
			return res
		}
		res, began := r.onSession(ctx, s, i, job)
		if began || try >= 2 {
			return res
		}
		r.logf("%s: the browser went away before the flow began; retrying in a fresh one", job.Path)
	}
}

// onSession replays job in a new incognito context of s. began is false
// when the browser was already gone before the flow could start.
func (r *runner) onSession(ctx context.Context, s *session, i int, job Job) (res report.Flow, began bool) {
	start := time.Now()
	bctx, err := s.b.Incognito()
	var page *rod.Page
	if err == nil {
		page, err = bctx.Page(protoBlank())
	}
	if err != nil {
		if !r.browsers.alive(s) {
			return report.Flow{}, false
		}
		res := notRun(job, report.CDPError, fmt.Sprintf("open a browser context: %v", err))
		res.Status = report.Failed
		return res, true
	}
	defer r.browsers.dispose(s, bctx, page)

	fctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stop := context.AfterFunc(s.ctx, cancel) // the browser died: stop waiting on it
	defer stop()

	if o := r.opts.Observer; o != nil {
		o.FlowStarted(i, job)
	}
	r.logf("%s: started in browser #%d, context %s", job.Path, s.gen, bctx.BrowserContextID)

	opts := r.opts.Replay
	opts.AfterStep = r.afterStep(i, job)
	if opts.BaseDir == "" {
		opts.BaseDir = filepath.Dir(job.Path) // relative upload paths
	}
	opts.Debug = nil
	if r.debug != nil {
		opts.Debug = &prefixWriter{w: r.debug, prefix: "[" + job.Name() + "] "}
	}
	if job.Row != nil {
		opts.Vars = make(map[string]string, len(opts.Vars)+len(job.Row.Vars))
		for k, v := range r.opts.Replay.Vars {
			opts.Vars[k] = v
		}
		for k, v := range job.Row.Vars {
			opts.Vars[k] = v
		}
	}
	res = r.replay(fctx, page.Context(fctx), job.Flow, opts)
	res.File = job.Path
	if res.Name == "" || job.Row != nil {
		res.Name = job.Name()
	}
	res.Row = job.Row
	if res.DurationMS == 0 {
		res.DurationMS = ms(time.Since(start))
	}
	if res.Steps == nil {
		res.Steps = []report.Step{}
	}
	for k := range res.Steps {
		if res.Steps[k].Attempts == nil {
			res.Steps[k].Attempts = []report.Attempt{}
		}
	}
	if res.Status != report.Passed && ctx.Err() == nil && !r.browsers.alive(s) {
		markCrashed(&res)
		r.logf("%s: browser #%d crashed while the flow ran", job.Path, s.gen)
	}
	return res, true
}

func (r *runner) afterStep(i int, job Job) func(*rod.Page, *report.Step) {
	user := r.opts.Replay.AfterStep
	return func(page *rod.Page, st *report.Step) {
		if st.URL == "" && st.Status != report.Skipped {
			if info, err := page.Timeout(2 * time.Second).Info(); err == nil {
				st.URL = info.URL
			}
		}
		if r.opts.Screenshots.wants(st) {
			if err := r.opts.Screenshots.take(page, i, job, st); err != nil {
				r.logf("%s: step %d: screenshot: %v", job.Path, st.Index, err)
			}
		}
		if user != nil {
			user(page, st)
		}
		if o := r.opts.Observer; o != nil {
			o.StepDone(i, job, *st)
		}
	}
}

// markCrashed turns a flow that failed because its browser died into a
// BROWSER_CRASHED failure: the flow's error, and the step that was
// running, keeping what the engine saw in the message.
func markCrashed(res *report.Flow) {
	res.Status = report.Failed
	msg := "the browser crashed or was disconnected while this flow ran; the run went on in a fresh browser"
	if res.Error != nil && res.Error.Code != report.BrowserCrashed {
		msg += " (the flow saw: " + res.Error.Error() + ")"
	}
	res.Error = &report.Error{Code: report.BrowserCrashed, Message: msg}
	for k := range res.Steps {
		st := &res.Steps[k]
		if st.Status != report.Failed {
			continue
		}
		m := "the browser crashed during this step"
		if st.Error != nil && st.Error.Code != report.BrowserCrashed {
			m += " (the step saw: " + st.Error.Error() + ")"
		}
		st.Error = &report.Error{Code: report.BrowserCrashed, Message: m}
		break
	}
}

// notRun is the result of a flow whose steps never ran: all skipped.
func notRun(job Job, code report.Code, msg string) report.Flow {
	res := report.Flow{File: job.Path, Name: job.Name(), Row: job.Row, Status: report.Skipped,
		Error: &report.Error{Code: code, Message: msg}, Steps: []report.Step{}}
	for k, st := range chain.Expand(job.Flow) {
		res.Steps = append(res.Steps, replay.Skipped(k, st))
	}
	return res
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// syncWriter serialises whole lines from many goroutines.
type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func newSyncWriter(w io.Writer) *syncWriter {
	if w == nil {
		return nil
	}
	return &syncWriter{w: w}
}

func (s *syncWriter) line(l string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	io.WriteString(s.w, l+"\n")
}

// prefixWriter writes complete lines, each with a prefix, to a syncWriter.
type prefixWriter struct {
	w      *syncWriter
	prefix string
	mu     sync.Mutex
	buf    []byte
}

func (p *prefixWriter) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.buf = append(p.buf, b...)
	for {
		k := bytes.IndexByte(p.buf, '\n')
		if k < 0 {
			break
		}
		p.w.line(p.prefix + string(p.buf[:k]))
		p.buf = p.buf[k+1:]
	}
	return len(b), nil
}
