package runner

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qa-chain/chainreplay/chain"
)

func TestLoadNamesFileLineAndField(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.yaml")
	bad := filepath.Join(dir, "sub", "bad.yaml")
	os.MkdirAll(filepath.Dir(bad), 0o755)
	os.WriteFile(good, []byte("version: 1\nname: g\nstart_url: http://127.0.0.1/\nsteps: []\n"), 0o644)
	os.WriteFile(bad, []byte("version: 1\nname: b\nstart_url: http://127.0.0.1/\nsteps:\n  - action: click\n    target:\n      chain:\n        - {type: id, value: x, confidence: 7}\n"), 0o644)

	jobs, err := Load([]string{good})
	if err != nil || len(jobs) != 1 || jobs[0].Flow.Name != "g" || jobs[0].Path != good {
		t.Fatalf("Load(good) = %+v, %v", jobs, err)
	}

	jobs, err = Load([]string{good, bad})
	if jobs != nil {
		t.Errorf("a failed load returns no jobs, got %d", len(jobs))
	}
	var le *LoadError
	if !errors.As(err, &le) || len(le.Errs) != 1 {
		t.Fatalf("Load: %v, want a *LoadError with one file", err)
	}
	var ve *chain.ValidationError
	if !errors.As(err, &ve) {
		t.Errorf("the chain.ValidationError is reachable with errors.As")
	}
	want := bad + ":8: steps[0].target.chain[0].confidence: "
	if !strings.HasPrefix(err.Error(), want) {
		t.Errorf("message %q\nshould start with %q (the path as given, line, field)", err, want)
	}
}

// A .json file is a Chrome DevTools Recorder recording, imported with its
// warnings and named after the file when it has no title; a flow written
// in JSON (it has a version key) is a flow; a recording that does not
// import names its file.
func TestLoadImportsAChromeRecording(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "checkout.json")
	os.WriteFile(rec, []byte(`{"steps": [{"type": "navigate", "url": "http://127.0.0.1/"},
		{"type": "click", "selectors": [["#buy"]], "offsetX": 1, "offsetY": 1, "deviceType": "pen"}]}`), 0o644)
	flow := filepath.Join(dir, "flow.json")
	os.WriteFile(flow, []byte(`{"version": 1, "name": "as json", "start_url": "http://127.0.0.1/", "steps": []}`), 0o644)
	jobs, err := Load([]string{rec, flow})
	if err != nil || len(jobs) != 2 {
		t.Fatalf("Load = %+v, %v", jobs, err)
	}
	if f := jobs[0].Flow; f.Name != "checkout" || f.StartURL != "http://127.0.0.1/" || len(f.Steps) != 1 || f.Steps[0].Action != chain.Click {
		t.Errorf("the recording imported as %+v", f)
	}
	if len(jobs[0].Warnings) == 0 || !strings.Contains(strings.Join(jobs[0].Warnings, "\n"), "pen") {
		t.Errorf("warnings %q, want the pen click's", jobs[0].Warnings)
	}
	if jobs[1].Flow.Name != "as json" || len(jobs[1].Warnings) != 0 {
		t.Errorf("the JSON flow loaded as %+v, %q", jobs[1].Flow, jobs[1].Warnings)
	}

	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"title": "t", "steps": [`), 0o644)
	if _, err := Load([]string{bad}); err == nil || !strings.HasPrefix(err.Error(), bad+": not a Chrome DevTools Recorder recording") {
		t.Errorf("Load(bad) = %v, want the file named and why", err)
	}
}
