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
// step under way recorded it (chain.Step.JSDialogs, in order, by type),
// else as nobody's consent: an alert or a beforeunload is accepted (OK,
// leave: what the recording went on to do), a confirm or a prompt that
// the recording never answered is dismissed (Cancel), and the step fails
// with UNEXPECTED_DIALOG: the page asked a question the flow has no
// answer to, and answering it OK might delete or send what nobody chose.
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
	// recorded is set when the answer was the recording's; unexpected
	// when a confirm or prompt had none and was dismissed.
	recorded, unexpected bool
	// wanted is the recorded message, when it differs.
	wanted string
	err    error
}

// WatchDialogs answers, until ctx ends, the JavaScript dialogs r's page
// opens, as the step under way (Step) recorded them; see jsDialogs. A
// runner that is not watching leaves them open: the page stalls until
// someone answers.
func (r *Runner) WatchDialogs(ctx context.Context) {
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
	if d.step != nil {
		for i := d.next; i < len(d.step.JSDialogs); i++ {
			rec := d.step.JSDialogs[i]
			if rec.Type != got.Type {
				continue
			}
			d.next = i + 1
			got.recorded, got.Accept = true, rec.Accept
			if got.Accept && rec.Type == "prompt" {
				text, err := chain.ResolveSecrets(rec.Text, d.lookup)
				if err != nil {
					got.Accept, got.err = false, err
				}
				got.Text = text
			}
			if collapse(rec.Message) != collapse(e.Message) {
				got.wanted = rec.Message
			}
			break
		}
	}
	if !got.recorded {
		switch e.Type {
		case proto.PageDialogTypeAlert, proto.PageDialogTypeBeforeunload:
			got.Accept = true
		default:
			got.unexpected = true
		}
	}
	d.seen = append(d.seen, got)
	d.mu.Unlock()
	// Outside the lock: the call returns once the page has the answer.
	_ = proto.PageHandleJavaScriptDialog{Accept: got.Accept, PromptText: got.Text}.Call(page) //nolint:errcheck // the page may be gone
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
		case g.unexpected && err == nil:
			err = stepErr(report.UnexpectedDialog, nil, "the page asked %q (a %s) and the recording has no answer to it: dismissed it; record the step again or give it js_dialogs",
				clip(g.Message), g.Type)
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
