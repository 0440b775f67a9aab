// Package runner replays a suite of flow files the way CI needs it: it
// expands files and folders into the sorted flow list, loads and validates
// every flow (a Chrome DevTools Recorder recording is imported) before
// anything runs, keeps one shard of the list, replays the flows N at a
// time in one browser with one incognito browser context per flow (cookies
// and storage isolated), and collects a report.Run in list order.
//
// It owns the browser's lifetime during a run: when the browser dies, the
// flows it held fail with BROWSER_CRASHED and the run goes on in a fresh
// browser (relaunched, or reconnected for a ws:// endpoint). It takes the
// screenshots of the HTML report through replay.Options.AfterStep, straight
// into the report folder.
//
// It does not parse command lines, print, or write reports: progress goes to
// an Observer, and the caller writes the report.Run it returns. It does not
// know how a step is replayed: that is package replay.
package runner
