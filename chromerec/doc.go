// Package chromerec converts between Chrome DevTools Recorder recordings
// (the JSON "UserFlow" of @puppeteer/replay's Schema.ts) and flows.
//
// Import turns a recording into a *chain.Flow. Each selector becomes one
// strategy that means what Puppeteer makes of it, in the order recorded
// (replay orders a chain by confidence): aria/Name is a role strategy of
// any role ("*|Name"), aria/Name[role="R"] one of role R ("R|Name"),
// text/T a text strategy that contains T, xpath/X an xpath strategy,
// pierce/CSS a css strategy (the page model's CSS looks into every open
// shadow root), #id an id, [name=..], [placeholder=..] and an attribute
// read as a test id (the recording's selectorAttribute and the defaults of
// internal/testid) their strategies, other CSS a css strategy. The parts of
// a multi-part selector before its last become the strategy's hosts
// (chain.Strategy.Hosts). The opening setViewport and navigate become the
// flow's viewport, device and start_url; every other step becomes a step:
// see the table in README.md ("Chrome DevTools Recorder"). A step's target
// page becomes Step.Page (an index into Flow.Pages), its frame index path
// frame path entries "frames[N]", its timeout Step.TimeoutMS, a navigation
// in its assertedEvents Step.Navigated.
//
// What the flow format has no key for is kept verbatim: a selector export
// would spell differently in the strategy's metadata (MetaSelector), a
// step's fields in Step.Chrome, the recording's in Flow.Chrome. Import
// warns about everything replay will not do as Puppeteer does (a custom
// step, a deviceType other than mouse, fields it does not read); it drops
// nothing. No coordinates strategy is made: a recording has no element box.
//
// Export turns a flow into a recording that @puppeteer/replay runs. For an
// imported flow it gives the recording back (Same compares two recordings
// with Chrome's defaults normalised); for a recorded one it writes a
// setViewport and a navigate to the start URL, then one or more steps per
// flow step, with selectors made from the chain (coordinates and
// similarity strategies have no Chrome equivalent and are left out with a
// warning). Actions Chrome's format cannot express (upload, drag) are an
// *Error naming the step; lossy mappings (check -> click, assert_text ->
// waitForElement) add a Warning.
//
// The package knows nothing of browsers, replay or the recorder: it is data
// in, data out.
package chromerec
