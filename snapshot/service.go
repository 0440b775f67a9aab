package snapshot

import (
	"context"
	"sync"
	"time"

	"github.com/go-rod/rod/lib/proto"
	"github.com/qa-chain/chainreplay/pagemodel"
)

// Service keeps the snapshot of one page (seed 003: one service per tab).
// Get returns the cached snapshot while it is fresh (younger than MaxAge)
// and not invalidated, else takes a new one. The replay engine calls
// Invalidate after every action, failed ones included; a navigation
// (DOM.documentUpdated) invalidates on its own.
type Service struct {
	page *pagemodel.Page
	opts Options
	// MaxAge overrides the package MaxAge when positive.
	maxAge time.Duration

	mu      sync.Mutex // held during a capture: one capture at a time
	emu     sync.Mutex // guards cur, gen and updates
	cur     *Snapshot
	gen     uint64 // bumped by every invalidation
	stop    context.CancelFunc
	updates int // documentUpdated events seen
	now     func() time.Time
}

// ServiceOptions tune NewService. The zero value uses MaxAge.
type ServiceOptions struct {
	// Capture is passed to every Capture.
	Capture Options
	// MaxAge, when positive, replaces the package MaxAge.
	MaxAge time.Duration
}

// NewService starts a snapshot service for page. It enables the DOM domain
// so that DevTools reports DOM.documentUpdated. Close stops it.
func NewService(page *pagemodel.Page, opts ServiceOptions) (*Service, error) {
	s := &Service{page: page, opts: opts.Capture, maxAge: opts.MaxAge, now: time.Now}
	if s.maxAge <= 0 {
		s.maxAge = MaxAge
	}
	if err := (proto.DOMEnable{}).Call(page.Rod); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.stop = cancel
	wait := page.Rod.Context(ctx).EachEvent(func(*proto.DOMDocumentUpdated) {
		s.emu.Lock()
		s.updates++
		s.emu.Unlock()
		s.Invalidate()
	})
	go wait()
	return s, nil
}

// Get returns a fresh snapshot of the page: the cached one when it is
// younger than the service's MaxAge and nothing invalidated it, else a new
// capture.
func (s *Service) Get(ctx context.Context) (*Snapshot, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.emu.Lock()
	cur, gen := s.cur, s.gen
	s.emu.Unlock()
	if cur != nil && s.now().Sub(cur.TakenAt) <= s.maxAge {
		return cur, nil
	}
	snap, err := Capture(ctx, s.page, s.opts)
	if err != nil {
		return nil, err
	}
	s.emu.Lock()
	if s.gen == gen { // not invalidated while capturing
		s.cur = snap
	}
	s.emu.Unlock()
	return snap, nil
}

// Cached returns the cached snapshot without taking one, or nil.
func (s *Service) Cached() *Snapshot {
	s.emu.Lock()
	defer s.emu.Unlock()
	return s.cur
}

// Invalidate drops the cached snapshot: the next Get takes a new one.
func (s *Service) Invalidate() {
	s.emu.Lock()
	s.cur = nil
	s.gen++
	s.emu.Unlock()
}

// DocumentUpdates counts the DOM.documentUpdated events the service saw.
func (s *Service) DocumentUpdates() int {
	s.emu.Lock()
	defer s.emu.Unlock()
	return s.updates
}

// Close stops listening to the page's events.
func (s *Service) Close() {
	if s.stop != nil {
		s.stop()
	}
}
