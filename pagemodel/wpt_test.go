package pagemodel

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/internal/testenv"
)

// wptAll makes TestWPTConformance list every checked element, not only
// the disagreements (go test ./pagemodel -run WPT -v -args -wpt.all).
var wptAll = flag.Bool("wpt.all", false, "list every checked WPT element with the three answers")

// TestWPTConformance serves the web-platform-tests pages of
// testdata/wpt-aria on 127.0.0.1, opens each in Chromium and, for every
// element a page checks (its AriaUtils.verify*BySelector calls, in the
// document and in open shadow roots), compares the model's role and
// accessible name with the page's expectation, Chromium's own
// (Accessibility.getPartialAXTree) with the expectation, and the model's
// with Chromium's. It prints the three rates per folder and in all, and
// every disagreement of the model with Chromium.
//
// It fails when the model agrees with Chromium on fewer than 99% of the
// checked elements (names and roles together, issue 18's measure), or
// when the model misses an expectation that Chromium meets. Where
// Chromium misses one the model meets, they disagree: Chromium 148 misses
// five roles that 156 and the model meet (a form named by nothing, an
// orphaned treeitem), so its roles alone agree at 98.3%.
func TestWPTConformance(t *testing.T) {
	pages, err := wptPages(wptDir)
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) == 0 {
		t.Fatalf("no pages in %s", wptDir)
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(wptDir)))
	defer srv.Close()
	// The pages are subtests run in parallel (-parallel): the time goes
	// to DevTools round trips, not to the processor.
	results := make([][]wptResult, len(pages))
	t.Run("pages", func(t *testing.T) {
		for i, pg := range pages {
			src, err := os.ReadFile(filepath.Join(wptDir, pg))
			if err != nil {
				t.Fatal(err)
			}
			checks := wptChecks(string(src))
			if len(checks) == 0 {
				continue
			}
			t.Run(pg, func(t *testing.T) {
				t.Parallel()
				rs, err := wptRun(t, srv.URL+"/"+pg, pg, checks)
				if err != nil {
					t.Fatal(err)
				}
				results[i] = rs
			})
		}
	})
	if t.Failed() {
		return
	}
	var all []wptResult
	for _, rs := range results {
		all = append(all, rs...)
	}
	wptReport(t, all)
}

// A wptResult is what one checked element is expected to be, what the
// model says of it and what Chromium says.
type wptResult struct {
	Page, Folder, Test, HTML string
	// Name, Role and Generic say what the page checks: the name, the
	// role, or that the role is generic (generic, none or "").
	Name, Role, Generic bool
	// The expectations: data-expectedlabel (HasLabel: present) and
	// data-expectedrole.
	ExpLabel, ExpRole string
	HasLabel          bool
	// The answers, names compared as aria-utils.js does (wptName):
	// the model's computedName and computedRole, the engine's own name
	// (accName: the same, but for an element Chromium leaves out of its
	// tree, which computedName calls nameless), and Chromium's.
	OurName, OurRole, EngineName, ChrName, ChrRole string
}

// wptElements is a page function that returns the elements the checks
// select, in document order and each once, searching open shadow roots
// too.
const wptElements = `(checks) => {
  const out = [], seen = new Set();
  const scope = (root) => {
    for (const c of checks) for (const e of root.querySelectorAll(c[1])) if (!seen.has(e)) { seen.add(e); out.push(e); }
    for (const e of root.querySelectorAll("*")) if (e.shadowRoot) scope(e.shadowRoot);
  };
  scope(document);
  return out;
}`

// wptFacts is a function called on one checked element: which checks
// select it, what it expects, and what the model installed in its world
// says of it (see answer).
var wptFacts = `function (checks) {
  const m = globalThis[` + key + `];
  if (!m) return "";
  const html = this.outerHTML;
  return JSON.stringify({
    m: checks.map((c) => this.matches(c[1])),
    l: this.getAttribute("data-expectedlabel"), r: this.getAttribute("data-expectedrole"),
    t: this.getAttribute("data-testname") || "", h: html.length > 160 ? html.slice(0, 160) + "…" : html,
    or: m.computedRole(this), on: m.computedName(this), en: m.name(this),
  });
}`

