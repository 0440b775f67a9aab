package decision

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/internal/wait"
	"github.com/qa-chain/chainreplay/report"
)

// fieldJS defines what typing needs to know of an element: textField(el),
// the element that takes text typed at el (el itself when it is a text
// field, else the field focusing it gave the focus to, through open
// shadow roots: a custom element that delegates its focus), or null;
// fieldValue(f), the text it holds; shownNear(f, text), whether the text
// shows around the field (in one of its three nearest ancestors: a tag
// input turns what was typed into a chip beside it, and empties itself);
// and setTypes, the input types that are set rather than typed into
// (their pickers take no text).
const fieldJS = `
const typedTypes = new Set(["text", "search", "url", "tel", "password", "email", "number"]);
const setTypes = new Set(["date", "time", "datetime-local", "month", "week", "color", "range"]);
function takesText(x) {
	return !!x && (x.tagName === "TEXTAREA" || x.tagName === "INPUT" && typedTypes.has(x.type) || x.isContentEditable === true);
}
function textField(el) {
	if (takesText(el)) return el;
	let a = el.ownerDocument.activeElement;
	while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
	return takesText(a) ? a : null;
}
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
// the whole content of the field that took the focus; it reports its
// state, the field's content, and whether the element is an input whose
// value is set rather than typed (setTypes).
const prepareTypeFn = `function (text) {` + fieldJS + `
	const el = this;
	if (!el.isConnected) return {connected: false};
	const visible = typeof el.checkVisibility === "function"
		? el.checkVisibility({visibilityProperty: true}) : !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
	const enabled = !(el.disabled === true || el.readOnly === true || el.getAttribute("aria-disabled") === "true");
	if (!visible || !enabled) return {connected: true, visible, enabled};
	if (el.tagName === "INPUT" && setTypes.has(el.type)) return {connected: true, visible, enabled, set: true};
	el.focus();
	const f = textField(el);
	const st = {connected: true, visible, enabled, focused: el.getRootNode().activeElement === el || document.activeElement === el,
		field: !!f, before: f ? fieldValue(f) : "", near: !!f && shownNear(f, text)};
	if (!f) return st;
	st.had = st.before !== "";
	if (!st.had) return st;
	if (f.isContentEditable) {
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
	// Field: a text field takes what is typed (fieldJS); Before is what
	// it held, Had whether that was anything.
	Field  bool   `json:"field"`
	Before string `json:"before"`
	Had    bool   `json:"had"`
	// Near: the text showed around the field before typing (fieldJS).
	Near bool `json:"near"`
	// Set: the element is an input whose value is set (setTypes).
	Set bool `json:"set"`
}

// fieldFn reports whether a text field takes what is typed at the element
// now, what it holds, and whether the text shows around it.
const fieldFn = `function (text) {` + fieldJS + `
	const f = textField(this);
	return f ? {field: true, value: fieldValue(f), near: shownNear(f, text)} : {field: false};
}`

type fieldState struct {
	Field bool   `json:"field"`
	Value string `json:"value"`
	Near  bool   `json:"near"`
}

// setValueFn sets the value of an input of one of setTypes as a user's
// choice in its picker would (input and change), and reports the value it
// then holds (the browser's sanitized one: "" for a date it cannot read).
const setValueFn = `function (v) {
	const el = this;
	el.focus();
	const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set;
	set.call(el, v);
	el.dispatchEvent(new Event("input", {bubbles: true, composed: true}));
	el.dispatchEvent(new Event("change", {bubbles: true}));
	return el.value;
}`

// typeInto: wait until the element is visible and enabled, focus it, clear
// it (select all + Backspace), type, check the text reached the field
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
	for {
		if err := callOn(ctx, el, prepareTypeFn, &st, text); err != nil {
			return stepErr(report.ElementNotFound, err, "the element went away: %v", err)
		}
		if !st.Connected {
			return stepErr(report.ElementNotFound, nil, "the element was removed from the page")
		}
		if st.Visible && st.Enabled {
			break
		}
		why := "the element is not visible"
		if st.Visible {
			why = "the element is disabled or read-only"
		}
		if err := wait.Sleep(ctx, 20*time.Millisecond); err != nil {
			return stepErr(report.NotActionable, err, "%s: %s", el.name(), why)
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
	if !st.Focused {
		// Focus through DevTools when the page function could not.
		if err := r.focus(ctx, el); err != nil {
			if !st.Field {
				return stepErr(report.NotActionable, err, "%s does not take text: it is not a text field (input, textarea, contenteditable) and cannot be focused", el.name())
			}
			return err
		}
		var f fieldState
		if err := callOn(ctx, el, fieldFn, &f, text); err != nil {
			return stepErr(report.ElementNotFound, err, "the element went away: %v", err)
		}
		st.Field, st.Before, st.Near = f.Field, f.Value, f.Near
	}
	if !st.Field {
		return stepErr(report.NotActionable, nil, "%s does not take text: it is not a text field (input, textarea, contenteditable) and gives the focus to none", el.name())
	}
	if st.Had {
		if err := keyPress(ctx, r.Page, "Backspace", 0); err != nil {
			return err
		}
	}
	keyed := text != "" && listensForKeys(<-keyTargetsc)
	if keyed {
		if err := typeText(ctx, r.Page, text); err != nil {
			return err
		}
	} else if text != "" {
		if err := (proto.InputInsertText{Text: text}).Call(r.Page.Context(ctx)); err != nil {
			return fmt.Errorf("Input.insertText: %w", err)
		}
	}
	r.debugf("  typed %d characters (key events: %v)", len([]rune(text)), keyed)
	if err := r.checkTyped(ctx, el, text, st.Before, st.Near); err != nil {
		return err
	}
	if enter {
		return keyPress(ctx, r.Page, "Enter", 0)
	}
	return nil
}

// checkTyped checks that the field typed into took text: it holds text
// (typedAs), or the text shows around it where it did not before (near:
// a tag input made it a chip), now or, when not yet, once the page has
// settled (a page that applies keys through its own code, late).
func (r *Runner) checkTyped(ctx context.Context, el Elem, text, before string, near bool) error {
	var f fieldState
	for settled := false; ; settled = true {
		if err := callOn(ctx, el, fieldFn, &f, text); err != nil {
			return stepErr(report.ElementNotFound, err, "the element went away: %v", err)
		}
		if f.Field && typedAs(f.Value, text, before) {
			return nil
		}
		if f.Field && f.Near && !near {
			r.debugf("  the field holds %q; the text typed shows beside it", clip(f.Value))
			return nil
		}
		if settled || ctx.Err() != nil {
			break
		}
		r.model().Settle(ctx)
	}
	if !f.Field {
		return stepErr(report.NoEffect, nil, "the text typed at %s reached no text field: the focus left it", el.name())
	}
	return stepErr(report.NoEffect, nil, "%s did not take the text typed: it holds %q, typed %q", el.name(), clip(f.Value), clip(text))
}

// typedAs reports whether a field that held before and now holds now took
// text: it holds text, alike but for case, spaces and punctuation (an
// input mask: "4242 4242" for "42424242"), or something else than before
// that is not empty (it formatted, completed or cut the text), or, for
// text "", it was emptied. A field that still holds what it held, or was
// only emptied, did not take the text.
func typedAs(now, text, before string) bool {
	if alnum(now) == alnum(text) {
		return true
	}
	return now != before && strings.TrimSpace(now) != ""
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

// setValue sets the value of an input of setTypes and checks it took it
// (the browser writes a color in lower case).
func (r *Runner) setValue(ctx context.Context, el Elem, text string) error {
	var now string
	if err := callOn(ctx, el, setValueFn, &now, text); err != nil {
		return stepErr(report.ElementNotFound, err, "the element went away: %v", err)
	}
	if !strings.EqualFold(now, text) && alnum(now) != alnum(text) {
		return stepErr(report.NoEffect, nil, "%s did not take the value %q: it holds %q", el.name(), clip(text), clip(now))
	}
	r.debugf("  set the value %q", clip(text))
	return nil
}
