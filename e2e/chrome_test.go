package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/go-rod/rod/lib/proto"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/onsi/gomega/gexec"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/chromerec"
	"github.com/qa-chain/chainreplay/fixtures"
	"github.com/qa-chain/chainreplay/internal/browser"
	"github.com/qa-chain/chainreplay/report"
)

// Specs of Chrome DevTools Recorder recordings (issue 24). The recordings
// of testdata/chrome are written by hand as Chrome's recorder writes them,
// against the pages of fixtures/pages/chrome, with http://FIXTURE and
// http://OTHER standing for the fixture server's two origins (OTHER on
// another site, localhost, so that with site isolation its frames live in
// their own process). Each is replayed with @puppeteer/replay (the peer of
// scripts/bench, on the same Chromium) and, imported with `recorder
// convert`, with the replayer; the pages report each action to the fixture
// server under names the DOM does not show, so "the same effects" is what
// the pages saw: which element of which page received what, with which
// value.

// crPeerDir is where scripts/bench installs @puppeteer/replay.
var crPeerDir = filepath.Join("..", "scripts", "bench", "peer")

// crRecording writes the recording name of testdata/chrome with the
// fixture server's origins, and returns its path.
func crRecording(name string) string {
	GinkgoHelper()
	data, err := os.ReadFile(filepath.Join("testdata", "chrome", name))
	Expect(err).NotTo(HaveOccurred())
	s := strings.ReplaceAll(string(data), "http://FIXTURE", Fixtures.URL)
	s = strings.ReplaceAll(s, "http://OTHER", strings.Replace(Fixtures.OtherURL, "127.0.0.1", "localhost", 1))
	p := TempPath(name)
	Expect(os.WriteFile(p, []byte(s), 0o644)).To(Succeed())
	return p
}

// crPeerResult is what scripts/bench/peer/run.mjs prints of a recording.
type crPeerResult struct {
	Status string `json:"status"`
	Error  string `json:"error"`
	Steps  []struct {
		Type   string `json:"type"`
		Status string `json:"status"`
		Error  string `json:"error"`
	} `json:"steps"`
}

// crPeer replays a recording with @puppeteer/replay and returns its result
// and the events the pages reported. Node and the peer's npm install are
// required: without them the spec fails, it never skips.
func crPeer(rec string) (crPeerResult, []fixtures.Event) {
	GinkgoHelper()
	_, err := exec.LookPath("node")
	Expect(err).NotTo(HaveOccurred(), "these specs replay each recording with @puppeteer/replay too, which needs Node.js: apt-get install -y nodejs npm")
	_, err = os.Stat(filepath.Join(crPeerDir, "node_modules", "@puppeteer", "replay", "package.json"))
	Expect(err).NotTo(HaveOccurred(), "@puppeteer/replay is not installed: run `PUPPETEER_SKIP_DOWNLOAD=1 npm ci` in scripts/bench/peer (no browser is downloaded)")
	bin, err := browser.Resolve(os.Getenv(browser.EnvVar))
	Expect(err).NotTo(HaveOccurred())
	Fixtures.ResetEvents()
	abs, _ := filepath.Abs(rec)
	cmd := exec.Command("node", "run.mjs", "--browser", bin, "--timeout", "5000", abs)
	cmd.Dir = crPeerDir
	cmd.Env = append(os.Environ(), "PUPPETEER_SKIP_DOWNLOAD=1")
	out, _ := cmd.Output()
	var res struct {
		Recordings []crPeerResult `json:"recordings"`
	}
	Expect(json.Unmarshal(out, &res)).To(Succeed(), "the peer's output: %s", out)
	Expect(res.Recordings).To(HaveLen(1))
	return res.Recordings[0], SettledEvents(300 * time.Millisecond)
}

// crEngine imports a recording with `recorder convert` and replays the
// flow with the replayer; it returns the report, the replayer's exit code
// and output, and the events the pages reported.
func crEngine(rec string, args ...string) (report.Flow, int, string, []fixtures.Event) {
	GinkgoHelper()
	flow := strings.TrimSuffix(rec, ".json") + ".yaml"
	conv, err := gexec.Start(exec.Command(RecorderBin, "convert", rec, flow), GinkgoWriter, GinkgoWriter)
	Expect(err).NotTo(HaveOccurred())
	Eventually(conv).WithTimeout(30*time.Second).Should(gexec.Exit(0), "convert: %s", conv.Err.Contents())
	return crReplay(flow, args...)
}

