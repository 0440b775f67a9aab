package strategies

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/go-rod/rod/lib/proto"
	"github.com/ysmood/gson"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/pagemodel"
)

// Seed 000's defaults for the coordinates strategy.
const (
	// BaseConfidence of a coordinates strategy.
	BaseConfidence = 0.60
	// VerificationBoost is added, times the verification score, when the
	// element at the point verifies.
	VerificationBoost = 0.10
	// CoordinatesCap is the most a coordinates strategy is ever trusted.
	CoordinatesCap = 0.75
	// OutOfViewportFactor multiplies the confidence of a point that is not
	// comfortably inside the viewport (within ViewportPadding of an edge).
	OutOfViewportFactor = 0.8
	// PositionTolerance is the box-centre distance, in CSS pixels, under
	// which positions agree; beyond 5× it they disagree.
	PositionTolerance = 20
	// ViewportPadding is the margin, in CSS pixels, that counts as the edge.
	ViewportPadding = 10
)

// CoordinatesConfig tunes the coordinates evaluator. The zero value is
// seed 000's configuration.
type CoordinatesConfig struct {
	// BaseConfidence, VerificationBoost, PositionTolerance and
	// ViewportPadding: 0 means the package default.
	BaseConfidence, VerificationBoost, PositionTolerance, ViewportPadding float64
	// NoVerify skips the element-at-point verification.
	NoVerify bool
	// NoScrollAdjust takes the recorded point as a viewport point, ignoring
	// the recorded and current scroll positions, and never scrolls.
	NoScrollAdjust bool
}

func (c CoordinatesConfig) withDefaults() CoordinatesConfig {
	def := func(v *float64, d float64) {
		if *v == 0 {
			*v = d
		}
	}
	def(&c.BaseConfidence, BaseConfidence)
	def(&c.VerificationBoost, VerificationBoost)
	def(&c.PositionTolerance, PositionTolerance)
	def(&c.ViewportPadding, ViewportPadding)
	return c
}

// Coordinates is the last-resort evaluator of seed 000: it finds the
// recorded point on the page as it is now, scrolls it into view when it is
// below the fold, looks at the element there (DOM.getNodeForLocation) and
// verifies it against the recorded tag, id, classes and box.
type Coordinates struct {
	Config CoordinatesConfig
}

func init() { Register(Coordinates{}) }

// Type is chain.Coordinates.
func (Coordinates) Type() chain.StrategyType { return chain.Coordinates }

// Errors of the coordinates evaluator (seed 000's edge cases 1, 9 and 10,
// and a point that cannot be brought into view).
var (
	ErrNegativePoint   = errors.New("coordinates: negative coordinates are invalid")
	ErrOriginPoint     = errors.New("coordinates: the point (0,0) is almost certainly a recording error")
	ErrOutsidePage     = errors.New("coordinates: the point is outside the page")
	ErrOutsideViewport = errors.New("coordinates: the point is outside the viewport after adjustment")
)

// Adjusted is a recorded point mapped onto the viewport as it is now.
type Adjusted struct {
	// X and Y in viewport CSS pixels.
	X, Y float64
	// DocX and DocY in document CSS pixels.
	DocX, DocY float64
	// OnScreen: inside the viewport at all; InViewport: at least the
	// padding away from every edge.
	OnScreen, InViewport bool
	// ScrollX and ScrollY are the current scroll offsets used.
	ScrollX, ScrollY float64
	// ScaleX and ScaleY compare the current viewport with the recorded one;
	// they are reported, never applied (seed 000: scaling is rarely right).
	ScaleX, ScaleY float64
}

