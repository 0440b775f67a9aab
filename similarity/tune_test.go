package similarity

import (
	"cmp"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"testing"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/similarity/internal/simdata"
)

// How the weights and thresholds were chosen: on the tuning sites of the
// redesign benchmark only (never the held-out ones), by a coordinate
// search over a coarse grid of weights, each set of weights judged by the
// most targets it locates with the floor and margin that keep its wrong
// picks at most tuneWrong of the targets. REDESIGN_TUNE=1 runs it:
//
//	REDESIGN_TUNE=1 go test ./similarity -run TestTuneRedesign -v -timeout 2h

// tuneWrong is the share of wrong picks the calibration allows on the
// tuning data: half the 1% the benchmark allows, for the held-out sites.
const tuneWrong = 0.005

// tuneItem is one target of the tuning data, ready to heal many times:
// its candidates' comparisons with the fingerprint do not depend on the
// weights, so they are made once (the first pass's) or once per set of
// finalists (the final pass's, whose token weights count the finalists).
type tuneItem struct {
	fp       chain.Fingerprint
	cands    []Candidate // MarkSole applied
	first    []Candidate // cands without location, overlap, area and shape
	firstCmp []comparison
	truth    map[string]bool
	removed  bool
	w        float64
	name     string // pair and old node, for the dump

	mu    sync.Mutex
	final map[string]*finalSet
}

// finalSet is one set of finalists, in the first pass's order.
type finalSet struct {
	idx   []int
	cands []Candidate
	cmp   []comparison
}

// params are what the search chooses: the weights, Options.Distinct and
// the damping thresholds.
type params struct {
	w        Weights
	distinct float64
	full     damping
}

func (p params) options() Options {
	w, full := p.w, p.full
	return Options{Weights: &w, Floor: 1e-9, TieMargin: 1e-9, IdentityMargin: -1, Ratio: -1, Distinct: p.distinct, full: &full}
}

func (p params) reference(fp chain.Fingerprint) *Reference {
	r := NewReference(fp, p.w)
	r.full = p.full
	return r
}

// verdict is what the ranking said of one item under given weights,
// before the floor and margin decide.
type verdict struct {
	best, margin float64
	idLead       float64 // Result.IdentityLead
	ctxLead      float64 // Result.ContextLead
	took         string  // the best candidate's ref
	identity     float64 // the best candidate's Score.Identity
	// ruNamed: there is a runner-up, with an identity similarity to
	// compare (what Options.ClearLead needs).
	ruNamed      bool
	has, correct bool
	removed      bool
	// astray: the best is a survivor standing elsewhere (Rank refuses it
	// whatever the scores).
	astray bool
	// w is the item's share of the objective: real and synthetic
	// targets count as much in all, however many each has.
	w float64
}

func tuneItems(pairs []*simdata.Pair, split string) []*tuneItem {
	var out []*tuneItem
	for _, p := range pairs {
		if p.Split != split {
			continue
		}
		for _, it := range p.Items {
			old := p.OldPage.Node(it.Old)
			nodes := candidatesFor(p.NewPage, old.Fingerprint.Tag)
			t := &tuneItem{fp: *old.Fingerprint, truth: truth(it, nodes), removed: len(it.New) == 0, final: map[string]*finalSet{},
				name: p.Name + " " + it.Old}
			t.cands = make([]Candidate, len(nodes))
			for i, n := range nodes {
				t.cands[i] = candidateOf(n)
			}
			MarkSole(t.fp, t.cands)
			t.first = make([]Candidate, len(t.cands))
			for i, c := range t.cands {
				c.Unknown = append(slices.Clone(c.Unknown), Location, Overlap, Area, Shape)
				t.first[i] = c
			}
			ref := NewReference(t.fp, DefaultWeights)
			ref.page = newPageStats(t.first)
			t.firstCmp = make([]comparison, len(t.first))
			for i := range t.first {
				ref.compare(&t.first[i], &t.firstCmp[i])
			}
			out = append(out, t)
		}
	}
	n := map[bool]int{}
	for i, p := 0, 0; p < len(pairs); p++ {
		if pairs[p].Split != split {
			continue
		}
		for range pairs[p].Items {
			n[pairs[p].Kind == simdata.Real]++
			i++
		}
	}
	i := 0
	for _, p := range pairs {
		if p.Split != split {
			continue
		}
		for range p.Items {
			out[i].w = 1 / float64(n[p.Kind == simdata.Real])
			i++
		}
	}
	return out
}

