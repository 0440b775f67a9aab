package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/fixtures"
)

// Verdicts of a step.
const (
	vCorrect   = "correct"
	vWrong     = "wrong"
	vSafe      = "safe"    // failed or skipped without acting elsewhere
	vRefused   = "refused" // its element was removed and it failed, as it must
	vUnscored  = "-"       // no element and no effect to judge, and it acted nowhere else
	vUnreached = "unreached"
)

// flowScore is one flow replayed on one version in one configuration.
type flowScore struct {
	// steps counts the reachable scored steps: those that act on an
	// element, and those with no element that had an effect on the
	// original (a press of Enter that adds a row); reachable means before
	// the first step whose element the version removed.
	steps int
	// correct: passed, the page saw the action on the recorded element
	// and nothing else, and the step changed what it changed on the
	// original.
	correct int
	// wrong: the page saw an action on another element, or the step
	// passed while its element reported nothing, or while its effect did
	// not happen or happened otherwise.
	wrong int
	// safe: failed (or skipped after a failure) without acting elsewhere.
	safe int
	// refused: steps whose element was removed and that failed, as they must.
	refused int
	// removed: steps whose element was removed (refused or acted wrongly).
	removed int
	// verdicts holds each step's verdict.
	verdicts []string
	// notes say what went wrong or failed, step by step; wrongs are the
	// notes of the wrong actions alone (each counted in wrong).
	notes  []string
	wrongs []string
}

// wrongNote notes a wrong action (the caller counts it).
func (s *flowScore) wrongNote(format string, args ...any) {
	n := fmt.Sprintf(format, args...)
	s.notes = append(s.notes, n)
	s.wrongs = append(s.wrongs, n)
}

func (s flowScore) summary() string {
	out := fmt.Sprintf("%d/%d correct, %d wrong, %d safe failures", s.correct, s.steps, s.wrong, s.safe)
	if s.removed > 0 {
		out += fmt.Sprintf(", removed target refused %d/%d", s.refused, s.removed)
	}
	if len(s.notes) > 0 {
		out += " [" + strings.Join(s.notes, "; ") + "]"
	}
	return out
}

// actions keeps the names of the elements that reported an action (click,
// dblclick, input, change; and, with keys, a key that is not text) in
// events, in order, without the markers. A change of an element that
// already acted is that element's late change event (fired when focus
// leaves it) and is left out too.
func actions(events []fixtures.Event, acted map[string]bool, keys bool) []string {
	var out []string
	for _, e := range events {
		if strings.HasPrefix(e.Element, "__") || e.Element == "" {
			continue
		}
		switch e.Type {
		case "click", "dblclick", "input", "change":
		case "key":
			if !keys {
				continue
			}
		default:
			continue
		}
		if e.Type == "change" && acted[e.Element] {
			continue
		}
		if !slices.Contains(out, e.Element) {
			out = append(out, e.Element)
		}
	}
	return out
}

