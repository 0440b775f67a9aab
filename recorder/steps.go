package recorder

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/go-rod/rod/lib/proto"
	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/keys"
)

// How long after a user's step a navigation still counts as caused by it.
const (
	causedNavigationWindow = 2 * time.Second
	causedRouteWindow      = 1500 * time.Millisecond
	captureWait            = 3 * time.Second
)

// onPageEvent turns one report of the page into steps.
func (r *Recorder) onPageEvent(ctx context.Context, e *pageEvent) {
	key := refKey{e.frame, e.ID}
	switch e.K {
	case "down":
		r.startCapture(ctx, e.frame, e.ID)
		if len(e.RV) > 0 {
			rvs := make([]refKey, len(e.RV))
			for i, id := range e.RV {
				rvs[i] = refKey{e.frame, id}
				r.startCapture(ctx, e.frame, id)
			}
			r.mu.Lock()
			r.reveals[key] = rvs
			r.mu.Unlock()
		}
	case "over":
		r.startCapture(ctx, e.frame, e.ID) // a drag's drop target, before the drop
	case "assert":
		r.onAssert(ctx, e, key)
	case "drag":
		r.flushType()
		r.addReveal(ctx, e, key)
		src := r.element(ctx, e, key)
		tk := refKey{e.frame, e.To}
		to := r.element(ctx, &pageEvent{K: "drop", ID: e.To, C: e.TC, R: e.TR, frame: e.frame}, tk)
		from := chain.Point{X: e.X + src.FrameOffset.X, Y: e.Y + src.FrameOffset.Y}
		s := chain.Step{Action: chain.Drag, Target: BuildTarget(src, &from),
			Offset: &chain.Point{X: round2(max(e.OX, 0)), Y: round2(max(e.OY, 0))}}
		var at *chain.Point
		if e.TR != nil {
			at = &chain.Point{X: e.TR.X + e.TX + to.FrameOffset.X, Y: e.TR.Y + e.TY + to.FrameOffset.Y}
		}
		s.DropTarget = BuildTarget(to, at)
		s.DropOffset = &chain.Point{X: round2(max(e.TX, 0)), Y: round2(max(e.TY, 0))}
		r.addStep(s, key, true, "")
		r.noteEffect(e)
	case "click":
		r.mu.Lock()
		inField := r.pend != nil && r.pend.key == key
		r.mu.Unlock()
		if inField {
			return // moving the caret in the field being typed into
		}
		r.flushType()
		r.addReveal(ctx, e, key)
		var el *Element
		if e.Gone {
			// Described as it was pressed: what DevTools would read of it
			// now is a node off the page.
			r.mu.Lock()
			delete(r.captures, key)
			r.mu.Unlock()
			el = r.pressedElement(ctx, e)
		} else {
			el = r.element(ctx, e, key)
		}
		pt := chain.Point{X: e.X + el.FrameOffset.X, Y: e.Y + el.FrameOffset.Y}
		s := chain.Step{Action: chain.Click, Target: BuildTarget(el, &pt), Modifiers: e.M,
			Offset: &chain.Point{X: round2(max(e.OX, 0)), Y: round2(max(e.OY, 0))}}
		switch e.B {
		case 1:
			s.Button = "middle"
		case 2:
			s.Button = "right"
		}
		if e.Chk != nil {
			s.Action = chain.Uncheck
			if *e.Chk {
				s.Action = chain.Check
			}
		}
		r.addStep(s, key, true, "")
		r.noteEffect(e)
	case "dblclick":
		r.flushType()
		if r.amendLast(key, chain.Click, func(s *chain.Step) { s.Action = chain.DblClick }) {
			r.noteEffect(e)
			return
		}
		el := r.element(ctx, e, key)
		pt := chain.Point{X: e.X + el.FrameOffset.X, Y: e.Y + el.FrameOffset.Y}
		r.addStep(chain.Step{Action: chain.DblClick, Target: BuildTarget(el, &pt), Modifiers: e.M,
			Offset: &chain.Point{X: round2(max(e.OX, 0)), Y: round2(max(e.OY, 0))}}, key, true, "")
		r.noteEffect(e)
	case "input":
		r.onInput(ctx, e, key)
	case "change":
		r.mu.Lock()
		if r.pend != nil && r.pend.key == key {
			r.flushTypeLocked()
		}
		r.mu.Unlock()
	case "key":
		if !keys.Valid(e.Key) {
			return
		}
		r.flushType()
		s := chain.Step{Action: chain.Press, Key: e.Key, Modifiers: e.M}
		if e.ID != 0 {
			// The element acted on last, described then. Where a field
			// was described as the typing into it began, where it stood
			// then is no evidence of where it stands as the key comes:
			// the typing may have moved it (a list it filtered, above it,
			// grew shorter), so no coordinates strategy goes with it
			// where others do.
			var typed bool
			if s.Target, typed = r.reuseTarget(key); s.Target != nil && typed {
				if words := slices.DeleteFunc(slices.Clone(s.Target.Chain), func(st chain.Strategy) bool { return st.Type == chain.Coordinates }); len(words) > 0 {
					s.Target.Chain = words
				}
			}
			if s.Target == nil {
				el := r.element(ctx, e, key)
				s.Target = BuildTarget(el, nil)
			}
		}
		r.addStep(s, key, true, "")
		r.noteEffect(e)
	case "select":
		r.flushType()
		if r.amendLast(key, chain.Select, func(s *chain.Step) { s.Value, s.Label = derefStr(e.V), e.L }) {
			r.noteEffect(e)
			return
		}
		el := r.element(ctx, e, key)
		r.addStep(chain.Step{Action: chain.Select, Target: BuildTarget(el, nil), Value: derefStr(e.V), Label: e.L}, key, true, "")
		r.noteEffect(e)
	case "upload":
		r.flushType()
		el := r.element(ctx, e, key)
		if len(e.F) == 0 {
			return
		}
		r.addStep(chain.Step{Action: chain.Upload, Target: BuildTarget(el, nil), Files: e.F,
			Comment: "files as the browser named them; put them next to the flow or edit the paths"}, key, true, "")
	case "effect":
		r.onEffect(e)
	case "scroll":
		r.flushType()
		r.mu.Lock()
		if r.lastIdx >= 0 && r.lastIdx == len(r.flow.Steps)-1 && r.lastKey == key && r.flow.Steps[r.lastIdx].Action == chain.Scroll {
			st := &r.flow.Steps[r.lastIdx]
			st.DeltaX, st.DeltaY = round2(st.DeltaX+e.DX), round2(st.DeltaY+e.DY)
			r.changedLocked(StepReplaced, r.lastIdx, "")
			r.mu.Unlock()
			return
		}
		r.mu.Unlock()
		s := chain.Step{Action: chain.Scroll, DeltaX: round2(e.DX), DeltaY: round2(e.DY)}
		if e.ID != 0 {
			s.Target = BuildTarget(r.element(ctx, e, key), nil)
		}
		r.addStep(s, key, false, "")
	}
}

