// Package strategies evaluates one strategy of a chain on a live page: each
// evaluator says whether it found the element, how many matched, where to
// act and with what confidence, after verifying the element against the
// step's fingerprint.
//
// An Evaluator handles one chain.StrategyType and registers itself with
// Register from its own file (testid.go, css.go, coordinates.go ...); adding a
// strategy type is adding one file. Evaluators read the page through an Env:
// one DevTools DOM tree per locate round (DOM.getDocument with pierce, so
// same-process iframes, same- and cross-origin, and open and closed shadow
// roots are all inside it; out-of-process iframes are read through sessions
// attached to their targets and hung under their <iframe> elements, see
// Frame, Caller and FrameOffset), scoped by the target's frame path when that
// still resolves and the whole page otherwise. Most evaluators only pick candidate
// nodes and hand them to Env.Conclude, which measures boxes, verifies each
// candidate against the fingerprint (Verify) and turns the recorded
// confidence into an evidence-adjusted one (Adjust). Probe is the shortcut
// for the first strategy of a chain: a test id, id, name or CSS strategy is
// run by page script on the top document, and only the slice of the DOM
// around its match is read, when the page holds nothing (frames, shadow
// roots) that could make the whole tree count otherwise.
//
// SkipTree is the shortcut for a round that can only heal: when page script
// counts no match for any strategy before similarity, the round goes without
// the tree (treeless.go): those strategies report nothing found, similarity
// ranks the page snapshot's candidates (package snapshot) and the
// coordinates look up the element at the point alone, each element taken
// read as a slice of the DOM like the probe's. Whatever needs more (an
// element in a frame or a shadow tree) sets Env.NeedsTree, and the round is
// evaluated on the tree.
//
// It knows nothing of YAML files, flows, reports or of acting on the page:
// it receives a strategy and a target and reads the page through rod's typed
// DevTools calls. The only page state it changes is the scroll position, when
// the coordinates strategy must bring a recorded point into view (seed 000).
package strategies
