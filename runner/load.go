package runner

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/chromerec"
	"github.com/qa-chain/chainreplay/report"
)

// Job is one flow of a run: where it came from and what it holds, and
// the data row it replays with, if any.
type Job struct {
	// Path is the flow file as listed by Expand; the report's "file".
	Path string
	Flow *chain.Flow
	// Row is the data row (replayer --data) whose values are variables of
	// this replay, over Options.Replay.Vars; nil for none.
	Row *report.Row
	// RowLabel names Row in the job's name ("row 2: user=alice").
	RowLabel string
	// Warnings are what importing a Chrome DevTools Recorder recording
	// could not carry over exactly (chromerec.Warning), for the caller to
	// show; none for a flow file.
	Warnings []string
}

// Name is the flow's name, and for a data row its label: the report's
// "name" ("login [row 2: user=alice]").
func (j Job) Name() string {
	if j.Row == nil {
		return j.Flow.Name
	}
	return j.Flow.Name + " [" + j.RowLabel + "]"
}

// Label is the flow file, and for a data row its number: how progress
// lines name the job ("flows/login.yaml [row 2]").
func (j Job) Label() string {
	if j.Row == nil {
		return j.Path
	}
	return fmt.Sprintf("%s [row %d]", j.Path, j.Row.Index)
}

// Steps counts the steps the job's report will list: the flow's own,
// and those of the flows it includes (chain.Expand).
func (j Job) Steps() int { return len(chain.Expand(j.Flow)) }

// LoadError lists every flow file of a run that does not load. Each
// element of Errs is what chain.Load returned for that file, usually a
// *chain.ValidationError naming file, line and field.
type LoadError struct {
	Errs []FileError
}

// FileError is one flow file that does not load.
type FileError struct {
	Path string
	Err  error
}

func (e *LoadError) Error() string {
	var b strings.Builder
	for i, fe := range e.Errs {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(fileErrorText(fe))
	}
	return b.String()
}

// Unwrap gives errors.As access to each file's error.
func (e *LoadError) Unwrap() []error {
	out := make([]error, len(e.Errs))
	for i, fe := range e.Errs {
		out[i] = fe.Err
	}
	return out
}

// fileErrorText names the file by the path the user gave: a
// ValidationError only knows the base name.
func fileErrorText(fe FileError) string {
	var ve *chain.ValidationError
	if errors.As(fe.Err, &ve) {
		lines := make([]string, len(ve.Problems))
		for i, p := range ve.Problems {
			line := p.Line
			if line < 1 {
				line = 1
			}
			field := p.Field
			if field == "" {
				field = "(file)"
			}
			lines[i] = fmt.Sprintf("%s:%d: %s: %s", fe.Path, line, field, p.Msg)
		}
		return strings.Join(lines, "\n")
	}
	if msg := fe.Err.Error(); strings.HasPrefix(msg, fe.Path+": ") {
		return msg // a recording's import names the file already
	}
	return fmt.Sprintf("%s: %v", fe.Path, fe.Err)
}

// Load loads and validates every file, in order: a flow file, or a Chrome
// DevTools Recorder recording (IsRecording), imported as `recorder
// convert` imports it. When any file does not load, it returns a
// *LoadError listing all of them and no jobs.
func Load(paths []string) ([]Job, error) {
	jobs := make([]Job, 0, len(paths))
	var le LoadError
	for _, p := range paths {
		job := Job{Path: p}
		var err error
		if IsRecording(p) {
			var warns []chromerec.Warning
			job.Flow, warns, err = chromerec.ReadFile(p)
			for _, w := range warns {
				job.Warnings = append(job.Warnings, w.String())
			}
		} else {
			job.Flow, err = chain.Load(p)
		}
		if err != nil {
			le.Errs = append(le.Errs, FileError{Path: p, Err: err})
			continue
		}
		jobs = append(jobs, job)
	}
	if len(le.Errs) > 0 {
		return nil, &le
	}
	return jobs, nil
}

// IsRecording reports whether the file at path is a Chrome DevTools
// Recorder recording rather than a flow: a .json file whose top level has
// no "version" key (every flow has one, and JSON is YAML: a flow may be
// written in JSON).
func IsRecording(path string) bool {
	if !chromerec.IsRecordingFile(path) {
		return false
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return true // ReadFile says why
	}
	var top map[string]json.RawMessage
	if json.Unmarshal(data, &top) != nil {
		return true
	}
	_, flow := top["version"]
	return !flow
}
