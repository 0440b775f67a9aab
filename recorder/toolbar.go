package recorder

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"time"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
)

//go:embed toolbar.js
var toolbarJS string

// The recorder's modes, as the toolbar shows them and the page's listener
// acts on them.
const (
	ModeRecord       = "record"
	ModePaused       = "paused"
	ModeAssertVisual = "assert-visible"
	ModeAssertText   = "assert-text"
	ModeAssertValue  = "assert-value"
)

// toolbarSteps is how many of the last steps the toolbar lists.
const toolbarSteps = 4

// uiState is what the toolbar shows (toolbar.js show).
type uiState struct {
	Mode  string   `json:"mode"`
	Steps []uiStep `json:"steps"`
	Count int      `json:"count"`
}

type uiStep struct {
	Line string `json:"line"`
	N    int    `json:"n"`
}

// Mode returns the recorder's mode: ModeRecord, ModePaused or one of the
// assert modes.
func (r *Recorder) Mode() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.modeLocked()
}

func (r *Recorder) modeLocked() string {
	switch {
	case r.asserting != "":
		return r.asserting
	case r.paused:
		return ModePaused
	}
	return ModeRecord
}

// onTool handles a toolbar button (or a frame's hello, when its listener
// starts): pause, resume, the assert modes, cancel, undo and stop.
func (r *Recorder) onTool(e *pageEvent) {
	r.mu.Lock()
	switch e.Cmd {
	case "hello":
		r.hello[e.frame] = true
	case "pause":
		r.flushTypeLocked()
		if !r.paused {
			r.paused = true
			r.pausedAt = map[*tab]string{}
			for _, t := range r.tabs {
				r.pausedAt[t] = t.url
			}
		}
	case "resume":
		if r.paused {
			r.paused = false
			// Where a page went while paused, replay must go too.
			for _, t := range r.opened {
				if t.closed || t.url == "" || t.url == r.pausedAt[t] || (t.index < 0 && t != r.first) {
					continue
				}
				r.flow.Steps = append(r.flow.Steps, chain.Step{Action: chain.Navigate, URL: t.url, Page: r.pageIndexLocked(t),
					Comment: "the page went here while recording was paused"})
				r.lastIdx, r.lastKey, r.clickIdx, r.userIdx = len(r.flow.Steps)-1, refKey{}, -1, -1
				r.changedLocked(StepAdded, r.lastIdx, "")
			}
		}
	case ModeAssertVisual, ModeAssertText, ModeAssertValue:
		r.flushTypeLocked()
		if r.asserting == e.Cmd {
			r.asserting = "" // the same button again leaves the mode
		} else {
			r.asserting = e.Cmd
		}
	case "cancel":
		r.asserting = ""
	case "undo":
		r.undoLocked()
	case "stop":
		r.mu.Unlock()
		r.Finish("stopped from the toolbar")
		return
	default:
		r.logf("recorder: unknown toolbar command %q", e.Cmd)
	}
	r.mu.Unlock()
	r.kickUI()
}

// undoLocked removes the last step (pending typing ends first); the
// included flow a recording started after stays.
func (r *Recorder) undoLocked() {
	r.flushTypeLocked()
	n := len(r.flow.Steps)
	if n == 0 || r.flow.Steps[n-1].Include != "" {
		return
	}
	gone := r.flow.Steps[n-1]
	r.flow.Steps = r.flow.Steps[:n-1]
	r.lastIdx, r.lastKey, r.clickIdx, r.lastType = n-2, refKey{}, -1, nil
	if r.userIdx >= n-1 {
		r.userIdx = -1
	}
	for k, idx := range r.effectStep {
		if idx >= n-1 {
			delete(r.effectStep, k)
		}
	}
	r.saveLocked()
	if r.opts.OnStep != nil {
		r.opts.OnStep(StepEvent{Kind: StepRemoved, Index: n, Step: gone})
	}
}

// kickUI asks the toolbar worker to show the current state.
func (r *Recorder) kickUI() {
	select {
	case r.uiKick <- struct{}{}:
	default:
	}
}

