package replay_test

import (
	"context"
	"sort"
	"testing"

	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/replay"
	"github.com/qa-chain/chainreplay/report"
)

// BenchmarkLoginFlow replays fixtures/flows/login.yaml (type, type, check,
// click, assert_text) once per iteration on a fresh page and reports the
// median time of its click, type and whole-flow steps, the numbers to set
// beside @puppeteer/replay's per-step times on the same recording
// (scripts/bench/peer, `recorder convert` to its JSON):
//
//	go test ./replay -run '^$' -bench LoginFlow -benchtime 20x
func BenchmarkLoginFlow(b *testing.B) {
	br := testenv.Browser(b)
	fx := testenv.Fixtures(b)
	f := testenv.Flow(b, "login.yaml")
	opts := replay.Options{BaseURL: fx.URL, LookupSecret: func(string) (string, bool) { return "pw", true }}
	var clicks, types, flows []float64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := br.MustPage("")
		res := replay.Flow(context.Background(), p, f, opts)
		p.Close()
		if res.Status != report.Passed {
			b.Fatalf("the login flow failed: %+v", res)
		}
		sum := 0.0
		for _, s := range res.Steps {
			switch s.Action {
			case "click", "check":
				clicks = append(clicks, s.DurationMS)
			case "type":
				types = append(types, s.DurationMS)
			}
			sum += s.DurationMS
		}
		flows = append(flows, sum)
	}
	b.StopTimer()
	b.ReportMetric(med(clicks), "click-ms")
	b.ReportMetric(med(types), "type-ms")
	b.ReportMetric(med(flows), "steps-ms")
}

func med(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	return s[len(s)/2]
}
