package decision

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/internal/keys"
	"github.com/qa-chain/chainreplay/internal/wait"
	"github.com/qa-chain/chainreplay/report"
)

// fieldJS defines what typing needs to know of an element:
//   - focusField(el) focuses el and returns the text field (an input of a
//     text type, a textarea, a contenteditable) that then has the focus,
//     within el (a custom element that delegates its focus, through open
//     and kept closed shadow roots) or handed the focus by el (a search
//     box that opens the real one, not a dialog holding the focus since
//     before), or el itself when it is a text field, or null; the field
//     is kept on el for typedField;
//   - activeTakesText(d), whether the element that has the focus in
//     document d (through shadow roots and the frames d can read) takes
//     text, or null when it is in a frame d cannot read;
//   - typedField(el), the field focusField kept, else el's own;
//   - fieldValue(f), the text it holds;
//   - modalOf(x), the open dialog x is in, or null; focusName(a), the
//     element a that has the focus as a person would point at it;
//     focusAbove(d), what has the focus above d's frame where it is not
//     on that frame;
//   - shownNear(f, text), whether the text shows around the field (in one
//     of its three nearest ancestors: a tag input turns what was typed
//     into a chip beside it, and empties itself);
//   - setTypes, the input types that are set rather than typed into (their
//     pickers take no text).
const fieldJS = `
const typedTypes = new Set(["text", "search", "url", "tel", "password", "email", "number"]);
const setTypes = new Set(["date", "time", "datetime-local", "month", "week", "color", "range"]);
const FIELD = Symbol.for("chainreplay.typingField");
function takesText(x) {
	return !!x && (x.tagName === "TEXTAREA" || x.tagName === "INPUT" && typedTypes.has(x.type) || x.isContentEditable === true);
}
function deepActive(d) {
	const closed = window[Symbol.for("chainreplay.closedRoots")];
	let a = d.activeElement;
	for (;;) {
		const root = a && (a.shadowRoot || closed && closed.get(a));
		if (!root || !root.activeElement) return a;
		a = root.activeElement;
	}
}
function within(x, el) {
	for (let n = x; n; n = n.parentNode || n.host) if (n === el) return true;
	return false;
}
function modalOf(x) {
	for (let n = x; n; n = n.parentNode || n.host) {
		if (n.nodeType === 1 && (n.localName === "dialog" && n.open || n.getAttribute("aria-modal") === "true" || /^(dialog|alertdialog)$/.test(n.getAttribute("role") || ""))) return n;
	}
	return null;
}
function focusField(el) {
	const was = deepActive(el.ownerDocument);
	const held = modalOf(was);
	el.focus();
	const a = deepActive(el.ownerDocument);
	// The focus handed to another field (a search box that opens the real
	// one), not taken back by a dialog that held it before (a modal that
	// keeps the focus in itself).
	const handed = a !== was && !(held && within(a, held) && !within(el, held));
	const f = takesText(a) && (within(a, el) || handed) ? a : takesText(el) ? el : null;
	el[FIELD] = f;
	return f;
}
// focusAbove names what has the focus in a document above d's frame where
// that document's focus is not on the frame that leads to d (a modal of
// the page that keeps the focus in itself: keys would reach it, though d
// still names its field focused); "" where each frame up to the top is
// focused in its parent, or where a parent cannot be read (another
// origin's).
function focusAbove(d) {
	for (let w = d.defaultView; w && w !== w.top; w = w.parent) {
		let fe = null, pd = null;
		try { fe = w.frameElement; pd = w.parent.document; } catch (e) { return ""; }
		if (!fe || !pd) return "";
		const a = deepActive(pd);
		if (a !== fe && !within(fe, a)) return focusName(a) || "the page";
	}
	return "";
}
// focusName names a, the element that has the focus, as a person would
// point at it; "" for none (the body).
function focusName(a) {
	if (!a || a === a.ownerDocument.body) return "";
	const said = a.getAttribute("aria-label") || a.getAttribute("placeholder") || a.getAttribute("name") || (a.textContent || "").trim().slice(0, 40);
	return a.localName + (a.id ? "#" + a.id : "") + (said ? " " + JSON.stringify(said) : "");
}
function activeTakesText(d) {
	let a = deepActive(d);
	while (a && (a.tagName === "IFRAME" || a.tagName === "FRAME")) {
		let cd = null;
		try { cd = a.contentDocument; } catch (e) {}
		if (!cd) return null;
		a = deepActive(cd);
	}
	return takesText(a);
}
function typedField(el) { return el[FIELD] || (takesText(el) ? el : null); }
function fieldValue(f) { return f.tagName === "INPUT" || f.tagName === "TEXTAREA" ? f.value : f.innerText; }
function alnum(s) { return (s || "").toLowerCase().replace(/[^\p{L}\p{N}]/gu, ""); }
function shownNear(f, text) {
	const t = alnum(text);
	if (!t) return false;
	let a = f.parentElement || (f.getRootNode() instanceof ShadowRoot ? f.getRootNode().host : null);
	for (let i = 0; a && i < 3; i++, a = a.parentElement) if (alnum(a.textContent).includes(t)) return true;
	return false;
}
`