// crReplay replays a flow (or a recording) with the replayer; it returns
// the report, the replayer's exit code and output, and the events the
// pages reported.
func crReplay(flow string, args ...string) (report.Flow, int, string, []fixtures.Event) {
	GinkgoHelper()
	Fixtures.ResetEvents()
	rep := TempPath("report.json")
	s, err := gexec.Start(exec.Command(ReplayerBin, append([]string{flow, "--report-json", rep, "--timeout", "5s", "--progress", "plain"}, args...)...), GinkgoWriter, GinkgoWriter)
	Expect(err).NotTo(HaveOccurred())
	Eventually(s).WithTimeout(2 * time.Minute).Should(gexec.Exit())
	events := SettledEvents(300 * time.Millisecond)
	var run report.Run
	if b, err := os.ReadFile(rep); err == nil {
		Expect(json.Unmarshal(b, &run)).To(Succeed())
	}
	var f report.Flow
	if len(run.Flows) == 1 {
		f = run.Flows[0]
	}
	return f, s.ExitCode(), string(s.Out.Contents()) + string(s.Err.Contents()), events
}

// crEffects are the events that say what the steps did, one line each
// ("page element type value"), sorted: scrolls are left out (how often a
// page reports its scroll position on the way there differs between
// engines; the position reached is checked by name).
func crEffects(events []fixtures.Event) []string {
	var out []string
	for _, e := range events {
		if e.Type == "scroll" {
			continue
		}
		out = append(out, fmt.Sprintf("%s %s %s %s", e.Page, e.Element, e.Type, e.Value))
	}
	sort.Strings(out)
	return out
}

func crHas(events []fixtures.Event, page, element, typ, value string) bool {
	return slices.ContainsFunc(events, func(e fixtures.Event) bool {
		return e.Page == page && e.Element == element && e.Type == typ && e.Value == value
	})
}

