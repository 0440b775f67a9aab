package recorder

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
	"github.com/qa-chain/chainreplay/internal/keys"
	"github.com/qa-chain/chainreplay/internal/testenv"
)

// startRecording opens a fixture page in a fresh tab of the shared browser
// and records it in memory.
func startRecording(tb testing.TB, page string, opts ...Options) (*Recorder, *rod.Page) {
	tb.Helper()
	return startRecordingIn(tb, testenv.Browser(tb).Browser, page, opts...)
}

// startRecordingIn is startRecording in b: the test browser or one of its
// incognito contexts (a recording whose app keeps state in the origin's
// storage, beside other recordings of it).
func startRecordingIn(tb testing.TB, b *rod.Browser, page string, opts ...Options) (*Recorder, *rod.Page) {
	tb.Helper()
	fx := testenv.Fixtures(tb)
	p, err := b.Page(proto.TargetCreateTarget{URL: "about:blank"})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { p.Close() })
	if err := (proto.EmulationSetDeviceMetricsOverride{Width: 1280, Height: 800}).Call(p); err != nil {
		tb.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	tb.Cleanup(cancel)
	var o Options
	if len(opts) > 0 {
		o = opts[0]
	}
	r := New(b, o)
	if err := r.Start(ctx, p, fx.URL+"/"+page); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { r.Finish("test over") })
	return r, p
}

// refIn returns the in-page reference of the element sel of frame f,
// waiting (with a deadline) for the frame to have it.
func refIn(tb testing.TB, r *Recorder, f proto.PageFrameID, sel string) int {
	tb.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		sess, cid, ok := r.FrameSession(f)
		if ok {
			res, err := proto.RuntimeEvaluate{Expression: fmt.Sprintf("window.__chainrec.ref(document.querySelector(%q))", sel),
				ContextID: cid, ReturnByValue: true}.Call(sess)
			if err == nil && res.ExceptionDetails == nil && res.Result.Value.Int() > 0 {
				return res.Result.Value.Int()
			}
		}
		if time.Now().After(deadline) {
			tb.Fatalf("no %s in frame %s", sel, f)
		}
		time.Sleep(20 * time.Millisecond) // polling for the element, with the deadline above
	}
}

func median(ds []time.Duration) time.Duration {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}

// BenchmarkCapture measures the Go-side capture of one element (describe,
// accessibility role/name and their uniqueness, frame path, layout).
func BenchmarkCapture(b *testing.B) {
	for _, c := range []struct{ page, sel string }{
		{"login.html", "#login-btn"},
		{"list.html", "#rows > tr:nth-child(2) button"},
	} {
		b.Run(c.page, func(b *testing.B) {
			r, _ := startRecording(b, c.page)
			ref := refIn(b, r, r.TopFrame(), c.sel)
			ctx := context.Background()
			ds := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				t := time.Now()
				el, err := r.Capture(ctx, r.TopFrame(), ref)
				if err != nil {
					b.Fatal(err)
				}
				ds = append(ds, time.Since(t))
				if el.Role == "" {
					b.Fatal("no role captured")
				}
			}
			b.ReportMetric(float64(median(ds).Microseconds())/1000, "ms-median")
		})
	}
}

// BenchmarkCaptureInFrame measures a capture in a cross-origin iframe
// (frame path through DOM.getFrameOwner included).
func BenchmarkCaptureInFrame(b *testing.B) {
	r, p := startRecording(b, "frames.html")
	var pay proto.PageFrameID
	deadline := time.Now().Add(10 * time.Second)
	for pay == "" {
		if time.Now().After(deadline) {
			b.Fatal("the payment frame never loaded")
		}
		tree, err := proto.PageGetFrameTree{}.Call(p)
		if err != nil {
			b.Fatal(err)
		}
		for _, c := range tree.FrameTree.ChildFrames {
			if strings.HasSuffix(c.Frame.URL, "/pay.html") {
				if _, _, ok := r.FrameSession(c.Frame.ID); ok {
					pay = c.Frame.ID
				}
			}
		}
		if pay == "" {
			time.Sleep(20 * time.Millisecond) // polling for the frame, with the deadline above
		}
	}
	ref := refIn(b, r, pay, "button.pay")
	ds := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t := time.Now()
		el, err := r.Capture(context.Background(), pay, ref)
		if err != nil {
			b.Fatal(err)
		}
		ds = append(ds, time.Since(t))
		if len(el.FramePath) != 1 {
			b.Fatalf("frame path %v", el.FramePath)
		}
	}
	b.ReportMetric(float64(median(ds).Microseconds())/1000, "ms-median")
}

