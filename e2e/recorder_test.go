package e2e

import (
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/onsi/gomega/gbytes"
	"github.com/onsi/gomega/gexec"

	"github.com/qa-chain/chainreplay/chain"
)

// recRun is one run of the recorder command.
type recRun struct {
	out     string
	session *gexec.Session
}

// recStart runs the recorder with --headless on a fixture page and a
// drive script, without waiting for it.
func recStart(page, drive string, extra ...string) *recRun {
	out := TempPath("flow.yaml")
	script := TempPath("drive.txt")
	Expect(os.WriteFile(script, []byte(drive), 0o644)).To(Succeed())
	args := append([]string{"--url", Fixtures.URL + "/" + page, "--out", out, "--headless", "--drive", script}, extra...)
	s, err := gexec.Start(exec.Command(RecorderBin, args...), GinkgoWriter, GinkgoWriter)
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(func() { s.Kill().Wait(5 * time.Second) })
	return &recRun{out: out, session: s}
}

// record runs the recorder to its end and loads the flow it wrote.
func recFlow(page, drive string, extra ...string) (*chain.Flow, string) {
	r := recStart(page, drive, extra...)
	Eventually(r.session, 60*time.Second).Should(gexec.Exit(0), "recorder output:\n%s\n%s", recStdout(r.session), recStderr(r.session))
	f, err := chain.Load(r.out)
	Expect(err).NotTo(HaveOccurred())
	return f, string(r.session.Out.Contents())
}

func recStdout(s *gexec.Session) string { return string(s.Out.Contents()) }
func recStderr(s *gexec.Session) string { return string(s.Err.Contents()) }

func recActions(f *chain.Flow) []chain.Action {
	var a []chain.Action
	for _, s := range f.Steps {
		a = append(a, s.Action)
	}
	return a
}

func recTypes(t *chain.Target) []chain.StrategyType {
	var ts []chain.StrategyType
	for _, s := range t.Chain {
		ts = append(ts, s.Type)
	}
	return ts
}

func recStrategy(t *chain.Target, typ chain.StrategyType) *chain.Strategy {
	for i := range t.Chain {
		if t.Chain[i].Type == typ && t.Chain[i].Within == nil {
			return &t.Chain[i]
		}
	}
	return nil
}

// recScoped is the first strategy of t's chain that names its element
// inside a repeated item (Within), or nil.
func recScoped(t *chain.Target) *chain.Strategy {
	for i := range t.Chain {
		if t.Chain[i].Within != nil {
			return &t.Chain[i]
		}
	}
	return nil
}

// recExpectChainRules checks the chain rules: confidences never increase,
// coordinates last at 0.60.
func recExpectChainRules(t *chain.Target) {
	ExpectWithOffset(1, t).NotTo(BeNil())
	ExpectWithOffset(1, len(t.Chain)).To(BeNumerically(">=", 2))
	for i := 1; i < len(t.Chain); i++ {
		ExpectWithOffset(1, t.Chain[i].Confidence).To(BeNumerically("<=", t.Chain[i-1].Confidence), "chain %v", recTypes(t))
	}
	last := t.Chain[len(t.Chain)-1]
	ExpectWithOffset(1, last.Type).To(Equal(chain.Coordinates))
	ExpectWithOffset(1, last.Confidence).To(Equal(0.60))
	m, err := last.Coordinates()
	ExpectWithOffset(1, err).NotTo(HaveOccurred())
	ExpectWithOffset(1, m.Viewport).To(Equal(&chain.Size{Width: 1280, Height: 800}))
	ExpectWithOffset(1, m.BoundingRect).NotTo(BeNil())
	ExpectWithOffset(1, m.ScrollPos).NotTo(BeNil())
	ExpectWithOffset(1, m.DevicePixelRatio).To(BeNumerically(">", 0))
	// the recorded point lies in the recorded box
	r := m.BoundingRect
	ExpectWithOffset(1, m.X).To(BeNumerically(">=", r.X-1))
	ExpectWithOffset(1, m.X).To(BeNumerically("<=", r.X+r.Width+1))
	ExpectWithOffset(1, m.Y).To(BeNumerically(">=", r.Y-1))
	ExpectWithOffset(1, m.Y).To(BeNumerically("<=", r.Y+r.Height+1))
}

