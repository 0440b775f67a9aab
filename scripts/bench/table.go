package main

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/fixtures"
)

// results collects every replay of the run.
type results struct {
	commit     string
	started    time.Time
	duration   time.Duration
	timeout    time.Duration
	repeat     int
	corpora    []corpus
	flows      []*recorded
	unrecorded []string
	rows       []row
}

type row struct {
	rep     int
	config  string
	version fixtures.Version
	r       *recorded
	score   flowScore
	run     flowRun
}

func (res *results) add(rep int, config string, v fixtures.Version, r *recorded, sc flowScore, run flowRun) {
	res.rows = append(res.rows, row{rep: rep, config: config, version: v, r: r, score: sc, run: run})
}

var configTitle = map[string]string{
	"all":            "chainreplay, all strategies",
	"chrome":         "chainreplay replaying the peer's input: the exported Chrome Recorder JSON imported (Chrome's selectors only, no fingerprint)",
	"chrome-updated": "chainreplay replaying the imported Chrome Recorder JSON after one `replayer --update-flows` replay on the unchanged app",
	"css":            "chainreplay restricted to `--strategies css` (a single-locator recorder)",
	"xpath":          "chainreplay restricted to `--strategies xpath`",
	"coordinates":    "chainreplay restricted to `--strategies coordinates`",
	"peer":           "@puppeteer/replay 3.1.3 + puppeteer-core replaying the exported Chrome Recorder JSON (the peer)",
}

func pct(a, b int) string {
	if b == 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(a)/float64(b))
}

func (s *flowScore) plus(o flowScore) {
	s.steps += o.steps
	s.correct += o.correct
	s.wrong += o.wrong
	s.safe += o.safe
	s.refused += o.refused
	s.removed += o.removed
}

func refusedCell(s flowScore) string {
	if s.removed == 0 {
		return "–"
	}
	return fmt.Sprintf("%d/%d", s.refused, s.removed)
}

// markdown renders, for each corpus, one table per configuration and one
// row per app; then the verdicts that changed between runs, the wrong
// actions, and the click step times of both engines.
func (res *results) markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Benchmark results\n\n")
	fmt.Fprintf(&b, "Commit %s, run %s, %d CPUs, %s in all; step timeout %s in both engines; every case replayed %d time(s).\n",
		res.commit, res.started.UTC().Format("2006-01-02 15:04 UTC"), runtime.NumCPU(), res.duration.Round(time.Second), res.timeout, res.repeat)
	b.WriteString("Flows recorded with `recorder --drive` on the original apps, replayed on every version. ")
	b.WriteString("Correct = the step passed, the page reported the action on the element the step was recorded on and on no other (but the controls its report says it opened first to show it), ")
	b.WriteString("and the step changed the page's state as the same step did on the original (where the page reports its state); ")
	b.WriteString("wrong = an action on another element, or a step that passed while its element saw nothing or its effect did not happen or happened otherwise; ")
	b.WriteString("safe = the step failed without acting elsewhere. Steps after a removed target are not reachable and not counted; the removed step itself must fail (\"refused\"). ")
	b.WriteString("Scored steps are the steps on an element and the steps without one that changed the original's state (a press of Enter that adds a row). ")
	b.WriteString("Counts add up over every run. See README.md for the oracle.\n\n")
	if len(res.unrecorded) > 0 {
		b.WriteString("Not measured (the recording or the reference replay failed):\n\n")
		for _, u := range res.unrecorded {
			fmt.Fprintf(&b, "- %s\n", u)
		}
		b.WriteString("\n")
	}
	configs := res.configs()
	for _, c := range res.corpora {
		flows := res.flowsOf(c.name)
		if len(flows) == 0 {
			continue
		}
		fmt.Fprintf(&b, "## %s\n\n", c.title)
		b.WriteString("Flows: ")
		for i, f := range flows {
			if i > 0 {
				b.WriteString(", ")
			}
			n := 0
			for j := range f.flow.Steps {
				if f.expect[j] != "" || !f.effects[j].empty() {
					n++
				}
			}
			fmt.Fprintf(&b, "%s (%d steps, %d scored)", f.app.Name, len(f.flow.Steps), n)
		}
		b.WriteString(".\n\n")
		for _, cfg := range configs {
			fmt.Fprintf(&b, "### %s\n\n", configTitle[cfg])
			b.WriteString("| version | scored steps | correct | wrong actions | safe failures | removed target refused | median ms/step |\n")
			b.WriteString("| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n")
			var tot flowScore
			var totMS []float64
			for _, v := range res.versions() {
				var s flowScore
				var ms []float64
				for _, x := range res.rows {
					if x.config != cfg || x.version.Mutation != v.Mutation || x.r.corpus != c.name {
						continue
					}
					s.plus(x.score)
					for _, st := range x.run.steps {
						if st.status == "passed" {
							ms = append(ms, st.ms)
						}
					}
				}
				fmt.Fprintf(&b, "| %s | %d | %d (%s) | %d | %d | %s | %.1f |\n", v.Mutation, s.steps, s.correct, pct(s.correct, s.steps), s.wrong, s.safe, refusedCell(s), median(ms))
				tot.plus(s)
				totMS = append(totMS, ms...)
			}
			fmt.Fprintf(&b, "| **all versions** | %d | %d (%s) | %d | %d | %s | %.1f |\n\n", tot.steps, tot.correct, pct(tot.correct, tot.steps), tot.wrong, tot.safe, refusedCell(tot), median(totMS))
		}
		// one row per app: correct and wrong over every version, per configuration
		b.WriteString("Per app, over every version: correct (wrong actions).\n\n| app |")
		for _, cfg := range configs {
			fmt.Fprintf(&b, " %s |", cfg)
		}
		b.WriteString("\n| --- |" + strings.Repeat(" ---: |", len(configs)) + "\n")
		for _, f := range flows {
			fmt.Fprintf(&b, "| %s |", f.app.Name)
			for _, cfg := range configs {
				var s flowScore
				for _, x := range res.rows {
					if x.config == cfg && x.r == f {
						s.plus(x.score)
					}
				}
				fmt.Fprintf(&b, " %s (%d) |", pct(s.correct, s.steps), s.wrong)
			}
			b.WriteString("\n")
		}
		b.WriteString("\n")
	}
	res.stability(&b, configs)
	res.wrongList(&b, configs)
	res.clickTimes(&b)
	return b.String()
}