// AdjustPoint maps m's recorded point onto viewport vp: the point is kept
// in document coordinates (recorded point + recorded scroll) and shown at
// the current scroll, so a page scrolled differently still lands on it. A
// point in a fixed layer (m.Fixed) is a viewport point whatever the scroll.
func (c CoordinatesConfig) AdjustPoint(m chain.CoordinatesMeta, vp Viewport) Adjusted {
	c = c.withDefaults()
	a := Adjusted{ScrollX: vp.ScrollX, ScrollY: vp.ScrollY, ScaleX: 1, ScaleY: 1}
	if m.Fixed && !c.NoScrollAdjust {
		a.X, a.Y = m.X, m.Y
		a.DocX, a.DocY = m.X+vp.ScrollX, m.Y+vp.ScrollY
	} else if c.NoScrollAdjust || m.ScrollPos == nil {
		// Without a recorded scroll position the point is a viewport point.
		a.X, a.Y = m.X, m.Y
		if !c.NoScrollAdjust {
			a.DocX, a.DocY = m.X, m.Y // recorded at scroll 0 by convention
			a.X, a.Y = m.X-vp.ScrollX, m.Y-vp.ScrollY
		} else {
			a.DocX, a.DocY = m.X+vp.ScrollX, m.Y+vp.ScrollY
		}
	} else {
		a.DocX, a.DocY = m.X+m.ScrollPos.X, m.Y+m.ScrollPos.Y
		a.X, a.Y = a.DocX-vp.ScrollX, a.DocY-vp.ScrollY
	}
	if m.Viewport != nil && m.Viewport.Width > 0 && m.Viewport.Height > 0 {
		a.ScaleX, a.ScaleY = vp.Width/float64(m.Viewport.Width), vp.Height/float64(m.Viewport.Height)
	}
	a.OnScreen = a.X >= 0 && a.Y >= 0 && a.X < vp.Width && a.Y < vp.Height
	a.InViewport = c.InViewport(a.X, a.Y, vp)
	return a
}

// InViewport reports whether (x, y) is at least the padding inside vp.
func (c CoordinatesConfig) InViewport(x, y float64, vp Viewport) bool {
	p := c.withDefaults().ViewportPadding
	return x >= p && x <= vp.Width-p && y >= p && y <= vp.Height-p
}

// ElementAtPoint is what lies at a point, for verification.
type ElementAtPoint struct {
	Found bool
	// Element is the element there, as the page model describes it.
	Element *pagemodel.Element
	Tag, ID string
	Classes []string
	// Rect is the element's box in document CSS pixels, and Scroll the
	// document's scroll it was measured at.
	Rect   *chain.Rect
	Scroll chain.Point
}

// VerifyScore is seed 000's verification score in [0,1]: 0.5 for any
// element, +0.2 same tag (−0.1 another), +0.2 same id, +0.1 × class
// overlap, +0.1 when the box centres are within the tolerance (−0.1 beyond
// five times it). Boxes are compared in document coordinates; a box in a
// fixed layer (m.Fixed) where it was on screen.
func (c CoordinatesConfig) VerifyScore(el ElementAtPoint, m chain.CoordinatesMeta) float64 {
	c = c.withDefaults()
	if !el.Found {
		return 0
	}
	score := 0.5
	if m.TagName != "" && el.Tag != "" {
		if strings.EqualFold(m.TagName, el.Tag) {
			score += 0.2
		} else {
			score -= 0.1
		}
	}
	if m.ElementID != "" && el.ID != "" && m.ElementID == el.ID {
		score += 0.2
	}
	if len(m.ClassList) > 0 && len(el.Classes) > 0 {
		score += classOverlap(el.Classes, m.ClassList) * 0.1
	}
	if m.BoundingRect != nil && el.Rect != nil {
		want := *m.BoundingRect
		if m.Fixed {
			want.X += el.Scroll.X
			want.Y += el.Scroll.Y
		} else if m.ScrollPos != nil {
			want.X += m.ScrollPos.X
			want.Y += m.ScrollPos.Y
		}
		d := dist(want.Center(), el.Rect.Center())
		if d < c.PositionTolerance {
			score += 0.1
		} else if d > c.PositionTolerance*5 {
			score -= 0.1
		}
	}
	return clamp01(score)
}

