package chain

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// writeFlows writes files (name -> YAML) under a new folder and returns it.
func writeFlows(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// flowYAML is a flow at start whose steps are the given YAML list items.
func flowYAML(start string, steps ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "version: 1\nstart_url: %s\nsteps:\n", start)
	if len(steps) == 0 {
		return strings.TrimSuffix(b.String(), "\n") + " []\n"
	}
	for _, s := range steps {
		b.WriteString("  - " + s + "\n")
	}
	return b.String()
}

const navStep = "{action: navigate, url: http://a.test/next}"

func TestLoadResolvesNestedIncludes(t *testing.T) {
	dir := writeFlows(t, map[string]string{
		"main.yaml":         flowYAML("http://a.test/", "include: common/login.yaml", navStep, "include: common/login.yaml"),
		"common/login.yaml": flowYAML("http://a.test/login", "include: base.yaml", "{action: press, key: Enter}"),
		"common/base.yaml":  flowYAML("http://a.test/base", navStep),
	})
	f, err := Load(filepath.Join(dir, "main.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	inc := f.Steps[0].Included
	if inc == nil || inc.Path != filepath.Join(dir, "common", "login.yaml") || inc.Flow.StartURL != "http://a.test/login" {
		t.Fatalf("first include resolved to %+v", inc)
	}
	var got []string
	for _, e := range Expand(f) {
		what := string(e.Step.Action)
		if e.Step.Include != "" {
			what = "include " + e.Step.Include
		}
		got = append(got, fmt.Sprintf("%s@%s/%d", what, e.From(), len(e.Flows)))
	}
	want := []string{
		"include common/login.yaml@/1",
		"include base.yaml@common/login.yaml#1/2",
		"navigate@common/base.yaml#1/3",
		"press@common/login.yaml#2/2",
		"navigate@/1",
		"include common/login.yaml@/1",
		"include base.yaml@common/login.yaml#1/2",
		"navigate@common/base.yaml#1/3",
		"press@common/login.yaml#2/2",
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("expanded\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Saving keeps the include step as written, and nothing of the
	// included flow.
	out := filepath.Join(dir, "saved.yaml")
	if err := Save(out, f); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(out)
	if !strings.Contains(string(b), "- include: common/login.yaml\n") || strings.Contains(string(b), "a.test/login") {
		t.Fatalf("saved:\n%s", b)
	}
}

func TestIncludeErrorsNameBothFiles(t *testing.T) {
	for name, tc := range map[string]struct {
		files map[string]string
		want  []string
	}{
		"a problem of the included file": {
			files: map[string]string{
				"main.yaml":  flowYAML("http://a.test/", navStep, "include: login.yaml"),
				"login.yaml": flowYAML("http://a.test/login", navStep, "{action: press, key: Entr}"),
			},
			want: []string{"main.yaml:5: steps[1].include: ", "login.yaml:5: steps[1].key: \"Entr\" is not a valid DOM key name"},
		},
		"a missing file": {
			files: map[string]string{"main.yaml": flowYAML("http://a.test/", "include: nowhere.yaml")},
			want:  []string{"main.yaml:4: steps[0].include: ", "nowhere.yaml: no such file"},
		},
		"a file that includes itself": {
			files: map[string]string{"main.yaml": flowYAML("http://a.test/", "include: main.yaml")},
			want:  []string{"main.yaml:4: steps[0].include: the flows include each other in a cycle: ", "main.yaml -> ", "main.yaml"},
		},
		"two files that include each other": {
			files: map[string]string{
				"main.yaml":  flowYAML("http://a.test/", "include: sub/b.yaml"),
				"sub/b.yaml": flowYAML("http://a.test/b", navStep, "include: ../main.yaml"),
			},
			want: []string{"main.yaml:4: steps[0].include: ", "b.yaml:5: steps[1].include: the flows include each other in a cycle: ", "main.yaml -> ", "b.yaml -> ", "main.yaml"},
		},
		"a second problem in a nested include": {
			files: map[string]string{
				"main.yaml": flowYAML("http://a.test/", "include: b.yaml"),
				"b.yaml":    flowYAML("http://a.test/b", "include: c.yaml"),
				"c.yaml":    "version: 1\nstart_url: nope\nsteps: []\n",
			},
			want: []string{"main.yaml:4: steps[0].include: ", "b.yaml:4: steps[0].include: ", "c.yaml:2: start_url: \"nope\" is not an absolute URL"},
		},
		"an include step with other keys": {
			files: map[string]string{"main.yaml": flowYAML("http://a.test/", "{include: b.yaml, action: click}")},
			want:  []string{"main.yaml:4: steps[0].include: a step that includes another flow holds no other key"},
		},
	} {
		t.Run(name, func(t *testing.T) {
			dir := writeFlows(t, tc.files)
			_, err := Load(filepath.Join(dir, "main.yaml"))
			var ve *ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("err = %v, want a *ValidationError", err)
			}
			msg := err.Error()
			at := 0
			for _, w := range tc.want {
				i := strings.Index(msg[at:], w)
				if i < 0 {
					t.Fatalf("error\n%s\ndoes not hold, in order, %q", msg, w)
				}
				at += i + len(w)
			}
		})
	}
}

func TestIncludeDepth(t *testing.T) {
	chainOf := func(n int) map[string]string {
		files := map[string]string{}
		for i := 0; i < n; i++ {
			files[fmt.Sprintf("f%d.yaml", i)] = flowYAML("http://a.test/", fmt.Sprintf("include: f%d.yaml", i+1))
		}
		files[fmt.Sprintf("f%d.yaml", n)] = flowYAML("http://a.test/", navStep)
		return files
	}
	dir := writeFlows(t, chainOf(MaxIncludeDepth))
	f, err := Load(filepath.Join(dir, "f0.yaml"))
	if err != nil {
		t.Fatalf("%d levels: %v", MaxIncludeDepth, err)
	}
	if got := len(Expand(f)); got != MaxIncludeDepth+1 {
		t.Fatalf("expanded to %d steps", got)
	}
	dir = writeFlows(t, chainOf(MaxIncludeDepth+1))
	_, err = Load(filepath.Join(dir, "f0.yaml"))
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("includes nest deeper than %d files", MaxIncludeDepth)) ||
		!strings.Contains(err.Error(), "f0.yaml -> ") {
		t.Fatalf("%d levels: err = %v", MaxIncludeDepth+1, err)
	}
}

func TestExpandLeavesAnUnresolvedIncludeAlone(t *testing.T) {
	f, err := Parse("main.yaml", []byte(flowYAML("http://a.test/", "include: login.yaml", navStep)))
	if err != nil {
		t.Fatal(err)
	}
	es := Expand(f)
	if len(es) != 2 || es[0].Step.Include != "login.yaml" || es[0].Step.Included != nil || es[1].From() != "" {
		t.Fatalf("expanded %+v", es)
	}
}
