// Package progress prints how a replay run goes: on a terminal a
// progress bar over flows and steps with the current flow and an ETA;
// elsewhere (CI logs) plain lines, one per finished flow and per failed
// step, with no control characters; only the summary when quiet; every
// step and attempt when verbose.
//
// It implements runner.Observer and reads report types; it does not run
// flows, take screenshots or write report files.
package progress
