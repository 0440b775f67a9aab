// Command replayer replays flow files in Chromium and reports each step:
// a whole suite at once, N flows in parallel, one shard of it, against a
// launched or a remote browser, with JSON, JUnit and HTML reports.
// See INTERFACE.md.
//
//	replayer [flags] FLOW.yaml|DIR ...
//	replayer [flags] RECORDING.json ...
//	replayer snapshot URL [--json]
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/chromerec"
	"github.com/qa-chain/chainreplay/flowupdate"
	"github.com/qa-chain/chainreplay/internal/browser"
	"github.com/qa-chain/chainreplay/progress"
	"github.com/qa-chain/chainreplay/report"
	"github.com/qa-chain/chainreplay/runner"
)

// Exit statuses of INTERFACE.md.
const (
	exitPassed = 0
	exitFailed = 1
	exitUsage  = 2
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "snapshot" {
		os.Exit(runSnapshot(os.Args[2:]))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run is the whole command but for the snapshot subcommand; it returns
// the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	cfg, err := parseArgs(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return exitPassed
	}
	if err != nil {
		if errors.Is(err, errUsage) {
			fmt.Fprintf(stderr, "replayer: %v\n(replayer -h lists the flags)\n", err)
		}
		return exitUsage
	}

	files, err := runner.Expand(cfg.args)
	if err != nil {
		fmt.Fprintf(stderr, "replayer: %v\n", err)
		return exitUsage
	}
	jobs, err := runner.Load(files)
	if err != nil {
		fmt.Fprintf(stderr, "replayer: flow files that do not load:\n%v\n", err)
		return exitUsage
	}
	if !cfg.quiet {
		for _, j := range jobs {
			for _, w := range j.Warnings {
				fmt.Fprintf(stderr, "replayer: warning: %s: %s\n", j.Path, w)
			}
		}
	}
	if cfg.data != "" {
		data, err := runner.LoadData(cfg.data)
		if err != nil {
			fmt.Fprintf(stderr, "replayer: --data: %v\n", err)
			return exitUsage
		}
		jobs = data.Jobs(jobs)
	}
	jobs = runner.Apply(cfg.shard, jobs)

	mode := progress.Plain
	switch {
	case cfg.quiet:
		mode = progress.Quiet
	case cfg.verbose:
		mode = progress.Verbose
	case cfg.progress == "bar", cfg.progress == "auto" && progress.IsTerminal(stdout):
		mode = progress.Bar
	}
	printer := progress.New(stdout, mode, jobs)

	ropts := cfg.replayOptions()
	if cfg.verbose {
		ropts.Debug = stdout
	}
	started := time.Now()
	res, err := runner.Run(ctx, jobs, runner.Options{
		Browser:     browser.Options{Bin: cfg.browser, Headed: !cfg.headless, SiteIsolation: cfg.siteIsolation},
		Parallel:    cfg.parallel,
		Replay:      ropts,
		Screenshots: runner.Screenshots{Dir: cfg.reportHTML, All: cfg.shotsAll},
		Observer:    printer,
		TraceCDP:    cfg.verbose,
	})
	if err != nil {
		fmt.Fprintf(stderr, "replayer: %v\n", err)
		return exitUsage
	}
	printer.Finish(res)
	if cfg.updateFlows {
		if err := updateFlows(res, stdout, cfg.quiet); err != nil {
			fmt.Fprintf(stderr, "replayer: %v\n", err)
		}
	}

	if err := writeReports(cfg, res, started); err != nil {
		fmt.Fprintf(stderr, "replayer: %v\n", err)
		return exitUsage
	}
	if res.Summary.FlowsPassed != res.Summary.Flows {
		return exitFailed
	}
	return exitPassed
}

// writeReports writes every report the flags ask for; it tries them all
// and returns every failure.
func writeReports(cfg *config, res *report.Run, started time.Time) error {
	var errs []error
	if cfg.reportJSON != "" {
		errs = append(errs, report.WriteJSON(cfg.reportJSON, res))
	}
	if cfg.reportJUnit != "" {
		errs = append(errs, report.WriteJUnit(cfg.reportJUnit, res, report.JUnitOptions{
			Timestamp: started, Hostname: hostname(), ScreenshotsBase: cfg.reportHTML}))
	}
	if cfg.reportHTML != "" {
		errs = append(errs, report.WriteHTML(cfg.reportHTML, res, report.HTMLOptions{Generated: started}))
	}
	return errors.Join(errs...)
}

func hostname() string {
	h, _ := os.Hostname()
	return h
}

// updateFlows writes the healed chains of res back into their flow files
// (--update-flows), keeping each old file as .bak. Only a flow's own
// steps are written back: an included flow's healed steps are reported,
// and written back when that flow is replayed itself. A flow replayed
// once per data row is written back from its first row's result that
// healed.
func updateFlows(res *report.Run, out io.Writer, quiet bool) error {
	var errs []error
	done := map[string]bool{}
	for _, f := range res.Flows {
		f = ownSteps(f)
		healed := false
		for _, st := range f.Steps {
			healed = healed || st.Healed != nil
		}
		if !healed || done[f.File] {
			continue
		}
		done[f.File] = true
		if runner.IsRecording(f.File) {
			flow, changed, err := updateRecording(f)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			if len(changed) > 0 && !quiet {
				fmt.Fprintf(out, "wrote %s from the recording %s: steps %v described anew (the recording is left as it is)\n",
					progress.Clean(flow), progress.Clean(f.File), changed)
			}
			continue
		}
		changed, err := flowupdate.Update(f.File, f)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if len(changed) > 0 && !quiet {
			fmt.Fprintf(out, "updated %s: steps %v described anew (the old file is %s.bak)\n", progress.Clean(f.File), changed, progress.Clean(f.File))
		}
	}
	return errors.Join(errs...)
}

// updateRecording is --update-flows for a Chrome recording replayed as
// it is: the recording is imported again, the healed chains applied, and
// the flow written beside it with the .yaml extension (an existing file
// there is kept as .bak), since the recording's format has no place for
// chains and fingerprints. It returns the flow file written (none when no
// step changed) and the changed steps.
func updateRecording(res report.Flow) (string, []int, error) {
	f, _, err := chromerec.ReadFile(res.File)
	if err != nil {
		return "", nil, fmt.Errorf("update flow: %w", err)
	}
	changed, err := flowupdate.Apply(f, res)
	if err != nil || len(changed) == 0 {
		return "", changed, err
	}
	out := strings.TrimSuffix(res.File, filepath.Ext(res.File)) + ".yaml"
	if err := chain.SaveWithBackup(out, f); err != nil {
		return "", nil, fmt.Errorf("update flow: %w", err)
	}
	return out, changed, nil
}

// ownSteps is f with only the flow's own steps, each indexed as in its
// file: an include step and the steps it includes are left out.
func ownSteps(f report.Flow) report.Flow {
	own := make([]report.Step, 0, len(f.Steps))
	n := 0
	for _, st := range f.Steps {
		if st.From != "" {
			continue
		}
		n++
		if st.Action == "include" {
			continue
		}
		st.Index = n
		own = append(own, st)
	}
	f.Steps = own
	return f
}