// BenchmarkInPageEvent measures the in-page listeners' main-thread time per
// event, as the page's own performance.now() sees it, for real pointer
// moves, clicks and keystrokes sent through the Input domain, with the
// toolbar on: while recording, and in assert mode (where a move outlines
// the element under the pointer with its role and name; the press, which
// records an assertion, is left out so that the mode stays on).
func BenchmarkInPageEvent(b *testing.B) {
	for _, mode := range []string{ModeRecord, ModeAssertText} {
		b.Run(mode, func(b *testing.B) { benchInPage(b, mode) })
	}
}

func benchInPage(b *testing.B, mode string) {
	r, p := startRecording(b, "login.html")
	d := &Driver{Rec: r, Page: p}
	ctx := context.Background()
	pt, _, err := d.point(ctx, "#username")
	if err != nil {
		b.Fatal(err)
	}
	other, _, err := d.point(ctx, "#login-btn")
	if err != nil {
		b.Fatal(err)
	}
	if mode != ModeRecord {
		if err := d.tool(ctx, mode); err != nil {
			b.Fatal(err)
		}
	}
	step := func() error {
		for _, at := range []chain.Point{other, pt} {
			if err := (proto.InputDispatchMouseEvent{Type: proto.InputDispatchMouseEventTypeMouseMoved, X: at.X, Y: at.Y}).Call(p); err != nil {
				return err
			}
		}
		if mode == ModeRecord {
			if err := mouseOnly(p, pt); err != nil {
				return err
			}
		}
		return keys.Press(p, "x", 0)
	}
	// warm up (the first events compile the listeners), then measure
	for i := 0; i < 20; i++ {
		if err := step(); err != nil {
			b.Fatal(err)
		}
	}
	if _, err := p.Eval(`() => window.__chainrec.resetStats()`); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := step(); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	if m := r.Mode(); m != mode {
		b.Fatalf("the recorder left %s mode for %s", mode, m)
	}
	if err := r.Sync(ctx, ""); err != nil {
		b.Fatal(err)
	}
	res, err := p.Eval(`() => window.__chainrec.stats()`)
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("per event type: %s", res.Value.Get("byType").JSON("", ""))
	n := res.Value.Get("events").Num()
	if n == 0 {
		b.Fatal("no event reached the in-page listeners")
	}
	b.ReportMetric(res.Value.Get("totalMs").Num()/n*1000, "µs/event")
	// the reports' binding calls, made after the event's task, in batches
	b.ReportMetric((res.Value.Get("totalMs").Num()+res.Value.Get("flushMs").Num())/n*1000, "µs/event-with-report")
	b.ReportMetric(res.Value.Get("maxMs").Num()*1000, "µs-max")
	b.ReportMetric(res.Value.Get("p50").Num()*1000, "µs-p50")
	b.ReportMetric(res.Value.Get("p95").Num()*1000, "µs-p95")
	b.ReportMetric(n/float64(b.N), "events/op")
}

// mouseOnly clicks at pt without waiting for the recorder.
func mouseOnly(p *rod.Page, pt chain.Point) error {
	for _, t := range []proto.InputDispatchMouseEventType{proto.InputDispatchMouseEventTypeMousePressed, proto.InputDispatchMouseEventTypeMouseReleased} {
		if err := (proto.InputDispatchMouseEvent{Type: t, X: pt.X, Y: pt.Y, Button: proto.InputMouseButtonLeft, ClickCount: 1}).Call(p); err != nil {
			return err
		}
	}
	return nil
}
