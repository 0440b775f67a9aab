// Package chromerec converts between Chrome DevTools Recorder recordings
// (the JSON "UserFlow" of @puppeteer/replay's Schema.ts) and flows.
//
// Import turns a recording into a *chain.Flow: every alternative of a
// step's selectors becomes a strategy of the target's chain (aria/ -> role
// or label/text, #id -> id, [data-testid] -> testid, other CSS -> css,
// xpath/ -> xpath, pierce/ -> css, text/ -> text) with a confidence that
// reflects how well that kind of locator survives page changes; offsets go
// to Step.Offset; frame index paths to Target.FramePath; shadow-piercing
// selector arrays to Target.ShadowPath; a navigation in assertedEvents to
// Step.Navigated. No coordinates strategy is made: a recording has no
// element box, and coordinates are never invented. Steps that a flow cannot
// hold (waitForExpression, close, customStep, emulateNetworkConditions, a
// second setViewport) are skipped with a Warning naming the step; an
// unknown step type is an *Error naming the step.
//
// Export turns a flow into a recording that @puppeteer/replay runs: a
// setViewport and a navigate to the start URL, then one or more steps per
// flow step, with selectors made from the chain (coordinates and similarity
// strategies have no Chrome equivalent and are left out). Actions Chrome's
// format cannot express (upload, drag) are an *Error naming the step; lossy
// mappings (check -> click, assert_text -> waitForElement) add a Warning.
//
// The package knows nothing of browsers, replay or the recorder: it is data
// in, data out.
package chromerec
