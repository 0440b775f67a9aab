package chain

import (
	"strings"
	"time"

	"github.com/qa-chain/chainreplay/internal/aria"
)

// Version is the flow format version this package reads and writes.
const Version = 1

// MaxFileSize is the largest flow file Load accepts, checked before parsing.
const MaxFileSize = 10 << 20

// MaxTextLen is the longest text a step may type or assert (seed 002).
const MaxTextLen = 10000

// Flow is one recorded test.
type Flow struct {
	Version int    `yaml:"version"`
	Name    string `yaml:"name"`
	// StartURL is the page the flow starts on. A flow may have none (a
	// Chrome recording without a navigate step): then replay starts on
	// the page it is given (replayer --url) or fails saying so.
	StartURL string `yaml:"start_url,omitempty"`
	// RecordedAt is when the recording started.
	RecordedAt time.Time `yaml:"recorded_at,omitempty"`
	// Viewport is the page viewport at record time, in CSS pixels.
	Viewport *Size `yaml:"viewport,omitempty"`
	// UserAgent is the browser's user agent at record time.
	UserAgent string `yaml:"user_agent,omitempty"`
	// DeviceScaleFactor is window.devicePixelRatio at record time.
	DeviceScaleFactor float64 `yaml:"device_scale_factor,omitempty"`
	// Device is the device emulated with the viewport (a phone: mobile
	// and touch); nil is a desktop.
	Device *Device `yaml:"device,omitempty"`
	// TimeoutMS is how long each step may wait unless it says otherwise
	// (Step.TimeoutMS); 0 leaves it to replay (replayer --timeout).
	TimeoutMS int `yaml:"timeout_ms,omitempty"`
	// TestIDAttrs are the application's own test id attributes
	// (data-automation-id, ...), read as test ids before the default ones
	// by the recorder, replay, similarity and the snapshot.
	TestIDAttrs []string `yaml:"testid_attrs,omitempty"`
	// Pages are the pages (tabs, popups) the flow acts in; see Page.
	Pages []Page `yaml:"pages,omitempty"`
	// Chrome holds, verbatim, what a Chrome DevTools Recorder recording
	// said of itself that the flow format has no key for (see package
	// chromerec): export writes it back.
	Chrome map[string]any `yaml:"chrome,omitempty"`
	Steps  []Step         `yaml:"steps"`
}

