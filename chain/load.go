package chain

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// Problem is one thing wrong in a flow file.
type Problem struct {
	// Line is 1-based; 0 when the problem is not tied to a line.
	Line int
	// Field is the path of the offending field ("steps[2].target.chain[0].confidence"),
	// empty for file-level problems.
	Field string
	Msg   string
}

func (p Problem) String() string {
	var b strings.Builder
	if p.Line > 0 {
		fmt.Fprintf(&b, "%d: ", p.Line)
	}
	if p.Field != "" {
		b.WriteString(p.Field + ": ")
	}
	b.WriteString(p.Msg)
	return b.String()
}

// ValidationError lists every problem found in one flow file. Each line of
// Error() reads "file:line: field: message".
type ValidationError struct {
	File     string
	Problems []Problem
}

func (e *ValidationError) Error() string {
	lines := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		lines[i] = e.File + ":" + p.String()
	}
	return strings.Join(lines, "\n")
}

// ErrTooLarge is returned (wrapped) for a file over MaxFileSize.
var ErrTooLarge = errors.New("flow file too large")

// Load reads, parses and validates the flow file at path, and loads the
// flows its include steps name (see IncludedFlow). A file over MaxFileSize
// is refused before it is read. Any problem yields a *ValidationError
// naming file, line and field; a problem of an included file is one of
// the including file, at its include step, that names the included file,
// line and field in turn.
func Load(path string) (*Flow, error) {
	return load(path, nil)
}

// read reads, parses and validates the one file at path.
func read(path string) (*Flow, *index, error) {
	data, err := ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	return parse(path, data)
}

// ReadFile reads the file at path as Load reads a flow file: a directory,
// or a file over MaxFileSize (ErrTooLarge, before it is read), is refused.
// Errors name the file.
func ReadFile(path string) ([]byte, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("load flow: %w", err)
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil {
		return nil, fmt.Errorf("load flow: %w", err)
	}
	if st.IsDir() {
		return nil, fmt.Errorf("load flow: %s is a directory", path)
	}
	if st.Size() > MaxFileSize {
		return nil, fmt.Errorf("%s: %w: %d bytes, the limit is %d", path, ErrTooLarge, st.Size(), MaxFileSize)
	}
	data, err := io.ReadAll(io.LimitReader(fh, MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("load flow: %w", err)
	}
	return data, nil
}

// Parse decodes and validates a flow; name is used in error messages and,
// when the flow has no name, to name it after the file.
func Parse(name string, data []byte) (*Flow, error) {
	f, _, err := parse(name, data)
	return f, err
}

// parse is Parse that also returns the lines of the flow's fields.
func parse(name string, data []byte) (*Flow, *index, error) {
	file := filepath.Base(name)
	if len(data) > MaxFileSize {
		return nil, nil, fmt.Errorf("%s: %w: %d bytes, the limit is %d", name, ErrTooLarge, len(data), MaxFileSize)
	}
	fail := func(ps ...Problem) error { return &ValidationError{File: file, Problems: ps} }

	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, nil, fail(syntaxProblem(err))
	}
	if root.Kind == 0 || len(root.Content) == 0 {
		return nil, nil, fail(Problem{Line: 1, Msg: "empty file: a flow needs version, name, start_url and steps"})
	}
	if root.Content[0].Kind != yaml.MappingNode {
		return nil, nil, fail(Problem{Line: root.Content[0].Line, Msg: "a flow file must be a mapping with version, name, start_url and steps"})
	}
	idx := newIndex(&root)
	data = normalizeTimestamp(data, root.Content[0], "recorded_at")

	var f Flow
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil {
		var te *yaml.TypeError
		if errors.As(err, &te) {
			ps := make([]Problem, 0, len(te.Errors))
			for _, msg := range te.Errors {
				ps = append(ps, idx.typeProblem(msg))
			}
			return nil, nil, fail(ps...)
		}
		return nil, nil, fail(syntaxProblem(err))
	}
	if ps := Validate(&f); len(ps) > 0 {
		for i := range ps {
			ps[i].Line = idx.line(ps[i].Field)
		}
		return nil, nil, fail(ps...)
	}
	if f.Name == "" {
		f.Name = strings.TrimSuffix(file, filepath.Ext(file))
	}
	return &f, idx, nil
}

// yamlTimes are the timestamp forms YAML 1.1 allows beside RFC 3339 (a
// space before the time, a zone without a colon or none), as other YAML
// tools write them ("2026-11-30 08:13:21+00:00", PyYAML).
var yamlTimes = []string{"2006-01-02 15:04:05.999999999Z07:00", "2006-01-02 15:04:05.999999999 Z07:00",
	"2006-01-02 15:04:05.999999999", "2006-01-02T15:04:05.999999999", "2006-01-02"}