// recSawEvent matches a fixture event by page, element and type.
func recSawEvent(page, element, typ string) OmegaMatcher {
	return ContainElement(And(HaveField("Page", page), HaveField("Element", element), HaveField("Type", typ)))
}

var _ = Describe("the recorder", func() {
	BeforeEach(func() { Fixtures.ResetEvents() })

	It("records a login: coalesced typing, a masked password, a check and a test-id-first chain", func() {
		f, stdout := recFlow("login.html", `# the login form
type #username alice@example.com
type #password hunter2
click #remember
click [data-testid=login-submit]
`)
		Expect(recActions(f)).To(Equal([]chain.Action{chain.Type, chain.Type, chain.Check, chain.Click}))
		Expect(f.Version).To(Equal(chain.Version))
		Expect(f.StartURL).To(Equal(Fixtures.URL + "/login.html"))
		Expect(f.Viewport).To(Equal(&chain.Size{Width: 1280, Height: 800}))

		Expect(f.Steps[0].Text).To(Equal("alice@example.com"))
		Expect(f.Steps[1].Text).To(Equal("${secret:PASSWORD}"))
		Expect(stdout).To(ContainSubstring("export PASSWORD="))

		click := f.Steps[3]
		recExpectChainRules(click.Target)
		Expect(recTypes(click.Target)[0]).To(Equal(chain.TestID))
		Expect(click.Target.Chain[0].Value).To(Equal("login-submit"))
		Expect(recStrategy(click.Target, chain.Role).Value).To(Equal("button|Sign in"))
		Expect(recTypes(click.Target)).To(ContainElements(chain.ID, chain.CSS, chain.XPath))
		fp := click.Target.Fingerprint
		Expect(fp.Tag).To(Equal("button"))
		Expect(fp.TestIDs).To(HaveKeyWithValue("data-testid", "login-submit"))
		Expect(fp.Classes).To(Equal([]string{"btn", "primary"}))
		Expect(fp.Neighbours).To(ContainElement("Sign in"))
		// "Sign in" is also the heading's text: the text strategy is not unique.
		text := recStrategy(click.Target, chain.Text)
		Expect(text).NotTo(BeNil())
		Expect(text.Nth).To(Equal(2))
		Expect(text.Confidence).To(BeNumerically("<", 0.82))

		Expect(f.Steps[2].Target.Fingerprint.Label).To(Equal("Remember me"))
		Expect(stdout).To(MatchRegexp(`(?m)^4 click button "Sign in"  \[testid role `))
		Eventually(Fixtures.Events).Should(recSawEvent("login", "submit", "click"))
	})

	It("never writes a password anywhere in the file", func() {
		r := recStart("login.html", "type #password hunter2-very-secret\nclick #remember\n")
		Eventually(r.session, 60*time.Second).Should(gexec.Exit(0))
		raw, err := os.ReadFile(r.out)
		Expect(err).NotTo(HaveOccurred())
		Expect(string(raw)).NotTo(ContainSubstring("hunter2"))
		Expect(string(raw)).To(ContainSubstring("${secret:PASSWORD}"))
		Expect(recStdout(r.session) + recStderr(r.session)).NotTo(ContainSubstring("hunter2"))
	})

	It("keeps a non-unique strategy only with an nth and lowered confidence; records select and dblclick", func() {
		f, _ := recFlow("list.html", `click #rows > tr:nth-child(2) button
select #sort price
dblclick h1
`)
		Expect(recActions(f)).To(Equal([]chain.Action{chain.Click, chain.Select, chain.DblClick}))
		t := f.Steps[0].Target
		recExpectChainRules(t)
		role := recStrategy(t, chain.Role)
		Expect(role).NotTo(BeNil())
		Expect(role.Value).To(Equal("button|Add to cart"))
		Expect(role.Nth).To(Equal(2))
		Expect(role.Confidence).To(BeNumerically("<", 0.92))
		text := recStrategy(t, chain.Text)
		Expect(text.Nth).To(Equal(2))
		scoped := recScoped(t)
		Expect(scoped).NotTo(BeNil(), "the row's button is named inside its row")
		Expect(scoped.Value).To(Equal("button|Add to cart"))
		Expect(scoped.Nth).To(BeZero())
		Expect(scoped.Within.Value).To(ContainSubstring("Blue teapot"))
		Expect(recStrategy(t, chain.CSS).Nth).To(BeZero(), "the CSS selector was verified unique")
		Expect(t.Fingerprint.Neighbours).To(ContainElement(ContainSubstring("Blue teapot")))
		Eventually(Fixtures.Events).Should(recSawEvent("list", "add:Blue teapot", "click"))

		Expect(f.Steps[1].Value).To(Equal("price"))
		Expect(f.Steps[1].Label).To(Equal("Price"))
		Expect(recStrategy(f.Steps[1].Target, chain.Label).Value).To(Equal("Sort by"))
		Eventually(Fixtures.Events).Should(recSawEvent("list", "sort", "change"))
	})

	It("records press steps for Tab, Shift+Tab, shortcuts and Enter", func() {
		f, _ := recFlow("login.html", `type #username bob
press Tab
press Shift+Tab
press Control+a
press Enter
`)
		Expect(recActions(f)).To(Equal([]chain.Action{chain.Type, chain.Press, chain.Press, chain.Press, chain.Press}))
		Expect(f.Steps[1].Key).To(Equal("Tab"))
		Expect(f.Steps[1].Modifiers).To(BeEmpty())
		Expect(f.Steps[2].Key).To(Equal("Tab"))
		Expect(f.Steps[2].Modifiers).To(Equal([]string{"Shift"}))
		Expect(f.Steps[3].Key).To(Equal("a"))
		Expect(f.Steps[3].Modifiers).To(Equal([]string{"Control"}))
		Expect(f.Steps[4].Key).To(Equal("Enter"))
		// Tab was pressed in the email field, Shift+Tab in the password field
		Expect(f.Steps[1].Target.Fingerprint.ID).To(Equal("username"))
		Expect(f.Steps[2].Target.Fingerprint.ID).To(Equal("password"))
	})

	DescribeTable("records inside same-origin and cross-origin iframes with their frame path",
		func(extra ...string) {
			f, stdout := recFlow("frames.html", `click #top-btn
type #inner-frame >>> #address 1 Main St
click #inner-frame >>> [data-testid=ship]
type #pay-frame >>> #card 4242424242424242
click #pay-frame >>> button.pay
`, extra...)
			Expect(recActions(f)).To(Equal([]chain.Action{chain.Click, chain.Type, chain.Click, chain.Type, chain.Click}))
			Expect(f.Steps[0].Target.FramePath).To(BeEmpty())
			Expect(f.Steps[1].Target.FramePath).To(Equal([]string{"#inner-frame"}))
			Expect(f.Steps[1].Text).To(Equal("1 Main St"))
			Expect(f.Steps[2].Target.FramePath).To(Equal([]string{"#inner-frame"}))
			Expect(f.Steps[2].Target.Chain[0]).To(HaveField("Type", chain.TestID))
			Expect(f.Steps[3].Target.FramePath).To(Equal([]string{"#pay-frame"}))
			Expect(f.Steps[3].Text).To(Equal("${secret:CARD}"), "autocomplete=cc-number is a secret")
			Expect(stdout).To(ContainSubstring("export CARD="))
			pay := f.Steps[4].Target
			Expect(pay.FramePath).To(Equal([]string{"#pay-frame"}))
			recExpectChainRules(pay)
			Expect(recStrategy(pay, chain.Role).Value).To(Equal("button|Pay now"))
			// the click point is in top-viewport pixels: below the frame's top
			m, err := pay.Chain[len(pay.Chain)-1].Coordinates()
			Expect(err).NotTo(HaveOccurred())
			Expect(m.Y).To(BeNumerically(">", f.Steps[0].Target.Fingerprint.Box.Y+100))
			Eventually(Fixtures.Events).Should(And(recSawEvent("frame-inner", "ship", "click"), recSawEvent("pay", "pay", "click")))
		},
		Entry("out-of-process iframes (site isolation, Chromium's default)"),
		Entry("in-process iframes (--site-isolation=false)", "--site-isolation=false"),
	)

	It("records inside open and closed shadow roots with their shadow path", func() {
		f, _ := recFlow("shadow.html", `click settings-toggle >>> input
click settings-toggle >>> button.save
type secret-box >>> input.note remember the milk
click secret-box >>> #unlock
click secret-box >>> inner-widget >>> button
`)
		Expect(recActions(f)).To(Equal([]chain.Action{chain.Check, chain.Click, chain.Type, chain.Click, chain.Click}))
		Expect(f.Steps[0].Target.ShadowPath).To(Equal([]string{"#notify"}))
		Expect(recStrategy(f.Steps[0].Target, chain.Role).Value).To(Equal("checkbox|Email me"))
		Expect(f.Steps[1].Target.ShadowPath).To(Equal([]string{"#notify"}))
		Expect(f.Steps[2].Target.ShadowPath).To(Equal([]string{"#vault"}), "closed root")
		Expect(f.Steps[2].Text).To(Equal("remember the milk"))
		Expect(recStrategy(f.Steps[2].Target, chain.Label).Value).To(Equal("Vault note"))
		Expect(f.Steps[3].Target.ShadowPath).To(Equal([]string{"#vault"}))
		Expect(recStrategy(f.Steps[3].Target, chain.Role).Value).To(Equal("button|Unlock"))
		deep := f.Steps[4].Target
		Expect(deep.ShadowPath).To(Equal([]string{"#vault", "inner-widget"}))
		Expect(deep.Chain[0].Type).To(Equal(chain.TestID))
		Expect(deep.Chain[0].Value).To(Equal("deep"))
		recExpectChainRules(deep)
		Expect(recStrategy(deep, chain.XPath)).To(BeNil(), "XPath cannot enter shadow trees")
		Eventually(Fixtures.Events).Should(And(recSawEvent("shadow", "unlock", "click"), recSawEvent("shadow", "deep", "click")))
	})

	It("records route changes and navigations on the step that caused them, and others as navigate steps", func() {
		f, stdout := recFlow("spa.html", `click #go-profile
goto `+Fixtures.URL+`/spa.html
click #nav-login
`)
		Expect(recActions(f)).To(Equal([]chain.Action{chain.Click, chain.Navigate, chain.Click}))
		Expect(f.Steps[0].Navigated).NotTo(BeNil())
		Expect(f.Steps[0].Navigated.URL).To(Equal(Fixtures.URL + "/spa.html?view=profile"))
		Expect(f.Steps[0].Navigated.SameDocument).To(BeTrue())
		Expect(f.Steps[1].URL).To(Equal(Fixtures.URL + "/spa.html"))
		Expect(f.Steps[2].Navigated).NotTo(BeNil())
		Expect(f.Steps[2].Navigated.URL).To(Equal(Fixtures.URL + "/login.html"))
		Expect(f.Steps[2].Navigated.SameDocument).To(BeFalse())
		Expect(recStrategy(f.Steps[2].Target, chain.Role).Value).To(Equal("link|Sign in page"))
		Expect(stdout).To(ContainSubstring("navigated to " + Fixtures.URL + "/login.html"))
	})

	It("records window scrolls and the scroll position of the next click", func() {
		f, _ := recFlow("long.html", "scroll 0 1200\nclick #accept\n")
		Expect(recActions(f)).To(Equal([]chain.Action{chain.Scroll, chain.Click}))
		Expect(f.Steps[0].Target).To(BeNil())
		Expect(f.Steps[0].DeltaY).To(BeNumerically("~", 1200, 1))
		m, err := f.Steps[1].Target.Chain[len(f.Steps[1].Target.Chain)-1].Coordinates()
		Expect(err).NotTo(HaveOccurred())
		Expect(m.ScrollPos.Y).To(BeNumerically(">", 0))
		Eventually(Fixtures.Events).Should(recSawEvent("long", "accept", "click"))
	})

	It("records scrolls of an inner scroller on its element", func() {
		f, _ := recFlow("long.html?pane", "scroll 0 700\nclick #pane-end\n")
		Expect(recActions(f)).To(Equal([]chain.Action{chain.Scroll, chain.Click}))
		Expect(f.Steps[0].Target).NotTo(BeNil())
		Expect(f.Steps[0].Target.Fingerprint.ID).To(Equal("pane"))
		Expect(f.Steps[0].DeltaY).To(BeNumerically("~", 700, 1))
		Eventually(Fixtures.Events).Should(recSawEvent("long", "pane-end", "click"))
	})

	It("records in an already-running browser given as a ws:// endpoint, with --name and --viewport", func() {
		f, _ := recFlow("login.html", "click #remember\n", "--browser", Chromium.Endpoint, "--name", "remote login", "--viewport", "1024x700")
		Expect(f.Name).To(Equal("remote login"))
		Expect(f.Viewport).To(Equal(&chain.Size{Width: 1024, Height: 700}))
		Expect(recActions(f)).To(Equal([]chain.Action{chain.Check}))
		m, err := f.Steps[0].Target.Chain[len(f.Steps[0].Target.Chain)-1].Coordinates()
		Expect(err).NotTo(HaveOccurred())
		Expect(m.Viewport).To(Equal(&chain.Size{Width: 1024, Height: 700}))
		// the recorder leaves no tab behind in a browser it did not start
		Eventually(func() int {
			ps, _ := Chromium.Pages()
			n := 0
			for _, p := range ps {
				if info, err := p.Info(); err == nil && strings.Contains(info.URL, "login.html") && strings.Contains(info.URL, Fixtures.URL) {
					n++
				}
			}
			return n
		}, 10*time.Second).Should(BeZero())
	})

	It("loses no recorded step when killed with SIGKILL", func() {
		r := recStart("login.html", "type #username bob\nclick #remember\nclick [data-testid=login-submit]\nwait 60000\n")
		Eventually(func() int {
			f, err := chain.Load(r.out)
			if err != nil {
				return -1
			}
			return len(f.Steps)
		}, 60*time.Second, 50*time.Millisecond).Should(Equal(3))
		r.session.Kill()
		Eventually(r.session, 10*time.Second).Should(gexec.Exit())
		f, err := chain.Load(r.out)
		Expect(err).NotTo(HaveOccurred())
		Expect(recActions(f)).To(Equal([]chain.Action{chain.Type, chain.Check, chain.Click}))
		Expect(f.Steps[0].Text).To(Equal("bob"))
	})

	It("finishes cleanly on SIGTERM", func() {
		r := recStart("login.html", "click #remember\nwait 60000\n")
		Eventually(r.session.Out, 60*time.Second).Should(gbytes.Say(`1 check checkbox "Remember me"`))
		r.session.Signal(syscall.SIGTERM)
		Eventually(r.session, 20*time.Second).Should(gexec.Exit(0))
		Expect(recStdout(r.session)).To(ContainSubstring("recorded 1 steps"))
		f, err := chain.Load(r.out)
		Expect(err).NotTo(HaveOccurred())
		Expect(recActions(f)).To(Equal([]chain.Action{chain.Check}))
	})

	It("refuses an --out folder that does not exist and a URL that does not load, before starting a browser", func() {
		s, err := gexec.Start(exec.Command(RecorderBin, "--url", Fixtures.URL+"/login.html", "--out", "/nonexistent-dir/x/flow.yaml", "--headless"), GinkgoWriter, GinkgoWriter)
		Expect(err).NotTo(HaveOccurred())
		Eventually(s, 10*time.Second).Should(gexec.Exit(2))
		Expect(recStderr(s)).To(ContainSubstring("does not exist"))

		out := TempPath("flow.yaml")
		s, err = gexec.Start(exec.Command(RecorderBin, "--url", "http://127.0.0.1:1/nothing", "--out", out, "--headless"), GinkgoWriter, GinkgoWriter)
		Expect(err).NotTo(HaveOccurred())
		Eventually(s, 20*time.Second).Should(gexec.Exit(2))
		Expect(recStderr(s)).To(ContainSubstring("does not load"))
		Expect(out).NotTo(BeAnExistingFile())

		s, err = gexec.Start(exec.Command(RecorderBin, "--url", Fixtures.URL+"/login.html", "--out", TempPath("f.yaml"), "--headless", "--drive", "/nonexistent.txt"), GinkgoWriter, GinkgoWriter)
		Expect(err).NotTo(HaveOccurred())
		Eventually(s, 10*time.Second).Should(gexec.Exit(2))
	})

	It("fails a drive line whose element never appears, keeping the steps before it", func() {
		r := recStart("login.html", "click #remember\nclick #no-such-thing\n", "--drive-timeout", "1s")
		Eventually(r.session, 60*time.Second).Should(gexec.Exit(1))
		Expect(recStderr(r.session)).To(ContainSubstring("drive line 2"))
		f, err := chain.Load(r.out)
		Expect(err).NotTo(HaveOccurred())
		Expect(recActions(f)).To(Equal([]chain.Action{chain.Check}))
	})
})