// prepareTypeFn checks the element can take text, focuses it and selects
// the whole content of the field that took the focus (focusField); it
// reports its state, the field's content, and whether the element is an
// input whose value is set rather than typed (setTypes).
const prepareTypeFn = `function (text) {` + stateJS + fieldJS + `
	// caretAt puts the caret at f's end (atEnd) or start, unless it is there
	// already: nothing but white space or an editor's caret marks (U+FEFF)
	// lies between it and that end.
	function caretAt(f, atEnd) {
		const sel = getSelection();
		if (sel.rangeCount && sel.isCollapsed && f.contains(sel.focusNode)) {
			const r = document.createRange();
			r.selectNodeContents(f);
			if (atEnd) r.setStart(sel.focusNode, sel.focusOffset);
			else r.setEnd(sel.focusNode, sel.focusOffset);
			if (!r.toString().replace(/\uFEFF/g, "").trim()) return;
		}
		const r = document.createRange();
		r.selectNodeContents(f);
		r.collapse(!atEnd);
		sel.removeAllRanges();
		sel.addRange(r);
	}
	const el = this;
	const state = elemState(el);
	if (!state.connected) return state;
	const visible = state.visible, enabled = state.enabled && el.readOnly !== true;
	if (!visible || !enabled) return {connected: true, visible, enabled, blocked: state.blocked};
	if (el.tagName === "INPUT" && setTypes.has(el.type)) return {connected: true, visible, enabled, set: true};
	const f = focusField(el);
	const st = {connected: true, visible, enabled, field: !!f, before: f ? fieldValue(f) : "", near: !!f && shownNear(f, text)};
	const above = focusAbove(el.ownerDocument);
	st.focused = !above && (!!f && within(deepActive(el.ownerDocument), f) || el.getRootNode().activeElement === el || document.activeElement === el);
	if (!st.focused) st.focusedOn = above || focusName(deepActive(el.ownerDocument));
	if (!f) return st;
	st.had = st.before !== "";
	if (!st.had) return st;
	if (f.isContentEditable) {
		// Rich text keeps its formatting where the text goes on from what
		// the field holds (typed at its end, or at its start): only the
		// rest is typed, at that end, at the caret when it is there
		// already (an editor's format for the next characters, a bold
		// turned on, lives at its caret).
		const held = st.before.replace(/\uFEFF/g, "");
		// keep types only rest, at f's end (or start), what f holds kept.
		const keep = (rest, atEnd) => {
			if (rest !== "") caretAt(f, atEnd);
			Object.assign(st, {keep: true, rest: rest, had: false});
			return st;
		};
		// It reads as the text already (the key before made it so).
		if (held === text) return keep("", true);
		if (text.startsWith(held)) return keep(text.slice(held.length), true);
		if (text.endsWith(held)) return keep(text.slice(0, text.length - held.length), false);
		// An empty block at the end (the paragraph Enter made, its line
		// break) reads as line breaks the text has fewer of: the text goes
		// on in that block, past the breaks that make it.
		const core = held.replace(/\s+$/, "");
		if (core && core !== held && /\n/.test(held.slice(core.length)) && text.startsWith(core) && /^\s*\n/.test(text.slice(core.length))) {
			return keep(text.slice(core.length).replace(/^[^\S\n]*(\n[^\S\n]*)*\n/, ""), true);
		}
		const range = document.createRange();
		range.selectNodeContents(f);
		const sel = getSelection();
		sel.removeAllRanges();
		sel.addRange(range);
	} else {
		f.select();
	}
	return st;
}`

