package decision

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/similarity"
	"github.com/qa-chain/chainreplay/snapshot"
)

// Benchmarks of one step on the fixture flows (fixtures/flows/login.yaml):
//
//	go test ./decision -run '^$' -bench . -benchtime 40x
//
// Each reports the median step time (median-ms) besides Go's mean, and the
// phase benchmarks split a click into locating, the actionability checks
// (visible, enabled, stable box across an animation frame, hit test) and
// the input events. BenchmarkRodElementClick is rod's Element.Click on the
// same button, as a yardstick measured in the same run.

func benchPage(b *testing.B, path string) (*rod.Page, *chain.Flow) {
	b.Helper()
	br := testenv.Browser(b)
	fx := testenv.Fixtures(b)
	f := testenv.Flow(b, "login.yaml")
	p := br.MustPage("")
	b.Cleanup(func() { p.Close() })
	if err := (proto.EmulationSetDeviceMetricsOverride{Width: 1280, Height: 800, DeviceScaleFactor: 1}).Call(p); err != nil {
		b.Fatal(err)
	}
	if _, err := (proto.PageAddScriptToEvaluateOnNewDocument{Source: pagemodel.StartScript}).Call(p); err != nil {
		b.Fatal(err)
	}
	if err := Navigate(context.Background(), p, fx.URL+"/"+path); err != nil {
		b.Fatal(err)
	}
	return p, f
}

func median(d []time.Duration) float64 {
	if len(d) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return float64(s[len(s)/2].Microseconds()) / 1000
}

func benchStep(b *testing.B, path string, step int, want chain.StrategyType) {
	p, f := benchPage(b, path)
	r := &Runner{Page: p, Options: RunOptions{Timeout: 5 * time.Second}}
	s := &f.Steps[step]
	ctx := context.Background()
	// warm up once, and check the step does what the benchmark claims
	out := r.Step(ctx, s)
	if out.Err != nil {
		b.Fatalf("step %d on %s: %v", step+1, path, out.Err)
	}
	if got := out.Verdict.Winner.Strategy.Type; got != want {
		b.Fatalf("step %d on %s was won by %s, the benchmark is about %s", step+1, path, got, want)
	}
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t := time.Now()
		if out := r.Step(ctx, s); out.Err != nil {
			b.Fatal(out.Err)
		}
		times = append(times, time.Since(t))
	}
	b.StopTimer()
	b.ReportMetric(median(times), "median-ms")
}

// BenchmarkClickFirstStrategy: the click on "Sign in", won by its first
// strategy (testid).
func BenchmarkClickFirstStrategy(b *testing.B) { benchStep(b, "login.html", 3, chain.TestID) }

// BenchmarkClickFallThroughToCoordinates: the same click on a page where
// only the position still holds: every strategy is evaluated and
// coordinates wins.
func BenchmarkClickFallThroughToCoordinates(b *testing.B) {
	benchStep(b, "variants/login-rebuilt.html", 3, chain.Coordinates)
}

// BenchmarkTypeFirstStrategy: typing the email (15 characters).
func BenchmarkTypeFirstStrategy(b *testing.B) { benchStep(b, "login.html", 0, chain.ID) }

// BenchmarkClickPhases splits the first-strategy click into its phases.
// The fixture page reports each click to the fixture server with a
// synchronous request from inside its click handler, and the
// mouseReleased event returns only when the page's handlers have run: so
// input-ms holds that page time too (BenchmarkClickPhasesQuietPage).
func BenchmarkClickPhases(b *testing.B) {
	p, f := benchPage(b, "login.html")
	clickPhases(b, p, f)
}

// BenchmarkClickPhasesQuietPage is BenchmarkClickPhases with the fixture's
// event reports turned off (XMLHttpRequest.send does nothing), so that the
// input phase is the engine's press and release plus a click handler that
// only updates a status line: what the engine spends, without the
// fixture's own round trip to its server.
func BenchmarkClickPhasesQuietPage(b *testing.B) {
	p, f := benchPage(b, "login.html")
	if _, err := p.Eval(`() => { XMLHttpRequest.prototype.send = function () {}; }`); err != nil {
		b.Fatal(err)
	}
	clickPhases(b, p, f)
}

