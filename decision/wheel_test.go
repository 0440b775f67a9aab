package decision

import (
	"context"
	"testing"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/testenv"
)

// Chromium answers a wheel event before it applies the scroll. A replayed
// scroll step must be over when the next step reads the scroll position:
// the coordinates strategy converts its point with it, and scrolling
// itself while the wheel's scroll is still to come put the click 700 px
// off on the shop app (one replay in four to sixteen). The page's scroll
// position, and an inner scroller's, must be the new one as soon as
// wheel returns.
func TestWheelReturnsOnceThePageScrolled(t *testing.T) {
	fx := testenv.Fixtures(t)
	page := testenv.Page(t, fx.URL+"/apps/shop/")
	ctx := context.Background()
	for i := 0; i < 5; i++ {
		page.MustEval(`() => window.scrollTo(0, 0)`)
		if err := wheel(ctx, page, chain.Point{X: 640, Y: 400}, 0, 700); err != nil {
			t.Fatal(err)
		}
		if y := page.MustEval(`() => scrollY`).Int(); y != 700 {
			t.Fatalf("round %d: scrollY %d right after the wheel, want 700", i, y)
		}
	}
	page.MustEval(`() => { window.scrollTo(0, 0); const d = document.createElement("div");
		d.id = "inner"; d.style.cssText = "position:fixed;left:0;top:0;width:300px;height:200px;overflow:auto;z-index:9";
		d.innerHTML = "<div style='height:2000px'>tall</div>"; document.body.append(d); }`)
	for i := 0; i < 5; i++ {
		page.MustEval(`() => document.getElementById("inner").scrollTop = 0`)
		if err := wheel(ctx, page, chain.Point{X: 100, Y: 100}, 0, 300); err != nil {
			t.Fatal(err)
		}
		if y := page.MustEval(`() => document.getElementById("inner").scrollTop`).Int(); y != 300 {
			t.Fatalf("round %d: the inner scroller at %d right after the wheel, want 300", i, y)
		}
	}
	// Nothing left to scroll: it returns all the same.
	page.MustEval(`() => window.scrollTo(0, document.documentElement.scrollHeight)`)
	if err := wheel(ctx, page, chain.Point{X: 640, Y: 600}, 0, 700); err != nil {
		t.Fatal(err)
	}
}
