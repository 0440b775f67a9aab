package recorder

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/browser"
	"github.com/qa-chain/chainreplay/internal/testid"
	"github.com/qa-chain/chainreplay/pagemodel"
)

// Options configure a Recorder. The zero value records with the default test
// id attributes and keeps the flow in memory only.
type Options struct {
	// Out is the flow file, rewritten atomically after every change; empty
	// means the flow is only kept in memory (Flow).
	Out string
	// Name is the flow's name.
	Name string
	// TestIDAttrs are the application's own test id attributes, read
	// before the defaults (internal/testid) and written to the flow's
	// testid_attrs, so that replay reads them too.
	TestIDAttrs []string
	// OnStep, when set, is called from the recording goroutine after each
	// recorded or changed step.
	OnStep func(StepEvent)
	// Log receives diagnostics; nil discards them.
	Log io.Writer
	// Vars are values a person may type or assert that the flow should
	// hold as ${var:NAME} (NAME the key), so that replay can supply other
	// ones (replayer --var, --data). Values shorter than 3 characters are
	// only replaced where they are the whole text.
	Vars map[string]string
	// Prepare, when set, runs in the page once the start URL has loaded
	// and before recording begins: replaying the flow a recording starts
	// after (recorder --after). Nothing it does is recorded.
	Prepare func(ctx context.Context, page *rod.Page) error
	// Include, when set, is the first step of the flow: the file of the
	// flow Prepare replayed, as the recorded flow's file names it.
	Include string
	// NoToolbar leaves the toolbar out of the recorded pages (toolbar.js);
	// pause, undo and the assert modes are then not at hand.
	NoToolbar bool
	// AnswerDialogs answers every JavaScript dialog the recorded pages
	// open at once, with OK (a prompt with its default text), as a person
	// who reads it would: for recordings no one watches (headless, a
	// --drive script). Unset, the person answers in the window; either
	// way the dialog and its answer are recorded (jsdialogs.go).
	AnswerDialogs bool
}

// StepEventKind says what happened to a step.
type StepEventKind int

// The kinds of StepEvent.
const (
	// StepAdded: a new step (a type step is reported once its typing ends).
	StepAdded StepEventKind = iota
	// StepReplaced: the step at Index was replaced (a click that became a
	// double click, a focusing click that became a type step).
	StepReplaced
	// StepNavigated: the step at Index caused a navigation (Step.Navigated).
	StepNavigated
	// StepRemoved: the step at Index (the last one) was undone.
	StepRemoved
	// StepDialog: the step at Index opened a JavaScript dialog, answered
	// as the last of its Step.JSDialogs says.
	StepDialog
)

// StepEvent reports a recorded step.
type StepEvent struct {
	Kind StepEventKind
	// Index is 1-based.
	Index int
	Step  chain.Step
	// Secret names the environment variable the step's text needs at replay.
	Secret string
}

// ErrSaveFailed wraps a failure to write the flow file.
var ErrSaveFailed = errors.New("save flow")