// heal is the package's heal on the item's cached comparisons.
func (t *tuneItem) heal(p params) Result {
	opts := p.options().withDefaults()
	r1 := rank(p.reference(t.fp), t.first, t.firstCmp, opts)
	n := min(measured, len(r1.Ranked))
	key := make([]byte, 0, n*4)
	idx := make([]int, n)
	for i, sc := range r1.Ranked[:n] {
		idx[i] = sc.Index
		key = fmt.Appendf(key, "%d,", sc.Index)
	}
	t.mu.Lock()
	fs := t.final[string(key)]
	t.mu.Unlock()
	if fs == nil {
		fs = &finalSet{idx: idx, cands: make([]Candidate, n), cmp: make([]comparison, n)}
		for i, k := range idx {
			fs.cands[i] = t.cands[k]
		}
		ref := NewReference(t.fp, p.w)
		ref.page = newPageStats(fs.cands)
		for i := range fs.cands {
			ref.compare(&fs.cands[i], &fs.cmp[i])
		}
		t.mu.Lock()
		t.final[string(key)] = fs
		t.mu.Unlock()
	}
	res := rank(p.reference(t.fp), fs.cands, fs.cmp, opts)
	if HiddenTie(&t.fp, res, opts) {
		var shown []Candidate
		for i := range fs.cands {
			if fs.cands[i].Box != nil {
				shown = append(shown, fs.cands[i])
			}
		}
		if vis := Rank(t.fp, shown, opts); vis.Outcome == Found {
			return vis
		}
	}
	return res
}

