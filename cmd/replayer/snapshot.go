package main

import (
	"fmt"
	"os"
)

// runSnapshot implements `replayer snapshot URL [--json]`.
//
// Temporary stub written by the runner's author so that the command
// builds: the snapshot colleague overwrites this file with the real one.
func runSnapshot(args []string) int {
	fmt.Fprintln(os.Stderr, "replayer snapshot: not implemented yet")
	return 2
}
