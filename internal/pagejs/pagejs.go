// Package pagejs holds page functions that more than one package runs in
// the page, so that what the recorder writes and what replay compares it
// with come from the same source.
package pagejs

import (
	_ "embed"
	"strings"
)

//go:embed region.js
var regionJS string

// Region is a function declaration, function (el), that returns the
// region an element sits in (region.js), without its leading comment.
var Region = func() string {
	s := regionJS
	for strings.HasPrefix(s, "//") {
		_, s, _ = strings.Cut(s, "\n")
	}
	return strings.TrimSpace(s)
}()