// Step is one action of a flow.
type Step struct {
	// Include names another flow file, relative to this one's, replayed
	// in place of this step; a step with Include holds no other key.
	Include string `yaml:"include,omitempty"`
	// Included is the flow Include names, as Load read it (see
	// IncludedFlow); nil before Load resolves it, and never saved.
	Included *IncludedFlow `yaml:"-"`
	Action   Action        `yaml:"action,omitempty"`
	// Comment is free text for people; replay ignores it.
	Comment string `yaml:"comment,omitempty"`
	// Target is the element the action applies to; nil for page-level
	// actions (navigate, assert_url, scroll of the window, press without focus target).
	Target *Target `yaml:"target,omitempty"`

	// Text is what type enters (a trailing "\n" presses Enter) and what
	// assert_text / assert_value expect. It may hold ${secret:NAME}.
	Text string `yaml:"text,omitempty"`
	// Key is a DOM key value for press ("Enter", "a", "ArrowDown").
	Key string `yaml:"key,omitempty"`
	// Modifiers held during a press or click: Alt, Control, Meta, Shift.
	Modifiers []string `yaml:"modifiers,omitempty"`
	// Page is the page the step acts in: an index into Flow.Pages, 0 (the
	// default) the page the flow starts in.
	Page int `yaml:"page,omitempty"`
	// Button is the mouse button of a click: left (default), right,
	// middle, back, forward.
	Button string `yaml:"button,omitempty"`
	// DurationMS is how long a click holds the button down (a long
	// press); 0 releases it at once.
	DurationMS int `yaml:"duration_ms,omitempty"`
	// Value is the <option> value chosen by select.
	Value string `yaml:"value,omitempty"`
	// Label is the visible text of the chosen <option>, a fallback for Value.
	Label string `yaml:"label,omitempty"`
	// Files are the paths an upload sets on a file input.
	Files []string `yaml:"files,omitempty"`
	// URL is where navigate goes and what assert_url expects.
	URL string `yaml:"url,omitempty"`
	// DeltaX and DeltaY are the scroll amounts in CSS pixels.
	DeltaX float64 `yaml:"delta_x,omitempty"`
	DeltaY float64 `yaml:"delta_y,omitempty"`
	// To, for a scroll, is the scroll position (CSS pixels) to scroll the
	// page, or the target element, to instead of a wheel by deltas (as
	// Chrome's recorder records a scroll).
	To *Point `yaml:"to,omitempty"`
	// Offset is the pointer position inside the target's box at record time.
	Offset *Point `yaml:"offset,omitempty"`
	// DropTarget is where drag releases the element.
	DropTarget *Target `yaml:"drop_target,omitempty"`
	// DropOffset is where in the drop target's box drag released the
	// element at record time; replay releases at its centre without it.
	DropOffset *Point `yaml:"drop_offset,omitempty"`
	// Navigated is set when, at record time, the step caused a navigation
	// or a same-document route change of its page, or of the frame its
	// target is in (FramePath); replay waits for it there.
	Navigated *Navigation `yaml:"navigated,omitempty"`
	// TimeoutMS overrides the replay timeout for this step.
	TimeoutMS int `yaml:"timeout_ms,omitempty"`
	// Effect is what the step did to the page at record time besides a
	// navigation (Navigated): replay passes the step only when an effect
	// of each kind recorded happens again.
	Effect *Effect `yaml:"effect,omitempty"`
	// JSDialogs are the JavaScript dialogs (alert, confirm, prompt,
	// beforeunload) the page opened during the step at record time, in
	// order, with the answer each was given: replay answers the same.
	JSDialogs []JSDialog `yaml:"js_dialogs,omitempty"`

	// Expect is what wait_element waits for (see Expect).
	Expect *Expect `yaml:"expect,omitempty"`
	// Expression is the JavaScript expression wait_expression evaluates
	// in the page (or the target's frame) until it is truthy.
	Expression string `yaml:"expression,omitempty"`
	// Network is the network emulate_network emulates.
	Network *Network `yaml:"network,omitempty"`
	// Viewport is the viewport set_viewport sets.
	Viewport *Viewport `yaml:"viewport,omitempty"`
	// Chrome holds, verbatim, what the Chrome DevTools Recorder step this
	// step was imported from said that the flow format has no key for (a
	// click's deviceType, a custom step's name and parameters): export
	// writes it back; replay reads none of it.
	Chrome map[string]any `yaml:"chrome,omitempty"`
}

