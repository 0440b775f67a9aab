package strategies

import (
	"math"
	"testing"

	"github.com/qa-chain/chainreplay/chain"
)

var cfg CoordinatesConfig // seed 000's defaults

func TestAdjustPointScroll(t *testing.T) {
	vp := Viewport{Width: 1280, Height: 800, ScrollX: 0, ScrollY: 300}
	m := chain.CoordinatesMeta{X: 100, Y: 500, ScrollPos: &chain.Point{X: 0, Y: 100}}
	a := cfg.AdjustPoint(m, vp)
	// document y = 500 + 100 = 600; shown at scroll 300 → 300
	if a.DocY != 600 || a.Y != 300 || a.X != 100 || !a.OnScreen || !a.InViewport {
		t.Fatalf("got %+v", a)
	}
}

func TestAdjustPointBelowTheFold(t *testing.T) {
	vp := Viewport{Width: 1280, Height: 800}
	m := chain.CoordinatesMeta{X: 100, Y: 400, ScrollPos: &chain.Point{Y: 1500}}
	a := cfg.AdjustPoint(m, vp)
	if a.OnScreen || a.DocY != 1900 {
		t.Fatalf("a point recorded 1500 px down must be off screen at scroll 0: %+v", a)
	}
	// After scrolling to centre it (what Evaluate does), it is on screen
	// against the new viewport (seed 000's fault: it checked the old one).
	vp.ScrollY = a.DocY - vp.Height/2
	a = cfg.AdjustPoint(m, vp)
	if !a.OnScreen || a.Y != 400 {
		t.Fatalf("after the scroll: %+v", a)
	}
}

func TestAdjustPointWithoutRecordedScroll(t *testing.T) {
	a := cfg.AdjustPoint(chain.CoordinatesMeta{X: 50, Y: 60}, Viewport{Width: 800, Height: 600, ScrollY: 10})
	if a.X != 50 || a.Y != 50 {
		t.Fatalf("no recorded scroll means scroll 0 at record time: %+v", a)
	}
	noAdj := CoordinatesConfig{NoScrollAdjust: true}
	a = noAdj.AdjustPoint(chain.CoordinatesMeta{X: 50, Y: 60, ScrollPos: &chain.Point{Y: 999}}, Viewport{Width: 800, Height: 600, ScrollY: 10})
	if a.X != 50 || a.Y != 60 {
		t.Fatalf("NoScrollAdjust keeps the viewport point: %+v", a)
	}
}

func TestAdjustPointReportsResizeWithoutScaling(t *testing.T) {
	m := chain.CoordinatesMeta{X: 1000, Y: 100, Viewport: &chain.Size{Width: 1280, Height: 800}}
	a := cfg.AdjustPoint(m, Viewport{Width: 640, Height: 800})
	if a.ScaleX != 0.5 || a.X != 1000 || a.OnScreen {
		t.Fatalf("edge case 5: resize is reported, not applied: %+v", a)
	}
}

func TestInViewportPadding(t *testing.T) {
	vp := Viewport{Width: 100, Height: 100}
	for _, tc := range []struct {
		x, y float64
		want bool
	}{{50, 50, true}, {10, 10, true}, {9, 50, false}, {50, 91, false}, {90, 90, true}} {
		if got := cfg.InViewport(tc.x, tc.y, vp); got != tc.want {
			t.Errorf("(%v,%v): got %v want %v", tc.x, tc.y, got, tc.want)
		}
	}
}

func TestVerifyScoreSeed000(t *testing.T) {
	m := chain.CoordinatesMeta{X: 10, Y: 10, TagName: "button", ElementID: "go", ClassList: []string{"btn", "primary"},
		BoundingRect: &chain.Rect{X: 100, Y: 100, Width: 50, Height: 20}}
	same := ElementAtPoint{Found: true, Tag: "button", ID: "go", Classes: []string{"btn", "primary"},
		Rect: &chain.Rect{X: 100, Y: 100, Width: 50, Height: 20}}
	if got := cfg.VerifyScore(same, m); got != 1 {
		t.Fatalf("0.5 + 0.2 + 0.2 + 0.1 + 0.1 clamps to 1, got %v", got)
	}
	other := ElementAtPoint{Found: true, Tag: "div", Rect: &chain.Rect{X: 400, Y: 400, Width: 50, Height: 20}}
	if got := cfg.VerifyScore(other, m); math.Abs(got-0.3) > 1e-9 {
		t.Fatalf("0.5 − 0.1 (tag) − 0.1 (far) = 0.3, got %v", got)
	}
	half := ElementAtPoint{Found: true, Tag: "button", Classes: []string{"btn"}}
	if got := cfg.VerifyScore(half, m); math.Abs(got-0.75) > 1e-9 {
		t.Fatalf("0.5 + 0.2 + 0.1×0.5 = 0.75, got %v", got)
	}
	if got := cfg.VerifyScore(ElementAtPoint{}, m); got != 0 {
		t.Fatalf("no element scores 0, got %v", got)
	}
	// Boxes compare in document coordinates: recorded at scroll 300, the
	// element is where it was in the document.
	m.ScrollPos = &chain.Point{Y: 300}
	moved := same
	moved.Rect = &chain.Rect{X: 100, Y: 400, Width: 50, Height: 20}
	if got := cfg.VerifyScore(moved, m); got != 1 {
		t.Fatalf("same document position must verify, got %v", got)
	}
}

func TestCoordinatesConfidence(t *testing.T) {
	for _, tc := range []struct {
		verified bool
		score    float64
		in       bool
		want     float64
	}{
		{false, 0.3, true, 0.60},
		{true, 1, true, 0.70},
		{true, 0.8, true, 0.68},
		{true, 1, false, 0.56},
		{false, 0, false, 0.48},
	} {
		if got := cfg.Confidence(tc.verified, tc.score, tc.in); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("%+v: got %v", tc, got)
		}
	}
	boosted := CoordinatesConfig{VerificationBoost: 0.5}
	if got := boosted.Confidence(true, 1, true); got != CoordinatesCap {
		t.Fatalf("the cap 0.75 holds whatever the boost, got %v", got)
	}
}
