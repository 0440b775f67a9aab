// Package recorder turns what a person does in Chromium into a flow: it
// listens to the page through an injected binding, captures each target's
// semantic, DOM and coordinate metadata through the DevTools protocol, builds
// its fallback chain and rewrites the flow file atomically after every step.
//
// It knows nothing of how flows are replayed.
package recorder