// Effect is what a step did to the page at record time.
type Effect struct {
	// State names the properties of the target (or, for a <label>, its
	// control; for a control inside the item that holds its expanded,
	// selected or sort state, that item's: a tree row's chevron, a column
	// header's sort button) that changed: EffectStates.
	State []string `yaml:"state,omitempty"`
	// Became is what those properties became ("checked": "true";
	// aria-checked's "mixed" too; value only for a control no text is
	// typed into, a slider): at replay each must become it again, and
	// hold once the page settles. A click on a checkbox that
	// was already ticked unticks it, and an app that puts a toggle back
	// changed it too: neither is the step's effect.
	Became map[string]string `yaml:"became,omitempty"`
	// Content is set when elements were added to or removed from the page.
	Content bool `yaml:"content,omitempty"`
	// Removed is set when those elements were all removed, none added
	// but messages (a row deleted, with a toast saying so; a notice
	// dismissed): at replay elements must be removed; an element added
	// instead (a toast saying the delete was refused) is not the step's
	// effect.
	Removed bool `yaml:"removed,omitempty"`
	// Added is set when, of those elements, the step added some of its
	// own (a row, a menu, a panel): elements that say something (words, a
	// control), none of them a message (a toast in a live region or an
	// alert), a dialog's own, or the same as one removed where it was
	// added (a list drawn anew). At replay it must add such an element
	// again, and what it added must still read on the page once it
	// settles. An app that now fails the action and only says so in a
	// toast, or swaps a button's icon for a spinner meanwhile, or draws
	// the row and takes it back, changes the page too, but adds none.
	// Flows recorded before it was written leave it unset, and any
	// element added meets Content.
	Added bool `yaml:"added,omitempty"`
	// Texts is set when the step did nothing else it is checked for but
	// change texts in the page (a table sorted in place by patching its
	// cells, a counter).
	Texts bool `yaml:"texts,omitempty"`
	// Dialog is "opened" or "closed" when a dialog did.
	Dialog string `yaml:"dialog,omitempty"`
	// Shows is text the flow typed that the step put on the page (a cell
	// edit committed, a todo added): at replay an element the step added
	// or a text it changed must read it again, as words of their own
	// (case and white space aside). An app that rejects the entry (the old
	// value put back, a toast) changes the page too, but does not show it.
	// It is checked with the other kinds, never alone.
	Shows string `yaml:"shows,omitempty"`
	// Gone is the text of the element the step took off the page, of
	// its target's item or of one of the two steps before (a deleted
	// row), folded as Shows: at replay the page must read it fewer times
	// than before. An app that refuses the delete keeps the row, whatever
	// else it changes (a toast, the next page's row drawn in).
	Gone string `yaml:"gone,omitempty"`
	// Active is the item of a composite widget (a menu, a list box, a
	// radio group, a tab list, a tree, a grid) a key press moved to, as a
	// role strategy names it ("menuitem|Edit"): the element focused after
	// it, or the active descendant that one names. At replay the press
	// must make that item active again; where it makes another one active
	// (the items reordered, one inserted), the key is pressed again, or
	// its opposite, until that item is, and the step fails where the
	// widget no longer holds it, or where pressing again would choose the
	// items on the way (a radio group, tabs that select as they move).
	// The role is one of ItemRoles.
	Active string `yaml:"active,omitempty"`
	// Chose is set with Active where the press chose the item it moved
	// to within its widget (a radio group, a tab list that selects as its
	// keys move, a list box, a tree or a grid whose selection follows its
	// focus): at replay, from an item active then, the press is made only
	// where it is known to lead to that item: as the platform moves a
	// radio group; elsewhere where neither the move recorded (Moved) nor
	// the ARIA pattern of its widget, where it is sure of the widget, says
	// it leads elsewhere, and one of them says it leads there. A press that
	// led elsewhere would choose another item.
	Chose bool `yaml:"chose,omitempty"`
	// Moved is, with Chose, how many places on (negative: back) among
	// the widget's items, in their order, the press moved from the item
	// active before it (0 with MovedRows 0: none was, the press entered
	// the widget). In a grid it counts columns, and MovedRows rows down
	// (negative: up). For a bare Home or End it is the item's place from
	// the first (0, 1...) or the last item (0, -1...), of its row's cells
	// in a grid.
	Moved     int `yaml:"moved,omitempty"`
	MovedRows int `yaml:"moved_rows,omitempty"`
}

// ItemRoles are the roles of the items of a composite widget a key press
// moves through (Effect.Active): the page model's.
var ItemRoles = aria.ItemRoles

// TextEntry reports whether an input of type t (Fingerprint.Type, "" for
// none) takes typed text: text, email, search, tel, url, password, number.
func TextEntry(t string) bool {
	switch strings.ToLower(t) {
	case "", "text", "email", "search", "tel", "url", "password", "number":
		return true
	}
	return false
}

