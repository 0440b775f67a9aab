package selfcheck

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/decision"
	"github.com/qa-chain/chainreplay/fixtures"
	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/recorder"
	"github.com/qa-chain/chainreplay/report"
)

// TestRecordedFlowsAreSelfConsistent records each app's drive script (the
// fixture apps, the third-party apps and the framework pages), then
// replays the flow on the unchanged app, and before each step evaluates
// every strategy of the step's chain alone (decision.Locate with only that
// type allowed): each must find the element the whole chain decides on,
// and win with it. What the recorder writes is what replay finds, step by
// step, in the state the flow leaves the page in.
func TestRecordedFlowsAreSelfConsistent(t *testing.T) {
	for _, app := range fixtures.AllApps() {
		t.Run(app.Name, func(t *testing.T) {
			// The apps side by side, each recorded in a context of its own
			// and replayed in another: apps keep their state in the
			// origin's storage (TodoMVC's localStorage), and a recording
			// leaves it.
			t.Parallel()
			incognito := func() *rod.Browser {
				inc, err := testenv.Browser(t).Incognito()
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { inc.Close() })
				return inc
			}
			f := record(t, incognito(), app.Path()[1:], app.Drive)
			if len(f.Steps) == 0 {
				t.Fatal("nothing recorded")
			}
			inc := incognito()
			p, err := inc.Page(proto.TargetCreateTarget{URL: "about:blank"})
			if err != nil {
				t.Fatal(err)
			}
			if err := (proto.EmulationSetDeviceMetricsOverride{Width: 1280, Height: 800, DeviceScaleFactor: 1}).Call(p); err != nil {
				t.Fatal(err)
			}
			// As replay does: Chromium hit-tests only inside the window, and
			// a headless window is 800x600 unless told otherwise.
			if w, err := (proto.BrowserGetWindowForTarget{TargetID: p.TargetID}).Call(p); err == nil {
				width, height := 1280, 900
				_ = proto.BrowserSetWindowBounds{WindowID: w.WindowID, Bounds: &proto.BrowserBounds{Width: &width, Height: &height}}.Call(p)
			}
			ctx := context.Background()
			// As replay loads a page: the model from the document's start,
			// so that it can tell when the page has settled.
			if _, err := (proto.PageAddScriptToEvaluateOnNewDocument{Source: pagemodel.StartScript}).Call(p); err != nil {
				t.Fatal(err)
			}
			if err := decision.Navigate(ctx, p, f.StartURL); err != nil {
				t.Fatal(err)
			}
			m := pagemodel.New(p, pagemodel.Options{})
			r := &decision.Runner{Page: p, Model: m, Options: decision.RunOptions{Timeout: 5 * time.Second,
				LookupSecret: func(string) (string, bool) { return "secret", true }}}
			// locate locates t as replay does: until a winner, or the
			// deadline (a dialog may still be sliding in under the point),
			// and again when the page changed meanwhile (a menu the
			// previous step opened still sliding open).
			locate := func(t *chain.Target) decision.Verdict {
				lctx, cancel := context.WithTimeout(ctx, 5*time.Second)
				defer cancel()
				for settle := time.Now().Add(pagemodel.MaxSettle); ; {
					mark := m.Mark(lctx)
					v := decision.Locate(lctx, m, t, decision.LocateOptions{})
					if lctx.Err() != nil || !m.SettleAfter(lctx, mark, settle) {
						return v
					}
				}
			}
			checked := 0
			for i := range f.Steps {
				s := &f.Steps[i]
				if s.Target != nil && len(s.Target.Chain) > 0 {
					whole := locate(s.Target)
					if whole.Winner == nil {
						t.Fatalf("step %d %s: the whole chain finds nothing: %v", i+1, s.Action, whole.Err)
					}
					// A component library that numbers its items' ids as it
					// sets them up (UIkit's uk-accordion-17) may number them
					// otherwise on a loaded machine: the target then carries
					// another number than recorded, and the page is not the
					// one recorded. A strategy that goes by numbers or
					// places (a numbered id or path, similarity, whose
					// fingerprint holds the number, coordinates) may refuse
					// there, as AMBIGUOUS or LOW_CONFIDENCE; none may take
					// another element, and words must still find it.
					fp, now := s.Target.Fingerprint, ""
					if whole.Winner.Element != nil {
						now = whole.Winner.Element.ID
					}
					renumbered := fp != nil && strings.ContainsAny(fp.ID, "0123456789") && now != fp.ID
					for _, st := range s.Target.Chain {
						one := *s.Target
						one.Chain = []chain.Strategy{st}
						v := locate(&one)
						what := fmt.Sprintf("step %d %s, %s %q (nth %d)", i+1, s.Action, st.Type, st.Value, st.Nth)
						switch {
						case v.Winner == nil && renumbered && byPlace(st) && (decision.CodeOf(v.Err) == report.Ambiguous || decision.CodeOf(v.Err) == report.LowConfidence):
							t.Logf("%s alone: %v (the page numbered the target %q on this load, %q when recorded)", what, v.Err, now, fp.ID)
						case v.Winner == nil:
							t.Errorf("%s alone: %v", what, v.Err)
						case v.Winner.Ref() != whole.Winner.Ref() && v.Winner.Element != nil:
							t.Errorf("%s alone took %s, the chain %s", what, v.Winner.Element, whole.Winner.Element)
						case v.Winner.Strategy.Type != st.Type:
							t.Errorf("%s alone was won by %s", what, v.Winner.Strategy.Type)
						}
						checked++
					}
				}
				if out := r.Step(ctx, s); out.Err != nil {
					t.Fatalf("step %d %s: %v", i+1, s.Action, out.Err)
				}
			}
			t.Logf("%d steps, %d strategies each evaluated alone", len(f.Steps), checked)
		})
	}
}

// byPlace reports whether s goes by numbers or places: an identifier or
// path holding digits (decision.Numbered), similarity, coordinates.
func byPlace(s chain.Strategy) bool {
	return s.Type == chain.Similarity || s.Type == chain.Coordinates || decision.Numbered(s)
}

// record records drive on page (a path under the fixture server) in b, at
// the viewport the recorder records in (1280x800), and returns the flow.
func record(t *testing.T, b *rod.Browser, page, drive string) chain.Flow {
	t.Helper()
	fx := testenv.Fixtures(t)
	p, err := b.Page(proto.TargetCreateTarget{URL: "about:blank"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	if err := (proto.EmulationSetDeviceMetricsOverride{Width: 1280, Height: 800}).Call(p); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	r := recorder.New(b, recorder.Options{})
	if err := r.Start(ctx, p, fx.URL+"/"+page); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Finish("test over") })
	lines, err := recorder.ParseDrive(strings.NewReader(drive))
	if err != nil {
		t.Fatal(err)
	}
	if err := (&recorder.Driver{Rec: r, Page: p}).Run(ctx, lines); err != nil {
		t.Fatal(err)
	}
	return r.Flow()
}
