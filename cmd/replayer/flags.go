package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/replay"
	"github.com/qa-chain/chainreplay/runner"
)

// config is everything the command line says.
type config struct {
	baseURL       string
	reportJSON    string
	reportJUnit   string
	reportHTML    string
	strategies    []chain.StrategyType
	minConfidence float64
	timeout       time.Duration
	parallel      int
	shard         runner.Shard
	headless      bool
	viewport      *chain.Size
	browser       string
	siteIsolation bool
	quiet         bool
	verbose       bool
	shotsAll      bool
	updateFlows   bool
	progress      string
	vars          map[string]string
	data          string
	startURL      string
	testIDs       []string
	args          []string
}

const usageHead = `usage: replayer [flags] FLOW.yaml|DIR ...     (a DIR means every *.yaml / *.yml below it)
       replayer [flags] RECORDING.json ...    (a Chrome DevTools Recorder recording, imported as
                                              recorder convert imports it)
       replayer snapshot URL [--json]

Flags may come before or after the flow arguments; "--" ends the flags.
Exit status: 0 every step of every flow passed, 1 a step failed,
2 bad usage or a flow file that does not load.

flags:
`

// errUsage marks command-line mistakes (exit 2).
var errUsage = errors.New("bad usage")

// parseArgs reads the replayer's command line. Flags and positional
// arguments may be mixed: `replayer flows/ --report-json r.json` works.
// It returns flag.ErrHelp for -h.
func parseArgs(args []string, stderr io.Writer) (*config, error) {
	c := &config{}
	fs := flag.NewFlagSet("replayer", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), usageHead)
		fs.PrintDefaults()
	}
	var strategies, shard, viewport string
	var vars chain.VarFlag
	fs.StringVar(&c.baseURL, "base-url", "", "replay against this origin: recorded URLs on the flow's start_url origin get it instead")
	fs.StringVar(&c.reportJSON, "report-json", "", "write the JSON report to `PATH`")
	fs.StringVar(&c.reportJUnit, "report-junit", "", "write JUnit XML (one testcase per flow, and per data row) to `PATH`")
	fs.StringVar(&c.reportHTML, "report-html", "", "write an HTML report with a screenshot of each failed step into folder `DIR`")
	fs.StringVar(&strategies, "strategies", "", "comma `LIST` of strategy types allowed (e.g. css,coordinates); default all")
	fs.Float64Var(&c.minConfidence, "min-confidence", replay.DefaultMinConfidence, "a located element below this confidence fails the step")
	fs.DurationVar(&c.timeout, "timeout", replay.DefaultTimeout, "how long one step may wait for its target to appear, unless the flow or the step says otherwise (timeout_ms)")
	fs.IntVar(&c.parallel, "parallel", 1, "flows replayed at once, one browser context each, in one browser")
	fs.StringVar(&shard, "shard", "", "replay only the I-th of N equal slices of the sorted flow list (`I/N`)")
	fs.BoolVar(&c.headless, "headless", true, "run the browser headless; --headless=false shows it")
	fs.StringVar(&viewport, "viewport", "", "viewport for replay, `WxH` (default: the recorded one)")
	fs.StringVar(&c.browser, "browser", "", "Chromium binary, or a ws:// DevTools endpoint to connect to (default $BROWSER_BIN, then PATH)")
	fs.BoolVar(&c.siteIsolation, "site-isolation", false, "launch Chromium with site isolation (out-of-process iframes); a ws:// browser has its own setting")
	fs.BoolVar(&c.quiet, "q", false, "print only the summary")
	fs.BoolVar(&c.quiet, "quiet", false, "same as -q")
	fs.BoolVar(&c.verbose, "v", false, "print every step, every attempt and the DevTools commands sent")
	fs.BoolVar(&c.verbose, "verbose", false, "same as -v")
	fs.BoolVar(&c.shotsAll, "screenshots-all", false, "with --report-html, a screenshot of every step, not only failed ones")
	fs.BoolVar(&c.updateFlows, "update-flows", false, "write healed chains back into the flow files, and describe the steps of an imported recording as a recording does (the old file is kept as .bak)")
	fs.StringVar(&c.progress, "progress", "auto", "`auto` (a bar on a terminal, lines otherwise), bar or plain")
	fs.Var(&vars, "var", "a variable for ${var:NAME} placeholders, `NAME=VALUE` (repeat the flag for more)")
	fs.StringVar(&c.data, "data", "", "replay each flow once per row of this CSV `FILE` (header row: variable names); each row is its own result")
	fs.StringVar(&c.startURL, "url", "", "the page to start on, for flows that have no start_url (a Chrome recording that opens no page itself)")
	fs.Func("testid-attr", "the application's own test id `ATTRIBUTE` (data-automation-id, ...), read before the defaults; repeat for several", func(v string) error {
		if strings.TrimSpace(v) == "" {
			return errors.New("an attribute name is needed")
		}
		c.testIDs = append(c.testIDs, strings.TrimSpace(v))
		return nil
	})

	rest := args
	for {
		if err := fs.Parse(rest); err != nil {
			return nil, err
		}
		left := fs.Args()
		if len(left) == 0 {
			break
		}
		if consumed := len(rest) - len(left); consumed > 0 && rest[consumed-1] == "--" {
			c.args = append(c.args, left...)
			break
		}
		c.args = append(c.args, left[0])
		rest = left[1:]
	}

	c.vars = vars.Vars
	bad := func(format string, a ...any) (*config, error) {
		return nil, fmt.Errorf("%w: "+format, append([]any{errUsage}, a...)...)
	}
	if len(c.args) == 0 {
		return bad("give at least one FLOW.yaml, RECORDING.json or folder")
	}
	if c.baseURL != "" {
		u, err := url.Parse(c.baseURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return bad("--base-url %q: want an absolute http(s) URL such as http://127.0.0.1:8080", c.baseURL)
		}
	}
	if c.startURL != "" {
		u, err := url.Parse(c.startURL)
		if err != nil || u.Scheme == "" || (u.Host == "" && u.Scheme != "about" && u.Scheme != "file") {
			return bad("--url %q: want an absolute URL such as http://127.0.0.1:8080/", c.startURL)
		}
	}
	if strategies != "" {
		for _, s := range strings.Split(strategies, ",") {
			t := chain.StrategyType(strings.TrimSpace(s))
			if !t.Known() {
				return bad("--strategies: unknown strategy type %q (known: %s)", t, knownStrategies())
			}
			c.strategies = append(c.strategies, t)
		}
	}
	if math.IsNaN(c.minConfidence) || c.minConfidence < 0 || c.minConfidence > 1 {
		return bad("--min-confidence %v: want a number from 0 to 1", c.minConfidence)
	}
	if c.timeout <= 0 {
		return bad("--timeout %v: want a positive duration such as 10s", c.timeout)
	}
	if c.parallel < 1 {
		return bad("--parallel %d: want 1 or more", c.parallel)
	}
	if shard != "" {
		s, err := runner.ParseShard(shard)
		if err != nil {
			return bad("--shard: %v", err)
		}
		c.shard = s
	}
	if viewport != "" {
		v, err := parseViewport(viewport)
		if err != nil {
			return bad("--viewport: %v", err)
		}
		c.viewport = v
	}
	if c.shotsAll && c.reportHTML == "" {
		return bad("--screenshots-all needs --report-html DIR to put them in")
	}
	if c.quiet && c.verbose {
		return bad("-q and -v contradict each other")
	}
	switch c.progress {
	case "auto", "bar", "plain":
	default:
		return bad("--progress %q: want auto, bar or plain", c.progress)
	}
	return c, nil
}

