package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/launcher"
	"github.com/go-rod/rod/lib/proto"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/onsi/gomega/gbytes"
	"github.com/onsi/gomega/gexec"

	"github.com/qa-chain/chainreplay/internal/browser"
	"github.com/qa-chain/chainreplay/report"
)

// Specs of the replayer as a CI runner (issue 7). The flows under
// testdata/ are recorded against http://127.0.0.1:8080 and replayed with
// --base-url on the fixture server.

// replayerRun runs the replayer binary and waits for it to exit.
func replayerRun(args ...string) *gexec.Session {
	GinkgoHelper()
	s, err := gexec.Start(exec.Command(ReplayerBin, args...), GinkgoWriter, GinkgoWriter)
	Expect(err).NotTo(HaveOccurred())
	Eventually(s).WithTimeout(3 * time.Minute).Should(gexec.Exit())
	return s
}

func readRun(path string) report.Run {
	GinkgoHelper()
	b, err := os.ReadFile(path)
	Expect(err).NotTo(HaveOccurred())
	var r report.Run
	Expect(json.Unmarshal(b, &r)).To(Succeed())
	return r
}

func files(r report.Run) []string {
	var out []string
	for _, f := range r.Flows {
		out = append(out, f.File)
	}
	return out
}

// zeroStepFlows writes n flows that only load a fixture page: sharding and
// expansion specs need many flows, not long ones.
func zeroStepFlows(n int) (dir string, paths []string) {
	dir = GinkgoT().TempDir()
	for i := range n {
		p := filepath.Join(dir, fmt.Sprintf("sub%d", i%3), fmt.Sprintf("f%02d.yaml", i))
		Expect(os.MkdirAll(filepath.Dir(p), 0o755)).To(Succeed())
		Expect(os.WriteFile(p, []byte(fmt.Sprintf("version: 1\nname: f%02d\nstart_url: http://127.0.0.1:8080/index.html\nsteps: []\n", i)), 0o644)).To(Succeed())
		paths = append(paths, p)
	}
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a flow"), 0o644)
	slices.Sort(paths)
	return dir, paths
}