// classOverlap is seed 000's compareClasses: shared classes over the larger set.
func classOverlap(a, b []string) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	sa, sb := map[string]bool{}, map[string]bool{}
	for _, x := range a {
		sa[strings.ToLower(x)] = true
	}
	for _, x := range b {
		sb[strings.ToLower(x)] = true
	}
	n := 0
	for x := range sa {
		if sb[x] {
			n++
		}
	}
	return float64(n) / math.Max(float64(len(sa)), float64(len(sb)))
}

// Confidence is seed 000's calculateConfidence: base, plus the boost times
// the score when verified, × 0.8 when not comfortably in the viewport,
// capped at 0.75.
func (c CoordinatesConfig) Confidence(verified bool, score float64, inViewport bool) float64 {
	c = c.withDefaults()
	conf := c.BaseConfidence
	if verified {
		conf += c.VerificationBoost * score
	}
	if !inViewport {
		conf *= OutOfViewportFactor
	}
	return math.Min(conf, CoordinatesCap)
}

// objectGroup names the remote objects the evaluators make for a moment.
const objectGroup = "chainreplay-strategies"

const scrollToFn = `function (x, y) { window.scrollTo({left: x, top: y, behavior: "instant"}); }`

// Evaluate implements seed 000 with its faults fixed: the viewport is read
// again after scrolling and the point re-adjusted against the new one, and
// the scroll target is computed in document coordinates.
func (co Coordinates) Evaluate(ctx context.Context, env *Env, s chain.Strategy) Result {
	start := time.Now()
	c := co.Config.withDefaults()
	r := Result{Strategy: s}
	fail := func(err error) Result {
		r.Err, r.Found, r.Duration = err, false, time.Since(start)
		return r
	}
	m, err := s.Coordinates()
	if err != nil {
		return fail(fmt.Errorf("coordinates: %w", err))
	}
	switch {
	case m.X < 0 || m.Y < 0 || math.IsNaN(m.X+m.Y):
		return fail(ErrNegativePoint)
	case m.X == 0 && m.Y == 0:
		return fail(ErrOriginPoint)
	}
	vp, err := env.Metrics(ctx)
	if err != nil {
		return fail(err)
	}
	adj := c.AdjustPoint(m, vp)
	if vp.ContentWidth > 0 && vp.ContentHeight > 0 && (adj.DocX >= math.Max(vp.ContentWidth, vp.Width) || adj.DocY >= math.Max(vp.ContentHeight, vp.Height)) {
		return fail(fmt.Errorf("%w: (%.0f, %.0f) in a page of %.0f×%.0f", ErrOutsidePage, adj.DocX, adj.DocY, vp.ContentWidth, vp.ContentHeight))
	}
	var notes []string
	if !adj.OnScreen && !c.NoScrollAdjust && !m.Fixed {
		// Centre the document point in the viewport, then measure again.
		tx, ty := math.Max(0, adj.DocX-vp.Width/2), math.Max(0, adj.DocY-vp.Height/2)
		if err := callOnWindow(ctx, env, scrollToFn, tx, ty); err != nil {
			return fail(err)
		}
		env.Scrolled()
		if vp, err = env.Metrics(ctx); err != nil {
			return fail(err)
		}
		adj = c.AdjustPoint(m, vp)
		notes = append(notes, fmt.Sprintf("scrolled to %.0f,%.0f", vp.ScrollX, vp.ScrollY))
	}
	if !adj.OnScreen {
		pt := chain.Point{X: adj.X, Y: adj.Y}
		r.Point = &pt
		return fail(fmt.Errorf("%w: (%.0f, %.0f) in a %.0f×%.0f viewport", ErrOutsideViewport, adj.X, adj.Y, vp.Width, vp.Height))
	}
	if adj.ScaleX < 0.9 || adj.ScaleX > 1.1 || adj.ScaleY < 0.9 || adj.ScaleY > 1.1 {
		notes = append(notes, fmt.Sprintf("viewport resized ×%.2f,×%.2f since recording; point not scaled", adj.ScaleX, adj.ScaleY))
	}
	pt := chain.Point{X: adj.X, Y: adj.Y}
	wantTag := strings.ToLower(m.TagName)
	if fp := env.Fingerprint(); wantTag == "" && fp != nil {
		wantTag = strings.ToLower(fp.Tag)
	}
	var el ElementAtPoint
	score := 0.0
	if !c.NoVerify {
		el = co.elementAt(ctx, env, pt, vp, m)
		score = c.VerifyScore(el, m)
		if (score <= 0.5 || wantTag != "" && el.Tag != wantTag) && len(m.ContainerScroll) > 0 && !c.NoScrollAdjust {
			if el2, ok := co.inRecordedScroll(ctx, env, pt, vp, m, wantTag); ok {
				el, score = el2, c.VerifyScore(el2, m)
				notes = append(notes, "its scroll containers scrolled as recorded")
			}
		}
		// Edge case 6: a fixed or sticky element does not move with the
		// page; when the scroll-adjusted point does not verify, try the
		// recorded viewport point as it was. And a layer recorded as fixed
		// that now scrolls (an ancestor became its containing block): the
		// point where the page's scroll puts it.
		alt, altNote := chain.Point{X: m.X, Y: m.Y}, "unadjusted point verifies better (fixed or sticky element)"
		altOK := (adj.X != m.X || adj.Y != m.Y) && m.X < vp.Width && m.Y < vp.Height
		if m.Fixed {
			page := m
			page.Fixed = false
			a2 := c.AdjustPoint(page, vp)
			alt, altNote = chain.Point{X: a2.X, Y: a2.Y}, "the point as the page scrolls verifies better (the layer recorded as fixed scrolls)"
			altOK = a2.OnScreen && (a2.X != adj.X || a2.Y != adj.Y)
		}
		if score <= 0.5 && altOK {
			if el2 := co.elementAt(ctx, env, alt, vp, m); el2.Found {
				if s2 := c.VerifyScore(el2, m); s2 > score+0.15 {
					el, score, pt = el2, s2, alt
					notes = append(notes, altNote)
				}
			}
		}
	}
	if !c.NoVerify && !el.Found {
		// Nothing the point could be checked against (a bare spot of the
		// page, or the lookup failed): a click there would be blind.
		r.Point = &pt
		return fail(fmt.Errorf("%w: no element at the point %.0f,%.0f", ErrNotFound, pt.X, pt.Y))
	}
	verified := score > 0.5
	r.Found = true
	r.Point = &pt
	r.MatchCount = 1
	r.Confidence = c.Confidence(verified, score, c.InViewport(pt.X, pt.Y, vp))
	r.Verification = score
	if el.Found {
		r.Element = el.Element
		if el.Rect != nil {
			b := *el.Rect
			b.X -= vp.ScrollX
			b.Y -= vp.ScrollY
			r.Box = &b
		}
		if el.Tag == "iframe" || el.Tag == "frame" {
			notes = append(notes, "an iframe is at the point: its document is separate")
		}
	} else {
		notes = append(notes, "no element at the point")
	}
	// Beyond seed 000: an element of another kind than recorded (or the bare
	// page where an element was) is not the target, whatever the point says.
	if wantTag != "" && el.Found && el.Tag != wantTag {
		r.KindMismatch = true
		r.Confidence *= KindPenalty
		notes = append(notes, fmt.Sprintf("found %s at the point, recorded a %s", el.Element, wantTag))
	}
	r.Detail = fmt.Sprintf("point %.0f,%.0f score %.2f", pt.X, pt.Y, score)
	if len(notes) > 0 {
		r.Detail += "; " + strings.Join(notes, "; ")
	}
	r.Duration = time.Since(start)
	return r
}

