// Command recorder records what a person (or a --drive script) does in
// Chromium into a flow file of fallback chains. See INTERFACE.md.
//
//	recorder --url URL --out FLOW.yaml [--headless] [--drive DRIVE.txt] [--viewport 1280x800] [--name NAME]
//	recorder --after LOGIN.yaml [--url URL] --out FLOW.yaml [--var NAME=VALUE ...] ...
//	recorder convert IN OUT
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/browser"
	"github.com/qa-chain/chainreplay/recorder"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "convert" {
		os.Exit(runConvert(os.Args[2:]))
	}
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// config is the parsed command line.
type config struct {
	url, out, drive, name, bin       string
	testIDs                          []string
	headless, siteIsolation, verbose bool
	noToolbar                        bool
	viewport                         chain.Size
	timeout                          time.Duration
	// after is the flow replayed before recording (--after), baseURL
	// its --base-url, vars the --var values.
	after, baseURL string
	vars           map[string]string
}

func parse(args []string, stderr io.Writer) (*config, error) {
	c := &config{}
	fs := flag.NewFlagSet("recorder", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: recorder --url URL --out FLOW.yaml [--headless] [--drive DRIVE.txt] [--viewport 1280x800] [--name NAME]")
		fmt.Fprintln(stderr, "       recorder --after LOGIN.yaml [--url URL] --out FLOW.yaml [--var NAME=VALUE ...] ...")
		fmt.Fprintln(stderr, "       recorder convert IN OUT")
		fs.PrintDefaults()
	}
	vp := "1280x800"
	fs.StringVar(&c.url, "url", "", "page to start recording at")
	fs.StringVar(&c.out, "out", "", "flow file to write (rewritten after every step)")
	fs.BoolVar(&c.headless, "headless", false, "run the browser without a window (CI, tests)")
	fs.StringVar(&c.drive, "drive", "", "perform the actions of this script as real input, then exit")
	fs.StringVar(&vp, "viewport", vp, "viewport WIDTHxHEIGHT in CSS pixels")
	fs.StringVar(&c.name, "name", "", "flow name (default: the --out file name)")
	fs.StringVar(&c.bin, "browser", "", "Chromium binary or ws:// DevTools endpoint (default $"+browser.EnvVar+", then PATH)")
	fs.Func("testid-attr", "the application's own test id `ATTRIBUTE` (data-automation-id, ...), read before data-testid, data-test-id, data-test, data-cy, data-qa; repeat for several", func(v string) error {
		if strings.TrimSpace(v) == "" {
			return errors.New("an attribute name is needed")
		}
		c.testIDs = append(c.testIDs, strings.TrimSpace(v))
		return nil
	})
	fs.BoolVar(&c.siteIsolation, "site-isolation", true, "keep Chromium's out-of-process iframes (false: cross-origin iframes share the page's process)")
	fs.DurationVar(&c.timeout, "drive-timeout", 10*time.Second, "how long a --drive line waits for its element")
	fs.BoolVar(&c.verbose, "v", false, "log diagnostics to stderr")
	fs.BoolVar(&c.noToolbar, "no-toolbar", false, "leave the recorder's toolbar (pause, assert, undo, stop) out of the page; drive lines assert, undo, pause and resume need it")
	fs.StringVar(&c.after, "after", "", "replay this `FLOW.yaml` first (a sign-in), then record; the recorded flow starts by including it (default --url: its start_url)")
	fs.StringVar(&c.baseURL, "base-url", "", "with --after: replay it against this origin, as replayer --base-url does")
	var vars chain.VarFlag
	fs.Var(&vars, "var", "`NAME=VALUE`: typed or asserted text equal to (or holding) VALUE is recorded as ${var:NAME}; --after's flow gets it too (repeat the flag for more)")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	c.vars = vars.Vars
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if c.out == "" || (c.url == "" && c.after == "") {
		return nil, errors.New("--url (or --after) and --out are required")
	}
	if c.baseURL != "" {
		u, err := url.Parse(c.baseURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("--base-url %q: want an absolute http(s) URL such as http://127.0.0.1:8080", c.baseURL)
		}
		if c.after == "" {
			return nil, errors.New("--base-url maps the --after flow's URLs; give --after too")
		}
	}
	w, h, ok := strings.Cut(vp, "x")
	wi, err1 := strconv.Atoi(w)
	hi, err2 := strconv.Atoi(h)
	if !ok || err1 != nil || err2 != nil || wi <= 0 || hi <= 0 || wi > 10000 || hi > 10000 {
		return nil, fmt.Errorf("--viewport %q: want WIDTHxHEIGHT such as 1280x800", vp)
	}
	c.viewport = chain.Size{Width: wi, Height: hi}
	if c.name == "" {
		c.name = strings.TrimSuffix(filepath.Base(c.out), filepath.Ext(c.out))
	}
	return c, nil
}