var _ = Describe("the replayer as a CI runner", func() {
	It("exits 2 naming file, line and field when a flow does not load, before replaying anything", func() {
		s := replayerRun("testdata/suite", "testdata/broken", "--report-json", TempPath("r.json"))
		Expect(s.ExitCode()).To(Equal(2))
		Expect(s.Err).To(gbytes.Say(regexp.QuoteMeta("testdata/broken/bad-confidence.yaml:8: steps[0].target.chain[0].confidence: 7 is outside [0,1]")))
		Expect(TempPath("r.json")).NotTo(BeAnExistingFile())
	})

	DescribeTable("exits 2 on bad usage",
		func(args ...string) {
			s := replayerRun(args...)
			Expect(s.ExitCode()).To(Equal(2))
			Expect(s.Err.Contents()).NotTo(BeEmpty())
		},
		Entry("no flows", "--parallel", "2"),
		Entry("a missing file", "testdata/none.yaml"),
		Entry("a shard out of range", "--shard", "3/2", "testdata/suite"),
		Entry("an unknown strategy", "testdata/suite", "--strategies", "css,telepathy"),
		Entry("an unknown flag", "testdata/suite", "--turbo"),
		Entry("a folder without flows", "testdata/.."+"/doc.go"+"/.."),
	)

	It("replays a passing flow with flags after it and exits 0 (the full pipeline, needs the engine)", func() {
		rj := TempPath("r.json")
		s := replayerRun("testdata/suite/login-ok.yaml", "--base-url", Fixtures.URL, "--report-json", rj, "--timeout", "20s")
		Expect(s.ExitCode()).To(Equal(0), "stdout:\n%s", s.Out.Contents())
		r := readRun(rj)
		Expect(r.Summary.Flows).To(Equal(1))
		Expect(r.Summary.FlowsPassed).To(Equal(1))
		Expect(r.Flows[0].File).To(Equal("testdata/suite/login-ok.yaml"))
		Expect(r.Flows[0].Steps).To(HaveLen(4))
	})

	It("expands folders into the sorted list and the shards partition it exactly", func() {
		dir, paths := zeroStepFlows(7)
		var got []string
		for i := 1; i <= 3; i++ {
			rj := TempPath(fmt.Sprintf("shard%d.json", i))
			s := replayerRun(dir, "--shard", fmt.Sprintf("%d/3", i), "--parallel", "4", "--base-url", Fixtures.URL, "-q", "--report-json", rj)
			Expect(s.ExitCode()).To(Equal(0), "shard %d:\n%s", i, s.Out.Contents())
			part := files(readRun(rj))
			Expect(len(part)).To(BeNumerically(">=", 2))
			Expect(len(part)).To(BeNumerically("<=", 3))
			got = append(got, part...)
		}
		Expect(got).To(Equal(paths), "the three shards, in order, are the sorted list: nothing twice, nothing lost")
	})

	It("runs a suite with --parallel 4 --shard 1/2 and writes JSON, JUnit and an HTML report with the failed step's picture", func() {
		out := GinkgoT().TempDir()
		html := filepath.Join(out, "html")
		s := replayerRun("testdata/suite", "testdata/failing", "--parallel", "4", "--shard", "1/2",
			"--base-url", Fixtures.URL, "--report-json", filepath.Join(out, "r.json"),
			"--report-junit", filepath.Join(out, "junit.xml"), "--report-html", html)
		Expect(s.ExitCode()).To(Equal(1), "a step failed")

		By("plain output: a line per finished flow and per failed step, no control characters")
		stdout := string(s.Out.Contents())
		Expect(stdout).NotTo(MatchRegexp(`[\x00-\x09\x0b-\x1f\x7f]`))
		Expect(stdout).To(ContainSubstring("FAIL testdata/failing/missing-target.yaml (missing-target)"))
		Expect(stdout).To(MatchRegexp(`FAILED testdata/failing/missing-target.yaml step 2 click .*ELEMENT_NOT_FOUND`))
		Expect(strings.Count(stdout, "\nPASS ") + strings.Count(stdout, "\nFAIL ") + boolInt(strings.HasPrefix(stdout, "PASS ") || strings.HasPrefix(stdout, "FAIL "))).To(Equal(4))

		By("the JSON report holds the first half of the sorted list")
		r := readRun(filepath.Join(out, "r.json"))
		Expect(files(r)).To(Equal([]string{"testdata/failing/missing-target.yaml", "testdata/suite/list-add-blue-teapot.yaml",
			"testdata/suite/list-add-green-kettle.yaml", "testdata/suite/list-add-red-mug.yaml"}))
		failed := r.Flows[0].Step(2)
		Expect(failed.Status).To(Equal(report.Failed))
		Expect(failed.Error.Code).To(Equal(report.ElementNotFound))
		Expect(failed.Screenshot).To(Equal("screenshots/001-missing-target-step-02.png"))
		Expect(failed.URL).To(Equal(Fixtures.URL + "/login.html"))

		By("JUnit: one testcase per flow, the failure names step, code and attempts")
		var doc struct {
			Suites []struct {
				Tests    int `xml:"tests,attr"`
				Failures int `xml:"failures,attr"`
				Cases    []struct {
					Name    string `xml:"name,attr"`
					Failure *struct {
						Type    string `xml:"type,attr"`
						Message string `xml:"message,attr"`
						Text    string `xml:",chardata"`
					} `xml:"failure"`
				} `xml:"testcase"`
			} `xml:"testsuite"`
		}
		b, err := os.ReadFile(filepath.Join(out, "junit.xml"))
		Expect(err).NotTo(HaveOccurred())
		Expect(xml.Unmarshal(b, &doc)).To(Succeed())
		Expect(doc.Suites).To(HaveLen(1))
		Expect(doc.Suites[0].Tests).To(Equal(4))
		Expect(doc.Suites[0].Failures).To(Equal(1))
		f := doc.Suites[0].Cases[0].Failure
		Expect(f).NotTo(BeNil())
		Expect(f.Type).To(Equal("ELEMENT_NOT_FOUND"))
		Expect(f.Message).To(HavePrefix("step 2 (click"))
		Expect(f.Text).To(ContainSubstring("attempt testid \"checkout-now\": not found"))

		By("HTML: one folder with the page, its style and the screenshot")
		for _, name := range []string{"index.html", "report.css", "screenshots/001-missing-target-step-02.png"} {
			Expect(filepath.Join(html, name)).To(BeAnExistingFile())
		}
		shot := openReport(html, "runner-suite-report.png")
		Expect(shot.dialogs).To(BeZero())
		Expect(shot.brokenImages).To(BeZero(), "the failed step's screenshot shows in the report")
		Expect(shot.text).To(ContainSubstring("ELEMENT_NOT_FOUND"))
	})

	It("escapes page-derived text in the HTML report: nothing runs in real Chromium", func() {
		dir := GinkgoT().TempDir()
		hostile := `<img src=x onerror=alert(1)>`
		png := Chromium.MustPage(Fixtures.URL + "/login.html")
		Expect(browser.WaitLoadWithin(context.Background(), png, browser.LoadTimeout)).To(Succeed())
		shotBytes := png.MustScreenshot()
		png.MustClose()
		Expect(os.MkdirAll(filepath.Join(dir, "screenshots"), 0o755)).To(Succeed())
		Expect(os.WriteFile(filepath.Join(dir, "screenshots", "001-x-step-01.png"), shotBytes, 0o644)).To(Succeed())
		conf := 0.31
		r := &report.Run{Summary: report.Summary{DurationMS: 1234}, Flows: []report.Flow{{
			File: "flows/" + hostile + ".yaml", Name: "checkout " + hostile, Status: report.Failed, DurationMS: 1000,
			Steps: []report.Step{{
				Index: 1, Action: "click", Status: report.Failed, Description: `button "` + hostile + `"`,
				Strategy: "text", Confidence: &conf, URL: `javascript:alert(4)//"><script>window.__xss=1</script>`,
				Error:      &report.Error{Code: report.LowConfidence, Message: `best match ` + hostile + ` <script>window.__xss=2</script>`},
				Screenshot: "screenshots/001-x-step-01.png",
				Healed:     &report.Healing{From: `css ` + hostile, To: `text "><svg onload=alert(5)>`},
				Attempts: []report.Attempt{
					{Type: "role", Value: "button|" + hostile, Error: `"><iframe src=javascript:alert(6)>`},
					{Type: "text", Value: hostile, Found: true, Confidence: conf, MatchCount: 2},
				},
			}},
		}}}
		r.Summarize()
		Expect(report.WriteHTML(dir, r, report.HTMLOptions{Generated: time.Now()})).To(Succeed())

		res := openReport(dir, "runner-xss-report.png")
		Expect(res.dialogs).To(BeZero(), "no alert() ran")
		Expect(res.flag).To(Equal("undefined"), "no injected script ran")
		Expect(res.injected).To(BeZero(), "no element came from page text (img[src=x], svg, iframe, extra script)")
		Expect(res.text).To(ContainSubstring(hostile), "the hostile text shows as text")
		Expect(res.brokenImages).To(BeZero())
	})

	It("fails the flows a crashed browser held with BROWSER_CRASHED and goes on in a fresh browser (needs the engine)", func() {
		dir := GinkgoT().TempDir()
		for _, n := range []string{"a-held-1", "a-held-2"} {
			Expect(os.WriteFile(filepath.Join(dir, n+".yaml"), []byte("version: 1\nname: "+n+"\nstart_url: http://127.0.0.1:8080/login.html\n"+
				"steps:\n  - action: click\n    target:\n      chain:\n        - {type: testid, value: never-there, confidence: 0.9}\n"), 0o644)).To(Succeed())
		}
		ok, err := os.ReadFile("testdata/suite/login-empty.yaml")
		Expect(err).NotTo(HaveOccurred())
		for _, n := range []string{"b-after-1", "b-after-2"} {
			Expect(os.WriteFile(filepath.Join(dir, n+".yaml"), ok, 0o644)).To(Succeed())
		}
		rj := filepath.Join(dir, "r.json")
		cmd := exec.Command(ReplayerBin, dir, "-v", "--parallel", "2", "--timeout", "60s", "--base-url", Fixtures.URL, "--report-json", rj)
		stdout, err := cmd.StdoutPipe()
		Expect(err).NotTo(HaveOccurred())
		cmd.Stderr = GinkgoWriter
		Expect(cmd.Start()).To(Succeed())
		DeferCleanup(func() { cmd.Process.Kill() })

		pidRE := regexp.MustCompile(`browser #1: launched pid (\d+)`)
		started := 0
		pid := 0
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			line := sc.Text()
			fmt.Fprintln(GinkgoWriter, line)
			if m := pidRE.FindStringSubmatch(line); m != nil {
				pid, _ = strconv.Atoi(m[1])
			}
			// The held flows are on their step once the engine reports an attempt or the page is loaded;
			// "started" is printed when each has its context and page.
			if strings.Contains(line, "a-held-") && strings.Contains(line, "started in browser #1") {
				started++
			}
			if started == 2 {
				break
			}
		}
		Expect(pid).NotTo(BeZero())
		Expect(syscall.Kill(pid, syscall.SIGKILL)).To(Succeed())
		go io.Copy(GinkgoWriter, stdout)
		err = cmd.Wait()
		Expect(cmd.ProcessState.ExitCode()).To(Equal(1), "%v", err)

		r := readRun(rj)
		Expect(r.Flows).To(HaveLen(4))
		for _, f := range r.Flows[:2] {
			Expect(f.Status).To(Equal(report.Failed))
			Expect(f.Error).NotTo(BeNil())
			Expect(f.Error.Code).To(Equal(report.BrowserCrashed), "%s", f.Name)
		}
		for _, f := range r.Flows[2:] {
			Expect(f.Status).To(Equal(report.Passed), "%s ran in a fresh browser: %+v", f.File, f.Error)
		}
	})

	Describe("a remote browser (--browser ws://)", func() {
		var ws, top string
		var remote *rod.Browser

		BeforeEach(func() {
			bin, err := browser.Resolve(os.Getenv(browser.EnvVar))
			Expect(err).NotTo(HaveOccurred())
			// A second Chromium, as a browser farm would run it: DevTools on
			// 127.0.0.1, site isolation on (Chromium's default).
			l, u, err := browser.Launch(context.Background(), func() *launcher.Launcher {
				return browser.NewLauncher(bin, browser.Options{SiteIsolation: true}).
					Set("remote-debugging-port", "0").Set("remote-debugging-address", "127.0.0.1")
			})
			Expect(err).NotTo(HaveOccurred())
			ws = u
			DeferCleanup(func() { l.Kill(); l.Cleanup() })
			Expect(ws).To(HavePrefix("ws://127.0.0.1:"))
			remote = rod.New().ControlURL(ws).MustConnect()
			// Both fixture origins are on 127.0.0.1, one site. Served as
			// localhost, the top page is another site than its payment frame
			// (127.0.0.1, from /__origins), which site isolation puts in a
			// process of its own.
			top = strings.Replace(Fixtures.URL, "127.0.0.1", "localhost", 1)
		})

		It("replays there in parallel contexts and leaves the browser running for the next shard", func() {
			rj := TempPath("r.json")
			s := replayerRun("--browser", ws, "--base-url", Fixtures.URL, "--parallel", "2", "--report-json", rj,
				"testdata/suite/login-ok.yaml", "testdata/suite/login-empty.yaml")
			Expect(s.ExitCode()).To(Equal(0), "%s", s.Out.Contents())
			Expect(readRun(rj).Summary.FlowsPassed).To(Equal(2))

			_, err := proto.BrowserGetVersion{}.Call(remote)
			Expect(err).NotTo(HaveOccurred(), "the remote browser is still up")
			contexts, err := proto.TargetGetBrowserContexts{}.Call(remote)
			Expect(err).NotTo(HaveOccurred())
			Expect(contexts.BrowserContextIDs).To(BeEmpty(), "the replayer disposed of its browser contexts")
		})

		It("replays in a cross-site iframe that runs out of process (needs the engine's OOPIF support)", func() {
			By("the payment frame really is its own target in this browser")
			page := remote.MustPage(top + "/frames.html")
			Eventually(func() []string {
				var types []string
				if infos, _ := (proto.TargetGetTargets{}).Call(remote); infos != nil {
					for _, t := range infos.TargetInfos {
						types = append(types, string(t.Type))
					}
				}
				return types
			}).WithTimeout(15*time.Second).Should(ContainElement("iframe"), "site isolation: the cross-site frame is its own target")
			page.MustClose()

			Fixtures.ResetEvents()
			rj := TempPath("r.json")
			s := replayerRun("--browser", ws, "--base-url", top, "--report-json", rj, "--timeout", "5s", "testdata/remote/pay-frame.yaml")
			Expect(readRun(rj).Flows).To(HaveLen(1))
			Expect(s.ExitCode()).To(Equal(0), "%s", s.Out.Contents())
			Expect(Fixtures.Events()).To(ContainElement(And(HaveField("Element", "pay"), HaveField("Type", "click"))))
		})
	})
})

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// reportView is what a headless Chromium saw of an HTML report.
type reportView struct {
	dialogs      int
	flag         string
	injected     int
	brokenImages int
	text         string
}

