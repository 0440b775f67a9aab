package flowupdate

import (
	"cmp"
	"fmt"
	"maps"
	"slices"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/report"
)

// Apply writes the healings of res (the report of replaying f) into f and
// returns the 1-based indexes of the steps whose chain changed. Only passed
// steps are applied. It fails, changing nothing, when res does not describe
// f (other step count or actions).
func Apply(f *chain.Flow, res report.Flow) ([]int, error) {
	for _, st := range res.Steps {
		if st.Index < 1 || st.Index > len(f.Steps) {
			return nil, fmt.Errorf("update %s: the report has step %d, the flow %d steps", f.Name, st.Index, len(f.Steps))
		}
		if got := string(f.Steps[st.Index-1].Action); got != st.Action {
			return nil, fmt.Errorf("update %s: step %d is %s in the flow and %s in the report", f.Name, st.Index, got, st.Action)
		}
	}
	var changed []int
	for _, st := range res.Steps {
		if st.Status != report.Passed || st.Healed == nil {
			continue
		}
		if ApplyStep(f.Steps[st.Index-1].Target, st.Healed, st.Attempts) {
			changed = append(changed, st.Index)
		}
	}
	return changed, nil
}

// ApplyStep rewrites t from h and the step's attempts and reports whether
// it changed. With h.Target (the element described anew as the recorder
// describes a target) t becomes that target: its whole chain, fingerprint
// and coordinates, as strong as a fresh recording; a target that was not
// described (chain.Target.Described: an imported recording's) keeps its
// own strategies that did not break besides (withImported). Without it,
// the new
// chain is h.Chain in its order (the winner first), then the recorded
// strategies that were not attempted, then the similarity strategy and the
// coordinates strategy of the recorded chain; no strategy after the winner
// keeps a confidence above the winner's, so confidence order keeps the
// winner first, and recorded Nth and Metadata are kept for strategies that
// stay.
func ApplyStep(t *chain.Target, h *report.Healing, attempts []report.Attempt) bool {
	if t == nil || h == nil {
		return false
	}
	if h.Target != nil && len(h.Target.Chain) > 0 {
		nt := *h.Target
		if !t.Described() {
			nt.Chain = withImported(h.Target.Chain, t.Chain, h.Broke)
		}
		if sameChain(nt.Chain, t.Chain) && t.Described() {
			return false
		}
		*t = nt
		return true
	}
	if len(h.Chain) == 0 {
		return false
	}
	type key struct {
		typ   chain.StrategyType
		value string
	}
	old := map[key]chain.Strategy{}
	for _, s := range t.Chain {
		if _, dup := old[key{s.Type, s.Value}]; !dup {
			old[key{s.Type, s.Value}] = s
		}
	}
	tried := map[key]bool{}
	for _, a := range attempts {
		tried[key{chain.StrategyType(a.Type), a.Value}] = true
	}
	top := h.Chain[0].Confidence
	capped := func(c float64) float64 { return min(c, top) }

	var out []chain.Strategy
	seen := map[key]bool{}
	var coords []chain.Strategy
	add := func(s chain.Strategy) {
		k := key{s.Type, s.Value}
		if seen[k] {
			return
		}
		seen[k] = true
		if s.Type == chain.Coordinates {
			coords = append(coords, s)
			return
		}
		out = append(out, s)
	}
	for i, hs := range h.Chain {
		s := chain.Strategy{Type: chain.StrategyType(hs.Type), Value: hs.Value, Confidence: hs.Confidence}
		if i > 0 {
			s.Confidence = capped(s.Confidence)
		}
		if o, ok := old[key{s.Type, s.Value}]; ok {
			s.Nth, s.Metadata = o.Nth, o.Metadata
		}
		add(s)
	}
	for _, s := range t.Chain {
		if s.Type == chain.Similarity || s.Type == chain.Coordinates || tried[key{s.Type, s.Value}] {
			continue
		}
		s.Confidence = capped(s.Confidence)
		add(s)
	}
	for _, s := range t.Chain {
		if s.Type == chain.Similarity || s.Type == chain.Coordinates {
			s.Confidence = capped(s.Confidence)
			add(s)
		}
	}
	out = append(out, coords...)
	if sameChain(out, t.Chain) {
		return false
	}
	t.Chain = out
	return true
}

// withImported is a described chain with the strategies of a target that
// was not described (an imported recording's selectors) that it does not
// hold and that did not break, kept as they were (their Chrome metadata
// and hosts with them, so that export still gives them back); where both
// hold one strategy, the imported one's metadata is added to the
// described one's. The chain is in confidence order, similarity and
// coordinates last, as the recorder writes one.
func withImported(described, old []chain.Strategy, broke []report.HealedStrategy) []chain.Strategy {
	var own, tail []chain.Strategy
	for _, s := range described {
		if s.Type == chain.Similarity || s.Type == chain.Coordinates {
			tail = append(tail, s)
			continue
		}
		own = append(own, s)
	}
	for _, s := range old {
		if s.Type == chain.Similarity || s.Type == chain.Coordinates || broken(s, broke) {
			continue
		}
		i := slices.IndexFunc(own, func(d chain.Strategy) bool { return sameStrategy(d, s) })
		if i < 0 {
			own = append(own, s)
			continue
		}
		if len(s.Metadata) > 0 {
			m := maps.Clone(own[i].Metadata)
			if m == nil {
				m = map[string]any{}
			}
			for k, v := range s.Metadata {
				if _, ok := m[k]; !ok {
					m[k] = v
				}
			}
			own[i].Metadata = m
		}
	}
	slices.SortStableFunc(own, func(a, b chain.Strategy) int { return cmp.Compare(b.Confidence, a.Confidence) })
	return append(own, tail...)
}

// broken reports whether s is one of the strategies that no longer found
// the element.
func broken(s chain.Strategy, broke []report.HealedStrategy) bool {
	for _, b := range broke {
		if chain.StrategyType(b.Type) == s.Type && b.Value == s.Value {
			return true
		}
	}
	return false
}

// sameStrategy reports whether a and b locate alike: the same type, value,
// index, match, tag, scope and hosts.
func sameStrategy(a, b chain.Strategy) bool {
	if a.Type != b.Type || a.Value != b.Value || a.Nth != b.Nth || a.Match != b.Match || a.Tag != b.Tag ||
		(a.Within == nil) != (b.Within == nil) || a.Within != nil && !sameStrategy(*a.Within, *b.Within) ||
		len(a.Hosts) != len(b.Hosts) {
		return false
	}
	for i := range a.Hosts {
		if !sameStrategy(a.Hosts[i], b.Hosts[i]) {
			return false
		}
	}
	return true
}

func sameChain(a, b []chain.Strategy) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Confidence != b[i].Confidence || !sameStrategy(a[i], b[i]) {
			return false
		}
	}
	return true
}

// Update applies res to the flow file at path and, when a chain changed,
// replaces the file atomically keeping the old one as path+".bak". It
// returns the changed steps (none: the file is left untouched).
func Update(path string, res report.Flow) ([]int, error) {
	f, err := chain.Load(path)
	if err != nil {
		return nil, fmt.Errorf("update flow: %w", err)
	}
	changed, err := Apply(f, res)
	if err != nil || len(changed) == 0 {
		return changed, err
	}
	if err := chain.SaveWithBackup(path, f); err != nil {
		return nil, fmt.Errorf("update flow: %w", err)
	}
	return changed, nil
}
