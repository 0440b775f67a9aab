// Package browser finds, starts and connects to Chromium for the recorder,
// the replayer and the tests.
//
// It owns the rules of INTERFACE.md: the browser comes from the --browser
// flag, then $BROWSER_BIN, then the first of chromium, chromium-browser and
// google-chrome on PATH; a ws:// or wss:// value is a running browser's
// DevTools endpoint to connect to instead. It never downloads a browser: when
// none is found the error says how to install one.
//
// It knows nothing of flows, strategies or reports.
package browser
