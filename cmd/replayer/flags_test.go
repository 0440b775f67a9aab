package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
)

func TestFlagsBeforeAndAfterTheFlows(t *testing.T) {
	c, err := parseArgs([]string{"flows/", "--report-json", "r.json", "a.yaml", "--parallel=3", "-q", "--", "--odd.yaml"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(c.args, []string{"flows/", "a.yaml", "--odd.yaml"}) {
		t.Errorf("positional args %q", c.args)
	}
	if c.reportJSON != "r.json" || c.parallel != 3 || !c.quiet {
		t.Errorf("flags after the flows were not read: %+v", c)
	}
}

func TestFlagDefaultsAndMapping(t *testing.T) {
	c, err := parseArgs([]string{"f.yaml"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.minConfidence != 0.5 || c.timeout != 10*time.Second || !c.headless || c.parallel != 1 || c.viewport != nil {
		t.Errorf("defaults: %+v", c)
	}
	c, err = parseArgs([]string{"--base-url", "http://127.0.0.1:9999", "--strategies", "css, coordinates",
		"--min-confidence", "0.8", "--timeout", "3s", "--viewport", "800x600", "--headless=false", "--shard", "2/3",
		"--browser", "ws://127.0.0.1:1/devtools/browser/x", "f.yaml"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	o := c.replayOptions()
	if o.BaseURL != "http://127.0.0.1:9999" || !slices.Equal(o.Strategies, []chain.StrategyType{"css", "coordinates"}) ||
		o.MinConfidence != 0.8 || o.Timeout != 3*time.Second || *o.Viewport != (chain.Size{Width: 800, Height: 600}) {
		t.Errorf("replay options %+v", o)
	}
	if c.headless || c.shard.Index != 2 || c.shard.Count != 3 || c.browser != "ws://127.0.0.1:1/devtools/browser/x" {
		t.Errorf("config %+v", c)
	}
	c, _ = parseArgs([]string{"--min-confidence", "0", "f.yaml"}, io.Discard)
	if o := c.replayOptions(); o.MinConfidence <= 0 || o.MinConfidence > 1e-9 {
		t.Errorf("--min-confidence 0 must reach replay as (almost) no floor, not as its default: %v", o.MinConfidence)
	}
}

func TestBadUsage(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"--shard", "3/2", "f.yaml"},
		{"--shard", "1", "f.yaml"},
		{"--parallel", "0", "f.yaml"},
		{"--min-confidence", "1.5", "f.yaml"},
		{"--timeout", "0s", "f.yaml"},
		{"--timeout", "soon", "f.yaml"},
		{"--strategies", "css,magic", "f.yaml"},
		{"--viewport", "800", "f.yaml"},
		{"--base-url", "127.0.0.1:8080", "f.yaml"},
		{"--screenshots-all", "f.yaml"},
		{"--progress", "fancy", "f.yaml"},
		{"-q", "-v", "f.yaml"},
		{"--no-such-flag", "f.yaml"},
	} {
		if c, err := parseArgs(args, io.Discard); err == nil {
			t.Errorf("parseArgs(%q) = %+v, want an error", args, c)
		}
	}
	if _, err := parseArgs([]string{"-h"}, io.Discard); !errors.Is(err, flag.ErrHelp) {
		t.Errorf("-h: %v", err)
	}
}

// Exit statuses that need no browser: usage and flow files that do not load.
func TestRunExitsTwoBeforeAnyBrowser(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.yaml")
	os.WriteFile(bad, []byte("version: 1\nname: b\nstart_url: http://127.0.0.1/\nsteps:\n  - action: fly\n"), 0o644)
	for _, args := range [][]string{
		{"--parallel", "0", bad},
		{filepath.Join(dir, "missing.yaml")},
		{dir, "--browser", "/no/such/browser"}, // the flow fails to load before the browser is looked for
	} {
		var stderr bytes.Buffer
		if code := run(context.Background(), args, io.Discard, &stderr); code != exitUsage {
			t.Errorf("run(%q) = %d, want 2; stderr %s", args, code, stderr.String())
		}
	}
	var stderr bytes.Buffer
	run(context.Background(), []string{bad}, io.Discard, &stderr)
	if !strings.Contains(stderr.String(), bad+":5: steps[0].action: unknown action") {
		t.Errorf("the message must name file, line and field:\n%s", stderr.String())
	}
}

func TestStartURLAndTestIDAttrs(t *testing.T) {
	c, err := parseArgs([]string{"f.yaml", "--url", "http://127.0.0.1:8080/app/", "--testid-attr", "data-automation-id", "--testid-attr", "data-e2e"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	o := c.replayOptions()
	if o.StartURL != "http://127.0.0.1:8080/app/" || !slices.Equal(o.TestIDAttrs, []string{"data-automation-id", "data-e2e"}) {
		t.Errorf("replay options %+v", o)
	}
	for _, args := range [][]string{{"--url", "/relative", "f.yaml"}, {"--testid-attr", " ", "f.yaml"}} {
		if c, err := parseArgs(args, io.Discard); err == nil {
			t.Errorf("parseArgs(%q) = %+v, want an error", args, c)
		}
	}
}