// Recorder records what happens in a page, and in the tabs and popups its
// steps open, into a flow.
type Recorder struct {
	b       *rod.Browser
	opts    Options
	testIDs []string
	inject  string

	mu       sync.Mutex
	flow     chain.Flow
	frames   map[proto.PageFrameID]*frame
	ctxs     map[ctxKey]proto.PageFrameID
	sessions map[proto.TargetSessionID]*rod.Page
	// tabs are the pages recorded, by their main frame (tabs.go); first
	// is the one recording started in.
	tabs   map[proto.PageFrameID]*tab
	first  *tab
	opened []*tab // in the order they opened
	// tabAsked is when a recorded page last asked for a new window
	// (Page.windowOpen), tabOpened when a tab was last set up.
	tabAsked, tabOpened time.Time
	started             bool
	dpr                 float64
	viewport            chain.Size

	captures map[refKey]*capture
	pend     *pendingType
	// lastType is the last type step ended, which input into its field
	// resumes while only scrolls followed it.
	lastType *pendingType
	// effectStep maps an action the page numbered (its frame and q) to the
	// step it made, for the action's effect report.
	effectStep map[effectKey]int
	// reveals maps a pressed element to the element whose hover showed it
	// (mousedown's rv), for the hover step its click needs first.
	reveals map[refKey][]refKey
	lastIdx int // index of the last step, -1 if none
	lastKey refKey
	// clickIdx is the last step if it is a click, or if only scrolls
	// followed it (-1 otherwise), on the element clickKey: typing into
	// that element turns it into the type step.
	clickIdx int
	clickKey refKey
	userIdx  int // index of the last step caused by user input, -1 if none
	userAt   time.Time
	// userFrame is the frame the element of step userIdx is in.
	userFrame proto.PageFrameID
	marks     map[int]chan struct{}
	// dialogs are the JavaScript dialogs open, by session (jsdialogs.go);
	// preparing is set while Options.Prepare runs.
	dialogs   map[proto.TargetSessionID]*proto.PageJavascriptDialogOpening
	preparing bool
	nextMark  int
	seen      map[string]int
	seenCh    chan struct{}
	durations []time.Duration
	secrets   []string
	// secretOf holds, per secret name given, the hash of the value typed
	// under it and the step that typed it: another value typed in a field
	// of that name gets a name of its own (PASSWORD_2).
	secretOf map[string]secretUse
	saveErr  error
	groupN   int

	// The toolbar's state (toolbar.go).
	paused    bool
	pausedAt  map[*tab]string // each tab's URL when recording paused
	asserting string          // the assert mode, "" when none
	hello     map[proto.PageFrameID]bool
	uiKick    chan struct{}
	uiShown   int
	uiSeen    chan struct{}

	done     chan struct{}
	doneOnce sync.Once
	reason   string
}

type frame struct {
	id, parent proto.PageFrameID
	sess       *rod.Page
	ctx        proto.RuntimeExecutionContextID
	// url is the frame's URL as its last navigation said (a child
	// frame's; a tab's is on its tab), and navReqAt when its document
	// last asked to navigate (onFrameNavigated).
	url      string
	navReqAt time.Time
}

type ctxKey struct {
	sess proto.TargetSessionID
	ctx  proto.RuntimeExecutionContextID
}

type effectKey struct {
	frame proto.PageFrameID
	q     int
}

type refKey struct {
	frame proto.PageFrameID
	ref   int
}

// secretUse is the value a secret name stands for (its hash) and the step
// that typed it.
type secretUse struct {
	hash string
	idx  int
}

type pendingType struct {
	idx    int
	key    refKey
	secret string
	// hash is the secret value's hash as typed so far (pageEvent.H).
	hash string
	// resumed marks a type step taken up again after scrolls (see onInput):
	// it was reported once already.
	resumed bool
}

// New returns a recorder for pages of b.
func New(b *rod.Browser, opts Options) *Recorder {
	ids := testid.With(opts.TestIDAttrs)
	return &Recorder{
		b: b, opts: opts, testIDs: ids,
		inject:     InjectSource(ids),
		frames:     map[proto.PageFrameID]*frame{},
		ctxs:       map[ctxKey]proto.PageFrameID{},
		sessions:   map[proto.TargetSessionID]*rod.Page{},
		tabs:       map[proto.PageFrameID]*tab{},
		captures:   map[refKey]*capture{},
		effectStep: map[effectKey]int{},
		reveals:    map[refKey][]refKey{},
		marks:      map[int]chan struct{}{},
		dialogs:    map[proto.TargetSessionID]*proto.PageJavascriptDialogOpening{},
		hello:      map[proto.PageFrameID]bool{},
		uiKick:     make(chan struct{}, 1),
		uiSeen:     make(chan struct{}),
		seen:       map[string]int{},
		seenCh:     make(chan struct{}),
		lastIdx:    -1,
		clickIdx:   -1,
		userIdx:    -1,
		done:       make(chan struct{}),
	}
}

func closedChan() chan struct{} { c := make(chan struct{}); close(c); return c }

func (r *Recorder) logf(format string, args ...any) {
	if r.opts.Log != nil {
		fmt.Fprintf(r.opts.Log, format+"\n", args...)
	}
}