// inRecordedScroll is the element at p once the scroll containers of
// what lies there now are scrolled as they were when the point was
// recorded (m.ContainerScroll: a button recorded at the foot of a scrolled
// dialog, the dialog now at its top). Whatever the scroll puts under the
// point matches the recorded box, so the element there is taken only when
// it is of the recorded tag and the recorded id or most of the recorded
// classes name it; otherwise, or when what lies at p sits in other
// containers than recorded (not as many), the containers are scrolled
// back and ok is false.
func (co Coordinates) inRecordedScroll(ctx context.Context, env *Env, p chain.Point, vp Viewport, m chain.CoordinatesMeta, wantTag string) (el ElementAtPoint, ok bool) {
	hit, err := env.Model.At(ctx, p.X, p.Y, pagemodel.Prefer{})
	if err != nil || hit == nil {
		return el, false
	}
	o := make([][2]float64, len(m.ContainerScroll))
	for i, v := range m.ContainerScroll {
		o[i] = [2]float64{v.X, v.Y}
	}
	prev, moved, same, err := env.Model.ScrollLike(ctx, hit.Ref, o)
	if err != nil || !same || !moved {
		return el, false
	}
	env.Scrolled()
	el = co.elementAt(ctx, env, p, vp, m)
	named := m.ElementID != "" && el.ID == m.ElementID || classOverlap(el.Classes, m.ClassList) >= 0.5
	if el.Found && wantTag != "" && el.Tag == wantTag && named {
		return el, true
	}
	env.Model.ScrollLike(ctx, hit.Ref, prev) //nolint:errcheck // best effort: the page as it was
	env.Scrolled()
	return ElementAtPoint{}, false
}

