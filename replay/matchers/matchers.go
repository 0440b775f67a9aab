package matchers

import (
	"fmt"
	"strings"

	"github.com/onsi/gomega/format"
	"github.com/onsi/gomega/types"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/report"
)

// HavePassed succeeds for a report.Flow or report.Step (value or pointer)
// whose status is passed.
func HavePassed() types.GomegaMatcher { return &passed{} }

type passed struct{}

func (m *passed) Match(actual any) (bool, error) {
	switch a := actual.(type) {
	case report.Flow:
		return a.Status == report.Passed, nil
	case *report.Flow:
		if a == nil {
			return false, fmt.Errorf("HavePassed: got a nil *report.Flow")
		}
		return a.Status == report.Passed, nil
	}
	s, err := asStep("HavePassed", actual)
	if err != nil {
		return false, err
	}
	return s.Status == report.Passed, nil
}

func (m *passed) FailureMessage(actual any) string {
	return "Expected the replay to pass, but:\n" + Explain(actual)
}

func (m *passed) NegatedFailureMessage(actual any) string {
	return "Expected the replay not to pass, but it did:\n" + Explain(actual)
}

// HaveConfidence applies m to a step's winning confidence (a float64). A
// step where nothing was located fails the match.
func HaveConfidence(m types.GomegaMatcher) types.GomegaMatcher { return &confidence{inner: m} }

type confidence struct{ inner types.GomegaMatcher }

func (m *confidence) Match(actual any) (bool, error) {
	s, err := asStep("HaveConfidence", actual)
	if err != nil {
		return false, err
	}
	if s.Confidence == nil {
		return false, nil
	}
	return m.inner.Match(*s.Confidence)
}

func (m *confidence) FailureMessage(actual any) string {
	s, _ := asStep("", actual)
	if s == nil || s.Confidence == nil {
		return "Expected a winning confidence, but nothing was located:\n" + Explain(actual)
	}
	return m.inner.FailureMessage(*s.Confidence) + "\n" + Explain(actual)
}

func (m *confidence) NegatedFailureMessage(actual any) string {
	s, _ := asStep("", actual)
	if s == nil || s.Confidence == nil {
		return "Expected no winning confidence:\n" + Explain(actual)
	}
	return m.inner.NegatedFailureMessage(*s.Confidence) + "\n" + Explain(actual)
}

// HaveWonWith succeeds when the step's winning strategy is of type t (a
// string or a chain.StrategyType).
func HaveWonWith(t any) types.GomegaMatcher { return &wonWith{want: fmt.Sprint(t)} }

type wonWith struct{ want string }

func (m *wonWith) Match(actual any) (bool, error) {
	s, err := asStep("HaveWonWith", actual)
	if err != nil {
		return false, err
	}
	if !chain.StrategyType(m.want).Known() {
		return false, fmt.Errorf("HaveWonWith: %q is not a strategy type", m.want)
	}
	return s.Strategy == m.want, nil
}

func (m *wonWith) FailureMessage(actual any) string {
	return fmt.Sprintf("Expected the step to be won by %s, but:\n%s", m.want, Explain(actual))
}

func (m *wonWith) NegatedFailureMessage(actual any) string {
	return fmt.Sprintf("Expected the step not to be won by %s, but:\n%s", m.want, Explain(actual))
}

// HaveFailedWith succeeds when the step (or the flow's first failed step,
// or the flow's own error) failed with code.
func HaveFailedWith(code report.Code) types.GomegaMatcher { return &failedWith{code: code} }

type failedWith struct{ code report.Code }

func (m *failedWith) Match(actual any) (bool, error) {
	switch a := actual.(type) {
	case report.Flow:
		return flowCode(&a) == m.code, nil
	case *report.Flow:
		if a == nil {
			return false, fmt.Errorf("HaveFailedWith: got a nil *report.Flow")
		}
		return flowCode(a) == m.code, nil
	}
	s, err := asStep("HaveFailedWith", actual)
	if err != nil {
		return false, err
	}
	return s.Status == report.Failed && s.Error != nil && s.Error.Code == m.code, nil
}

func flowCode(f *report.Flow) report.Code {
	if f.Error != nil {
		return f.Error.Code
	}
	for _, s := range f.Steps {
		if s.Status == report.Failed && s.Error != nil {
			return s.Error.Code
		}
	}
	return ""
}

func (m *failedWith) FailureMessage(actual any) string {
	return fmt.Sprintf("Expected a failure with %s, but:\n%s", m.code, Explain(actual))
}

func (m *failedWith) NegatedFailureMessage(actual any) string {
	return fmt.Sprintf("Expected no failure with %s, but:\n%s", m.code, Explain(actual))
}

func asStep(name string, actual any) (*report.Step, error) {
	switch a := actual.(type) {
	case report.Step:
		return &a, nil
	case *report.Step:
		if a == nil {
			return nil, fmt.Errorf("%s: got a nil *report.Step (is the step index right? steps are 1-based)", name)
		}
		return a, nil
	}
	return nil, fmt.Errorf("%s expects a report.Step or *report.Step, got:\n%s", name, format.Object(actual, 1))
}

// Explain renders a flow or step result with every attempt, for failure
// messages.
func Explain(actual any) string {
	var b strings.Builder
	switch a := actual.(type) {
	case report.Flow:
		describeFlow(&b, &a)
	case *report.Flow:
		if a != nil {
			describeFlow(&b, a)
		}
	case report.Step:
		describeStep(&b, &a)
	case *report.Step:
		if a != nil {
			describeStep(&b, a)
		} else {
			b.WriteString("  <nil step>\n")
		}
	default:
		b.WriteString(format.Object(actual, 1))
	}
	return b.String()
}

func describeFlow(b *strings.Builder, f *report.Flow) {
	fmt.Fprintf(b, "flow %q %s (%.1f ms)\n", f.Name, f.Status, f.DurationMS)
	if f.Error != nil {
		fmt.Fprintf(b, "  error %s: %s\n", f.Error.Code, f.Error.Message)
	}
	for i := range f.Steps {
		describeStep(b, &f.Steps[i])
	}
}

func describeStep(b *strings.Builder, s *report.Step) {
	fmt.Fprintf(b, "  step %d %s %s: %s", s.Index, s.Action, s.Description, s.Status)
	if s.Strategy != "" {
		fmt.Fprintf(b, " by %s", s.Strategy)
	}
	if s.Confidence != nil {
		fmt.Fprintf(b, " at %.3f", *s.Confidence)
	}
	fmt.Fprintf(b, " (%.1f ms)\n", s.DurationMS)
	if s.Error != nil {
		fmt.Fprintf(b, "    error %s: %s\n", s.Error.Code, s.Error.Message)
	}
	for _, a := range s.Attempts {
		v := a.Value
		if len(v) > 40 {
			v = v[:40] + "…"
		}
		fmt.Fprintf(b, "    attempt %-11s %-42q found=%-5v matches=%d confidence=%.3f %.1fms", a.Type, v, a.Found, a.MatchCount, a.Confidence, a.DurationMS)
		if a.Error != "" {
			fmt.Fprintf(b, " %s", a.Error)
		}
		b.WriteByte('\n')
	}
}
