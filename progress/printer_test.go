package progress

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/report"
	"github.com/qa-chain/chainreplay/runner"
)

func TestCleanRemovesControlCharacters(t *testing.T) {
	in := "a\nb\r\x1b[31mred\x07\u202eevil\u0085end\tx"
	got := Clean(in)
	if regexp.MustCompile(`[\x00-\x1f\x7f\x{80}-\x{9f}\x{202e}]`).MatchString(got) {
		t.Errorf("Clean(%q) = %q still holds control characters", in, got)
	}
	if !strings.Contains(got, `\x1b[31mred`) || !strings.Contains(got, `\u202e`) {
		t.Errorf("escapes should stay visible: %q", got)
	}
}

func fixture() ([]runner.Job, report.Flow, report.Flow) {
	jobs := []runner.Job{
		{Path: "flows/a.yaml", Flow: &chain.Flow{Name: "a", Steps: make([]chain.Step, 2)}},
		{Path: "flows/b.yaml", Flow: &chain.Flow{Name: "b", Steps: make([]chain.Step, 2)}},
	}
	conf := 0.9
	a := report.Flow{File: "flows/a.yaml", Name: "a", Status: report.Passed, DurationMS: 1200, Steps: []report.Step{
		{Index: 1, Action: "click", Status: report.Passed, Strategy: "id", Confidence: &conf,
			Attempts: []report.Attempt{{Type: "id", Value: "go", Found: true, MatchCount: 1, Confidence: 0.9}}},
		{Index: 2, Action: "type", Status: report.Passed}}}
	b := report.Flow{File: "flows/b.yaml", Name: "b", Status: report.Failed, DurationMS: 800, Steps: []report.Step{
		{Index: 1, Action: "click", Status: report.Failed, Description: "button \"\x1b[2Jwipe\nFAKE PASS line\"",
			Error: &report.Error{Code: report.ElementNotFound, Message: "gone\r\nPASS forged"}},
		{Index: 2, Action: "type", Status: report.Skipped}}}
	return jobs, a, b
}

func play(p *Printer, jobs []runner.Job, flows ...report.Flow) {
	for i, f := range flows {
		p.FlowStarted(i, jobs[i])
		for _, st := range f.Steps {
			p.StepDone(i, jobs[i], st)
		}
		p.FlowDone(i, jobs[i], f)
	}
	run := &report.Run{Flows: flows, Summary: report.Summary{DurationMS: 2000}}
	run.Summarize()
	p.Finish(run)
}

func TestPlainLines(t *testing.T) {
	jobs, a, b := fixture()
	var out bytes.Buffer
	play(New(&out, Plain, jobs), jobs, a, b)
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	want := []string{
		"PASS flows/a.yaml (a): 2/2 steps passed in 1.20s",
		`  FAILED flows/b.yaml step 1 click button "\x1b[2Jwipe FAKE PASS line": ELEMENT_NOT_FOUND: gone  PASS forged`,
		"FAIL flows/b.yaml (b): 0/2 steps passed in 0.80s",
		"FAILED: 2 flows (1 passed, 1 failed, 0 not run); 4 steps (2 passed, 1 failed, 1 skipped); 2.00s",
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("plain output:\n%s\nwant:\n%s", out.String(), strings.Join(want, "\n"))
	}
	if regexp.MustCompile(`[\x00-\x09\x0b-\x1f\x7f]`).MatchString(out.String()) {
		t.Error("plain output holds control characters")
	}
}

func TestQuietPrintsOnlyTheSummary(t *testing.T) {
	jobs, a, b := fixture()
	var out bytes.Buffer
	play(New(&out, Quiet, jobs), jobs, a, b)
	if strings.Count(out.String(), "\n") != 1 || !strings.HasPrefix(out.String(), "FAILED: 2 flows") {
		t.Errorf("quiet output: %q", out.String())
	}
}

func TestVerbosePrintsEveryStepAndAttempt(t *testing.T) {
	jobs, a, b := fixture()
	var out bytes.Buffer
	play(New(&out, Verbose, jobs), jobs, a, b)
	for _, want := range []string{"START flows/a.yaml (a): 2 steps", "PASSED flows/a.yaml step 1 click via id (confidence 0.90)",
		`attempt id "go": found 1 match(es), confidence 0.90`, "SKIPPED flows/b.yaml step 2 type"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("verbose output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestBarCountsEveryStep(t *testing.T) {
	jobs, a, b := fixture()
	b.Steps = b.Steps[:1] // a flow whose later steps the runner never reported
	var out bytes.Buffer
	p := New(&out, Bar, jobs)
	for i, f := range []report.Flow{a, b} {
		p.FlowStarted(i, jobs[i])
		for _, st := range f.Steps {
			p.StepDone(i, jobs[i], st)
		}
		p.FlowDone(i, jobs[i], f)
	}
	if st := p.bar.State(); st.CurrentNum != 4 || st.Max != 4 {
		t.Errorf("the bar should count all 4 steps of the 2 flows, is at %d/%d", st.CurrentNum, st.Max)
	}
	if !strings.Contains(out.String(), "flows 1/2 b") {
		t.Errorf("the bar names the flows done and the one running:\n%q", out.String())
	}
	if !strings.Contains(out.String(), "\rFAIL flows/b.yaml (b)") {
		t.Error("a failed flow is printed above the bar, on a cleared line")
	}
}

// A data row's job and an included flow's step are named as such.
func TestPlainLinesNameRowsAndIncludedSteps(t *testing.T) {
	row := &report.Row{Index: 2, Line: 3, Vars: map[string]string{"USER": "bob"}}
	jobs := []runner.Job{{Path: "flows/a.yaml", Flow: &chain.Flow{Name: "a", Steps: make([]chain.Step, 2)}, Row: row, RowLabel: "row 2: USER=bob"}}
	f := report.Flow{File: "flows/a.yaml", Name: "a [row 2: USER=bob]", Row: row, Status: report.Failed, DurationMS: 100, Steps: []report.Step{
		{Index: 1, Action: "include", Description: "login.yaml", Status: report.Passed},
		{Index: 2, From: "login.yaml#1", Action: "type", Status: report.Failed, Error: &report.Error{Code: report.VarMissing, Message: `variable "PW": is not set`}}}}
	var out bytes.Buffer
	play(New(&out, Plain, jobs), jobs, f)
	for _, want := range []string{
		`  FAILED flows/a.yaml [row 2] step 2 (login.yaml#1) type: VAR_MISSING: variable "PW": is not set`,
		"FAIL flows/a.yaml [row 2] (a [row 2: USER=bob]): 1/2 steps passed in 0.10s",
	} {
		if !strings.Contains(out.String(), want+"\n") {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}