// Start prepares page (a fresh tab) for recording, loads url in it and
// starts recording. It returns once the page has loaded; recording goes on
// until Finish, ctx's end, or the tab closing (see Done).
func (r *Recorder) Start(ctx context.Context, page *rod.Page, url string) error {
	events := r.b.Context(ctx).Event()
	r.mu.Lock()
	r.flow = chain.Flow{Version: chain.Version, Name: r.opts.Name, StartURL: url, RecordedAt: time.Now().UTC().Truncate(time.Second), Steps: []chain.Step{}}
	r.flow.TestIDAttrs = append([]string(nil), r.opts.TestIDAttrs...)
	r.mu.Unlock()

	tree, err := proto.PageGetFrameTree{}.Call(page)
	if err != nil {
		return fmt.Errorf("recorder: frame tree: %w", err)
	}
	r.mu.Lock()
	r.first = r.addTabLocked(page, tree.FrameTree.Frame.ID)
	r.first.index = 0
	r.mu.Unlock()
	go r.loop(ctx, events)
	go r.uiLoop(ctx)
	r.watchDialogs(ctx)
	if err := r.setupSession(page, false); err != nil {
		return err
	}
	// Tabs and popups the recorded pages open are announced to the
	// browser's session (Target.targetCreated, with their opener).
	if err := (proto.TargetSetDiscoverTargets{Discover: true}).Call(r.b); err != nil {
		return fmt.Errorf("recorder: watch for new tabs: %w", err)
	}

	nav, err := proto.PageNavigate{URL: url}.Call(page)
	if err != nil {
		return fmt.Errorf("recorder: open %s: %w", url, err)
	}
	if nav.ErrorText != "" {
		return &LoadError{URL: url, Reason: nav.ErrorText}
	}
	if err := browser.WaitLoadWithin(ctx, page, browser.LoadTimeout); err != nil {
		return fmt.Errorf("recorder: wait for %s to load: %w", url, err)
	}
	if res, err := page.Eval(`() => [window.devicePixelRatio, window.innerWidth, window.innerHeight, navigator.userAgent]`); err == nil {
		arr := res.Value.Arr()
		if len(arr) == 4 {
			r.mu.Lock()
			r.dpr = arr[0].Num()
			r.viewport = chain.Size{Width: arr[1].Int(), Height: arr[2].Int()}
			r.flow.Viewport = &chain.Size{Width: arr[1].Int(), Height: arr[2].Int()}
			r.flow.DeviceScaleFactor = r.dpr
			r.flow.UserAgent = arr[3].Str()
			r.mu.Unlock()
		}
	}
	if r.opts.Prepare != nil {
		r.mu.Lock()
		r.preparing = true
		r.mu.Unlock()
		err := r.opts.Prepare(ctx, page)
		r.mu.Lock()
		r.preparing = false
		r.mu.Unlock()
		if err != nil {
			return fmt.Errorf("recorder: before recording: %w", err)
		}
		if err := r.WaitIdle(ctx); err != nil {
			return err
		}
	}
	// Let the loop catch up with the load's own events before recording.
	if err := r.Sync(ctx, ""); err != nil {
		return fmt.Errorf("recorder: the page did not answer: %w", err)
	}
	r.mu.Lock()
	if r.opts.Include != "" {
		r.flow.Steps = append(r.flow.Steps, chain.Step{Include: r.opts.Include})
		r.lastIdx = 0
		r.changedLocked(StepAdded, 0, "")
	}
	r.started = true
	err = r.saveLocked()
	r.mu.Unlock()
	return err
}

// LoadError says the start URL did not load.
type LoadError struct {
	URL, Reason string
}

func (e *LoadError) Error() string { return fmt.Sprintf("%s did not load: %s", e.URL, e.Reason) }

// setupSession installs the binding and the in-page script in a session
// (the page's, or an out-of-process iframe's) and asks for its child frames.
func (r *Recorder) setupSession(s *rod.Page, resume bool) error {
	calls := []func() error{
		func() error { return proto.RuntimeEnable{}.Call(s) },
		func() error { return proto.PageEnable{}.Call(s) },
		func() error { return proto.RuntimeAddBinding{Name: BindingName}.Call(s) },
		func() error {
			if r.opts.NoToolbar {
				return nil
			}
			// First, to attach its shadow roots with the browser's own
			// attachShadow, which the model and the listener wrap.
			_, err := proto.PageAddScriptToEvaluateOnNewDocument{Source: toolbarJS, RunImmediately: true}.Call(s)
			return err
		},
		func() error {
			// The page model before the listener: its effect watches call it.
			_, err := proto.PageAddScriptToEvaluateOnNewDocument{Source: pagemodel.StartScript, RunImmediately: true}.Call(s)
			return err
		},
		func() error {
			_, err := proto.PageAddScriptToEvaluateOnNewDocument{Source: r.inject, RunImmediately: true}.Call(s)
			return err
		},
		func() error {
			return proto.TargetSetAutoAttach{AutoAttach: true, WaitForDebuggerOnStart: true, Flatten: true}.Call(s)
		},
	}
	for _, c := range calls {
		if err := c(); err != nil {
			return fmt.Errorf("recorder: prepare session: %w", err)
		}
	}
	if resume {
		_ = proto.RuntimeRunIfWaitingForDebugger{}.Call(s)
	}
	return nil
}