// FoldShows folds a text as Effect.Shows is compared with what a page
// shows (the page model folds what it seeks the same way): runs of white
// space to one space, trimmed, in lower case.
func FoldShows(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// JSDialog is a JavaScript dialog a step opened at record time and how it
// was answered.
type JSDialog struct {
	// Type is alert, confirm, prompt or beforeunload (JSDialogTypes).
	Type string `yaml:"type"`
	// Message is what the dialog said; empty matches any message. Replay
	// gives a recorded OK only to a confirm or prompt that says the same
	// (white space aside); an alert that reads otherwise is accepted with
	// a note.
	Message string `yaml:"message,omitempty"`
	// Accept is true for OK (leave, for beforeunload), false for Cancel.
	Accept bool `yaml:"accept"`
	// Text is what a prompt was answered; it may hold ${secret:NAME}.
	Text string `yaml:"text,omitempty"`
}

// Answer says how d was answered, as its buttons read: OK or Cancel, leave
// or stay for a beforeunload.
func (d JSDialog) Answer() string {
	switch {
	case d.Type == "beforeunload" && d.Accept:
		return "leave"
	case d.Type == "beforeunload":
		return "stay"
	case d.Accept:
		return "OK"
	}
	return "Cancel"
}

// JSDialogTypes are the types JSDialog.Type may name, as DevTools names
// them.
var JSDialogTypes = []string{"alert", "confirm", "prompt", "beforeunload"}

// EffectStates are the properties Effect.State may name.
var EffectStates = []string{"checked", "value", "selected", "expanded", "pressed", "open", "sort"}

// Empty reports whether e records nothing: no state, content, texts,
// dialog, nor words shown (a choice the page drew in place).
func (e *Effect) Empty() bool {
	return e == nil || (len(e.State) == 0 && !e.Content && !e.Texts && e.Dialog == "" && e.Shows == "" && e.Active == "")
}

// Navigation is what the page did after a step at record time.
type Navigation struct {
	// URL the step led to.
	URL string `yaml:"url"`
	// SameDocument is true for a history.pushState / hash route change.
	SameDocument bool `yaml:"same_document,omitempty"`
	// Page is true when the step's target is in a frame but the step
	// navigated the page itself (a link with target="_top", a frame's
	// script setting top.location): replay checks the page, not the frame.
	Page bool `yaml:"page,omitempty"`
	// Title is the document's title after the navigation, as recorded
	// (kept for export; replay does not compare it).
	Title string `yaml:"title,omitempty"`
}

// Target is an element to act on: a fallback chain and a fingerprint.
type Target struct {
	// FramePath holds, from the top document down, a CSS selector for each
	// <iframe> element that contains the target ("iframe#pay-frame"), or
	// a frame index "frames[N]": the document's N-th child frame (0-based,
	// as window.frames and Chrome's recorder count them). A path of frame
	// indexes that does not lead to a frame fails the step; one of
	// selectors is searched for in every frame (FrameIndex).
	FramePath []string `yaml:"frame_path,omitempty"`
	// ShadowPath holds, within the target's frame, a CSS selector for each
	// shadow host from the document down to the target's shadow root.
	ShadowPath []string `yaml:"shadow_path,omitempty"`
	// Chain is ordered by confidence, highest first; coordinates last.
	Chain []Strategy `yaml:"chain"`
	// Fingerprint is everything captured about the element.
	Fingerprint *Fingerprint `yaml:"fingerprint,omitempty"`
}

// HasTarget reports whether s acts on an element: it has a target with a
// chain to locate it by. A key pressed on the page has none.
func (s *Step) HasTarget() bool { return s.Target != nil && len(s.Target.Chain) > 0 }

// Described reports whether t's fingerprint describes its element, as the
// recorder's does: it has the element's tag. An imported recording's
// target has no fingerprint, or one holding only the test id attributes
// its selectors name.
func (t *Target) Described() bool { return t != nil && t.Fingerprint != nil && t.Fingerprint.Tag != "" }

// Strategy is one way to find the target.
type Strategy struct {
	Type StrategyType `yaml:"type"`
	// Value is the locator: a test id, an id, "role|name" for role, a label,
	// a placeholder, a text, a name attribute, a CSS selector, an XPath.
	// Coordinates and similarity have none.
	Value string `yaml:"value,omitempty"`
	// Nth, when > 0, picks the Nth (1-based) of several matches: a
	// strategy that was not unique at record time. Of, when > 0, is how
	// many it matched then: where it matches another number, an item was
	// added or removed (or a list is not yet filtered), and the Nth is no
	// longer the recorded one's place.
	Nth int `yaml:"nth,omitempty"`
	Of  int `yaml:"of,omitempty"`
	// Match is how a text or name compares: "" equal (as people read it:
	// white space and case forgiven in that order when nothing is equal),
	// "contains" holding the value.
	Match string `yaml:"match,omitempty"`
	// Tag keeps only the matches of that tag.
	Tag string `yaml:"tag,omitempty"`
	// Within keeps only the matches inside an element it finds: the item of
	// a list (a row, a card) named by its own text, for a control of an
	// item ("the Delete button in the row that says Pay the rent"), or the
	// section a heading names. An item matched by "contains" holds the
	// text whole, as one of its parts' text: the row "Pay the rent later"
	// is not the row "Pay the rent". A within of the role img names the
	// item its image is in: a card of a gallery named by its picture's
	// text alternative alone.
	Within *Strategy `yaml:"within,omitempty"`
	// Also, on a Within's text, are texts the item held too when recorded,
	// each the whole text of one of its parts, that named it better than
	// Value but were another item's as well (a name two rows had): the
	// item must still hold them. The row of Ada Lovelace in Paris is not
	// the row of Alan Turing that moved to Paris. With Line, a cell of the
	// item's line may hold them: on a grid drawn without rows, "Sam Lee"
	// of "Support", where other Sam Lees work elsewhere.
	Also []string `yaml:"also,omitempty"`
	// Beside, on a Within's text, are the item's other texts when
	// recorded that said which item it was (its e-mail, its city; none
	// with a digit, none every item held): the item must still hold half
	// of them at least. Another Grace Hopper, of another e-mail and city
	// but the same role, is another person.
	Beside []string `yaml:"beside,omitempty"`
	// Line, on a Within's text, says the element is not inside the item
	// the text names but in another part drawn on its line: a grid's
	// frozen row header or pinned checkbox, in a table of its own over the
	// grid's body, whose row holds only a number that counts its place (the
	// scope is each visible element of the item's tag, outside its list,
	// whose band across the page is the item's); or, in a grid drawn
	// without row elements (every cell a child of the grid), another cell
	// of the line the text's cell stands on (the scope is each of its
	// visible siblings whose band across the page overlaps the cell's,
	// the cell itself left out), where Also and Beside may be held by any
	// cell of the line.
	Line bool `yaml:"line,omitempty"`
	// Under, on a Within's text, says the element is not inside the item
	// the text names but in the rows under it, in a tree drawn flat (its
	// rows siblings, their depth in aria-level, as virtualized trees draw
	// them): the rows after the item of a greater level, up to the next
	// of its level or less. A file of the folder "utils", where another
	// folder holds a file of the same name.
	Under bool `yaml:"under,omitempty"`
	// Hosts are the parts of a multi-part selector (Chrome's ["my-app",
	// "aria/Save"]) before the last, outermost first: the first is found
	// in the document, each next one, and then the strategy's own element,
	// inside the shadow root of an element the part before found (among
	// its descendants when it has no shadow root), as Puppeteer reads
	// them. A host strategy has no hosts of its own, nor within.
	Hosts []Strategy `yaml:"hosts,omitempty"`
	// Confidence in [0,1] that this strategy finds the right element.
	Confidence float64 `yaml:"confidence"`
	// Metadata is free data; for coordinates it holds the keys of seed 000
	// (see CoordinatesMeta).
	Metadata map[string]any `yaml:"metadata,omitempty"`
}

// Fingerprint is everything captured about an element at record time.
// Verification and similarity healing compare candidates against it.
type Fingerprint struct {
	Tag         string            `yaml:"tag,omitempty"`
	ID          string            `yaml:"id,omitempty"`
	Name        string            `yaml:"name,omitempty"`
	Type        string            `yaml:"type,omitempty"`
	Classes     []string          `yaml:"classes,omitempty"`
	Role        string            `yaml:"role,omitempty"`
	AccessName  string            `yaml:"accessible_name,omitempty"`
	Text        string            `yaml:"text,omitempty"`
	Label       string            `yaml:"label,omitempty"`
	Placeholder string            `yaml:"placeholder,omitempty"`
	Title       string            `yaml:"title,omitempty"`
	Alt         string            `yaml:"alt,omitempty"`
	AriaLabel   string            `yaml:"aria_label,omitempty"`
	Href        string            `yaml:"href,omitempty"`
	Value       string            `yaml:"value,omitempty"`
	TestIDs     map[string]string `yaml:"test_ids,omitempty"`
	CSS         string            `yaml:"css,omitempty"`
	// XPath is the xpath strategy's value. Similarity compares it only
	// when it is a step-by-step path from the root (/html/body/main/
	// button[2]): one anchored at an id or a text has no steps to compare.
	// Recording the step-by-step path for every element was tried and
	// dropped: a sibling inserted before the target takes its steps, and
	// scored as the target's rival (bench, shop "Add to cart").
	XPath string `yaml:"xpath,omitempty"`
	// IDXPath is the element's XPath from the nearest element, itself
	// included, that has an id, every step with its same-tag position
	// (//*[@id="nav"]/ul[1]/li[3]/a[1]); from the root (/html/body[1]/...)
	// when no element above has one; empty inside a shadow tree. Similo's
	// "idxpath": it tells copies of one block apart where the absolute
	// path barely does, and survives changes above the anchor.
	IDXPath string `yaml:"id_xpath,omitempty"`
	// Landmarks are the landmark roles of the element's ancestors,
	// outermost first (["banner", "navigation"]; see
	// similarity.Candidate.Landmarks for how they are read).
	Landmarks []string `yaml:"landmarks,omitempty"`
	// Icon names an element that has no text by its first descendant icon
	// or picture (see similarity.Candidate.Icon): "fab fa-twitter",
	// "svg-inline--fa fa-bell bell", "avatar-3 Jane Doe".
	Icon string `yaml:"icon,omitempty"`
	// SiblingIndex is the 1-based position among same-tag siblings.
	SiblingIndex int `yaml:"sibling_index,omitempty"`
	// Neighbours are texts near the element: its label, heading, row, and
	// the values its row's other fields show.
	Neighbours []string `yaml:"neighbours,omitempty"`
	// Region is the name of the nearest landmark or named section that
	// encloses the element ("All products", "Shipping address"): where on
	// the page it lives, which tells apart copies of one card or form.
	Region string `yaml:"region,omitempty"`
	// Under are the words of the items of a tree (role tree or treegrid)
	// the element stands under, outermost first: a file's folders. An
	// element under other items is another element ("index.ts" of
	// "utils" is not that of "components"), whatever found it.
	Under []string `yaml:"under,omitempty"`
	// Box is the bounding box in document CSS pixels at record time.
	Box *Rect `yaml:"box,omitempty"`
	// ScreenBox is the bounding box in viewport CSS pixels, recorded only
	// for an element of the top document that stood in a fixed layer (it
	// or an ancestor had position: fixed, as a modal dialog has): such an
	// element keeps its place on screen whatever the scroll, so similarity
	// compares its location there rather than in the document.
	ScreenBox *Rect `yaml:"screen_box,omitempty"`
	// KindCount is how many elements of the target's document had its tag,
	// input type and role attribute at record time, itself included; 0
	// when unknown. NameCount is how many had its role and accessible name
	// (hidden and inert ones included, as far as the accessibility tree
	// lists them).
	// A target that was the only one of its kind or name, and whose healed
	// candidate is the only one now, is healed even where the page moved it
	// (similarity.MarkSole).
	KindCount int `yaml:"kind_count,omitempty"`
	NameCount int `yaml:"name_count,omitempty"`
	// Items is how many items alike stood in the repeated group of the
	// target, or of the item it was part of (a row, a card), its own
	// included; 0 when it stood in none. Where the count changed, an item
	// was inserted or removed, and the element at the target's place may
	// be another item's: a winner found only by its place and numbers is
	// then held to similarity.
	// ItemKind is those items' tag, role attribute and first class
	// ("li.todo"): a count is compared only with one of items of that
	// kind (a list of one row at record time counts the cards around it).
	Items    int    `yaml:"items,omitempty"`
	ItemKind string `yaml:"item_kind,omitempty"`
	// OtherNames are the accessible names (their texts, for a target
	// without a role), other than its own, of the
	// target's counterparts at record time: where it or its item (a row,
	// a card, an operation of a list) repeats among its siblings, the
	// element at its place in each other item. An element that bears one
	// of them is that other element, not the target renamed.
	OtherNames []string `yaml:"other_names,omitempty"`

	// GeneratedClasses are the Classes that look machine-generated
	// (css-1x9f2k): kept for similarity, never used in selectors.
	GeneratedClasses []string `yaml:"generated_classes,omitempty"`
}

// Size is a width and a height in CSS pixels.
type Size struct {
	Width  int `yaml:"width"`
	Height int `yaml:"height"`
}

// Point is a position in CSS pixels.
type Point struct {
	X float64 `yaml:"x"`
	Y float64 `yaml:"y"`
}

// Rect is a box in CSS pixels.
type Rect struct {
	X      float64 `yaml:"x"`
	Y      float64 `yaml:"y"`
	Width  float64 `yaml:"width"`
	Height float64 `yaml:"height"`
}

// Center is the middle of r.
func (r Rect) Center() Point { return Point{X: r.X + r.Width/2, Y: r.Y + r.Height/2} }
