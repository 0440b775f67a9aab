// Package replay is the Go API that replays a flow on a rod page and returns
// per-step results (report.Flow): the strategy that won, its confidence and
// every attempt. The replayer command and Ginkgo specs both call it; the
// matchers subpackage gives Gomega matchers over its results.
//
// It orchestrates decision (locate, decide, act) step by step; it does not
// parse command lines or write reports.
package replay
