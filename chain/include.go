package chain

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strings"
)

// MaxIncludeDepth is how deep include steps may nest: a flow may include a
// flow that includes a flow, and so on, this many files below it.
const MaxIncludeDepth = 8

// MaxExpandedSteps is the most steps a flow may have with its includes
// expanded (a flow that includes the same flow many times over, at every
// level, grows fast).
const MaxExpandedSteps = 100000

// IncludedFlow is the flow an include step names, as Load read it.
type IncludedFlow struct {
	// Path is the included file: the including file's folder joined with
	// the step's Include (Include itself when it is absolute).
	Path string
	// Flow is the included flow, its own includes resolved in turn.
	Flow *Flow
}

// includer is one file on the way down to an include: its absolute path,
// to find cycles, and its path as shown in messages.
type includer struct{ abs, shown string }

// load reads the file at p and, below it, every file its include steps
// name; stack lists the files that include it, outermost first.
func load(p string, stack []includer) (*Flow, error) {
	f, idx, err := read(p)
	if err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		abs = filepath.Clean(p)
	}
	stack = append(stack[:len(stack):len(stack)], includer{abs: abs, shown: p})
	var ps []Problem
	for i := range f.Steps {
		s := &f.Steps[i]
		if s.Include == "" {
			continue
		}
		field := fmt.Sprintf("steps[%d].include", i)
		line := idx.line(field)
		inc := s.Include
		if !filepath.IsAbs(inc) {
			inc = filepath.Join(filepath.Dir(p), filepath.FromSlash(inc))
		}
		if msg := includeLoop(stack, inc); msg != "" {
			ps = append(ps, Problem{Line: line, Field: field, Msg: msg})
			continue
		}
		sub, err := load(inc, stack)
		if err != nil {
			ps = append(ps, includeProblems(line, field, inc, err)...)
			continue
		}
		s.Included = &IncludedFlow{Path: inc, Flow: sub}
	}
	if len(ps) == 0 && len(stack) == 1 {
		if n := expandedCount(f, 0); n > MaxExpandedSteps {
			ps = append(ps, Problem{Line: idx.line("steps"), Field: "steps",
				Msg: fmt.Sprintf("with its includes expanded the flow has more than %d steps", MaxExpandedSteps)})
		}
	}
	if len(ps) > 0 {
		return nil, &ValidationError{File: filepath.Base(p), Problems: ps}
	}
	return f, nil
}

// includeLoop says why the file inc cannot be included below stack: it
// is already on the way down (a cycle), or it would be too deep.
func includeLoop(stack []includer, inc string) string {
	abs, err := filepath.Abs(inc)
	if err != nil {
		abs = filepath.Clean(inc)
	}
	chainOf := func(from int) string {
		names := make([]string, 0, len(stack)-from+1)
		for _, s := range stack[from:] {
			names = append(names, s.shown)
		}
		return strings.Join(append(names, inc), " -> ")
	}
	for i, s := range stack {
		if s.abs == abs {
			return "the flows include each other in a cycle: " + chainOf(i)
		}
	}
	if len(stack) > MaxIncludeDepth {
		return fmt.Sprintf("includes nest deeper than %d files: %s", MaxIncludeDepth, chainOf(0))
	}
	return ""
}

// includeProblems turns the error of loading the included file inc into
// problems of the including file's step, each naming the included file
// and its own line and field.
func includeProblems(line int, field, inc string, err error) []Problem {
	var ve *ValidationError
	if errors.As(err, &ve) {
		ps := make([]Problem, 0, len(ve.Problems))
		for _, q := range ve.Problems {
			where := inc
			if q.Line > 0 {
				where = fmt.Sprintf("%s:%d", inc, q.Line)
			}
			msg := where + ": "
			if q.Field != "" {
				msg += q.Field + ": "
			}
			ps = append(ps, Problem{Line: line, Field: field, Msg: msg + q.Msg})
		}
		return ps
	}
	msg := fmt.Sprintf("%s: %v", inc, err)
	if errors.Is(err, fs.ErrNotExist) {
		msg = fmt.Sprintf("%s: no such file (an include is relative to the including flow's folder)", inc)
	}
	return []Problem{{Line: line, Field: field, Msg: msg}}
}

// expandedCount counts f's steps with its includes expanded, stopping
// once past MaxExpandedSteps.
func expandedCount(f *Flow, n int) int {
	for i := range f.Steps {
		n++
		if n > MaxExpandedSteps {
			return n
		}
		if inc := f.Steps[i].Included; inc != nil {
			n = expandedCount(inc.Flow, n)
		}
	}
	return n
}

// ExpandedStep is one step of a flow with its includes expanded: see Expand.
type ExpandedStep struct {
	Step *Step
	// Flow is the flow Step is written in: the expanded flow, or a flow
	// it includes.
	Flow *Flow
	// Flows are the flows from the expanded one down to Flow: the
	// including flows of Step, outermost first, then Flow.
	Flows []*Flow
	// File is "" for a step of the expanded flow itself, else the
	// included file Step is written in, with forward slashes, relative
	// to the expanded flow's folder ("login.yaml", "common/base.yaml").
	File string
	// Path is the included file as Load found it; "" for a step of the
	// expanded flow itself.
	Path string
	// Index is the step's 1-based position in its own file.
	Index int
}

// From is "FILE#N" (File and Index: "login.yaml#2") for a step of an
// included flow, "" for a step of the expanded flow itself.
func (e ExpandedStep) From() string {
	if e.File == "" {
		return ""
	}
	return fmt.Sprintf("%s#%d", e.File, e.Index)
}

// Expand lists f's steps in the order replay performs them: each include
// step followed by the steps of the flow it includes, expanded in turn.
// An include step that Load has not resolved (Included is nil) is listed
// alone.
func Expand(f *Flow) []ExpandedStep {
	var out []ExpandedStep
	expand(f, []*Flow{f}, "", "", &out)
	return out
}

func expand(f *Flow, flows []*Flow, file, p string, out *[]ExpandedStep) {
	for i := range f.Steps {
		s := &f.Steps[i]
		*out = append(*out, ExpandedStep{Step: s, Flow: f, Flows: flows, File: file, Path: p, Index: i + 1})
		inc := s.Included
		if inc == nil {
			continue
		}
		sub := filepath.ToSlash(s.Include)
		if !path.IsAbs(sub) && !filepath.IsAbs(s.Include) {
			sub = path.Join(path.Dir(file), sub)
		}
		expand(inc.Flow, append(flows[:len(flows):len(flows)], inc.Flow), sub, inc.Path, out)
	}
}
