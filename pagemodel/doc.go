// Package pagemodel is the engine's one model of a page: one page-script
// module (js/, concatenated in file order into one function) that computes
// every piece of page semantics (role, accessible name, label, visible
// text, test ids, visibility, region and neighbours), finds elements by
// every kind of locator, describes elements for the recorder and for
// verification, and walks the whole page for the snapshot. The recorder,
// every replay strategy, the snapshot and similarity all read the page
// through it, so a locator the recorder writes is matched at replay by the
// same code that counted it at record time.
//
// The module is installed once per JavaScript world, on first use, and
// kept on the world's global object. A World is the main world of one
// document reached through a DevTools session: the page's top document
// (with its same-origin frames and shadow trees, which page script reaches
// from it) is one; each cross-origin frame is another, in the page's
// session or, with site isolation, in a session attached to the frame's
// own target. Where page script cannot see, DevTools is asked through the
// same calls: closed shadow roots of custom elements (DOM.describeNode
// pierce, once per element, then kept where the module reads closed roots)
// and cross-origin frames (their document's world).
//
// Elements are named by Refs: a world and the element's number in that
// world's registry, stable for the document's life, so two strategies that
// find one element compare equal.
//
// It knows nothing of flows, chains, strategies or reports.
package pagemodel
