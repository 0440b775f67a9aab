package recorder

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/pagemodel"
)

// ErrGone is returned (wrapped) when the element to describe no longer exists.
var ErrGone = errors.New("element is gone")

// capture is one element description under way.
type capture struct {
	done chan struct{}
	el   *Element
	err  error
}

// startCapture begins describing an element as soon as the page reports a
// mousedown, so the description is ready (and the element still there) when
// the click, which may navigate away, arrives.
func (r *Recorder) startCapture(ctx context.Context, f proto.PageFrameID, ref int) *capture {
	c := &capture{done: make(chan struct{})}
	r.mu.Lock()
	r.captures[refKey{f, ref}] = c
	r.mu.Unlock()
	go func() {
		defer close(c.done)
		c.el, c.err = r.Capture(ctx, f, ref)
	}()
	return c
}

// Capture describes the element the page in frame f knows as ref: its DOM
// description, accessibility role and name with their uniqueness, frame
// path and page geometry, in one pass of concurrent DevTools calls.
func (r *Recorder) Capture(ctx context.Context, f proto.PageFrameID, ref int) (*Element, error) {
	start := time.Now()
	sess, cid, ok := r.FrameSession(f)
	if !ok {
		return nil, fmt.Errorf("capture: frame %s: %w", f, ErrGone)
	}
	group := r.group()
	defer func() { _ = proto.RuntimeReleaseObjectGroup{ObjectGroup: group}.Call(sess) }()
	res, err := proto.RuntimeEvaluate{Expression: fmt.Sprintf("window.__chainrec.el(%d)", ref), ContextID: cid, ObjectGroup: group}.Call(sess.Context(ctx))
	if err != nil {
		return nil, fmt.Errorf("capture: %w", err)
	}
	if res.ExceptionDetails != nil || res.Result.ObjectID == "" {
		return nil, fmt.Errorf("capture: ref %d: %w", ref, ErrGone)
	}
	el, err := r.CaptureObject(ctx, sess, f, res.Result.ObjectID, group)
	if err == nil {
		r.mu.Lock()
		r.durations = append(r.durations, time.Since(start))
		r.mu.Unlock()
	}
	return el, err
}

func (r *Recorder) group() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.groupN++
	return fmt.Sprintf("chainrec-%d", r.groupN)
}

// CaptureObject describes the element obj (a remote object of session sess,
// in frame f): the page model's description (pagemodel.Describe: its
// attributes, role and name, texts, neighbours, region, locators and how
// many elements each matches, counted as replay counts them), its frame
// path and the page geometry, in one pass of concurrent DevTools calls.
func (r *Recorder) CaptureObject(ctx context.Context, sess *rod.Page, f proto.PageFrameID, obj proto.RuntimeRemoteObjectID, group string) (*Element, error) {
	r.mu.Lock()
	el := &Element{DPR: r.dpr}
	r.mu.Unlock()
	var wg sync.WaitGroup
	var descErr error
	wg.Add(3)
	go func() {
		defer wg.Done()
		d, err := pagemodel.Describe(ctx, pagemodel.Session{B: sess.Browser(), ID: sess.SessionID}, obj, r.describeOptions())
		if err != nil {
			descErr = fmt.Errorf("describe: %w", err)
			return
		}
		el.fill(d)
	}()
	go func() {
		defer wg.Done()
		path, off, err := r.FramePath(ctx, f)
		if err != nil {
			r.logf("recorder: frame path: %v", err)
		}
		el.FramePath, el.FrameOffset = path, off
	}()
	go func() {
		defer wg.Done()
		r.mu.Lock()
		t := r.tabOfLocked(f)
		r.mu.Unlock()
		if t == nil {
			return
		}
		if m, err := (proto.PageGetLayoutMetrics{}).Call(t.page.Context(ctx)); err == nil && m.CSSLayoutViewport != nil {
			v := m.CSSLayoutViewport
			el.Viewport = chain.Size{Width: v.ClientWidth, Height: v.ClientHeight}
			el.Scroll = chain.Point{X: float64(v.PageX), Y: float64(v.PageY)}
		}
	}()
	wg.Wait()
	if descErr != nil {
		return nil, descErr
	}
	return el, nil
}

// describeOptions are the page model's options for describing a target.
func (r *Recorder) describeOptions() pagemodel.DescribeOptions { return describeOptions(r.testIDs) }

// describeOptions are the options the recorder describes elements with,
// from Go and from its page script alike.
func describeOptions(testIDs []string) pagemodel.DescribeOptions {
	return pagemodel.DescribeOptions{TestIDAttrs: testIDs, GenClass: AvoidedClass, GenID: GeneratedID}
}

