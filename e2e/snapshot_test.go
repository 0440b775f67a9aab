package e2e

import (
	"encoding/json"
	"os/exec"
	"strconv"
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/onsi/gomega/gexec"
)

// snapshotJSON is the part of `replayer snapshot --json` the specs read.
type snapshotJSON struct {
	URL   string         `json:"url"`
	Nodes []snapshotNode `json:"nodes"`
}

// snapshotNode is one node of snapshotJSON.
type snapshotNode struct {
	ID         string            `json:"id"`
	Tag        string            `json:"tag"`
	Role       string            `json:"role"`
	Name       string            `json:"name"`
	Tier       int               `json:"tier"`
	Parent     string            `json:"parent"`
	Value      string            `json:"value"`
	Attrs      map[string]string `json:"attrs"`
	FramePath  []string          `json:"framePath"`
	ShadowPath []string          `json:"shadowPath"`
	InViewport bool              `json:"inViewport"`
	Box        struct{ X, Y, Width, Height float64 }
}

// buttonsOf says each button of out as say does, in document order.
func buttonsOf(out snapshotJSON, say func(snapshotNode) string) []string {
	var got []string
	for _, n := range out.Nodes {
		if n.Role == "button" {
			got = append(got, say(n))
		}
	}
	return got
}

var _ = Describe("replayer snapshot", func() {
	run := func(args ...string) *gexec.Session {
		s, err := gexec.Start(exec.Command(ReplayerBin, append([]string{"snapshot"}, args...)...), GinkgoWriter, GinkgoWriter)
		Expect(err).NotTo(HaveOccurred())
		Eventually(s, 60*time.Second).Should(gexec.Exit())
		return s
	}

	It("waits for a page that shows nothing until its code has set it up", func() {
		s := run(Fixtures.URL+"/snapshot/hidden-until-ready.html", "--json", "--browser", Chromium.Endpoint)
		Expect(s.ExitCode()).To(Equal(0))
		var out snapshotJSON
		Expect(json.Unmarshal(s.Out.Contents(), &out)).To(Succeed())
		Expect(buttonsOf(out, func(n snapshotNode) string { return n.Name })).To(Equal([]string{"Assign truck"}))
	})

	It("prints the page's flattened tree as JSON, through frames and shadow roots, without passwords", func() {
		s := run(Fixtures.URL+"/snapshot/frames.html?other="+Fixtures.OtherURL, "--json", "--browser", Chromium.Endpoint)
		Expect(s.ExitCode()).To(Equal(0))
		var out snapshotJSON
		Expect(json.Unmarshal(s.Out.Contents(), &out)).To(Succeed())
		var pays []string
		for i, n := range out.Nodes {
			Expect(n.ID).To(Equal("node_" + strconv.Itoa(i+1)))
			if n.Role == "button" && n.Name == "Pay now" {
				pays = append(pays, strings.Join(n.FramePath, ">"))
			}
		}
		Expect(pays).To(Equal([]string{"#same", "#cross"}))

		s = run("--json", Fixtures.URL+"/snapshot/shadow.html", "--browser", Chromium.Endpoint)
		Expect(s.ExitCode()).To(Equal(0))
		out = snapshotJSON{}
		Expect(json.Unmarshal(s.Out.Contents(), &out)).To(Succeed())
		var closed []string
		for _, n := range out.Nodes {
			if len(n.ShadowPath) > 0 && n.ShadowPath[0] == "#cc" && n.Tier == 1 {
				closed = append(closed, n.Role+":"+n.Name)
			}
		}
		Expect(closed).To(ContainElements("textbox:Closed field", "button:Closed action"))

		s = run(Fixtures.URL+"/snapshot/basics.html", "--json", "--browser", Chromium.Endpoint)
		Expect(s.ExitCode()).To(Equal(0))
		Expect(string(s.Out.Contents())).NotTo(ContainSubstring("hunter2"))
		Expect(string(s.Out.Contents())).To(ContainSubstring(`"name": "Close dialog"`))
	})

	It("sees a closed shadow root a page script attached to a plain element, as replay does", func() {
		s := run(Fixtures.URL+"/snapshot/closed-plain.html", "--json", "--browser", Chromium.Endpoint)
		Expect(s.ExitCode()).To(Equal(0))
		var out snapshotJSON
		Expect(json.Unmarshal(s.Out.Contents(), &out)).To(Succeed())
		buttons := buttonsOf(out, func(n snapshotNode) string { return n.Name + "@" + strings.Join(n.ShadowPath, ">") })
		Expect(buttons).To(Equal([]string{"Inside action@#plain-host", "Outside action@"}))
	})

	It("waits, as replay does before a step, until the page has settled after its load", func() {
		s := run(Fixtures.URL+"/snapshot/rendering.html", "--json", "--browser", Chromium.Endpoint)
		Expect(s.ExitCode()).To(Equal(0))
		var out snapshotJSON
		Expect(json.Unmarshal(s.Out.Contents(), &out)).To(Succeed())
		buttons := buttonsOf(out, func(n snapshotNode) string { return n.Name })
		Expect(buttons).To(Equal([]string{"Ready"}), "the button the page renders in its last update after load")
	})

	It("prints a readable tree with role, name, tier, box and inViewport, indented by flattened parent", func() {
		s := run(Fixtures.URL+"/snapshot/basics.html", "--browser", Chromium.Endpoint)
		Expect(s.ExitCode()).To(Equal(0))
		out := string(s.Out.Contents())
		Expect(out).To(MatchRegexp(`(?m)^node_\d+ main \[tier 1\] <main> \(\d+,\d+ \d+x\d+\) off-viewport$`))
		Expect(out).To(MatchRegexp(`(?m)^  node_\d+ button "Deep button" \[tier 1\] <button#deep> \(\d+,\d+ \d+x\d+\) in-viewport$`))
		Expect(out).To(MatchRegexp(`(?m)^  node_\d+ button "Far below" \[tier 1\] <button#far> \(\d+,\d+ \d+x\d+\) off-viewport$`))
		Expect(out).To(MatchRegexp(`(?m)^  node_\d+ - "Save draft" \[tier 2\] <div#testid> testid="fancy-save"`))
	})

	It("prints, with --select, every element a CSS selector matches, any tier, with its role, name and every attribute", func() {
		s := run(Fixtures.URL+"/apps/checkout/", "--json", "--select", "input[type=radio], label[for=delivery-express]", "--browser", Chromium.Endpoint)
		Expect(s.ExitCode()).To(Equal(0))
		var out snapshotJSON
		Expect(json.Unmarshal(s.Out.Contents(), &out)).To(Succeed())
		var got []string
		for _, n := range out.Nodes {
			got = append(got, n.Tag+":"+n.Role+":"+n.Name)
			if n.Tag == "input" && n.Attrs["id"] == "delivery-standard" {
				// every attribute, not only those the tree keeps
				Expect(n.Attrs).To(HaveKey("checked"), "attrs of %s: %v", n.ID, n.Attrs)
			}
		}
		Expect(got).To(ContainElements("input:radio:Standard delivery (3–5 days) · free", "input:radio:Express delivery (next day) · $9.00",
			"label::"), "a tier-3 label is printed too")
		Expect(got).To(HaveLen(3))

		s = run(Fixtures.URL+"/apps/checkout/", "--json", "--select", "#no-such-element", "--browser", Chromium.Endpoint)
		Expect(s.ExitCode()).To(Equal(0))
		Expect(string(s.Err.Contents())).To(ContainSubstring("no element matches"))
	})

	It("fails with status 2 on bad usage and 1 when the page does not load", func() {
		Expect(run().ExitCode()).To(Equal(2))
		Expect(run("not a url").ExitCode()).To(Equal(2))
		Expect(run(Fixtures.URL+"/x.html", "--viewport", "wide").ExitCode()).To(Equal(2))
		s := run("http://127.0.0.1:1/nothing", "--browser", Chromium.Endpoint, "--timeout", "20s")
		Expect(s.ExitCode()).To(Equal(1))
		Expect(string(s.Err.Contents())).To(ContainSubstring("127.0.0.1:1"))
	})
})
