package strategies

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/snapshot"
)

// Env is the page as the evaluators of one locate round see it: the page
// model, the step's target, and what the round has read (the answers to
// the chain's queries, the viewport, the snapshot similarity ranks).
// Reset forgets what was read (after any action, or before the next
// round).
type Env struct {
	// Model is the page's model.
	Model *pagemodel.Page
	// Target is the step's target: chain, frame path and fingerprint.
	Target *chain.Target
	// Order is the chain in evaluation order, when the caller knows it:
	// the first query asked fetches the answers of every query strategy
	// of it at once (one page function for the round).
	Order []chain.Strategy

	answers map[string]pagemodel.Answer
	note    string
	vp      *Viewport
	vpAsked *viewportRead
	snap    *snapshot.Snapshot
	finds   int
}

// viewportRead is a viewport read under way (Env.askViewport).
type viewportRead struct {
	done chan struct{}
	vp   Viewport
	err  error
}

// NewEnv returns an Env for finding t on the page m models.
func NewEnv(m *pagemodel.Page, t *chain.Target) *Env {
	return &Env{Model: m, Target: t}
}

// Reset forgets everything read from the page.
func (e *Env) Reset() {
	e.answers, e.note, e.vp, e.vpAsked, e.snap = nil, "", nil, nil, nil
}

// Finds counts the page functions the round's queries took: 1 when the
// chain was answered at once.
func (e *Env) Finds() int { return e.finds }

// Fingerprint is the target's fingerprint, or nil.
func (e *Env) Fingerprint() *chain.Fingerprint {
	if e.Target == nil {
		return nil
	}
	return e.Target.Fingerprint
}

func (e *Env) tag() string {
	if fp := e.Fingerprint(); fp != nil {
		return fp.Tag
	}
	return ""
}

// queryKey tells apart strategies that ask the page model different
// queries: what they name, how, and inside what (within, hosts).
func queryKey(s chain.Strategy) string {
	k := string(s.Type) + "\x00" + s.Value + "\x00" + fmt.Sprint(s.Nth) + "\x00" + s.Match + "\x00" + s.Tag
	if s.Within != nil {
		k += "\x01" + queryKey(*s.Within)
	}
	for _, a := range s.Also {
		k += "\x04" + a
	}
	for _, a := range s.Beside {
		k += "\x05" + a
	}
	if s.Line {
		k += "\x06"
	}
	if s.Under {
		k += "\x07"
	}
	for _, h := range s.Hosts {
		k += "\x02" + queryKey(h)
	}
	return k
}

// itemKey is the key of the answer to the query naming the item w names
// (pagemodel.Query.Item): not the answer of a strategy w.
func itemKey(w chain.Strategy) string { return "item\x03" + queryKey(w) }

// Answer is what the page model's query of s found in the target's
// document (its frame path's, while that resolves; every document
// otherwise). The first call of a round asks, in one page function, for s
// and every other query strategy of Order not answered yet.
func (e *Env) Answer(ctx context.Context, s chain.Strategy) (pagemodel.Answer, error) {
	if a, ok := e.answers[queryKey(s)]; ok {
		return a, nil
	}
	q, ok := QueryOf(s, e.Model.Options.TestIDs(), e.tag())
	if !ok {
		return pagemodel.Answer{}, fmt.Errorf("%w: %s %q names nothing the page model can look for", ErrNotFound, s.Type, s.Value)
	}
	keys := []string{queryKey(s)}
	qs := []pagemodel.Query{q}
	asked := map[string]bool{queryKey(s): true}
	ask := func(k string, oq pagemodel.Query) {
		if _, done := e.answers[k]; done || asked[k] {
			return
		}
		asked[k] = true
		keys = append(keys, k)
		qs = append(qs, oq)
	}
	for _, o := range append([]chain.Strategy{s}, e.Order...) {
		oq, ok := QueryOf(o, e.Model.Options.TestIDs(), e.tag())
		if !ok {
			continue
		}
		ask(queryKey(o), oq)
		// The item a strategy names its element in is asked for too, as
		// the strategy's query names it: when nothing is found inside it,
		// Conclude tells whether the item is gone (Result.ScopeGone) or
		// there (Result.Items).
		if o.Within != nil && oq.Within != nil {
			// The rows under a folder (Under) are where the element is
			// looked for; the item is the folder.
			iq := *oq.Within
			iq.Under = false
			ask(itemKey(*o.Within), iq)
		}
	}
	var path []string
	if e.Target != nil {
		path = e.Target.FramePath
	}
	// The matches are verified against the viewport: it is read while
	// the page function runs, not after it.
	e.askViewport(ctx)
	f, err := e.Model.Find(ctx, path, qs)
	e.finds++
	if err != nil {
		return pagemodel.Answer{}, err
	}
	if e.answers == nil {
		e.answers = map[string]pagemodel.Answer{}
	}
	for i, k := range keys {
		e.answers[k] = f.Answers[i]
	}
	e.note = f.Note
	a := f.Answers[0]
	return a, a.Err
}