var reportShotMu sync.Mutex

// openReport opens dir/index.html from disk in its own browser context,
// with every <details> opened, listens for dialogs, counts elements that
// could only come from injected markup, and saves a full-page PNG of it
// under $RUNNER_REPORT_SHOTS (when set) for people to look at.
func openReport(dir, shotName string) reportView {
	GinkgoHelper()
	ctx, err := Chromium.Incognito()
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(func() {
		proto.TargetDisposeBrowserContext{BrowserContextID: ctx.BrowserContextID}.Call(Chromium)
	})
	page, err := ctx.Page(proto.TargetCreateTarget{URL: "about:blank"})
	Expect(err).NotTo(HaveOccurred())
	page = page.Timeout(30 * time.Second)

	var v reportView
	var mu sync.Mutex
	go page.Context(context.Background()).EachEvent(func(e *proto.PageJavascriptDialogOpening) {
		mu.Lock()
		v.dialogs++
		mu.Unlock()
		proto.PageHandleJavaScriptDialog{Accept: true}.Call(page)
	})()
	Expect(proto.PageEnable{}.Call(page)).To(Succeed())
	abs, err := filepath.Abs(filepath.Join(dir, "index.html"))
	Expect(err).NotTo(HaveOccurred())
	Expect(page.Navigate("file://" + abs)).To(Succeed())
	Expect(browser.WaitLoadWithin(context.Background(), page, browser.LoadTimeout)).To(Succeed())
	page.MustEval(`() => document.querySelectorAll("details").forEach(d => d.open = true)`)
	// Images are loaded (or failed) once every <img> is complete.
	Expect(page.Wait(rod.Eval(`() => [...document.images].every(i => i.complete)`))).To(Succeed())

	v.flag = page.MustEval(`() => typeof window.__xss`).Str()
	v.injected = page.MustEval(`() => document.querySelectorAll('img[src="x"], svg, iframe, script, [onerror], [onload]').length`).Int()
	v.brokenImages = page.MustEval(`() => [...document.images].filter(i => i.naturalWidth === 0).length`).Int()
	v.text = page.MustEval(`() => document.body.innerText`).Str()
	Expect(page.MustEval(`() => getComputedStyle(document.querySelector(".badge")).color`).Str()).To(Equal("rgb(255, 255, 255)"), "report.css is applied")

	if out := os.Getenv("RUNNER_REPORT_SHOTS"); out != "" {
		reportShotMu.Lock()
		defer reportShotMu.Unlock()
		b, err := page.Screenshot(true, &proto.PageCaptureScreenshot{Format: proto.PageCaptureScreenshotFormatPng})
		Expect(err).NotTo(HaveOccurred())
		Expect(os.WriteFile(filepath.Join(out, shotName), b, 0o644)).To(Succeed())
	}
	mu.Lock()
	defer mu.Unlock()
	return v
}