func crSteps(f report.Flow) string {
	var b strings.Builder
	for _, s := range f.Steps {
		fmt.Fprintf(&b, "%d %s %s", s.Index, s.Action, s.Status)
		if s.Error != nil {
			fmt.Fprintf(&b, " %s %s", s.Error.Code, s.Error.Message)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

var _ = Describe("Chrome Recorder recordings, replayed as @puppeteer/replay replays them", func() {
	DescribeTable("the engine replays green what @puppeteer/replay replays green, with the same effects on the pages",
		func(name string, want []string, never []string, args ...string) {
			rec := crRecording(name)
			peer, peerEvents := crPeer(rec)
			Expect(peer.Status).To(Equal("passed"), "@puppeteer/replay: %+v", peer)
			res, code, out, events := crEngine(rec, args...)
			Expect(code).To(Equal(0), "replayer:\n%s\n%s", out, crSteps(res))
			Expect(res.Status).To(Equal(report.Passed))
			for _, w := range want {
				f := strings.SplitN(w, " ", 4)
				for len(f) < 4 {
					f = append(f, "")
				}
				Expect(crHas(peerEvents, f[0], f[1], f[2], f[3])).To(BeTrue(), "@puppeteer/replay did not cause %q: %v", w, crEffects(peerEvents))
				Expect(crHas(events, f[0], f[1], f[2], f[3])).To(BeTrue(), "the engine did not cause %q: %v", w, crEffects(events))
			}
			for _, n := range never {
				for _, e := range events {
					Expect(e.Element).NotTo(Equal(n), "the engine acted on %s in %s", n, e.Page)
				}
			}
			Expect(crEffects(events)).To(Equal(crEffects(peerEvents)), "the effects differ from @puppeteer/replay's")
		},
		Entry("every selector kind, buttons, long press, keys held across steps, scrolls, and Enter that submits a form",
			"form.json", []string{
				"chrome-form email change ada@example.com",
				"chrome-form country change GB",
				"chrome-form terms click",
				"chrome-form star click",
				"chrome-form pad button-2 short", "chrome-form pad button-1 short", "chrome-form pad button-3 short",
				"chrome-form pad button-4 short", "chrome-form pad button-0 long",
				"chrome-form copy dblclick",
				"chrome-form keys keydown Shift+ArrowLeft", "chrome-form keys keydown Alt+ArrowRight",
				"chrome-form reviews scroll 60", "chrome-form page scroll 500",
				"chrome-form place-order click",
				"chrome-results results load kettle",
			}, nil),
		Entry("multi-part selectors through shadow roots, aria parts included", "shadow.json", []string{
			"chrome-shadow qty-copper change 3", "chrome-shadow add-steel click", "chrome-shadow checkout click",
		}, []string{"add-copper"}),
		Entry("frame index paths, a cross-origin frame in the page's process, a navigation checked in its frame", "frames.json", []string{
			"chrome-coupon coupon-code change SAVE10", "chrome-coupon apply click", "chrome-confirm confirm click",
			"chrome-coupon coupon-star click", "chrome-pay pay-star click", "chrome-tall review-star click", "chrome-tall helpful click",
			"chrome-pay card change 4242424242424242", "chrome-pay pay click", "chrome-paid paid load",
		}, []string{"decoy-pay"}),
		Entry("frame index paths through out-of-process frames (site isolation)", "frames.json", []string{
			"chrome-confirm confirm click", "chrome-pay pay click", "chrome-paid paid load", "chrome-tall helpful click",
		}, []string{"decoy-pay"}, "--site-isolation"),
		Entry("an out-of-process frame named by its URL as a step's target", "oopif-target.json", []string{
			"chrome-pay card change 4111111111111111", "chrome-pay pay click", "chrome-paid paid load", "chrome-coupon apply click",
		}, []string{"decoy-pay"}, "--site-isolation"),
		Entry("a frame named by its URL as a step's target, in the page's process", "oopif-target.json", []string{
			"chrome-pay card change 4111111111111111", "chrome-pay pay click", "chrome-paid paid load",
		}, []string{"decoy-pay"}),
		Entry("popups and tabs: each step in the page it was recorded in, and close", "popup.json", []string{
			"chrome-popup help-link click", "chrome-help help-question change Where is my order?", "chrome-help help-topic change delivery",
			"chrome-help help-send click", "chrome-chat chat-message change hello", "chrome-chat chat-send click",
			"chrome-popup opener-question change back", "chrome-popup done click",
		}, []string{"opener-send"}),
		Entry("waitForElement (count, operator, visible: false, attributes, properties), waitForExpression, timeouts", "waits.json", []string{
			"chrome-waits load click", "chrome-waits done click",
		}, nil),
		Entry("device emulation (mobile, touch, landscape) and network conditions (offline)", "device.json", []string{
			`chrome-device device report {"width":390,"dpr":2,"touch":true,"landscape":false}`,
			"chrome-device connection status offline",
			`chrome-device device report {"width":800,"dpr":1,"touch":false,"landscape":true}`,
		}, nil),
	)

	It("runs the frames recording's pay frame out of process with site isolation, as @puppeteer/replay does", func() {
		b, err := browser.Start(context.Background(), browser.Options{SiteIsolation: true})
		Expect(err).NotTo(HaveOccurred())
		defer b.Close()
		page := b.MustPage(Fixtures.URL + "/chrome/frames.html")
		defer page.Close()
		Expect(browser.WaitLoadWithin(context.Background(), page, browser.LoadTimeout)).To(Succeed())
		Eventually(func() []string {
			var urls []string
			res, err := proto.TargetGetTargets{}.Call(b.Browser)
			if err != nil {
				return nil
			}
			for _, t := range res.TargetInfos {
				if t.Type == "iframe" {
					urls = append(urls, t.URL)
				}
			}
			return urls
		}).WithTimeout(5 * time.Second).Should(ContainElement(ContainSubstring("localhost")))
	})

	DescribeTable("a step whose page or frame cannot be resolved fails, and nothing is done elsewhere",
		func(name, why string, never string) {
			rec := crRecording(name)
			peer, _ := crPeer(rec)
			Expect(peer.Status).To(Equal("failed"), "@puppeteer/replay fails it too")
			res, code, out, events := crEngine(rec)
			Expect(code).To(Equal(1), "replayer:\n%s", out)
			last := res.Steps[len(res.Steps)-1]
			Expect(last.Status).To(Equal(report.Failed))
			Expect(last.Error.Message).To(ContainSubstring(why))
			if never != "" {
				for _, e := range events {
					Expect(e.Element).NotTo(Equal(never))
				}
			}
		},
		Entry("a popup that never opens", "popup-missing.json", "did not open", "opener-send"),
		Entry("a frame index that names no frame", "frame-missing.json", "leads to no frame", "decoy-pay"),
		Entry("waiting for elements to be gone in a frame that is not there", "frame-gone.json", "leads to no frame", ""),
	)

	DescribeTable("clicks where the element is: on an SVG shape, and in view",
		func(name string, want ...string) {
			rec := crRecording(name)
			res, code, out, events := crEngine(rec)
			Expect(code).To(Equal(0), "replayer:\n%s\n%s", out, crSteps(res))
			for _, w := range want {
				f := strings.SplitN(w, " ", 3)
				Expect(crHas(events, f[0], f[1], f[2], "")).To(BeTrue(), "%q not in %v", w, crEffects(events))
			}
		},
		// @puppeteer/replay passes these steps but its clicks land on the
		// svg around the shape: the page reports heart-svg, never heart.
		Entry("a heart whose box corner, where the offset points, is not the heart's; a banner whose corner stays out of view",
			"shapes.json", "chrome-shapes heart click", "chrome-shapes banner click"),
		Entry("a star clicked at an offset taken from the svg, not from the shape", "svg-offset.json", "chrome-form star click"),
	)

	It("replays a recording without a navigate step on the page given with --url, and says so without it", func() {
		rec := crRecording("no-navigate.json")
		res, code, out, events := crEngine(rec, "--url", Fixtures.URL+"/chrome/form.html")
		Expect(code).To(Equal(0), "replayer:\n%s\n%s", out, crSteps(res))
		Expect(crHas(events, "chrome-form", "place-order", "click", "")).To(BeTrue())

		res, code, out, _ = crEngine(rec)
		Expect(code).To(Equal(1))
		Expect(res.Error).NotTo(BeNil(), "%s", out)
		Expect(res.Error.Message).To(ContainSubstring("--url"))
		Expect(out + res.Error.Message).NotTo(ContainSubstring("not a Chrome"))
	})

	It("honours the recording's timeout and the step's, with --timeout the default only", func() {
		res, code, out, _ := crEngine(crRecording("timeout-recording.json"), "--timeout", "20s")
		Expect(code).To(Equal(1), "%s", out)
		Expect(res.Steps[0].Error.Code).To(BeElementOf(report.ElementNotFound, report.Timeout))
		// The step's own time, not the process's (a browser to start on a
		// busy machine): it gave up long before 20 s.
		Expect(res.Steps[0].DurationMS).To(BeNumerically("<", 10_000), "the recording's 800 ms, not --timeout's 20 s")

		res, code, out, events := crEngine(crRecording("timeout-step.json"), "--timeout", "500ms")
		Expect(code).To(Equal(0), "the step's own 4 s: %s\n%s", out, crSteps(res))
		Expect(crHas(events, "chrome-waits", "late", "click", "")).To(BeTrue())
	})

	It("reads the recording's selectorAttribute as a test id, and replayer --testid-attr the application's own", func() {
		rec := crRecording("form.json")
		data, _ := os.ReadFile(rec)
		f, _, err := chromerec.Import(data)
		Expect(err).NotTo(HaveOccurred())
		Expect(f.TestIDAttrs).To(Equal([]string{"data-automation-id"}))
		var search []chain.Strategy
		for _, st := range f.Steps {
			if st.Action == chain.Type && st.Text == "kettle" {
				search = st.Target.Chain
			}
		}
		Expect(search).To(ContainElement(SatisfyAll(HaveField("Type", chain.TestID), HaveField("Value", "search"))))

		// A flow whose only strategy is the application's test id.
		flow := &chain.Flow{Version: chain.Version, Name: "testid", StartURL: Fixtures.URL + "/chrome/form.html", Steps: []chain.Step{{
			Action: chain.Click, Target: &chain.Target{Chain: []chain.Strategy{{Type: chain.TestID, Value: "search", Confidence: 0.9}}}}}}
		p := TempPath("testid.yaml")
		Expect(chain.Save(p, flow)).To(Succeed())
		s := replayerRun(p, "--timeout", "1s")
		Expect(s.ExitCode()).To(Equal(1), "data-automation-id is no default test id")
		s = replayerRun(p, "--timeout", "3s", "--testid-attr", "data-automation-id")
		Expect(s.ExitCode()).To(Equal(0), "%s", s.Out.Contents())
	})

	It("records the application's own test id attributes given with recorder --testid-attr", func() {
		f, _ := recFlow("chrome/form.html", "click #search\n", "--testid-attr", "data-automation-id", "--testid-attr", "data-e2e")
		Expect(f.TestIDAttrs).To(Equal([]string{"data-automation-id", "data-e2e"}))
		Expect(f.Steps).NotTo(BeEmpty())
		Expect(f.Steps[0].Target.Chain).To(ContainElement(SatisfyAll(HaveField("Type", chain.TestID), HaveField("Value", "search"))))
	})

	It("gives every recording back from import then export, through the flow file", func() {
		names, err := filepath.Glob(filepath.Join("testdata", "chrome", "*.json"))
		Expect(err).NotTo(HaveOccurred())
		Expect(len(names)).To(BeNumerically(">=", 10))
		for _, n := range names {
			rec := crRecording(filepath.Base(n))
			flow := strings.TrimSuffix(rec, ".json") + ".yaml"
			back := strings.TrimSuffix(rec, ".json") + ".back.json"
			for _, args := range [][]string{{"convert", rec, flow}, {"convert", flow, back}} {
				s, err := gexec.Start(exec.Command(RecorderBin, args...), GinkgoWriter, GinkgoWriter)
				Expect(err).NotTo(HaveOccurred())
				Eventually(s).WithTimeout(30*time.Second).Should(gexec.Exit(0), "%v: %s", args, s.Err.Contents())
			}
			a, _ := os.ReadFile(rec)
			b, _ := os.ReadFile(back)
			same, diff, err := chromerec.Same(a, b)
			Expect(err).NotTo(HaveOccurred())
			Expect(same).To(BeTrue(), "%s: %s", n, diff)
		}
	})
})

var _ = Describe("a Chrome recording given to the replayer as it is", func() {
	It("replays as its conversion does, and --update-flows writes the full flow beside it", func() {
		rec := crRecording("form.json")
		converted, code, out, convEvents := crEngine(rec)
		Expect(code).To(Equal(0), "the converted flow:\n%s\n%s", out, crSteps(converted))
		flow := strings.TrimSuffix(rec, ".json") + ".yaml"
		Expect(os.Remove(flow)).To(Succeed())

		Fixtures.ResetEvents()
		rep := TempPath("direct.json")
		s, err := gexec.Start(exec.Command(ReplayerBin, rec, "--report-json", rep, "--timeout", "5s", "--progress", "plain", "--update-flows"), GinkgoWriter, GinkgoWriter)
		Expect(err).NotTo(HaveOccurred())
		Eventually(s).WithTimeout(2 * time.Minute).Should(gexec.Exit())
		events := SettledEvents(300 * time.Millisecond)
		Expect(s.ExitCode()).To(Equal(0), "the recording:\n%s%s", s.Out.Contents(), s.Err.Contents())
		Expect(crEffects(events)).To(Equal(crEffects(convEvents)), "the recording's effects differ from its conversion's")
		var run report.Run
		b, err := os.ReadFile(rep)
		Expect(err).NotTo(HaveOccurred())
		Expect(json.Unmarshal(b, &run)).To(Succeed())
		Expect(run.Flows).To(HaveLen(1))
		Expect(run.Flows[0].File).To(Equal(rec))

		// The recording is left as it is; the flow written beside it
		// holds full chains and fingerprints, and replays green.
		Expect(string(s.Out.Contents())).To(ContainSubstring("wrote " + flow))
		f, err := chain.Load(flow)
		Expect(err).NotTo(HaveOccurred())
		for i, st := range f.Steps {
			switch st.Action {
			case chain.Click, chain.DblClick, chain.Hover, chain.Type, chain.Select:
				Expect(st.Target.Fingerprint).NotTo(BeNil(), "step %d (%s) has no fingerprint", i+1, st.Action)
			}
		}
		again, code, out, _ := crReplay(flow)
		Expect(code).To(Equal(0), "the written flow:\n%s\n%s", out, crSteps(again))
	})

	It("names the file of a recording that does not import, and exits 2", func() {
		bad := TempPath("broken.json")
		Expect(os.WriteFile(bad, []byte(`{"title": "t", "steps": [`), 0o644)).To(Succeed())
		s, err := gexec.Start(exec.Command(ReplayerBin, bad), GinkgoWriter, GinkgoWriter)
		Expect(err).NotTo(HaveOccurred())
		Eventually(s).WithTimeout(time.Minute).Should(gexec.Exit(2))
		Expect(string(s.Err.Contents())).To(ContainSubstring(bad + ": not a Chrome DevTools Recorder recording"))
	})
})
