package e2e

import (
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/onsi/gomega/gexec"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/report"
)

// Specs of flows that include flows, variables and data-driven replay
// (issue 20, part 4). The login flow is fixtures/flows/login.yaml,
// recorded on http://127.0.0.1:8080 and replayed with --base-url on the
// fixture server; its password is the secret FIXTURE_PASSWORD.

// incLogin is the fixture login flow's text.
func incLogin() string {
	GinkgoHelper()
	b, err := os.ReadFile(filepath.Join("..", "fixtures", "flows", "login.yaml"))
	Expect(err).NotTo(HaveOccurred())
	return string(b)
}

// incWrite writes files (name -> text) into a new folder and returns it.
func incWrite(files map[string]string) string {
	GinkgoHelper()
	dir := GinkgoT().TempDir()
	for name, body := range files {
		Expect(os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644)).To(Succeed())
	}
	return dir
}

// incBrowse starts on the home page, signs in by including login.yaml,
// then follows the "Browse products" link of the page the sign-in leaves.
const incBrowse = `version: 1
name: browse
start_url: http://127.0.0.1:8080/index.html
viewport: {width: 1280, height: 800}
steps:
  - include: login.yaml
  - action: click
    target:
      chain:
        - {type: id, value: to-list, confidence: 0.9}
        - {type: role, value: "link|Browse products", confidence: 0.85}
      fingerprint: {tag: a, id: to-list, role: link, accessible_name: Browse products, text: Browse products}
    navigated: {url: "http://127.0.0.1:8080/list.html"}
  - action: assert_url
    url: http://127.0.0.1:8080/list.html
`

// incRun runs a command, with the secret FIXTURE_PASSWORD set when
// password, and waits for it to exit.
func incRun(bin string, password bool, args ...string) *gexec.Session {
	GinkgoHelper()
	cmd := exec.Command(bin, args...)
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "FIXTURE_PASSWORD=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	if password {
		cmd.Env = append(cmd.Env, "FIXTURE_PASSWORD="+rpPassword)
	}
	s, err := gexec.Start(cmd, GinkgoWriter, GinkgoWriter)
	Expect(err).NotTo(HaveOccurred())
	Eventually(s).WithTimeout(3 * time.Minute).Should(gexec.Exit())
	return s
}

// incSteps is each step of a result as "INDEX FROM ACTION STATUS [CODE]".
func incSteps(f report.Flow) []string {
	var out []string
	for _, st := range f.Steps {
		s := strings.Join([]string{strconv.Itoa(st.Index), st.From, st.Action, string(st.Status)}, " ")
		if st.Error != nil {
			s += " " + string(st.Error.Code)
		}
		out = append(out, s)
	}
	return out
}

