package e2e

import (
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/onsi/gomega/gexec"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/fixtures"
	"github.com/qa-chain/chainreplay/report"
)

// sessionReplay replays flow with the replayer command and returns its
// report, exit code and output.
func sessionReplay(flow string, args ...string) (report.Flow, int, string) {
	GinkgoHelper()
	rep := TempPath("report.json")
	s, err := gexec.Start(exec.Command(ReplayerBin, append([]string{flow, "--report-json", rep, "--timeout", "5s", "--progress", "plain"}, args...)...), GinkgoWriter, GinkgoWriter)
	Expect(err).NotTo(HaveOccurred())
	Eventually(s).WithTimeout(2 * time.Minute).Should(gexec.Exit())
	var run report.Run
	b, err := os.ReadFile(rep)
	Expect(err).NotTo(HaveOccurred(), "the replayer wrote no report:\n%s%s", s.Out.Contents(), s.Err.Contents())
	Expect(json.Unmarshal(b, &run)).To(Succeed())
	Expect(run.Flows).To(HaveLen(1))
	return run.Flows[0], s.ExitCode(), string(s.Out.Contents()) + string(s.Err.Contents())
}

// sessionEffects are the board's and the report's events, one line each
// ("page element type value").
func sessionEffects() []string {
	var out []string
	for _, e := range Fixtures.Events() {
		if e.Page == "board" || e.Page == "report" {
			out = append(out, strings.Join([]string{e.Page, e.Element, e.Type, e.Value}, " "))
		}
	}
	return out
}

var _ = Describe("recording for people: assertions, hover menus, drags and new tabs", Ordered, func() {
	var flowPath string
	var flow *chain.Flow

	BeforeAll(func() {
		Fixtures.ResetEvents()
		r := recStart("board.html", fixtures.BoardSession)
		Eventually(r.session, 90*time.Second).Should(gexec.Exit(0), "recorder output:\n%s\n%s", recStdout(r.session), recStderr(r.session))
		var err error
		flow, err = chain.Load(r.out)
		Expect(err).NotTo(HaveOccurred())
		flowPath = r.out
	})

	It("records exactly the session's steps, none of them a toolbar click, each in the page it acted in", func() {
		Expect(recActions(flow)).To(Equal([]chain.Action{chain.Hover, chain.Click, chain.AssertText, chain.Type,
			chain.AssertValue, chain.AssertVisible, chain.Drag, chain.Click, chain.Click, chain.AssertText}))
		Expect(flow.Steps[2].Text).To(Equal("Project: Beta"))
		Expect(flow.Steps[4].Text).To(Equal("Dana Scully"))
		Expect(flow.Steps[6].DropTarget).NotTo(BeNil())
		Expect(flow.Steps[9].Text).To(Equal("Acknowledged"))
		Expect(flow.Pages).To(HaveLen(2))
		Expect(flow.Pages[1].URL).To(HaveSuffix("/report.html"))
		var pages []int
		for _, s := range flow.Steps {
			pages = append(pages, s.Page)
			for _, t := range []*chain.Target{s.Target, s.DropTarget} {
				if t != nil && t.Fingerprint != nil {
					Expect(strings.ToLower(t.Fingerprint.Tag)).NotTo(ContainSubstring("chainreplay"), "a step acts on the toolbar")
				}
			}
		}
		Expect(pages).To(Equal([]int{0, 0, 0, 0, 0, 0, 0, 0, 1, 1}))
		// What the person did reached the page while recording.
		Expect(sessionEffects()).To(ContainElements(
			"board menu-beta click ", "board owner change Dana Scully", "board card:Write tests drop done", "report ack click "))
	})

	It("replays green with the same effects on the pages, in the tab the link opened", func() {
		Fixtures.ResetEvents()
		res, code, out := sessionReplay(flowPath)
		Expect(code).To(Equal(0), out)
		Expect(res.Status).To(Equal(report.Passed))
		Expect(res.Steps).To(HaveLen(10))
		Expect(sessionEffects()).To(Equal([]string{
			"board menu-beta click ", "board owner change Dana Scully", "board card:Write tests drop done", "report ack click "}))
	})

	It("fails with the assertion's own error when the asserted text changed, and acts no further", func() {
		f := *flow
		f.StartURL = strings.Replace(flow.StartURL, "/board.html", "/board.html?reworded", 1)
		changed := TempPath("board-reworded.yaml")
		Expect(chain.Save(changed, &f)).To(Succeed())
		Fixtures.ResetEvents()
		res, code, out := sessionReplay(changed)
		Expect(code).To(Equal(1), out)
		st := res.Steps[2]
		Expect(st.Status).To(Equal(report.Failed))
		Expect(st.Error).NotTo(BeNil())
		Expect(string(st.Error.Code)).To(Equal("ASSERTION_FAILED"))
		Expect(st.Error.Message).To(ContainSubstring(`text is "Current project is Beta", expected it to contain "Project: Beta"`))
		for _, later := range res.Steps[3:] {
			Expect(later.Status).To(Equal(report.Skipped))
		}
		Expect(sessionEffects()).To(Equal([]string{"board menu-beta click "}))
	})
})
