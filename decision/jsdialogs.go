package decision

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/report"
)

// jsDialogs answers the JavaScript dialogs (alert, confirm, prompt,
// beforeunload) one page opens. While such a dialog is open the page runs
// nothing, and every call into it waits: it is answered at once, as the
// step under way recorded it (chain.Step.JSDialogs, in order: the next
// recorded one of its type whose message is the same, white space aside,
// or that recorded no message), else as nobody's consent: an alert or a
// beforeunload is accepted (OK, leave: what the recording went on to do),
// a confirm or a prompt that the recording never answered is dismissed
// (Cancel) and the step fails with UNEXPECTED_DIALOG: the page asked a
// question the flow has no answer to, and answering it OK might delete or
// send what nobody chose. A confirm or prompt that reads otherwise than
// the recorded one ("Delete “Buy milk”?" where "Delete “Pay the rent”?"
// was confirmed) is such a question too: the step may have reached
// another item than it did when recorded.
type jsDialogs struct {
	mu     sync.Mutex
	step   *chain.Step
	lookup func(string) (string, bool)
	next   int        // the index in step.JSDialogs of the next to match
	seen   []jsDialog // since the step began (and before it, since the last ended)
}

// jsDialog is a dialog the page opened and how it was answered.
type jsDialog struct {
	chain.JSDialog
	// recorded is set when a recorded dialog matched it; unexpected when
	// a confirm or prompt was dismissed for want of an answer: none was
	// recorded, or the OK recorded was to another question (wanted).
	recorded, unexpected bool
	// wanted is the recorded message, when it differs.
	wanted string
	err    error
}

// WatchDialogs answers, until ctx ends, the JavaScript dialogs r's page
// opens, as the step under way (Step) recorded them; see jsDialogs. A
// runner that is not watching leaves them open: the page stalls until
// someone answers. A dialog that opened before the watch began stays open.
// It is called once, before the runner's first step; later calls do
// nothing.
func (r *Runner) WatchDialogs(ctx context.Context) {
	if r.dialogs != nil {
		return
	}
	d := &jsDialogs{lookup: r.lookup()}
	r.dialogs = d
	page := r.Page.Context(ctx)
	wait := page.EachEvent(func(e *proto.PageJavascriptDialogOpening) {
		d.answer(page, e)
	})
	go wait()
}

// answer answers e on page.
func (d *jsDialogs) answer(page *rod.Page, e *proto.PageJavascriptDialogOpening) {
	d.mu.Lock()
	got := jsDialog{JSDialog: chain.JSDialog{Type: string(e.Type), Message: e.Message}}
	if rec, ok := d.match(got.Type, e.Message); ok {
		got.recorded, got.Accept = true, rec.Accept
		if rec.Message != "" && collapse(rec.Message) != collapse(e.Message) {
			got.wanted = rec.Message
		}
		if got.Accept && rec.Type == "prompt" {
			text, err := chain.ResolveSecrets(rec.Text, d.lookup)
			if err != nil {
				got.Accept, got.err = false, err
			}
			got.Text = text
		}
	}
	if !got.recorded || got.wanted != "" && got.Accept && (got.Type == "confirm" || got.Type == "prompt") {
		switch e.Type {
		case proto.PageDialogTypeAlert, proto.PageDialogTypeBeforeunload:
			got.Accept = true
		default:
			got.Accept, got.Text, got.unexpected = false, "", true
		}
	}
	d.seen = append(d.seen, got)
	d.mu.Unlock()
	// Outside the lock: the call returns once the page has the answer.
	_ = proto.PageHandleJavaScriptDialog{Accept: got.Accept, PromptText: got.Text}.Call(page) //nolint:errcheck // the page may be gone
}

// match takes the step's next recorded dialog of type typ: the first whose
// message is msg (white space aside) or empty, else the first of the type
// (whose other message the caller weighs). d.mu is held.
func (d *jsDialogs) match(typ, msg string) (chain.JSDialog, bool) {
	if d.step == nil {
		return chain.JSDialog{}, false
	}
	at := -1
	for i := d.next; i < len(d.step.JSDialogs); i++ {
		rec := d.step.JSDialogs[i]
		if rec.Type != typ {
			continue
		}
		if rec.Message == "" || collapse(rec.Message) == collapse(msg) {
			at = i
			break
		}
		if at < 0 {
			at = i
		}
	}
	if at < 0 {
		return chain.JSDialog{}, false
	}
	d.next = at + 1
	return d.step.JSDialogs[at], true
}

// awaited is the first dialog the step recorded that a person sees
// (an alert, a confirm, a prompt: not a beforeunload), when no dialog
// at all opened since the step began; ok is false otherwise.
func (d *jsDialogs) awaited() (rec chain.JSDialog, ok bool) {
	if d == nil {
		return rec, false
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.step == nil || len(d.seen) > 0 {
		return rec, false
	}
	for _, rec := range d.step.JSDialogs {
		if rec.Type != string(proto.PageDialogTypeBeforeunload) {
			return rec, true
		}
	}
	return rec, false
}

// begin makes s the step whose recorded dialogs answer the page's.
func (d *jsDialogs) begin(s *chain.Step) {
	if d == nil {
		return
	}
	d.mu.Lock()
	d.step, d.next = s, 0
	d.mu.Unlock()
}

// end closes the step: it returns the notes on the dialogs seen since it
// began (and before, since the last step ended) and on the recorded ones
// that did not open, and the error of the first that fails it.
func (d *jsDialogs) end() (notes []string, err error) {
	if d == nil {
		return nil, nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, g := range d.seen {
		switch {
		case g.err != nil && err == nil:
			err = stepErr(report.SecretMissing, g.err, "the %s %q was dismissed: its recorded answer: %v", g.Type, clip(g.Message), g.err)
		case g.unexpected && g.wanted != "" && err == nil:
			err = stepErr(report.UnexpectedDialog, nil, "the page asked %q (a %s) where the recording answered OK to %q: dismissed it; the step may have reached another item than when recorded",
				clip(g.Message), g.Type, clip(g.wanted))
		case g.unexpected && err == nil:
			err = stepErr(report.UnexpectedDialog, nil, "the page asked %q (a %s) and the recording has no answer to it: dismissed it; record the step again or give it js_dialogs",
				clip(g.Message), g.Type)
		case g.unexpected:
			notes = append(notes, fmt.Sprintf("the page also asked %q (a %s): dismissed it", clip(g.Message), g.Type))
		case g.recorded && g.wanted != "":
			notes = append(notes, fmt.Sprintf("the %s read %q, recorded %q: answered %s as recorded", g.Type, clip(g.Message), clip(g.wanted), g.Answer()))
		case !g.recorded && !g.unexpected:
			notes = append(notes, fmt.Sprintf("the page showed a%s %s the recording did not: %q; answered %s", article(g.Type), g.Type, clip(g.Message), g.Answer()))
		}
	}
	if d.step != nil {
		for _, rec := range d.step.JSDialogs[min(d.next, len(d.step.JSDialogs)):] {
			notes = append(notes, fmt.Sprintf("the recorded %s %q did not open", rec.Type, clip(rec.Message)))
		}
	}
	d.step, d.next, d.seen = nil, 0, nil
	return notes, err
}

func article(word string) string {
	if strings.ContainsAny(word[:1], "aeiou") {
		return "n"
	}
	return ""
}