// besideItems are the items that hold every other word the item w names
// held (w.Beside, w.Also), where w's own text names none: the item, its
// title reworded ("Display name" become "Your name", its "Theme" and
// "Light" still there). nil when w recorded no such words, or none holds
// them all.
func (e *Env) besideItems(ctx context.Context, w chain.Strategy) []*pagemodel.Element {
	if w.Type != chain.Text || len(w.Beside) == 0 {
		return nil
	}
	q, ok := QueryOf(chain.Strategy{Type: chain.Text, Value: w.Beside[0], Match: "contains", Tag: w.Tag}, e.Model.Options.TestIDs(), "")
	if !ok {
		return nil
	}
	q.Item, q.Also = true, append(slices.Clone(w.Beside[1:]), w.Also...)
	var path []string
	if e.Target != nil {
		path = e.Target.FramePath
	}
	f, err := e.Model.Find(ctx, path, []pagemodel.Query{q})
	e.finds++
	if err != nil || len(f.Answers) == 0 || f.Answers[0].Err != nil || f.Answers[0].N != len(f.Answers[0].Els) {
		return nil
	}
	return f.Answers[0].Els
}

// Item is the one element of the page that the target's chain names the
// target's item by (Strategy.Within: the list row, card or table row whose
// own text tells it from its siblings), with how the chain names it: ok
// when every scoped strategy of the chain names its item by text, all name
// one and the same element, it is the only match and its text matched as
// recorded (Answer.Tier 0). A scope by place (a CSS or XPath index) never
// names an item: after a reorder it names another. The round's answers are
// used where it asked them; a scope not asked yet is asked now, with its
// strategy (Answer).
func (e *Env) Item(ctx context.Context) (item pagemodel.Ref, named string, ok bool) {
	if e.Target == nil {
		return item, "", false
	}
	for _, s := range e.Target.Chain {
		if s.Within == nil {
			continue
		}
		w := *s.Within
		if w.Type != chain.Text {
			return pagemodel.Ref{}, "", false
		}
		k := itemKey(w)
		a, asked := e.answers[k]
		if !asked {
			// Answer asks a scoped strategy's scope with it.
			e.Answer(ctx, s) //nolint:errcheck // the scope's own answer is read below
			if a, asked = e.answers[k]; !asked {
				return pagemodel.Ref{}, "", false
			}
		}
		if a.Err != nil || a.N != 1 || a.Tier != 0 || len(a.Els) != 1 || a.Els[0] == nil {
			return pagemodel.Ref{}, "", false
		}
		if item.Valid() && a.Els[0].Ref != item {
			return pagemodel.Ref{}, "", false
		}
		item, named = a.Els[0].Ref, fmt.Sprintf("%s %q", w.Type, w.Value)
	}
	return item, named, item.Valid()
}

// Viewport is the top-level page's layout viewport in CSS pixels
// (Page.getLayoutMetrics).
type Viewport struct {
	Width, Height    float64
	ScrollX, ScrollY float64
	// ContentWidth and ContentHeight are the scrollable page's size.
	ContentWidth, ContentHeight float64
}

// scrollbarWidth is how much wider than a scrollbar a viewport must grow or
// shrink to lay the page out anew.
const scrollbarWidth = 20

