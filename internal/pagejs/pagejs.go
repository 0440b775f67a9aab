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

// ClosedRoots is a script for Page.addScriptToEvaluateOnNewDocument that
// keeps the closed shadow roots the page's scripts attach where page
// functions can find them (closedroots.js): in each frame's window, under
// Symbol.for(ClosedRootsKey), a WeakMap from host to root.
//
//go:embed closedroots.js
var ClosedRoots string

// ClosedRootsKey names the symbol ClosedRoots keeps its map under.
const ClosedRootsKey = "chainreplay.closedRoots"

// Region is a function declaration, function (el), that returns the
// region an element sits in (region.js), without its leading comment.
var Region = func() string {
	s := regionJS
	for strings.HasPrefix(s, "//") {
		_, s, _ = strings.Cut(s, "\n")
	}
	return strings.TrimSpace(s)
}()
