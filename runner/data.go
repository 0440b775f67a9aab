package runner

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/report"
)

// MaxDataSize is the largest data file LoadData reads.
const MaxDataSize = 10 << 20

// Data is a data file (replayer --data): a CSV file whose header row names
// variables and whose every other row is one replay of each flow, with
// the row's values as those variables.
type Data struct {
	// Path is the file as given.
	Path string
	// Columns are the header's names, in order.
	Columns []string
	// Rows are the data rows, in order.
	Rows []report.Row
}

// DataError says what is wrong with a data file, and where.
type DataError struct {
	Path string
	// Line is 1-based; 0 when the problem is the whole file's.
	Line int
	Msg  string
}

func (e *DataError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.Path, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.Path, e.Msg)
}

// LoadData reads and checks the CSV file at path: comma separated, quoted
// as RFC 4180 says, a UTF-8 byte order mark allowed. The first row names
// the variables (letters, digits and underscores, each once); every other
// row has as many fields, and there is at least one. Blank lines are
// skipped. Any problem is a *DataError naming the file and the line.
func LoadData(path string) (*Data, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, &DataError{Path: path, Msg: fmt.Sprintf("cannot read: %v", err)}
	}
	defer fh.Close()
	b, err := io.ReadAll(io.LimitReader(fh, MaxDataSize+1))
	if err != nil {
		return nil, &DataError{Path: path, Msg: fmt.Sprintf("cannot read: %v", err)}
	}
	if len(b) > MaxDataSize {
		return nil, &DataError{Path: path, Msg: fmt.Sprintf("larger than %d bytes", MaxDataSize)}
	}
	return ParseData(path, b)
}

// ParseData is LoadData on the bytes of a file; path names it in errors.
func ParseData(path string, b []byte) (*Data, error) {
	bad := func(line int, format string, args ...any) error {
		return &DataError{Path: path, Line: line, Msg: fmt.Sprintf(format, args...)}
	}
	b = bytes.TrimPrefix(b, []byte("\uFEFF"))
	if !utf8.Valid(b) {
		return nil, bad(0, "is not UTF-8 text")
	}
	r := csv.NewReader(bytes.NewReader(b))
	head, err := r.Read()
	if errors.Is(err, io.EOF) {
		return nil, bad(0, "is empty: the first row names the variables, each other row is one replay")
	}
	if err != nil {
		return nil, csvError(path, err)
	}
	headLine, _ := r.FieldPos(0)
	d := &Data{Path: path}
	seen := map[string]bool{}
	for i, name := range head {
		name = strings.TrimSpace(name)
		switch {
		case name == "":
			return nil, bad(headLine, "column %d of the header has no name", i+1)
		case !chain.ValidVarName(name):
			return nil, bad(headLine, "column %d: %q is not a variable name (letters, digits and underscores)", i+1, name)
		case seen[name]:
			return nil, bad(headLine, "column %d: %q names two columns", i+1, name)
		}
		seen[name] = true
		d.Columns = append(d.Columns, name)
	}
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if errors.Is(err, csv.ErrFieldCount) {
			line, _ := r.FieldPos(0)
			return nil, bad(line, "the row has %d fields, the header %d", len(rec), len(head))
		}
		if err != nil {
			return nil, csvError(path, err)
		}
		line, _ := r.FieldPos(0)
		row := report.Row{Index: len(d.Rows) + 1, Line: line, Vars: make(map[string]string, len(rec))}
		for i, v := range rec {
			row.Vars[d.Columns[i]] = v
		}
		d.Rows = append(d.Rows, row)
	}
	if len(d.Rows) == 0 {
		return nil, bad(headLine, "the header has no data row after it: each row below it is one replay")
	}
	return d, nil
}

// csvError turns encoding/csv's error into a DataError at its line.
func csvError(path string, err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return &DataError{Path: path, Line: pe.Line, Msg: pe.Err.Error()}
	}
	return &DataError{Path: path, Msg: err.Error()}
}

// Jobs returns each job once per row of d, rows in order within each job:
// flows x rows, in the flows' order. Sharding (Apply) slices that list.
func (d *Data) Jobs(jobs []Job) []Job {
	out := make([]Job, 0, len(jobs)*len(d.Rows))
	for _, j := range jobs {
		for i := range d.Rows {
			j.Row = &d.Rows[i]
			j.RowLabel = d.label(d.Rows[i])
			out = append(out, j)
		}
	}
	return out
}

// label is "row N: FIRST=VALUE", the first column's value clipped.
func (d *Data) label(r report.Row) string {
	v := r.Vars[d.Columns[0]]
	if rs := []rune(v); len(rs) > 30 {
		v = string(rs[:30]) + "…"
	}
	return fmt.Sprintf("row %d: %s=%s", r.Index, d.Columns[0], v)
}