// RelaidOut reports whether vp is narrower or wider than the viewport the
// target was recorded in (its coordinates strategy says): the page is laid
// out anew, and where its elements stand and what shape they take are no
// longer the recording's.
func (e *Env) RelaidOut(vp Viewport) bool {
	if e.Target == nil {
		return false
	}
	for _, s := range e.Target.Chain {
		if s.Type != chain.Coordinates {
			continue
		}
		m, err := s.Coordinates()
		if err != nil || m.Viewport == nil || m.Viewport.Width <= 0 {
			return false
		}
		// A scrollbar that shows on one and not the other is no new layout.
		return math.Abs(float64(m.Viewport.Width)-vp.Width) > scrollbarWidth
	}
	return false
}

// Metrics reads the viewport once per round; an evaluator that scrolls
// calls Scrolled so the next read is fresh.
func (e *Env) Metrics(ctx context.Context) (Viewport, error) {
	if e.vp != nil {
		return *e.vp, nil
	}
	var v Viewport
	var err error
	if r := e.vpAsked; r != nil {
		e.vpAsked = nil
		select {
		case <-r.done:
			v, err = r.vp, r.err
		case <-ctx.Done():
			return v, ctx.Err()
		}
	} else {
		v, err = ReadViewport(ctx, e.Model.Session().Client(ctx))
	}
	if err != nil {
		return v, err
	}
	e.vp = &v
	return v, nil
}

// askViewport starts reading the viewport for Metrics, unless the round
// has it or is reading it: a DevTools round trip that overlaps the
// round's page function instead of following it.
func (e *Env) askViewport(ctx context.Context) {
	if e.vp != nil || e.vpAsked != nil || e.Model == nil {
		return
	}
	r := &viewportRead{done: make(chan struct{})}
	e.vpAsked = r
	c := e.Model.Session().Client(ctx)
	go func() {
		defer close(r.done)
		r.vp, r.err = ReadViewport(ctx, c)
	}()
}

// Scrolled forgets what the round measured that scrolling changes: the
// viewport, and the boxes of the elements found.
func (e *Env) Scrolled() { e.vp, e.vpAsked, e.answers, e.snap = nil, nil, nil, nil }

// ReadViewport reads the layout viewport through Page.getLayoutMetrics.
func ReadViewport(ctx context.Context, c proto.Client) (Viewport, error) {
	m, err := proto.PageGetLayoutMetrics{}.Call(c)
	if err != nil {
		return Viewport{}, fmt.Errorf("Page.getLayoutMetrics: %w", err)
	}
	var v Viewport
	if vv := m.CSSVisualViewport; vv != nil {
		v = Viewport{Width: vv.ClientWidth, Height: vv.ClientHeight, ScrollX: vv.PageX, ScrollY: vv.PageY}
	} else if lv := m.CSSLayoutViewport; lv != nil {
		v = Viewport{Width: float64(lv.ClientWidth), Height: float64(lv.ClientHeight), ScrollX: float64(lv.PageX), ScrollY: float64(lv.PageY)}
	}
	if cs := m.CSSContentSize; cs != nil {
		v.ContentWidth, v.ContentHeight = cs.Width, cs.Height
	}
	return v, nil
}

// Snapshot is the round's page snapshot, captured on first use.
func (e *Env) Snapshot(ctx context.Context) (*snapshot.Snapshot, error) {
	if e.snap != nil {
		return e.snap, nil
	}
	s, err := snapshot.Capture(ctx, e.Model, snapshot.Options{})
	if err != nil {
		return nil, err
	}
	e.snap = s
	return s, nil
}

// boxOf is e's box, nil when it is not rendered.
func boxOf(e *pagemodel.Element) *chain.Rect {
	if e == nil || !e.Visible || e.Box.Width <= 0 || e.Box.Height <= 0 {
		return nil
	}
	return &chain.Rect{X: e.Box.X, Y: e.Box.Y, Width: e.Box.Width, Height: e.Box.Height}
}

