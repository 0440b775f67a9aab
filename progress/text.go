package progress

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/qa-chain/chainreplay/report"
)

// Clean makes s safe for one line of a log: control characters (newlines,
// carriage returns, escape sequences, C1 controls) become spaces or
// visible escapes, so page-derived text cannot move the cursor, recolour
// a terminal or forge log lines.
func Clean(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\n' || r == '\r' || r == '\t':
			b.WriteByte(' ')
		case unicode.IsControl(r):
			fmt.Fprintf(&b, "\\x%02x", r)
		case unicode.Is(unicode.Cf, r) || r == '\u2028' || r == '\u2029':
			fmt.Fprintf(&b, "\\u%04x", r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Summary is the run's one-line summary.
func Summary(run *report.Run) string {
	var failed, skipped, stepsFailed, stepsSkipped int
	for _, f := range run.Flows {
		switch f.Status {
		case report.Failed:
			failed++
		case report.Skipped:
			skipped++
		}
		for _, st := range f.Steps {
			switch st.Status {
			case report.Failed:
				stepsFailed++
			case report.Skipped:
				stepsSkipped++
			}
		}
	}
	s := run.Summary
	verdict := "PASSED"
	if s.FlowsPassed != s.Flows {
		verdict = "FAILED"
	}
	return fmt.Sprintf("%s: %d flows (%d passed, %d failed, %d not run); %d steps (%d passed, %d failed, %d skipped); %s",
		verdict, s.Flows, s.FlowsPassed, failed, skipped, s.Steps, s.StepsPassed, stepsFailed, stepsSkipped, seconds(s.DurationMS))
}

func seconds(ms float64) string {
	return fmt.Sprintf("%.2fs", ms/1000)
}

// flowLine is the plain line of a finished flow.
func flowLine(file string, res report.Flow) string {
	passed := 0
	for _, st := range res.Steps {
		if st.Status == report.Passed {
			passed++
		}
	}
	word := map[report.Status]string{report.Passed: "PASS", report.Failed: "FAIL", report.Skipped: "SKIP"}[res.Status]
	if word == "" {
		word = strings.ToUpper(string(res.Status))
	}
	line := fmt.Sprintf("%s %s (%s): %d/%d steps passed in %s", word, file, res.Name, passed, len(res.Steps), seconds(res.DurationMS))
	if res.Status != report.Passed && res.Error != nil {
		line += ": " + string(res.Error.Code) + ": " + res.Error.Message
	}
	return Clean(line)
}

// stepLine is the plain line of a step.
func stepLine(file string, st report.Step) string {
	line := fmt.Sprintf("  %s %s step %d %s", strings.ToUpper(string(st.Status)), file, st.Index, st.Action)
	if st.From != "" {
		line = fmt.Sprintf("  %s %s step %d (%s) %s", strings.ToUpper(string(st.Status)), file, st.Index, st.From, st.Action)
	}
	if st.Description != "" {
		line += " " + st.Description
	}
	if st.Strategy != "" {
		line += " via " + st.Strategy
		if st.Confidence != nil {
			line += fmt.Sprintf(" (confidence %.2f)", *st.Confidence)
		}
	}
	if st.Error != nil {
		line += ": " + string(st.Error.Code) + ": " + st.Error.Message
	}
	if st.Screenshot != "" {
		line += " [screenshot " + st.Screenshot + "]"
	}
	return Clean(line)
}

// attemptLine is the verbose line of one attempt.
func attemptLine(a report.Attempt) string {
	what := a.Type
	if a.Value != "" {
		what += " " + fmt.Sprintf("%q", a.Value)
	}
	res := "not found"
	if a.Found {
		res = fmt.Sprintf("found %d match(es), confidence %.2f", a.MatchCount, a.Confidence)
	}
	line := fmt.Sprintf("      attempt %s: %s in %.1fms", what, res, a.DurationMS)
	if a.Error != "" {
		line += ": " + a.Error
	}
	return Clean(line)
}