// FramePath returns the selector of each <iframe> from the top document
// down to frame f, and where f's viewport starts in the top viewport.
func (r *Recorder) FramePath(ctx context.Context, f proto.PageFrameID) ([]string, chain.Point, error) {
	var path []string
	var off chain.Point
	for depth := 0; ; depth++ {
		r.mu.Lock()
		main := r.tabs[f] != nil
		r.mu.Unlock()
		if main {
			break
		}
		if depth > 16 {
			return path, off, fmt.Errorf("frames nested too deep")
		}
		r.mu.Lock()
		fr := r.frames[f]
		var parent *frame
		if fr != nil {
			parent = r.frames[fr.parent]
		}
		r.mu.Unlock()
		if fr == nil || parent == nil || parent.sess == nil {
			return path, off, fmt.Errorf("frame %s: parent unknown", f)
		}
		ps := parent.sess.Context(ctx)
		owner, err := proto.DOMGetFrameOwner{FrameID: f}.Call(ps)
		if err != nil {
			return path, off, fmt.Errorf("frame %s owner: %w", f, err)
		}
		group := r.group()
		obj, err := proto.DOMResolveNode{BackendNodeID: owner.BackendNodeID, ObjectGroup: group}.Call(ps)
		if err != nil || obj.Object == nil {
			return path, off, fmt.Errorf("frame %s owner: %w", f, err)
		}
		css, x, y, err := pagemodel.FrameInfo(ctx, pagemodel.Session{B: parent.sess.Browser(), ID: parent.sess.SessionID}, obj.Object.ObjectID, r.describeOptions())
		_ = proto.RuntimeReleaseObjectGroup{ObjectGroup: group}.Call(ps)
		if err != nil {
			return path, off, fmt.Errorf("frame %s owner: %w", f, err)
		}
		if css == "" {
			css = "iframe"
		}
		path = append([]string{css}, path...)
		off.X += x
		off.Y += y
		f = fr.parent
	}
	return path, off, nil
}

func exceptionText(d *proto.RuntimeExceptionDetails) string {
	if d == nil {
		return ""
	}
	if d.Exception != nil && d.Exception.Description != "" {
		return d.Exception.Description
	}
	return d.Text
}

// fallbackElement builds an Element from what the page sent with the event.
func (r *Recorder) fallbackElement(ctx context.Context, f proto.PageFrameID, c *cheapInfo, rect *Box) *Element {
	el := r.elementIn(ctx, f)
	el.Fallback = true
	if c != nil {
		el.Desc = Description{Tag: c.Tag, ID: c.ID, Name: c.Name, Type: c.Type, Placeholder: c.Placeholder,
			AriaLabel: c.AriaLabel, Title: c.Title, Alt: c.Alt, Href: c.Href, TestIDs: c.TestIDs, Text: c.Text}
		switch c.Tag {
		case "input", "textarea", "select":
		default:
			el.Desc.TextValue = c.Text
		}
	}
	if rect != nil {
		el.Desc.Rect = *rect
	}
	return el
}

// elementIn is an Element of frame f with nothing described yet: the
// page's device pixel ratio and viewport, the frame's path and offset.
func (r *Recorder) elementIn(ctx context.Context, f proto.PageFrameID) *Element {
	el := &Element{}
	r.mu.Lock()
	el.DPR, el.Viewport = r.dpr, r.viewport
	r.mu.Unlock()
	if path, off, err := r.FramePath(ctx, f); err == nil {
		el.FramePath, el.FrameOffset = path, off
	}
	return el
}

// pressedElement is the element of a click report whose element the page
// took off (pageEvent.Gone), from the description the page script made of
// it as it was pressed, else from what the page said of it.
func (r *Recorder) pressedElement(ctx context.Context, e *pageEvent) *Element {
	if e.Dsc == nil {
		return r.fallbackElement(ctx, e.frame, e.C, e.R)
	}
	d, err := pagemodel.ParseDescription(*e.Dsc)
	if err != nil {
		r.logf("recorder: the pressed element's description: %v (using what the page reported)", err)
		return r.fallbackElement(ctx, e.frame, e.C, e.R)
	}
	el := r.elementIn(ctx, e.frame)
	el.fill(d)
	return el
}

// Redescribe describes the element ref of the page m models exactly as the
// recorder describes a target (the same page model call, BuildTarget), for
// writing it back into a flow (replayer --update-flows): its full chain, a
// fresh fingerprint and fresh coordinates, as a recording made now would
// have them.
func Redescribe(ctx context.Context, m *pagemodel.Page, ref pagemodel.Ref) (*chain.Target, error) {
	d, err := m.DescribeRef(ctx, ref, pagemodel.DescribeOptions{GenClass: AvoidedClass, GenID: GeneratedID})
	if err != nil {
		return nil, fmt.Errorf("redescribe: %w", err)
	}
	el := &Element{}
	el.fill(d)
	el.Desc.Rect = Box{X: d.Box.X, Y: d.Box.Y, W: d.Box.Width, H: d.Box.Height}
	el.FramePath = d.FramePath
	c := m.Rod.Context(ctx)
	if lm, err := (proto.PageGetLayoutMetrics{}).Call(c); err == nil && lm.CSSLayoutViewport != nil {
		v := lm.CSSLayoutViewport
		el.Viewport = chain.Size{Width: v.ClientWidth, Height: v.ClientHeight}
		el.Scroll = chain.Point{X: float64(v.PageX), Y: float64(v.PageY)}
	}
	if res, err := (proto.RuntimeEvaluate{Expression: "window.devicePixelRatio", ReturnByValue: true}).Call(c); err == nil {
		el.DPR = res.Result.Value.Num()
	}
	return BuildTarget(el, nil), nil
}
