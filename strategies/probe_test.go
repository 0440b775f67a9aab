package strategies

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/testenv"
)

// TestProbeAgreesWithTheTree evaluates every test id, id, name and CSS
// strategy of the fixture flows on their pages and on the changed login
// pages twice, by Probe and on the whole tree, and requires the same
// answer wherever Probe answers: the same element, match count,
// verification and confidence.
func TestProbeAgreesWithTheTree(t *testing.T) {
	fx := testenv.Fixtures(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	pagesOf := map[string][]string{
		"login.yaml": {"login.html", "variants/login-ids-renamed.html", "variants/login-decoy.html", "variants/login-wrapped.html",
			"variants/login-siblings.html", "variants/login-testid-moved.html", "variants/login-reworded.html", "variants/login-removed.html"},
		"actions.yaml": {"variants/actions.html"},
		"shop.yaml":    {"login.html", "list.html"},
		// Targets in a same-origin and a cross-origin frame.
		"frames.yaml": {"frames.html"},
	}
	probed, compared, inFrames := 0, 0, 0
	testenv.EachFlowStep(t, fx, pagesOf, func(fs testenv.FlowStep) {
		for _, s := range fs.Step.Target.Chain {
			switch s.Type {
			case chain.TestID, chain.ID, chain.Name, chain.CSS:
			default:
				continue
			}
			compared++
			pr, ok := Probe(ctx, NewEnv(fs.Page, fs.Step.Target), s)
			full := Evaluate(ctx, NewEnv(fs.Page, fs.Step.Target), s)
			if !ok {
				if full.Found && full.MatchCount == 1 && s.Nth == 0 {
					t.Logf("%s on %s step %d %s %q: probe declined a unique match", fs.Flow, fs.Path, fs.Index+1, s.Type, s.Value)
				}
				continue
			}
			probed++
			if len(fs.Step.Target.FramePath) > 0 {
				inFrames++
			}
			where := fmt.Sprintf("%s on %s step %d %s %q", fs.Flow, fs.Path, fs.Index+1, s.Type, s.Value)
			if !full.Found || full.BackendNodeID != pr.BackendNodeID {
				t.Errorf("%s: probe found backend %d, the tree %d (found %v)", where, pr.BackendNodeID, full.BackendNodeID, full.Found)
				continue
			}
			if full.MatchCount != pr.MatchCount || math.Abs(full.Verification-pr.Verification) > 1e-9 || math.Abs(full.Confidence-pr.Confidence) > 1e-9 {
				t.Errorf("%s: probe n=%d verif=%.4f conf=%.4f, tree n=%d verif=%.4f conf=%.4f", where,
					pr.MatchCount, pr.Verification, pr.Confidence, full.MatchCount, full.Verification, full.Confidence)
			}
		}
	})
	if probed < 20 || inFrames < 4 {
		t.Fatalf("only %d of %d strategies were probed, %d in frames: the comparison proves little", probed, compared, inFrames)
	}
	t.Logf("%d of %d strategies probed, %d of them in frames", probed, compared, inFrames)
}

// TestRoleProbeAgreesOnEveryNamedElement asks, for every element of the
// fixture pages and apps (original, redesigned, with decoys) that has a
// role and a name in the tree (RoleOf, AccessibleName), for its role and
// name by Probe and on the tree, and requires the same answer wherever
// Probe answers: the page script's port of those functions must count
// what the tree counts.
func TestRoleProbeAgreesOnEveryNamedElement(t *testing.T) {
	fx := testenv.Fixtures(t)
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	pages := []string{"login.html", "list.html", "variants/actions.html", "variants/login-decoy.html", "variants/login-reworded.html",
		"variants/names.html"}
	for _, app := range []string{"checkout", "shop", "settings"} {
		for _, v := range []string{"", "?v=redesign", "?v=decoy"} {
			pages = append(pages, "apps/"+app+"/"+v)
		}
	}
	// Pages without frames, shadow roots or hidden look-alikes: there every
	// pair unique on the tree must be probed, or the port lost a name.
	plain := map[string]bool{"login.html": true, "list.html": true, "apps/shop/": true, "apps/shop/?v=redesign": true,
		"variants/names.html": true}
	const perPage = 60
	probed, unique := 0, 0
	for _, path := range pages {
		pageProbed, pageUnique := 0, 0
		page := testenv.Page(t, fx.URL+"/"+path)
		tree := NewEnv(page, &chain.Target{})
		doc, err := tree.Doc(ctx)
		if err != nil {
			t.Fatal(err)
		}
		asked := 0
		for _, e := range doc.Elements {
			if asked == perPage {
				break
			}
			role, name := RoleOf(e), AccessibleName(e)
			if role == "" || e.Frame != nil {
				continue
			}
			asked++
			u, p := probeAgainstTree(t, ctx, tree, chain.Strategy{Type: chain.Role, Value: role + "|" + name, Confidence: 0.85}, path)
			pageUnique, pageProbed = pageUnique+b2i(u), pageProbed+b2i(p)
		}
		if plain[path] && pageProbed < pageUnique {
			t.Errorf("%s: probed %d of the %d pairs unique on the tree", path, pageProbed, pageUnique)
		}
		probed, unique = probed+pageProbed, unique+pageUnique
	}
	if probed < unique/2 {
		t.Errorf("probed %d of the %d role and name pairs unique on the tree: the comparison proves little", probed, unique)
	}
	t.Logf("probed %d role and name pairs; %d were unique on the tree", probed, unique)
}

// TestLabelProbeAgreesOnEveryLabelledElement probes, for every element of
// the fixture pages and apps that has a label (LabelOf, aria-label), a
// label strategy of that text, as written and in other case, and requires
// the tree's answer wherever Probe answers: the page script's port of
// labelEvaluator must count what the tree counts.
func TestLabelProbeAgreesOnEveryLabelledElement(t *testing.T) {
	fx := testenv.Fixtures(t)
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	pages := []string{"login.html", "list.html", "pay.html", "variants/actions.html", "variants/login-decoy.html", "variants/names.html",
		"snapshot/basics.html", "shadow.html"}
	for _, app := range []string{"checkout", "shop", "settings"} {
		for _, v := range []string{"", "?v=redesign", "?v=decoy"} {
			pages = append(pages, "apps/"+app+"/"+v)
		}
	}
	probed, unique := 0, 0
	for _, path := range pages {
		page := testenv.Page(t, fx.URL+"/"+path)
		tree := NewEnv(page, &chain.Target{})
		doc, err := tree.Doc(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range doc.Elements {
			label := firstNonEmpty(LabelOf(e), collapse(e.Attr("aria-label")))
			if label == "" || e.Frame != nil {
				continue
			}
			for _, v := range []string{label, strings.ToUpper(label)} {
				u, p := probeAgainstTree(t, ctx, tree, chain.Strategy{Type: chain.Label, Value: v, Confidence: 0.8}, path)
				unique, probed = unique+b2i(u), probed+b2i(p)
			}
		}
	}
	if probed < unique/2 || probed < 50 {
		t.Errorf("probed %d of the %d labels unique on the tree: the comparison proves little", probed, unique)
	}
	t.Logf("probed %d labels; %d were unique on the tree", probed, unique)
}

// probeAgainstTree evaluates s on the tree (tree, its Target set to s
// alone) and by Probe, and reports an error where Probe answers otherwise
// than the tree: another element, count or confidence. unique says the
// tree found one match, probed that Probe answered.
func probeAgainstTree(t *testing.T, ctx context.Context, tree *Env, s chain.Strategy, where string) (unique, probed bool) {
	t.Helper()
	tg := &chain.Target{Chain: []chain.Strategy{s}}
	tree.Target = tg
	full := Evaluate(ctx, tree, s)
	pr, ok := Probe(ctx, NewEnv(tree.Page, tg), s)
	if ok && (!full.Found || full.BackendNodeID != pr.BackendNodeID || full.MatchCount != pr.MatchCount ||
		math.Abs(full.Confidence-pr.Confidence) > 1e-9) {
		t.Errorf("%s %s %q: probe %d n=%d conf=%.4f, tree %d n=%d conf=%.4f (found %v)", where, s.Type, s.Value,
			pr.BackendNodeID, pr.MatchCount, pr.Confidence, full.BackendNodeID, full.MatchCount, full.Confidence, full.Found)
	}
	return full.Found && full.MatchCount == 1, ok
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

// TestProbeDeclinesWhatItCannotCount: a page with frames or closed shadow
// roots may hold matches page script cannot see or reach from the top
// document, so a probe there answers nothing; so does a strategy matching
// several elements, or one recorded with an index.
func TestProbeDeclinesWhatItCannotCount(t *testing.T) {
	fx := testenv.Fixtures(t)
	ctx := context.Background()
	for _, c := range []struct {
		page string
		s    chain.Strategy
	}{
		{"frames.html", chain.Strategy{Type: chain.CSS, Value: "body", Confidence: 0.9}},
		{"shadow.html", chain.Strategy{Type: chain.CSS, Value: "body", Confidence: 0.9}},
		{"login.html", chain.Strategy{Type: chain.CSS, Value: "input", Confidence: 0.9}},
		{"login.html", chain.Strategy{Type: chain.CSS, Value: "#login-btn", Nth: 1, Confidence: 0.9}},
		{"login.html", chain.Strategy{Type: chain.CSS, Value: "not a [selector", Confidence: 0.9}},
		{"login.html", chain.Strategy{Type: chain.Text, Value: "Sign in", Confidence: 0.9}},
	} {
		page := testenv.Page(t, fx.URL+"/"+c.page)
		tg := &chain.Target{Chain: []chain.Strategy{c.s}}
		if r, ok := Probe(ctx, NewEnv(page, tg), c.s); ok {
			t.Errorf("%s %s %q (nth %d): probe answered %+v", c.page, c.s.Type, c.s.Value, c.s.Nth, r)
		}
	}
	// And a target whose frame path no longer resolves is not probed: the
	// tree then searches every frame.
	page := testenv.Page(t, fx.URL+"/login.html")
	s := chain.Strategy{Type: chain.ID, Value: "login-btn", Confidence: 0.9}
	if _, ok := Probe(ctx, NewEnv(page, &chain.Target{FramePath: []string{"iframe#x"}, Chain: []chain.Strategy{s}}), s); ok {
		t.Error("a target with a frame path that does not resolve was probed")
	}
	if _, ok := Probe(ctx, NewEnv(page, &chain.Target{Chain: []chain.Strategy{s}}), s); !ok {
		t.Error("the unique #login-btn of login.html was not probed")
	}
}

// TestProbeOnPagesWithShadowRoots: a probe counts matches in every open
// shadow root and frame too, asks DevTools about custom
// elements without an open root (which may hold a closed one), and
// declines a target inside a shadow tree or a frame, or with a shadow host
// in its subtree. Where it answers it must agree with the tree; where the
// tree sees a match page script cannot reach, it must decline.
// A cross-origin frame is counted by page script in its own document.
func TestProbeOnPagesWithShadowRoots(t *testing.T) {
	fx := testenv.Fixtures(t)
	ctx := context.Background()
	target := testenv.Flow(t, "login.yaml").Steps[3].Target // the "Sign in" button
	for _, c := range []struct {
		name, setup string
		s           chain.Strategy
		probed      bool
	}{
		{"an open shadow root elsewhere", `() => { const h = document.createElement("x-open"); document.body.append(h);
			h.attachShadow({mode: "open"}).innerHTML = "<button>Help</button>"; }`, target.Chain[0], true},
		{"a custom element without a shadow root", `() => { document.body.append(document.createElement("x-plain")); }`, target.Chain[1], true},
		{"a second match inside an open shadow root", `() => { const h = document.createElement("x-open"); document.body.append(h);
			h.attachShadow({mode: "open"}).innerHTML = '<button data-testid="login-submit">Sign in</button>'; }`, target.Chain[0], false},
		{"a closed shadow root", `() => { const h = document.createElement("x-closed"); document.body.append(h);
			h.attachShadow({mode: "closed"}).innerHTML = "<button>Help</button>"; }`, target.Chain[0], false},
		{"the target inside an open shadow root", `() => { const h = document.createElement("x-open"); document.body.append(h);
			h.attachShadow({mode: "open"}).innerHTML = '<button class="inside">Sign in</button>'; }`,
			chain.Strategy{Type: chain.CSS, Value: "button.inside", Confidence: 0.7}, false},
		{"the target slotted into an open shadow root", `() => { const b = document.getElementById("login-btn");
			const h = document.createElement("x-frame"); b.before(h); h.append(b);
			h.attachShadow({mode: "open"}).innerHTML = '<div class="frame"><slot></slot></div>'; }`, target.Chain[0], true},
		{"the target hidden (no layout box)", `() => { document.getElementById("login-btn").style.display = "none"; }`, target.Chain[0], true},
		{"a same-origin frame elsewhere", frameWith(`<p>Help</p><button>Open</button>`), target.Chain[0], true},
		{"a second match inside a same-origin frame", frameWith(`<button data-testid="login-submit">Sign in</button>`), target.Chain[0], false},
		{"a second role and name inside a same-origin frame", frameWith(`<button>Sign in</button>`), target.Chain[2], false},
		{"the target inside a same-origin frame", frameWith(`<button class="framed">Go</button>`),
			chain.Strategy{Type: chain.CSS, Value: "button.framed", Confidence: 0.7}, false},
		{"a cross-origin frame elsewhere", crossFrame(fx.OtherURL + "/snapshot/frame-child.html"), target.Chain[0], true},
		{"a role and name elsewhere, a cross-origin frame", crossFrame(fx.OtherURL + "/snapshot/frame-child.html"), target.Chain[2], true},
		{"a second match inside a cross-origin frame", crossFrame(fx.OtherURL + "/login.html"), target.Chain[0], false},
		{"a second role and name inside a cross-origin frame", crossFrame(fx.OtherURL + "/login.html"), target.Chain[2], false},
		// Frames within a cross-origin frame are not looked into: declined.
		{"a cross-origin frame holding one of another origin", crossFrame(fx.OtherURL + "/snapshot/frames.html?other=" + fx.URL), target.Chain[0], false},
		{"a shadow host inside the target", `() => { const i = document.createElement("x-icon");
			document.getElementById("login-btn").append(i); i.attachShadow({mode: "open"}).textContent = "→"; }`, target.Chain[0], false},
	} {
		t.Run(c.name, func(t *testing.T) {
			page := testenv.Page(t, fx.URL+"/login.html")
			if _, err := page.Eval(c.setup); err != nil {
				t.Fatal(err)
			}
			env := NewEnv(page, target)
			env.ObjectGroup = "probe-shadow-test"
			pr, ok := Probe(ctx, env, c.s)
			full := Evaluate(ctx, NewEnv(page, target), c.s)
			if ok != c.probed {
				t.Fatalf("probed %v, want %v (the tree: found %v, %d matches)", ok, c.probed, full.Found, full.MatchCount)
			}
			if !ok {
				return
			}
			if !full.Found || full.BackendNodeID != pr.BackendNodeID || full.MatchCount != pr.MatchCount ||
				math.Abs(full.Verification-pr.Verification) > 1e-9 || math.Abs(full.Confidence-pr.Confidence) > 1e-9 {
				t.Errorf("probe %d n=%d verif=%.4f conf=%.4f, tree %d n=%d verif=%.4f conf=%.4f", pr.BackendNodeID, pr.MatchCount,
					pr.Verification, pr.Confidence, full.BackendNodeID, full.MatchCount, full.Verification, full.Confidence)
			}
			d, err := proto.DOMDescribeNode{ObjectID: pr.ObjectID}.Call(page)
			if err != nil || d.Node.BackendNodeID != pr.BackendNodeID {
				t.Errorf("the probe's object is %v (%v), not the element it found", d, err)
			}
		})
	}
}

// crossFrame is a page function that appends a frame loading url to the
// body and resolves once it has loaded.
func crossFrame(url string) string {
	return `() => new Promise((done) => { const f = document.createElement("iframe"); f.onload = () => done();
		f.src = ` + strconv.Quote(url) + `; document.body.append(f); })`
}

// frameWith is a page function that appends a same-origin frame (srcdoc)
// holding html to the body and resolves once it has loaded.
func frameWith(html string) string {
	return `() => new Promise((done) => { const f = document.createElement("iframe"); f.onload = () => done();
		f.srcdoc = ` + strconv.Quote(html) + `; document.body.append(f); })`
}

// TestProbeLeavesTheElementsObjectInTheCallersGroup: with Env.ObjectGroup
// set, the probe's answer carries the found element's object, in that
// group (releasing the group releases it); without, it carries none.
func TestProbeLeavesTheElementsObjectInTheCallersGroup(t *testing.T) {
	fx := testenv.Fixtures(t)
	ctx := context.Background()
	page := testenv.Page(t, fx.URL+"/login.html")
	s := chain.Strategy{Type: chain.ID, Value: "login-btn", Confidence: 0.9}
	tg := &chain.Target{Chain: []chain.Strategy{s}}
	if r, ok := Probe(ctx, NewEnv(page, tg), s); !ok || r.ObjectID != "" {
		t.Fatalf("without a group: probed %v, object %q (want one probed, no object)", ok, r.ObjectID)
	}
	env := NewEnv(page, tg)
	env.ObjectGroup = "probe-test"
	r, ok := Probe(ctx, env, s)
	if !ok || r.ObjectID == "" {
		t.Fatalf("with a group: probed %v, object %q", ok, r.ObjectID)
	}
	d, err := proto.DOMDescribeNode{ObjectID: r.ObjectID}.Call(page)
	if err != nil || d.Node.BackendNodeID != r.BackendNodeID {
		t.Fatalf("the object is backend node %v (%v), the result says %d", d, err, r.BackendNodeID)
	}
	if err := (proto.RuntimeReleaseObjectGroup{ObjectGroup: "probe-test"}).Call(page); err != nil {
		t.Fatal(err)
	}
	if _, err := (proto.DOMDescribeNode{ObjectID: r.ObjectID}).Call(page); err == nil {
		t.Error("the object outlived its group")
	}
}

// BenchmarkProbe finds one test id and one role and name on generated
// pages of 1k and 10k elements, and on the 10k page with web components
// added, by Probe and by evaluating on the whole tree, in the same run:
//
//	go test ./strategies -run '^$' -bench Probe -benchtime 10x
func BenchmarkProbe(b *testing.B) {
	fx := testenv.Fixtures(b)
	testID := chain.Strategy{Type: chain.TestID, Value: "t7", Confidence: 0.95}
	// Block 2 of the generated page holds the button "Save charlie 2".
	role := chain.Strategy{Type: chain.Role, Value: "button|Save charlie 2", Confidence: 0.85}
	for _, size := range []struct {
		n                 int
		components, frame bool
	}{{1000, false, false}, {10000, false, false}, {10000, true, false}, {10000, false, true}} {
		n := size.n
		page := testenv.Page(b, fmt.Sprintf("%s/snapshot/generated.html?n=%d", fx.URL, n))
		name := fmt.Sprintf("elements=%d", n)
		if size.frame {
			// A cross-origin frame, as payment, chat and ad frames are.
			name += "+crossframe"
			if _, err := page.Eval(crossFrame(fx.OtherURL + "/snapshot/frame-child.html")); err != nil {
				b.Fatal(err)
			}
		}
		if size.components {
			// 20 components with open shadow roots and 8 custom elements
			// without one (DevTools is asked whether they hold a closed one).
			name += "+components"
			page.MustEval(`() => {
				for (let i = 0; i < 20; i++) {
					const h = document.createElement("x-card"); document.body.append(h);
					h.attachShadow({mode: "open"}).innerHTML = "<p>Card " + i + "</p><button>Open</button>";
				}
				for (let i = 0; i < 8; i++) document.body.append(document.createElement("x-badge"));
			}`)
		}
		ctx := context.Background()
		type probed struct {
			s     chain.Strategy
			fp    *chain.Fingerprint
			frame []string
		}
		cases := []probed{
			{testID, &chain.Fingerprint{Tag: "div", Text: "Test id hotel 7"}, nil},
			{role, &chain.Fingerprint{Tag: "button", Role: "button", AccessName: "Save charlie 2", Text: "Save charlie 2"}, nil},
		}
		if size.frame {
			// The "Pay now" button inside the cross-origin frame.
			cases = append(cases, probed{chain.Strategy{Type: chain.ID, Value: "pay", Confidence: 0.9},
				&chain.Fingerprint{Tag: "button", ID: "pay", Text: "Pay now"}, []string{"iframe"}})
		}
		for _, c := range cases {
			s, tg := c.s, &chain.Target{Chain: []chain.Strategy{c.s}, Fingerprint: c.fp, FramePath: c.frame}
			kind := string(s.Type)
			if c.frame != nil {
				kind += "-in-frame"
			}
			b.Run(name+"/"+kind+"/probe", func(b *testing.B) {
				var ds []time.Duration
				for i := 0; i < b.N; i++ {
					st := time.Now()
					r, ok := Probe(ctx, NewEnv(page, tg), s)
					ds = append(ds, time.Since(st))
					if !ok || !r.Found || r.Verification < 0.99 {
						b.Fatalf("probe: %v %+v", ok, r)
					}
				}
				b.ReportMetric(medianMS(ds), "median-ms")
			})
			b.Run(name+"/"+kind+"/tree", func(b *testing.B) {
				var ds []time.Duration
				for i := 0; i < b.N; i++ {
					st := time.Now()
					r := Evaluate(ctx, NewEnv(page, tg), s)
					ds = append(ds, time.Since(st))
					if !r.Found || r.Verification < 0.99 {
						b.Fatalf("tree: %+v", r)
					}
				}
				b.ReportMetric(medianMS(ds), "median-ms")
			})
		}
	}
}

// A closed shadow root attached to a plain element (a <div>) is out of
// page script's reach, and only the tree saw a match there. With the
// replay's ClosedRoots script the probe searches it too: it declines a
// second match inside, and counts one elsewhere as the tree does.
func TestProbeSeesClosedRootsTheReplayKept(t *testing.T) {
	fx := testenv.Fixtures(t)
	ctx := context.Background()
	target := testenv.Flow(t, "login.yaml").Steps[3].Target // the "Sign in" button
	closedDiv := func(html string) string {
		return `() => { const h = document.createElement("div"); document.body.append(h);
			h.attachShadow({mode: "closed"}).innerHTML = ` + strconv.Quote(html) + `; }`
	}
	for _, c := range []struct {
		name, setup string
		s           chain.Strategy
		probed      bool
	}{
		{"a second test id inside", closedDiv(`<button data-testid="login-submit">Sign in</button>`), target.Chain[0], false},
		{"a second role and name inside", closedDiv(`<button>Sign in</button>`), target.Chain[2], false},
		{"nothing alike inside", closedDiv(`<p>Help</p><button>Open</button>`), target.Chain[0], true},
	} {
		t.Run(c.name, func(t *testing.T) {
			page := testenv.PageWithClosedRoots(t, fx.URL+"/login.html")
			if _, err := page.Eval(c.setup); err != nil {
				t.Fatal(err)
			}
			pr, ok := Probe(ctx, NewEnv(page, target), c.s)
			full := Evaluate(ctx, NewEnv(page, target), c.s)
			if ok != c.probed {
				t.Fatalf("probed %v, want %v (the tree: found %v, %d matches)", ok, c.probed, full.Found, full.MatchCount)
			}
			if ok && (full.BackendNodeID != pr.BackendNodeID || full.MatchCount != pr.MatchCount || math.Abs(full.Confidence-pr.Confidence) > 1e-9) {
				t.Errorf("probe %d n=%d conf=%.4f, tree %d n=%d conf=%.4f", pr.BackendNodeID, pr.MatchCount, pr.Confidence,
					full.BackendNodeID, full.MatchCount, full.Confidence)
			}
			if !c.probed && full.MatchCount < 2 {
				t.Errorf("the tree counts %d matches: the case proves nothing", full.MatchCount)
			}
		})
	}
}