// Done is closed when recording has ended (Finish, the tab closed, the
// browser went away, or Start's ctx ended).
func (r *Recorder) Done() <-chan struct{} { return r.done }

// Reason says why recording ended.
func (r *Recorder) Reason() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.reason
}

// Finish ends the recording: pending typing becomes its step and the flow
// file is written a last time. It returns the final save's error.
func (r *Recorder) Finish(reason string) error {
	r.mu.Lock()
	r.flushTypeLocked()
	err := r.saveLocked()
	if r.reason == "" {
		r.reason = reason
	}
	r.mu.Unlock()
	r.doneOnce.Do(func() { close(r.done) })
	return err
}

// Flow returns a copy of the flow recorded so far.
func (r *Recorder) Flow() chain.Flow {
	r.mu.Lock()
	defer r.mu.Unlock()
	f := r.flow
	f.Steps = append([]chain.Step(nil), r.flow.Steps...)
	return f
}

// Secrets lists the environment variables the flow's secret steps need.
func (r *Recorder) Secrets() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.secrets...)
}

// CaptureDurations returns how long each Go-side element capture took.
func (r *Recorder) CaptureDurations() []time.Duration {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]time.Duration(nil), r.durations...)
}

// saveLocked writes the flow file; before recording has started (a start
// that failed) it writes nothing, so that a file already there is kept.
func (r *Recorder) saveLocked() error {
	if r.opts.Out == "" || !r.started {
		return nil
	}
	if err := chain.Save(r.opts.Out, &r.flow); err != nil {
		r.saveErr = fmt.Errorf("%w: %w", ErrSaveFailed, err)
		r.logf("recorder: %v", r.saveErr)
		return r.saveErr
	}
	return nil
}

// loop handles every DevTools event of the recorded sessions, in order.
func (r *Recorder) loop(ctx context.Context, events <-chan *rod.Message) {
	defer r.Finish("the browser went away")
	for {
		select {
		case <-ctx.Done():
			return
		case <-r.done:
			return
		case msg, ok := <-events:
			if !ok {
				return
			}
			if r.handle(ctx, msg) {
				return
			}
		}
	}
}

