// Command replayer replays flow files in Chromium and reports each step.
// See INTERFACE.md.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "replayer: not built yet")
	os.Exit(2)
}
