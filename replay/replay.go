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
	// AfterStep, when set, is called after each step (passed, failed or
	// skipped) while the page is still as the step left it: the place to
	// take a screenshot (setting step.Screenshot) or print progress.
	AfterStep func(page *rod.Page, step *report.Step)
	// Debug, when set, receives every attempt and DevTools command (-v).
	Debug io.Writer

	// BaseDir resolves relative upload paths (the flow file's folder);
	// "" means the working directory.
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
func Flow(ctx context.Context, page *rod.Page, f *chain.Flow, opts Options) (res report.Flow) {
	start := time.Now()
	res = report.Flow{Name: f.Name, Status: report.Passed, Steps: make([]report.Step, 0, len(f.Steps))}
	defer func() { res.DurationMS = msSince(start) }()

	e := newEngine(page, f, opts)
	defer e.stop()
	if err := e.start(ctx); err != nil {
		res.Status = report.Failed
		res.Error = err
		for i, s := range f.Steps {
			st := report.Step{Index: i + 1, Action: string(s.Action), Status: report.Skipped, Attempts: []report.Attempt{}}
			res.Steps = append(res.Steps, st)
			if opts.AfterStep != nil {
				opts.AfterStep(page, &res.Steps[len(res.Steps)-1])
			}
		}
		return res
	}
	failed := false
	for i := range f.Steps {
		s := &f.Steps[i]
		var st report.Step
		if failed || ctx.Err() != nil {
			st = report.Step{Index: i + 1, Action: string(s.Action), Status: report.Skipped, Attempts: []report.Attempt{}}
			if !failed {
				st.Status = report.Failed
				st.Error = &report.Error{Code: report.Timeout, Message: fmt.Sprintf("the replay was stopped: %v", ctx.Err())}
				failed = true
				res.Status = report.Failed
			}
		} else {
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

func msSince(t time.Time) float64 { return float64(time.Since(t).Microseconds()) / 1000 }
