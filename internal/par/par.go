// Package par runs independent calls at once: several DevTools commands
// that do not depend on each other then cost one round trip instead of one
// each. It knows nothing of browsers.
package par

import "sync"

// Do runs fns at once (the first on the calling goroutine) and returns
// when all have. It does nothing without fns.
func Do(fns ...func()) {
	if len(fns) == 0 {
		return
	}
	var wg sync.WaitGroup
	wg.Add(len(fns) - 1)
	for _, f := range fns[1:] {
		go func() {
			defer wg.Done()
			f()
		}()
	}
	fns[0]()
	wg.Wait()
}
