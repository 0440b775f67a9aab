package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/chromerec"
	"github.com/qa-chain/chainreplay/fixtures"
	"github.com/qa-chain/chainreplay/flowupdate"
	"github.com/qa-chain/chainreplay/internal/browser"
	"github.com/qa-chain/chainreplay/replay"
	"github.com/qa-chain/chainreplay/report"
)

// Configs are the configurations measured, in table order.
var Configs = []string{"all", "chrome", "chrome-updated", "css", "xpath", "coordinates", "peer"}

// recorded is one app's flow, recorded on the original.
type recorded struct {
	app      *fixtures.App
	corpus   string
	flowPath string
	flow     *chain.Flow
	// expect[i] is the logical name of step i's element on the original
	// ("" for steps with no element).
	expect []string
	// effects[i] is what step i changed in the original's facts (the
	// reference replay's; all empty for pages that report no facts).
	effects []effect
	// initial are the original's facts as it loaded, before the first
	// action (initialFacts).
	initial map[string]bool
	// secrets fill ${secret:NAME} for both engines.
	secrets map[string]string
	// recording is the Chrome Recorder export; stepOf maps its steps to
	// flow steps (1-based, 0 for the preamble).
	recording []byte
	stepOf    []int
	// imported is the recording imported back (chromerec.Import), for the
	// "chrome" configuration: our engine on the peer's input, Chrome's
	// selectors and nothing else. Nil when its steps do not line up one
	// to one with the flow's (that configuration then skips the flow).
	imported *chain.Flow
	// updated is the imported recording after one replay on the original
	// with --update-flows (describeImported), for the "chrome-updated"
	// configuration; made on first use, once (describedErr: it failed).
	updated      *chain.Flow
	describedErr error
}

// stepResult is one replayed step as the engine reported it.
type stepResult struct {
	status string // passed, failed, skipped
	ms     float64
	code   string
	// strategy is the winning strategy (our engine only).
	strategy string
	// opened is how many controls the engine reported clicking before the
	// target to show it (report.Step.Opened).
	opened int
	// events are the page's reports between the end of the previous step
	// and the end of this one.
	events []fixtures.Event
}

// flowRun is one replay of a flow.
type flowRun struct {
	steps []stepResult
	// tail are the page's reports after the last step, once it settled.
	tail []fixtures.Event
}