// handle processes one event; it returns true when recording must end.
func (r *Recorder) handle(ctx context.Context, msg *rod.Message) bool {
	r.mu.Lock()
	sess, ours := r.sessions[msg.SessionID]
	r.mu.Unlock()
	if msg.SessionID == "" {
		switch msg.Method {
		case "Target.targetCreated":
			var e proto.TargetTargetCreated
			if msg.Load(&e) && e.TargetInfo != nil && e.TargetInfo.Type == "page" && e.TargetInfo.OpenerID != "" {
				r.mu.Lock()
				opener := r.tabs[proto.PageFrameID(e.TargetInfo.OpenerID)]
				r.mu.Unlock()
				if opener != nil {
					go r.openTab(ctx, e.TargetInfo.TargetID)
				}
			}
		case "Target.detachedFromTarget":
			var e proto.TargetDetachedFromTarget
			if msg.Load(&e) {
				return r.closeTab(func(t *tab) bool { return t.page.SessionID == e.SessionID })
			}
		case "Target.targetDestroyed":
			var e proto.TargetTargetDestroyed
			if msg.Load(&e) {
				return r.closeTab(func(t *tab) bool { return t.page.TargetID == e.TargetID })
			}
		}
		return false
	}
	if !ours {
		return false
	}
	switch msg.Method {
	case "Page.javascriptDialogOpening":
		var e proto.PageJavascriptDialogOpening
		if msg.Load(&e) {
			r.onDialogOpening(msg.SessionID, &e)
		}
	case "Page.javascriptDialogClosed":
		var e proto.PageJavascriptDialogClosed
		if msg.Load(&e) {
			r.onDialogClosed(msg.SessionID, &e)
		}
	case "Runtime.bindingCalled":
		var e proto.RuntimeBindingCalled
		if msg.Load(&e) && e.Name == BindingName {
			r.onBinding(ctx, msg.SessionID, &e)
		}
	case "Runtime.executionContextCreated":
		var e proto.RuntimeExecutionContextCreated
		if msg.Load(&e) && e.Context != nil {
			aux := e.Context.AuxData
			if aux["isDefault"].Bool() {
				id := proto.PageFrameID(aux["frameId"].Str())
				r.mu.Lock()
				r.ctxs[ctxKey{msg.SessionID, e.Context.ID}] = id
				f := r.frameLocked(id)
				f.sess, f.ctx = sess, e.Context.ID
				r.mu.Unlock()
			}
		}
	case "Runtime.executionContextDestroyed":
		var e proto.RuntimeExecutionContextDestroyed
		if msg.Load(&e) {
			r.mu.Lock()
			k := ctxKey{msg.SessionID, e.ExecutionContextID}
			if id, ok := r.ctxs[k]; ok {
				if f := r.frames[id]; f != nil && f.ctx == e.ExecutionContextID && f.sess == sess {
					f.ctx = 0
				}
				delete(r.ctxs, k)
			}
			r.mu.Unlock()
		}
	case "Page.frameAttached":
		var e proto.PageFrameAttached
		if msg.Load(&e) {
			r.mu.Lock()
			r.frameLocked(e.FrameID).parent = e.ParentFrameID
			r.mu.Unlock()
		}
	case "Page.frameDetached":
		var e proto.PageFrameDetached
		if msg.Load(&e) && e.Reason != proto.PageFrameDetachedReasonSwap {
			r.mu.Lock()
			delete(r.frames, e.FrameID)
			r.mu.Unlock()
		}
	case "Page.windowOpen":
		r.mu.Lock()
		r.tabAsked = time.Now()
		r.mu.Unlock()
	case "Page.frameRequestedNavigation":
		var e proto.PageFrameRequestedNavigation
		if msg.Load(&e) && !pageRefresh(e.Reason) {
			r.mu.Lock()
			if t := r.tabs[e.FrameID]; t != nil {
				t.navReqAt = time.Now()
			} else {
				r.frameLocked(e.FrameID).navReqAt = time.Now()
			}
			r.mu.Unlock()
		}
	case "Page.frameStartedLoading":
		var e proto.PageFrameStartedLoading
		if msg.Load(&e) {
			r.mu.Lock()
			if t := r.tabs[e.FrameID]; t != nil && !t.loading {
				t.loading = true
				t.idle = make(chan struct{})
			}
			r.mu.Unlock()
		}
	case "Page.frameStoppedLoading":
		var e proto.PageFrameStoppedLoading
		if msg.Load(&e) {
			r.mu.Lock()
			if t := r.tabs[e.FrameID]; t != nil && t.loading {
				t.loading = false
				close(t.idle)
			}
			r.mu.Unlock()
		}
	case "Page.frameNavigated":
		var e proto.PageFrameNavigated
		if msg.Load(&e) && e.Frame != nil {
			r.mu.Lock()
			f := r.frameLocked(e.Frame.ID)
			if e.Frame.ParentID != "" {
				f.parent = e.Frame.ParentID
			}
			t := r.tabs[e.Frame.ID]
			r.mu.Unlock()
			switch {
			case t != nil:
				r.onTopNavigated(t, e.Frame.URL, false)
			default:
				r.onFrameNavigated(e.Frame.ID, e.Frame.URL, false)
			}
		}
	case "Page.navigatedWithinDocument":
		var e proto.PageNavigatedWithinDocument
		if msg.Load(&e) {
			r.mu.Lock()
			t := r.tabs[e.FrameID]
			r.mu.Unlock()
			if t != nil {
				r.onTopNavigated(t, e.URL, true)
			} else {
				r.onFrameNavigated(e.FrameID, e.URL, true)
			}
		}
	case "Target.attachedToTarget":
		var e proto.TargetAttachedToTarget
		if msg.Load(&e) && e.TargetInfo != nil {
			child := r.b.PageFromSession(e.SessionID)
			if e.TargetInfo.Type == "iframe" {
				r.mu.Lock()
				r.sessions[e.SessionID] = child
				r.mu.Unlock()
				if err := r.setupSession(child, true); err != nil {
					r.logf("recorder: iframe %s: %v", e.TargetInfo.URL, err)
				}
			} else {
				_ = proto.RuntimeRunIfWaitingForDebugger{}.Call(child)
				_ = proto.TargetDetachFromTarget{SessionID: e.SessionID}.Call(sess)
			}
		}
	case "Target.detachedFromTarget":
		var e proto.TargetDetachedFromTarget
		if msg.Load(&e) {
			r.mu.Lock()
			delete(r.sessions, e.SessionID)
			r.mu.Unlock()
		}
	case "Inspector.detached", "Inspector.targetCrashed":
		return r.closeTab(func(t *tab) bool { return t.page.SessionID == msg.SessionID })
	}
	return false
}

