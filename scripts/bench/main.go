// Command bench measures replay on three corpora (apps other people wrote,
// pages built with UI frameworks, the project's fixture apps) and their
// changed versions, side by side with @puppeteer/replay, and writes the
// tables as Markdown. See README.md in this folder.
//
//	go run ./scripts/bench [-out scripts/bench/RESULTS.md] [-corpus thirdparty] [-apps todomvc-react,shop]
//	                       [-versions decoy,redesign] [-configs all,peer] [-repeat 3]
//	go run ./scripts/bench -serve     # only serve the apps and print their URLs
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/qa-chain/chainreplay/fixtures"
)

// options are the command line.
type options struct {
	out, work, peerDir, browser      string
	corpora, apps, versions, configs []string
	repeat                           int
	timeout, settle                  time.Duration
	serve, keep                      bool
}

func main() {
	var o options
	var corpora, apps, versions, configs string
	flag.StringVar(&o.out, "out", "", "write the Markdown tables here too (default: stdout only)")
	flag.StringVar(&o.work, "work", "", "folder for flows, recordings and reports (default: a temporary folder)")
	flag.StringVar(&o.peerDir, "peer", "scripts/bench/peer", "folder of the @puppeteer/replay runner (npm ci is run there when node_modules is missing)")
	flag.StringVar(&o.browser, "browser", "", "Chromium binary (default $BROWSER_BIN, then PATH)")
	flag.StringVar(&corpora, "corpus", "", "comma list of corpora: thirdparty, frameworks, fixtures (default: all)")
	flag.StringVar(&apps, "apps", "", "comma list of apps (default: every app of the corpora)")
	flag.StringVar(&versions, "versions", "", "comma list of versions (default: all)")
	flag.StringVar(&configs, "configs", "all,peer", "comma list of configurations: all, chrome (ours on the peer's Chrome JSON), chrome-updated (the same after one replay with --update-flows on the original), css, xpath, coordinates, peer")
	flag.IntVar(&o.repeat, "repeat", 3, "replay every case this many times and report the verdicts that change")
	flag.DurationVar(&o.settle, "settle", 300*time.Millisecond, "how long the reference replay lets the page react after each step, and every replay after its last step")
	flag.DurationVar(&o.timeout, "timeout", 3*time.Second, "how long a replayed step may wait for its target, in both engines")
	flag.BoolVar(&o.serve, "serve", false, "only serve the fixture apps (original and every version) until interrupted")
	flag.BoolVar(&o.keep, "keep", false, "keep the work folder")
	flag.Parse()
	o.corpora, o.apps, o.versions, o.configs = split(corpora), split(apps), split(versions), split(configs)
	if o.repeat < 1 {
		fmt.Fprintln(os.Stderr, "bench: -repeat must be at least 1")
		os.Exit(2)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if o.serve {
		os.Exit(serve(ctx))
	}
	if err := run(ctx, o); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func split(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// serve prints the URL of every app in every version and serves them.
func serve(ctx context.Context) int {
	srv, err := fixtures.Start(fixtures.Options{})
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		return 1
	}
	defer srv.Close()
	for _, v := range fixtures.Versions {
		base, err := srv.VersionURL(v.Mutation)
		if err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
			return 1
		}
		for _, a := range fixtures.AllApps() {
			fmt.Printf("%-20s %-22s %s%s\n", v.Mutation, a.Name, base, a.Path())
		}
	}
	fmt.Println("serving; interrupt to stop")
	<-ctx.Done()
	return 0
}
