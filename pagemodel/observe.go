package pagemodel

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/internal/browser"
	"github.com/qa-chain/chainreplay/internal/wait"
)

// StartScript installs the model at the start of every document, for
// Page.addScriptToEvaluateOnNewDocument: its observer then sees the
// page's mutations from the first (Quiet, Watch). Without it the model is
// installed on first use, and sees them from then.
var StartScript = "void " + Installed + ";"

// QuietWindow is how long a page must have had no DOM mutation, input or
// route change to count as settled: what the last action started (a view a
// router renders a few milliseconds after the URL changes, a list that
// re-renders) is done. On the third-party apps and framework pages a
// reaction to an input is nearly always one burst of mutations (the gap
// between two mutations of one reaction: median 0, 95th percentile 6.7 ms;
// BenchmarkReactionGaps in package recorder).
// MaxSettle bounds the wait on a page that never stops changing (a clock,
// an animation driven by script).
//
// IdleWindow is how long a page with no work queued (no timer due within
// the quiet window but an inert interval's, no animation frame requested,
// no request in flight, no finite animation running, no message posted)
// must have been still, with a rendering update run since its last change,
// to count as settled before the quiet window has passed. Its reaction can
// only go on from what it queued; the window is a margin for what the
// model does not count (a worker's message, an image loaded). Measured
// with BenchmarkReactionGaps (package recorder), polling every 2 ms
// through the drive scripts of the eight TodoMVCs and the four framework
// pages: of 269 changes that came within the quiet window of the previous
// one, none came after a poll had found the page idle at all, so the
// window is five polls.
const (
	QuietWindow = 30 * time.Millisecond
	IdleWindow  = 10 * time.Millisecond
	MaxSettle   = time.Second
)

// DueMargin: the quiet window does not close while a timer of the page is
// past due or due within DueMargin (one poll of SettleAfter). A reaction
// that began with a timer (a router renders its view some milliseconds
// after the URL changed) has its next change queued then, due as the
// window closes or, on a busy machine, after it: DevTools calls and input
// are served before a timer past due, so a click could reach the old view.
const DueMargin = 5 * time.Millisecond

// ActivityListener is the name of the function the model listens to the
// page's input events with (pointer, key, input, route change): a caller
// that asks which listeners a page has can leave it out.
const ActivityListener = "chainreplayActivity"

// Settle waits, within MaxSettle, until the page has had no DOM mutation,
// input or route change for QuietWindow (and no timer of the page is past
// due or due within DueMargin, and no script or style sheet it added is
// still loading), or for IdleWindow with no work queued; and until every
// timeout an input's task set that is due early enough within MaxSettle
// has run (a list saved through a throttle, a panel closed once its delay
// ran): the next input comes after the page has done what the last one
// started.
func (p *Page) Settle(ctx context.Context) {
	p.SettleAfter(ctx, Mark{}, time.Now().Add(MaxSettle))
}

// Mark is where a page's changes stood at one moment (Page.Mark):
// SettleAfter tells whether the page changed after it.
type Mark struct {
	w    *World
	last float64 // page-clock time of the last change, ms
}

// Mark notes where the page's changes stand now. A caller may then work
// on the page while it is still reacting (locate a step's target) and ask
// SettleAfter whether that work saw the settled page.
func (p *Page) Mark(ctx context.Context) Mark {
	w, st, err := p.still(ctx)
	if err != nil {
		return Mark{}
	}
	return Mark{w: w, last: st.Last}
}

// MarkAhead is Mark without waiting for the page's answer: it returns
// once the call that reads the mark is on the connection, and the
// function it returns gives the mark, waiting for it. A page function
// called after MarkAhead returns runs after that read (Chromium runs a
// session's commands in the order they come), so the mark is where the
// page stood before it, as with Mark, one round trip sooner. Where the
// call cannot say that it was sent (another DevTools client), MarkAhead
// waits for the answer. A mark that could not be read (the model not
// installed: a new document) is the zero Mark, which SettleAfter counts
// as changed.
func (p *Page) MarkAhead(ctx context.Context) func() Mark {
	w, err := p.Top(ctx)
	if err != nil {
		return func() Mark { return Mark{} }
	}
	sctx, sent := browser.NotifySent(ctx)
	done := make(chan struct{})
	var m Mark
	go func() {
		defer close(done)
		raw, err := w.CallRaw(sctx, "", callLeft("still"), nil, true, "")
		if err != nil {
			return
		}
		var res proto.RuntimeCallFunctionOnResult
		if json.Unmarshal(raw, &res) != nil || res.ExceptionDetails != nil || res.Result == nil {
			return
		}
		var st stillness
		if json.Unmarshal([]byte(res.Result.Value.Str()), &st) != nil {
			return // no model: the answer is no mark
		}
		m = Mark{w: w, last: st.Last}
	}()
	select {
	case <-sent:
	case <-done:
	}
	return func() Mark {
		<-done
		return m
	}
}

