package chain

import (
	"os"
	"testing"
	"time"
)

// FuzzParse checks that the loader never panics or hangs, and that whatever
// it accepts survives a save and reload. Run it with a bounded minimizer, as
// scripts/fuzz.sh does: go test -run ^$ -fuzz FuzzParse -fuzzminimizetime 200x ./chain
func FuzzParse(f *testing.F) {
	seed, err := os.ReadFile("testdata/login.yaml")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(seed)
	f.Add([]byte(base + "  - action: click\n    target: {chain: [{type: coordinates, confidence: 0.6, metadata: {x: 1, y: 2}}]}\n"))
	f.Add([]byte("a: &a [*a, *a]\n"))
	f.Add([]byte("version: 1\nsteps: [{action: press, key: \"\\u0000\"}]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		done := make(chan struct{})
		go func() {
			defer close(done)
			fl, err := Parse("fuzz.yaml", data)
			if err != nil {
				return
			}
			out, err := Marshal(fl)
			if err != nil {
				t.Errorf("accepted flow does not marshal: %v", err)
				return
			}
			if _, err := Parse("fuzz.yaml", out); err != nil {
				t.Errorf("accepted flow does not reload: %v\n%s", err, out)
			}
		}()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("Parse hung for 5 s on %q", data)
		}
	})
}
