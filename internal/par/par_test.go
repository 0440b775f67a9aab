package par

import (
	"sync/atomic"
	"testing"
)

func TestDoRunsEveryFunctionAtOnce(t *testing.T) {
	var n atomic.Int32
	release := make(chan struct{})
	var started atomic.Int32
	fns := make([]func(), 4)
	for i := range fns {
		fns[i] = func() {
			// Every function waits for all to have started: run one
			// after another, this would never return.
			if started.Add(1) == int32(len(fns)) {
				close(release)
			}
			<-release
			n.Add(1)
		}
	}
	Do(fns...)
	if n.Load() != 4 {
		t.Fatalf("%d of 4 ran", n.Load())
	}
	Do() // nothing to run
}