func clickPhases(b *testing.B, p *rod.Page, f *chain.Flow) {
	ctx := context.Background()
	t := f.Steps[3].Target
	m := pagemodel.New(p, pagemodel.Options{})
	var loc, act, input, beyond, total []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		// As the Runner does: the winner's object, when the strategy made
		// one, is left in a group for Actionable to reuse.
		v := Locate(ctx, m, t, LocateOptions{Once: true})
		if v.Err != nil {
			b.Fatal(v.Err)
		}
		t1 := time.Now()
		pt, err := Actionable(ctx, elemIn(m, v.Winner, "bench-phases"), nil)
		if err != nil {
			b.Fatal(err)
		}
		t2 := time.Now()
		if err := mouseClick(ctx, p, pt, "left", 1, 0); err != nil {
			b.Fatal(err)
		}
		t3 := time.Now()
		if err := (proto.RuntimeReleaseObjectGroup{ObjectGroup: "bench-phases"}).Call(p); err != nil {
			b.Fatal(err)
		}
		loc, act, input, total = append(loc, t1.Sub(t0)), append(act, t2.Sub(t1)), append(input, t3.Sub(t2)), append(total, t3.Sub(t0))
		beyond = append(beyond, t1.Sub(t0)+t3.Sub(t2))
	}
	b.StopTimer()
	b.ReportMetric(median(loc), "locate-ms")
	b.ReportMetric(median(act), "actionable-ms")
	b.ReportMetric(median(input), "input-ms")
	b.ReportMetric(median(beyond), "beyond-actionable-ms")
	b.ReportMetric(median(total), "median-ms")
}

// BenchmarkRodElementClick is rod's own click on the same button, measured
// in the same run as a yardstick (BROWSER-FACTS.md: about 50 ms).
func BenchmarkRodElementClick(b *testing.B) {
	p, _ := benchPage(b, "login.html")
	el := p.MustElement("#login-btn")
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t := time.Now()
		if err := el.Click(proto.InputMouseButtonLeft, 1); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(t))
	}
	b.StopTimer()
	b.ReportMetric(median(times), "median-ms")
}

// BenchmarkHealRound locates, on generated pages of 3k, 10k and 50k
// elements (fixtures/pages/snapshot/generated.html), a "Save …" button in
// the middle of the page whose test id, id, classes and text were all
// changed since it was recorded, so that only similarity (or its point)
// finds it: the first round after the page loaded (first-round-ms) and the
// next one (round-ms). Every round must take the button.
//
//	go test ./decision -run '^$' -bench HealRound -benchtime 7x
func BenchmarkHealRound(b *testing.B) {
	fx := testenv.Fixtures(b)
	ctx := context.Background()
	for _, n := range []int{3000, 10000, 50000} {
		b.Run(fmt.Sprintf("elements=%d", n), func(b *testing.B) {
			page, m, snap, sn := middleSave(b, fx.URL, n)
			target := renamed(sn, snap, true)
			target.Chain = append([]chain.Strategy{
				{Type: chain.Role, Value: "button|" + reword(sn.Name), Confidence: 0.85},
				{Type: chain.Text, Value: reword(sn.Text), Confidence: 0.8},
				{Type: chain.XPath, Value: sn.AbsoluteXPath + "[9]", Confidence: 0.65},
			}, target.Chain...)
			want := sn.Text
			times := map[string][]time.Duration{}
			for i := 0; i < b.N; i++ {
				if err := page.Reload(); err != nil {
					b.Fatal(err)
				}
				testenv.WaitLoad(b, page)
				for _, k := range []string{"first-round-ms", "round-ms"} {
					start := time.Now()
					v := Locate(ctx, m, target, LocateOptions{Once: true})
					took := time.Since(start)
					if v.Winner == nil || v.Winner.Element == nil || v.Winner.Element.Text != want {
						b.Fatalf("want %q; %s", want, attempts(v))
					}
					times[k] = append(times[k], took)
				}
			}
			for k, ts := range times {
				b.ReportMetric(median(ts), k)
			}
		})
	}
}

// middleSave opens the generated page of n elements and returns it, its
// model, its snapshot, and the "Save" button in the middle of it.
func middleSave(b *testing.B, base string, n int) (*rod.Page, *pagemodel.Page, *snapshot.Snapshot, *snapshot.Node) {
	b.Helper()
	page := testenv.Page(b, fmt.Sprintf("%s/snapshot/generated.html?n=%d", base, n))
	m := pagemodel.New(page, pagemodel.Options{})
	snap, err := snapshot.Capture(context.Background(), m, snapshot.Options{})
	if err != nil {
		b.Fatal(err)
	}
	var saves []*snapshot.Node
	for _, sn := range snap.Nodes {
		if sn.Tag == "button" && strings.HasPrefix(sn.Text, "Save ") {
			saves = append(saves, sn)
		}
	}
	if len(saves) == 0 {
		b.Fatal("no Save button")
	}
	return page, m, snap, saves[len(saves)/2]
}

