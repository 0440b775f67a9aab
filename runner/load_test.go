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
