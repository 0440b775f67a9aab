package main

import (
	"fmt"
	"runtime"
	"strings"
	"time"

	"github.com/qa-chain/chainreplay/fixtures"
)

// results collects every replay of the run.
type results struct {
	commit   string
	started  time.Time
	duration time.Duration
	timeout  time.Duration
	rows     []row
}

type row struct {
	config, app string
	version     fixtures.Version
	score       flowScore
	steps       []stepResult
}

func (r *results) add(config string, v fixtures.Version, app string, sc flowScore, steps []stepResult) {
	r.rows = append(r.rows, row{config: config, app: app, version: v, score: sc, steps: steps})
}

var configTitle = map[string]string{
	"all":         "chainreplay, all strategies",
	"css":         "chainreplay restricted to `--strategies css` (a single-locator recorder)",
	"xpath":       "chainreplay restricted to `--strategies xpath`",
	"coordinates": "chainreplay restricted to `--strategies coordinates`",
	"peer":        "@puppeteer/replay 3.1.3 + puppeteer-core replaying the exported Chrome Recorder JSON (the peer)",
}

func pct(a, b int) string {
	if b == 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(a)/float64(b))
}

// markdown renders one table per configuration, then the step timings on
// the unchanged apps.
func (r *results) markdown(flows []*recorded) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Benchmark results\n\n")
	fmt.Fprintf(&b, "Commit %s, run %s, %d CPUs, %s in all; step timeout %s in both engines.\n",
		r.commit, r.started.UTC().Format("2006-01-02 15:04 UTC"), runtime.NumCPU(), r.duration.Round(time.Second), r.timeout)
	fmt.Fprintf(&b, "Flows recorded with `recorder --drive` on the original apps (")
	for i, f := range flows {
		if i > 0 {
			b.WriteString(", ")
		}
		n := 0
		for _, e := range f.expect {
			if e != "" {
				n++
			}
		}
		fmt.Fprintf(&b, "%s: %d steps, %d on elements", f.app.Name, len(f.flow.Steps), n)
	}
	b.WriteString("), replayed on every version. Correct = the page reported the action on the element the step was recorded on;\n")
	b.WriteString("wrong = it reported an action on another element (or the step passed and its element saw nothing); safe = the step failed without acting elsewhere.\n")
	b.WriteString("Steps after a removed target are not reachable and not counted; the removed step itself must fail (\"refused\").\n\n")

	var configs []string
	for _, x := range r.rows {
		if !contains(configs, x.config) {
			configs = append(configs, x.config)
		}
	}
	for _, c := range configs {
		fmt.Fprintf(&b, "## %s\n\n", configTitle[c])
		b.WriteString("| version | reachable element steps | correct | wrong actions | safe failures | removed target refused | median ms/step |\n")
		b.WriteString("| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n")
		var tot flowScore
		var totMS []float64
		var versions []fixtures.Version
		for _, x := range r.rows {
			if x.config == c && !containsVersion(versions, x.version) {
				versions = append(versions, x.version)
			}
		}
		for _, v := range versions {
			var s flowScore
			var ms []float64
			for _, x := range r.rows {
				if x.config != c || x.version.Mutation != v.Mutation {
					continue
				}
				s.steps += x.score.steps
				s.correct += x.score.correct
				s.wrong += x.score.wrong
				s.safe += x.score.safe
				s.refused += x.score.refused
				s.removed += x.score.removed
				for _, st := range x.steps {
					if st.status == "passed" {
						ms = append(ms, st.ms)
					}
				}
			}
			refused := "–"
			if s.removed > 0 {
				refused = fmt.Sprintf("%d/%d", s.refused, s.removed)
			}
			fmt.Fprintf(&b, "| %s | %d | %d (%s) | %d | %d | %s | %.1f |\n", v.Mutation, s.steps, s.correct, pct(s.correct, s.steps), s.wrong, s.safe, refused, median(ms))
			tot.steps += s.steps
			tot.correct += s.correct
			tot.wrong += s.wrong
			tot.safe += s.safe
			tot.refused += s.refused
			tot.removed += s.removed
			totMS = append(totMS, ms...)
		}
		refused := "–"
		if tot.removed > 0 {
			refused = fmt.Sprintf("%d/%d", tot.refused, tot.removed)
		}
		fmt.Fprintf(&b, "| **all versions** | %d | %d (%s) | %d | %d | %s | %.1f |\n\n", tot.steps, tot.correct, pct(tot.correct, tot.steps), tot.wrong, tot.safe, refused, median(totMS))
	}

	// Step timings on the unchanged apps, both engines.
	ours, peer := r.find("all", fixtures.Original), r.find("peer", fixtures.Original)
	if len(ours) > 0 && len(peer) > 0 {
		b.WriteString("## Step timings on the unchanged apps\n\n")
		b.WriteString("The same flows, step by step (ms). The peer's time for a step is the sum of the Chrome steps it was exported to; the opening navigation is not a step in either.\n\n")
		b.WriteString("| app | step | action | chainreplay ms | @puppeteer/replay ms |\n| --- | ---: | --- | ---: | ---: |\n")
		var all, allPeer []float64
		for _, f := range flows {
			o, p := ours[f.app.Name], peer[f.app.Name]
			for i, s := range f.flow.Steps {
				os, ps := "–", "–"
				if i < len(o) && o[i].status == "passed" {
					os = fmt.Sprintf("%.1f", o[i].ms)
				}
				if i < len(p) && p[i].status == "passed" {
					ps = fmt.Sprintf("%.1f", p[i].ms)
				}
				if i < len(o) && i < len(p) && o[i].status == "passed" && p[i].status == "passed" {
					all = append(all, o[i].ms)
					allPeer = append(allPeer, p[i].ms)
				}
				fmt.Fprintf(&b, "| %s | %d | %s | %s | %s |\n", f.app.Name, i+1, s.Action, os, ps)
			}
		}
		ratio := "–"
		if m := median(allPeer); m > 0 {
			ratio = fmt.Sprintf("%.2f", median(all)/m)
		}
		fmt.Fprintf(&b, "\nMedian over the %d steps both engines passed: chainreplay %.1f ms, @puppeteer/replay %.1f ms (ratio %s; the goal is at most 0.5).\n",
			len(all), median(all), median(allPeer), ratio)
	}
	return b.String()
}

func (r *results) find(config string, m fixtures.Mutation) map[string][]stepResult {
	out := map[string][]stepResult{}
	for _, x := range r.rows {
		if x.config == config && x.version.Mutation == m {
			out[x.app] = x.steps
		}
	}
	return out
}

func containsVersion(vs []fixtures.Version, v fixtures.Version) bool {
	for _, x := range vs {
		if x.Mutation == v.Mutation {
			return true
		}
	}
	return false
}
