package runner

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/go-rod/rod"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/replay"
	"github.com/qa-chain/chainreplay/report"
)

func TestParseData(t *testing.T) {
	d, err := ParseData("rows.csv", []byte("\uFEFFuser, password\nada,\"a, \"\"quoted\"\" one\"\n\nbob,\"two\nlines\"\ncy,\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(d.Columns, []string{"user", "password"}) {
		t.Fatalf("columns %q", d.Columns)
	}
	want := []report.Row{
		{Index: 1, Line: 2, Vars: map[string]string{"user": "ada", "password": `a, "quoted" one`}},
		{Index: 2, Line: 4, Vars: map[string]string{"user": "bob", "password": "two\nlines"}},
		{Index: 3, Line: 6, Vars: map[string]string{"user": "cy", "password": ""}},
	}
	if !reflect.DeepEqual(d.Rows, want) {
		t.Fatalf("rows\n%+v\nwant\n%+v", d.Rows, want)
	}
}

func TestParseDataRefusesBadFiles(t *testing.T) {
	for name, tc := range map[string]struct{ csv, want string }{
		"empty":             {"", "rows.csv: is empty"},
		"only a header":     {"user,password\n", "rows.csv:1: the header has no data row"},
		"only blank lines":  {"\n\n", "rows.csv: is empty"},
		"ragged row":        {"user,password\nada,x\nbob\n", "rows.csv:3: the row has 1 fields, the header 2"},
		"long row":          {"a\n1\n2,3\n", "rows.csv:3: the row has 2 fields, the header 1"},
		"empty header name": {"user,,password\nada,x,y\n", "rows.csv:1: column 2 of the header has no name"},
		"duplicate name":    {"user,pw,user\na,b,c\n", `rows.csv:1: column 3: "user" names two columns`},
		"invalid name":      {"user name\nada\n", `rows.csv:1: column 1: "user name" is not a variable name`},
		"bad quote":         {"a,b\n1,\"x\n", "rows.csv:2: "},
		"bad quote later":   {"a,b\n1,2\n3,x\"y\n", "rows.csv:3: "},
		"not UTF-8":         {"a\n\xff\n", "rows.csv: is not UTF-8"},
	} {
		_, err := ParseData("rows.csv", []byte(tc.csv))
		var de *DataError
		if !errors.As(err, &de) || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q...", name, err, tc.want)
		}
	}
}

func TestDataJobsAreFlowsTimesRows(t *testing.T) {
	d, err := ParseData("rows.csv", []byte("user,pw\nada,1\nbob,2\ncy,3\n"))
	if err != nil {
		t.Fatal(err)
	}
	jobs := d.Jobs(jobsNamed("a", "b"))
	var got []string
	for _, j := range jobs {
		got = append(got, j.Name()+" "+j.Label())
	}
	want := []string{
		"a [row 1: user=ada] a.yaml [row 1]", "a [row 2: user=bob] a.yaml [row 2]", "a [row 3: user=cy] a.yaml [row 3]",
		"b [row 1: user=ada] b.yaml [row 1]", "b [row 2: user=bob] b.yaml [row 2]", "b [row 3: user=cy] b.yaml [row 3]",
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("jobs\n%s", strings.Join(got, "\n"))
	}
	// A shard slices flows x rows.
	var shard []string
	for _, j := range Apply(Shard{Index: 2, Count: 3}, jobs) {
		shard = append(shard, j.Label())
	}
	if !reflect.DeepEqual(shard, []string{"a.yaml [row 3]", "b.yaml [row 1]"}) {
		t.Fatalf("shard 2/3: %q", shard)
	}
}

// Each row's replay gets the row's values over the run's variables, and
// its result carries the row and its name.
func TestRunPassesRowVars(t *testing.T) {
	d, err := ParseData("rows.csv", []byte("USER,PW\nada,1\nbob,2\n"))
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	seen := map[string]string{}
	fn := func(ctx context.Context, page *rod.Page, f *chain.Flow, opts replay.Options) report.Flow {
		mu.Lock()
		seen[opts.Vars["USER"]] = fmt.Sprintf("%s/%s/%s", opts.Vars["PW"], opts.Vars["SITE"], opts.Vars["USER"])
		mu.Unlock()
		return passed(f, page, opts)
	}
	run, err := Run(context.Background(), d.Jobs(jobsNamed("login")), Options{Parallel: 2, ReplayFunc: fn,
		Replay: replay.Options{Vars: map[string]string{"SITE": "s", "USER": "overridden"}}})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(seen, map[string]string{"ada": "1/s/ada", "bob": "2/s/bob"}) {
		t.Fatalf("vars seen %v", seen)
	}
	if len(run.Flows) != 2 || run.Flows[1].Name != "login [row 2: USER=bob]" ||
		run.Flows[1].Row == nil || run.Flows[1].Row.Index != 2 || run.Flows[1].Row.Vars["PW"] != "2" {
		t.Fatalf("results %+v", run.Flows)
	}
}