// Conclude turns the matches of a strategy's query (in tree order, the
// first pagemodel.MaxMatches and the recorded Nth) into a Result: it
// verifies each against the fingerprint, picks one (the strategy's Nth
// when set and still fitting, else the one that verifies best) and adjusts
// the recorded confidence by the evidence. Every match counts, rendered or
// not: the element a person means is the one the fingerprint names, never
// the only one shown.
func (e *Env) Conclude(ctx context.Context, s chain.Strategy, ans pagemodel.Answer, start time.Time) (r Result) {
	r = Result{Strategy: s, MatchCount: ans.N, Tier: ans.Tier}
	defer func() { r.Duration = time.Since(start) }()
	if ans.N == 0 || len(ans.Els) == 0 {
		r.Err = fmt.Errorf("%w %s %q", ErrNotFound, s.Type, s.Value)
		if s.Within != nil {
			if in, ok := e.answers[itemKey(*s.Within)]; ok && in.N == 0 && in.Err == nil {
				if items := e.besideItems(ctx, *s.Within); len(items) > 0 {
					// The words that named the item are gone, the others
					// it held are there: the item reworded.
					r.Items = items
					r.Err = fmt.Errorf("%w %s %q: the item it is named in, %s %q, reads otherwise now%s", ErrNotFound, s.Type, s.Value, s.Within.Type, s.Within.Value, s.Within.BesideNote())
				} else {
					r.ScopeGone = true
					r.Err = fmt.Errorf("%w %s %q: the item it is named in, %s %q%s, is gone", ErrNotFound, s.Type, s.Value, s.Within.Type, s.Within.Value, s.Within.BesideNote())
				}
			} else if ok && in.Err == nil && in.N == len(in.Els) {
				r.Items = in.Els
			}
		}
		r.Detail = e.note
		return r
	}
	vp, err := e.Metrics(ctx)
	if err != nil {
		r.Err = err
		return r
	}
	// Of several matches, the one alone under the shadow hosts the target
	// was recorded under (Target.ShadowPath): a component of the same
	// kind inserted beside the target's has the same inside. Only where
	// every host is named by what it is: a host named by its place
	// (x-picker:nth-of-type(2)) is the next one once one is inserted.
	recNth, underHosts := s.Nth, false
	if ans.N > 1 && ans.N == len(ans.Els) && e.Target != nil && len(e.Target.ShadowPath) > 0 && !hostsByPlace(e.Target.ShadowPath) {
		var under []*pagemodel.Element
		for _, el := range ans.Els {
			if el != nil && slices.Equal(el.ShadowPath, e.Target.ShadowPath) {
				under = append(under, el)
			}
		}
		if len(under) == 1 {
			ans.Els, recNth, underHosts = under, 0, true
		}
	}
	// The item's text named one item when the target was recorded
	// (scopeOf); where it names several now (a namesake row inserted),
	// their look-alike controls are told apart only by where they stand,
	// which is no part of what named the item.
	if s.Within != nil && ans.N > 1 {
		if in, ok := e.answers[itemKey(*s.Within)]; ok && in.Err == nil && in.N > 1 {
			r.Err = fmt.Errorf("%w: %s %q: the item it is named in, %s %q, is %d items now", ErrIndistinct, s.Type, s.Value, s.Within.Type, s.Within.Value, in.N)
			if in.N == len(in.Els) {
				r.Namesakes = in.Els
			}
			r.Detail = e.note
			return r
		}
	}
	fp := e.Fingerprint()
	type scored struct {
		el    *pagemodel.Element
		box   *chain.Rect
		score float64
		kind  bool
	}
	list := make([]scored, 0, len(ans.Els))
	for _, el := range ans.Els {
		box := boxOf(el)
		v := Verify(el, box, vp, fp)
		list = append(list, scored{el, box, v.Score, v.KindMismatch})
	}
	// The recorded Nth is the last of the list when it lies beyond the
	// first MaxMatches.
	nthAt := recNth - 1
	if recNth > pagemodel.MaxMatches && recNth <= ans.N {
		nthAt = len(list) - 1
	}
	pick := 0
	for i, c := range list {
		b := list[pick]
		if c.kind != b.kind {
			if !c.kind {
				pick = i
			}
			continue
		}
		if c.score > b.score+1e-9 {
			pick = i
		}
	}
	// The recorded index of several matches holds while they are as many
	// as when recorded (where the flow says: Strategy.Of) and the element
	// there is of the recorded kind and verifies about as well as the best
	// one; otherwise the page changed around it (a row added, a list not
	// yet filtered) and the fingerprint decides.
	nth, staleNth := false, false
	if recNth > 0 && s.Of > 0 && ans.N != s.Of {
		staleNth = true
	} else if recNth > 0 && nthAt >= 0 && nthAt < len(list) {
		c := list[nthAt]
		if !c.kind && c.score >= list[pick].score-DistinctMargin {
			pick, nth = nthAt, true
		} else {
			staleNth = true
		}
	}
	best := list[pick]
	second := 0.0
	alike := 0
	for i, c := range list {
		if i != pick && c.score > second {
			second = c.score
		}
		if i != pick && c.kind == best.kind && c.score >= best.score-1e-9 {
			alike++
		}
	}
	if !nth && alike > 0 {
		r.Err = fmt.Errorf("%w: %s %q matches %d elements that verify alike (%.2f) against the fingerprint", ErrIndistinct, s.Type, s.Value, ans.N, best.score)
		r.Detail = e.note
		return r
	}
	r.Found = true
	r.Element = best.el
	r.Box = best.box
	if best.box != nil {
		c := best.box.Center()
		r.Point = &c
	}
	r.Verification = best.score
	r.KindMismatch = best.kind
	r.NthHeld = nth && ans.N > 1
	if underHosts {
		r.MatchCount, r.ByHosts = 1, true
	}
	r.Confidence = Adjust(Evidence{
		Recorded: s.Confidence, Matches: ans.N, NthUsed: nth,
		Score: best.score, SecondScore: second, KindMismatch: best.kind, Visible: best.box != nil,
	})
	var notes []string
	if e.note != "" {
		notes = append(notes, e.note)
	}
	if ans.Tier > 0 {
		notes = append(notes, "name matched after "+tierNote(ans.Tier))
	}
	if staleNth && s.Of > 0 && ans.N != s.Of {
		notes = append(notes, fmt.Sprintf("recorded #%d of %d, and %d match now", recNth, s.Of, ans.N))
	} else if staleNth {
		notes = append(notes, fmt.Sprintf("recorded #%d no longer fits", recNth))
	}
	if underHosts {
		notes = append(notes, fmt.Sprintf("%d matches, one under the recorded shadow hosts %s", ans.N, strings.Join(e.Target.ShadowPath, " > ")))
	} else if ans.N > 1 {
		if nth {
			notes = append(notes, fmt.Sprintf("%d matches, took #%d as recorded", ans.N, recNth))
		} else {
			at := pick + 1
			if pick == nthAt && recNth > pagemodel.MaxMatches {
				at = recNth
			}
			notes = append(notes, fmt.Sprintf("%d matches, picked #%d by fingerprint", ans.N, at))
		}
	}
	if best.kind && fp != nil {
		notes = append(notes, fmt.Sprintf("found %s, recorded a %s", best.el, fp.Tag))
	}
	if best.box == nil {
		notes = append(notes, "not rendered")
	}
	r.Detail = strings.Join(notes, "; ")
	return r
}