// onInput starts or continues the type step of one field: keystrokes into
// one field coalesce into one step holding the final value.
func (r *Recorder) onInput(ctx context.Context, e *pageEvent, key refKey) {
	r.mu.Lock()
	if p := r.pend; p != nil && p.key == key {
		if p.secret == "" && e.V != nil {
			r.flow.Steps[p.idx].Text = *e.V
		}
		if e.H != "" {
			p.hash = e.H
		}
		r.saveLocked()
		r.mu.Unlock()
		return
	}
	r.flushTypeLocked()
	// Input into the field typed into just before, with only scrolls in
	// between (typing scrolled the page, or its last input events arrived
	// after a scroll report from another frame), continues that step.
	if lt := r.lastType; lt != nil && lt.key == key && onlyScrollsAfter(r.flow.Steps, lt.idx) {
		if lt.secret == "" && e.V != nil {
			r.flow.Steps[lt.idx].Text = *e.V
		}
		r.pend = &pendingType{idx: lt.idx, key: key, secret: lt.secret, hash: e.H, resumed: true}
		r.saveLocked()
		r.mu.Unlock()
		return
	}
	r.mu.Unlock()

	target, _ := r.reuseTarget(key)
	var el *Element
	if target == nil {
		el = r.element(ctx, e, key)
		target = BuildTarget(el, nil)
	}
	if target.Fingerprint != nil {
		// The value at capture time is mid-typing; the step's text is what counts.
		target.Fingerprint.Value = ""
	}
	s := chain.Step{Action: chain.Type, Target: target, Text: derefStr(e.V)}
	secret := ""
	if e.S || (el != nil && el.Desc.Secret) {
		fp := target.Fingerprint
		field := "password"
		if fp != nil {
			field = firstNonEmpty(fp.Name, fp.ID, fp.Label, fp.AriaLabel, fp.Placeholder, "password")
		}
		secret = chain.SecretName(field)
		s.Text = chain.SecretRef(secret)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	s.Page = r.pageOfLocked(key.frame)
	// A click that only focused this field (it opened no dialog) becomes
	// the type step, also
	// when scrolls were reported after it: a scroll the click caused, or
	// one reported by another frame while the keys went to this one,
	// arrives in either order.
	if i := r.clickIdx; i >= 0 && onlyScrollsAfter(r.flow.Steps, i) && r.clickKey == key &&
		r.flow.Steps[i].Action == chain.Click && r.flow.Steps[i].Navigated == nil && len(r.flow.Steps[i].JSDialogs) == 0 &&
		len(r.flow.Steps[i].Modifiers) == 0 && r.flow.Steps[i].Button == "" {
		r.flow.Steps[i] = s
		r.clickIdx = -1
		for k, idx := range r.effectStep {
			if idx == i {
				delete(r.effectStep, k) // a click that only focused the field: its effects are typing's
			}
		}
		r.pend = &pendingType{idx: i, key: key, secret: secret, hash: e.H}
		r.saveLocked()
		return
	}
	r.flow.Steps = append(r.flow.Steps, s)
	r.lastIdx, r.lastKey, r.clickIdx = len(r.flow.Steps)-1, key, -1
	r.pend = &pendingType{idx: r.lastIdx, key: key, secret: secret, hash: e.H}
	r.saveLocked()
}

// reuseTarget returns a copy of the target of the last step when it was on
// the same element (the click that focused a field, the field typed into),
// or of the click on it that only scrolls followed: described at that
// click's mousedown, before typing changed the page (a label that names
// the card's brand once the number is typed); and whether that step typed
// into it.
func (r *Recorder) reuseTarget(key refKey) (*chain.Target, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	i := r.lastIdx
	if i < 0 || r.lastKey != key {
		i = -1
		if c := r.clickIdx; c >= 0 && r.clickKey == key && onlyScrollsAfter(r.flow.Steps, c) {
			i = c
		}
	}
	if i < 0 || r.flow.Steps[i].Target == nil {
		return nil, false
	}
	t := *r.flow.Steps[i].Target
	t.Chain = append([]chain.Strategy(nil), t.Chain...)
	if t.Fingerprint != nil {
		fp := *t.Fingerprint
		t.Fingerprint = &fp
	}
	return &t, r.flow.Steps[i].Action == chain.Type
}

func (r *Recorder) flushType() {
	r.mu.Lock()
	r.flushTypeLocked()
	r.mu.Unlock()
}

// flushTypeLocked ends the pending type step and reports it.
func (r *Recorder) flushTypeLocked() {
	p := r.pend
	if p == nil {
		return
	}
	r.pend = nil
	r.lastType = p
	if p.secret == "" {
		r.flow.Steps[p.idx].Text = r.withVars(r.flow.Steps[p.idx].Text)
	}
	if p.secret != "" {
		if name := r.secretNameLocked(p); name != p.secret {
			p.secret = name
			r.flow.Steps[p.idx].Text = chain.SecretRef(name)
		}
		if !slices.Contains(r.secrets, p.secret) {
			r.secrets = append(r.secrets, p.secret)
		}
	}
	kind := StepAdded
	if p.resumed {
		kind = StepReplaced
	}
	r.changedLocked(kind, p.idx, p.secret)
}

// secretNameLocked is the secret name for the value p typed: p's own, or,
// where that name stands for another value typed by another step (a wrong
// password, then the right one), the first of NAME_2, NAME_3... that is
// free or stands for this value (a step resumed after scrolls keeps the
// name it had).
func (r *Recorder) secretNameLocked(p *pendingType) string {
	if r.secretOf == nil {
		r.secretOf = map[string]secretUse{}
	}
	base := p.secret
	for n := 1; ; n++ {
		name := base
		if n > 1 {
			name = fmt.Sprintf("%s_%d", base, n)
		}
		u, ok := r.secretOf[name]
		switch {
		case !ok:
			r.secretOf[name] = secretUse{p.hash, p.idx}
			return name
		case u.idx == p.idx || u.hash == p.hash || u.hash == "" || p.hash == "":
			r.secretOf[name] = secretUse{p.hash, p.idx}
			return name
		}
	}
}

// onlyScrollsAfter reports whether every step after index i is a scroll.
func onlyScrollsAfter(steps []chain.Step, i int) bool {
	if i < 0 || i >= len(steps) {
		return false
	}
	for _, s := range steps[i+1:] {
		if s.Action != chain.Scroll {
			return false
		}
	}
	return true
}

// addStep appends s, saves and reports it. user marks steps a person's
// input caused, which later navigations may be attributed to.
func (r *Recorder) addStep(s chain.Step, key refKey, user bool, secret string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	s.Page = r.pageOfLocked(key.frame)
	r.flow.Steps = append(r.flow.Steps, s)
	r.lastIdx, r.lastKey = len(r.flow.Steps)-1, key
	switch s.Action {
	case chain.Click:
		r.clickIdx, r.clickKey = r.lastIdx, key
	case chain.Scroll:
	default:
		r.clickIdx = -1
	}
	if user {
		r.userIdx, r.userAt, r.userFrame = r.lastIdx, time.Now(), key.frame
	}
	r.changedLocked(StepAdded, r.lastIdx, secret)
}

// changedLocked saves the flow and reports step idx.
func (r *Recorder) changedLocked(kind StepEventKind, idx int, secret string) {
	r.saveLocked()
	if r.opts.OnStep != nil {
		r.opts.OnStep(StepEvent{Kind: kind, Index: idx + 1, Step: r.flow.Steps[idx], Secret: secret})
	}
}

// element returns the description of the event's element: the capture
// started at mousedown, a fresh one, or, when the element is already gone,
// what the page sent with the event.
func (r *Recorder) element(ctx context.Context, e *pageEvent, key refKey) *Element {
	r.mu.Lock()
	c := r.captures[key]
	delete(r.captures, key)
	r.mu.Unlock()
	if c == nil && e.ID != 0 {
		c = r.startCapture(ctx, e.frame, e.ID)
		r.mu.Lock()
		delete(r.captures, key)
		r.mu.Unlock()
	}
	if c != nil {
		t := time.NewTimer(captureWait)
		defer t.Stop()
		select {
		case <-c.done:
			if c.err == nil {
				return c.el
			}
			r.logf("recorder: capture: %v (using what the page reported)", c.err)
		case <-t.C:
			r.logf("recorder: capture took over %v (using what the page reported)", captureWait)
		case <-ctx.Done():
		}
	}
	return r.fallbackElement(ctx, e.frame, e.C, e.R)
}

// onTopNavigated records a URL change of a tab's main frame: on the step
// that caused it, or as a navigate step. Where a tab a recorded page
// opened first goes is no step: the step that opened it says so.
func (r *Recorder) onTopNavigated(t *tab, url string, sameDoc bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	first := t.url == "" || t.url == "about:blank"
	if !r.started {
		t.url = url
		return
	}
	if url == "" || url == "about:blank" || url == t.url && sameDoc {
		return
	}
	// A new document at the same URL (a reload, a form posted back to its
	// page) is the step's navigation when the step caused it; otherwise
	// it is no step (a page that reloads itself).
	reload := url == t.url
	t.url = url
	if first && t != r.first {
		return
	}
	if r.paused {
		return // a navigate step at resume says where the page went (onTool)
	}
	if !sameDoc {
		r.flushTypeLocked()
		r.lastType = nil // element refs of the old document mean nothing now
		for k := range r.captures {
			if tt := r.tabOfLocked(k.frame); tt == nil || tt == t {
				delete(r.captures, k)
			}
		}
	}
	caused := r.userIdx >= 0 && r.flow.Steps[r.userIdx].Page == r.pageIndexLocked(t) && r.causedLocked(sameDoc, t.navReqAt)
	t.navReqAt = time.Time{}
	if reload && !caused {
		return
	}
	if caused {
		st := &r.flow.Steps[r.userIdx]
		st.Navigated = &chain.Navigation{URL: url, SameDocument: sameDoc,
			// A step in a frame that navigated the page (target="_top").
			Page: st.Target != nil && len(st.Target.FramePath) > 0}
		r.changedLocked(StepNavigated, r.userIdx, "")
		return
	}
	r.flow.Steps = append(r.flow.Steps, chain.Step{Action: chain.Navigate, URL: url, Page: r.pageIndexLocked(t)})
	r.lastIdx, r.lastKey, r.clickIdx = len(r.flow.Steps)-1, refKey{}, -1
	r.userIdx = -1
	r.changedLocked(StepAdded, r.lastIdx, "")
}

// onFrameNavigated records a URL change of a child frame on the step that
// caused it, a step on an element of that frame: replay checks a step's
// navigation in its target's frame. A frame's navigation that no step in
// it caused (a frame that reloads itself, a frame whose src its page set)
// is no step. A new document drops the descriptions under way of the
// frame's elements and its own frames'.
func (r *Recorder) onFrameNavigated(id proto.PageFrameID, url string, sameDoc bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	f := r.frameLocked(id)
	prev, asked := f.url, f.navReqAt
	f.url = url
	if !sameDoc {
		f.navReqAt = time.Time{}
		for k := range r.captures {
			if r.withinLocked(k.frame, id) {
				delete(r.captures, k)
			}
		}
		if r.pend != nil && r.withinLocked(r.pend.key.frame, id) {
			r.flushTypeLocked()
		}
		if r.lastType != nil && r.withinLocked(r.lastType.key.frame, id) {
			r.lastType = nil // its element refs mean nothing now
		}
	}
	if !r.started || r.paused || r.userIdx < 0 || r.userFrame != id ||
		url == "" || url == "about:blank" || sameDoc && url == prev {
		return
	}
	st := &r.flow.Steps[r.userIdx]
	if st.Target == nil || st.Navigated != nil {
		return
	}
	if !r.causedLocked(sameDoc, asked) {
		return
	}
	st.Navigated = &chain.Navigation{URL: url, SameDocument: sameDoc}
	r.changedLocked(StepNavigated, r.userIdx, "")
}

// causedLocked reports whether a navigation happening now was caused by
// the last user step: a same-document route change within
// causedRouteWindow of the step, a new document asked for (asked: when
// its frame requested it) within causedNavigationWindow after it.
func (r *Recorder) causedLocked(sameDoc bool, asked time.Time) bool {
	if sameDoc {
		return time.Since(r.userAt) < causedRouteWindow
	}
	return !asked.IsZero() && !asked.Before(r.userAt) && asked.Sub(r.userAt) < causedNavigationWindow
}

// withinLocked reports whether frame id is frame anc or one of its
// descendants.
func (r *Recorder) withinLocked(id, anc proto.PageFrameID) bool {
	for depth := 0; depth < 32 && id != ""; depth++ {
		if id == anc {
			return true
		}
		f := r.frames[id]
		if f == nil {
			return false
		}
		id = f.parent
	}
	return false
}

func derefStr(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// amendLast changes the last recorded step in place when it acted on the
// same element (key) with action was: a second click of a double click, or
// another choice in the same <select>. It reports whether it did.
func (r *Recorder) amendLast(key refKey, was chain.Action, amend func(*chain.Step)) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.lastIdx < 0 || r.lastKey != key || r.flow.Steps[r.lastIdx].Action != was {
		return false
	}
	amend(&r.flow.Steps[r.lastIdx])
	r.userAt = time.Now()
	r.changedLocked(StepReplaced, r.lastIdx, "")
	return true
}

// noteEffect remembers that the action e numbered made the last step, for
// its effect report (onEffect).
func (r *Recorder) noteEffect(e *pageEvent) {
	if e.Q == 0 {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.effectStep[effectKey{e.frame, e.Q}] = r.lastIdx
	if len(r.effectStep) > 4096 {
		clear(r.effectStep)
	}
}

// onEffect records what an action did to the page (pagemodel.Effects, seen
// by the page's watch from the action to the next one) on the step it
// made: the target's state properties that changed, elements added or
// removed, a dialog opened or closed, and, when it did none of these, texts
// changed. Replay checks that the same kinds happen again (chain.Effect).
func (r *Recorder) onEffect(e *pageEvent) {
	if e.E == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	k := effectKey{e.frame, e.Q}
	idx, ok := r.effectStep[k]
	delete(r.effectStep, k)
	if !ok || idx < 0 || idx >= len(r.flow.Steps) {
		return
	}
	st := &r.flow.Steps[idx]
	switch st.Action {
	case chain.Click, chain.DblClick, chain.Check, chain.Uncheck, chain.Press, chain.Select, chain.Drag:
	default:
		return
	}
	if st.Target == nil && r.tabs[e.frame] == nil {
		// A key pressed on a frame's page: the step names no frame, and
		// replay watches the page's own document (cross-origin frames
		// unseen), so what the frame saw could not be checked.
		return
	}
	// Removed where elements were removed and none added but messages (a
	// toast saying "Deleted"): an app that refuses the delete adds its
	// own message, and removes nothing.
	// Added where it added elements of its own (a row, a menu;
	// pagemodel.Effects.Added): an app that now fails the action and
	// says so in a toast adds none.
	removed := e.E.Removed > 0 && e.E.Removed >= e.E.Content-e.E.Messages
	eff := &chain.Effect{Content: e.E.Content > 0, Removed: removed, Added: e.E.Added > 0 && !removed, Dialog: e.E.Dialog}
	for _, s := range e.E.State {
		if s == "value" && (st.Action == chain.Click || st.Action == chain.DblClick) && textField(st.Target) {
			// A press does not write into a text field: what did
			// meanwhile (a date picker previewing the day the pointer
			// moves over on its way to the next step) is not the press's.
			continue
		}
		if slices.Contains(chain.EffectStates, s) {
			eff.State = append(eff.State, s)
			// A value became is held where a press set it (a slider
			// pressed, its thumb dragged), not where text is typed or a
			// key stepped it from what it was.
			if b, ok := e.E.Became[s]; ok && (s != "value" || (st.Action == chain.Click || st.Action == chain.DblClick || st.Action == chain.Drag) && !textField(st.Target)) {
				if eff.Became == nil {
					eff.Became = map[string]string{}
				}
				eff.Became[s] = b
			}
		}
	}
	// A key that moved through a menu's, a list's or a radio group's
	// items made one of them active: at replay it must make that one
	// active again, wherever the items now stand. One with no name, or
	// named as another item of its widget, is told from none of them.
	if st.Action == chain.Press && e.E.ActiveMoved && e.E.ActiveOne {
		if _, name, _ := strings.Cut(e.E.Active, "|"); strings.TrimSpace(name) != "" {
			// Where it chose that item as it moved there (tabs that
			// select as they move), replay makes no press that might
			// choose another.
			eff.Active, eff.Chose, eff.Moved, eff.MovedRows = e.E.Active, e.E.ActiveChose, e.E.ActiveSteps, e.E.ActiveRows
			// A bare Home or End leads to an end: its item is counted
			// from there.
			if eff.Chose && len(st.Modifiers) == 0 {
				switch st.Key {
				case "Home":
					eff.Moved = e.E.ActiveFirst
				case "End":
					eff.Moved = e.E.ActiveLast
				}
			}
		}
	}
	shown := typedShown(r.flow.Steps, idx, e.E.Shown)
	// What the step showed of its own, where it showed nothing typed (a
	// choice drawn, a value written into a field), is its effect, also
	// where the page counted nothing else (the field's words drawn in
	// place).
	own := ""
	if shown == "" {
		own = cmp.Or(chosenShown(st, e.E.Shown), fieldWritten(st, e.E.Fields))
	}
	if eff.Empty() && e.E.Texts > 0 && (!afterTypingInto(r.flow.Steps, idx) || committed(st, shown)) {
		// Only where nothing else shows what the step did: texts change
		// by themselves too (a clock), and they would blur a stronger
		// check. After typing into the key's field, only where the key
		// committed a <textarea>'s text to the page (a cell editor's):
		// it is held to show it again.
		eff.Texts = true
	}
	if eff.Empty() && own == "" {
		return
	}
	eff.Shows = cmp.Or(shown, own)
	if e.E.Content > 0 {
		eff.Gone = goneOwn(r.flow.Steps, idx, e.E.Gone)
	}
	st.Effect = eff
	r.saveLocked()
}

// committed reports whether st, a key pressed after typing into its
// field, put what was typed (shown) on the page from a <textarea> (Enter
// recorded there is one the page took for itself: a cell editor's
// commit). After an <input>, a page that binds the field to its view
// (TodoMVC's Vue edit) shows the text as it is typed or as the key comes,
// as the machine's load has it: no effect of the key's own.
func committed(st *chain.Step, shown string) bool {
	return shown != "" && st.Target != nil && st.Target.Fingerprint != nil && st.Target.Fingerprint.Tag == "textarea"
}

// goneOwn is the first of gone (texts of elements steps[idx] took off the
// page) that is the text of the item its target, or the target of one of
// the two steps before it, stood in (a Delete's row; a confirmation's
// Yes after it: Fingerprint.Neighbours, or the text a strategy's within
// named the item by, folded as Effect.Shows and compared without white
// space, a text of eight characters or more): the step's own removal. What else
// leaves the page (a page of rows turned, a tab's panel) is no part of
// what the step meant; "" when none is.
func goneOwn(steps []chain.Step, idx int, gone []string) string {
	for _, g := range gone {
		cg := compact(g)
		for i := idx; i >= 0 && i >= idx-2; i-- {
			t := steps[i].Target
			if t == nil || t.Fingerprint == nil {
				continue
			}
			for _, n := range itemWords(t) {
				if cn := compact(n); len(cn) >= 8 && strings.Contains(cg, cn) {
					return g
				}
			}
		}
	}
	return ""
}

// itemWords are the texts that say which item t's element stood in: its
// neighbours, and the texts its strategies' within named the item by (a
// row a list draws anew on every change, whose text the neighbours
// leave out).
func itemWords(t *chain.Target) []string {
	out := slices.Clone(t.Fingerprint.Neighbours)
	for _, s := range t.Chain {
		if s.Within != nil && s.Within.Type == chain.Text {
			out = append(out, s.Within.Value)
		}
	}
	return out
}

// compact is s folded as Effect.Shows (chain.FoldShows), without its
// spaces: a row's cells read apart in its neighbour text and run together
// in the text the page gave for it.
func compact(s string) string { return strings.ReplaceAll(chain.FoldShows(s), " ", "") }

// typedShown is the text a type step before steps[idx] typed that the
// step showed (shown: the texts last typed into fields that an element
// the step added, or a text it changed, reads), latest first; "" when
// none did. Only what was typed since the last step that showed typed
// text or navigated counts (a form's fields, typed before its selects and
// pickers were set, are shown by its Save): what was committed then
// showed then, and a later step that draws it again (a list re-rendered
// by a filter) shows it by the way, not as its effect. Secrets are never
// written to the flow, nor a text of one character (read by chance in a
// count or a badge).
func typedShown(steps []chain.Step, idx int, shown []string) string {
	if len(shown) == 0 {
		return ""
	}
	for i := idx - 1; i >= 0; i-- {
		s := steps[i]
		if s.Effect != nil && s.Effect.Shows != "" || s.Navigated != nil {
			break
		}
		if s.Action != chain.Type || strings.Contains(s.Text, "${secret:") {
			continue
		}
		t := strings.TrimSuffix(s.Text, "\n")
		f := chain.FoldShows(t)
		// One character is read by chance (a count, a badge).
		if len([]rune(f)) > 1 && slices.Contains(shown, f) {
			return t
		}
	}
	return ""
}

// chosenShown is the name of the option st clicked (role option or
// menuitemradio), where the step showed it (shown: an element it added,
// or a text it changed, reads it: the field that shows the choice drawn
// anew); "" else. An app that ignores the choice closes its list too,
// but shows the old value.
func chosenShown(st *chain.Step, shown []string) string {
	if st.Action != chain.Click || st.Target == nil || st.Target.Fingerprint == nil {
		return ""
	}
	fp := st.Target.Fingerprint
	if fp.Role != "option" && fp.Role != "menuitemradio" {
		return ""
	}
	if f := chain.FoldShows(fp.AccessName); len([]rune(f)) > 1 && slices.Contains(shown, f) {
		return fp.AccessName
	}
	return ""
}

// fieldWritten is the value st, a click on no text field, wrote into the
// one field whose value it changed (a date picker's day, a stepper's
// arrow): the step's effect, which an app that puts the old value back
// (or a day of another month) does not show; "" where no field, or more
// than one, changed, or the value is one character.
func fieldWritten(st *chain.Step, fields []string) string {
	if st.Action != chain.Click && st.Action != chain.DblClick || textField(st.Target) || len(fields) != 1 {
		return ""
	}
	if len([]rune(chain.FoldShows(fields[0]))) < 2 {
		return ""
	}
	return fields[0]
}

// textField reports whether t was recorded on a field text is typed into
// (a textarea, an input of a text type).
func textField(t *chain.Target) bool {
	if t == nil || t.Fingerprint == nil {
		return false
	}
	fp := t.Fingerprint
	return fp.Tag == "textarea" || fp.Tag == "input" && chain.TextEntry(fp.Type)
}

// afterTypingInto reports whether steps[idx] is a key pressed in the field
// the step before typed into (Enter after an edit): the page may render
// what was typed (a label, a list) only as the key comes, or before it,
// as the machine's load has it, so texts changed are no effect of the
// key's own that replay could count on.
func afterTypingInto(steps []chain.Step, idx int) bool {
	if idx < 1 || steps[idx].Action != chain.Press || steps[idx-1].Action != chain.Type {
		return false
	}
	a, b := steps[idx].Target, steps[idx-1].Target
	return a != nil && b != nil && a.Fingerprint != nil && b.Fingerprint != nil &&
		a.Fingerprint.XPath != "" && a.Fingerprint.XPath == b.Fingerprint.XPath
}

// addReveal adds hover steps on the elements whose hover showed the one
// key names (mousedown's report), outermost first, but not one the last
// step already hovers: a control shown only while the pointer is over its
// row, or a menu's item, is replayed after the pointer is brought there.
func (r *Recorder) addReveal(ctx context.Context, e *pageEvent, key refKey) {
	r.mu.Lock()
	rvs := r.reveals[key]
	delete(r.reveals, key)
	r.mu.Unlock()
	// What the hover shows is not part of the element hovered before the
	// hover: a row is found by its text without its Delete button's.
	shown := ""
	if len(rvs) > 0 {
		shown = r.capturedText(ctx, key)
	}
	for i, rv := range rvs {
		r.mu.Lock()
		done := r.lastIdx >= 0 && r.lastKey == rv && r.flow.Steps[r.lastIdx].Action == chain.Hover
		r.mu.Unlock()
		if done {
			continue
		}
		el := r.element(ctx, &pageEvent{K: "hover", ID: rv.ref, frame: rv.frame}, rv)
		if el.Fallback {
			return // gone before it could be described: no target to hover
		}
		comment := "the next step's element shows only while the pointer is over this one"
		if i < len(rvs)-1 {
			comment = "it shows the element the next step hovers"
		}
		t := BuildTarget(el, nil)
		if i == len(rvs)-1 {
			t.Chain = withoutShownText(t.Chain, shown)
		}
		r.addStep(chain.Step{Action: chain.Hover, Target: t, Comment: comment}, rv, true, "")
	}
}

// capturedText is the text value of the element whose capture key began
// (at mousedown), once it is ready; "" when there is none. The capture is
// left for the step that takes it.
func (r *Recorder) capturedText(ctx context.Context, key refKey) string {
	r.mu.Lock()
	c := r.captures[key]
	r.mu.Unlock()
	if c == nil {
		return ""
	}
	t := time.NewTimer(captureWait)
	defer t.Stop()
	select {
	case <-c.done:
	case <-t.C:
		return ""
	case <-ctx.Done():
		return ""
	}
	if c.err != nil || c.el == nil {
		return ""
	}
	return c.el.Desc.TextValue
}

// withoutShownText takes the text a hover showed (the revealed element's,
// shown) out of the hovered element's text strategies and out of the text
// naming its row (within): before the hover the row reads without it. A
// text strategy left with no text is dropped.
func withoutShownText(c []chain.Strategy, shown string) []chain.Strategy {
	shown = strings.Join(strings.Fields(shown), " ")
	if shown == "" {
		return c
	}
	out := c[:0]
	for _, s := range c {
		if s.Type == chain.Text && s.Within == nil {
			if s.Value = withoutText(s.Value, shown, s.Match == "contains"); s.Value == "" {
				continue
			}
		}
		if w := s.Within; w != nil && w.Type == chain.Text {
			w2 := *w
			if w2.Value = withoutText(w.Value, shown, w.Match == "contains"); w2.Value != "" {
				s.Within = &w2
			}
		}
		out = append(out, s)
	}
	return out
}

// withoutText is v without shown: the last occurrence of it as whole
// words, or, for a value matched as contained (a row's text content, run
// together), a leading or trailing occurrence. v is returned as it is when
// neither applies.
func withoutText(v, shown string, contained bool) string {
	v = strings.Join(strings.Fields(v), " ")
	i := strings.LastIndex(v, shown)
	if i >= 0 && (i == 0 || v[i-1] == ' ') && (i+len(shown) == len(v) || v[i+len(shown)] == ' ') {
		return strings.Join(strings.Fields(v[:i]+" "+v[i+len(shown):]), " ")
	}
	if contained {
		if t := strings.TrimSpace(strings.TrimSuffix(v, shown)); t != v {
			return t
		}
		if t := strings.TrimSpace(strings.TrimPrefix(v, shown)); t != v {
			return t
		}
	}
	return v
}

// onAssert records an assertion made in assert mode: the element clicked,
// described as a click's would be, with its current text or value (a
// secret field's value as a ${secret:NAME} placeholder).
func (r *Recorder) onAssert(ctx context.Context, e *pageEvent, key refKey) {
	r.flushType()
	r.mu.Lock()
	r.asserting = ""
	r.mu.Unlock()
	defer r.kickUI()
	el := r.element(ctx, e, key)
	if e.A == ModeAssertText || e.A == ModeAssertValue {
		scopeNotByAsserted(el, derefStr(e.V))
	}
	s := chain.Step{Target: BuildTarget(el, nil)}
	secret := ""
	switch e.A {
	case ModeAssertVisual:
		s.Action = chain.AssertVisible
	case ModeAssertText:
		s.Action = chain.AssertText
		s.Text = r.withVars(derefStr(e.V))
		if s.Text == "" {
			r.logf("recorder: assert text on an element without text; not recorded")
			return
		}
	case ModeAssertValue:
		s.Action = chain.AssertValue
		s.Text = r.withVars(derefStr(e.V))
		if e.S || el.Desc.Secret {
			fp := s.Target.Fingerprint
			field := "password"
			if fp != nil {
				field = firstNonEmpty(fp.Name, fp.ID, fp.Label, fp.AriaLabel, fp.Placeholder, "password")
			}
			secret = chain.SecretName(field)
			s.Text = chain.SecretRef(secret)
			r.mu.Lock()
			if !slices.Contains(r.secrets, secret) {
				r.secrets = append(r.secrets, secret)
			}
			r.mu.Unlock()
		}
	default:
		r.logf("recorder: unknown assert mode %q", e.A)
		return
	}
	if s.Action == chain.AssertText || s.Action == chain.AssertValue {
		notByAsserted(s.Target, derefStr(e.V))
	}
	r.addStep(s, key, false, secret)
}

// foldSpace is s lower-cased, its runs of white space one space.
func foldSpace(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// namedBy reports whether name and the asserted text (both foldSpace'd)
// hold one another: a name from content ("status|Project: Beta").
func namedBy(name, want string) bool {
	return name != "" && (strings.Contains(name, want) || strings.Contains(want, name))
}

// scopeNotByAsserted names an asserted element in its repeated item by
// its tag and class where its role and name would name it by the text
// asserted (the Delete-row strategy of a chip that reads "Viewer":
// "button.role-chip" in the row, not "button|Viewer").
func scopeNotByAsserted(el *Element, asserted string) {
	sc := el.Desc.Scope
	want := foldSpace(asserted)
	if sc == nil || sc.Inner.Type != "role" || want == "" || !namedBy(foldSpace(sc.Inner.Value), want) {
		return
	}
	if sc.ByTag == nil {
		el.Desc.Scope = nil
		return
	}
	by := *sc
	by.Inner.Type, by.Inner.Role, by.Inner.Value = "css", "", sc.ByTag.Value
	by.N, by.I, by.ByTag = sc.ByTag.N, sc.ByTag.I, nil
	el.Desc.Scope = &by
}

// notByAsserted keeps an assertion from finding its element by what it
// asserts: a strategy whose value holds the asserted text (a text, a role
// name, an XPath or CSS selector on the text or an attribute holding it,
// the item it is within) would find another element that happens to show
// it once the page has changed, and pass the assertion on it; the
// fingerprint's text and value, by which similarity would favour such an
// element, are dropped too.
func notByAsserted(t *chain.Target, asserted string) {
	want := foldSpace(asserted)
	if t == nil || want == "" {
		return
	}
	kept := t.Chain[:0]
	for _, s := range t.Chain {
		if w := s.Within; w != nil && strings.Contains(foldSpace(w.Value), want) {
			continue
		}
		switch s.Type {
		case chain.Text:
			continue
		case chain.Role:
			if _, name, ok := strings.Cut(s.Value, "|"); ok && namedBy(foldSpace(name), want) {
				continue
			}
		case chain.XPath, chain.CSS:
			// A selector on the text or an attribute that holds it
			// (td[data-value="Shipped"]).
			if strings.Contains(foldSpace(s.Value), want) {
				continue
			}
		}
		kept = append(kept, s)
	}
	t.Chain = kept
	if fp := t.Fingerprint; fp != nil {
		fp.Text, fp.Value = "", ""
	}
}

// withVars returns text with the values of Options.Vars replaced by their
// ${var:NAME} placeholders, longest value first; a value shorter than 3
// characters only where it is the whole text.
func (r *Recorder) withVars(text string) string {
	if len(r.opts.Vars) == 0 || text == "" {
		return text
	}
	names := make([]string, 0, len(r.opts.Vars))
	for n, v := range r.opts.Vars {
		if v != "" {
			names = append(names, n)
		}
	}
	slices.SortFunc(names, func(a, b string) int {
		if d := len(r.opts.Vars[b]) - len(r.opts.Vars[a]); d != 0 {
			return d
		}
		return strings.Compare(a, b)
	})
	for _, n := range names {
		v := r.opts.Vars[n]
		if text == v {
			return chain.VarRef(n)
		}
		if utf8.RuneCountInString(v) >= 3 {
			text = strings.ReplaceAll(text, v, chain.VarRef(n))
		}
	}
	return text
}
