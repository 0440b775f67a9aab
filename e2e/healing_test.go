package e2e

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/go-rod/rod/lib/proto"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/onsi/gomega/gexec"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/browser"
	"github.com/qa-chain/chainreplay/replay"
	"github.com/qa-chain/chainreplay/report"
)

// The healing pages (fixtures/pages/healing): original.html has the sign-in
// button recorded below; redesigned.html changes its id, classes, test id
// and text all at once; decoy.html adds, before everything, a banner button
// that reads, looks and types like the recorded one; removed.html is the
// decoy page without the real button; replaced.html puts another control
// ("Delete account") where the button stood. The pages report clicks on the
// real button as "submit", on the banner button as "decoy" and on the
// other control as "replacement", by a name the engine cannot see.
var _ = Describe("similarity healing", func() {
	var flowPath string

	// recordFlow writes the flow of one click on the original sign-in
	// button, as the recorder writes it: every strategy it would emit, the
	// fingerprint, and the box measured in Chromium at the flow's viewport.
	recordFlow := func() string {
		page := Chromium.MustPage("")
		ClosePage(page)
		Expect(proto.EmulationSetDeviceMetricsOverride{Width: 1280, Height: 800, DeviceScaleFactor: 1}.Call(page)).To(Succeed())
		page.MustNavigate(Fixtures.URL + "/healing/original.html")
		Expect(browser.WaitLoadWithin(context.Background(), page, browser.LoadTimeout)).To(Succeed())
		var box struct{ X, Y, W, H, SX, SY float64 }
		res := page.MustElement("#login-btn").MustEval(`function () {
			const r = this.getBoundingClientRect();
			return {X: r.left, Y: r.top, W: r.width, H: r.height, SX: scrollX, SY: scrollY};
		}`)
		Expect(json.Unmarshal([]byte(res.JSON("", "")), &box)).To(Succeed())
		Expect(box.W).To(BeNumerically(">", 0))
		doc := chain.Rect{X: box.X + box.SX, Y: box.Y + box.SY, Width: box.W, Height: box.H}
		vp := chain.Rect{X: box.X, Y: box.Y, Width: box.W, Height: box.H}
		ctr := vp.Center()
		start := Fixtures.URL + "/healing/original.html"
		f := &chain.Flow{Version: chain.Version, Name: "healing", StartURL: start,
			Viewport: &chain.Size{Width: 1280, Height: 800},
			Steps: []chain.Step{{Action: chain.Click, Target: &chain.Target{
				Chain: []chain.Strategy{
					{Type: chain.TestID, Value: "login-submit", Confidence: 0.95},
					{Type: chain.ID, Value: "login-btn", Confidence: 0.9},
					{Type: chain.Role, Value: "button|Sign in", Confidence: 0.85},
					{Type: chain.Text, Value: "Sign in", Confidence: 0.8},
					{Type: chain.CSS, Value: "button.btn.primary", Confidence: 0.7},
					{Type: chain.XPath, Value: `//button[@id="login-btn"]`, Confidence: 0.65},
					{Type: chain.Similarity, Confidence: 0.62},
					chain.CoordinatesStrategy(chain.CoordinatesMeta{X: ctr.X, Y: ctr.Y, BoundingRect: &vp,
						Viewport: &chain.Size{Width: 1280, Height: 800}, ScrollPos: &chain.Point{X: box.SX, Y: box.SY},
						TagName: "button", ElementID: "login-btn", ClassList: []string{"btn", "primary"}}, 0.6),
				},
				Fingerprint: &chain.Fingerprint{Tag: "button", ID: "login-btn", Type: "submit",
					Classes: []string{"btn", "primary"}, Role: "button", AccessName: "Sign in", Text: "Sign in",
					TestIDs: map[string]string{"data-testid": "login-submit"}, CSS: "button.btn.primary",
					XPath: `//button[@id="login-btn"]`, Neighbours: []string{"Sign in"}, Box: &doc},
			}}}}
		p := TempPath("healing.yaml")
		Expect(chain.Save(p, f)).To(Succeed())
		return p
	}

	// replayOn replays the flow with its start URL moved to the given
	// healing page ("redesigned", or with a query: "redesigned?filler=3000")
	// and returns the exit status and the report.
	replayOn := func(page string, extra ...string) (int, report.Run) {
		f, err := chain.Load(flowPath)
		Expect(err).NotTo(HaveOccurred())
		pageName, query, _ := strings.Cut(page, "?")
		f.StartURL = Fixtures.URL + "/healing/" + pageName + ".html"
		if query != "" {
			f.StartURL += "?" + query
		}
		p := TempPath(pageName + ".yaml")
		Expect(chain.Save(p, f)).To(Succeed())
		rep := TempPath("report.json")
		args := append([]string{"--report-json", rep, "--timeout", "3s"}, extra...)
		cmd := exec.Command(ReplayerBin, append(args, p)...)
		Fixtures.ResetEvents()
		sess, err := gexec.Start(cmd, GinkgoWriter, GinkgoWriter)
		Expect(err).NotTo(HaveOccurred())
		Eventually(sess, 60*time.Second).Should(gexec.Exit())
		var run report.Run
		b, err := os.ReadFile(rep)
		Expect(err).NotTo(HaveOccurred(), "the replayer wrote no report")
		Expect(json.Unmarshal(b, &run)).To(Succeed())
		Expect(run.Flows).To(HaveLen(1))
		Expect(run.Flows[0].Steps).To(HaveLen(1))
		return sess.ExitCode(), run
	}

	clicks := func() []string {
		var out []string
		for _, e := range Fixtures.Events() {
			if e.Type == "click" {
				out = append(out, e.Element)
			}
		}
		return out
	}

	BeforeEach(func() { flowPath = recordFlow() })

	It("replays the unchanged page with the recorded test id", func() {
		code, run := replayOn("original")
		Expect(code).To(Equal(0))
		st := run.Flows[0].Steps[0]
		Expect(st.Strategy).To(Equal("testid"))
		Expect(st.Healed).To(BeNil())
		Eventually(clicks).Should(Equal([]string{"submit"}))
	})

	It("finds the button by similarity alone when its id, classes, test id and text all changed", func() {
		// Coordinates are left out: the only strategy that can find the
		// button is similarity.
		code, run := replayOn("redesigned", "--strategies", "testid,id,role,text,css,xpath,similarity")
		st := run.Flows[0].Steps[0]
		Expect(code).To(Equal(0), "step: %+v", st)
		Expect(st.Strategy).To(Equal("similarity"))
		Expect(*st.Confidence).To(BeNumerically(">=", 0.5))
		Expect(st.Healed).NotTo(BeNil())
		Expect(st.Healed.From).To(Equal("testid login-submit"))
		Expect(st.Healed.To).To(Equal("similarity"))
		Eventually(clicks).Should(Equal([]string{"submit"}))
	})

	It("writes back, with --update-flows, a target as strong as a fresh recording: each strategy alone finds the button", func() {
		f, err := chain.Load(flowPath)
		Expect(err).NotTo(HaveOccurred())
		f.StartURL = Fixtures.URL + "/healing/redesigned.html"
		p := TempPath("redesigned.yaml")
		Expect(chain.Save(p, f)).To(Succeed())
		sess, err := gexec.Start(exec.Command(ReplayerBin, "--timeout", "3s", "--update-flows", p), GinkgoWriter, GinkgoWriter)
		Expect(err).NotTo(HaveOccurred())
		Eventually(sess, 60*time.Second).Should(gexec.Exit(0))
		Expect(p + ".bak").To(BeAnExistingFile())
		updated, err := chain.Load(p)
		Expect(err).NotTo(HaveOccurred())
		t := updated.Steps[0].Target
		Expect(t.Fingerprint.ID).To(Equal("auth-go"), "a fresh fingerprint of the element as it is now")
		Expect(t.Chain[len(t.Chain)-1].Type).To(Equal(chain.Coordinates))
		types := map[chain.StrategyType]bool{}
		for _, st := range t.Chain {
			types[st.Type] = true
		}
		Expect(types).To(HaveKey(chain.Role))
		Expect(types).To(HaveKey(chain.ID))
		Expect(types).To(HaveKey(chain.Similarity))
		for _, st := range t.Chain {
			one := *updated
			one.Steps = []chain.Step{updated.Steps[0]}
			tt := *t
			tt.Chain = []chain.Strategy{st}
			one.Steps[0].Target = &tt
			res := rpReplay(&one, replay.Options{})
			Expect(res.Status).To(Equal(report.Passed), "%s %q alone: %+v", st.Type, st.Value, res.Steps[0].Error)
			Eventually(clicks).Should(Equal([]string{"submit"}), "%s %q alone clicked the button", st.Type, st.Value)
		}
	})

	It("heals with every strategy allowed, and reports what it healed from and to", func() {
		code, run := replayOn("redesigned")
		st := run.Flows[0].Steps[0]
		Expect(code).To(Equal(0), "step: %+v", st)
		Expect(st.Healed).NotTo(BeNil())
		Expect(st.Healed.Chain).To(ContainElement(HaveField("Type", "similarity")), "similarity found the element the step acted on")
		Eventually(clicks).Should(Equal([]string{"submit"}))
	})

	It("heals on a large page, and clicks the same button", func() {
		// 3,000 more elements around the redesigned button; role and text
		// are left out of the chain so that similarity decides.
		code, run := replayOn("redesigned?filler=3000", "--strategies", "testid,id,css,xpath,similarity,coordinates")
		st := run.Flows[0].Steps[0]
		Expect(code).To(Equal(0), "step: %+v", st)
		Expect(st.Attempts).To(ContainElement(And(HaveField("Type", "similarity"), HaveField("Found", true))), "attempts: %+v", st.Attempts)
		Eventually(clicks).Should(Equal([]string{"submit"}))
	})

	It("never clicks the decoy placed before the redesigned button", func() {
		code, run := replayOn("decoy")
		st := run.Flows[0].Steps[0]
		GinkgoWriter.Printf("decoy page: exit %d, step %+v\n", code, st)
		Consistently(clicks, 300*time.Millisecond).ShouldNot(ContainElement("decoy"))
		Expect(code).To(Equal(0), "healing should act on the real button: %+v", st.Error)
		Eventually(clicks).Should(Equal([]string{"submit"}))
	})

	It("refuses, clicking nothing, when the button is gone and only the decoy remains", func() {
		code, run := replayOn("removed")
		st := run.Flows[0].Steps[0]
		GinkgoWriter.Printf("removed page: exit %d, step %+v\n", code, st)
		Expect(code).To(Equal(1))
		Expect(st.Status).To(Equal(report.Failed))
		Expect(st.Error).NotTo(BeNil())
		Expect(st.Error.Code).To(BeElementOf(report.ElementNotFound, report.LowConfidence, report.Ambiguous))
		Consistently(clicks, 300*time.Millisecond).Should(BeEmpty())
	})
	It("refuses, clicking nothing, when another control stands where the button stood", func() {
		code, run := replayOn("replaced")
		st := run.Flows[0].Steps[0]
		GinkgoWriter.Printf("replaced page: exit %d, step %+v\n", code, st)
		Expect(code).To(Equal(1))
		Expect(st.Status).To(Equal(report.Failed))
		Expect(st.Error).NotTo(BeNil())
		Expect(st.Error.Code).To(BeElementOf(report.ElementNotFound, report.LowConfidence, report.Ambiguous))
		Consistently(clicks, 300*time.Millisecond).Should(BeEmpty())
	})
})
