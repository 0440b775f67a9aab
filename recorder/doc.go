// Package recorder turns what a person (or a --drive script) does in Chromium
// into a flow whose every step carries a fallback chain.
//
// # How it listens
//
// A small script (inject.js) runs in the main world of every frame before
// the page's own scripts (Page.addScriptToEvaluateOnNewDocument), in the
// page's session and in the session of every out-of-process iframe
// (Target.setAutoAttach with flatten, resumed with
// Runtime.runIfWaitingForDebugger). It listens in the capture phase to
// trusted events only, takes the target from composedPath(), wraps
// attachShadow so closed shadow roots get the same listeners, and reports
// each event through the Runtime binding BindingName with a few attribute
// reads: well under 1 ms of the page's main thread per event (see the
// benchmarks). The recorder learns of an action only through these reports
// and the Page domain's navigation events.
//
// # What it captures
//
// For each target, in one pass of concurrent DevTools calls (Capture): the
// page model's description (pagemodel.Describe, one Runtime.callFunctionOn:
// tag, id, name, type, classes with generated-looking ones flagged, href,
// value except secrets, visible text, label, placeholder, title, alt,
// aria-label, test ids, role and accessible name, a short CSS selector
// unique in its tree, an XPath unique in its document, sibling index,
// neighbour texts, shadow path, box, the repeated item it is in named by
// the item's own words (a row by its text, an operation by its toggle; for
// any control of an item, alone of its name or not) or the section a
// heading names (for a name every section repeats), the names of its
// counterparts in the other items of a repeated group, and how many
// elements of the frame every locator matches); DOM.getFrameOwner for the
// frame path and the frame's offset; and Page.getLayoutMetrics for the
// viewport and scroll. The description starts
// at mousedown so it is ready before a click re-renders or navigates.
//
// # Steps
//
// A click (button, modifiers, click count) is a click step, or check /
// uncheck on a checkbox or radio; a double click replaces its first click by
// one dblclick step. Keystrokes into one field coalesce into one type step
// holding the final value (a click that only focused the field is folded
// into it). Enter, Tab, Escape, arrows, and keys with Control, Alt or Meta
// are press steps. A <select>'s change is a select step with value and
// label; a file input's change an upload step. Scrolls that follow a wheel,
// touch or scrolling key are debounced into scroll steps (window or inner
// scroller). A top-level navigation that a step asked for within 2 s is set
// on that step (Step.Navigated), a same-document route change within 1.5 s
// likewise with same_document; any other is a navigate step, and so is
// the page's own refresh (a meta refresh, a Refresh header), which comes
// on its timer whatever a person does. A frame's navigation asked for,
// within the same times, by a step on an element of that frame is set on
// the step likewise (replay checks it in the step's frame); any other
// navigation of a frame is no step.
//
// Password fields, autocomplete current-password / new-password /
// one-time-code / cc-number / cc-csc fields, fields with a data-secret
// attribute, and a password field a "show" button made a text field are
// secrets (the page model's one rule): their value never leaves the page,
// neither as typed nor as a neighbour or an effect; the type step
// holds ${secret:NAME} (NAME from the field's name, id or label) and the
// recorder says to export NAME before replaying. Another value typed in a
// field of that name (a wrong password, then the right one) is NAME_2:
// the page sends a short hash of each value, never the value.
//
// # The chain and its confidences
//
// Every signal that identifies the element becomes a strategy, checked at
// record time against the whole frame (shadow trees included). A strategy
// that matched several elements keeps an nth (1-based, tree order, shadow
// trees in place) and its confidence times NonUniqueFactor (0.8), never below
// NonUniqueFloor (0.63); one whose uniqueness could not be checked gets
// UnknownFactor (0.85); one that does not find the target is dropped. The
// chain is ordered by confidence; similarity (the fingerprint, for healing)
// and coordinates come last.
//
//	signal            strategy                 base   why
//	test id           testid (data-testid),     0.97   written for tests, survives redesigns;
//	                  css [data-test=...] etc.         Playwright ranks it first
//	role + name       role "button|Sign in"     0.92   what users and assistive tech see;
//	                                                   Playwright's second
//	placeholder       placeholder               0.88   Playwright's third; visible, rarely reused
//	label             label (or aria-label)     0.87   Playwright's fourth; tied to form semantics
//	alt               css [alt="..."]           0.84   fifth; images and image buttons
//	text              text (exact, whitespace   0.82   sixth; changes with copy edits and
//	                  collapsed)                       repeats across a page
//	title             css [title="..."]         0.78   seventh; often absent or generic
//	id                id                        0.76   Playwright's "CSS id": stable when
//	                                                   hand-written; generated ids are skipped
//	name              name                      0.74   form field names, usually stable
//	CSS               css (short, unique)       0.72   structure-bound; 0.67 when positional
//	XPath             xpath (unique)            0.70   attribute-anchored; 0.64 when positional
//	fingerprint       similarity                0.62   healing by weighted attributes
//	point             coordinates               0.60   seed 000: last resort, always last
//	                                                   (none for a key pressed in the field just
//	                                                   typed into: its place is from before the typing)
//
// The numbers keep Playwright's order and leave a gap above 0.60 so that a
// non-unique strategy (floored at 0.63) still ranks above coordinates.
//
// # Driving
//
// Driver performs --drive lines as real input through the Input domain at
// each element's on-screen centre (scrolled into view first when it is not
// visible or not hit at its centre). It never tells the recorder what it
// did: after each line it waits, through Recorder.Sync (a mark the page
// reports after everything before it), until the page's own reports have
// been handled, and for a load the line started. It holds the mouse button
// down until the recorder has described the pressed element, as a person's
// click is slow enough to allow. A <select> is driven with the arrow keys.
//
// # Limits
//
// Closed shadow roots made by declarative shadow DOM (not attachShadow) are
// seen only at their host. Tabs and popups the page opens, drags and hovers
// are not recorded. Upload steps hold file names, not paths.
//
// It knows nothing of how flows are replayed: it writes chain.Flow through
// chain.Save after every change, and nothing else.
package recorder
