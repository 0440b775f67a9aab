package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/qa-chain/chainreplay/fixtures"
)

// flowScore is one flow replayed on one version in one configuration.
type flowScore struct {
	// steps counts the reachable steps that act on an element: those
	// before the first step whose element the version removed.
	steps int
	// correct: passed and the page saw the action on the recorded element.
	correct int
	// wrong: the page saw the action on another element, or the step
	// passed and no element reported it.
	wrong int
	// safe: failed (or skipped after a failure) without acting elsewhere.
	safe int
	// refused: steps whose element was removed and that failed, as they must.
	refused int
	// removed: steps whose element was removed (refused or acted wrongly).
	removed int
	notes   []string
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
// dblclick, input, change) in events, in order, without the markers. A
// change of an element that already acted is that element's late change
// event (fired when focus leaves it) and is left out too.
func actions(events []fixtures.Event, acted map[string]bool) []string {
	var out []string
	for _, e := range events {
		if strings.HasPrefix(e.Element, "__") {
			continue
		}
		switch e.Type {
		case "click", "dblclick", "input", "change":
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

// score judges each step by what the page reported while it ran.
func score(r *recorded, v fixtures.Version, steps []stepResult) flowScore {
	var sc flowScore
	removed := map[string]bool{}
	if v.Has(fixtures.OpRemove) {
		for _, n := range r.app.Removed {
			removed[n] = true
		}
	}
	steps = lateReports(r, steps)
	acted := map[string]bool{}
	for i, st := range steps {
		want := r.expect[i]
		names := actions(st.events, acted)
		var others []string
		hit := false
		for _, n := range names {
			if n == want {
				hit = true
			} else {
				others = append(others, n)
			}
		}
		for _, n := range names {
			acted[n] = true
		}
		if want == "" {
			// No element: scroll, press, navigate. Not scored, but an
			// action on an element is still a wrong action.
			if len(others) > 0 && r.steps(i) {
				sc.wrong++
				sc.notes = append(sc.notes, fmt.Sprintf("step %d (%s) acted on %v", i+1, r.flow.Steps[i].Action, others))
			}
			continue
		}
		if removed[want] {
			sc.removed++
			if st.status == "passed" || len(others) > 0 {
				sc.wrong++
				sc.notes = append(sc.notes, fmt.Sprintf("step %d: %s was removed, yet the step %s (acted on %v)", i+1, want, st.status, others))
			} else {
				sc.refused++
			}
			break // the rest of the flow is not reachable
		}
		sc.steps++
		switch {
		case len(others) > 0:
			sc.wrong++
			sc.notes = append(sc.notes, fmt.Sprintf("step %d %s: acted on %v, recorded on %q", i+1, st.status, others, want))
		case st.status == "passed" && hit:
			sc.correct++
		case st.status == "passed":
			sc.wrong++
			sc.notes = append(sc.notes, fmt.Sprintf("step %d passed but %q reported nothing", i+1, want))
		default:
			sc.safe++
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
					if e.Element == want && e.Type != "change" {
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
		if e.Element == name {
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
