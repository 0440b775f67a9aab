package strategies

import (
	"context"
	"testing"
	"time"

	"github.com/go-rod/rod"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/pagemodel"
)

// recordPoint describes the element with id id on page p the way the
// recorder writes a coordinates strategy: its box centre, box, the
// page's scroll, tag, id and classes, and the layer facts the page model
// reads (Fixed, the offsets of its scroll containers).
func recordPoint(ctx context.Context, t *testing.T, p *rod.Page, id string) chain.CoordinatesMeta {
	t.Helper()
	m := model(p)
	el := byID(ctx, t, m, id)
	d, err := m.DescribeRef(ctx, el.Ref, pagemodel.DescribeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	vp, err := NewEnv(m, nil).Metrics(ctx)
	if err != nil {
		t.Fatal(err)
	}
	cx, cy := el.Box.Center()
	meta := chain.CoordinatesMeta{X: cx, Y: cy, TagName: el.Tag, ElementID: el.ID, ClassList: el.Classes(),
		BoundingRect: &chain.Rect{X: el.Box.X, Y: el.Box.Y, Width: el.Box.Width, Height: el.Box.Height},
		ScrollPos:    &chain.Point{X: vp.ScrollX, Y: vp.ScrollY}, Fixed: d.Fixed}
	for _, o := range d.Scrollers {
		meta.ContainerScroll = append(meta.ContainerScroll, chain.Point{X: o[0], Y: o[1]})
	}
	return meta
}

// replayPoint evaluates the coordinates strategy meta alone on a fresh
// load of url.
func replayPoint(ctx context.Context, t *testing.T, url string, meta chain.CoordinatesMeta) (Result, *rod.Page) {
	t.Helper()
	p := testenv.Page(t, url)
	return Coordinates{}.Evaluate(ctx, NewEnv(model(p), &chain.Target{}), chain.CoordinatesStrategy(meta, BaseConfidence)), p
}

func foundID(r Result) string {
	if !r.Found || r.Element == nil {
		return ""
	}
	return r.Element.ID
}

// A link of a fixed bar, recorded with the page scrolled far down, is found
// at its place on the screen on the page as it loads; read as a point of
// the page (no fixed flag), the same point lands on a content link of the
// same kind, and the strategy takes that one: the flag is what keeps it
// from acting there.
func TestCoordinatesInAFixedBar(t *testing.T) {
	fx := testenv.Fixtures(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	url := fx.URL + "/layers.html"
	rec := testenv.Page(t, url)
	rec.MustEval(`() => window.scrollTo(0, 1500)`)
	meta := recordPoint(ctx, t, rec, "bar-team")
	if !meta.Fixed || len(meta.ContainerScroll) != 0 {
		t.Fatalf("recorded fixed %v, container scroll %v: want a fixed layer and no scroll container", meta.Fixed, meta.ContainerScroll)
	}
	if r, _ := replayPoint(ctx, t, url, meta); foundID(r) != "bar-team" {
		t.Fatalf("fixed: found %q (%s, %v), want #bar-team", foundID(r), r.Detail, r.Err)
	}
	page := meta
	page.Fixed = false
	if r, _ := replayPoint(ctx, t, url, page); foundID(r) == "bar-team" {
		t.Fatalf("read as a point of the page the bar link was found anyway (%s): the test proves nothing", r.Detail)
	}
}

// A button at the foot of a scroll box, recorded with the box scrolled
// down, is found on the page as it loads (the box at its top) once the box
// is scrolled as recorded; without the recorded offsets the point shows
// the box's first entries.
func TestCoordinatesInAScrolledBox(t *testing.T) {
	fx := testenv.Fixtures(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	url := fx.URL + "/layers.html"
	rec := testenv.Page(t, url)
	rec.MustEval(`() => { const b = document.getElementById("log"); b.scrollTop = b.scrollHeight; }`)
	meta := recordPoint(ctx, t, rec, "log-end")
	if meta.Fixed || len(meta.ContainerScroll) != 1 || meta.ContainerScroll[0].Y < 200 {
		t.Fatalf("recorded fixed %v, container scroll %v: want one box scrolled down", meta.Fixed, meta.ContainerScroll)
	}
	r, p := replayPoint(ctx, t, url, meta)
	if foundID(r) != "log-end" || r.Verification <= 0.5 {
		t.Fatalf("scrolled box: found %q, verification %.2f (%s, %v); want #log-end", foundID(r), r.Verification, r.Detail, r.Err)
	}
	if st := p.MustEval(`() => document.getElementById("log").scrollTop`).Int(); st < 200 {
		t.Fatalf("the box is at %d after the replay, want it scrolled as recorded", st)
	}
	bare := meta
	bare.ContainerScroll = nil
	if r, _ := replayPoint(ctx, t, url, bare); foundID(r) == "log-end" {
		t.Fatalf("without the box's offsets #log-end was found anyway (%s): the test proves nothing", r.Detail)
	}
}

// Where another scroll box now stands at the point, holding another
// button, scrolling it as recorded puts that button under the point: it is
// not named as recorded (another id, other classes), so it is not taken
// and the box is scrolled back.
func TestCoordinatesDoNotScrollAnotherBoxIntoATarget(t *testing.T) {
	fx := testenv.Fixtures(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	rec := testenv.Page(t, fx.URL+"/layers.html")
	rec.MustEval(`() => { const b = document.getElementById("log"); b.scrollTop = b.scrollHeight; }`)
	meta := recordPoint(ctx, t, rec, "log-end")
	r, p := replayPoint(ctx, t, fx.URL+"/layers.html?swap", meta)
	if id := foundID(r); id == "other-end" || id == "log-end" {
		t.Fatalf("another box's button taken: %q (%s)", id, r.Detail)
	}
	if st := p.MustEval(`() => document.getElementById("other").scrollTop`).Int(); st != 0 {
		t.Fatalf("the other box was left scrolled to %d", st)
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