// hostsByPlace reports whether a selector of a shadow path steps by
// position (chain.Strategy.ByPosition).
func hostsByPlace(path []string) bool {
	return slices.ContainsFunc(path, func(h string) bool { return chain.Strategy{Type: chain.CSS, Value: h}.ByPosition() })
}

// tierNote says what a comparison tier forgave.
func tierNote(t int) string {
	switch t {
	case 1:
		return "collapsing white space"
	case 2:
		return "ignoring case"
	default:
		return "ignoring white space"
	}
}

// Holds reports whether the answer the round got for s (known false when
// it got none: s was not asked) still names the element r as recorded:
// the only match of a strategy recorded without an index, the Nth of one
// recorded with it, of as many as when recorded (where Of says).
func (e *Env) Holds(s chain.Strategy, r pagemodel.Ref) (known, holds bool) {
	a, ok := e.answers[queryKey(s)]
	if !ok || a.Err != nil {
		return ok, false
	}
	if s.Nth == 0 {
		return true, a.N == 1 && len(a.Els) == 1 && a.Els[0].Ref == r
	}
	if s.Of > 0 && a.N != s.Of {
		return true, false
	}
	at := s.Nth - 1
	if s.Nth > pagemodel.MaxMatches {
		at = len(a.Els) - 1
	}
	return true, s.Nth <= a.N && at >= 0 && at < len(a.Els) && a.Els[at].Ref == r
}