// wptRun opens one page and returns the results of its checked elements.
func wptRun(t *testing.T, url, pg string, checks []wptCheck) ([]wptResult, error) {
	ctx := context.Background()
	p := testenv.Page(t, url)
	w, err := New(p, Options{}).Top(ctx)
	if err != nil {
		return nil, err
	}
	sel := make([][2]string, len(checks))
	for i, c := range checks {
		sel[i] = [2]string{c.Kind, c.Selector}
	}
	els, err := p.ElementsByJS(rod.Eval(wptElements, sel))
	if err != nil {
		return nil, fmt.Errorf("the checked elements: %w", err)
	}
	if len(els) > 0 { // install the model in the page's world
		if _, err := w.callString(ctx, els[0].Object.ObjectID, "computedRole"); err != nil {
			return nil, err
		}
	}
	out := make([]wptResult, 0, len(els))
	for _, el := range els {
		r := wptResult{Page: pg, Folder: wptFolder(pg)}
		if err := r.answer(el, checks, sel); err != nil {
			return nil, fmt.Errorf("%s: %w", r.HTML, err)
		}
		out = append(out, r)
	}
	return out, nil
}

// answer reads what the page expects of el and which of its checks
// select it, the model's answers (computedRole, computedName, and the
// engine's name) and Chromium's (Accessibility.getPartialAXTree on el's
// backend node).
func (r *wptResult) answer(el *rod.Element, checks []wptCheck, sel [][2]string) error {
	var f struct {
		M          []bool
		L, R       *string
		T, H       string
		Or, On, En string
	}
	res, err := el.Evaluate(rod.Eval(wptFacts, sel))
	if err != nil {
		return err
	}
	if res.Value.Str() == "" {
		return fmt.Errorf("the model is not installed")
	}
	if err := json.Unmarshal([]byte(res.Value.Str()), &f); err != nil {
		return err
	}
	r.Test, r.HTML = f.T, f.H
	if f.L != nil {
		r.ExpLabel, r.HasLabel = *f.L, true
	}
	if f.R != nil {
		r.ExpRole = *f.R
	}
	for i, m := range f.M {
		if !m {
			continue
		}
		switch checks[i].Kind {
		case "labels":
			r.Name = true
		case "roles":
			r.Role = true
		case "both":
			r.Name, r.Role = true, true
		case "generic":
			r.Generic = true
		}
	}
	r.OurRole, r.OurName, r.EngineName = f.Or, wptName(f.On), wptName(f.En)
	node, err := proto.DOMDescribeNode{ObjectID: el.Object.ObjectID}.Call(el)
	if err != nil {
		return fmt.Errorf("describe: %w", err)
	}
	ax, err := proto.AccessibilityGetPartialAXTree{BackendNodeID: node.Node.BackendNodeID, FetchRelatives: false}.Call(el)
	if err != nil {
		return fmt.Errorf("Chromium's node: %w", err)
	}
	for _, n := range ax.Nodes {
		if n.BackendDOMNodeID != node.Node.BackendNodeID {
			continue
		}
		if n.Name != nil {
			r.ChrName = wptName(n.Name.Value.Str())
		}
		if n.Role != nil {
			r.ChrRole = n.Role.Value.Str()
		}
		return nil
	}
	return fmt.Errorf("Chromium has no node for it")
}

// nameOK and roleOK say whether an answer meets r's expectation.
func (r wptResult) nameOK(name string) bool { return r.HasLabel && name == r.ExpLabel }
func (r wptResult) roleOK(role string) bool {
	if r.Generic && !genericRole(role) {
		return false
	}
	return !r.Role || wptRole(role) == wptRole(r.ExpRole)
}

// A wptRate counts the elements of one kind of check: how many, and how
// many the model meets, Chromium meets, and the two agree on.
type wptRate struct{ N, Ours, Chr, Agree int }

func (c *wptRate) add(ours, chr, agree bool) {
	c.N++
	if ours {
		c.Ours++
	}
	if chr {
		c.Chr++
	}
	if agree {
		c.Agree++
	}
}

func pct(k, n int) string {
	if n == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%% (%d/%d)", 100*float64(k)/float64(n), k, n)
}