// SettleAfter waits, until deadline, until the page has settled (as
// Settle), and reports whether it changed after m: a DOM
// mutation, an input or a route change since, or another document. A page
// that never stops changing is taken as it is once deadline has passed:
// SettleAfter then reports no change. When the model cannot be read it
// reports a change only if m could not be read either and it now can.
func (p *Page) SettleAfter(ctx context.Context, m Mark, deadline time.Time) (changed bool) {
	for {
		w, st, err := p.still(ctx)
		if err != nil {
			return false
		}
		changed = m.w != w || st.Last > m.last
		q, idle := ms(st.Quiet), ms(st.Idle)
		quiet := q >= QuietWindow && (st.Due == nil || ms(*st.Due) > DueMargin) && st.Loading == 0
		// A reaction is waited for when what it changes can still be seen
		// settle before the deadline: else the page would be taken as it
		// is (no change reported) just after it changed.
		reacting := len(st.Reactions) > 0 && time.Now().Add(ms(st.Reactions[0])+QuietWindow+DueMargin).Before(deadline)
		if (quiet || idle >= IdleWindow) && !reacting || !time.Now().Before(deadline) {
			return changed && time.Now().Before(deadline)
		}
		d := max(QuietWindow-q, time.Millisecond)
		if idle > 0 {
			d = min(d, IdleWindow-idle)
		}
		d = min(d, 5*time.Millisecond)
		if quiet || idle >= IdleWindow {
			// Only a reaction's timeout is waited for: nothing is to be
			// seen before it is due, unless the page clears it, which
			// costs at most a quiet window.
			d = min(max(ms(st.Reactions[0]), time.Millisecond), QuietWindow)
		}
		if wait.Sleep(ctx, d) != nil {
			return false
		}
	}
}

// still is how long the page's top document (its shadow trees and
// same-origin frames as far as the model has met them) has been still,
// and when it last changed.
func (p *Page) still(ctx context.Context) (*World, stillness, error) {
	var st stillness
	w, err := p.Top(ctx)
	if err != nil {
		return nil, st, err
	}
	err = w.callJSON(ctx, "", "still", &st)
	return w, st, err
}

// stillness is the model's answer to "still".
type stillness struct {
	Quiet float64 `json:"quiet"` // ms since the last change
	Last  float64 `json:"last"`  // page-clock time of the last change, ms
	// Idle is ms since the last change with no work queued, 0 while the
	// page has some; Busy names that work.
	Idle float64 `json:"idle"`
	Busy string  `json:"busy"`
	// Due is in how many ms the page's next timer is due (negative: past
	// due, not yet run), nil when it has none.
	Due *float64 `json:"due"`
	// Loading counts the scripts and style sheets the page added that
	// have not loaded yet: the page is not quiet before they have.
	Loading int `json:"loading"`
	// Reactions lists in how many ms each pending timeout an input's task
	// set is due, soonest first: the page is not settled while one is
	// due before the deadline.
	Reactions []float64 `json:"reactions"`
	// Requests counts the fetches and XMLHttpRequests in flight.
	Requests int `json:"requests"`
}

// MaxAnswerWait bounds how long SettleAnswered waits for the page's
// requests in flight.
const MaxAnswerWait = 2 * time.Second

// SettleAnswered waits, within MaxAnswerWait, until the page has no
// fetch or XMLHttpRequest in flight, then until it settles (Settle): what
// a step did is judged once the server has answered it (a toggle the app
// puts back when its save fails).
func (p *Page) SettleAnswered(ctx context.Context) {
	deadline := time.Now().Add(MaxAnswerWait)
	for time.Now().Before(deadline) {
		_, st, err := p.still(ctx)
		if err != nil || st.Requests == 0 {
			break
		}
		if wait.Sleep(ctx, 10*time.Millisecond) != nil {
			return
		}
	}
	p.Settle(ctx)
}

func ms(v float64) time.Duration { return time.Duration(v * float64(time.Millisecond)) }

// Sought is what a watch looks for besides what it always sees: a text
// the page must come to show (Shows: Effects.Shown; "" for the values
// last typed into text fields), and one it must no longer read (Gone:
// Effects.GoneNow).
type Sought struct {
	Shows, Gone string
}

