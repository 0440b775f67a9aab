package flowupdate

import (
	"fmt"

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
// and coordinates, as strong as a fresh recording. Without it, the new
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
		if sameChain(h.Target.Chain, t.Chain) {
			return false
		}
		*t = *h.Target
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

func sameChain(a, b []chain.Strategy) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Type != b[i].Type || a[i].Value != b[i].Value || a[i].Confidence != b[i].Confidence || a[i].Nth != b[i].Nth ||
			(a[i].Within == nil) != (b[i].Within == nil) || (a[i].Within != nil && a[i].Within.Value != b[i].Within.Value) {
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
