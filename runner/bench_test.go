package runner

import (
	"context"
	"fmt"
	"testing"

	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/replay"
	"github.com/qa-chain/chainreplay/report"
)

// BenchmarkSuiteParallel replays the fixture suite (e2e/testdata/suite,
// every flow passing) with 1 to 4 flows at once in one browser, browser
// start included, and reports flows per second. Run it alone:
//
//	go test ./runner -run '^$' -bench SuiteParallel -benchtime 3x
func BenchmarkSuiteParallel(b *testing.B) {
	fx := testenv.Fixtures(b)
	paths, err := Expand([]string{"../e2e/testdata/suite"})
	if err != nil {
		b.Fatal(err)
	}
	jobs, err := Load(paths)
	if err != nil {
		b.Fatal(err)
	}
	for n := 1; n <= 4; n++ {
		b.Run(fmt.Sprintf("parallel=%d", n), func(b *testing.B) {
			flows := 0
			for b.Loop() {
				run, err := Run(context.Background(), jobs, Options{Parallel: n, Replay: replay.Options{BaseURL: fx.URL}})
				if err != nil {
					b.Fatal(err)
				}
				for _, f := range run.Flows {
					if f.Status != report.Passed {
						b.Fatalf("%s: %s %+v", f.File, f.Status, f.Error)
					}
				}
				flows += len(run.Flows)
			}
			b.ReportMetric(float64(flows)/b.Elapsed().Seconds(), "flows/s")
			b.ReportMetric(0, "ns/op")
		})
	}
}
