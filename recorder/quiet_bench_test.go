package recorder

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/fixtures"
	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/pagemodel"
)

// reactionLog records, from before the page's own scripts, the time of
// every trusted input event and of every DOM mutation, in the document
// and in every shadow root attached (open or closed).
//
// It also polls the page model every 2 ms as replay's settle does (with
// the timer the page had before the model counted its timers) and logs,
// for each mutation, how long the page had been quiet and idle at the
// last poll before it.
var reactionLog = `(() => {
  const log = window.__reactions = { inputs: [], muts: [], settle: [] };
  const st = setTimeout;
  let seen = null;
  const poll = () => {
    const m = window[` + pagemodel.Key() + `];
    if (m) seen = JSON.parse(m.still());
    st(poll, 2);
  };
  st(poll, 2);
  const mo = new MutationObserver(() => {
    log.muts.push(performance.now());
    if (seen) log.settle.push([seen.quiet, seen.idle]);
  });
  const watch = (n) => mo.observe(n, { subtree: true, childList: true, attributes: true, characterData: true });
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) { const r = attach.call(this, init); watch(r); return r; };
  watch(document);
  for (const t of ["mouseover", "pointerdown", "keydown"]) addEventListener(t, (e) => { if (e.isTrusted) log.inputs.push(performance.now()); }, true);
})()`

// reaction is what the page did after one input: how long until its first
// mutation, and the longest still gap between two of its mutations.
type reaction struct {
	first, gap time.Duration
	muts       int
}

// reactions splits a page's log into the reaction of each input: the
// mutations after it and before the next.
func reactions(inputs, muts []float64) []reaction {
	var out []reaction
	for i, t := range inputs {
		end := 1e18
		if i+1 < len(inputs) {
			end = inputs[i+1]
		}
		var r reaction
		last := -1.0
		for _, m := range muts {
			if m < t || m >= end {
				continue
			}
			if last < 0 {
				r.first = ms(m - t)
			} else if g := ms(m - last); g > r.gap {
				r.gap = g
			}
			last = m
			r.muts++
		}
		if r.muts > 0 {
			out = append(out, r)
		}
	}
	return out
}

func ms(v float64) time.Duration { return time.Duration(v * float64(time.Millisecond)) }

// BenchmarkReactionGaps measures, on the third-party TodoMVC apps and
// the framework pages, what pagemodel.QuietWindow must cover: each app's
// drive script is performed as real input with a second between lines,
// and for every input the page reacted to, the longest still gap between
// two mutations of its reaction (a quiet window shorter than that takes
// a reaction half done for a settled page) and the delay to its first
// mutation are reported: per app, and over all (median, 95th percentile,
// max). So is what pagemodel.IdleWindow must cover: how many changes came
// while a settle poll would have found the page idle for IdleWindow but
// quiet for less than QuietWindow (settled early where the quiet window
// alone would have waited), and the longest idle time seen before a
// change within the quiet window.
//
//	go test ./recorder -run '^$' -bench ReactionGaps -benchtime 1x -v
func BenchmarkReactionGaps(b *testing.B) {
	var apps []*fixtures.App
	for _, a := range fixtures.AllApps() {
		if strings.HasPrefix(a.Name, "todomvc-") || a.Root == "frameworks" {
			apps = append(apps, a)
		}
	}
	var all []reaction
	var polls [][2]float64 // for each change: quiet and idle ms at the poll before it
	for i := 0; i < b.N; i++ {
		all, polls = all[:0], polls[:0]
		for _, a := range apps {
			rs, ps := appReactions(b, a)
			all, polls = append(all, rs...), append(polls, ps...)
			if i == 0 {
				g, f := stats(rs, func(r reaction) time.Duration { return r.gap }), stats(rs, func(r reaction) time.Duration { return r.first })
				b.Logf("%-20s %3d reactions  gap within a reaction: median %6s p95 %6s max %6s   first mutation after input: median %6s max %6s",
					a.Name, len(rs), g[0], g[1], g[2], f[0], f[2])
			}
		}
	}
	// A change that came while the page had been quiet for less than the
	// quiet window but idle for the idle window or more is one that an
	// early settle would have acted before.
	var changes, early int
	var idleMax float64
	for _, c := range polls {
		changes++
		if c[0] < float64(pagemodel.QuietWindow.Milliseconds()) {
			idleMax = max(idleMax, c[1])
			if c[1] >= float64(pagemodel.IdleWindow.Milliseconds()) {
				early++
			}
		}
	}
	b.Logf("%d changes: %d came after the page had been idle for IdleWindow (%s) but quiet for less than QuietWindow; longest idle before a change within the quiet window %.1f ms",
		changes, early, pagemodel.IdleWindow, idleMax)
	b.ReportMetric(float64(early), "early-idle-settles")
	b.ReportMetric(idleMax, "idle-max-ms")
	g, f := stats(all, func(r reaction) time.Duration { return r.gap }), stats(all, func(r reaction) time.Duration { return r.first })
	b.Logf("all %d reactions: gap median %s, p95 %s, max %s; first mutation median %s, p95 %s, max %s; QuietWindow %s",
		len(all), g[0], g[1], g[2], f[0], f[1], f[2], pagemodel.QuietWindow)
	b.ReportMetric(float64(g[1])/1e6, "gap-p95-ms")
	b.ReportMetric(float64(g[2])/1e6, "gap-max-ms")
	b.ReportMetric(float64(f[2])/1e6, "first-max-ms")
}