type typeState struct {
	elemState
	Focused bool `json:"focused"`
	// FocusedOn names the element that has the focus when it is not the
	// field ("" when none does).
	FocusedOn string `json:"focusedOn"`
	// Field: a text field takes what is typed (fieldJS); Before is what
	// it held, Had whether that was anything.
	Field  bool   `json:"field"`
	Before string `json:"before"`
	Had    bool   `json:"had"`
	// Near: the text showed around the field before typing (fieldJS).
	Near bool `json:"near"`
	// Set: the element is an input whose value is set (setTypes).
	Set bool `json:"set"`
	// Keep: a rich text field holds the start (or the end) of the text,
	// and keeps it; Rest is what is typed at its end (or start).
	Keep bool   `json:"keep"`
	Rest string `json:"rest"`
}

// fieldFn reports whether a text field took what was typed at the element
// (typedField), what it holds, whether the text shows around it, whether
// it has the focus of its document, whether that document has the focus,
// and whether the element focused there takes text (activeTakesText).
const fieldFn = `function (text) {` + fieldJS + `
	const f = typedField(this);
	if (!f) return {field: false};
	const d = f.ownerDocument;
	return {field: true, value: fieldValue(f), near: shownNear(f, text), focused: within(deepActive(d), f),
		docFocus: d.hasFocus(), activeText: activeTakesText(d), rich: f.isContentEditable === true};
}`

type fieldState struct {
	Field   bool   `json:"field"`
	Value   string `json:"value"`
	Near    bool   `json:"near"`
	Focused bool   `json:"focused"`
	// DocFocus: the field's document has the focus; ActiveText: the
	// element focused in it takes text (activeTakesText; nil: unknown).
	DocFocus   bool  `json:"docFocus"`
	ActiveText *bool `json:"activeText"`
	// Rich: the field is rich text (a contenteditable).
	Rich bool `json:"rich"`
}

// mainActiveTextJS reports whether the element that has the focus in the
// page's main frame, through the frames it can read, takes text
// (activeTakesText).
const mainActiveTextJS = `(() => {` + fieldJS + ` return activeTakesText(document); })()`

// setValueFn sets the value of an input of one of setTypes as a user's
// choice in its picker would (input and change), and reports the value it
// then holds and the one it should: v as an input of its type, min, max
// and step holds it ("2024-02-03T10:00" for "2024-02-03T10:00:00", a
// range's value clamped, "" for a date it cannot read).
const setValueFn = `function (v) {
	const el = this;
	const want = document.createElement("input");
	want.type = el.type;
	for (const a of ["min", "max", "step"]) if (el.hasAttribute(a)) want.setAttribute(a, el.getAttribute(a));
	want.value = v;
	el.focus();
	const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set;
	set.call(el, v);
	el.dispatchEvent(new Event("input", {bubbles: true, composed: true}));
	el.dispatchEvent(new Event("change", {bubbles: true}));
	return {now: el.value, want: want.value};
}`