// Watch opens a watch on what happens to the page after now, about the
// element r: its own state, dialogs, elements added or removed, texts
// changed (Effects says what happened), and what want seeks. It returns
// the watch's number in r's world.
func (p *Page) Watch(ctx context.Context, r Ref, want Sought) (int, error) {
	if !r.Valid() {
		return 0, fmt.Errorf("%w: no element to watch", ErrGone)
	}
	// One page function: the element is taken by its reference there.
	res, err := r.W.call(ctx, "", "watchAt", true, "", r.K, want.Shows, want.Gone)
	if err != nil {
		return 0, err
	}
	id := res.Value.Int()
	if id == 0 {
		return 0, fmt.Errorf("%w: element %d", ErrGone, r.K)
	}
	return id, nil
}

// Guard puts the landing guard up on the element r names: until Landed, a
// press the engine sends that lands elsewhere (the page moved between the
// check that the element takes the pointer and the press) is stopped
// before the page sees it, with the rest of its gesture.
func (p *Page) Guard(ctx context.Context, r Ref) error {
	if !r.Valid() {
		return fmt.Errorf("%w: no element to guard", ErrGone)
	}
	_, err := r.W.callString(ctx, "", "guard", r.K)
	return err
}

// Landed takes the guard Guard put up on r's element down and says where a
// press went instead (elsewhere), as a short description of the element it
// reached, "" when every press landed on the element; and how many presses
// landed on it (ok).
func (p *Page) Landed(ctx context.Context, r Ref) (elsewhere string, ok int, err error) {
	if !r.Valid() {
		return "", 0, fmt.Errorf("%w: no element was guarded", ErrGone)
	}
	var g struct {
		On string `json:"on"`
		OK int    `json:"ok"`
	}
	if err := r.W.callJSON(ctx, "", "guard", &g, -1); err != nil {
		return "", 0, err
	}
	return g.On, g.OK, nil
}

// WatchDocument opens a watch as Watch does, about the document the frame
// path leads to (its body), for a step that acts on no element: a key
// pressed on the page. It returns the world the watch is in and its
// number there.
func (p *Page) WatchDocument(ctx context.Context, framePath []string, want Sought) (*World, int, error) {
	w, doc, ok, err := p.Document(ctx, framePath)
	if err != nil {
		return nil, 0, err
	}
	if !ok {
		return nil, 0, fmt.Errorf("%w: frame path %q leads to no frame", ErrGone, framePath)
	}
	res, err := w.call(ctx, doc, "watch", true, "", want.Shows, want.Gone)
	if err != nil {
		return nil, 0, err
	}
	return w, res.Value.Int(), nil
}

