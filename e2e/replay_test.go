package e2e

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/go-rod/rod/lib/proto"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/onsi/gomega/gexec"
	gtypes "github.com/onsi/gomega/types"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/chromerec"
	"github.com/qa-chain/chainreplay/flowupdate"
	"github.com/qa-chain/chainreplay/internal/browser"
	"github.com/qa-chain/chainreplay/replay"
	. "github.com/qa-chain/chainreplay/replay/matchers"
	"github.com/qa-chain/chainreplay/report"
)

// Specs of the replay engine (issue 4): a login flow recorded on
// login.html is replayed on changed versions of the page
// (fixtures/pages/variants). The pages name their elements only to the
// fixture server's event log, so "the right element received the click" is
// checked by a means the engine cannot see.

const rpPassword = "correct horse"

// rpLoad loads a flow from fixtures/flows and points it at page (a path
// under the fixture server, "variants/login-decoy.html").
func rpLoad(name, page string) *chain.Flow {
	GinkgoHelper()
	f, err := chain.Load(filepath.Join("..", "fixtures", "flows", name))
	Expect(err).NotTo(HaveOccurred())
	if page != "" {
		u := f.StartURL[:strings.LastIndex(f.StartURL, "/")+1]
		f.StartURL = u + page
	}
	return f
}