// typeInto: wait until the element is visible and enabled, focus it, select
// what it holds (typed over; cleared with Backspace for an empty text),
// type, check the text reached the field
// (typedAs), and press Enter on a trailing newline (seed 003). Characters
// go as key events when the page listens for keys, else as one
// Input.insertText. An input whose picker takes no text (a date, a color)
// has its value set, as a user's choice would.
//
// The text must go somewhere: an element that is no text field (input,
// textarea, contenteditable) and gives the focus to none does not take
// text (NOT_ACTIONABLE), and a field that does not hold the text once
// typed, nor anything else than before, did not take it (NO_EFFECT). Sent
// key events are not a typed text.
func (r *Runner) typeInto(ctx context.Context, el Elem, text string) error {
	if !el.Ref.Valid() {
		return stepErr(report.ElementNotFound, nil, "no element to type into")
	}
	enter := strings.HasSuffix(text, "\n")
	if enter {
		text = strings.TrimSuffix(text, "\n")
	}
	// The objects whose listeners decide how to type the text are resolved
	// while the element is prepared, and waited for only before typing.
	// The element's object first (the locating strategy may have left it),
	// so that both use the same one.
	el.object(ctx, false) //nolint:errcheck // callOn reports it
	keyTargetsc := make(chan keyTargets, 1)
	if text != "" {
		go func() { keyTargetsc <- readKeyTargets(ctx, el) }()
	}
	var st typeState
	last := "" // why the last complete check found the field not ready
	for {
		st = typeState{}
		if err := callOn(ctx, el, prepareTypeFn, &st, text); err != nil {
			if last != "" && ctx.Err() != nil {
				return stepErr(report.NotActionable, err, "%s: %s", el.name(), explainHidden(ctx, el, last))
			}
			return elementGone(ctx, "element", err)
		}
		if !st.Connected {
			return stepErr(report.ElementNotFound, nil, "the element was removed from the page")
		}
		if st.Visible && st.Enabled {
			break
		}
		why := notVisibleWhy
		switch {
		case st.Visible && st.Blocked != "":
			why = st.Blocked
		case st.Visible:
			why = "the element is disabled or read-only"
		}
		last = why
		if err := wait.Sleep(ctx, 20*time.Millisecond); err != nil {
			return stepErr(report.NotActionable, err, "%s: %s", el.name(), explainHidden(ctx, el, why))
		}
	}
	if st.Set {
		if err := r.setValue(ctx, el, text); err != nil {
			return err
		}
		if enter {
			return keyPress(ctx, r.Page, "Enter", 0)
		}
		return nil
	}
	// The focus is sent to the field until it stays there (on: what
	// takes it instead): text sent meanwhile would reach that one.
	on := ""
	for tries := 0; ; tries++ {
		if st.Focused {
			// The page may take the focus back a moment after it came (a
			// modal's timer, once its window lost the focus to a frame):
			// text sent then would reach what took it.
			kept, err := r.focusKept(ctx, el)
			if err != nil {
				if ctx.Err() != nil && on != "" {
					return focusTaken(el, on, "nothing was typed", err)
				}
				return elementGone(ctx, "element", err)
			}
			if kept == "" && st.Before == "" {
				break
			}
			if kept == "" {
				// What the field holds is selected again, to be typed
				// over: the page may have moved the caret as the focus
				// came (an input mask).
				again := typeState{}
				if err := callOn(ctx, el, prepareTypeFn, &again, text); err != nil {
					if ctx.Err() != nil && on != "" {
						return focusTaken(el, on, "nothing was typed", err)
					}
					return elementGone(ctx, "element", err)
				}
				if again.Focused && again.Field {
					st = again
					break
				}
				st, kept = again, cmp.Or(again.FocusedOn, "another element")
			}
			on = kept
			if err := wait.Sleep(ctx, 50*time.Millisecond); err != nil {
				return focusTaken(el, on, "nothing was typed", err)
			}
		}
		// Focus through DevTools when the page function could not, then
		// prepare the field that took the focus.
		if err := r.focus(ctx, el); err != nil {
			if ctx.Err() != nil && tries > 0 {
				return focusTaken(el, on, "nothing was typed", err)
			}
			if ctx.Err() != nil {
				return elementGone(ctx, "element", err)
			}
			return stepErr(report.NotActionable, err, "%s does not take text: it cannot be focused (%v)", el.name(), err)
		}
		st = typeState{}
		if err := callOn(ctx, el, prepareTypeFn, &st, text); err != nil {
			if ctx.Err() != nil && tries > 0 {
				return focusTaken(el, on, "nothing was typed", err)
			}
			return elementGone(ctx, "element", err)
		}
		if !st.Field {
			break
		}
		if st.Focused {
			continue
		}
		on = st.FocusedOn
		if err := wait.Sleep(ctx, 50*time.Millisecond); err != nil {
			return focusTaken(el, on, "nothing was typed", err)
		}
	}
	if !st.Field {
		return stepErr(report.NotActionable, nil, "%s does not take text: it is not a text field (input, textarea, contenteditable) and gives the focus to none", el.name())
	}
	keyed := text != "" && listensForKeys(<-keyTargetsc)
	send := func() error {
		// The text replaces the field's selected content as it is typed,
		// as a person's select-all and keys do: a Backspace first is an
		// input of its own, on which a page may render the field anew
		// (a table's cell editor remounted) and lose the focus. An empty
		// text is typed as that Backspace.
		if st.Had && text == "" {
			if err := keyPress(ctx, r.Page, "Backspace", 0); err != nil {
				return err
			}
		}
		if err := ctx.Err(); err != nil {
			// Reading the listeners may have run into the deadline: DevTools
			// would still deliver the text.
			return stepErr(report.Timeout, err, "%s before the text was typed; it was not typed", ended(ctx))
		}
		typed := text
		if st.Keep {
			typed = st.Rest
		}
		if keyed {
			if err := keys.Type(r.Page.Context(ctx), typed); err != nil {
				return err
			}
		} else if typed != "" {
			if err := (proto.InputInsertText{Text: typed}).Call(r.Page.Context(ctx)); err != nil {
				return fmt.Errorf("Input.insertText: %w", err)
			}
		}
		r.debugf("  typed %d characters (key events: %v)", len([]rune(typed)), keyed)
		return nil
	}
	if err := send(); err != nil {
		return err
	}
	if f, err := r.checkTyped(ctx, el, text, st.Before, st.Near); err != nil {
		if !f.Field || f.Value != st.Before || ctx.Err() != nil || !r.textWentNowhere(ctx, el, f, keyed || st.Had) {
			return err
		}
		r.debugf("  the text reached no field: typed again")
		if !f.Focused {
			st = typeState{}
			if err := callOn(ctx, el, prepareTypeFn, &st, text); err != nil {
				return elementGone(ctx, "element", err)
			}
			if !st.Field || !st.Focused {
				return err
			}
		}
		if err := send(); err != nil {
			return err
		}
		if _, err := r.checkTyped(ctx, el, text, st.Before, st.Near); err != nil {
			return err
		}
	}
	if enter {
		return keyPress(ctx, r.Page, "Enter", 0)
	}
	return nil
}

