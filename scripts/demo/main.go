// Command demo is the README's first command: it records a flow on a bundled
// fixture app with a scripted user (recorder --drive), replays it on the
// original and on changed versions of the app (replayer --base-url), and
// prints what happened to each step. It drives the real binaries in bin/,
// which scripts/demo.sh builds first.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/qa-chain/chainreplay/fixtures"
	"github.com/qa-chain/chainreplay/report"
)

func main() {
	appName := flag.String("app", "shop", "fixture app to record: checkout, shop or settings")
	out := flag.String("out", "demo-out", "folder for the flow and the reports")
	bin := flag.String("bin", "bin", "folder holding the recorder and replayer binaries")
	flag.Parse()
	if err := run(*appName, *out, *bin); err != nil {
		fmt.Fprintln(os.Stderr, "demo:", err)
		os.Exit(1)
	}
}

// versions shown by the demo: each a way the app may change after recording.
var versions = []fixtures.Mutation{
	fixtures.Original, fixtures.IDsRenamed, fixtures.TextsReworded,
	fixtures.WrappersAdded, fixtures.Decoy, fixtures.Redesign, fixtures.TargetRemoved,
}

func run(appName, out, bin string) error {
	app, err := fixtures.LookupApp(appName)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	srv, err := fixtures.Start(fixtures.Options{})
	if err != nil {
		return err
	}
	defer srv.Close()

	drive := filepath.Join(out, app.Name+".drive")
	flow := filepath.Join(out, app.Name+".yaml")
	if err := os.WriteFile(drive, []byte(app.Drive), 0o644); err != nil {
		return err
	}
	fmt.Printf("==> recording %s with a scripted user (%s)\n", app.Name, drive)
	rec := exec.Command(filepath.Join(bin, "recorder"), "--headless",
		"--url", srv.URL+app.Path(), "--out", flow, "--drive", drive)
	rec.Stdout, rec.Stderr = os.Stdout, os.Stderr
	if err := rec.Run(); err != nil {
		return fmt.Errorf("recorder: %w", err)
	}

	fmt.Printf("\n==> replaying %s on the original and on changed versions\n", flow)
	fmt.Printf("%-18s %-8s %-7s %s\n", "version", "result", "steps", "notes")
	for _, m := range versions {
		base, err := srv.VersionURL(m)
		if err != nil {
			return err
		}
		js := filepath.Join(out, "report-"+string(m)+".json")
		args := []string{flow, "-q", "--base-url", base, "--report-json", js, "--timeout", "3s"}
		if m == fixtures.Redesign {
			args = append(args, "--report-html", filepath.Join(out, "report-html"))
		}
		rep := exec.Command(filepath.Join(bin, "replayer"), args...)
		rep.Stderr = os.Stderr
		err = rep.Run()
		if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 2 {
			return fmt.Errorf("replayer refused the flow: %w", err)
		}
		r, rerr := readReport(js)
		if rerr != nil {
			return rerr
		}
		fmt.Println(line(m, r))
	}
	fmt.Printf("\nflow: %s   reports: %s/report-*.json, %s/report-html/index.html\n", flow, out, out)
	fmt.Println("target-removed is meant to fail: the engine refuses rather than click something else.")
	return nil
}

func readReport(path string) (*report.Run, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read report: %w", err)
	}
	var r report.Run
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &r, nil
}

// line summarises one version's replay: pass/fail, the steps, which steps
// were healed (won by another strategy than the first) and the first error.
func line(m fixtures.Mutation, r *report.Run) string {
	result := "passed"
	if r.Summary.FlowsPassed != r.Summary.Flows {
		result = "FAILED"
	}
	var notes []string
	for _, f := range r.Flows {
		if f.Error != nil {
			notes = append(notes, string(f.Error.Code)+": "+f.Error.Message)
		}
		for _, s := range f.Steps {
			if s.Healed != nil {
				notes = append(notes, fmt.Sprintf("step %d %s", s.Index, s.Healed.Summary()))
			}
			if s.Error != nil {
				notes = append(notes, fmt.Sprintf("step %d %s: %s", s.Index, s.Error.Code, firstLine(s.Error.Message)))
			}
		}
	}
	if len(notes) > 3 {
		notes = append(notes[:3], fmt.Sprintf("(+%d more)", len(notes)-3))
	}
	return fmt.Sprintf("%-18s %-8s %3d/%-3d %s", m, result, r.Summary.StepsPassed, r.Summary.Steps, strings.Join(notes, "; "))
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	if len(s) > 90 {
		s = s[:90] + "..."
	}
	return s
}