// Effects is what happened to a page since a watch opened.
type Effects struct {
	// State names the properties of the watched element that changed
	// (checked, value, selected, expanded, pressed, open).
	State []string `json:"state"`
	// Became is what each of those properties became ("checked": "true"),
	// a value only where no text is typed (a slider's); Was is what every
	// one of them but value was as the watch opened.
	Became map[string]string `json:"became"`
	Was    map[string]string `json:"was"`
	// Content counts the elements added to or removed from the page;
	// Removed those of them removed. Elements added or removed in a
	// dialog that opened or closed, or with it (its content rendered as
	// it opened), are not among them: they are the dialog's opening or
	// closing, and DialogContent counts them.
	Content       int `json:"content"`
	Removed       int `json:"removed"`
	DialogContent int `json:"dialogContent"`
	// Messages counts, of the elements added, those that are messages
	// (in or holding a live region or an alert: a toast).
	Messages int `json:"messages"`
	// Added counts the elements added of the step's own: still on the
	// page, saying something (words, a control), no message, no dialog's
	// own (DialogContent), and not the same (tag and words) as one removed
	// where it was added: a row put in a list, a menu drawn; not an icon
	// swapped for a spinner, a list drawn anew, a toast. It is -1 where
	// too many elements changed to tell (every one is then unknown).
	Added int `json:"added"`
	// AddedHeld is set unless the page reads the first words of each of
	// the first elements the watch saw added fewer times than it did then
	// (messages aside): a row drawn anew keeps them; a row taken back does
	// not.
	AddedHeld bool `json:"addedHeld"`
	// Gone lists texts of elements removed that the page no longer
	// reads (a deleted row's), folded as Shown; GoneNow is set where the
	// watch sought one (Sought.Gone) and the page reads it fewer times
	// than as the watch opened.
	Gone    []string `json:"gone"`
	GoneNow bool     `json:"goneNow"`
	// Detached is set when the watched element is no longer on the page
	// (taken off, or drawn anew): its state is not known.
	Detached bool `json:"detached"`
	// Unloaded is set when the watched element's document has gone: a
	// frame's, which loaded another document or the same one anew (a
	// world's own document going ends the world: ErrGone).
	Unloaded bool `json:"unloaded"`
	// Texts counts the texts changed: a text node's words, or text nodes
	// with words added or removed (a table sorted in place, a counter).
	Texts int `json:"texts"`
	// Dialog is "opened" or "closed" when a dialog did.
	Dialog string `json:"dialog"`
	// URL is set when the document's URL changed (a route).
	URL bool `json:"url"`
	// Shown lists the texts the watch sought (Watch) that an element the
	// page added, or a text it changed, reads and still shows, or that a
	// field holds now in place of another value, folded to lower case and
	// single spaces.
	Shown []string `json:"shown"`
	// Fields are the new values of the shown text fields, other than the
	// watched element, whose value changed since the watch opened (a date
	// a picker wrote), white space collapsed.
	Fields []string `json:"fields"`
	// Multi is set when the watched element is an item of a list, tree or
	// grid that takes several choices (aria-multiselectable, a <select
	// multiple>): its "selected" toggles.
	Multi bool `json:"multi"`
	// Active is the item of a composite widget (a menu's, a list's, a
	// radio group's, a tab list's, a tree's or a grid's) active now, as a
	// role strategy names it ("menuitem|Edit"): the focused element or
	// the active descendant it names; "" when that is no such item.
	// ActiveMoved is set when it is another element than as the watch
	// opened: the step moved through the widget's items. ActiveOne is set,
	// where it moved, when no other item of the widget is named as it is.
	Active      string `json:"active"`
	ActiveMoved bool   `json:"activeMoved"`
	ActiveOne   bool   `json:"activeOne"`
	// ActiveChose is set, where the active item moved within its widget
	// (from one of its items, where the widget drew them anew the one
	// named as the item active before; or from the widget focused), when
	// that item is chosen and was not as the watch opened: the step chose
	// the item it moved to (a tab list that selects as its keys move, a
	// radio group). An option a combobox's keys highlight is not chosen,
	// nor an item the focus was taken to from the page or another widget.
	// ActiveSteps is then how many places on (negative: back) among the
	// widget's items, in their order, it moved from the item active
	// before; 0 where none was.
	// In a grid, ActiveSteps counts columns, and ActiveRows rows down.
	// ActiveFirst and ActiveLast are then its place from the first and
	// from the last item (0 or negative; in a grid, of its row's cells):
	// where a bare Home or End counts from.
	ActiveChose bool `json:"activeChose"`
	ActiveSteps int  `json:"activeSteps"`
	ActiveRows  int  `json:"activeRows"`
	ActiveFirst int  `json:"activeFirst"`
	ActiveLast  int  `json:"activeLast"`
}

// KeyMove is a key press asked about (Page.ActiveItem): its key
// ("ArrowDown"; "" for none), whether modifiers are held with it (Held),
// and, where the press chose the item it moved to when recorded
// (Chooses), how many places on it moved then (Steps; in a grid, Steps
// columns on and Rows rows down; for a bare Home or End, Steps from the
// first or the last item, of its row in a grid; 0: not known).
type KeyMove struct {
	Key     string
	Held    bool
	Chooses bool
	Steps   int
	Rows    int
}

