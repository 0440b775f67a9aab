package snapshot

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/internal/browser"
	"github.com/qa-chain/chainreplay/pagemodel"
)

// walkCall is the expression that walks the world's document with the
// model installed there before, or "" where it is not installed.
func walkCall(o []byte) string { return pagemodel.Left("walk(document, " + string(o) + ")") }

// seqCounter makes each capture's stash tag unique within this process; it
// starts at a random value so two processes driving one browser differ too.
var seqCounter atomic.Int64

func init() { seqCounter.Store(rand.Int64N(1 << 19)) }

func nextSeq() int64 { return seqCounter.Add(1) % (1 << 20) }

// world is one JavaScript world the walker ran in (pagemodel.World): the
// page's top document's, covering same-origin iframes and shadow trees, or
// a cross-origin frame's.
type world struct {
	w     *pagemodel.World
	nodes []*Node // by stash index
}

// client returns a DevTools client on the world's session bound to ctx.
func (w *world) client(ctx context.Context) proto.Client { return w.w.S.Client(ctx) }

// eval evaluates expr in the world and returns the raw answer, which the
// caller decodes itself (rod's proto types would parse it once more,
// which costs on the walker's large answer).
func (w *world) eval(ctx context.Context, expr string) ([]byte, error) {
	return w.w.EvalRaw(ctx, expr, true, "")
}

func (w *world) put(k int, n *Node) {
	for len(w.nodes) <= k {
		w.nodes = append(w.nodes, nil)
	}
	w.nodes[k] = n
}

// walkOptions is what the walker reads as o.
type walkOptions struct {
	Seq    int64       `json:"seq"`
	All    bool        `json:"all,omitempty"`
	VW     float64     `json:"vw,omitempty"`
	VH     float64     `json:"vh,omitempty"`
	OX     float64     `json:"ox,omitempty"`
	OY     float64     `json:"oy,omitempty"`
	Clip   *[4]float64 `json:"clip,omitempty"`
	FP     []string    `json:"fp,omitempty"`
	SP     []string    `json:"sp,omitempty"`
	Hidden bool        `json:"hidden,omitempty"`
	AC     bool        `json:"ac,omitempty"` // ask every element's cursor (tests)
	Sel    string      `json:"sel,omitempty"`
	Chunk  int         `json:"chunk,omitempty"`
}

// rawOut is the first part of a walker answer: what it saw besides the
// nodes (decode.go).
type rawOut struct {
	P  []rawPath  `json:"p"`
	C  []rawHost  `json:"c"`
	F  []rawFrame `json:"f"`
	VW float64    `json:"vw"`
	VH float64    `json:"vh"`
	U  string     `json:"u"`
	SX float64    `json:"sx"`
	SY float64    `json:"sy"`
	T  string     `json:"t"`
	K0 int        `json:"k0"` // stash index of the first node
	NN int        `json:"nn"` // nodes
	CH int        `json:"ch"` // chunks the nodes come in
	VQ int        `json:"vq"` // visibility queries (checkVisibility) made
	S  []int      `json:"s"`  // positions of the nodes Options.Select matched
}

type rawPath struct {
	F []string `json:"f"`
	S []string `json:"s"`
}

type rawHost struct {
	H    int        `json:"h"`
	PK   int        `json:"pk"`
	Pos  int        `json:"pos"`
	SP   []string   `json:"sp"`
	FP   []string   `json:"fp"`
	OX   float64    `json:"ox"`
	OY   float64    `json:"oy"`
	Clip [4]float64 `json:"clip"`
	Hid  bool       `json:"hid"`
}

type rawFrame struct {
	H    int        `json:"h"`
	K    int        `json:"k"`
	Pos  int        `json:"pos"`
	FP   []string   `json:"fp"`
	OX   float64    `json:"ox"`
	OY   float64    `json:"oy"`
	Clip [4]float64 `json:"clip"`
	Hid  bool       `json:"hid"`
}

