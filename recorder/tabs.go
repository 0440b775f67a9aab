package recorder

import (
	"context"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
)

// tab is a page being recorded: the tab recording started in, or a tab or
// popup a recorded page opened (a link with target=_blank, window.open).
// Recording follows a person into it: its steps say which page they act
// in (chain.Step.Page), so that replay follows too.
type tab struct {
	page *rod.Page
	// frame is its main frame's id (a page target's id).
	frame proto.PageFrameID
	// index is the tab's index in the flow's pages (chain.Flow.Pages) once
	// a step acts in it, 0 for the first tab; -1 before.
	index    int
	url      string
	loading  bool
	idle     chan struct{} // closed when its main frame stops loading
	navReqAt time.Time
	closed   bool
}

// addTabLocked starts keeping the page whose main frame is id.
func (r *Recorder) addTabLocked(page *rod.Page, id proto.PageFrameID) *tab {
	t := &tab{page: page, frame: id, index: -1, idle: closedChan()}
	r.tabs[id] = t
	r.opened = append(r.opened, t)
	r.sessions[page.SessionID] = page
	f := r.frameLocked(id)
	f.sess = page
	return t
}

// openTab attaches to a page target a recorded page opened and records in
// it as in the first: the same scripts, the same viewport.
func (r *Recorder) openTab(ctx context.Context, id proto.TargetTargetID) {
	page, err := r.b.Context(ctx).PageFromTarget(id)
	if err != nil {
		r.logf("recorder: new tab %s: %v", id, err)
		return
	}
	r.mu.Lock()
	if r.tabs[proto.PageFrameID(id)] != nil {
		r.mu.Unlock()
		return
	}
	t := r.addTabLocked(page, proto.PageFrameID(id))
	vp := r.viewport
	r.mu.Unlock()
	if vp.Width > 0 && vp.Height > 0 {
		_ = proto.EmulationSetDeviceMetricsOverride{Width: vp.Width, Height: vp.Height, DeviceScaleFactor: r.dpr}.Call(page)
	}
	if err := r.setupSession(page, false); err != nil {
		r.logf("recorder: new tab %s: %v", id, err)
	}
	if info, err := page.Info(); err == nil {
		r.onTopNavigated(t, info.URL, false)
	}
	r.mu.Lock()
	r.tabOpened = time.Now()
	r.mu.Unlock()
	r.kickUI()
}

// TabOpening reports whether a recorded page asked for a new window after
// since and its tab is not set up yet.
func (r *Recorder) TabOpening(since time.Time) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.tabAsked.After(since) && !r.tabOpened.After(r.tabAsked)
}

// closeTab forgets the first tab for which is reports true; when none is
// left, recording ends (it returns true then).
func (r *Recorder) closeTab(is func(*tab) bool) bool {
	r.mu.Lock()
	var gone *tab
	for id, t := range r.tabs {
		if is(t) {
			gone = t
			t.closed = true
			delete(r.tabs, id)
			break
		}
	}
	left := len(r.tabs)
	r.mu.Unlock()
	if gone == nil {
		return false
	}
	if left == 0 {
		r.Finish("the last tab was closed")
		return true
	}
	r.kickUI()
	return false
}

// currentLocked is the tab a person is in: the last one opened that is
// still open (a tab a click opens comes to the front), else the first.
func (r *Recorder) currentLocked() *tab {
	for i := len(r.opened) - 1; i >= 0; i-- {
		if !r.opened[i].closed {
			return r.opened[i]
		}
	}
	return r.first
}

// CurrentPage is the page of the tab a person is in (see currentLocked):
// where drive lines act.
func (r *Recorder) CurrentPage() *rod.Page {
	r.mu.Lock()
	defer r.mu.Unlock()
	if c := r.currentLocked(); c != nil {
		return c.page
	}
	return nil
}

// tabOfLocked is the tab frame id is in (through its parent frames), or
// nil.
func (r *Recorder) tabOfLocked(id proto.PageFrameID) *tab {
	for depth := 0; depth < 32; depth++ {
		if t := r.tabs[id]; t != nil {
			return t
		}
		f := r.frames[id]
		if f == nil || f.parent == "" {
			return nil
		}
		id = f.parent
	}
	return nil
}

// pageOfLocked is the index in the flow's pages of the tab frame id is in,
// giving the tab one when a step first acts there (its URL then is how
// replay knows it).
func (r *Recorder) pageOfLocked(id proto.PageFrameID) int {
	t := r.tabOfLocked(id)
	if t == nil {
		return 0
	}
	return r.pageIndexLocked(t)
}

func (r *Recorder) pageIndexLocked(t *tab) int {
	if t.index >= 0 {
		return t.index
	}
	if len(r.flow.Pages) == 0 {
		r.flow.Pages = []chain.Page{{}}
	}
	t.index = len(r.flow.Pages)
	r.flow.Pages = append(r.flow.Pages, chain.Page{URL: t.url})
	return t.index
}
