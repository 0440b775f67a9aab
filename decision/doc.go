// Package decision evaluates a step's chain in confidence order, picks the
// element or refuses (a safe failure beats acting on the wrong element), and
// performs the step's action with DevTools input events.
//
// Locate runs the strategies (package strategies) in confidence order,
// coordinates last, over the page model (package pagemodel: the answers of
// every query strategy of the chain come from one page function), stopping
// early on a unique match that verifies against the fingerprint with high
// confidence; otherwise Weigh combines the results: strategies agreeing on one node
// raise its confidence, strong strategies that disagree make the step
// AMBIGUOUS unless the evidence clearly favours one, and a winner below the
// minimum confidence is LOW_CONFIDENCE. A
// weighed winner is vetted with the similarity score when the fingerprint
// holds the recorded surroundings: a decoy (reads like the target, stands
// among other neighbours) or a replacement (stands where the target stood,
// named otherwise) is set aside. Locate retries until the step's deadline
// while the target is not there yet.
//
// Actionable waits, for pointer actions, until the element is visible,
// enabled, has a stable box and is what the pointer hits at the click point
// (an overlay on top is reported, never clicked through). Execute performs
// every action of the flow model through Input.dispatchMouseEvent,
// Input.dispatchKeyEvent, Input.insertText and DOM calls; values reach page
// functions as Runtime.callFunctionOn arguments, never spliced into source.
//
// It orchestrates the strategies and the page; it does not read or write
// files, parse flows or build reports (errors carry report codes only).
package decision