// parseViewport reads "1280x800".
func parseViewport(s string) (*chain.Size, error) {
	ws, hs, ok := strings.Cut(strings.ToLower(s), "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if !ok || err1 != nil || err2 != nil || w < 1 || h < 1 || w > 10000 || h > 10000 {
		return nil, fmt.Errorf("%q: want WIDTHxHEIGHT in CSS pixels, e.g. 1280x800", s)
	}
	return &chain.Size{Width: w, Height: h}, nil
}

func knownStrategies() string {
	names := make([]string, len(chain.StrategyTypes))
	for i, t := range chain.StrategyTypes {
		names[i] = string(t)
	}
	return strings.Join(names, ", ")
}

// replayOptions maps the command line onto replay.Options. AfterStep is
// the runner's; LookupSecret stays nil (the environment).
func (c *config) replayOptions() replay.Options {
	min := c.minConfidence
	if min == 0 {
		// replay reads 0 as "the default"; the user asked for no floor.
		min = math.SmallestNonzeroFloat64
	}
	return replay.Options{
		BaseURL:       c.baseURL,
		Strategies:    c.strategies,
		MinConfidence: min,
		Timeout:       c.timeout,
		Viewport:      c.viewport,
		Rewrite:       c.updateFlows,
		Vars:          c.vars,
		StartURL:      c.startURL,
		TestIDAttrs:   c.testIDs,
	}
}