func run(ctx context.Context, o options) error {
	started := time.Now()
	root, err := repoRoot()
	if err != nil {
		return err
	}
	cs, err := pickCorpora(o.corpora, o.apps)
	if err != nil {
		return err
	}
	work := o.work
	if work == "" {
		if work, err = os.MkdirTemp("", "chainreplay-bench-"); err != nil {
			return err
		}
		if !o.keep {
			defer os.RemoveAll(work)
		}
	}
	if err := os.MkdirAll(work, 0o755); err != nil {
		return err
	}
	logf("work folder %s", work)
	bin := filepath.Join(work, "bin")
	if out, err := command(ctx, root, nil, "go", "build", "-o", bin+string(filepath.Separator), "./cmd/recorder"); err != nil {
		return fmt.Errorf("build the recorder: %v\n%s", err, out)
	}
	browserBin, err := browser.Resolve(o.browser)
	if err != nil {
		return err
	}
	configs := pick(Configs, o.configs)
	peerDir := filepath.Join(root, o.peerDir)
	if contains(configs, "peer") {
		if err := ensurePeer(ctx, peerDir); err != nil {
			return err
		}
	}
	srv, err := fixtures.Start(fixtures.Options{})
	if err != nil {
		return err
	}
	defer srv.Close()
	b, err := browser.Start(ctx, browser.Options{Bin: browserBin})
	if err != nil {
		return err
	}
	defer b.Close()

	res := &results{commit: commitOf(ctx, root), started: started, timeout: o.timeout, repeat: o.repeat, corpora: cs}
	var flows []*recorded
	for _, c := range cs {
		for _, a := range c.apps {
			r, err := record(ctx, srv, b, a, bin, work, o.settle)
			if err != nil {
				logf("%s: not measured: %v", a.Name, err)
				res.unrecorded = append(res.unrecorded, fmt.Sprintf("%s: %v", a.Name, firstLine(err.Error())))
				continue
			}
			r.corpus = c.name
			flows = append(flows, r)
		}
	}
	res.flows = flows
	if len(flows) == 0 {
		return fmt.Errorf("no flow recorded")
	}
	var versions []fixtures.Version
	for _, v := range fixtures.Versions {
		if len(o.versions) == 0 || contains(o.versions, string(v.Mutation)) {
			versions = append(versions, v)
		}
	}
	for rep := 1; rep <= o.repeat; rep++ {
		for _, v := range versions {
			base, err := srv.VersionURL(v.Mutation)
			if err != nil {
				return err
			}
			for _, c := range configs {
				if err := ctx.Err(); err != nil {
					return err
				}
				var all []flowRun
				t0 := time.Now()
				if c == "peer" {
					all, err = replayPeer(ctx, srv, peerDir, work, browserBin, flows, base, v, o.timeout, o.settle)
				} else {
					all, err = replayOurs(ctx, srv, b, flows, base, v, c, o.timeout, o.settle)
				}
				if err != nil {
					return fmt.Errorf("%s with %s: %w", v.Mutation, c, err)
				}
				logf("run %d %s on %s: %d flows in %s", rep, c, v.Mutation, len(flows), time.Since(t0).Round(100*time.Millisecond))
				for i, r := range flows {
					sc := score(r, v, all[i])
					res.add(rep, c, v, r, sc, all[i])
					logf("run %d %-11s %-18s %-20s %s", rep, c, v.Mutation, r.app.Name, sc.summary())
				}
			}
		}
	}
	res.duration = time.Since(started)
	md := res.markdown()
	fmt.Print(md)
	if o.out != "" {
		if err := os.WriteFile(o.out, []byte(md), 0o644); err != nil {
			return err
		}
		logf("wrote %s", o.out)
	}
	return nil
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// record drives the app's flow on the original with the recorder, replays
// it once for reference (the logical element and the effect of each
// recorded step), and exports it as a Chrome recording.
func record(ctx context.Context, srv *fixtures.Server, b *browser.Browser, a *fixtures.App, bin, work string, settle time.Duration) (*recorded, error) {
	drive := filepath.Join(work, a.Name+".drive")
	if err := os.WriteFile(drive, []byte(a.Drive), 0o644); err != nil {
		return nil, err
	}
	r := &recorded{app: a, flowPath: filepath.Join(work, a.Name+".yaml")}
	t0 := time.Now()
	out, err := command(ctx, work, nil, filepath.Join(bin, "recorder"), "--url", srv.URL+a.Path(), "--out", r.flowPath,
		"--headless", "--drive", drive, "--viewport", "1280x800", "--name", a.Name)
	if err != nil {
		return nil, fmt.Errorf("recorder --drive: %v\n%s", err, out)
	}
	if r.flow, err = chain.Load(r.flowPath); err != nil {
		return nil, err
	}
	logf("recorded %s: %d steps in %s", a.Name, len(r.flow.Steps), time.Since(t0).Round(time.Millisecond))
	r.secrets = secretsOf(a, r.flow)
	if err := reference(ctx, b, srv, r, settle); err != nil {
		return nil, fmt.Errorf("reference replay: %w", err)
	}
	var warns []chromerec.Warning
	if r.recording, r.stepOf, warns, err = chromerec.ExportMapped(r.flow); err != nil {
		return nil, fmt.Errorf("export to Chrome Recorder: %w", err)
	}
	logf("exported %s to Chrome Recorder JSON (%d warnings: strategies with no Chrome selector, check as click, frames by index)", a.Name, len(warns))
	for name, val := range r.secrets {
		r.recording = []byte(strings.ReplaceAll(string(r.recording), chain.SecretRef(name), val))
	}
	r.imported, err = importBack(r)
	if err != nil {
		logf("%s: the \"chrome\" configuration skips it: %v", a.Name, err)
	}
	return r, nil
}

// importBack imports r's Chrome recording as a flow whose steps are the
// flow's, one to one, so that its replay is scored as the flow's.
func importBack(r *recorded) (*chain.Flow, error) {
	f, _, err := chromerec.Import(r.recording)
	if err != nil {
		return nil, fmt.Errorf("import of the exported recording: %w", err)
	}
	if len(f.Steps) != len(r.flow.Steps) {
		return nil, fmt.Errorf("the imported recording has %d steps, the flow %d", len(f.Steps), len(r.flow.Steps))
	}
	for i := range f.Steps {
		if f.Steps[i].Target != nil && r.flow.Steps[i].Target == nil {
			return nil, fmt.Errorf("step %d: the imported step has a target, the flow's none", i+1)
		}
	}
	return f, nil
}

// steps reports whether step i of the flow acts through the mouse or on an
// element's value: a press or scroll step may legitimately make the focused
// field report, so it is only judged when it did not.
func (r *recorded) steps(i int) bool {
	switch r.flow.Steps[i].Action {
	case chain.Press, chain.Scroll:
		return false
	}
	return true
}

// secretsOf finds, for each ${secret:NAME} of the flow, the text the drive
// script typed: the text of the drive's type line whose selector the
// step's recorded chain or fingerprint names, else the only type line
// whose text the flow does not hold in clear.
func secretsOf(a *fixtures.App, f *chain.Flow) map[string]string {
	type typed struct{ sel, text string }
	var lines []typed
	for _, l := range driveLines(a.Drive) {
		if !strings.HasPrefix(l, "type ") {
			continue
		}
		rest := strings.TrimPrefix(l, "type ")
		sel, text, _ := strings.Cut(rest, " ")
		if j := strings.Index(rest, " >>> "); j >= 0 {
			// type FRAME >>> CSS TEXT
			k := strings.Index(rest[j+5:], " ")
			if k >= 0 {
				sel, text = rest[:j+5+k], rest[j+5+k+1:]
			}
		}
		lines = append(lines, typed{sel, text})
	}
	clear := map[string]bool{}
	for _, s := range f.Steps {
		if s.Action == chain.Type && len(chain.Secrets(s.Text)) == 0 {
			clear[s.Text] = true
		}
	}
	out := map[string]string{}
	for _, s := range f.Steps {
		for _, name := range chain.Secrets(s.Text) {
			var cands []string
			for _, l := range lines {
				if clear[l.text] {
					continue
				}
				cands = append(cands, l.text)
				if s.Target != nil && s.Target.Fingerprint != nil && strings.Contains(l.sel, "#"+s.Target.Fingerprint.ID) && s.Target.Fingerprint.ID != "" {
					cands = []string{l.text}
					break
				}
			}
			if len(cands) > 0 {
				out[name] = cands[0]
			}
		}
	}
	return out
}

func driveLines(drive string) []string {
	var out []string
	for _, l := range strings.Split(drive, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}

// markJS reports a marker from the page and its frames to the fixture
// server and returns how many copies were sent. A page with the tracker
// reports its facts first.
const markJS = `(m) => {
  let n = 0;
  const send = (w) => { try { if (w.fixtureReport) { w.fixtureReport(m, "step", ""); n++; } } catch (e) {} };
  send(window);
  for (const f of document.querySelectorAll("iframe")) send(f.contentWindow);
  return n;
}`

// replayOurs replays every flow with the engine (replay.Flow, what the
// replayer command runs), each in a new incognito context of b. After
// each step (its time is taken before) the page reports a marker, so the
// page's reports can be told apart step by step; after the last step the
// page is given settle, then reports a last marker.
func replayOurs(ctx context.Context, srv *fixtures.Server, b *browser.Browser, flows []*recorded, base string, v fixtures.Version, config string, timeout, settle time.Duration) ([]flowRun, error) {
	all := make([]flowRun, len(flows))
	for fi, r := range flows {
		flow := r.flow
		if config == "chrome-updated" && r.updated == nil && r.describedErr == nil && r.imported != nil {
			if r.updated, r.describedErr = describeImported(ctx, b, r, timeout); r.describedErr != nil {
				logf("%s: the \"chrome-updated\" configuration skips it: %v", r.app.Name, r.describedErr)
			}
		}
		if config == "chrome" || config == "chrome-updated" {
			if flow = r.imported; config == "chrome-updated" {
				flow = r.updated
			}
			if flow == nil {
				steps := make([]stepResult, len(r.flow.Steps))
				for i := range steps {
					steps[i].status = "skipped"
				}
				all[fi] = flowRun{steps: steps}
				continue
			}
		}
		bctx, err := b.Incognito()
		if err != nil {
			return nil, err
		}
		page, err := bctx.Page(proto.TargetCreateTarget{URL: "about:blank"})
		if err != nil {
			bctx.Close()
			return nil, err
		}
		opts := replay.Options{BaseURL: base, Timeout: timeout, LookupSecret: r.secret}
		if config != "all" && config != "chrome" && config != "chrome-updated" {
			opts.Strategies = []chain.StrategyType{chain.StrategyType(config)}
		}
		if v.Viewport != nil {
			opts.Viewport = &chain.Size{Width: v.Viewport.Width, Height: v.Viewport.Height}
		}
		srv.ResetEvents()
		seen := 0
		steps := make([]stepResult, len(r.flow.Steps))
		var last *rod.Page
		opts.BeforeStep = func(p *rod.Page, i int) { waitMark(ctx, srv, p, beginMark(i)) }
		opts.AfterStep = func(p *rod.Page, st *report.Step) {
			if st.Index < 1 || st.Index > len(steps) {
				return
			}
			last = p
			sr := stepResult{status: string(st.Status), ms: st.DurationMS, strategy: st.Strategy, opened: len(st.Opened)}
			if st.Error != nil {
				sr.code = string(st.Error.Code)
			}
			if st.Status != report.Skipped {
				waitMark(ctx, srv, p, fmt.Sprintf("__step:%d", st.Index))
				ev := srv.Events()
				sr.events = ev[min(seen, len(ev)):]
				seen = len(ev)
			}
			steps[st.Index-1] = sr
		}
		res := replay.Flow(ctx, page, flow, opts)
		if last == nil {
			last = page
		}
		time.Sleep(settle)
		waitMark(ctx, srv, last, "__step:end")
		ev := srv.Events()
		tail := ev[min(seen, len(ev)):]
		page.Close()
		bctx.Close()
		for i := range steps {
			if steps[i].status == "" {
				steps[i].status = "skipped"
			}
		}
		if res.Error != nil {
			logf("%s on %s: %s: %s", r.app.Name, v.Mutation, res.Error.Code, res.Error.Message)
		}
		all[fi] = flowRun{steps: steps, tail: tail}
	}
	return all, nil
}

// waitMark sends a marker from p and its frames and waits (at most 5 s)
// until the server has every copy.
func waitMark(ctx context.Context, srv *fixtures.Server, p *rod.Page, m string) {
	res, err := p.Timeout(5*time.Second).Eval(markJS, m)
	if err != nil {
		return
	}
	n := res.Value.Int()
	wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	for {
		ev := srv.Events()
		got := 0
		for _, e := range ev {
			if e.Element == m {
				got++
			}
		}
		if got >= n {
			return
		}
		if _, err := srv.WaitEvents(wctx, len(ev)+1); err != nil {
			return
		}
	}
}

func ensurePeer(ctx context.Context, dir string) error {
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@puppeteer", "replay")); err == nil {
		return nil
	}
	logf("installing the peer: npm ci in %s (PUPPETEER_SKIP_DOWNLOAD=1, no browser download)", dir)
	out, err := command(ctx, dir, []string{"PUPPETEER_SKIP_DOWNLOAD=1"}, "npm", "ci", "--no-audit", "--no-fund")
	if err != nil {
		return fmt.Errorf("npm ci: %v\n%s", err, out)
	}
	return nil
}

// command runs name with args in dir and returns its combined output.
func command(ctx context.Context, dir string, env []string, name string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	return []byte(stdout.String() + "\x00" + stderr.String()), err
}

// stdoutJSON is the stdout part of command's output.
func stdoutJSON(out []byte) []byte {
	s, _, _ := strings.Cut(string(out), "\x00")
	return []byte(s)
}

func exitCode(err error) int {
	if err == nil {
		return 0
	}
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode()
	}
	return -1
}

func repoRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		return "", fmt.Errorf("run the bench from inside the repository")
	}
	return filepath.Dir(mod), nil
}

func commitOf(ctx context.Context, root string) string {
	out, err := exec.CommandContext(ctx, "git", "-C", root, "rev-parse", "--short", "HEAD").Output()
	if err != nil {
		return "unknown"
	}
	c := strings.TrimSpace(string(out))
	// The results file the previous run wrote is not code under measure.
	if st, err := exec.CommandContext(ctx, "git", "-C", root, "status", "--porcelain", "--untracked-files=no",
		"--", ".", ":(exclude)scripts/bench/RESULTS.md").Output(); err == nil && len(st) > 0 {
		c += " (with uncommitted changes)"
	}
	return c
}

func pick(all, want []string) []string {
	if len(want) == 0 {
		return all
	}
	var out []string
	for _, a := range all {
		if contains(want, a) {
			out = append(out, a)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "bench: "+format+"\n", args...)
}

// secret is the text the drive typed for ${secret:name} (secretsOf).
func (r *recorded) secret(name string) (string, bool) {
	val, ok := r.secrets[name]
	return val, ok
}

// describeImported is r's Chrome recording imported anew and replayed once
// on the unchanged app as `replayer --update-flows` replays it
// (replay.Options.Rewrite), with what the replay described written back
// (flowupdate.Apply): what a team that brings its Chrome recordings has
// after one replay. It fails when that replay does not pass.
func describeImported(ctx context.Context, b *browser.Browser, r *recorded, timeout time.Duration) (*chain.Flow, error) {
	f, err := importBack(r)
	if err != nil {
		return nil, err
	}
	bctx, err := b.Incognito()
	if err != nil {
		return nil, err
	}
	defer bctx.Close()
	page, err := bctx.Page(proto.TargetCreateTarget{URL: "about:blank"})
	if err != nil {
		return nil, err
	}
	defer page.Close()
	res := replay.Flow(ctx, page, f, replay.Options{Timeout: timeout, Rewrite: true, LookupSecret: r.secret})
	if res.Status != report.Passed {
		for _, st := range res.Steps {
			if st.Error != nil {
				return nil, fmt.Errorf("its replay on the original failed at step %d: %s", st.Index, st.Error.Error())
			}
		}
		return nil, fmt.Errorf("its replay on the original failed: %v", res.Error)
	}
	changed, err := flowupdate.Apply(f, res)
	if err != nil {
		return nil, err
	}
	logf("%s: the imported recording, replayed once with --update-flows: %d of %d steps described anew", r.app.Name, len(changed), len(f.Steps))
	return f, nil
}
