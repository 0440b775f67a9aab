// Package snapshot builds the hybrid page snapshot of seeds 003 and 004: the
// page's elements, through iframes and shadow roots, with their
// accessibility role and name, their tier (1 semantic, 2 interactive by
// heuristics, 3 structural), box and whether they are in the viewport, under
// ids "node_N" stable within one snapshot, with maps both ways to DevTools
// backend node ids.
//
// Similarity healing scores its interactive nodes, described in the
// recorder's terms by similarity.FromNode (absolute XPath, neighbour
// texts), and Describe reads the finalists again as the page model
// describes an element (region, exact boxes), in one page function per
// world; `replayer snapshot` prints it (WriteTree).
//
// # How a capture works
//
// The walk is the page model's (package pagemodel, js/80_walk.js): the
// same module that computes roles, names and texts for the recorder and
// every strategy, so a node's role and name are the ones a role strategy
// matches. Capture makes one call of it in the world of the page's top
// document; the model is left on the world's global object and reused by
// later captures: V8 keeps a function's type feedback and optimized code
// with it, so a walker evaluated anew each time would start cold every
// time. It walks the document in flat-tree order: open
// shadow roots (slotted children at their slots) and same-origin iframes
// in place. For each element it computes the role (WAI-ARIA 1.2 with the
// HTML-AAM mapping as Chromium applies it) and, for kept ones, the
// accessible name (accname 1.2: aria-labelledby, aria-label, label[for] and
// wrapping labels through one label map per tree scope, alt, value,
// legend/caption/figcaption, name from content for the roles that allow
// it, title, placeholder). An element's attribute names are read once
// (getAttributeNames) and only the values of those present are asked for.
// The result comes back in a compact form (decode.go): a little JSON for
// the page facts, then the nodes as base64 VLQ integers, then every
// distinct string once. Boxes are differences from the previous node's,
// an XPath is a step from an ancestor's entry, and neighbour texts are
// references to the heading and row nodes, so a 10k element page answers
// in about 0.3 MB instead of 1.6 MB of JSON objects. Bytes cost on this
// path: Chromium spends about 15 ns on each on the page's main thread to
// send a string, so the answer is as small as it can be made. A large
// answer comes in chunks of 1024 nodes: the walk's reply holds the first,
// Go asks for the others at once (and, when the page's last answer had
// several, right behind the walk's request) and decodes each while the
// page encodes and sends the next. Go reads the replies' bytes raw and
// decodes them by hand, never through rod's proto types or reflection.
// specAgreementWithChromium checks role and name of every visible tier-1
// node against Accessibility.getFullAXTree.
//
// Layout queries cost about 1-2 µs each in this Chromium whatever the page,
// so the walk makes as few as it can: one getBoundingClientRect per kept
// node, all asked one after the other once the walk is done (2 to 4 ms
// less of a 10k-element page's 40 than asking each amid the attribute and
// text reads), and checkVisibility only where a node with a box can still
// be hidden. The style sheets of each tree scope are read once; the elements
// their visibility and content-visibility rules match (querySelectorAll),
// inline styles, closed <details>, hidden=until-found and hosts of possible
// closed shadow roots start subtrees that are asked; a scope whose sheets
// cannot be analysed (cross-origin, nested or :host rules, animations of
// visibility) is asked everywhere. specVisibleAgreesWithCheckVisibility
// compares every node with the page's own answer. The same scan finds the
// elements that rules setting cursor match: the computed cursor (a style
// query that makes a classed element interactive when it is a pointer) is
// asked only under them, under an inline style that sets cursor, in links
// and in scopes the scan cannot analyse (specPointerAgreesWithComputedStyle).
//
// What page script cannot reach is found cheaply by the same walk and only
// then asked of DevTools, through the page model: custom elements without
// an open shadow root are the candidates for closed roots (asked once
// each: pagemodel.Page.ClosedRoots); a closed root found is put where the
// model reads closed roots, and the document is walked again with it in
// place. A page that runs the replay's ClosedRoots script (internal/pagejs)
// keeps the closed roots its scripts attach, on any element, where the
// walk reads them directly. Iframes whose document is unreadable are
// cross-origin: walked in the main world of their document, in the page's
// session or (site isolation) in a session attached to the frame's own
// target (pagemodel.Page.FrameWorld).
//
// # Flattening
//
// Tier-1 and tier-2 elements are kept, as are iframes and structural
// elements with their own text (not inside a control whose name comes from
// its content). Everything else is dropped and its children are hoisted:
// a node's Parent is its nearest kept ancestor. Options.AllTiers keeps all.
//
// # Backend node ids
//
// Asking DevTools for every node's backend id costs a round trip per node
// (or DOM.getDocument for the whole page, 220 ms at 10k elements), so ids
// are resolved lazily: the walk keeps its kept elements in an array of its
// JavaScript world, and Resolve fetches one by index and describes it (two
// round trips, ~1 ms). NodeForBackendID goes the other way with
// DOM.resolveNode and the element's index in that array. A newer capture in
// the same world replaces the array; resolving an old snapshot's node then
// fails with ErrStale rather than reaching another element.
//
// # Freshness
//
// A Service keeps one snapshot per page: fresh for MaxAge (30 s), dropped by
// Invalidate (after every action) and on DOM.documentUpdated.
//
// It knows nothing of flows, chains, strategies or reports: it reads pages
// through the page model and answers queries.
package snapshot