// verdicts ranks every item with weights w, the floor and margin set
// aside (decided later by calibrate).
func verdicts(items []*tuneItem, p params) []verdict {
	out := make([]verdict, len(items))
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.NumCPU() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				it := items[i]
				res := it.heal(p)
				v := verdict{removed: it.removed, w: it.w}
				if res.Best != nil {
					v.has, v.best, v.margin, v.took, v.identity = true, res.Best.Value, res.Margin, res.Best.Candidate.Ref, res.Best.Identity
					v.idLead, v.ctxLead = res.IdentityLead, res.ContextLead
					v.correct = it.truth[res.Best.Candidate.Ref]
					v.astray = astray(res.Best)
					v.ruNamed = res.RunnerUp != nil && res.RunnerUp.Identity >= 0
				}
				out[i] = v
			}
		}()
	}
	for i := range items {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

// rule decides from the best score, the margin and the identity lead as
// Options does: found when the best reaches sure with a margin of at
// least margin (or any margin and an identity lead of at least idm), or
// reaches floor with a margin of at least wide.
// clearID and clearLead are Options.ClearIdentity and ClearLead (0:
// the package's defaults; a negative clearLead for never).
type rule struct{ floor, sure, margin, wide, idm, ratio, clearID, clearLead float64 }

// options are Options deciding as r does.
func (r rule) options(w *Weights) Options {
	return Options{Weights: w, Floor: r.floor, SureFloor: r.sure, TieMargin: r.margin, WideMargin: r.wide, IdentityMargin: r.idm, Ratio: r.ratio,
		ClearIdentity: r.clearID, ClearLead: r.clearLead}
}

// clear reports whether v's best reads clearly under r (Options.ClearLead).
func (r rule) clear(v verdict) bool {
	id, lead := cmp.Or(r.clearID, DefaultClearIdentity), cmp.Or(r.clearLead, DefaultClearLead)
	return lead > 0 && v.ruNamed && v.identity >= id && v.idLead >= lead && v.ctxLead > -r.margin
}

func (r rule) found(v verdict) bool {
	if !v.has || v.best < r.floor || v.astray {
		return false
	}
	named := r.idm > 0 && v.margin > 0 && v.best >= r.sure && v.idLead >= r.idm && v.ctxLead >= 0
	ratio := r.ratio > 0 && v.best-v.margin <= r.ratio*v.best
	return (v.margin >= r.margin || named) && (v.best >= r.sure || v.margin >= r.wide || ratio || r.clear(v))
}

// count tallies located and wrong picks over all items, and the
// objective: the located targets, each counting its share (verdict.w).
func (r rule) count(vs []verdict) (score float64, located, wrong int) {
	for _, v := range vs {
		if !r.found(v) {
			continue
		}
		if v.correct && !v.removed {
			located++
			score += v.w
		} else {
			wrong++
		}
	}
	return score, located, wrong
}

// calibrate finds the rule that scores best while its wrong picks stay
// at most share of the items; wide also searches the second floor and
// margin; coarse steps twice as far and tries fewer identity margins
// (the weight search's many evaluations), the final choice is fine.
func calibrate(vs []verdict, share float64, wide, coarse bool, ok func(rule) bool) (rule, float64, int, int) {
	allowed := int(share * float64(len(vs)))
	k, idms, ratios := 1.0, identityMargins, ratioChoices
	if coarse {
		k, idms, ratios = 2, []float64{-1, 0.04, 0.1, 0.2}, []float64{-1, 0.5, 0.6, 0.7}
	}
	clears := [][2]float64{{0, 0}}
	if !coarse {
		clears = [][2]float64{{0, -1}}
		for _, id := range clearIdentities {
			for _, lead := range clearLeads {
				clears = append(clears, [2]float64{id, lead})
			}
		}
	}
	var best rule
	bs, bl, bw := -1.0, 0, 0
	for _, cl := range clears {
		for sure := 0.30; sure <= 0.90001; sure += 0.025 * k {
			for m := 0.01; m <= 0.30001; m += 0.01 * k {
				floors, wides := []float64{sure}, []float64{m}
				if wide {
					floors, wides = nil, nil
					for f := 0.20; f <= sure+1e-9; f += 0.025 * k {
						floors = append(floors, f)
					}
					for wm := m; wm <= 0.50001; wm += 0.025 * k {
						wides = append(wides, wm)
					}
				}
				for _, f := range floors {
					for _, wm := range wides {
						for _, idm := range idms {
							for _, ra := range ratios {
								r := rule{floor: f, sure: sure, margin: m, wide: wm, idm: idm, ratio: ra, clearID: cl[0], clearLead: cl[1]}
								if !ok(r) {
									continue
								}
								s, l, w := r.count(vs)
								// Of rules alike, the most cautious: fewer
								// wrong picks, then the higher floors, then
								// the stricter reading.
								if w <= allowed && (s > bs || s == bs && (w < bw || w == bw && (r.floor+r.sure > best.floor+best.sure ||
									r.floor+r.sure == best.floor+best.sure && r.stricter(best)))) {
									best, bs, bl, bw = r, s, l, w
								}
							}
						}
					}
				}
			}
		}
	}
	return best, bs, bl, bw
}

// clearIdentities and clearLeads are the Options.ClearIdentity and
// ClearLead calibrate tries, besides never reading clearly.
var (
	clearIdentities = []float64{0.6, 0.7, 0.8, 0.9}
	clearLeads      = []float64{0.1, 0.15, 0.2, 0.3}
)

// stricter reports whether r reads clearly less often than o: never, or
// with a higher identity and lead.
func (r rule) stricter(o rule) bool {
	if r.clearLead < 0 || o.clearLead < 0 {
		return r.clearLead < 0 && o.clearLead >= 0
	}
	return r.clearID+r.clearLead > o.clearID+o.clearLead
}

// identityMargins are the identity leads calibrate tries (-1: none).
var identityMargins = []float64{-1, 0.02, 0.04, 0.06, 0.08, 0.1, 0.15, 0.2, 0.3}

// ratioChoices are the ratios calibrate tries (-1: none).
var ratioChoices = []float64{-1, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75}

// startWeights are where the search starts: the hand-set weights the
// package had before it (Similo's 1.5 for stable attributes, 0.5 for
// volatile ones, those between by judgement), with the attributes it
// added at 1 (icon) and 0.5 (landmarks, idxpath, overlap).
var startWeights = Weights{
	Tag: 1.5, ID: 1.5, Name: 1.5, Type: 1.0, Class: 0.5, TestID: 1.5, Role: 1.5, AccessName: 1.0,
	Text: 1.5, Label: 1.5, Placeholder: 1.0, AriaLabel: 1.0, Alt: 0.5, Title: 0.5, Href: 0.5,
	Icon: 1.0, Value: 1.0, Neighbours: 1.5, Region: 1.0, Landmarks: 0.5, XPath: 0.5, IDXPath: 0.5,
	Location: 0.5, Overlap: 0.5, Area: 0.5, Shape: 0.5,
}

// TestTuneRedesign runs the search (REDESIGN_TUNE=1).
func TestTuneRedesign(t *testing.T) {
	if os.Getenv("REDESIGN_TUNE") == "" {
		t.Skip("set REDESIGN_TUNE=1 to search weights on the tuning sites")
	}
	pairs := loadRedesign(t)
	items := tuneItems(pairs, simdata.Tuning)
	cur := params{w: startWeights, distinct: -1, full: damping{IdentityFull, ContextFull}}
	if os.Getenv("REDESIGN_START") == "default" {
		// Resume from the package's settings (a shorter search).
		cur = params{w: DefaultWeights, distinct: DefaultDistinct, full: damping{IdentityFull, ContextFull}}
	}
	sweeps := 3
	if n, err := strconv.Atoi(os.Getenv("REDESIGN_SWEEPS")); err == nil {
		sweeps = n
	}
	// A weight set that breaks a contract on the weights scores 10 less
	// per contract broken, so that the search can leave such a start.
	eval := func(p params) (float64, int, int, rule) {
		cs := contracts(p)
		r, s, l, wr := calibrate(verdicts(items, p), tuneWrong, true, true, func(r rule) bool { return keeps(r, cs) })
		for _, c := range cs {
			if c.weights && c.broken {
				s -= 10
			}
		}
		return s, l, wr, r
	}
	bestS, bestL, bestW, bestR := eval(cur)
	for _, c := range contracts(cur) {
		t.Logf("contract %q at the start: best %.3f margin %.3f correct %v, want %q", c.name, c.v.best, c.v.margin, c.v.correct, c.want)
	}
	t.Logf("start: score %.4f located %d wrong %d of %d with %+v", bestS, bestL, bestW, len(items), bestR)
	// No attribute is switched off: the tuning pages have few test ids,
	// ids or names, and a weight their absence drove to 0 would be a
	// fact of these pages, not of the web.
	grid := []float64{0.25, 0.5, 1, 1.5, 2.5}
	for sweep := 0; sweep < sweeps; sweep++ {
		improved := false
		// try takes p when it scores better (or as well with fewer
		// wrong picks).
		try := func(p params, what string) {
			s, l, wr, r := eval(p)
			if s > bestS+1e-9 || s > bestS-1e-9 && wr < bestW {
				bestS, bestL, bestW, bestR = s, l, wr, r
				cur = p
				improved = true
				t.Logf("sweep %d: %s: score %.4f located %d wrong %d %+v", sweep, what, s, l, wr, r)
			}
		}
		for _, d := range []float64{-1, 0.5, 1, 2, 4} {
			if d != cur.distinct {
				p := cur
				p.distinct = d
				try(p, fmt.Sprintf("distinct = %.1f", d))
			}
		}
		for _, f := range []float64{0, 0.25, 0.5, 0.75} {
			if f != cur.full.identity {
				p := cur
				p.full.identity = f
				try(p, fmt.Sprintf("identity full = %.2f", f))
			}
		}
		for _, f := range []float64{0, 0.25, 0.5, 0.75} {
			if f != cur.full.context {
				p := cur
				p.full.context = f
				try(p, fmt.Sprintf("context full = %.2f", f))
			}
		}
		for a := Attr(0); a < numAttrs; a++ {
			for _, g := range grid {
				if g != cur.w[a] {
					p := cur
					p.w[a] = g
					try(p, fmt.Sprintf("%s = %.2f", a, g))
				}
			}
		}
		if !improved {
			break
		}
	}
	cs := contracts(cur)
	r, sc, l, wr := calibrate(verdicts(items, cur), tuneWrong, true, false, func(r rule) bool { return keeps(r, cs) })
	t.Logf("distinct %.1f", cur.distinct)
	t.Logf("damping: identity full %.2f, context full %.2f", cur.full.identity, cur.full.context)
	t.Logf("final rule %+v: score %.4f located %d wrong %d of %d", r, sc, l, wr, len(items))
	if f := os.Getenv("REDESIGN_DUMP"); f != "" {
		var b []byte
		for i, v := range verdicts(items, cur) {
			b = fmt.Appendf(b, "%.4f,%.4f,%v,%v,%v,%.5f,%s,%s,%.4f\n", v.best, v.margin, v.has, v.correct, v.removed, items[i].w, items[i].name, v.took, v.identity)
		}
		os.WriteFile(f, b, 0o644)
	}
	for _, c := range cs {
		t.Logf("contract %q: best %.3f margin %.3f correct %v, want %q", c.name, c.v.best, c.v.margin, c.v.correct, c.want)
	}
	var s string
	for a := Attr(0); a < numAttrs; a++ {
		s += fmt.Sprintf("\t%s: %.2f,\n", a, cur.w[a])
	}
	t.Logf("weights:\n%s", s)
}

// contract is one of the package's unit scenarios, which the search
// must keep: its ranking and whether the rule must find its target (want
// not empty) or refuse.
type contract struct {
	name string
	v    verdict
	want string
	// weights marks a contract on the weights themselves, whatever the
	// rule; broken says it is broken.
	weights, broken bool
	// underFloor: the best must score under the floor, as the decision
	// package reads a score of an element another strategy found
	// (decision/locate.go: under similarity.DefaultFloor, a decoy).
	underFloor bool
}

// contracts ranks the unit scenarios (rank_test.go, sole_test.go) with
// weights w: a weight set or rule that would break the refusals the
// project promises (a decoy, a replacement, a removed target, a near
// tie) or the healing it documents (everything but the place changed,
// the sole search box moved) is not taken, whatever it locates.
func contracts(p params) []contract {
	opts := p.options()
	var out []contract
	add := func(name string, fp chain.Fingerprint, cands []Candidate, want string) {
		MarkSole(fp, cands)
		r := Rank(fp, cands, opts)
		v := verdict{}
		if r.Best != nil {
			v.has, v.best, v.margin, v.correct = true, r.Best.Value, r.Margin, r.Best.Candidate.Ref == want
			v.idLead, v.ctxLead = r.IdentityLead, r.ContextLead
			v.astray = astray(r.Best)
			v.identity = r.Best.Identity
			v.ruNamed = r.RunnerUp != nil && r.RunnerUp.Identity >= 0
		}
		out = append(out, contract{name: name, v: v, want: want})
	}
	fp := recordedSubmit()
	add("unchanged", fp, page(submit()), "submit")
	add("unchanged, decoy added", fp, page(decoy(), submit()), "submit")
	add("all changed", fp, page(redesigned()), "redesigned")
	add("all changed, decoy first", fp, page(decoy(), redesigned()), "redesigned")
	add("decoy alone", fp, []Candidate{decoy(), redesigned()}, "redesigned")
	add("removed, decoy", fp, page(decoy()), "")
	add("removed, replacement", fp, page(replacement()), "")
	for _, c := range out[len(out)-2:] {
		c.name, c.underFloor = c.name+", under the floor", true
		out = append(out, c)
	}
	add("removed, decoy and replacement", fp, page(decoy(), replacement()), "")
	blind := func(c Candidate) Candidate {
		c.XPath, c.Neighbours, c.Unknown = "", nil, []Attr{XPath, Neighbours}
		return c
	}
	var withReal, withoutReal []Candidate
	for _, c := range page() {
		withReal, withoutReal = append(withReal, blind(c)), append(withoutReal, blind(c))
	}
	add("blind, with the real one", fp, append(withReal, blind(decoy()), blind(redesigned())), "redesigned")
	add("blind, decoy alone", fp, append(withoutReal, blind(decoy())), "")
	a, b := submit(), submit()
	a.Ref, b.Ref = "first", "second"
	b.Box = &chain.Rect{X: 484, Y: 334, Width: 80, Height: 32}
	add("near tie", fp, page(a, b), "")
	add("sole search box moved", recordedSearch(), append(otherControls(), movedSearch()), "search")
	noCounts := recordedSearch()
	noCounts.KindCount, noCounts.NameCount = 0, 0
	add("search box moved, no counts", noCounts, append(otherControls(), movedSearch()), "")
	// Another option of the recorded radio's group, alone on the page,
	// is not healed onto (TestRadioOptionsDifferByValue).
	rfp := chain.Fingerprint{Tag: "input", Type: "radio", Role: "radio", Name: "delivery", Value: "express",
		Label: "Express delivery", Neighbours: []string{"Express delivery", "Delivery"}}
	add("another option of the group", rfp, []Candidate{{Ref: "standard", Tag: "input", Type: "radio", Role: "radio", Name: "delivery",
		Value: "standard", Label: "Standard delivery", Neighbours: []string{"Standard delivery", "Delivery"}}}, "")
	// The other row's "Tab 1" after the recorded row was removed
	// (TestSurvivorOfRemovedLookAlike).
	lfp, other, tab2 := removedLookAlike()
	add("a look-alike of a removed target, elsewhere", lfp, []Candidate{other, tab2}, "")
	cfp, ccands := copyInAnotherRegion()
	add("copy in another region", cfp, ccands, "real")
	// An id is stable, a class volatile: losing the id must cost more
	// (TestStableAttributesWeighMore).
	sfp := chain.Fingerprint{Tag: "button", ID: "save", Classes: []string{"btn"}}
	ref := p.reference(sfp)
	idLost := ref.Score(&Candidate{Tag: "button", ID: "other", Classes: []string{"btn"}})
	classLost := ref.Score(&Candidate{Tag: "button", ID: "save", Classes: []string{"zz"}})
	out = append(out, contract{name: "an id weighs more than a class", weights: true, broken: !(idLost.Raw < classLost.Raw)})
	return out
}

// maxTieMargin is the widest tie margin a rule may have: at 0.06, the
// rows of an unchanged page split (a row's "Star" button recorded on the
// Preact page scores 0.98 against the next row's 0.92), and replaying the
// recorded similarity strategy alone no longer agrees with the recording
// (recorder/selfcheck/TestRecordedFlowsAreSelfConsistent).
const maxTieMargin = 0.05

// keeps reports whether rule r decides every contract as it must, with a
// tie margin of at most maxTieMargin.
func keeps(r rule, cs []contract) bool {
	if r.margin > maxTieMargin+1e-9 {
		return false
	}
	for _, c := range cs {
		if c.weights {
			continue // counted by the search
		}
		if c.underFloor {
			if c.v.has && c.v.best >= r.floor {
				return false
			}
			continue
		}
		found := r.found(c.v)
		if c.want != "" && !(found && c.v.correct) || c.want == "" && found {
			return false
		}
	}
	return true
}

// TestCalibrateRedesign chooses the decision rule alone, for the
// package's weights, on the tuning sites (REDESIGN_CALIBRATE=1), with the
// fine grid of the search's final step, and prints it beside the
// package's defaults: what to run after a change to the rule itself,
// without the weight search.
func TestCalibrateRedesign(t *testing.T) {
	if os.Getenv("REDESIGN_CALIBRATE") == "" {
		t.Skip("set REDESIGN_CALIBRATE=1 to choose the decision rule on the tuning sites")
	}
	items := tuneItems(loadRedesign(t), simdata.Tuning)
	p := params{w: DefaultWeights, distinct: DefaultDistinct, full: damping{IdentityFull, ContextFull}}
	cs := contracts(p)
	vs := verdicts(items, p)
	r, s, l, w := calibrate(vs, tuneWrong, true, false, func(r rule) bool { return keeps(r, cs) })
	t.Logf("calibrated %+v: score %.4f located %d wrong %d of %d", r, s, l, w, len(items))
	def := rule{floor: DefaultFloor, sure: DefaultSureFloor, margin: DefaultTieMargin, wide: DefaultWideMargin,
		idm: DefaultIdentityMargin, ratio: DefaultRatio}
	s, l, w = def.count(vs)
	t.Logf("defaults %+v: keeps the contracts %v, score %.4f located %d wrong %d", def, keeps(def, cs), s, l, w)
	// The package's floors and margins with each reading clearly tried.
	for _, lead := range append([]float64{-1}, clearLeads...) {
		for _, id := range clearIdentities {
			r := def
			r.clearID, r.clearLead = id, lead
			s, l, w := r.count(vs)
			t.Logf("  clear identity %.2f lead %.2f: keeps the contracts %v, score %.4f located %d wrong %d", id, lead, keeps(r, cs), s, l, w)
			if lead < 0 {
				break
			}
		}
	}
}