// frameLocked returns the frame record for id, creating it.
// pageRefresh reports whether a navigation was asked for by the page's
// own refresh (a <meta http-equiv="refresh">, a Refresh header): it runs on
// its timer whatever a person does, and is never the navigation of the
// step that came before it.
func pageRefresh(r proto.PageClientNavigationReason) bool {
	return r == proto.PageClientNavigationReasonMetaTagRefresh || r == proto.PageClientNavigationReasonHTTPHeaderRefresh
}

func (r *Recorder) frameLocked(id proto.PageFrameID) *frame {
	f := r.frames[id]
	if f == nil {
		f = &frame{id: id}
		r.frames[id] = f
	}
	return f
}

// Sync waits until the recorder has handled everything the page in frame
// (the top frame when empty) reported before this call. It is how --drive
// knows an action was seen without sleeping.
func (r *Recorder) Sync(ctx context.Context, frameID proto.PageFrameID) error {
	r.mu.Lock()
	if frameID == "" {
		frameID = r.currentLocked().frame
	}
	f := r.frames[frameID]
	if f == nil || f.sess == nil || f.ctx == 0 {
		r.mu.Unlock()
		return fmt.Errorf("frame %s has no document yet", frameID)
	}
	sess, cid := f.sess, f.ctx
	r.nextMark++
	n := r.nextMark
	ch := make(chan struct{})
	r.marks[n] = ch
	r.mu.Unlock()
	defer func() {
		r.mu.Lock()
		delete(r.marks, n)
		r.mu.Unlock()
	}()
	res, err := proto.RuntimeEvaluate{Expression: fmt.Sprintf("window.__chainrec && (window.__chainrec.mark(%d), true)", n),
		ContextID: cid, ReturnByValue: true}.Call(sess)
	if err != nil {
		return err
	}
	if res.ExceptionDetails != nil || !res.Result.Value.Bool() {
		return fmt.Errorf("the recorder's script is not in frame %s", frameID)
	}
	t := time.NewTimer(5 * time.Second)
	defer t.Stop()
	select {
	case <-ch:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return fmt.Errorf("the page did not report mark %d within 5s", n)
	case <-r.done:
		return errors.New("recording ended")
	}
}

// WaitCaptures waits until every element description under way is done
// (at most captureWait). The drive holds the mouse button down until then,
// as a person's click lasts long enough for the description to finish
// before the click's effects (a re-render, a navigation) begin.
func (r *Recorder) WaitCaptures(ctx context.Context) {
	r.mu.Lock()
	var cs []*capture
	for _, c := range r.captures {
		cs = append(cs, c)
	}
	r.mu.Unlock()
	t := time.NewTimer(captureWait)
	defer t.Stop()
	for _, c := range cs {
		select {
		case <-c.done:
		case <-t.C:
			return
		case <-ctx.Done():
			return
		}
	}
}

// Seen returns how many events of kind ("click", "input", "scroll", ...)
// the page has reported, and a channel closed at the next report.
func (r *Recorder) Seen(kind string) (int, <-chan struct{}) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.seen[kind], r.seenCh
}

// WaitIdle waits until the current tab's main frame is not loading.
func (r *Recorder) WaitIdle(ctx context.Context) error {
	r.mu.Lock()
	idle := r.currentLocked().idle
	r.mu.Unlock()
	select {
	case <-idle:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-r.done:
		return nil
	}
}

// NavigationRequestedSince reports whether the current tab's main frame
// started loading or asked to navigate after t.
func (r *Recorder) NavigationRequestedSince(t time.Time) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	c := r.currentLocked()
	return c.loading || c.navReqAt.After(t)
}

// TopFrame is the DevTools id of the current tab's main frame.
func (r *Recorder) TopFrame() proto.PageFrameID {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.currentLocked().frame
}

