package strategies

import (
	"context"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/pagemodel"
)

// A point recorded on a button inside a scrolled pane of a fixed layer
// (a dialog scrolled down to its last button, the page scrolled too) is
// found again on the page as it loads, pane and page unscrolled: the
// point is a viewport point (Fixed) and the pane is scrolled back as it
// was (ContainerScroll). Without those two facts the same point lands on
// something else.
func TestCoordinatesInAScrolledPaneOfAFixedLayer(t *testing.T) {
	fx := testenv.Fixtures(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	url := fx.URL + "/long.html?pane"

	rec := testenv.Page(t, url)
	rec.MustEval(`() => { window.scrollTo(0, 1500); const p = document.getElementById("pane"); p.scrollTop = p.scrollHeight; }`)
	m := model(rec)
	el := byID(ctx, t, m, "pane-end")
	d, err := m.DescribeRef(ctx, el.Ref, pagemodel.DescribeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !d.Fixed || len(d.Scrollers) != 1 || d.Scrollers[0][1] < 500 {
		t.Fatalf("the page model reads fixed %v, scrollers %v: want a fixed layer and one pane scrolled down", d.Fixed, d.Scrollers)
	}
	vp, err := NewEnv(m, nil).Metrics(ctx)
	if err != nil {
		t.Fatal(err)
	}
	cx, cy := el.Box.Center()
	meta := chain.CoordinatesMeta{X: cx, Y: cy, TagName: "button", ElementID: "pane-end",
		BoundingRect: &chain.Rect{X: el.Box.X, Y: el.Box.Y, Width: el.Box.Width, Height: el.Box.Height},
		ScrollPos:    &chain.Point{X: vp.ScrollX, Y: vp.ScrollY}, Fixed: d.Fixed}
	for _, o := range d.Scrollers {
		meta.ContainerScroll = append(meta.ContainerScroll, chain.Point{X: o[0], Y: o[1]})
	}

	replay := func(meta chain.CoordinatesMeta) Result {
		p := model(testenv.Page(t, url))
		return Coordinates{}.Evaluate(ctx, NewEnv(p, &chain.Target{}), chain.CoordinatesStrategy(meta, BaseConfidence))
	}
	r := replay(meta)
	if !r.Found || r.Element == nil || r.Element.ID != "pane-end" || r.Verification <= 0.5 {
		t.Fatalf("recorded in the scrolled pane: found %v %v, verification %.2f (%s, %v); want #pane-end verified", r.Found, r.Element, r.Verification, r.Detail, r.Err)
	}
	bare := meta
	bare.Fixed, bare.ContainerScroll = false, nil
	if r := replay(bare); r.Found && r.Element != nil && r.Element.ID == "pane-end" {
		t.Fatalf("without the layer and the pane's scroll the point should not reach #pane-end (%s): the test proves nothing", r.Detail)
	}
}

func TestAdjustPointInAFixedLayer(t *testing.T) {
	m := chain.CoordinatesMeta{X: 100, Y: 35, ScrollPos: &chain.Point{Y: 1700}, Fixed: true}
	a := cfg.AdjustPoint(m, Viewport{Width: 1280, Height: 800, ScrollY: 200})
	if a.X != 100 || a.Y != 35 || a.DocY != 235 || !a.OnScreen {
		t.Fatalf("a fixed layer's point is where it was on screen: %+v", a)
	}
	// Its box compares where it is on screen, whatever the scroll.
	m.BoundingRect = &chain.Rect{X: 80, Y: 20, Width: 40, Height: 30}
	el := ElementAtPoint{Found: true, Rect: &chain.Rect{X: 80, Y: 220, Width: 40, Height: 30}, Scroll: chain.Point{Y: 200}}
	if got := cfg.VerifyScore(el, m); got != 0.6 {
		t.Fatalf("same place on screen: 0.5 + 0.1, got %v", got)
	}
}
