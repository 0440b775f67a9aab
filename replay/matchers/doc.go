// Package matchers gives Gomega matchers over replay results, so a Ginkgo
// spec reads
//
//	Expect(result).To(HavePassed())
//	Expect(result.Step(3)).To(HaveWonWith("testid"))
//	Expect(result.Step(3)).To(HaveConfidence(BeNumerically(">=", 0.8)))
//	Expect(result.Step(4)).To(HaveFailedWith(report.LowConfidence))
//
// Every failure message shows the steps involved with their attempts:
// which strategies ran, what each found, with what confidence.
//
// It knows report's result types and Gomega; nothing of browsers.
package matchers
