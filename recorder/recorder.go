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

// Recorder records what happens in one page into a flow.
type Recorder struct {
	b       *rod.Browser
	top     *rod.Page
	opts    Options
	testIDs []string
	inject  string

	mu       sync.Mutex
	flow     chain.Flow
	frames   map[proto.PageFrameID]*frame
	ctxs     map[ctxKey]proto.PageFrameID
	sessions map[proto.TargetSessionID]*rod.Page
	topFrame proto.PageFrameID
	started  bool
	curURL   string
	dpr      float64
	viewport chain.Size

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
	reveals map[refKey]refKey
	lastIdx int // index of the last step, -1 if none
	lastKey refKey
	// clickIdx is the last step if it is a click, or if only scrolls
	// followed it (-1 otherwise), on the element clickKey: typing into
	// that element turns it into the type step.
	clickIdx  int
	clickKey  refKey
	userIdx   int // index of the last step caused by user input, -1 if none
	userAt    time.Time
	navReqAt  time.Time
	loading   bool
	idle      chan struct{} // closed when the top frame stops loading
	marks     map[int]chan struct{}
	nextMark  int
	seen      map[string]int
	seenCh    chan struct{}
	durations []time.Duration
	secrets   []string
	saveErr   error
	groupN    int

	done     chan struct{}
	doneOnce sync.Once
	reason   string
}

type frame struct {
	id, parent proto.PageFrameID
	sess       *rod.Page
	ctx        proto.RuntimeExecutionContextID
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

type pendingType struct {
	idx    int
	key    refKey
	secret string
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
		captures:   map[refKey]*capture{},
		effectStep: map[effectKey]int{},
		reveals:    map[refKey]refKey{},
		marks:      map[int]chan struct{}{},
		seen:       map[string]int{},
		seenCh:     make(chan struct{}),
		idle:       closedChan(),
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
	r.top = page
	events := r.b.Context(ctx).Event()
	r.mu.Lock()
	r.sessions[page.SessionID] = page
	r.flow = chain.Flow{Version: chain.Version, Name: r.opts.Name, StartURL: url, RecordedAt: time.Now().UTC().Truncate(time.Second), Steps: []chain.Step{}}
	r.flow.TestIDAttrs = append([]string(nil), r.opts.TestIDAttrs...)
	r.mu.Unlock()

	tree, err := proto.PageGetFrameTree{}.Call(page)
	if err != nil {
		return fmt.Errorf("recorder: frame tree: %w", err)
	}
	r.topFrame = tree.FrameTree.Frame.ID
	r.mu.Lock()
	r.frames[r.topFrame] = &frame{id: r.topFrame, sess: page}
	r.mu.Unlock()
	go r.loop(ctx, events)
	if err := r.setupSession(page, false); err != nil {
		return err
	}

	nav, err := proto.PageNavigate{URL: url}.Call(page)
	if err != nil {
		return fmt.Errorf("recorder: open %s: %w", url, err)
	}
	if nav.ErrorText != "" {
		return &LoadError{URL: url, Reason: nav.ErrorText}
	}
	if err := page.Context(ctx).Timeout(30 * time.Second).WaitLoad(); err != nil {
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
	// Let the loop catch up with the load's own events before recording.
	if err := r.Sync(ctx, ""); err != nil {
		return fmt.Errorf("recorder: the page did not answer: %w", err)
	}
	r.mu.Lock()
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
			// The page model first: the listener's effect watches call it.
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

func (r *Recorder) saveLocked() error {
	if r.opts.Out == "" {
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
		var det proto.TargetDetachedFromTarget
		if msg.Load(&det) && det.SessionID == r.top.SessionID {
			r.Finish("the tab was closed")
			return true
		}
		var des proto.TargetTargetDestroyed
		if msg.Load(&des) && des.TargetID == r.top.TargetID {
			r.Finish("the tab was closed")
			return true
		}
		return false
	}
	if !ours {
		return false
	}
	switch msg.Method {
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
	case "Page.frameRequestedNavigation":
		var e proto.PageFrameRequestedNavigation
		if msg.Load(&e) && e.FrameID == r.topFrame {
			r.mu.Lock()
			r.navReqAt = time.Now()
			r.mu.Unlock()
		}
	case "Page.frameStartedLoading":
		var e proto.PageFrameStartedLoading
		if msg.Load(&e) && e.FrameID == r.topFrame {
			r.mu.Lock()
			if !r.loading {
				r.loading = true
				r.idle = make(chan struct{})
			}
			r.mu.Unlock()
		}
	case "Page.frameStoppedLoading":
		var e proto.PageFrameStoppedLoading
		if msg.Load(&e) && e.FrameID == r.topFrame {
			r.mu.Lock()
			if r.loading {
				r.loading = false
				close(r.idle)
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
			r.mu.Unlock()
			if e.Frame.ID == r.topFrame {
				r.onTopNavigated(e.Frame.URL, false)
			}
		}
	case "Page.navigatedWithinDocument":
		var e proto.PageNavigatedWithinDocument
		if msg.Load(&e) && e.FrameID == r.topFrame {
			r.onTopNavigated(e.URL, true)
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
				_ = proto.TargetDetachFromTarget{SessionID: e.SessionID}.Call(r.top)
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
		if msg.SessionID == r.top.SessionID {
			r.Finish("the tab was closed or crashed")
			return true
		}
	}
	return false
}

// frameLocked returns the frame record for id, creating it.
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
		frameID = r.topFrame
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

// WaitIdle waits until the top frame is not loading.
func (r *Recorder) WaitIdle(ctx context.Context) error {
	r.mu.Lock()
	idle := r.idle
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

// NavigationRequestedSince reports whether the top frame started loading or
// asked to navigate after t.
func (r *Recorder) NavigationRequestedSince(t time.Time) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.loading || r.navReqAt.After(t)
}

// TopFrame is the DevTools id of the page's main frame.
func (r *Recorder) TopFrame() proto.PageFrameID { return r.topFrame }

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
	V   *string    `json:"v"`
	S   bool       `json:"s"`
	L   string     `json:"l"`
	F   []string   `json:"f"`
	// RV is the element whose hover shows the pressed one (mousedown).
	RV int `json:"rv"`
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
		r.logf("recorder: bad report %q: %v", b.Payload, err)
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
	started := r.started
	r.mu.Unlock()
	if !ok || !started {
		return
	}
	e.frame = fid
	r.onPageEvent(ctx, e)
}
