package strategies

import (
	"context"
	"fmt"
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

// A point recorded where more than the page's scroll placed it is found
// on the page as it loads:
//   - a link of a fixed bar, recorded with the page scrolled far down, is
//     where it was on the screen (Fixed); read as a point of the page, the
//     same point lands on a content link of the same kind, and the
//     strategy takes that one;
//   - a button at the foot of a scroll box, recorded with the box scrolled
//     down, is under the point once the box is scrolled as recorded
//     (ContainerScroll); without the offsets the point shows the box's
//     first entries.
//
// Each case also replays the recording without its fact (bare), which
// must not find the element: the fact is what finds it.
func TestCoordinatesInAFixedBarAndAScrolledBox(t *testing.T) {
	fx := testenv.Fixtures(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	url := fx.URL + "/layers.html"
	for _, tc := range []struct {
		name, setup, id string
		recorded        func(chain.CoordinatesMeta) bool
		bare            func(*chain.CoordinatesMeta)
		// after, when set, checks the replayed page (the box scrolled as
		// recorded).
		after func(*rod.Page) error
	}{
		{"a fixed bar", `() => window.scrollTo(0, 1500)`, "bar-team",
			func(m chain.CoordinatesMeta) bool { return m.Fixed && len(m.ContainerScroll) == 0 },
			func(m *chain.CoordinatesMeta) { m.Fixed = false }, nil},
		{"a scrolled box", `() => { const b = document.getElementById("log"); b.scrollTop = b.scrollHeight; }`, "log-end",
			func(m chain.CoordinatesMeta) bool {
				return !m.Fixed && len(m.ContainerScroll) == 1 && m.ContainerScroll[0].Y >= 200
			},
			func(m *chain.CoordinatesMeta) { m.ContainerScroll = nil },
			func(p *rod.Page) error {
				if st := p.MustEval(`() => document.getElementById("log").scrollTop`).Int(); st < 200 {
					return fmt.Errorf("the box is at %d after the replay, want it scrolled as recorded", st)
				}
				return nil
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := testenv.Page(t, url)
			rec.MustEval(tc.setup)
			meta := recordPoint(ctx, t, rec, tc.id)
			if !tc.recorded(meta) {
				t.Fatalf("recorded fixed %v, container scroll %v", meta.Fixed, meta.ContainerScroll)
			}
			r, p := replayPoint(ctx, t, url, meta)
			if foundID(r) != tc.id || r.Verification <= 0.5 {
				t.Fatalf("found %q, verification %.2f (%s, %v); want #%s", foundID(r), r.Verification, r.Detail, r.Err, tc.id)
			}
			if tc.after != nil {
				if err := tc.after(p); err != nil {
					t.Fatal(err)
				}
			}
			bare := meta
			tc.bare(&bare)
			if r, _ := replayPoint(ctx, t, url, bare); foundID(r) == tc.id {
				t.Fatalf("found #%s without the fact that places it (%s): the test proves nothing", tc.id, r.Detail)
			}
		})
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

// A row that is a button holds a <div> of text that covers its centre:
// the point recorded on the row hits that inner div, of the row's tag too,
// and the coordinates strategy takes the row, the nearest of its tag and
// its recorded role, as a click there is the row's.
func TestCoordinatesOnARowThatIsAButton(t *testing.T) {
	ctx := context.Background()
	fx := testenv.Fixtures(t)
	url := fx.URL + "/variants/clickable-rows.html"
	meta := recordPoint(ctx, t, testenv.Page(t, url), "row-2")
	meta.ElementID = "" // rows with no id of their own, as a list renders them
	p := testenv.Page(t, url)
	target := &chain.Target{Fingerprint: &chain.Fingerprint{Tag: "div", Role: "button", AccessName: "Buy milk open"}}
	r := Coordinates{}.Evaluate(ctx, NewEnv(model(p), target), chain.CoordinatesStrategy(meta, BaseConfidence))
	if got := foundID(r); got != "row-2" {
		t.Fatalf("found %q (%v), want the row, row-2", got, r.Err)
	}
}