// textWentNowhere reports whether text typed at el, of which its field f
// holds nothing, can have reached no other text field, so that typing it
// again types it once. Two ways the browser loses it:
//   - in a frame of its own process, the browser learns of the focus the
//     page gave the field a moment later than DevTools answers: keys sent
//     meanwhile go to the frame focused before, and the field still has
//     the focus of its document;
//   - a frame that commits in another process (a payment or an ad frame
//     that loads late) makes the browser give the focus back to the frame
//     it last knew focused, and the field loses it to an element that
//     takes no text.
//
// Where the focus went cannot be read (a frame of another origin), the
// text may have reached a field there: it is not typed again. Nor is text
// when keys were sent (keyed: the text as key events, or the Backspace that
// clears a field) anywhere but to the field: they may have done there what
// they do (a shortcut, a delete), whether an element took the focus away
// or the browser sent them to the frame it still knew focused.
func (r *Runner) textWentNowhere(ctx context.Context, el Elem, f fieldState, keyed bool) bool {
	inFrame := el.Element != nil && len(el.Element.FramePath) > 0
	switch {
	case keyed:
		return false
	case f.Focused:
		return inFrame
	case f.DocFocus:
		return f.ActiveText != nil && !*f.ActiveText
	}
	res, err := proto.RuntimeEvaluate{Expression: mainActiveTextJS, ReturnByValue: true}.Call(r.Page.Context(ctx))
	if err != nil || res.ExceptionDetails != nil || res.Result == nil {
		return false
	}
	var text *bool
	if err := res.Result.Value.Unmarshal(&text); err != nil {
		return false
	}
	return text != nil && !*text
}

