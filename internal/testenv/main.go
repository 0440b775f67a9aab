package testenv

import (
	"flag"
	"runtime"
	"strconv"
	"testing"
)

// RunWaiting runs m (for a package's TestMain) with up to twice
// GOMAXPROCS parallel tests unless -parallel is given. It suits packages
// whose parallel tests drive pages: a drive spends most of its time
// waiting for the page to settle (fixed stillness windows, a browser's
// frames), not on the CPU, so two drives a core keep a core busy where
// one left it waiting.
func RunWaiting(m *testing.M) int {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		flag.Set("test.parallel", strconv.Itoa(2*runtime.GOMAXPROCS(0))) //nolint:errcheck // a known flag, a valid value
	}
	return m.Run()
}
