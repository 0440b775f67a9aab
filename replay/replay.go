package replay

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/go-rod/rod"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/report"
)

// DefaultMinConfidence is the confidence below which a located element fails
// its step with LOW_CONFIDENCE.
const DefaultMinConfidence = 0.5

// DefaultTimeout is how long one step may wait for its target to appear.
const DefaultTimeout = 10 * time.Second

// Options tune a replay. The zero value replays everything with the defaults.
type Options struct {
	// BaseURL, when set, replaces the origin of every recorded URL whose
	// origin is the flow's start_url origin.
	BaseURL string
	// Strategies lists the strategy types allowed; nil means all.
	Strategies []chain.StrategyType
	// MinConfidence; 0 means DefaultMinConfidence.
	MinConfidence float64
	// Timeout per step; 0 means DefaultTimeout. It is the default: a
	// flow's timeout_ms, and a step's, come first.
	Timeout time.Duration
	// Viewport for replay; nil means the flow's recorded viewport.
	Viewport *chain.Size
	// LookupSecret fills ${secret:NAME}; nil means os.LookupEnv.
	LookupSecret func(name string) (string, bool)
	// Vars fill ${var:NAME} in start URLs and in the fields of every
	// step that chain.Step.WithVars fills; a step that names a variable
	// Vars lacks fails with VAR_MISSING. Vars are not secret: reports
	// show the values that were typed or expected. A value may hold
	// ${secret:NAME}, filled as the step's own would be.
	Vars map[string]string
	// BeforeStep, when set, is called before each step that runs (index
	// as report.Step.Index), on the page as the step before left it: the
	// place to mark where a step begins.
	BeforeStep func(page *rod.Page, index int)
	// AfterStep, when set, is called after each step (passed, failed or
	// skipped) while the page is still as the step left it: the place to
	// take a screenshot (setting step.Screenshot) or print progress.
	AfterStep func(page *rod.Page, step *report.Step)
	// Debug, when set, receives every attempt and DevTools command (-v).
	Debug io.Writer

	// BaseDir resolves relative upload paths (the flow file's folder);
	// "" means the working directory. The steps of an included flow
	// resolve theirs in the included file's folder.
	BaseDir string
	// NoStart skips loading start_url: the replay begins on the page as it is.
	NoStart bool
	// StartURL is the page to start on when the flow has no start_url (a
	// Chrome recording that opens no page itself; replayer --url).
	StartURL string
	// TestIDAttrs are the application's own test id attributes (replayer
	// --testid-attr), read before the flow's own (testid_attrs) and the
	// defaults.
	TestIDAttrs []string
	// Rewrite describes anew, as the recorder does, the target of every
	// step that was healed or whose chain drifted (report.Healing.Target),
	// before the step acts: what --update-flows writes back.
	Rewrite bool
}

// Flow replays f on page and returns its result. It never panics on page
// trouble: every failure is a failed step with an error code. The caller
// sets the result's File.
//
// An include step that chain.Load resolved replays the included flow in
// its place: the include step goes to the included flow's start_url
// (unless the page is there already), then the included steps follow,
// each its own step of the result (report.Step.From says where it is
// written). A failed included step fails f, and the steps after it are
// skipped, as for f's own steps. The included flow's start_url and URLs
// are mapped as f's are: with BaseURL, a URL whose origin is the start
// origin of the included flow, or of a flow that includes it, gets
// BaseURL's origin. Its viewport is f's.
func Flow(ctx context.Context, page *rod.Page, f *chain.Flow, opts Options) (res report.Flow) {
	start := time.Now()
	steps := chain.Expand(f)
	res = report.Flow{Name: f.Name, Status: report.Passed, Steps: make([]report.Step, 0, len(steps))}
	defer func() { res.DurationMS = msSince(start) }()

	e := newEngine(page, f, opts)
	defer e.stop()
	if err := e.start(ctx); err != nil {
		res.Status = report.Failed
		res.Error = err
		for i, s := range steps {
			res.Steps = append(res.Steps, Skipped(i, s))
			if opts.AfterStep != nil {
				opts.AfterStep(page, &res.Steps[len(res.Steps)-1])
			}
		}
		return res
	}
	failed := false
	for i, s := range steps {
		var st report.Step
		if failed || ctx.Err() != nil {
			st = Skipped(i, s)
			if !failed {
				st.Status = report.Failed
				st.Error = &report.Error{Code: report.Timeout, Message: fmt.Sprintf("the replay was stopped: %v", ctx.Err())}
				failed = true
				res.Status = report.Failed
			}
		} else {
			if opts.BeforeStep != nil {
				opts.BeforeStep(page, i+1)
			}
			st = e.step(ctx, i, s)
			if st.Status == report.Failed {
				failed = true
				res.Status = report.Failed
			}
		}
		res.Steps = append(res.Steps, st)
		if opts.AfterStep != nil {
			opts.AfterStep(page, &res.Steps[len(res.Steps)-1])
		}
	}
	return res
}

// Skipped is the result of the i-th (0-based) step of an expanded flow
// that did not run.
func Skipped(i int, s chain.ExpandedStep) report.Step {
	st := report.Step{Index: i + 1, From: s.From(), Action: ActionName(s.Step), Status: report.Skipped, Attempts: []report.Attempt{}}
	if s.Step.Include != "" {
		st.Description = s.Step.Include
	}
	return st
}

// ActionName is the step's action as reports name it: "include" for an
// include step.
func ActionName(s *chain.Step) string {
	if s.Include != "" {
		return "include"
	}
	return string(s.Action)
}

func msSince(t time.Time) float64 { return float64(time.Since(t).Microseconds()) / 1000 }