// wptReport prints the rates and the disagreements and fails the test
// where it must.
func wptReport(t *testing.T, rs []wptResult) {
	names, roles := map[string]*wptRate{}, map[string]*wptRate{}
	var folders []string
	rate := func(m map[string]*wptRate, f string) *wptRate {
		if m[f] == nil {
			m[f] = &wptRate{}
		}
		return m[f]
	}
	var disagree, worse, every []string
	outside := 0 // checked names of elements left out of the tree that the engine names
	for _, r := range rs {
		if r.Name && r.EngineName != r.OurName {
			outside++
		}
		if *wptAll {
			every = append(every, fmt.Sprintf("%s %q name=%v role=%v generic=%v: expected %q %q; ours %q %q; Chromium %q %q  %s",
				r.Page, r.Test, r.Name, r.Role, r.Generic, r.ExpLabel, r.ExpRole, r.OurName, r.OurRole, r.ChrName, r.ChrRole, r.HTML))
		}
		if !contains(folders, r.Folder) {
			folders = append(folders, r.Folder)
		}
		if r.Name {
			ours, chr, agree := r.nameOK(r.OurName), r.nameOK(r.ChrName), r.OurName == r.ChrName
			rate(names, r.Folder).add(ours, chr, agree)
			rate(names, "all").add(ours, chr, agree)
			if !agree {
				disagree = append(disagree, fmt.Sprintf("name %s %q: ours %q, Chromium %q, expected %q  %s", r.Page, r.Test, r.OurName, r.ChrName, r.ExpLabel, r.HTML))
			}
			if chr && !ours {
				worse = append(worse, fmt.Sprintf("name %s %q: ours %q, expected %q (Chromium meets it)  %s", r.Page, r.Test, r.OurName, r.ExpLabel, r.HTML))
			}
		}
		if r.Role || r.Generic {
			ours, chr, agree := r.roleOK(r.OurRole), r.roleOK(r.ChrRole), wptRole(r.OurRole) == wptRole(r.ChrRole)
			rate(roles, r.Folder).add(ours, chr, agree)
			rate(roles, "all").add(ours, chr, agree)
			exp := r.ExpRole
			if r.Generic {
				exp = "generic|none|\"\""
			}
			if !agree {
				disagree = append(disagree, fmt.Sprintf("role %s %q: ours %q, Chromium %q, expected %s  %s", r.Page, r.Test, r.OurRole, r.ChrRole, exp, r.HTML))
			}
			if chr && !ours {
				worse = append(worse, fmt.Sprintf("role %s %q: ours %q, expected %s (Chromium meets it)  %s", r.Page, r.Test, r.OurRole, exp, r.HTML))
			}
		}
	}
	sort.Strings(folders)
	folders = append(folders, "all")
	var b strings.Builder
	b.WriteString("\n| folder | check | ours vs expected | Chromium vs expected | ours vs Chromium |\n| --- | --- | --- | --- | --- |\n")
	for _, f := range folders {
		for _, k := range []struct {
			kind string
			c    *wptRate
		}{{"names", names[f]}, {"roles", roles[f]}} {
			if k.c == nil || k.c.N == 0 {
				continue
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", f, k.kind, pct(k.c.Ours, k.c.N), pct(k.c.Chr, k.c.N), pct(k.c.Agree, k.c.N))
		}
	}
	n, r := names["all"], roles["all"]
	if n == nil {
		n = &wptRate{}
	}
	if r == nil {
		r = &wptRate{}
	}
	both := wptRate{N: n.N + r.N, Ours: n.Ours + r.Ours, Chr: n.Chr + r.Chr, Agree: n.Agree + r.Agree}
	fmt.Fprintf(&b, "| all | both | %s | %s | %s |\n", pct(both.Ours, both.N), pct(both.Chr, both.N), pct(both.Agree, both.N))
	if *wptAll {
		t.Logf("every checked element:\n%s", strings.Join(every, "\n"))
	}
	if v, err := (proto.BrowserGetVersion{}).Call(testenv.Browser(t)); err == nil {
		t.Logf("Chromium: %s", v.Product)
	}
	t.Log(b.String())
	t.Logf("%d of the checked names are of elements Chromium leaves out of its tree (named \"\" there) that the engine's accName names", outside)
	t.Logf("%d disagreements of the model with Chromium:\n%s", len(disagree), strings.Join(disagree, "\n"))
	if len(worse) > 0 {
		t.Errorf("the model misses %d expectations Chromium meets:\n%s", len(worse), strings.Join(worse, "\n"))
	}
	if both.N == 0 || 100*both.Agree < 99*both.N {
		t.Errorf("the model agrees with Chromium on %s of the checked names and roles, under 99%%", pct(both.Agree, both.N))
	}
}

func contains(s []string, x string) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}