// piece is the result of one walker call, with the walks spliced into it.
type piece struct {
	w       int
	out     rawOut
	nodes   []Node // in walk order; stash index out.K0+i
	parents []int  // stash index of each node's kept ancestor in this world, or -1
	subs    []sub
	frameID proto.PageFrameID
}

// sub is a walk spliced at position pos of its parent piece's nodes; its
// root nodes hang under the parent piece's node with stash index parent
// (or under no node when -1).
type sub struct {
	pos    int
	parent int
	pc     *piece
}

// capture holds the state of one Capture call.
type capture struct {
	ctx    context.Context
	model  *pagemodel.Page
	opts   Options
	seq    int64
	worlds []*world
	vw, vh float64
	stats  Stats
}

// Capture takes a snapshot of the page m models: one walk of the page's
// documents in page script (same-origin iframes and open shadow roots
// included), then, only where the page has them, closed shadow roots
// reached through DevTools and cross-origin frames walked in their own
// world.
func Capture(ctx context.Context, m *pagemodel.Page, opts Options) (*Snapshot, error) {
	start := time.Now()
	var c *capture
	var top *piece
	for attempt := 0; ; attempt++ {
		topW, err := m.Top(ctx)
		if err != nil {
			return nil, fmt.Errorf("snapshot: %w", err)
		}
		c = &capture{ctx: ctx, opts: opts, seq: nextSeq(), model: m}
		c.worlds = []*world{{w: topW}}
		top, err = c.walkDoc(0, walkOptions{Seq: c.seq, All: opts.AllTiers, AC: opts.askCursor, Sel: opts.Select})
		if err == nil {
			break
		}
		if attempt > 0 || !errors.Is(err, pagemodel.ErrGone) || !topW.Gone() {
			return nil, err
		}
		// The page has a new document since the model last saw it.
	}
	s := &Snapshot{URL: top.out.U, Title: top.out.T, TakenAt: time.Now(), model: m, seq: c.seq, worlds: c.worlds,
		Viewport: Rect{Width: c.vw, Height: c.vh}, ScrollX: top.out.SX, ScrollY: top.out.SY}
	s.assemble(top)
	s.visQueries, s.chunks = top.out.VQ, top.out.CH
	c.stats.Capture = time.Since(start)
	for _, n := range s.Nodes {
		switch n.Tier {
		case Semantic:
			c.stats.Semantic++
		case Interactive:
			c.stats.Interactive++
		default:
			c.stats.Structural++
		}
	}
	s.Stats = c.stats
	return s, nil
}

// walk runs the walker on the document of world w.
func (c *capture) walk(w int, o walkOptions) (*piece, error) {
	wd := c.worlds[w]
	o.Chunk = chunkNodes
	if c.opts.chunk != 0 {
		o.Chunk = max(c.opts.chunk, 0)
	}
	ob, err := json.Marshal(o)
	if err != nil {
		return nil, err
	}
	// The page model is most likely installed already (at the document's
	// start, as replay and the recorder load pages, or by an earlier
	// capture): call its walk with a small request and, on a page captured
	// before, ask for the chunks its last answer had right behind it. Where
	// it is not, install it and walk again.
	hint := 0
	if w == 0 {
		hint = hints.get(c.model.Rod.TargetID)
	}
	sctx, sent := browser.NotifySent(c.ctx)
	walked := make(chan struct{})
	ahead := c.askAhead(wd, hint-1, sent, walked)
	raw, err := c.evaluate(sctx, wd, walkCall(ob))
	close(walked)
	if err != nil {
		return nil, err
	}
	val, err := stringResult(raw)
	if err != nil {
		return nil, err
	}
	if val == "" {
		// No model (the page was loaded anew without it): the chunks
		// asked ahead were asked of no walk; ask them all again at once. Their
		// requests must all have been answered first: one that reached
		// the page after the walk would take its chunk (a chunk is given
		// once), and the one asked again would find it gone.
		for _, ch := range ahead {
			<-ch
		}
		ahead = nil
		if err := wd.w.Install(c.ctx); err != nil {
			return nil, fmt.Errorf("snapshot: walk page: %w", err)
		}
		if raw, err = c.evaluate(c.ctx, wd, walkCall(ob)); err != nil {
			return nil, err
		}
		if val, err = stringResult(raw); err != nil {
			return nil, err
		}
	}
	pc := &piece{w: w, frameID: wd.w.Frame}
	if err := decodeWalk(val, pc, func(n int) func() (string, error) { return c.fetchChunks(wd, n, ahead) }); err != nil {
		return nil, err
	}
	if w == 0 {
		hints.set(c.model.Rod.TargetID, pc.out.CH)
	}
	return pc, nil
}