// BenchmarkLostStrategies locates, on generated pages, a "Save" button
// whose chain starts with a test id and an id the page no longer has and
// goes on with its role and name: the round finds nothing by the first two
// and takes the button by its role.
//
//	go test ./decision -run '^$' -bench LostStrategies -benchtime 10x
func BenchmarkLostStrategies(b *testing.B) {
	fx := testenv.Fixtures(b)
	ctx := context.Background()
	for _, n := range []int{3000, 10000, 50000} {
		b.Run(fmt.Sprintf("elements=%d", n), func(b *testing.B) {
			_, m, snap, sn := middleSave(b, fx.URL, n)
			// The button as recorded, but for the test id and id its chain
			// starts with.
			target := renamed(sn, snap, false)
			c := similarity.FromNode(sn, chain.Point{X: snap.ScrollX, Y: snap.ScrollY})
			target.Fingerprint.ID, target.Fingerprint.Classes, target.Fingerprint.TestIDs = c.ID, c.Classes, nil
			target.Chain = append([]chain.Strategy{
				{Type: chain.TestID, Value: "save-gone", Confidence: 0.95},
				{Type: chain.ID, Value: "save-gone", Confidence: 0.9},
				{Type: chain.Role, Value: "button|" + sn.Name, Confidence: 0.88},
			}, target.Chain[3:]...)
			var times []time.Duration
			for i := 0; i < b.N; i++ {
				start := time.Now()
				v := Locate(ctx, m, target, LocateOptions{Once: true})
				took := time.Since(start)
				if v.Winner == nil || v.Winner.Element == nil || v.Winner.Element.Text != sn.Text || v.Winner.Strategy.Type != chain.Role {
					b.Fatalf("want %q by its role; %s", sn.Text, attempts(v))
				}
				times = append(times, took)
			}
			b.ReportMetric(median(times), "round-ms")
		})
	}
}

// renamed is the target of n with its id, test ids and classes changed (and
// its text and name reworded when reworded), with a chain that cannot find
// it but by similarity or its point.
func renamed(n *snapshot.Node, snap *snapshot.Snapshot, reworded bool) *chain.Target {
	c := similarity.FromNode(n, chain.Point{X: snap.ScrollX, Y: snap.ScrollY})
	fp := &chain.Fingerprint{Tag: c.Tag, ID: c.ID + "-old", Name: c.Name, Type: c.Type, Classes: []string{"old-style"},
		Role: c.Role, AccessName: c.AccessName, Text: c.Text, Label: c.Label, Placeholder: c.Placeholder,
		Href: c.Href, XPath: c.XPath, Neighbours: c.Neighbours, Box: c.Box,
		TestIDs: map[string]string{"data-testid": "old-" + c.Tag}}
	if reworded {
		fp.AccessName, fp.Text = reword(fp.AccessName), reword(fp.Text)
	}
	ctr := chain.Point{X: n.Box.X + n.Box.Width/2, Y: n.Box.Y + n.Box.Height/2}
	vp := chain.Rect{X: n.Box.X, Y: n.Box.Y, Width: n.Box.Width, Height: n.Box.Height}
	return &chain.Target{Fingerprint: fp, Chain: []chain.Strategy{
		{Type: chain.TestID, Value: "old-" + c.Tag, Confidence: 0.95},
		{Type: chain.ID, Value: c.ID + "-old", Confidence: 0.9},
		{Type: chain.CSS, Value: c.Tag + ".old-style", Confidence: 0.7},
		{Type: chain.Similarity, Confidence: 0.62},
		chain.CoordinatesStrategy(chain.CoordinatesMeta{X: ctr.X, Y: ctr.Y, BoundingRect: &vp,
			Viewport:  &chain.Size{Width: int(snap.Viewport.Width), Height: int(snap.Viewport.Height)},
			ScrollPos: &chain.Point{X: snap.ScrollX, Y: snap.ScrollY}, TagName: c.Tag, ElementID: c.ID}, 0.6),
	}}
}

func reword(s string) string {
	if s == "" {
		return ""
	}
	return "Now " + strings.ToLower(s)
}

// attempts describes a verdict's attempts for a failure message.
func attempts(v Verdict) string {
	var b strings.Builder
	for _, a := range v.Attempts {
		fmt.Fprintf(&b, "[%s found=%v conf=%.3f verif=%.3f kind=%v %s %v] ", a.Strategy.Type, a.Found, a.Confidence, a.Verification, a.KindMismatch, a.Detail, a.Err)
	}
	if v.Err != nil {
		fmt.Fprintf(&b, "verdict: %v", v.Err)
	}
	return b.String()
}
