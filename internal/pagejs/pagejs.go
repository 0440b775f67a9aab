// Package pagejs holds the script replay (and the snapshot command) runs
// in every frame before the page's own: it keeps the closed shadow roots
// the page's scripts attach where the page model (package pagemodel) can
// walk into them.
package pagejs

import _ "embed"

// ClosedRoots is a script for Page.addScriptToEvaluateOnNewDocument that
// keeps the closed shadow roots the page's scripts attach where page
// functions can find them (closedroots.js): in each frame's window, under
// Symbol.for(ClosedRootsKey), a WeakMap from host to root.
//
//go:embed closedroots.js
var ClosedRoots string

// ClosedRootsKey names the symbol ClosedRoots keeps its map under.
const ClosedRootsKey = "chainreplay.closedRoots"
