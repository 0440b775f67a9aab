package selfcheck

import (
	"os"
	"testing"

	"github.com/qa-chain/chainreplay/internal/testenv"
)

// TestMain runs twice GOMAXPROCS apps at a time (testenv.RunWaiting): the
// test, alone on a 2-core machine, took 134 s with its apps one after
// another, 79 s with two at a time and 68 s with four (2026-11-26).
func TestMain(m *testing.M) { os.Exit(testenv.RunWaiting(m)) }