func (res *results) configs() []string {
	var out []string
	for _, x := range res.rows {
		if !contains(out, x.config) {
			out = append(out, x.config)
		}
	}
	return out
}

func (res *results) versions() []fixtures.Version {
	var out []fixtures.Version
	for _, x := range res.rows {
		if !slices.ContainsFunc(out, func(v fixtures.Version) bool { return v.Mutation == x.version.Mutation }) {
			out = append(out, x.version)
		}
	}
	return out
}

func (res *results) flowsOf(corpus string) []*recorded {
	var out []*recorded
	for _, f := range res.flows {
		if f.corpus == corpus {
			out = append(out, f)
		}
	}
	return out
}

// stability lists every case (configuration, app, version, step) whose
// verdict, or winning strategy, differs between runs.
func (res *results) stability(b *strings.Builder, configs []string) {
	if res.repeat < 2 {
		return
	}
	fmt.Fprintf(b, "## Verdicts that changed between the %d runs\n\n", res.repeat)
	type key struct {
		config string
		r      *recorded
		m      fixtures.Mutation
	}
	runs := map[key][]row{}
	var keys []key
	for _, x := range res.rows {
		k := key{x.config, x.r, x.version.Mutation}
		if _, ok := runs[k]; !ok {
			keys = append(keys, k)
		}
		runs[k] = append(runs[k], x)
	}
	for _, cfg := range configs {
		var lines []string
		cases := 0
		for _, k := range keys {
			if k.config != cfg {
				continue
			}
			rs := runs[k]
			for i := range k.r.flow.Steps {
				var verdicts, strategies []string
				for _, x := range rs {
					verdicts = append(verdicts, x.score.verdicts[i])
					s := ""
					if i < len(x.run.steps) {
						s = x.run.steps[i].strategy
						if x.run.steps[i].status != "passed" {
							s = x.run.steps[i].status + ":" + x.run.steps[i].code
						}
					}
					strategies = append(strategies, s)
				}
				if allSame(verdicts) && (cfg == "peer" || allSame(strategies)) {
					continue
				}
				cases++
				line := fmt.Sprintf("| %s | %s | %d %s | %s |", k.r.app.Name, k.m, i+1, k.r.flow.Steps[i].Action, strings.Join(verdicts, ", "))
				if cfg != "peer" {
					line += " " + strings.Join(strategies, ", ") + " |"
				}
				lines = append(lines, line)
			}
		}
		fmt.Fprintf(b, "%s: %d case(s).\n\n", configTitle[cfg], cases)
		if cases > 0 {
			if cfg == "peer" {
				b.WriteString("| app | version | step | verdicts |\n| --- | --- | --- | --- |\n")
			} else {
				b.WriteString("| app | version | step | verdicts | winning strategy (or failure) |\n| --- | --- | --- | --- | --- |\n")
			}
			for _, l := range lines {
				b.WriteString(l + "\n")
			}
			b.WriteString("\n")
		}
	}
}

