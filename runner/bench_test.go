package runner

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/replay"
	"github.com/qa-chain/chainreplay/report"
)

// BenchmarkSuiteParallel replays the fixture suite (e2e/testdata/suite,
// every flow passing, three times over: 24 flows) with 1, 2, 3 and 4 flows
// at once in one browser, browser start included. The four levels take
// turns within every iteration, so that the load of a shared machine
// drifts over all of them alike; it reports flows per second for each
// and the machine's 1-minute load average. Run it alone:
//
//	go test ./runner -run '^$' -bench SuiteParallel -benchtime 3x
func BenchmarkSuiteParallel(b *testing.B) {
	fx := testenv.Fixtures(b)
	paths, err := Expand([]string{"../e2e/testdata/suite"})
	if err != nil {
		b.Fatal(err)
	}
	once, err := Load(paths)
	if err != nil {
		b.Fatal(err)
	}
	var jobs []Job
	for range 3 {
		jobs = append(jobs, once...)
	}
	const levels = 4
	var spent [levels + 1]time.Duration
	flows := 0
	load := 0.0
	for b.Loop() {
		for n := 1; n <= levels; n++ {
			start := time.Now()
			run, err := Run(context.Background(), jobs, Options{Parallel: n, Replay: replay.Options{BaseURL: fx.URL}})
			if err != nil {
				b.Fatal(err)
			}
			spent[n] += time.Since(start)
			for _, f := range run.Flows {
				if f.Status != report.Passed {
					b.Fatalf("parallel %d: %s: %s %+v", n, f.File, f.Status, f.Error)
				}
			}
			load += loadAverage()
		}
		flows += len(jobs)
	}
	for n := 1; n <= levels; n++ {
		b.ReportMetric(float64(flows)/spent[n].Seconds(), fmt.Sprintf("flows/s@%d", n))
	}
	b.ReportMetric(load/float64(b.N*levels), "load-avg")
	b.ReportMetric(0, "ns/op")
}

// loadAverage is the 1-minute load average, 0 where /proc is missing.
func loadAverage() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	f, _ := strconv.ParseFloat(strings.Fields(string(b))[0], 64)
	return f
}