// chunkNodes is how many nodes a chunk of the walker's answer holds. A
// page of more comes in several: Go asks for them all at once and decodes
// each while the page encodes and sends the next, instead of decoding
// after the whole answer has come (a 10k-element page: 7 chunks).
const chunkNodes = 1024

// chunkResult is one chunk of a walker answer, or why it is missing.
type chunkResult struct {
	s   string
	err error
}

// askInOrder asks world wd for chunks first, first+1, ... of the answer
// of the walk with the capture's seq (stash.next), one into each of chs,
// and returns at once. Each request goes on the connection only once the
// one before it is there, so the page gets them in order: it encodes a
// chunk when it is asked for and every chunk before it with it, so a
// later chunk's request that overtook the first's would hold the first
// back until all of them were encoded (4 to 8 ms at 10k elements) instead
// of letting Go decode it while the page encodes the next. Through a
// client that does not say when a command is sent, each request waits
// for the answer to the one before.
func (c *capture) askInOrder(wd *world, first int, chs []chan chunkResult) {
	go func() {
		for i, ch := range chs {
			ctx, sent := browser.NotifySent(c.ctx)
			done := make(chan struct{})
			go func() {
				defer close(done)
				c.askChunkInto(ctx, wd, first+i, ch)
			}()
			select {
			case <-sent:
			case <-done:
			}
		}
	}()
}

// askChunkInto asks for chunk i and sends the result on ch.
func (c *capture) askChunkInto(ctx context.Context, wd *world, i int, ch chan<- chunkResult) {
	raw, err := wd.eval(ctx, fmt.Sprintf(`(s => s && s.next ? s.next(%d, %d) : "")(globalThis[Symbol.for("chainreplay.snapshot")])`, c.seq, i))
	var s string
	if err == nil {
		s, err = stringResult(raw)
	}
	if err != nil {
		err = fmt.Errorf("snapshot: chunk %d: %w", i+1, err)
	}
	ch <- chunkResult{s, err}
}

// evaluate runs expr in world wd and returns the raw result.
func (c *capture) evaluate(ctx context.Context, wd *world, expr string) ([]byte, error) {
	raw, err := wd.eval(ctx, expr)
	if err != nil {
		return nil, fmt.Errorf("snapshot: walk page: %w", err)
	}
	return raw, nil
}

// askAhead asks for chunks 1..n of a walk about to be made, right behind
// the walk's own request (once sent says it is on the connection, or once
// walked says the walk has answered, whichever comes first), so that the
// page encodes them as soon as the walk ends instead of after a round
// trip, in which Chromium often paints a frame first: 2 to 7 ms of a
// 10k-element capture. A request that still overtakes the walk's gets ""
// and is asked again (fetchChunks).
func (c *capture) askAhead(wd *world, n int, sent, walked <-chan struct{}) []chan chunkResult {
	if n <= 0 {
		return nil
	}
	chs := make([]chan chunkResult, n)
	for i := range chs {
		chs[i] = make(chan chunkResult, 1)
	}
	if c.opts.aheadFirst {
		for i, ch := range chs {
			c.askChunkInto(c.ctx, wd, i+1, ch)
		}
		return chs
	}
	go func() {
		select {
		case <-sent:
		case <-walked:
		}
		if c.opts.aheadLate > 0 {
			time.Sleep(c.opts.aheadLate) // tests only
		}
		c.askInOrder(wd, 1, chs)
	}()
	return chs
}

