package recorder

import (
	"context"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
)

// The JavaScript dialogs (alert, confirm, prompt, beforeunload) of the
// recorded pages: while one is open its page runs nothing, and every call
// into it waits. In a window the person answers it; in a recording no one
// watches (Options.AnswerDialogs: headless, a --drive script) the recorder
// answers it at once as a person who reads it and clicks OK (leave, for
// beforeunload; a prompt's default text): a headless browser says it has
// a handler for dialogs (HasBrowserHandler) and shows none. Either way,
// once closed the dialog is recorded, with its answer, on the step the
// person last took (chain.Step.JSDialogs), which replay answers the same.

// answerDialogs answers, until events end, the dialogs of the recorded
// pages (Options.AnswerDialogs). It runs beside the event loop, which may
// be waiting on the very page the dialog holds.
func (r *Recorder) answerDialogs(events <-chan *rod.Message) {
	for msg := range events {
		if msg.Method != "Page.javascriptDialogOpening" {
			continue
		}
		var e proto.PageJavascriptDialogOpening
		r.mu.Lock()
		s, preparing := r.sessions[msg.SessionID], r.preparing
		r.mu.Unlock()
		if s == nil || preparing || !msg.Load(&e) {
			continue // while Options.Prepare replays, replay answers as its flow recorded
		}
		r.logf("recorder: answered the %s %q: OK", e.Type, e.Message)
		_ = proto.PageHandleJavaScriptDialog{Accept: true, PromptText: e.DefaultPrompt}.Call(s) //nolint:errcheck // the page may be gone
	}
}

// onDialogOpening notes the dialog that sess's page opened, for its close.
func (r *Recorder) onDialogOpening(sess proto.TargetSessionID, e *proto.PageJavascriptDialogOpening) {
	r.mu.Lock()
	r.dialogs[sess] = e
	r.mu.Unlock()
}

// onDialogClosed records the dialog sess's page closed, with its answer,
// on the step the person last took; one that opened before any step, or
// while recording is paused, is not recorded.
func (r *Recorder) onDialogClosed(sess proto.TargetSessionID, e *proto.PageJavascriptDialogClosed) {
	r.mu.Lock()
	defer r.mu.Unlock()
	open := r.dialogs[sess]
	delete(r.dialogs, sess)
	if open == nil || !r.started || r.paused || r.userIdx < 0 {
		return
	}
	d := chain.JSDialog{Type: string(open.Type), Message: open.Message, Accept: e.Result}
	if d.Type == "prompt" && e.Result {
		d.Text = e.UserInput
	}
	s := &r.flow.Steps[r.userIdx]
	s.JSDialogs = append(s.JSDialogs, d)
	r.changedLocked(StepDialog, r.userIdx, "")
}

// watchDialogs starts answerDialogs on the browser's events until ctx
// ends, when the recorder answers dialogs.
func (r *Recorder) watchDialogs(ctx context.Context) {
	if r.opts.AnswerDialogs {
		go r.answerDialogs(r.b.Context(ctx).Event())
	}
}
