package replay

import (
	"context"
	"testing"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/internal/pagejs"
	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/report"
)

// Flow runs the ClosedRoots script (pagejs) in the pages it loads, so that
// probes and the snapshot search closed shadow roots as the tree does, and
// takes it away when the flow ends: the caller's next page is its own.
func TestFlowKeepsClosedRootsWhileItRuns(t *testing.T) {
	fx := testenv.Fixtures(t)
	f := testenv.Flow(t, "login.yaml")
	page, err := testenv.Browser(t).Page(proto.TargetCreateTarget{URL: "about:blank"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { page.Close() })
	kept := func() bool {
		return page.MustEval(`() => !!window[Symbol.for("` + pagejs.ClosedRootsKey + `")]`).Bool()
	}
	var during []bool
	res := Flow(context.Background(), page, f, Options{BaseURL: fx.URL, Timeout: 5 * time.Second,
		AfterStep: func(_ *rod.Page, _ *report.Step) { during = append(during, kept()) }})
	if res.Error != nil {
		t.Fatalf("flow: %v", res.Error)
	}
	for i, k := range during {
		if !k {
			t.Errorf("step %d: the page has no closed-roots map", i+1)
		}
	}
	if len(during) == 0 {
		t.Fatal("no step ran")
	}
	if err := page.Navigate(fx.URL + "/login.html"); err != nil {
		t.Fatal(err)
	}
	testenv.WaitLoad(t, page)
	if kept() {
		t.Error("the script still runs after the flow")
	}
}