// checkOut fails when the folder of out does not exist or cannot be written.
func checkOut(out string) error {
	dir := filepath.Dir(out)
	st, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("--out %s: the folder %s does not exist", out, dir)
	}
	if !st.IsDir() {
		return fmt.Errorf("--out %s: %s is not a folder", out, dir)
	}
	if st, err := os.Stat(out); err == nil && st.IsDir() {
		return fmt.Errorf("--out %s is a folder; give a file name such as %s", out, filepath.Join(out, "flow.yaml"))
	}
	f, err := os.CreateTemp(dir, ".recorder-check-*")
	if err != nil {
		return fmt.Errorf("--out %s: the folder %s cannot be written: %w", out, dir, err)
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

// checkURL fails when the start URL cannot load, before any browser starts.
func checkURL(ctx context.Context, raw string) error {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme == "" {
		return fmt.Errorf("--url %q is not an absolute URL (it needs a scheme such as http://)", raw)
	}
	switch u.Scheme {
	case "http", "https":
		ctx, cancel := context.WithTimeout(ctx, 15*time.Second)
		defer cancel()
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, raw, nil)
		if err != nil {
			return fmt.Errorf("--url %s: %w", raw, err)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return fmt.Errorf("--url %s does not load: %w", raw, err)
		}
		res.Body.Close()
		if res.StatusCode >= 400 {
			return fmt.Errorf("--url %s does not load: the server answered %s", raw, res.Status)
		}
	case "file":
		if _, err := os.Stat(u.Path); err != nil {
			return fmt.Errorf("--url %s does not load: %w", raw, err)
		}
	}
	return nil
}

func run(args []string, stdout, stderr io.Writer) int {
	c, err := parse(args, stderr)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		fmt.Fprintf(stderr, "recorder: %v\n", err)
		return 2
	}
	if err := checkOut(c.out); err != nil {
		fmt.Fprintf(stderr, "recorder: %v\n", err)
		return 2
	}
	var lines []recorder.DriveLine
	if c.drive != "" {
		f, err := os.Open(c.drive)
		if err != nil {
			fmt.Fprintf(stderr, "recorder: --drive: %v\n", err)
			return 2
		}
		lines, err = recorder.ParseDrive(f)
		f.Close()
		if err != nil {
			fmt.Fprintf(stderr, "recorder: %s: %v\n", c.drive, err)
			return 2
		}
	}
	var after *afterFlow
	if c.after != "" {
		a, err := loadAfter(c)
		if err != nil {
			fmt.Fprintf(stderr, "recorder: --after: %v\n", err)
			return 2
		}
		after = a
		if c.url == "" {
			c.url = a.startURL
		}
	}
	sigCtx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := checkURL(sigCtx, c.url); err != nil {
		fmt.Fprintf(stderr, "recorder: %v\n", err)
		return 2
	}

	b, err := browser.Start(sigCtx, browser.Options{Bin: c.bin, Headed: !c.headless, SiteIsolation: c.siteIsolation,
		ExtraFlags: []string{fmt.Sprintf("window-size=%d,%d", c.viewport.Width, c.viewport.Height+120)}})
	if err != nil {
		fmt.Fprintf(stderr, "recorder: %v\n", err)
		if !c.headless && os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
			fmt.Fprintln(stderr, "recorder: there is no display for a browser window; add --headless")
		}
		return 2
	}
	defer b.Close()
	page, err := openTab(b)
	if err != nil {
		fmt.Fprintf(stderr, "recorder: %v\n", err)
		return 1
	}
	if b.Remote {
		defer page.Close() // a browser we did not start keeps running: leave no tab behind
	}
	if err := (proto.EmulationSetDeviceMetricsOverride{Width: c.viewport.Width, Height: c.viewport.Height}).Call(page); err != nil {
		fmt.Fprintf(stderr, "recorder: set viewport: %v\n", err)
		return 1
	}

	var logw io.Writer
	if c.verbose {
		logw = stderr
	}
	ropts := recorder.Options{Out: c.out, Name: c.name, TestIDAttrs: c.testIDs, Log: logw, Vars: c.vars, NoToolbar: c.noToolbar,
		AnswerDialogs: c.headless || c.drive != "", // no one is there to answer them
		OnStep:        func(ev recorder.StepEvent) { printStep(stdout, ev) }}
	if after != nil {
		ropts.Include = after.include
		ropts.Prepare = func(ctx context.Context, page *rod.Page) error {
			return after.replay(ctx, page, c, stdout)
		}
	}
	rec := recorder.New(b.Browser, ropts)
	recCtx, cancelRec := context.WithCancel(context.Background())
	defer cancelRec()
	if err := rec.Start(recCtx, page, c.url); err != nil {
		// A recording that never started writes nothing: --out is as it was.
		cancelRec()
		if after != nil && after.err != nil {
			fmt.Fprintf(stderr, "recorder: --after: %v; nothing was recorded\n", after.err)
			return 1
		}
		fmt.Fprintf(stderr, "recorder: %v\n", err)
		var le *recorder.LoadError
		if errors.As(err, &le) {
			return 2
		}
		return 1
	}
	fmt.Fprintf(stdout, "recording %s into %s", c.url, c.out)
	if c.drive == "" {
		fmt.Fprint(stdout, " (close the tab or press Ctrl+C to finish)")
	}
	fmt.Fprintln(stdout)

	code := 0
	driveDone := make(chan error, 1)
	if c.drive != "" {
		d := &recorder.Driver{Rec: rec, Page: page, Timeout: c.timeout, Log: logw, Warn: stderr}
		go func() { driveDone <- d.Run(sigCtx, lines) }()
	}
	reason := ""
	select {
	case err := <-driveDone:
		reason = "the drive script ended"
		if sigCtx.Err() != nil {
			reason = "interrupted" // the script was cut short by SIGINT / SIGTERM
		} else if err != nil {
			fmt.Fprintf(stderr, "recorder: %v\n", err)
			reason = "the drive script failed"
			code = 1
		}
	case <-rec.Done():
		reason = rec.Reason()
	case <-sigCtx.Done():
		reason = "interrupted"
	}
	if err := rec.Finish(reason); err != nil {
		fmt.Fprintf(stderr, "recorder: %v\n", err)
		code = 1
	}
	f := rec.Flow()
	fmt.Fprintf(stdout, "recorded %d steps into %s (%s)\n", len(f.Steps), c.out, rec.Reason())
	for _, s := range rec.Secrets() {
		fmt.Fprintf(stdout, "before replaying, supply the secret: export %s=...\n", s)
	}
	if names := flowVars(&f); len(names) > 0 {
		fmt.Fprintf(stdout, "the flow takes variables; replay it with: --var %s\n", strings.Join(names, "=... --var ")+"=...")
	}
	return code
}