// fetchChunks returns a function that gives chunks 1..n of the answer of
// the walk just made, in order, waiting for each. The ones not asked
// ahead are all asked for now, at once: the page encodes them in order
// while Go decodes the ones that came.
func (c *capture) fetchChunks(wd *world, n int, ahead []chan chunkResult) func() (string, error) {
	chs := make([]chan chunkResult, n)
	copy(chs, ahead)
	if len(ahead) < n {
		rest := chs[len(ahead):]
		for i := range rest {
			rest[i] = make(chan chunkResult, 1)
		}
		c.askInOrder(wd, len(ahead)+1, rest)
	}
	k := 0
	return func() (string, error) {
		if k >= n {
			return "", errFormat
		}
		r := <-chs[k]
		if r.err == nil && r.s == "" && k < len(ahead) { // it overtook the walk
			again := make(chan chunkResult, 1)
			c.askChunkInto(c.ctx, wd, k+1, again)
			r = <-again
		}
		k++
		if r.err == nil && r.s == "" {
			r.err = fmt.Errorf("snapshot: chunk %d: %w", k+1, ErrStale)
		}
		return r.s, r.err
	}
}

// hints remembers, per page, how many chunks its last answer came in, so
// that the next capture can ask for them ahead (askAhead).
var hints = chunkHints{m: map[proto.TargetTargetID]int{}}

type chunkHints struct {
	mu sync.Mutex
	m  map[proto.TargetTargetID]int
}

func (h *chunkHints) get(id proto.TargetTargetID) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.m[id]
}

func (h *chunkHints) set(id proto.TargetTargetID, n int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.m) >= 256 { // pages come and go: forget them all now and then
		clear(h.m)
	}
	h.m[id] = n
}

func exceptionText(e *proto.RuntimeExceptionDetails) string {
	if e.Exception != nil && e.Exception.Description != "" {
		return e.Exception.Description
	}
	return e.Text + " at " + strconv.Itoa(e.LineNumber) + ":" + strconv.Itoa(e.ColumnNumber)
}

// expand walks what pc's walk could not reach from page script: closed
// shadow roots of its candidate hosts and its cross-origin frames.
func (c *capture) expand(pc *piece) error {
	if !c.opts.NoRemoteFrames {
		for _, f := range pc.out.F {
			sp, err := c.remoteFrame(pc, f)
			if err != nil {
				return err
			}
			if sp != nil {
				pc.subs = append(pc.subs, sub{pos: f.Pos, parent: f.K, pc: sp})
			}
		}
	}
	sort.SliceStable(pc.subs, func(i, j int) bool { return pc.subs[i].pos < pc.subs[j].pos })
	return nil
}

// walkDoc walks the document of world w and what it holds that page
// script cannot reach alone: closed shadow roots DevTools finds on the
// custom elements the walk lists are handed to the page model, which keeps
// them, and the document is walked again with them in place (a page's
// first capture only: later walks find them kept); cross-origin frames are
// walked in their own worlds.
func (c *capture) walkDoc(w int, o walkOptions) (*piece, error) {
	pc, err := c.walk(w, o)
	if err != nil {
		return nil, err
	}
	if w == 0 {
		c.vw, c.vh = pc.out.VW, pc.out.VH
	}
	for round := 0; round < 4 && !c.opts.NoClosedShadow && len(pc.out.C) > 0; round++ {
		hosts := make([]int, len(pc.out.C))
		for i, h := range pc.out.C {
			hosts[i] = h.H
		}
		found, err := c.model.ClosedRoots(c.ctx, c.worlds[w].w, hosts)
		if err != nil {
			return nil, fmt.Errorf("snapshot: closed shadow roots: %w", err)
		}
		if found == 0 {
			break
		}
		c.stats.ClosedRoots += found
		if pc, err = c.walk(w, o); err != nil {
			return nil, err
		}
	}
	if err := c.expand(pc); err != nil {
		return nil, err
	}
	return pc, nil
}