// FrameSession returns the session and main-world execution context of a frame.
func (r *Recorder) FrameSession(id proto.PageFrameID) (*rod.Page, proto.RuntimeExecutionContextID, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	f := r.frames[id]
	if f == nil || f.sess == nil || f.ctx == 0 {
		return nil, 0, false
	}
	return f.sess, f.ctx, true
}

// pageEvent is one report of the in-page script.
type pageEvent struct {
	K   string     `json:"k"`
	ID  int        `json:"id"`
	B   int        `json:"b"`
	N   int        `json:"n"`
	M   []string   `json:"m"`
	X   float64    `json:"x"`
	Y   float64    `json:"y"`
	OX  float64    `json:"ox"`
	OY  float64    `json:"oy"`
	R   *Box       `json:"r"`
	C   *cheapInfo `json:"c"`
	Chk *bool      `json:"chk"`
	// Gone: the page took the clicked element off as it handled the
	// press or the release, and left none in its place; Dsc is the page
	// model's description of it as it was pressed (nil when the model
	// could not give one), C and R what the page said of it last.
	Gone bool    `json:"gone"`
	Dsc  *string `json:"dsc"`
	V    *string `json:"v"`
	S    bool    `json:"s"`
	// H is a short hash of a secret field's value (S), to tell two
	// values typed apart.
	H string   `json:"h"`
	L string   `json:"l"`
	F []string `json:"f"`
	// RV are the elements whose hover shows the pressed one, outermost
	// first (mousedown).
	RV []int `json:"rv"`
	// Cmd is a toolbar command (tool); A an assert mode (assert).
	Cmd string `json:"cmd"`
	A   string `json:"a"`
	// To, TX/TY, TR and TC are a drag's drop target: its reference, the
	// release point in its box, its box and what the page sent of it.
	To int        `json:"to"`
	TX float64    `json:"tx"`
	TY float64    `json:"ty"`
	TR *Box       `json:"tr"`
	TC *cheapInfo `json:"tc"`
	// Q numbers the action for its effect report; E is that report's.
	Q     int                `json:"q"`
	E     *pagemodel.Effects `json:"e"`
	Key   string             `json:"key"`
	DX    float64            `json:"dx"`
	DY    float64            `json:"dy"`
	frame proto.PageFrameID
}

// cheapInfo is what the page sends with an event, for when the element is
// gone before it can be described.
type cheapInfo struct {
	Tag         string            `json:"tag"`
	ID          string            `json:"id"`
	Name        string            `json:"name"`
	Type        string            `json:"type"`
	Placeholder string            `json:"placeholder"`
	AriaLabel   string            `json:"aria-label"`
	Title       string            `json:"title"`
	Alt         string            `json:"alt"`
	Href        string            `json:"href"`
	TestIDs     map[string]string `json:"testids"`
	Text        string            `json:"text"`
}

func (r *Recorder) onBinding(ctx context.Context, sess proto.TargetSessionID, b *proto.RuntimeBindingCalled) {
	var batch []pageEvent
	if err := json.Unmarshal([]byte(b.Payload), &batch); err != nil {
		// Not the payload itself: it may hold a secret field's hash.
		r.logf("recorder: bad report (%d bytes): %v", len(b.Payload), err)
		return
	}
	for i := range batch {
		r.onReport(ctx, sess, b.ExecutionContextID, &batch[i])
	}
}

// onReport handles one report of a batch.
func (r *Recorder) onReport(ctx context.Context, sess proto.TargetSessionID, cid proto.RuntimeExecutionContextID, e *pageEvent) {
	r.mu.Lock()
	fid, ok := r.ctxs[ctxKey{sess, cid}]
	if e.K == "mark" {
		if ch := r.marks[e.N]; ch != nil {
			close(ch)
			delete(r.marks, e.N)
		}
		r.mu.Unlock()
		return
	}
	r.seen[e.K]++
	close(r.seenCh)
	r.seenCh = make(chan struct{})
	started, paused := r.started, r.paused
	r.mu.Unlock()
	if !ok {
		return
	}
	e.frame = fid
	switch {
	case e.K == "tool" && (started || e.Cmd == "hello"):
		r.onTool(e)
	case !started || (paused && e.K != "assert"):
	default:
		r.onPageEvent(ctx, e)
	}
}
