package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/chromerec"
)

func runConv(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := convert(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestConvertBothWays(t *testing.T) {
	dir := t.TempDir()
	flow := filepath.Join(dir, "checkout.yaml")
	code, _, stderr := runConv("../../chromerec/testdata/checkout.json", flow)
	if code != 0 {
		t.Fatalf("json -> yaml: exit %d: %s", code, stderr)
	}
	if strings.Contains(stderr, "skipped") || strings.Contains(stderr, "dropped") {
		t.Errorf("a step was left out: %s", stderr)
	}
	f, err := chain.Load(flow)
	if err != nil {
		t.Fatalf("the written flow does not load: %v", err)
	}
	if f.StartURL != "http://127.0.0.1:8080/apps/checkout/" || len(f.Steps) != 17 {
		t.Errorf("flow %s with %d steps", f.StartURL, len(f.Steps))
	}
	rec := filepath.Join(dir, "back.json")
	if code, _, stderr := runConv(flow, rec); code != 0 {
		t.Fatalf("yaml -> json: exit %d: %s", code, stderr)
	}
	data, _ := os.ReadFile(rec)
	orig, _ := os.ReadFile("../../chromerec/testdata/checkout.json")
	if same, diff, err := chromerec.Same(orig, data); err != nil || !same {
		t.Errorf("json -> yaml -> json is not the recording: %s %v", diff, err)
	}
	f2, _, err := chromerec.Import(data)
	if err != nil {
		t.Fatalf("the written recording does not import: %v", err)
	}
	if len(f2.Steps) != len(f.Steps) {
		t.Errorf("round trip: %d steps, want %d", len(f2.Steps), len(f.Steps))
	}
}

func TestConvertBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"title": "x", "steps": [{"type": "navigate", "url": "http://a/"}, {"type": "teleport"}]}`), 0o644)
	badYAML := filepath.Join(dir, "bad.yaml")
	os.WriteFile(badYAML, []byte("version: 1\nname: x\nstart_url: http://a/\nsteps:\n  - action: fly\n"), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{bad, filepath.Join(dir, "o.yaml")}, `step 2 (teleport): unknown step type "teleport"`},
		{[]string{badYAML, filepath.Join(dir, "o.json")}, `bad.yaml:5: steps[0].action`},
		{[]string{filepath.Join(dir, "missing.json"), filepath.Join(dir, "o.yaml")}, "missing.json"},
		{[]string{bad, filepath.Join(dir, "o.txt")}, `unknown extension ".txt"`},
		{[]string{bad, filepath.Join(dir, "o.json")}, "both json"},
		{[]string{bad}, "want IN and OUT"},
	} {
		code, _, stderr := runConv(tc.args...)
		if code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("convert %v: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr, tc.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "o.yaml")); err == nil {
		t.Errorf("a failed conversion wrote its output")
	}
}

// Chrome's format has no includes: an included flow's steps are written in
// place, after a navigate to its start URL.
func TestConvertInlinesIncludes(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("login.yaml", "version: 1\nstart_url: http://a.test/login\nsteps:\n  - {action: press, key: Enter}\n")
	main := write("main.yaml", "version: 1\nstart_url: http://a.test/\nsteps:\n  - include: login.yaml\n  - {action: press, key: Tab}\n")
	out := filepath.Join(dir, "main.json")
	if code, _, stderr := runConv(main, out); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	b, _ := os.ReadFile(out)
	rec := string(b)
	at := 0
	for _, want := range []string{`"url": "http://a.test/"`, `"url": "http://a.test/login"`, `"key": "Enter"`, `"key": "Tab"`} {
		i := strings.Index(rec[at:], want)
		if i < 0 {
			t.Fatalf("%s lacks, in order, %s", rec, want)
		}
		at += i + len(want)
	}
}
