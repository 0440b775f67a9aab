// Package selfcheck holds the recorder's self-consistency test: every
// fixture page and app is recorded by its drive script, and each strategy
// the recorder wrote is evaluated alone on the unchanged page, where it
// must find the element the whole chain decides on and win with it.
//
// It has no code of its own. It is a package apart from recorder so that
// `go test ./...` runs this long, browser-bound test beside the recorder's
// other tests rather than after them.
package selfcheck
