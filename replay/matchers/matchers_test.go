package matchers

import (
	"strings"
	"testing"

	. "github.com/onsi/gomega"

	"github.com/qa-chain/chainreplay/report"
)

func sample() report.Flow {
	c := 0.91
	return report.Flow{Name: "login", Status: report.Failed, Steps: []report.Step{
		{Index: 1, Action: "click", Status: report.Passed, Strategy: "testid", Confidence: &c,
			Attempts: []report.Attempt{{Type: "testid", Value: "go", Found: true, Confidence: 0.91, MatchCount: 1}}},
		{Index: 2, Action: "click", Status: report.Failed, Error: &report.Error{Code: report.LowConfidence, Message: "too low"},
			Attempts: []report.Attempt{{Type: "css", Value: ".gone", Error: "no element matches"}}},
	}}
}

func TestMatchers(t *testing.T) {
	g := NewWithT(t)
	f := sample()
	g.Expect(f.Step(1)).To(HavePassed())
	g.Expect(f.Step(2)).NotTo(HavePassed())
	g.Expect(f).NotTo(HavePassed())
	g.Expect(&f).To(HaveFailedWith(report.LowConfidence))
	g.Expect(f.Step(1)).To(HaveWonWith("testid"))
	g.Expect(f.Step(1)).NotTo(HaveWonWith("css"))
	g.Expect(f.Step(1)).To(HaveConfidence(BeNumerically(">=", 0.9)))
	g.Expect(f.Step(1)).NotTo(HaveConfidence(BeNumerically(">", 0.95)))
	g.Expect(f.Step(2)).To(HaveFailedWith(report.LowConfidence))
	ok, err := HaveConfidence(BeNumerically(">", 0)).Match(f.Step(2))
	g.Expect(err).NotTo(HaveOccurred())
	g.Expect(ok).To(BeFalse(), "a step that located nothing has no confidence")
}

func TestFailureMessagesShowAttempts(t *testing.T) {
	f := sample()
	msg := HavePassed().FailureMessage(f)
	for _, want := range []string{"step 2", "LOW_CONFIDENCE", "attempt css", `".gone"`, "no element matches", "attempt testid"} {
		if !strings.Contains(msg, want) {
			t.Errorf("failure message lacks %q:\n%s", want, msg)
		}
	}
	msg = HaveWonWith("css").FailureMessage(f.Step(1))
	if !strings.Contains(msg, "by testid") || !strings.Contains(msg, "attempt testid") {
		t.Errorf("HaveWonWith message:\n%s", msg)
	}
}

func TestMatcherErrors(t *testing.T) {
	if _, err := HavePassed().Match(42); err == nil {
		t.Error("HavePassed on an int must error")
	}
	var nilStep *report.Step
	if _, err := HaveWonWith("css").Match(nilStep); err == nil || !strings.Contains(err.Error(), "1-based") {
		t.Errorf("a nil step must say why: %v", err)
	}
	f := sample()
	if _, err := HaveWonWith("nonsense").Match(f.Step(1)); err == nil {
		t.Error("an unknown strategy type must error")
	}
}