// score judges each step by what the page reported while it ran: which
// element acted, and what changed in the page's facts.
func score(r *recorded, v fixtures.Version, run flowRun) flowScore {
	sc := flowScore{verdicts: make([]string, len(r.flow.Steps))}
	for i := range sc.verdicts {
		sc.verdicts[i] = vUnreached
	}
	removed := map[string]bool{}
	if v.Has(fixtures.OpRemove) {
		for _, n := range r.app.Removed {
			removed[n] = true
		}
	}
	steps := lateReports(r, run.steps)
	windows := make([][]fixtures.Event, len(steps))
	for i, st := range steps {
		windows[i] = st.events
	}
	got := deltas(windows, run.tail, r.expect)
	// A fact the original had as it loaded that this page never had (the
	// state of an element the version removed: a select's "disabled") is
	// none a step can take away here.
	had := map[string]bool{}
	for _, w := range append(slices.Clone(windows), run.tail) {
		for _, e := range w {
			if e.Type == "fact+" {
				had[e.Element] = true
			}
		}
	}
	lacks := func(f string) bool { return r.initial[f] && !had[f] }
	acted := map[string]bool{}
	for i, st := range steps {
		want := r.expect[i]
		// a press acts on its focused element through a key
		names := actions(st.events, acted, r.flow.Steps[i].Action == chain.Press)
		var others []string
		hit := false
		// The controls the step reported opening to show its element (a
		// menu folded behind its button) are acted on before it, and
		// are no other element it acted on.
		opened := st.opened
		var excused []string
		for _, n := range names {
			switch {
			case n == want:
				hit = true
			case !hit && opened > 0:
				opened--
				excused = append(excused, n)
			default:
				others = append(others, n)
			}
		}
		if !hit {
			// No control opened for an element the step never reached.
			others = append(excused, others...)
		}
		for _, n := range names {
			acted[n] = true
		}
		var ref effect
		if i < len(r.effects) {
			ref = r.effects[i]
			ref.removed = slices.DeleteFunc(slices.Clone(ref.removed), lacks)
		}
		effectOK := got[i].equal(ref)
		effectNote := func() string {
			return fmt.Sprintf("changed %s, on the original %s", got[i], ref)
		}
		if want == "" {
			// No element: scroll, press, navigate. Judged when it had an
			// effect on the original or acted on an element here.
			switch {
			case len(others) > 0 && r.steps(i):
				sc.steps++
				sc.wrong++
				sc.verdicts[i] = vWrong
				sc.wrongNote("step %d (%s) acted on %v", i+1, r.flow.Steps[i].Action, others)
			case ref.empty() && (effectOK || st.status != "passed"):
				sc.verdicts[i] = vUnscored
			case st.status == "passed" && effectOK:
				sc.steps++
				sc.correct++
				sc.verdicts[i] = vCorrect
			case st.status == "passed":
				sc.steps++
				sc.wrong++
				sc.verdicts[i] = vWrong
				sc.wrongNote("step %d (%s) passed but %s", i+1, r.flow.Steps[i].Action, effectNote())
			default:
				sc.steps++
				sc.safe++
				sc.verdicts[i] = vSafe
				if st.status == "failed" {
					sc.notes = append(sc.notes, fmt.Sprintf("step %d failed: %s", i+1, st.code))
				}
			}
			continue
		}
		if removed[want] {
			sc.removed++
			if st.status == "passed" || len(others) > 0 {
				sc.wrong++
				sc.verdicts[i] = vWrong
				sc.wrongNote("step %d: %s was removed, yet the step %s (acted on %v)", i+1, want, st.status, others)
			} else {
				sc.refused++
				sc.verdicts[i] = vRefused
			}
			break // the rest of the flow is not reachable
		}
		sc.steps++
		switch {
		case len(others) > 0:
			sc.wrong++
			sc.verdicts[i] = vWrong
			sc.wrongNote("step %d %s: acted on %v, recorded on %q", i+1, st.status, others, want)
		case st.status == "passed" && hit && effectOK:
			sc.correct++
			sc.verdicts[i] = vCorrect
		case st.status == "passed" && hit:
			sc.wrong++
			sc.verdicts[i] = vWrong
			sc.wrongNote("step %d passed on %q but %s", i+1, want, effectNote())
		case st.status == "passed":
			sc.wrong++
			sc.verdicts[i] = vWrong
			sc.wrongNote("step %d passed but %q reported nothing", i+1, want)
		default:
			sc.safe++
			sc.verdicts[i] = vSafe
			if st.status == "failed" {
				sc.notes = append(sc.notes, fmt.Sprintf("step %d failed: %s", i+1, st.code))
			}
		}
	}
	return sc
}

// lateReports moves the reports of a step's own element that arrived after
// the next step's marker (a click that navigates away: the new page's
// marker can reach the server before the old page's last report) back to
// that step.
func lateReports(r *recorded, steps []stepResult) []stepResult {
	out := slices.Clone(steps)
	prev := -1
	for i := range out {
		if prev >= 0 {
			want := r.expect[prev]
			if !reports(out[prev].events, want) {
				var keep []fixtures.Event
				for _, e := range out[i].events {
					if e.Element == want && e.Type != "change" && e.Type != "fact+" && e.Type != "fact-" {
						out[prev].events = append(slices.Clone(out[prev].events), e)
					} else {
						keep = append(keep, e)
					}
				}
				out[i].events = keep
			}
		}
		if r.expect[i] != "" {
			prev = i
		}
	}
	return out
}

func reports(events []fixtures.Event, name string) bool {
	for _, e := range events {
		if e.Element == name && e.Type != "fact+" && e.Type != "fact-" && e.Type != "down" && e.Type != "focus" {
			return true
		}
	}
	return false
}

// median of xs (0 for none).
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if n := len(s); n%2 == 1 {
		return s[n/2]
	} else {
		return (s[n/2-1] + s[n/2]) / 2
	}
}