func allSame(xs []string) bool {
	for _, x := range xs {
		if x != xs[0] {
			return false
		}
	}
	return true
}

// wrongList lists the wrong actions of our engine with all strategies and
// of the peer, with what the page reported.
func (res *results) wrongList(b *strings.Builder, configs []string) {
	for _, cfg := range []string{"all", "chrome", "chrome-updated", "peer"} {
		if !contains(configs, cfg) {
			continue
		}
		var lines []string
		for _, x := range res.rows {
			if x.config != cfg || x.score.wrong == 0 {
				continue
			}
			for _, n := range x.score.wrongs {
				lines = append(lines, fmt.Sprintf("- %s on %s (run %d): %s", x.r.app.Name, x.version.Mutation, x.rep, n))
			}
		}
		fmt.Fprintf(b, "## Wrong actions: %s (%d)\n\n", configTitle[cfg], len(lines))
		const max = 150
		for i, l := range lines {
			if i == max {
				fmt.Fprintf(b, "- ... and %d more\n", len(lines)-max)
				break
			}
			b.WriteString(l + "\n")
		}
		b.WriteString("\n")
	}
}

// clickTimes compares the two engines' click steps on the unchanged apps:
// the steps both passed in the same run.
func (res *results) clickTimes(b *strings.Builder) {
	type pair struct{ ours, peer []float64 }
	byCorpus, byApp := map[string]*pair{}, map[string]*pair{}
	var apps []string
	all := &pair{}
	// add puts one click's two times under key in m (and a new key at the
	// end of order, when order is given).
	add := func(m map[string]*pair, key string, order *[]string, ours, peer float64) {
		p := m[key]
		if p == nil {
			p = &pair{}
			m[key] = p
			if order != nil {
				*order = append(*order, key)
			}
		}
		p.ours, p.peer = append(p.ours, ours), append(p.peer, peer)
	}
	for _, x := range res.rows {
		if x.config != "all" || x.version.Mutation != fixtures.Original {
			continue
		}
		for _, y := range res.rows {
			if y.config != "peer" || y.version.Mutation != fixtures.Original || y.r != x.r || y.rep != x.rep {
				continue
			}
			for i, s := range x.r.flow.Steps {
				if s.Action != chain.Click || i >= len(x.run.steps) || i >= len(y.run.steps) {
					continue
				}
				o, p := x.run.steps[i], y.run.steps[i]
				if o.status != "passed" || p.status != "passed" {
					continue
				}
				add(byCorpus, x.r.corpus, nil, o.ms, p.ms)
				add(byApp, x.r.app.Name, &apps, o.ms, p.ms)
				all.ours, all.peer = append(all.ours, o.ms), append(all.peer, p.ms)
			}
		}
	}
	if len(all.ours) == 0 {
		return
	}
	b.WriteString("## Click steps on the unchanged apps: chainreplay against the peer\n\n")
	b.WriteString("Click steps that both engines passed in the same run (ms; the peer's time for a step is the sum of the Chrome steps it was exported to).\n\n")
	b.WriteString("| corpus | click steps | chainreplay median | @puppeteer/replay median | ratio |\n| --- | ---: | ---: | ---: | ---: |\n")
	line := func(name string, p *pair) {
		ratio := "–"
		if m := median(p.peer); m > 0 {
			ratio = fmt.Sprintf("%.2f", median(p.ours)/m)
		}
		fmt.Fprintf(b, "| %s | %d | %.1f | %.1f | %s |\n", name, len(p.ours), median(p.ours), median(p.peer), ratio)
	}
	for _, c := range res.corpora {
		if p := byCorpus[c.name]; p != nil {
			line(c.name, p)
		}
	}
	line("**all**", all)
	b.WriteString("\nBy app:\n\n| app | click steps | chainreplay median | @puppeteer/replay median | ratio |\n| --- | ---: | ---: | ---: | ---: |\n")
	for _, a := range apps {
		line(a, byApp[a])
	}
	b.WriteString("\n")
}
