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
	"github.com/qa-chain/chainreplay/pagemodel"
)

// BenchmarkSimilarity heals a renamed button on generated pages of 1k, 5k,
// 10k and 50k elements (fixtures/pages/snapshot/generated.html): the
// fingerprint is that of a "Save …" button among the page's first ones,
// with its text reworded and a class it does not have, so no direct
// strategy would find it. It reports the median of the whole evaluation
// (round-ms: the page snapshot and the ranking), and of scoring the target
// alone in the same round, as the decision checks a weighed winner
// (score-ms: SimilarityScore).
//
//	go test ./strategies -run '^$' -bench Similarity -benchtime 5x
func BenchmarkSimilarity(b *testing.B) {
	fx := testenv.Fixtures(b)
	ctx := context.Background()
	for _, n := range []int{1000, 5000, 10000, 50000} {
		b.Run(fmt.Sprintf("elements=%d", n), func(b *testing.B) {
			page := testenv.Page(b, fmt.Sprintf("%s/snapshot/generated.html?n=%d", fx.URL, n))
			m := model(page)
			f, err := m.FindAll(ctx, []pagemodel.Query{{Type: pagemodel.ByRole, Role: "button"}})
			if err != nil {
				b.Fatal(err)
			}
			var saves []*pagemodel.Element
			for _, e := range f.Answers[0].Els {
				if strings.HasPrefix(e.Text, "Save ") {
					saves = append(saves, e)
				}
			}
			if len(saves) == 0 {
				b.Fatal("no Save button among the first buttons")
			}
			target := saves[len(saves)/2]
			reworded := "Store " + strings.TrimPrefix(target.Text, "Save ")
			fp := fingerprintOf(ctx, b, m, target)
			fp.ID, fp.AccessName, fp.Text, fp.Classes = "", reworded, reworded, []string{"btn-save"}
			s := chain.Strategy{Type: chain.Similarity, Confidence: 0.62}
			var round, vet []time.Duration
			var last Result
			for i := 0; i < b.N; i++ {
				e := NewEnv(m, &chain.Target{Fingerprint: fp})
				st := time.Now()
				last = Evaluate(ctx, e, s)
				round = append(round, time.Since(st))
				// The decision's check of a weighed winner, in the same
				// round (the snapshot taken): SimilarityScore.
				st = time.Now()
				if _, err := SimilarityScore(ctx, e, target); err != nil {
					b.Fatal(err)
				}
				vet = append(vet, time.Since(st))
			}
			if !last.Found || last.Ref() != target.Ref {
				b.Fatalf("healed onto %v (%v); %s", last.Element, last.Err, last.Detail)
			}
			b.ReportMetric(medianMS(round), "round-ms")
			b.ReportMetric(medianMS(vet), "score-ms")
			b.ReportMetric(last.Confidence, "confidence")
			b.Logf("%s", last.Detail)
		})
	}
}

func medianMS(ds []time.Duration) float64 {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return float64(s[len(s)/2].Microseconds()) / 1000
}
