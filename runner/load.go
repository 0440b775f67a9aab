package runner

import (
	"errors"
	"fmt"
	"strings"

	"github.com/qa-chain/chainreplay/chain"
)

// Job is one flow of a run: where it came from and what it holds.
type Job struct {
	// Path is the flow file as listed by Expand; the report's "file".
	Path string
	Flow *chain.Flow
}

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
	return fmt.Sprintf("%s: %v", fe.Path, fe.Err)
}

// Load loads and validates every file, in order. When any file does not
// load, it returns a *LoadError listing all of them and no jobs.
func Load(paths []string) ([]Job, error) {
	jobs := make([]Job, 0, len(paths))
	var le LoadError
	for _, p := range paths {
		f, err := chain.Load(p)
		if err != nil {
			le.Errs = append(le.Errs, FileError{Path: p, Err: err})
			continue
		}
		jobs = append(jobs, Job{Path: p, Flow: f})
	}
	if len(le.Errs) > 0 {
		return nil, &le
	}
	return jobs, nil
}
