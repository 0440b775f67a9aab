package report

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/qa-chain/chainreplay/internal/atomicfile"
)

// JUnitOptions tune WriteJUnit and JUnit. The zero value names the suite
// "replayer" and leaves out timestamp, host name and attachments.
type JUnitOptions struct {
	// SuiteName names the one testsuite; empty means "replayer".
	SuiteName string
	// Timestamp is when the run started; zero leaves it out.
	Timestamp time.Time
	// Hostname is where it ran; empty leaves it out.
	Hostname string
	// ScreenshotsBase, when set, is the folder that steps' Screenshot
	// paths are relative to (the HTML report folder): each screenshot is
	// then listed in the testcase's system-out as [[ATTACHMENT|path]],
	// which GitLab and Jenkins' attachments plugin show.
	ScreenshotsBase string
}

// WriteJUnit writes r as JUnit XML to path, atomically.
func WriteJUnit(path string, r *Run, opts JUnitOptions) error {
	b, err := JUnit(r, opts)
	if err != nil {
		return err
	}
	if err := atomicfile.Write(path, b, 0o644); err != nil {
		return fmt.Errorf("junit report: %w", err)
	}
	return nil
}

// JUnit renders r as JUnit XML in the shape GitLab, Jenkins and GitHub test
// reporters read: <testsuites> holding one <testsuite> for the run and one
// <testcase> per flow. A flow that failed on a step carries a <failure>
// whose type is the error code, whose message names the step, and whose
// text lists every step with its attempts; a flow lost to a browser crash
// or a DevTools error carries an <error> instead; a flow that never ran is
// <skipped>. Page-derived text is escaped by encoding/xml, and characters
// XML cannot hold are replaced.
func JUnit(r *Run, opts JUnitOptions) ([]byte, error) {
	name := opts.SuiteName
	if name == "" {
		name = "replayer"
	}
	suite := junitSuite{Name: name, Tests: len(r.Flows), Time: secs(r.Summary.DurationMS), Hostname: opts.Hostname}
	if !opts.Timestamp.IsZero() {
		suite.Timestamp = opts.Timestamp.UTC().Format("2006-01-02T15:04:05")
	}
	for _, f := range r.Flows {
		tc := junitCase{Name: f.Name, Classname: classname(f.File), File: f.File, Time: secs(f.DurationMS)}
		detail := flowDetail(f)
		switch {
		case f.Status == Passed:
		case f.Status == Skipped:
			suite.Skipped++
			msg := "not run"
			if f.Error != nil {
				msg = f.Error.Error()
			}
			tc.Skipped = &junitMessage{Message: xmlSafe(msg)}
		default:
			code, msg := failureOf(f)
			m := &junitMessage{Type: string(code), Message: xmlSafe(msg), Text: xmlSafe(detail)}
			if code == BrowserCrashed || code == CDPError {
				suite.Errors++
				tc.Error = m
			} else {
				suite.Failures++
				tc.Failure = m
			}
		}
		if out := systemOut(f, opts.ScreenshotsBase); out != "" {
			tc.SystemOut = &junitText{Text: xmlSafe(out)}
		}
		suite.Cases = append(suite.Cases, tc)
	}
	root := junitSuites{Name: name, Tests: suite.Tests, Failures: suite.Failures, Errors: suite.Errors,
		Skipped: suite.Skipped, Time: suite.Time, Suites: []junitSuite{suite}}
	var buf bytes.Buffer
	buf.WriteString(xml.Header)
	enc := xml.NewEncoder(&buf)
	enc.Indent("", "  ")
	if err := enc.Encode(root); err != nil {
		return nil, fmt.Errorf("junit report: %w", err)
	}
	buf.WriteByte('\n')
	return buf.Bytes(), nil
}

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Skipped  int          `xml:"skipped,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name      string      `xml:"name,attr"`
	Tests     int         `xml:"tests,attr"`
	Failures  int         `xml:"failures,attr"`
	Errors    int         `xml:"errors,attr"`
	Skipped   int         `xml:"skipped,attr"`
	Time      string      `xml:"time,attr"`
	Timestamp string      `xml:"timestamp,attr,omitempty"`
	Hostname  string      `xml:"hostname,attr,omitempty"`
	Cases     []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	File      string        `xml:"file,attr,omitempty"`
	Time      string        `xml:"time,attr"`
	Skipped   *junitMessage `xml:"skipped"`
	Error     *junitMessage `xml:"error"`
	Failure   *junitMessage `xml:"failure"`
	SystemOut *junitText    `xml:"system-out"`
}

type junitText struct {
	Text string `xml:",cdata"`
}

type junitMessage struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
	Text    string `xml:",cdata"`
}

// secs is milliseconds as JUnit's seconds with three decimals.
func secs(ms float64) string {
	if ms < 0 {
		ms = 0
	}
	return fmt.Sprintf("%.3f", ms/1000)
}

// classname is the flow file without extension, folders as dots, the way
// JUnit reporters group test cases: "flows/shop/cart.yaml" -> "flows.shop.cart".
func classname(file string) string {
	f := strings.ReplaceAll(file, "\\", "/")
	f = strings.TrimSuffix(f, path.Ext(f))
	f = strings.TrimLeft(f, "./")
	if f == "" {
		return "replayer"
	}
	return strings.ReplaceAll(f, "/", ".")
}

// failureOf is the code and one-line message of a failed flow: the first
// failed step's, else the flow's own error.
func failureOf(f Flow) (Code, string) {
	for _, st := range f.Steps {
		if st.Status == Failed && st.Error != nil {
			return st.Error.Code, fmt.Sprintf("step %d%s (%s%s) failed: %s: %s",
				st.Index, from(st), st.Action, describe(st), st.Error.Code, st.Error.Message)
		}
	}
	if f.Error != nil {
		return f.Error.Code, string(f.Error.Code) + ": " + f.Error.Message
	}
	return "FAILED", "the flow failed"
}

// from is " of FILE#N" for a step of an included flow, "" otherwise.
func from(st Step) string {
	if st.From == "" {
		return ""
	}
	return " of " + st.From
}

// rowLine is the line that names a flow's data row, "" without one.
func rowLine(f Flow) string {
	r := f.Row
	if r == nil {
		return ""
	}
	names := make([]string, 0, len(r.Vars))
	for k := range r.Vars {
		names = append(names, k)
	}
	sort.Strings(names)
	vals := make([]string, len(names))
	for i, k := range names {
		vals[i] = k + "=" + strconv.Quote(r.Vars[k])
	}
	return fmt.Sprintf("data row %d (line %d): %s\n", r.Index, r.Line, strings.Join(vals, " "))
}

func describe(st Step) string {
	if st.Description == "" {
		return ""
	}
	return " " + st.Description
}

// flowDetail is the readable body of a failure: every step, its outcome
// and its attempts.
func flowDetail(f Flow) string {
	var b strings.Builder
	b.WriteString(rowLine(f))
	if f.Error != nil {
		fmt.Fprintf(&b, "flow error: %s: %s\n", f.Error.Code, f.Error.Message)
	}
	for _, st := range f.Steps {
		fmt.Fprintf(&b, "step %d%s %s%s: %s", st.Index, from(st), st.Action, describe(st), st.Status)
		if st.Strategy != "" {
			fmt.Fprintf(&b, " via %s", st.Strategy)
			if st.Confidence != nil {
				fmt.Fprintf(&b, " (confidence %.2f)", *st.Confidence)
			}
		}
		fmt.Fprintf(&b, " in %.1fms\n", st.DurationMS)
		if st.Error != nil {
			fmt.Fprintf(&b, "  error: %s: %s\n", st.Error.Code, st.Error.Message)
		}
		if st.URL != "" {
			fmt.Fprintf(&b, "  page: %s\n", st.URL)
		}
		for _, a := range st.Attempts {
			fmt.Fprintf(&b, "  attempt %s", a.Type)
			if a.Value != "" {
				fmt.Fprintf(&b, " %q", a.Value)
			}
			if a.Found {
				fmt.Fprintf(&b, ": found, %d match(es), confidence %.2f", a.MatchCount, a.Confidence)
			} else {
				b.WriteString(": not found")
			}
			fmt.Fprintf(&b, ", %.1fms", a.DurationMS)
			if a.Error != "" {
				fmt.Fprintf(&b, ", %s", a.Error)
			}
			b.WriteByte('\n')
		}
		if h := st.Healed; h != nil {
			fmt.Fprintf(&b, "  %s\n", h.Summary())
		}
	}
	return b.String()
}

// systemOut lists each step's outcome in one line, and the screenshots as
// attachments.
func systemOut(f Flow, base string) string {
	var b strings.Builder
	b.WriteString(rowLine(f))
	for _, st := range f.Steps {
		fmt.Fprintf(&b, "step %d%s %s%s: %s", st.Index, from(st), st.Action, describe(st), st.Status)
		if st.Strategy != "" {
			fmt.Fprintf(&b, " via %s", st.Strategy)
		}
		b.WriteByte('\n')
		for _, n := range st.Notes {
			fmt.Fprintf(&b, "  note: %s\n", n)
		}
	}
	if base != "" {
		for _, st := range f.Steps {
			if st.Screenshot != "" {
				fmt.Fprintf(&b, "[[ATTACHMENT|%s]]\n", path.Join(strings.ReplaceAll(base, "\\", "/"), st.Screenshot))
			}
		}
	}
	return b.String()
}

// xmlSafe replaces the characters XML 1.0 cannot hold at all (most C0
// controls, unpaired surrogates, U+FFFE/U+FFFF) with U+FFFD; encoding/xml
// escapes the rest.
func xmlSafe(s string) string {
	ok := func(r rune) bool {
		return r == 0x9 || r == 0xA || r == 0xD || (r >= 0x20 && r <= 0xD7FF) ||
			(r >= 0xE000 && r <= 0xFFFD) || (r >= 0x10000 && r <= 0x10FFFF)
	}
	return strings.Map(func(r rune) rune {
		if ok(r) {
			return r
		}
		return '\uFFFD'
	}, s)
}
