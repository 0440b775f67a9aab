package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/internal/browser"
	"github.com/qa-chain/chainreplay/internal/pagejs"
	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/snapshot"
)

// runSnapshot implements `replayer snapshot URL [--json]`: it loads URL in
// Chromium and prints the page's flattened interactive tree as the engine
// sees it, as an indented tree or as JSON. It returns the exit status: 0
// printed, 1 the page or the browser failed, 2 bad usage.
func runSnapshot(args []string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return snapshotCommand(ctx, args, os.Stdout, os.Stderr)
}

// snapshotConfig is what the snapshot subcommand's flags say.
type snapshotConfig struct {
	url              string
	json             bool
	all              bool
	browser          string
	headless         bool
	siteIsolation    bool
	width, height    int
	timeout          time.Duration
	noClosed, noOOPF bool
	// sel, a CSS selector: print only the elements it matches, of any
	// tier, with every attribute.
	sel string
}

func parseSnapshotArgs(args []string, stderr io.Writer) (*snapshotConfig, error) {
	c := &snapshotConfig{}
	fs := flag.NewFlagSet("replayer snapshot", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: replayer snapshot URL [--json] [flags]\n\nPrints the page's flattened interactive tree (hybrid DOM + accessibility):\neach node with its role, name, tier, box and whether it is in the viewport.\n\nflags:")
		fs.PrintDefaults()
	}
	fs.BoolVar(&c.json, "json", false, "print JSON instead of the indented tree")
	fs.BoolVar(&c.all, "all", false, "keep tier-3 (structural) nodes that carry nothing")
	fs.StringVar(&c.browser, "browser", "", "Chromium binary or ws:// DevTools endpoint (default $BROWSER_BIN, then PATH)")
	fs.BoolVar(&c.headless, "headless", true, "run headless; --headless=false shows the browser")
	fs.BoolVar(&c.siteIsolation, "site-isolation", false, "launch with out-of-process iframes (Chromium's default)")
	viewport := fs.String("viewport", "1280x800", "viewport WIDTHxHEIGHT in CSS pixels")
	fs.DurationVar(&c.timeout, "timeout", 30*time.Second, "how long loading and capturing may take")
	fs.BoolVar(&c.noClosed, "no-closed-shadow", false, "do not reach closed shadow roots through DevTools")
	fs.BoolVar(&c.noOOPF, "no-cross-origin-frames", false, "do not walk cross-origin frames")
	fs.StringVar(&c.sel, "select", "", "print only the elements this CSS selector matches (any tier, shadow roots and frames too), each with every attribute")
	// The URL may come before, between or after the flags.
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			break
		}
		rest = append(rest, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(rest) != 1 {
		fs.Usage()
		return nil, fmt.Errorf("want exactly one URL, got %d", len(rest))
	}
	c.url = rest[0]
	if !strings.Contains(c.url, "://") && !strings.HasPrefix(c.url, "about:") && !strings.HasPrefix(c.url, "data:") {
		return nil, fmt.Errorf("%q is not a URL (want http://..., file://...)", c.url)
	}
	ws, hs, ok := strings.Cut(strings.ToLower(*viewport), "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if !ok || err1 != nil || err2 != nil || w < 1 || h < 1 || w > 10000 || h > 10000 {
		return nil, fmt.Errorf("--viewport %q: want WIDTHxHEIGHT, e.g. 1280x800", *viewport)
	}
	c.width, c.height = w, h
	return c, nil
}

func snapshotCommand(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	c, err := parseSnapshotArgs(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "replayer snapshot: %v\n", err)
		return 2
	}
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	b, err := browser.Start(ctx, browser.Options{Bin: c.browser, Headed: !c.headless, SiteIsolation: c.siteIsolation})
	if err != nil {
		fmt.Fprintf(stderr, "replayer snapshot: %v\n", err)
		if errors.Is(err, browser.ErrNotFound) {
			return 2
		}
		return 1
	}
	defer b.Close()
	s, err := snapshotOf(ctx, b, c)
	if err != nil {
		fmt.Fprintf(stderr, "replayer snapshot: %s: %v\n", c.url, err)
		return 1
	}
	if c.sel != "" {
		var kept []*snapshot.Node
		for _, n := range s.Nodes {
			if n.Selected {
				kept = append(kept, n)
			}
		}
		if len(kept) == 0 {
			fmt.Fprintf(stderr, "replayer snapshot: %s: no element matches %q\n", c.url, c.sel)
		}
		s.Nodes = kept
	}
	if c.json {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(s)
	} else {
		err = s.WriteTree(stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "replayer snapshot: write: %v\n", err)
		return 1
	}
	return 0
}

// snapshotOf opens c.url in a new page of b, waits for it to load and
// captures it. The page is closed afterwards (a remote browser stays up).
func snapshotOf(ctx context.Context, b *browser.Browser, c *snapshotConfig) (*snapshot.Snapshot, error) {
	page, err := b.Context(ctx).Page(proto.TargetCreateTarget{URL: "about:blank"})
	if err != nil {
		return nil, fmt.Errorf("open a page: %w", err)
	}
	defer page.Close()
	if err := (proto.EmulationSetDeviceMetricsOverride{Width: c.width, Height: c.height, DeviceScaleFactor: 1}).Call(page); err != nil {
		return nil, fmt.Errorf("viewport: %w", err)
	}
	// As replay does (replay.Flow): keep the closed shadow roots the
	// page's scripts attach, and install the page model at the document's
	// start, so that the tree shows what replay would see and the page is
	// taken once it has settled, as replay takes it before a step.
	for _, src := range []string{pagejs.ClosedRoots, pagemodel.StartScript} {
		if _, err := (proto.PageAddScriptToEvaluateOnNewDocument{Source: src}).Call(page); err != nil {
			return nil, fmt.Errorf("add a script for new documents: %w", err)
		}
	}
	wait := page.WaitNavigation(proto.PageLifecycleEventNameLoad)
	nav, err := proto.PageNavigate{URL: c.url}.Call(page)
	if err != nil {
		return nil, fmt.Errorf("navigate: %w", err)
	}
	if nav.ErrorText != "" {
		return nil, fmt.Errorf("navigate: %s", nav.ErrorText)
	}
	wait()
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("load: %w", err)
	}
	o := snapshot.Options{AllTiers: c.all, NoClosedShadow: c.noClosed, NoRemoteFrames: c.noOOPF}
	if c.sel != "" {
		o.AllTiers, o.Select = true, c.sel
	}
	m := pagemodel.New(page, pagemodel.Options{})
	m.Settle(ctx)
	// A page that shows nothing until its code has set it up (Ionic's
	// components are hidden until they are defined) is captured again,
	// up to shownWait: settled is not yet shown.
	deadline := time.Now().Add(shownWait)
	for {
		snap, err := snapshot.Capture(ctx, m, o)
		if err != nil || len(snap.Nodes) > 0 || !time.Now().Before(deadline) || ctx.Err() != nil {
			return snap, err
		}
		if has, err := page.Context(ctx).Eval(`() => !!document.body && !!document.body.querySelector(":not(script):not(style):not(template):not(noscript):not(link):not(meta)")`); err != nil || !has.Value.Bool() {
			return snap, nil // an empty page
		}
		// What shows it is a change of the page (a component rendering):
		// wait for the next one, then for the page to settle again.
		m.NextChange(ctx, time.Second)
		m.Settle(ctx)
	}
}

// shownWait is how long the snapshot waits, past the page's settling, for a
// page whose body shows nothing yet.
const shownWait = 10 * time.Second