// checkTyped checks that the field typed into took text: it holds text
// (typedAs), or the text shows around it where it did not before (near:
// a tag input made it a chip), now or, when not yet, once the page has
// settled (a page that applies keys through its own code, late). It
// returns the field as it last read it.
func (r *Runner) checkTyped(ctx context.Context, el Elem, text, before string, near bool) (fieldState, error) {
	var f fieldState
	for settled := false; ; settled = true {
		f = fieldState{}
		if err := callOn(ctx, el, fieldFn, &f, text); err != nil {
			return f, elementGone(ctx, "element", err)
		}
		if f.Field && f.Rich && text != "" {
			// Rich text was recorded as it read once typed: it must read
			// so again, line by line (a paragraph too many, an indent an
			// editor added, a formatting lost to retyping are no typo).
			if sameLines(f.Value, text) {
				return f, nil
			}
		} else if f.Field && typedAs(f.Value, text, before) {
			return f, nil
		}
		if f.Field && f.Near && !near && !f.Rich {
			r.debugf("  the field holds %q; the text typed shows beside it", clip(f.Value))
			return f, nil
		}
		if settled || ctx.Err() != nil {
			break
		}
		r.model().Settle(ctx)
	}
	if !f.Field {
		return f, stepErr(report.NoEffect, nil, "the text typed at %s reached no text field: the focus left it", el.name())
	}
	if f.Rich && text != "" {
		return f, stepErr(report.NoEffect, nil, "%s reads %q once typed into, not %q as when recorded", el.name(), clip(f.Value), clip(text))
	}
	return f, stepErr(report.NoEffect, nil, "%s did not take the text typed: it holds %q, typed %q", el.name(), clip(f.Value), clip(text))
}

// typedAs reports whether a field that held before and now holds now took
// text: it holds text, or alike but for case, spaces and punctuation (an
// input mask: "4242 4242" for "42424242"; text with letters or digits
// only), or something else than before that is not empty and holds every
// letter and digit typed (it formatted or completed the text: keptEvery),
// or, for text "", it was emptied. A field that still
// holds what it held, or was only emptied, did not take the text; nor did
// one that holds only the start of it ("Depl" for "Deploy v2": keys lost
// to a focus moved away, or a length limit the field did not have when
// the step was recorded); nor one that holds it twice, or after what it
// held (the keys sent again, or the field not cleared). A field that kept
// one kind of characters and
// left out another ("100" for "100 USD": a field of digits) took it, as
// did one that shows the number typed in another form ("10" for "10.00").
func typedAs(now, text, before string) bool {
	an, at := alnum(now), alnum(text)
	switch {
	case now == text:
		return true
	case at != "" && an == at:
		return true
	case sameNumber(now, text) && now != before:
		return true
	case text == "" && an == "":
		return true
	case an != "" && len(an) < len(at) && strings.HasPrefix(at, an) && sameKind(an, at[len(an):]):
		return false
	case len(text) > 1 && strings.Count(now, text) > 1, before != "" && now == before+text:
		// Typed twice, or after what the field held without clearing it.
		return false
	}
	return now != before && strings.TrimSpace(now) != "" && keptEvery(an, at)
}