// uiLoop keeps the toolbar and every frame's listener up to date: after
// each change it shows the state in the top frame and sends the mode to
// every frame whose mode is not it (a frame that just said hello is
// assumed to be recording).
func (r *Recorder) uiLoop(ctx context.Context) {
	sent := map[proto.PageFrameID]string{}
	for {
		select {
		case <-ctx.Done():
			return
		case <-r.done:
			return
		case <-r.uiKick:
		}
		r.mu.Lock()
		st := uiState{Mode: r.modeLocked(), Count: len(r.flow.Steps)}
		from := max(0, len(r.flow.Steps)-toolbarSteps)
		for i := from; i < len(r.flow.Steps); i++ {
			s := r.flow.Steps[i]
			u := uiStep{Line: Line(i+1, s)}
			if s.Target != nil {
				u.N = len(s.Target.Chain)
			}
			st.Steps = append(st.Steps, u)
		}
		type dest struct {
			id  proto.PageFrameID
			f   frame
			top bool
		}
		var ds []dest
		for id, f := range r.frames {
			if f.sess == nil || f.ctx == 0 {
				continue
			}
			if r.hello[id] {
				delete(r.hello, id)
				sent[id] = ModeRecord
			}
			ds = append(ds, dest{id, *f, r.tabs[id] != nil})
		}
		r.mu.Unlock()
		js, _ := json.Marshal(st)
		for _, d := range ds {
			cctx, cancel := context.WithTimeout(ctx, 2*time.Second)
			if d.top && !r.opts.NoToolbar {
				_, _ = proto.RuntimeEvaluate{Expression: "window.__chainrecUI && window.__chainrecUI.show(" + string(js) + ")",
					ContextID: d.f.ctx}.Call(d.f.sess.Context(cctx))
			}
			if sent[d.id] != st.Mode {
				m, _ := json.Marshal(st.Mode)
				res, err := proto.RuntimeEvaluate{Expression: "window.__chainrec && window.__chainrec.mode(" + string(m) + ")",
					ContextID: d.f.ctx, ReturnByValue: true}.Call(d.f.sess.Context(cctx))
				if err == nil && res.ExceptionDetails == nil && res.Result.Value.Str() == st.Mode {
					sent[d.id] = st.Mode
				}
			}
			cancel()
		}
		r.mu.Lock()
		for id := range sent {
			if r.frames[id] == nil {
				delete(sent, id)
			}
		}
		r.uiShown++
		close(r.uiSeen)
		r.uiSeen = make(chan struct{})
		r.mu.Unlock()
	}
}

// UIShown returns how many times the toolbar worker has brought the page
// up to date, and a channel closed the next time: how a drive line waits
// until the page is in the mode a toolbar press asked for.
func (r *Recorder) UIShown() (int, <-chan struct{}) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.uiShown, r.uiSeen
}

// ToolbarBox returns where a toolbar button ("pause", "assert-text",
// "undo", "move", ...; "bar" for the whole toolbar) is in the top viewport.
func (r *Recorder) ToolbarBox(ctx context.Context, name string) (chain.Rect, error) {
	if r.opts.NoToolbar {
		return chain.Rect{}, fmt.Errorf("the toolbar is off (--no-toolbar)")
	}
	sess, cid, ok := r.FrameSession(r.TopFrame())
	if !ok {
		return chain.Rect{}, fmt.Errorf("the page has no document yet")
	}
	n, _ := json.Marshal(name)
	res, err := proto.RuntimeEvaluate{Expression: "JSON.stringify(window.__chainrecUI ? window.__chainrecUI.box(" + string(n) + ") : null)",
		ContextID: cid, ReturnByValue: true}.Call(sess.Context(ctx))
	if err != nil {
		return chain.Rect{}, err
	}
	var b *struct{ X, Y, W, H float64 }
	if res.ExceptionDetails != nil || json.Unmarshal([]byte(res.Result.Value.Str()), &b) != nil || b == nil || b.W <= 0 || b.H <= 0 {
		return chain.Rect{}, fmt.Errorf("the toolbar has no %q button on this page", name)
	}
	return chain.Rect{X: b.X, Y: b.Y, Width: b.W, Height: b.H}, nil
}