// elementAt is the element at a viewport point, as the pointer would reach
// it through shadow trees and frames (pagemodel.Page.At), described for
// verification: of the recorded tag when the element hit is inside one (a
// button's inner <span>).
func (co Coordinates) elementAt(ctx context.Context, env *Env, p chain.Point, vp Viewport, m chain.CoordinatesMeta) ElementAtPoint {
	var out ElementAtPoint
	pref := pagemodel.Prefer{Tag: m.TagName, ID: m.ElementID}
	if fp := env.Fingerprint(); fp != nil {
		if pref.Tag == "" {
			pref.Tag = fp.Tag
		}
		pref.Role = fp.Role
	}
	el, err := env.Model.At(ctx, p.X, p.Y, pref)
	if err != nil || el == nil {
		return out
	}
	out = ElementAtPoint{Found: true, Element: el, Tag: el.Tag, ID: el.ID, Classes: el.Classes(), Scroll: chain.Point{X: vp.ScrollX, Y: vp.ScrollY}}
	if b := boxOf(el); b != nil {
		r := *b
		r.X += vp.ScrollX
		r.Y += vp.ScrollY
		out.Rect = &r
	}
	return out
}

// callOnWindow calls fn with args on the top-level window, values passed as
// Runtime.callFunctionOn arguments.
func callOnWindow(ctx context.Context, env *Env, fn string, args ...any) error {
	c := env.Model.Session().Client(ctx)
	win, err := proto.RuntimeEvaluate{Expression: "window", ObjectGroup: objectGroup}.Call(c)
	if err != nil {
		return fmt.Errorf("Runtime.evaluate: %w", err)
	}
	defer proto.RuntimeReleaseObjectGroup{ObjectGroup: objectGroup}.Call(c) //nolint:errcheck // best effort
	ca := make([]*proto.RuntimeCallArgument, len(args))
	for i, a := range args {
		ca[i] = &proto.RuntimeCallArgument{Value: gson.New(a)}
	}
	res, err := proto.RuntimeCallFunctionOn{FunctionDeclaration: fn, ObjectID: win.Result.ObjectID, Arguments: ca}.Call(c)
	if err != nil {
		return fmt.Errorf("Runtime.callFunctionOn: %w", err)
	}
	if res.ExceptionDetails != nil {
		return fmt.Errorf("Runtime.callFunctionOn: %s", exceptionText(res.ExceptionDetails))
	}
	return nil
}

func exceptionText(e *proto.RuntimeExceptionDetails) string {
	if e.Exception != nil && e.Exception.Description != "" {
		return e.Exception.Description
	}
	return e.Text
}
