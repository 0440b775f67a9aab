package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/report"
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

func TestVarAndDataFlags(t *testing.T) {
	c, err := parseArgs([]string{"--var", "USER=ada", "f.yaml", "--var", "EMPTY=", "--var", "EQ=a=b", "--data", "rows.csv"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"USER": "ada", "EMPTY": "", "EQ": "a=b"}
	if o := c.replayOptions(); !maps.Equal(o.Vars, want) || c.data != "rows.csv" {
		t.Errorf("vars %v, data %q", o.Vars, c.data)
	}
	for _, bad := range []string{"USER", "=x", "a-b=1", "a b=1"} {
		var stderr bytes.Buffer
		if _, err := parseArgs([]string{"--var", bad, "f.yaml"}, &stderr); err == nil {
			t.Errorf("--var %q was taken", bad)
		} else if !strings.Contains(stderr.String(), "-var") {
			t.Errorf("--var %q: the message does not name the flag:\n%s", bad, stderr.String())
		}
	}
}

// A data file that does not parse, and flows whose includes do not load,
// are exit 2 naming file and line, before any browser is looked for.
func TestRunExitsTwoOnBadDataAndIncludes(t *testing.T) {
	dir := t.TempDir()
	flow := filepath.Join(dir, "main.yaml")
	os.WriteFile(flow, []byte("version: 1\nname: m\nstart_url: http://127.0.0.1/\nsteps:\n  - include: login.yaml\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "login.yaml"), []byte("version: 1\nname: l\nstart_url: http://127.0.0.1/\nsteps:\n  - include: main.yaml\n"), 0o644)
	rows := filepath.Join(dir, "rows.csv")
	os.WriteFile(rows, []byte("user,pw\nada,1\nbob\n"), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{flow, "--browser", "/no/such/browser"}, flow + ":5: steps[0].include: " + filepath.Join(dir, "login.yaml") + ":5: steps[0].include: the flows include each other in a cycle: "},
		{[]string{filepath.Join(dir, "login.yaml"), "--data", rows}, "the flows include each other"},
	} {
		var stderr bytes.Buffer
		if code := run(context.Background(), tc.args, io.Discard, &stderr); code != exitUsage || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("run(%q) = %d, want 2 and %q in:\n%s", tc.args, code, tc.want, stderr.String())
		}
	}
	os.WriteFile(flow, []byte("version: 1\nname: m\nstart_url: http://127.0.0.1/\nsteps: []\n"), 0o644)
	var stderr bytes.Buffer
	if code := run(context.Background(), []string{flow, "--data", rows, "--browser", "/no/such/browser"}, io.Discard, &stderr); code != exitUsage ||
		!strings.Contains(stderr.String(), rows+":3: the row has 1 fields, the header 2") {
		t.Errorf("ragged data: exit %d:\n%s", code, stderr.String())
	}
}

// --update-flows writes back only a flow's own steps, indexed as in its
// file: an include step and the steps it includes are left out.
func TestOwnStepsIndexesAsTheFile(t *testing.T) {
	f := report.Flow{Steps: []report.Step{
		{Index: 1, Action: "click"},
		{Index: 2, Action: "include"},
		{Index: 3, From: "login.yaml#1", Action: "type"},
		{Index: 4, From: "login.yaml#2", Action: "include"},
		{Index: 5, From: "base.yaml#1", Action: "click"},
		{Index: 6, Action: "type"},
	}}
	var got []string
	for _, st := range ownSteps(f).Steps {
		got = append(got, fmt.Sprintf("%d %s", st.Index, st.Action))
	}
	if !slices.Equal(got, []string{"1 click", "3 type"}) {
		t.Errorf("own steps %q", got)
	}
	if len(f.Steps) != 6 || f.Steps[5].Index != 6 {
		t.Error("ownSteps changed the report it was given")
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