// keptEvery reports whether an, a field's letters and digits, holds every
// letter and every digit of at, the text typed, as many times (in any
// order: a date shown in another order): for each kind, letters or
// digits, an holds any of. A key the field lost ("jon" for "john") is not
// a text taken; a kind the field left out whole (a field of digits) is.
func keptEvery(an, at string) bool {
	held := map[rune]int{}
	letters, digits := false, false
	for _, r := range an {
		held[r]++
		letters = letters || unicode.IsLetter(r)
		digits = digits || unicode.IsDigit(r)
	}
	for _, r := range at {
		if unicode.IsLetter(r) && !letters || unicode.IsDigit(r) && !digits {
			continue
		}
		if held[r]--; held[r] < 0 {
			return false
		}
	}
	return true
}

// sameLines reports whether rich text a reads as b, line by line: the
// same lines, blank ones included, each with its indent, the white space
// at its end, the blank lines at either end, an editor's caret marks
// (U+FEFF, the zero-width characters U+200B-U+200D and U+2060) aside,
// and a no-break space read as a space.
func sameLines(a, b string) bool {
	fold := strings.NewReplacer("\uFEFF", "", "\u200B", "", "\u200C", "", "\u200D", "", "\u2060", "", "\r\n", "\n", "\u00a0", " ")
	lines := func(s string) []string {
		var out []string
		for _, l := range strings.Split(fold.Replace(s), "\n") {
			out = append(out, strings.TrimRight(l, " \t"))
		}
		for len(out) > 0 && out[0] == "" {
			out = out[1:]
		}
		for len(out) > 0 && out[len(out)-1] == "" {
			out = out[:len(out)-1]
		}
		return out
	}
	return slices.Equal(lines(a), lines(b))
}

// sameKind reports whether rest holds a character of a kind kept holds
// too (a letter, a digit): text the field would have taken, cut off.
func sameKind(kept, rest string) bool {
	has := func(s string, f func(rune) bool) bool { return strings.IndexFunc(s, f) >= 0 }
	return has(kept, unicode.IsLetter) && has(rest, unicode.IsLetter) || has(kept, unicode.IsDigit) && has(rest, unicode.IsDigit)
}

// sameNumber reports whether a and b are both numbers, and the same one
// ("10.50" and "10.5", "1e3" and "1000").
func sameNumber(a, b string) bool {
	x, errA := strconv.ParseFloat(strings.TrimSpace(a), 64)
	y, errB := strconv.ParseFloat(strings.TrimSpace(b), 64)
	return errA == nil && errB == nil && x == y && !math.IsNaN(x) && !math.IsInf(x, 0)
}

// alnum is s folded to lower case, with only its letters and digits.
func alnum(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return unicode.ToLower(r)
		}
		return -1
	}, s)
}

// setValue sets the value of an input of setTypes and checks it holds it
// as an input of its type would (setValueFn).
func (r *Runner) setValue(ctx context.Context, el Elem, text string) error {
	var v struct{ Now, Want string }
	if err := callOn(ctx, el, setValueFn, &v, text); err != nil {
		return elementGone(ctx, "element", err)
	}
	if v.Now != v.Want || v.Now == "" && text != "" {
		return stepErr(report.NoEffect, nil, "%s did not take the value %q: it holds %q", el.name(), clip(text), clip(v.Now))
	}
	r.debugf("  set the value %q", clip(text))
	return nil
}
