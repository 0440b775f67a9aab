// Command recorder records what a person (or a --drive script) does in
// Chromium into a flow file of fallback chains. See INTERFACE.md.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "recorder: not built yet")
	os.Exit(2)
}