// stats is the median, 95th percentile and max of f over rs.
func stats(rs []reaction, f func(reaction) time.Duration) [3]time.Duration {
	if len(rs) == 0 {
		return [3]time.Duration{}
	}
	v := make([]time.Duration, len(rs))
	for i, r := range rs {
		v[i] = f(r)
	}
	slices.Sort(v)
	return [3]time.Duration{v[len(v)/2], v[(len(v)*95)/100], v[len(v)-1]}
}

// appReactions performs a's drive script with a second between lines on
// a recorded page and returns the page's reactions and, for each of its
// changes, how long it had been quiet and idle at the settle poll before
// it (ms).
func appReactions(b *testing.B, a *fixtures.App) ([]reaction, [][2]float64) {
	b.Helper()
	r, p := startRecordingWith(b, strings.TrimPrefix(a.Path(), "/"), reactionLog)
	var script strings.Builder
	for _, l := range strings.Split(a.Drive, "\n") {
		if l = strings.TrimSpace(l); l == "" || strings.HasPrefix(l, "#") || strings.HasPrefix(l, "wait ") {
			continue
		}
		fmt.Fprintf(&script, "%s\nwait 1000\n", l)
	}
	lines, err := ParseDrive(strings.NewReader(script.String()))
	if err != nil {
		b.Fatalf("%s: %v", a.Name, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	if err := (&Driver{Rec: r, Page: p}).Run(ctx, lines); err != nil {
		b.Fatalf("%s: %v", a.Name, err)
	}
	var log struct {
		Inputs, Muts []float64
		Settle       [][2]float64
	}
	res, err := p.Eval(`() => window.__reactions`)
	if err != nil {
		b.Fatalf("%s: %v", a.Name, err)
	}
	if err := res.Value.Unmarshal(&log); err != nil {
		b.Fatal(err)
	}
	return reactions(log.Inputs, log.Muts), log.Settle
}

// startRecordingWith is startRecording with script run in every document
// of the page before its own scripts.
func startRecordingWith(b *testing.B, page, script string) (*Recorder, *rod.Page) {
	b.Helper()
	p, err := testenv.Browser(b).Page(proto.TargetCreateTarget{URL: "about:blank"})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { p.Close() })
	if err := (proto.EmulationSetDeviceMetricsOverride{Width: 1280, Height: 800}).Call(p); err != nil {
		b.Fatal(err)
	}
	if _, err := (proto.PageAddScriptToEvaluateOnNewDocument{Source: script}).Call(p); err != nil {
		b.Fatal(err)
	}
	r := New(testenv.Browser(b).Browser, Options{})
	if err := r.Start(context.Background(), p, testenv.Fixtures(b).URL+"/"+page); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { r.Finish("benchmark over") })
	return r, p
}