// flowVars lists the variables f's steps name, sorted.
func flowVars(f *chain.Flow) []string {
	seen := map[string]bool{}
	for _, s := range f.Steps {
		for _, v := range []string{s.Text, s.URL, s.Value, s.Label} {
			for _, n := range chain.VarNames(v) {
				seen[n] = true
			}
		}
	}
	names := make([]string, 0, len(seen))
	for n := range seen {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// openTab returns the tab to record in: the browser's first tab when this
// process launched it, a new one in a browser reached over ws://.
func openTab(b *browser.Browser) (*rod.Page, error) {
	if !b.Remote {
		if pages, err := b.Pages(); err == nil && len(pages) > 0 {
			return pages.First(), nil
		}
	}
	p, err := b.Page(proto.TargetCreateTarget{URL: "about:blank"})
	if err != nil {
		return nil, fmt.Errorf("open a tab: %w", err)
	}
	return p, nil
}

func printStep(w io.Writer, ev recorder.StepEvent) {
	switch ev.Kind {
	case recorder.StepAdded:
		fmt.Fprintln(w, recorder.Line(ev.Index, ev.Step))
	case recorder.StepReplaced:
		fmt.Fprintln(w, recorder.Line(ev.Index, ev.Step)+"  (replaces step "+strconv.Itoa(ev.Index)+")")
	case recorder.StepNavigated:
		fmt.Fprintf(w, "%d   navigated to %s\n", ev.Index, ev.Step.Navigated.URL)
	case recorder.StepDialog:
		if n := len(ev.Step.JSDialogs); n > 0 {
			d := ev.Step.JSDialogs[n-1]
			fmt.Fprintf(w, "%d   %s %q answered %s\n", ev.Index, d.Type, d.Message, d.Answer())
		}
	}
	if ev.Secret != "" {
		fmt.Fprintf(w, "%d   secret: the value is not saved; at replay supply it with: export %s=...\n", ev.Index, ev.Secret)
	}
}
