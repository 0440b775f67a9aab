package snapshot

import (
	"context"
	"fmt"
	"runtime"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/pagemodel"
)

// BenchmarkSnapshot builds snapshots of generated pages of 1k, 5k, 10k and
// 50k elements and, in the same run, the seed's raw material for the same
// page: DOM.getDocument(depth -1, pierce) and Accessibility.getFullAXTree
// (in parallel, as the seed fetches them). It reports medians (median-ms)
// besides Go's mean, and the Go memory per kept node. "snapshot" is a
// capture of a page captured before (as replay does, step after step);
// "snapshot-first" the first capture after a load.
//
//	go test ./snapshot -run '^$' -bench Snapshot -benchtime 5x -timeout 30m
func BenchmarkSnapshot(b *testing.B) {
	fx := testenv.Fixtures(b)
	for _, n := range []int{1000, 5000, 10000, 50000} {
		b.Run(fmt.Sprintf("elements=%d", n), func(b *testing.B) { benchSize(b, fx.URL, n) })
	}
}

// benchSize runs the benchmarks of one page size (only when -bench selects it).
func benchSize(b *testing.B, base string, n int) {
	{
		p := open(b, fmt.Sprintf("%s/snapshot/generated.html?n=%d", base, n))
		elements := *p.MustElement("html").MustAttribute("data-elements")
		// Warm both paths once (the first getFullAXTree after a load is
		// much slower than the next ones).
		snap(b, p, Options{})
		raw(b, p)
		b.Run("snapshot", func(b *testing.B) {
			var ds []time.Duration
			var s *Snapshot
			var allocPerNode, heapPerNode float64
			for i := 0; i < b.N; i++ {
				s = nil
				runtime.GC()
				var m0, m1 runtime.MemStats
				runtime.ReadMemStats(&m0)
				st := time.Now()
				s = snap(b, p, Options{})
				ds = append(ds, time.Since(st))
				runtime.ReadMemStats(&m1)
				runtime.GC()
				var m2 runtime.MemStats
				runtime.ReadMemStats(&m2)
				allocPerNode = float64(m1.TotalAlloc-m0.TotalAlloc) / float64(len(s.Nodes))
				heapPerNode = float64(int64(m2.HeapAlloc)-int64(m0.HeapAlloc)) / float64(len(s.Nodes))
			}
			b.ReportMetric(median(ds), "median-ms")
			b.ReportMetric(float64(len(s.Nodes)), "nodes")
			b.ReportMetric(allocPerNode, "alloc-B/node")
			b.ReportMetric(heapPerNode, "heap-B/node")
			b.Logf("page of %s elements: %d nodes kept (%d semantic, %d interactive, %d structural)", elements, len(s.Nodes), s.Stats.Semantic, s.Stats.Interactive, s.Stats.Structural)
			runtime.KeepAlive(s)
		})
		b.Run("snapshot-first", func(b *testing.B) {
			// The first capture after a load, once the page has laid
			// itself out: the walker is compiled and its type feedback
			// gathered anew.
			var ds []time.Duration
			for i := 0; i < b.N; i++ {
				if err := p.Reload(); err != nil {
					b.Fatal(err)
				}
				testenv.WaitLoad(b, p)
				// Let the page lay itself out and paint, so that the time
				// is the walker's, not the page's own first layout.
				if _, err := p.Eval(`() => new Promise(r => { document.body.getBoundingClientRect(); requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 100))); })`); err != nil {
					b.Fatal(err)
				}
				runtime.GC()
				st := time.Now()
				snap(b, p, Options{})
				ds = append(ds, time.Since(st))
			}
			b.ReportMetric(median(ds), "median-ms")
			snap(b, p, Options{})
		})
		b.Run("raw-getDocument+getFullAXTree", func(b *testing.B) {
			var ds, dd, da []time.Duration
			for i := 0; i < b.N; i++ {
				st := time.Now()
				d, a := raw(b, p)
				ds = append(ds, time.Since(st))
				dd, da = append(dd, d), append(da, a)
			}
			b.ReportMetric(median(ds), "median-ms")
			b.ReportMetric(median(dd), "getDocument-ms")
			b.ReportMetric(median(da), "getFullAXTree-ms")
		})
		b.Run("find-role-name", func(b *testing.B) {
			s := snap(b, p, Options{})
			target := s.Find(Query{Role: "button", Name: "Buy"})
			if len(target) == 0 {
				b.Fatal("no Buy button")
			}
			last := target[len(target)-1]
			var ds []time.Duration
			for i := 0; i < b.N; i++ {
				fresh := &Snapshot{Nodes: s.Nodes} // index built anew each time
				st := time.Now()
				got := fresh.Find(Query{Role: "button", Name: last.Name})
				got2 := fresh.Find(Query{Text: last.Name})
				ds = append(ds, time.Since(st))
				if len(got) == 0 || len(got2) == 0 {
					b.Fatal("lookup failed")
				}
			}
			b.ReportMetric(median(ds), "median-ms")
		})
		b.Run("find-substring", func(b *testing.B) {
			s := snap(b, p, Options{})
			var ds []time.Duration
			for i := 0; i < b.N; i++ {
				fresh := &Snapshot{Nodes: s.Nodes}
				st := time.Now()
				got := fresh.Find(Query{Name: "JULIET 9", Substring: true})
				ds = append(ds, time.Since(st))
				if len(got) == 0 {
					b.Fatal("substring lookup failed")
				}
			}
			b.ReportMetric(median(ds), "median-ms")
		})
		p.MustClose()
	}
}

// raw fetches the seed's two trees in parallel and returns each call's time.
func raw(b testing.TB, p *rod.Page) (dom, ax time.Duration) {
	var wg sync.WaitGroup
	var errD, errA error
	wg.Add(2)
	go func() {
		defer wg.Done()
		depth := -1
		st := time.Now()
		_, errD = proto.DOMGetDocument{Depth: &depth, Pierce: true}.Call(p.Context(context.Background()))
		dom = time.Since(st)
	}()
	go func() {
		defer wg.Done()
		st := time.Now()
		_, errA = proto.AccessibilityGetFullAXTree{}.Call(p.Context(context.Background()))
		ax = time.Since(st)
	}()
	wg.Wait()
	if errD != nil || errA != nil {
		b.Fatalf("raw trees: %v %v", errD, errA)
	}
	return dom, ax
}

func median(ds []time.Duration) float64 {
	if len(ds) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return float64(s[len(s)/2]) / float64(time.Millisecond)
}

// BenchmarkDecode decodes a 10k-element page's walker answer (taken once
// from the browser) and assembles the snapshot: the Go half of Capture.
//
//	go test ./snapshot -run '^$' -bench Decode
func BenchmarkDecode(b *testing.B) {
	fx := testenv.Fixtures(b)
	p := open(b, fx.URL+"/snapshot/generated.html?n=10000")
	raw, err := p.Browser().Call(context.Background(), string(p.SessionID), "Runtime.evaluate", proto.RuntimeEvaluate{
		Expression: pagemodel.Installed + `.walk(document, {"seq": 1})`, ReturnByValue: true, Silent: true})
	if err != nil {
		b.Fatal(err)
	}
	val, err := stringResult(raw)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(val)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		pc := &piece{}
		if err := decodeWalk(val, pc, nil); err != nil {
			b.Fatal(err)
		}
		s := &Snapshot{worlds: []*world{{}}}
		s.assemble(pc)
	}
}