// incJUnit is the testcases of a JUnit report: name -> failure type
// ("" when it passed).
func incJUnit(path string) map[string]string {
	GinkgoHelper()
	b, err := os.ReadFile(path)
	Expect(err).NotTo(HaveOccurred())
	var doc struct {
		Suites []struct {
			Cases []struct {
				Name    string `xml:"name,attr"`
				Failure *struct {
					Type    string `xml:"type,attr"`
					Message string `xml:"message,attr"`
				} `xml:"failure"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	Expect(xml.Unmarshal(b, &doc)).To(Succeed())
	out := map[string]string{}
	for _, s := range doc.Suites {
		for _, c := range s.Cases {
			out[c.Name] = ""
			if c.Failure != nil {
				out[c.Name] = c.Failure.Type + ": " + c.Failure.Message
			}
		}
	}
	return out
}

var _ = Describe("flows that include flows", func() {
	It("replays an included login flow in place, each of its steps a step of the including flow", func() {
		dir := incWrite(map[string]string{"login.yaml": incLogin(), "browse.yaml": incBrowse})
		rj, ju := TempPath("r.json"), TempPath("junit.xml")
		Fixtures.ResetEvents()
		s := incRun(ReplayerBin, true, filepath.Join(dir, "browse.yaml"), "--base-url", Fixtures.URL, "--timeout", "10s",
			"--report-json", rj, "--report-junit", ju)
		Expect(s.ExitCode()).To(Equal(0), "stdout:\n%s", s.Out.Contents())
		r := readRun(rj)
		Expect(r.Flows).To(HaveLen(1))
		Expect(incSteps(r.Flows[0])).To(Equal([]string{
			"1  include passed",
			"2 login.yaml#1 type passed",
			"3 login.yaml#2 type passed",
			"4 login.yaml#3 check passed",
			"5 login.yaml#4 click passed",
			"6 login.yaml#5 assert_text passed",
			"7  click passed",
			"8  assert_url passed",
		}))
		Expect(r.Summary.Steps).To(Equal(8))
		// The include step went from the home page to the login page, on
		// the fixture server: the included start URL was mapped.
		Expect(r.Flows[0].Steps[0].URL).To(Equal(Fixtures.URL + "/login.html"))
		Expect(Fixtures.Events()).To(ContainElement(rpEvent("submit", "click")))
		Expect(Fixtures.Events()).To(ContainElement(rpEvent("browse-link", "click")))
		Expect(incJUnit(ju)).To(Equal(map[string]string{"browse": ""}))
	})

	It("fails with the included step's own error when the login page changed so that it cannot pass", func() {
		changed := strings.Replace(incLogin(), "start_url: http://127.0.0.1:8080/login.html",
			"start_url: http://127.0.0.1:8080/variants/login-removed.html", 1)
		Expect(changed).NotTo(Equal(incLogin()))
		dir := incWrite(map[string]string{"login.yaml": changed, "browse.yaml": incBrowse})
		rj, ju := TempPath("r.json"), TempPath("junit.xml")
		Fixtures.ResetEvents()
		s := incRun(ReplayerBin, true, filepath.Join(dir, "browse.yaml"), "--base-url", Fixtures.URL, "--timeout", "2s",
			"--report-json", rj, "--report-junit", ju)
		Expect(s.ExitCode()).To(Equal(1))
		f := readRun(rj).Flows[0]
		Expect(f.Status).To(Equal(report.Failed))
		steps := incSteps(f)
		Expect(steps[:4]).To(Equal([]string{"1  include passed", "2 login.yaml#1 type passed", "3 login.yaml#2 type passed", "4 login.yaml#3 check passed"}))
		Expect(steps[4]).To(Or(Equal("5 login.yaml#4 click failed ELEMENT_NOT_FOUND"), Equal("5 login.yaml#4 click failed LOW_CONFIDENCE")))
		Expect(steps[5:]).To(Equal([]string{"6 login.yaml#5 assert_text skipped", "7  click skipped", "8  assert_url skipped"}))

		// The same error as the login flow's own replay on that page.
		alone := TempPath("alone.json")
		Expect(incRun(ReplayerBin, true, filepath.Join(dir, "login.yaml"), "--base-url", Fixtures.URL, "--timeout", "2s",
			"--report-json", alone).ExitCode()).To(Equal(1))
		own := readRun(alone).Flows[0].Steps[3]
		Expect(own.Error).NotTo(BeNil())
		Expect(f.Steps[4].Error.Code).To(Equal(own.Error.Code))
		Expect(incJUnit(ju)["browse"]).To(HavePrefix(string(own.Error.Code) + ": step 5 of login.yaml#4 (click"))
		Expect(rpClicks()).NotTo(ContainElement("browse-link"))
	})

	It("exits 2 naming both files when an included flow does not load", func() {
		dir := incWrite(map[string]string{"browse.yaml": incBrowse,
			"login.yaml": strings.Replace(incLogin(), "confidence: 0.95}", "confidence: 9.5}", 1)})
		s := incRun(ReplayerBin, true, filepath.Join(dir, "browse.yaml"))
		Expect(s.ExitCode()).To(Equal(2))
		Expect(string(s.Err.Contents())).To(ContainSubstring(filepath.Join(dir, "browse.yaml") + ":6: steps[0].include: " +
			filepath.Join(dir, "login.yaml") + ":78: steps[3].target.chain[0].confidence: 9.5 is outside [0,1]"))
	})
})

var _ = Describe("data-driven replay", func() {
	It("replays a flow once per CSV row, each row its own result in the JSON and JUnit reports", func() {
		login := incLogin()
		flow := strings.Replace(login, "    text: ada@example.com\n", "    text: \"${var:USER}\"\n", 1)
		flow = strings.Replace(flow, `text: "${secret:FIXTURE_PASSWORD}"`, `text: "${var:PASSWORD}"`, 1)
		flow = strings.Replace(flow, "text: Signed in as ada@example.com", `text: "Signed in as ${var:USER}"`, 1)
		Expect(strings.Count(flow, "${var:")).To(Equal(3))
		// This page signs in any non-empty password, so the row that must
		// fail has none: the page then asks for one, and the flow's own
		// assertion fails.
		dir := incWrite(map[string]string{"login.yaml": flow,
			"rows.csv": "USER,PASSWORD\nada@example.com,correct horse\nbob@example.com,\ncy@example.com,\"s3cret, with a comma\"\n"})
		rj, ju := TempPath("r.json"), TempPath("junit.xml")
		s := incRun(ReplayerBin, true, filepath.Join(dir, "login.yaml"), "--data", filepath.Join(dir, "rows.csv"),
			"--base-url", Fixtures.URL, "--timeout", "2s", "--parallel", "2", "--report-json", rj, "--report-junit", ju)
		Expect(s.ExitCode()).To(Equal(1))
		r := readRun(rj)
		Expect(r.Summary.Flows).To(Equal(3))
		Expect(r.Summary.FlowsPassed).To(Equal(2))
		var names []string
		for i, f := range r.Flows {
			names = append(names, f.Name)
			Expect(f.Row).NotTo(BeNil())
			Expect(f.Row.Index).To(Equal(i + 1))
			Expect(f.Row.Line).To(Equal(i + 2))
		}
		Expect(names).To(Equal([]string{"login [row 1: USER=ada@example.com]", "login [row 2: USER=bob@example.com]", "login [row 3: USER=cy@example.com]"}))
		Expect(r.Flows[0].Status).To(Equal(report.Passed))
		Expect(r.Flows[2].Status).To(Equal(report.Passed))
		Expect(r.Flows[2].Row.Vars).To(HaveKeyWithValue("PASSWORD", "s3cret, with a comma"))
		bad := r.Flows[1]
		Expect(bad.Status).To(Equal(report.Failed))
		Expect(incSteps(bad)).To(Equal([]string{"1  type passed", "2  type passed", "3  check passed", "4  click passed", "5  assert_text failed ASSERTION_FAILED"}))
		Expect(bad.Steps[4].Error.Message).To(ContainSubstring(`expected it to contain "Signed in as bob@example.com"`))
		Expect(bad.Steps[4].Error.Message).To(ContainSubstring("Enter your email and password"))

		cases := incJUnit(ju)
		Expect(cases).To(HaveLen(3))
		Expect(cases["login [row 1: USER=ada@example.com]"]).To(BeEmpty())
		Expect(cases["login [row 3: USER=cy@example.com]"]).To(BeEmpty())
		Expect(cases["login [row 2: USER=bob@example.com]"]).To(HavePrefix("ASSERTION_FAILED: step 5 (assert_text"))
	})

	It("exits 2 naming the file and line of a bad data file", func() {
		dir := incWrite(map[string]string{"login.yaml": incLogin(), "rows.csv": "USER,PASSWORD\nada,pw\nbob\n"})
		s := incRun(ReplayerBin, true, filepath.Join(dir, "login.yaml"), "--data", filepath.Join(dir, "rows.csv"))
		Expect(s.ExitCode()).To(Equal(2))
		Expect(string(s.Err.Contents())).To(ContainSubstring(filepath.Join(dir, "rows.csv") + ":3: the row has 1 fields, the header 2"))
	})
})

var _ = Describe("recording after a flow", func() {
	It("records after replaying the login flow: the flow starts with the include, and replays green", func() {
		dir := incWrite(map[string]string{"login.yaml": incLogin(),
			"drive.txt": "click #to-list\ntype #filter teapot\nclick #rows tr:nth-child(2) button\n"})
		Expect(os.Mkdir(filepath.Join(dir, "out"), 0o755)).To(Succeed())
		out := filepath.Join(dir, "out", "browse.yaml")
		// No --url: the recording starts at the login flow's start URL,
		// mapped by --base-url.
		s := incRun(RecorderBin, true, "--after", filepath.Join(dir, "login.yaml"), "--base-url", Fixtures.URL,
			"--var", "ITEM=teapot", "--out", out, "--headless", "--drive", filepath.Join(dir, "drive.txt"))
		Expect(s.ExitCode()).To(Equal(0), "stdout:\n%s\nstderr:\n%s", s.Out.Contents(), s.Err.Contents())
		f, err := chain.Load(out)
		Expect(err).NotTo(HaveOccurred())
		Expect(f.StartURL).To(Equal(Fixtures.URL + "/login.html"))
		Expect(f.Steps).To(HaveLen(4), "recorded:\n%s", s.Out.Contents())
		Expect(f.Steps[0]).To(Equal(chain.Step{Include: "../login.yaml", Included: f.Steps[0].Included}))
		Expect(f.Steps[1].Action).To(Equal(chain.Click))
		Expect(f.Steps[2].Action).To(Equal(chain.Type))
		Expect(f.Steps[2].Text).To(Equal("${var:ITEM}"))
		Expect(f.Steps[3].Action).To(Equal(chain.Click))
		Expect(string(s.Out.Contents())).To(ContainSubstring("--var ITEM=..."))

		rj := TempPath("r.json")
		Fixtures.ResetEvents()
		r := incRun(ReplayerBin, true, out, "--base-url", Fixtures.URL, "--var", "ITEM=kettle", "--report-json", rj)
		Expect(r.ExitCode()).To(Equal(0), "stdout:\n%s", r.Out.Contents())
		Expect(incSteps(readRun(rj).Flows[0])).To(Equal([]string{
			"1  include passed",
			"2 ../login.yaml#1 type passed",
			"3 ../login.yaml#2 type passed",
			"4 ../login.yaml#3 check passed",
			"5 ../login.yaml#4 click passed",
			"6 ../login.yaml#5 assert_text passed",
			"7  click passed",
			"8  type passed",
			"9  click passed",
		}))
		Expect(Fixtures.Events()).To(ContainElement(rpEvent("browse-link", "click")))
		// Leaving the field for the button commits what was typed: the
		// variable's value, not the recorded one.
		Expect(Fixtures.Events()).To(ContainElement(SatisfyAll(HaveField("Element", "filter"), HaveField("Type", "change"), HaveField("Value", "kettle"))))
		Expect(Fixtures.Events()).To(ContainElement(rpEvent("add:Blue teapot", "click")))

		// Without the variable, the step that needs it fails and says which.
		r = incRun(ReplayerBin, true, out, "--base-url", Fixtures.URL, "--report-json", rj)
		Expect(r.ExitCode()).To(Equal(1))
		st := readRun(rj).Flows[0].Steps[7]
		Expect(st.Error).NotTo(BeNil())
		Expect(st.Error.Code).To(Equal(report.VarMissing))
		Expect(st.Error.Message).To(ContainSubstring(`"ITEM"`))
	})

	It("exits 1 without writing the flow when the login flow does not pass", func() {
		dir := incWrite(map[string]string{"login.yaml": incLogin(), "drive.txt": "click #to-list\n"})
		out := filepath.Join(dir, "browse.yaml")
		s := incRun(RecorderBin, false, "--after", filepath.Join(dir, "login.yaml"), "--base-url", Fixtures.URL,
			"--url", Fixtures.URL+"/login.html", "--out", out, "--headless", "--drive", filepath.Join(dir, "drive.txt"))
		Expect(s.ExitCode()).To(Equal(1))
		Expect(string(s.Err.Contents())).To(ContainSubstring("--after: replaying " + filepath.Join(dir, "login.yaml") + " failed at step 3 (login.yaml#2) type"))
		written, _ := os.ReadFile(out)
		Expect(out).NotTo(BeAnExistingFile(), "written:\n%s", written)
	})
})