// rpReplay replays f on a fresh page with the fixture server's origin and
// returns the result; events start empty.
func rpReplay(f *chain.Flow, opts replay.Options) report.Flow {
	GinkgoHelper()
	page := Chromium.MustPage("")
	ClosePage(page)
	Fixtures.ResetEvents()
	opts.BaseURL = Fixtures.URL
	if opts.LookupSecret == nil {
		opts.LookupSecret = func(name string) (string, bool) { return rpPassword, true }
	}
	if opts.Timeout == 0 {
		opts.Timeout = 3 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	DeferCleanup(cancel)
	return replay.Flow(ctx, page, f, opts)
}

// rpEvent matches a fixture event of element name and DOM event type.
func rpEvent(name, typ string) gtypes.GomegaMatcher {
	return SatisfyAll(HaveField("Element", name), HaveField("Type", typ))
}

func rpClicked(name string) {
	GinkgoHelper()
	Eventually(Fixtures.Events).WithTimeout(3 * time.Second).Should(ContainElement(rpEvent(name, "click")))
}

// rpClicks lists the logical elements that received a click.
func rpClicks() []string {
	var out []string
	for _, e := range Fixtures.Events() {
		if e.Type == "click" {
			out = append(out, e.Element)
		}
	}
	return out
}

var _ = Describe("replaying a login flow on a changed page", func() {
	It("replays the unchanged page with the first strategy of every step", func() {
		res := rpReplay(rpLoad("login.yaml", ""), replay.Options{})
		Expect(res).To(HavePassed())
		Expect(res.Step(1)).To(HaveWonWith("id"))
		Expect(res.Step(4)).To(HaveWonWith("testid"))
		Expect(res.Step(4)).To(HaveConfidence(BeNumerically("~", 0.95, 0.001)))
		Expect(res.Step(4).Attempts).To(HaveLen(1), "a unique verified match stops the chain")
		rpClicked("submit")
		Eventually(Fixtures.Events).Should(ContainElement(SatisfyAll(rpEvent("password", "change"), HaveField("Value", rpPassword))))
	})

	DescribeTable("finds the same element after the page changed",
		func(page string, step int, strategy string, conf gtypes.GomegaMatcher, also func(report.Flow)) {
			res := rpReplay(rpLoad("login.yaml", "variants/"+page), replay.Options{})
			Expect(res).To(HavePassed())
			Expect(res.Step(step)).To(HaveWonWith(strategy))
			Expect(res.Step(step)).To(HaveConfidence(conf))
			rpClicked("submit")
			Expect(Fixtures.Events()).To(HaveEach(HaveField("Page", "login@"+strings.TrimSuffix(strings.TrimPrefix(page, "login-"), ".html"))))
			if also != nil {
				also(res)
			}
		},
		Entry("ids renamed: the test id still holds", "login-ids-renamed.html", 4, "testid", BeNumerically(">=", 0.85),
			func(res report.Flow) {
				Expect(res.Step(1)).To(HaveWonWith("name"), "the email field lost its id, its name remains")
				Expect(res.Step(4).Attempts).To(HaveLen(1))
			}),
		Entry("classes renamed and test ids removed: role and name", "login-restyled.html", 4, "role", BeNumerically(">=", 0.8), nil),
		Entry("text reworded: the position and the classes agree", "login-reworded.html", 4, "coordinates", BeNumerically(">=", 0.7),
			func(res report.Flow) {
				Expect(res.Step(4).Attempts).To(ContainElement(SatisfyAll(HaveField("Type", "css"), HaveField("Found", true))),
					"css still finds the button and agrees with the coordinates")
			}),
		Entry("wrappers added: selectors that named the structure fail, the test id holds", "login-wrapped.html", 4, "testid", BeNumerically(">=", 0.9), nil),
		Entry("siblings inserted: the test id holds", "login-siblings.html", 4, "testid", BeNumerically(">=", 0.85),
			func(report.Flow) { Expect(rpClicks()).NotTo(ContainElement("signup")) }),
		Entry("layout shifted: role wins, the stale coordinates are not trusted", "login-shifted.html", 4, "role", BeNumerically(">=", 0.8),
			func(res report.Flow) {
				Expect(res.Step(4).Attempts).To(ContainElement(SatisfyAll(HaveField("Type", "coordinates"), HaveField("Confidence", BeNumerically("<", 0.3)))))
			}),
		Entry("everything but the place changed: coordinates, verified, capped", "login-rebuilt.html", 4, "coordinates", SatisfyAll(BeNumerically(">=", 0.6), BeNumerically("<=", 0.75)), nil),
	)

	It("picks the real button over a look-alike decoy placed before it", func() {
		res := rpReplay(rpLoad("login.yaml", "variants/login-decoy.html"), replay.Options{})
		Expect(res).To(HavePassed())
		// Role, text and CSS each picked one of several look-alikes: they
		// count once together (decision.Positional), so the unique XPath and
		// that one vote carry the step, a little under the early-stop bar.
		Expect(res.Step(4)).To(HaveConfidence(BeNumerically(">=", 0.75)))
		Expect(res.Step(4).Attempts).To(ContainElement(SatisfyAll(HaveField("Type", "role"), HaveField("MatchCount", 2))))
		rpClicked("submit")
		Expect(rpClicks()).NotTo(ContainElement("decoy-submit"))
	})

	It("does not follow its strongest strategy onto another element", func() {
		res := rpReplay(rpLoad("login.yaml", "variants/login-testid-moved.html"), replay.Options{})
		Expect(res.Step(4).Attempts).To(ContainElement(SatisfyAll(HaveField("Type", "testid"), HaveField("Found", true),
			HaveField("Confidence", BeNumerically("<", 0.5)))),
			"the test id now sits on the Create account button, which does not verify as the recorded one")
		Expect(res).To(HavePassed())
		Expect(res.Step(4)).NotTo(HaveWonWith("testid"))
		rpClicked("submit")
		Expect(rpClicks()).NotTo(ContainElement("signup"))
	})

	It("fails the step and clicks nothing when the target is gone", func() {
		res := rpReplay(rpLoad("login.yaml", "variants/login-removed.html"), replay.Options{Timeout: time.Second})
		Expect(res).NotTo(HavePassed())
		Expect(res.Step(3)).To(HavePassed())
		Expect(res.Step(4)).To(Or(HaveFailedWith(report.LowConfidence), HaveFailedWith(report.ElementNotFound)))
		Expect(res.Step(4).Strategy).To(BeEmpty())
		Expect(res.Step(5).Status).To(Equal(report.Skipped))
		rpClicked("remember")
		Consistently(rpClicks).WithTimeout(300*time.Millisecond).Should(Equal([]string{"remember"}),
			"nothing but the checkbox of step 3 was clicked")
	})

	It("reports an overlay on top of the target instead of clicking through it", func() {
		res := rpReplay(rpLoad("login.yaml", "variants/login-covered.html"), replay.Options{Timeout: 2 * time.Second})
		Expect(res.Step(3)).To(HavePassed())
		Expect(res.Step(4)).To(HaveFailedWith(report.NotActionable))
		Expect(res.Step(4).Error.Message).To(ContainSubstring("cookie-wall"))
		Expect(res.Step(4)).To(HaveWonWith("testid"), "the element was found; it could not be clicked")
		rpClicked("remember")
		Consistently(rpClicks).WithTimeout(300 * time.Millisecond).Should(Equal([]string{"remember"}))
	})

	It("fails with LOW_CONFIDENCE when the minimum is above what the evidence supports", func() {
		res := rpReplay(rpLoad("login.yaml", "variants/login-rebuilt.html"), replay.Options{MinConfidence: 0.8, Timeout: 500 * time.Millisecond})
		Expect(res.Step(4)).To(HaveFailedWith(report.LowConfidence))
		Consistently(rpClicks).WithTimeout(300 * time.Millisecond).ShouldNot(ContainElement("submit"))
	})

	It("keeps to the allowed strategies", func() {
		f := rpLoad("login.yaml", "")
		f.Steps = f.Steps[:4] // the assert step has neither css nor coordinates
		res := rpReplay(f, replay.Options{Strategies: []chain.StrategyType{chain.CSS, chain.Coordinates}})
		Expect(res).To(HavePassed())
		for _, s := range res.Steps {
			for _, a := range s.Attempts {
				Expect(a.Type).To(BeElementOf("css", "coordinates"))
			}
		}
	})

	It("fails a step whose secret is not set, without printing anything of it", func() {
		res := rpReplay(rpLoad("login.yaml", ""), replay.Options{LookupSecret: func(string) (string, bool) { return "", false }})
		Expect(res.Step(2)).To(HaveFailedWith(report.SecretMissing))
		Expect(res.Step(2).Error.Message).To(ContainSubstring("FIXTURE_PASSWORD"))
	})
})

var _ = Describe("waiting like a careful person", func() {
	It("waits for the navigation a step caused, picks the recorded one of identical buttons, follows a pushState route", func() {
		res := rpReplay(rpLoad("shop.yaml", ""), replay.Options{})
		Expect(res).To(HavePassed())
		Expect(res.Step(1).URL).To(HaveSuffix("/list.html"))
		Expect(res.Step(7).URL).To(HaveSuffix("/spa.html?view=profile"))
		rpClicked("add:Blue teapot")
		Expect(rpClicks()).NotTo(ContainElements("add:Red mug", "add:Green kettle", "add:Yellow cup"))
		Eventually(Fixtures.Events).Should(ContainElement(SatisfyAll(rpEvent("sort", "change"), HaveField("Value", "price"))))
		Eventually(Fixtures.Events).Should(ContainElement(rpEvent("go-profile", "click")))
	})

	It("describes anew a step whose winner held while others of its strategies broke, for --update-flows", func() {
		// The ids were renamed; the sign-in button's test id survives and
		// wins, its id strategy no longer finds it: the step drifted.
		res := rpReplay(rpLoad("login.yaml", "variants/login-ids-renamed.html"), replay.Options{Rewrite: true})
		Expect(res).To(HavePassed())
		st := res.Step(4)
		Expect(st.Healed).NotTo(BeNil())
		Expect(st.Healed.Drift).To(BeTrue())
		Expect(st.Healed.Target).NotTo(BeNil())
		Expect(st.Healed.Target.Fingerprint.ID).To(Equal("submit-login"))
		var ids []string
		for _, s := range st.Healed.Target.Chain {
			if s.Type == chain.ID {
				ids = append(ids, s.Value)
			}
		}
		Expect(ids).To(Equal([]string{"submit-login"}))
		// An unchanged page leaves every step as it is.
		res = rpReplay(rpLoad("login.yaml", "login.html"), replay.Options{Rewrite: true})
		Expect(res).To(HavePassed())
		for _, st := range res.Steps {
			Expect(st.Healed).To(BeNil(), "step %d", st.Index)
		}
	})

	It("describes anew, for --update-flows, every step of an imported Chrome recording, which then holds where Chrome's selectors break", func() {
		data, _, err := chromerec.Export(rpLoad("login.yaml", ""))
		Expect(err).NotTo(HaveOccurred())
		imported := func() *chain.Flow {
			f, _, err := chromerec.Import(data)
			Expect(err).NotTo(HaveOccurred())
			for _, s := range f.Steps {
				Expect(s.Target.Described()).To(BeFalse(), "an imported step knows only Chrome's selectors")
			}
			return f
		}
		// Reworded texts, and a decoy of the sign-in button placed before it.
		variants := []string{"variants/login-reworded.html", "variants/login-decoy.html"}
		for _, v := range variants {
			f := imported()
			f.StartURL = strings.Replace(f.StartURL, "login.html", v, 1)
			Expect(rpReplay(f, replay.Options{Timeout: time.Second})).NotTo(HavePassed(), "Chrome's selectors alone do not hold on %s", v)
		}

		f := imported()
		res := rpReplay(f, replay.Options{Rewrite: true})
		Expect(res).To(HavePassed())
		described := 0
		for _, st := range res.Steps {
			if st.Healed == nil {
				continue
			}
			Expect(st.Healed.Described).To(BeTrue(), "step %d: nothing healed on the unchanged page", st.Index)
			Expect(st.Healed.Target).NotTo(BeNil())
			Expect(st.Healed.Target.Described()).To(BeTrue())
			described++
		}
		Expect(described).To(BeNumerically(">=", 4), "every step with a target")
		changed, err := flowupdate.Apply(f, res)
		Expect(err).NotTo(HaveOccurred())
		Expect(changed).To(HaveLen(described))

		start := f.StartURL
		for _, v := range variants {
			f.StartURL = strings.Replace(start, "login.html", v, 1)
			Expect(rpReplay(f, replay.Options{})).To(HavePassed(), "the described flow holds on %s", v)
			rpClicked("submit")
		}
	})

	It("retries the chain until a late-rendered target appears", func() {
		res := rpReplay(rpLoad("login.yaml", "variants/login-late.html"), replay.Options{})
		Expect(res).To(HavePassed())
		Expect(res.Step(1)).To(HaveWonWith("id"))
		// The form renders 700 ms after the load event the replay waited
		// for: only a retried chain finds it.
		rpClicked("submit")
	})

	It("fails a step whose recorded navigation does not happen, and follows one that leads elsewhere with a note", func() {
		// The sign-in button submits in page script: no navigation.
		f := rpLoad("login.yaml", "")
		f.Steps = f.Steps[:4]
		f.Steps[3].Navigated = &chain.Navigation{URL: "http://127.0.0.1:8080/welcome.html"}
		res := rpReplay(f, replay.Options{Timeout: time.Second})
		Expect(res.Step(4)).To(HaveFailedWith(report.NavigationFailed))

		// "Browse products" loads list.html; recorded as leading to
		// index.html (the app moved it), it passes and says so.
		f = rpLoad("shop.yaml", "")
		f.Steps = f.Steps[:1]
		f.Steps[0].Navigated = &chain.Navigation{URL: "http://127.0.0.1:8080/index.html"}
		res = rpReplay(f, replay.Options{Timeout: 3 * time.Second})
		Expect(res).To(HavePassed())
		Expect(res.Step(1).Notes).To(ContainElement(MatchRegexp(`led to http://127\.0\.0\.1:\d+/list\.html; recorded http://127\.0\.0\.1:\d+/index\.html`)))
	})
})

var _ = Describe("the action set", func() {
	It("performs every action of the flow model through DevTools input, on the right elements", func() {
		res := rpReplay(rpLoad("actions.yaml", ""), replay.Options{BaseDir: filepath.Join("..", "fixtures", "flows")})
		Expect(res).To(HavePassed())
		Eventually(Fixtures.Events).WithTimeout(3 * time.Second).Should(SatisfyAll(
			ContainElement(rpEvent("dbl", "dblclick")),
			ContainElement(rpEvent("ctx", "contextmenu")),
			ContainElement(rpEvent("hover-zone", "mouseover")),
			ContainElement(rpEvent("menu", "click")),
			ContainElement(SatisfyAll(rpEvent("search-enter", "submit"), HaveField("Value", "teapot"))),
			ContainElement(rpEvent("search-ctrl-k", "shortcut")),
			ContainElement(SatisfyAll(rpEvent("size", "change"), HaveField("Value", "m"))),
			ContainElement(SatisfyAll(rpEvent("file", "change"), HaveField("Value", "actions-upload.txt"))),
			ContainElement(rpEvent("scroller", "scroll")),
			ContainElement(rpEvent("drop", "drop")),
			ContainElement(rpEvent("far", "click")),
		))
		keydowns := 0
		for _, e := range Fixtures.Events() {
			if e.Element == "search" && e.Type == "keydown" {
				keydowns++
			}
		}
		Expect(keydowns).To(BeNumerically(">=", len("teapot")), "the page listens for keys, so each character went as a key event")
	})

	It("clicks a below-the-fold element by its recorded point alone, scrolling it into view", func() {
		page := Chromium.MustPage(Fixtures.URL + "/variants/actions.html")
		ClosePage(page)
		Expect(proto.EmulationSetDeviceMetricsOverride{Width: 1280, Height: 800, DeviceScaleFactor: 1}.Call(page)).To(Succeed())
		Expect(browser.WaitLoadWithin(context.Background(), page, browser.LoadTimeout)).To(Succeed())
		box := page.MustElement("#far").MustShape().Box() // document coordinates at scroll 0
		// Recorded with the page scrolled so that the button sat at y=400.
		scrollY := box.Y + box.Height/2 - 400
		meta := chain.CoordinatesMeta{X: box.X + box.Width/2, Y: 400,
			BoundingRect: &chain.Rect{X: box.X, Y: box.Y - scrollY, Width: box.Width, Height: box.Height},
			Viewport:     &chain.Size{Width: 1280, Height: 800}, ScrollPos: &chain.Point{Y: scrollY},
			TagName: "button", ElementID: "far"}
		f := &chain.Flow{Version: 1, Name: "far", StartURL: "http://127.0.0.1:8080/variants/actions.html",
			Viewport: &chain.Size{Width: 1280, Height: 800},
			Steps:    []chain.Step{{Action: chain.Click, Target: &chain.Target{Chain: []chain.Strategy{chain.CoordinatesStrategy(meta, 0.6)}}}}}
		res := rpReplay(f, replay.Options{})
		Expect(res).To(HavePassed())
		Expect(res.Step(1)).To(HaveWonWith("coordinates"))
		Expect(res.Step(1)).To(HaveConfidence(BeNumerically("~", 0.7, 0.001)), "verified by tag, id and box: 0.60 + 0.10")
		rpClicked("far")
	})
})

var _ = Describe("replaying across frames and shadow roots", func() {
	It("acts inside same- and cross-origin iframes, scoped by the frame path", func() {
		res := rpReplay(rpLoad("frames.yaml", ""), replay.Options{})
		Expect(res).To(HavePassed())
		rpClicked("ship")
		rpClicked("pay")
		Eventually(Fixtures.Events).Should(ContainElement(SatisfyAll(rpEvent("card", "change"), HaveField("Value", "4242424242424242"))))
	})

	It("acts inside a cross-site iframe that runs in its own process (site isolation)", func() {
		b, err := browser.Start(context.Background(), browser.Options{SiteIsolation: true})
		Expect(err).NotTo(HaveOccurred())
		DeferCleanup(b.Close)
		// Served as localhost, the page is another site than its payment
		// frame (127.0.0.1): site isolation gives the frame its own process.
		top := strings.Replace(Fixtures.URL, "127.0.0.1", "localhost", 1)
		page := b.MustPage("")
		ClosePage(page)
		Fixtures.ResetEvents()
		f := rpLoad("frames.yaml", "")
		res := replay.Flow(context.Background(), page, f, replay.Options{BaseURL: top, Timeout: 5 * time.Second})
		Expect(res).To(HavePassed())
		infos, err := proto.TargetGetTargets{}.Call(b)
		Expect(err).NotTo(HaveOccurred())
		Expect(infos.TargetInfos).To(ContainElement(HaveField("Type", BeEquivalentTo("iframe"))), "the payment frame is out of process")
		rpClicked("pay")
		Eventually(Fixtures.Events).Should(ContainElement(SatisfyAll(rpEvent("card", "change"), HaveField("Value", "4242424242424242"))))
	})

	It("acts inside open, closed and nested shadow roots", func() {
		res := rpReplay(rpLoad("shadow.yaml", ""), replay.Options{})
		Expect(res).To(HavePassed())
		rpClicked("save-settings")
		rpClicked("unlock")
		rpClicked("deep")
		Eventually(Fixtures.Events).Should(ContainElement(SatisfyAll(rpEvent("vault-note", "change"), HaveField("Value", "remember the milk"))))
	})
})

var _ = Describe("replaying what the recorder recorded", Ordered, func() {
	var recorded string

	BeforeAll(func() {
		drive := TempPath("login.drive")
		Expect(os.WriteFile(drive, []byte("type #username ada@example.com\ntype #password pw\nclick #remember\nclick #login-btn\n"), 0o644)).To(Succeed())
		recorded = TempPath("login.yaml")
		cmd := exec.Command(RecorderBin, "--url", Fixtures.URL+"/login.html", "--out", recorded, "--headless", "--drive", drive)
		s, err := gexec.Start(cmd, GinkgoWriter, GinkgoWriter)
		Expect(err).NotTo(HaveOccurred())
		Eventually(s).WithTimeout(time.Minute).Should(gexec.Exit(0))
	})

	load := func(page string) *chain.Flow {
		f, err := chain.Load(recorded)
		Expect(err).NotTo(HaveOccurred())
		f.StartURL = Fixtures.URL + "/" + page
		return f
	}

	DescribeTable("replays on changed pages and clicks the real submit button",
		func(page string) {
			res := rpReplay(load(page), replay.Options{})
			Expect(res).To(HavePassed())
			rpClicked("submit")
			Expect(rpClicks()).NotTo(ContainElement("decoy-submit"))
		},
		Entry("the page it was recorded on", "login.html"),
		Entry("ids renamed", "variants/login-ids-renamed.html"),
		Entry("restyled", "variants/login-restyled.html"),
		Entry("wrapped", "variants/login-wrapped.html"),
		Entry("siblings inserted", "variants/login-siblings.html"),
		Entry("layout shifted", "variants/login-shifted.html"),
		Entry("a decoy before the real button", "variants/login-decoy.html"),
	)

	It("refuses, with nothing clicked, when the button is gone", func() {
		res := rpReplay(load("variants/login-removed.html"), replay.Options{Timeout: time.Second})
		Expect(res.Step(4)).NotTo(HavePassed())
		Expect(res.Step(4).Error).NotTo(BeNil())
		Consistently(rpClicks).WithTimeout(300 * time.Millisecond).ShouldNot(ContainElement("submit"))
		Expect(rpClicks()).To(ConsistOf("remember"))
	})
})