// ActiveItem is the item active in a watched document, among the items
// of its widget (Page.ActiveItem).
type ActiveItem struct {
	// Now names the item active now ("role|name"), "" when none is.
	Now string `json:"now"`
	// At is its place among the widget's items, -1 when none is active.
	At int `json:"at"`
	// Want counts the widget's items named as asked; where none is, Near
	// those of its role reworded: named with every word of that name and
	// more, none of which turns the action round or widens it ("Edit
	// details" for "Edit", not "Delete all" for "Delete"). Target is the
	// place of the one item meant, the one named as asked, else the one
	// reworded; -1 where there is none or several. Items counts the items
	// shown (of the active item's role).
	Want   int `json:"want"`
	Near   int `json:"near"`
	Target int `json:"target"`
	Items  int `json:"items"`
	// Horizontal is set when the widget lays its items out in a row (its
	// aria-orientation, else a menu bar or a tab list): the keys that move
	// through them are ArrowLeft and ArrowRight.
	Horizontal bool `json:"horizontal"`
	// Chosen is set when the active item is chosen: a radio button
	// checked, an option, a tab or a tree's item selected; ChosenNames
	// names the widget's items that are (20 at most). An item a key moved
	// to that was not chosen before and is after was chosen by the move:
	// there each press is an action.
	Chosen      bool     `json:"chosen"`
	ChosenNames []string `json:"chosenNames"`
	// Next is the place the key asked about, pressed now, moves to, as
	// far as it can be told: -1 where it cannot, -2 where it would move
	// to no item. In a radio group (which checks it) as the platform
	// moves it: the next radio button not disabled for an arrow, round
	// the end, mirrored where the group reads right to left. In a widget
	// that chose the item its key moved to when recorded
	// (KeyMove.Chooses), two witnesses are asked: the ARIA pattern of its
	// items where it is sure of the widget's ways (tabs round the ends,
	// options not, a regular grid's cells along their row and column,
	// Home and End to the first and the last, of a grid's row; a letter
	// in a list box or a tree to the next item it starts; a tree's
	// sideways arrows to the parent or the first child; no modifiers
	// held), and the move recorded (KeyMove.Steps), for arrows (a tree's
	// down and up) and a bare Home or End only. Where they differ, the
	// place one says other than the item meant (Target) is answered.
	// NextName names the item there.
	Next     int    `json:"next"`
	NextName string `json:"nextName"`
}

// NextChange returns at the page's next change (a DOM mutation in its top
// document, an input, a route change), when its document goes, or once
// d has passed, whichever comes first.
func (p *Page) NextChange(ctx context.Context, d time.Duration) {
	w, err := p.Top(ctx)
	if err == nil {
		_, err = w.call(ctx, "", "next", true, "", d.Milliseconds())
	}
	if err != nil {
		// The model cannot say (the document is going, or cannot be
		// read): wait a little, as a poll would.
		wait.Sleep(ctx, min(d, 5*time.Millisecond)) //nolint:errcheck // the caller checks ctx
	}
}

// ChangeAfter returns at once when the page has changed after m (or is
// another document) or, as it is asked, has work queued that may change
// it without a DOM mutation (a transition running, a request in flight, a
// timer about to fire: busy); else at its next change (a DOM mutation, an
// input, a route change), or once d has passed. A caller that asked the
// page something at m, and would ask again, waits here: a page that has
// not changed gives the same answer.
func (p *Page) ChangeAfter(ctx context.Context, m Mark, d time.Duration) {
	w, err := p.Top(ctx)
	if err != nil || m.w == nil || w != m.w {
		return
	}
	if _, err := w.call(ctx, "", "nextAfter", true, "", m.last, d.Milliseconds()); err != nil {
		wait.Sleep(ctx, min(d, 5*time.Millisecond)) //nolint:errcheck // the caller checks ctx
	}
}

// NextEffects is Effects (without closing the watch) once the page changes
// (a DOM mutation, an input, a route change) after the watch's last answer,
// at once if it already has, or once wait has passed: a caller waiting for
// an effect learns of it as it happens, even when it came between two
// calls.
func (p *Page) NextEffects(ctx context.Context, w *World, id int, wait time.Duration) (*Effects, error) {
	var e *Effects
	if err := w.callJSON(ctx, "", "effectsNext", &e, id, wait.Milliseconds()); err != nil {
		return nil, err
	}
	return e, nil
}

// ActiveItem reads the item active in the document watch id (in w) is
// about, how many items of its widget are named want ("role|name"), and
// where the key press k would move from it (ActiveItem.Next).
func (p *Page) ActiveItem(ctx context.Context, w *World, id int, want string, k KeyMove) (*ActiveItem, error) {
	var a *ActiveItem
	if err := w.callJSON(ctx, "", "activeOf", &a, id, want, k.Key, k.Chooses, k.Steps, k.Rows, k.Held); err != nil {
		return nil, err
	}
	if a == nil {
		return nil, fmt.Errorf("%w: watch %d", ErrGone, id)
	}
	return a, nil
}

// Effects says what happened since watch id opened in world w; close
// ends the watch. It fails with ErrGone when the world's document is gone
// (the page navigated), and answers nil for a watch it does not know.
func (p *Page) Effects(ctx context.Context, w *World, id int, close bool) (*Effects, error) {
	var e *Effects
	if err := w.callJSON(ctx, "", "effects", &e, id, close); err != nil {
		return nil, err
	}
	return e, nil
}
