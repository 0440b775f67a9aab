package strategies

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/testenv"
)

// BenchmarkSimilarity heals a renamed button on generated pages of 1k, 5k,
// 10k and 50k elements (fixtures/pages/snapshot/generated.html): the
// fingerprint is that of a "Save …" button in the middle of the page, with
// its text reworded and a class it does not have, so no direct
// strategy would find it. It reports the median of the whole evaluation
// with a fresh DOM tree (round-ms, what a round that reaches similarity
// pays, DOM.getDocument included) and of DOM.getDocument alone (doc-ms,
// paid once per round and shared with every other strategy).
//
//	go test ./strategies -run '^$' -bench Similarity -benchtime 5x
func BenchmarkSimilarity(b *testing.B) {
	fx := testenv.Fixtures(b)
	ctx := context.Background()
	for _, n := range []int{1000, 5000, 10000, 50000} {
		b.Run(fmt.Sprintf("elements=%d", n), func(b *testing.B) {
			page := testenv.Page(b, fmt.Sprintf("%s/snapshot/generated.html?n=%d", fx.URL, n))
			env := NewEnv(page, nil)
			doc, err := env.Doc(ctx)
			if err != nil {
				b.Fatal(err)
			}
			var saves []*Node
			for _, e := range doc.Elements {
				if e.Tag == "button" && strings.HasPrefix(e.Text(), "Save ") {
					saves = append(saves, e)
				}
			}
			if len(saves) == 0 {
				b.Fatal("no Save button")
			}
			target := saves[len(saves)/2] // one in the middle of the page
			reworded := "Store " + strings.TrimPrefix(target.Text(), "Save ")
			vp, _ := env.Metrics(ctx)
			box := env.Box(ctx, target.BackendID)
			c := describeForSimilarity(target, newNeighbourhood())
			fp := &chain.Fingerprint{Tag: c.Tag, Type: c.Type, Role: c.Role, AccessName: reworded,
				Text: reworded, Classes: []string{"btn-save"}, Neighbours: c.Neighbours,
				Box: &chain.Rect{X: box.X + vp.ScrollX, Y: box.Y + vp.ScrollY, Width: box.Width, Height: box.Height}}
			s := chain.Strategy{Type: chain.Similarity, Confidence: 0.62}
			var round, docs []time.Duration
			var last Result
			for i := 0; i < b.N; i++ {
				e := NewEnv(page, &chain.Target{Fingerprint: fp})
				st := time.Now()
				if _, err := e.Doc(ctx); err != nil {
					b.Fatal(err)
				}
				docs = append(docs, time.Since(st))
				last = Evaluate(ctx, e, s)
				round = append(round, time.Since(st))
			}
			if !last.Found || last.BackendNodeID != target.BackendID {
				b.Fatalf("healed onto %v (%v); %s", last.Node, last.Err, last.Detail)
			}
			b.ReportMetric(medianMS(round), "round-ms")
			b.ReportMetric(medianMS(docs), "doc-ms")
			b.ReportMetric(last.Confidence, "confidence")
			b.Logf("%d elements: %s", len(doc.Elements), last.Detail)
		})
	}
}

func medianMS(ds []time.Duration) float64 {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return float64(s[len(s)/2].Microseconds()) / 1000
}
