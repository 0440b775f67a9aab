package runner

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/internal/browser"
)

// startTimeout bounds launching or reaching a browser.
const startTimeout = 30 * time.Second

// session is one browser of a run. ctx ends when the browser is gone
// (crashed, killed, disconnected) or the run closes it.
type session struct {
	b      *browser.Browser
	gen    int
	ctx    context.Context
	cancel context.CancelFunc
}

// browsers holds the run's current browser and replaces it when it dies.
type browsers struct {
	opts browser.Options
	ctx  context.Context
	logf func(string, ...any)

	mu   sync.Mutex
	cur  *session
	gen  int
	dead []*session
}

// get returns the live browser, starting a fresh one when there is none
// or the last one died.
func (bs *browsers) get() (*session, error) {
	bs.mu.Lock()
	defer bs.mu.Unlock()
	if bs.cur != nil && bs.cur.ctx.Err() == nil {
		return bs.cur, nil
	}
	if bs.cur != nil {
		bs.dead = append(bs.dead, bs.cur)
		bs.cur = nil
	}
	// A ws:// connection lives as long as the context it was made with:
	// that context must outlive the start, so it is the session's, ended
	// early only by the start timeout or the run's cancellation.
	conn, endConn := context.WithCancel(context.Background())
	timer := time.AfterFunc(startTimeout, endConn)
	stop := context.AfterFunc(bs.ctx, endConn)
	b, err := browser.Start(conn, bs.opts)
	timedOut := !timer.Stop()
	stop()
	if err != nil || timedOut {
		endConn()
		if err == nil {
			b.Close()
			err = fmt.Errorf("no answer in %v", startTimeout)
		}
		return nil, fmt.Errorf("start browser: %w", err)
	}
	bs.gen++
	s := &session{b: b, gen: bs.gen}
	ctx, cancel := context.WithCancel(context.Background())
	s.ctx, s.cancel = ctx, func() { cancel(); endConn() }
	go watch(s)
	bs.cur = s
	if b.Remote {
		bs.logf("browser #%d: connected to %s", s.gen, b.Endpoint)
	} else {
		bs.logf("browser #%d: launched pid %d, DevTools at %s", s.gen, b.PID(), b.Endpoint)
	}
	return s, nil
}

// watch ends s.ctx when the browser's DevTools connection closes: rod closes
// the event stream when the WebSocket does.
func watch(s *session) {
	for range s.b.Event() {
	}
	s.cancel()
}

// alive reports whether s still answers; a browser that does not is
// marked gone so that the next get starts a fresh one.
func (bs *browsers) alive(s *session) bool {
	if s.ctx.Err() != nil {
		return false
	}
	ctx, cancel := context.WithTimeout(s.ctx, 5*time.Second)
	defer cancel()
	if _, err := (proto.BrowserGetVersion{}).Call(s.b.Context(ctx)); err != nil {
		s.cancel()
		return false
	}
	return true
}

// dispose closes a flow's page and browser context; on a dead browser it
// gives up at once.
func (bs *browsers) dispose(s *session, bctx *rod.Browser, page *rod.Page) {
	ctx, cancel := context.WithTimeout(s.ctx, 5*time.Second)
	defer cancel()
	if page != nil {
		page.Context(ctx).Close()
	}
	proto.TargetDisposeBrowserContext{BrowserContextID: bctx.BrowserContextID}.Call(s.b.Context(ctx))
}

// close shuts every browser of the run down: the live one is closed (a
// launched one quits and its profile is removed), dead ones are killed and
// cleaned up.
func (bs *browsers) close() {
	bs.mu.Lock()
	defer bs.mu.Unlock()
	all := bs.dead
	if bs.cur != nil {
		all = append(all, bs.cur)
	}
	for _, s := range all {
		s.cancel()
		s.b.Close()
	}
	bs.cur, bs.dead = nil, nil
}
