// Package report holds the results of a replay (run, flows, steps and the
// attempts of each strategy) and writes them for people and machines: the
// JSON report whose shape INTERFACE.md fixes, JUnit XML and HTML.
//
// It knows nothing of browsers or of how steps are replayed; the replayer
// fills these types in and the writers only read them.
package report