// normalizeTimestamp rewrites the plain scalar value of mapping m's field
// key in data as RFC 3339 when it is a timestamp in another form YAML
// allows, so that it decodes as a time; data is returned unchanged
// otherwise.
func normalizeTimestamp(data []byte, m *yaml.Node, key string) []byte {
	if m.Kind != yaml.MappingNode {
		return data
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		if k.Value != key || v.Kind != yaml.ScalarNode || v.Style != 0 {
			continue
		}
		if _, err := time.Parse(time.RFC3339Nano, v.Value); err == nil {
			return data
		}
		for _, layout := range yamlTimes {
			t, err := time.Parse(layout, v.Value)
			if err != nil {
				continue
			}
			lines := bytes.SplitAfter(data, []byte("\n"))
			if v.Line < 1 || v.Line > len(lines) {
				return data
			}
			ln := lines[v.Line-1]
			at := v.Column - 1 // a byte offset where the line is ASCII up to the value
			if at < 0 || at+len(v.Value) > len(ln) || string(ln[at:at+len(v.Value)]) != v.Value {
				return data
			}
			fixed := append(append(append([]byte{}, ln[:at]...), t.Format(time.RFC3339Nano)...), ln[at+len(v.Value):]...)
			lines[v.Line-1] = fixed
			return bytes.Join(lines, nil)
		}
	}
	return data
}

var lineRE = regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`)

func syntaxProblem(err error) Problem {
	msg := err.Error()
	if m := lineRE.FindStringSubmatch(msg); m != nil {
		n, _ := strconv.Atoi(m[1])
		return Problem{Line: n, Msg: "invalid YAML: " + m[2]}
	}
	return Problem{Line: 1, Msg: "invalid YAML: " + strings.TrimPrefix(msg, "yaml: ")}
}

// index maps field paths to the lines where they are written.
type index struct {
	lines map[string]int
	// byLine lists the paths of scalar values and keys on each line.
	byLine map[int][]entry
}

type entry struct {
	path, key, value string
}

func newIndex(root *yaml.Node) *index {
	ix := &index{lines: map[string]int{}, byLine: map[int][]entry{}}
	ix.walk(root.Content[0], "", 0)
	return ix
}

func (ix *index) walk(n *yaml.Node, path string, depth int) {
	if depth > 64 {
		return
	}
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			p := k.Value
			if path != "" {
				p = path + "." + k.Value
			}
			ix.lines[p] = k.Line
			ix.byLine[k.Line] = append(ix.byLine[k.Line], entry{path: p, key: k.Value, value: v.Value})
			ix.walk(v, p, depth+1)
		}
	case yaml.SequenceNode:
		for i, c := range n.Content {
			p := fmt.Sprintf("%s[%d]", path, i)
			ix.lines[p] = c.Line
			if c.Kind == yaml.ScalarNode {
				ix.byLine[c.Line] = append(ix.byLine[c.Line], entry{path: p, value: c.Value})
			}
			ix.walk(c, p, depth+1)
		}
	}
}

// line returns the line of path, or of its nearest written ancestor.
func (ix *index) line(path string) int {
	for path != "" {
		if l, ok := ix.lines[path]; ok {
			return l
		}
		i := strings.LastIndexAny(path, ".[")
		if i < 0 {
			break
		}
		path = path[:i]
	}
	return 1
}

var (
	unknownFieldRE = regexp.MustCompile(`^line (\d+): field (\S+) not found in type`)
	cannotRE       = regexp.MustCompile("^line (\\d+): cannot unmarshal (\\S+) `(.*)` into (\\S+)")
)

// typeProblem turns one of yaml's type error lines into a Problem with the
// field path found on that line.
func (ix *index) typeProblem(msg string) Problem {
	if m := unknownFieldRE.FindStringSubmatch(msg); m != nil {
		n, _ := strconv.Atoi(m[1])
		return Problem{Line: n, Field: ix.find(n, m[2], ""), Msg: fmt.Sprintf("unknown field %q", m[2])}
	}
	if m := cannotRE.FindStringSubmatch(msg); m != nil {
		n, _ := strconv.Atoi(m[1])
		return Problem{Line: n, Field: ix.find(n, "", m[3]), Msg: fmt.Sprintf("%q is not a valid %s", m[3], goTypeName(m[4]))}
	}
	if m := lineRE.FindStringSubmatch(msg); m != nil {
		n, _ := strconv.Atoi(m[1])
		return Problem{Line: n, Msg: m[2]}
	}
	return Problem{Msg: msg}
}

func (ix *index) find(line int, key, value string) string {
	for _, e := range ix.byLine[line] {
		if (key != "" && e.key == key) || (key == "" && e.value == value) {
			return e.path
		}
	}
	if es := ix.byLine[line]; len(es) > 0 {
		return es[0].path
	}
	return ""
}

func goTypeName(t string) string {
	switch {
	case strings.HasPrefix(t, "float"):
		return "number"
	case strings.HasPrefix(t, "int"), strings.HasPrefix(t, "uint"):
		return "integer"
	case t == "bool":
		return "boolean (true or false)"
	case strings.HasPrefix(t, "[]"):
		return "list"
	case strings.HasPrefix(t, "map"), strings.HasPrefix(t, "chain."):
		return "mapping"
	}
	return t
}
