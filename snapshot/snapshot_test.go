package snapshot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/internal/browser"
	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/pagemodel"
)

// byAttrID returns the node whose id attribute is id, failing the test
// when there is not exactly one.
func byAttrID(t testing.TB, s *Snapshot, id string) *Node {
	t.Helper()
	var found []*Node
	for _, n := range s.Nodes {
		if n.Attrs.Get("id") == id {
			found = append(found, n)
		}
	}
	if len(found) != 1 {
		t.Fatalf("want one node with id=%q, got %d", id, len(found))
	}
	return found[0]
}

func specTiers(t testing.TB) {
	fx := testenv.Fixtures(t)
	s := snap(t, open(t, fx.URL+"/snapshot/basics.html"), Options{})
	for _, c := range []struct {
		id   string
		tier Tier
		role string
		name string
	}{
		{"deep", Semantic, "button", "Deep button"},
		{"email", Semantic, "textbox", "Email address"},
		{"nick", Semantic, "textbox", "Nickname"},
		{"search", Semantic, "searchbox", "Search the docs"},
		{"titled", Semantic, "textbox", "Postal code"},
		{"phone", Semantic, "textbox", "Phone (mobile)"},
		{"agree", Semantic, "checkbox", "I agree to the terms"},
		{"country", Semantic, "combobox", "Country"},
		{"bio", Semantic, "textbox", "Biography"},
		{"close", Semantic, "button", "Close dialog"},
		{"trash", Semantic, "button", "Delete item"},
		{"logo", Semantic, "link", "Acme logo"},
		{"rolebtn", Semantic, "button", "Role button"},
		{"div-click", Interactive, "", "Div with onclick"},
		{"testid", Interactive, "", "Save draft"},
		{"cy", Interactive, "", "Cypress thing"},
		{"dti", Interactive, "", "Dash id"},
		{"tab", Interactive, "", "Focusable div"},
		{"ptr", Interactive, "", "Pointer div"},
		{"clicky", Interactive, "", "Classy"},
		{"para", Structural, "paragraph", ""},
	} {
		n := byAttrID(t, s, c.id)
		if n.Tier != c.tier || n.Role != c.role || n.Name != c.name {
			t.Errorf("#%s: got tier %d role %q name %q, want tier %d role %q name %q", c.id, n.Tier, n.Role, n.Name, c.tier, c.role, c.name)
		}
	}
	if n := byAttrID(t, s, "off"); !n.Disabled {
		t.Errorf("#off should be disabled")
	}
	if n := byAttrID(t, s, "agree"); n.Checked != "true" {
		t.Errorf("#agree checked = %q", n.Checked)
	}
	if n := byAttrID(t, s, "hidden-btn"); n.Visible || n.InViewport {
		t.Errorf("#hidden-btn: visible %v inViewport %v", n.Visible, n.InViewport)
	}
	if n := byAttrID(t, s, "ah-btn"); !n.AriaHidden {
		t.Errorf("#ah-btn should be aria-hidden")
	}
	// Decorative image (alt="") is not kept: it carries nothing.
	for _, n := range s.Nodes {
		if n.Attrs.Get("id") == "deco" {
			t.Errorf("decorative image kept: %+v", n)
		}
	}
}

func specInViewport(t testing.TB) {
	fx := testenv.Fixtures(t)
	s := snap(t, open(t, fx.URL+"/snapshot/basics.html"), Options{})
	for id, want := range map[string]bool{"deep": true, "half": true, "quarter": false, "far": false} {
		n := byAttrID(t, s, id)
		if n.InViewport != want || !n.Visible {
			t.Errorf("#%s: inViewport %v visible %v, want inViewport %v (box %+v, viewport %+v)", id, n.InViewport, n.Visible, want, n.Box, s.Viewport)
		}
	}
	if s.Viewport.Width != 1280 || s.Viewport.Height != 800 {
		t.Errorf("viewport %+v", s.Viewport)
	}
	// Scrolled to the bottom, the far button is in view and the boxes
	// stay in viewport pixels.
	p := open(t, fx.URL+"/snapshot/basics.html")
	p.MustEval(`() => window.scrollTo(0, document.body.scrollHeight)`)
	s = snap(t, p, Options{})
	far := byAttrID(t, s, "far")
	if !far.InViewport || s.ScrollY <= 0 || far.Box.Y < 0 || far.Box.Y > 800 {
		t.Errorf("scrolled: far %+v inViewport %v, scrollY %v", far.Box, far.InViewport, s.ScrollY)
	}
	if deep := byAttrID(t, s, "deep"); deep.InViewport || deep.Box.Y >= 0 {
		t.Errorf("scrolled: deep button %+v inViewport %v", deep.Box, deep.InViewport)
	}
}

func specPasswordNeverCaptured(t testing.TB) {
	fx := testenv.Fixtures(t)
	p := open(t, fx.URL+"/snapshot/basics.html")
	p.MustElement("#secret").MustInput("typed-secret")
	s := snap(t, p, Options{AllTiers: true})
	b, err := json.Marshal(s.Nodes)
	if err != nil {
		t.Fatal(err)
	}
	for _, secret := range []string{"hunter2", "typed-secret"} {
		if strings.Contains(string(b), secret) {
			t.Errorf("snapshot contains the password %q", secret)
		}
	}
	if n := byAttrID(t, s, "secret"); !n.Password || n.Value != "" {
		t.Errorf("#secret: %+v", n)
	}
	if n := byAttrID(t, s, "email"); n.Value != "ann@example.com" {
		t.Errorf("#email value %q", n.Value)
	}
}

// key identifies an element across two snapshots of one page.
func key(n *Node) string {
	return strings.Join(n.FramePath, ">") + "|" + strings.Join(n.ShadowPath, ">") + "|" + n.XPath
}

// specFlattening compares the flat snapshot of the page at path with the
// one that keeps every tier: every tier-1 and tier-2 element is kept,
// under its nearest kept ancestor, and parents precede children.
func specFlattening(t testing.TB, path string) {
	fx := testenv.Fixtures(t)
	p := open(t, fx.URL+strings.ReplaceAll(path, "OTHER", fx.OtherURL))
	flat := snap(t, p, Options{})
	full := snap(t, p, Options{AllTiers: true})
	if len(full.Nodes) <= len(flat.Nodes) {
		t.Fatalf("flattening dropped nothing: %d full, %d flat", len(full.Nodes), len(flat.Nodes))
	}
	kept := map[string]*Node{}
	for _, n := range flat.Nodes {
		kept[key(n)] = n
	}
	// Every tier-1 and tier-2 element of the full tree is in the
	// flat one, under its nearest kept ancestor.
	for _, n := range full.Nodes {
		if n.Tier == Structural {
			continue
		}
		fn := kept[key(n)]
		if fn == nil {
			t.Errorf("lost %s %s %q (%s)", n.Tag, n.Role, n.Name, key(n))
			continue
		}
		var want string
		for a := full.ParentOf(n); a != nil; a = full.ParentOf(a) {
			if k := kept[key(a)]; k != nil {
				want = k.ID
				break
			}
		}
		if fn.Parent != want {
			t.Errorf("%s %q: parent %q, want nearest kept ancestor %q", fn.ID, fn.Name, fn.Parent, want)
		}
	}
	// Every flat node's parent precedes it (document order).
	pos := map[string]int{}
	for i, n := range flat.Nodes {
		pos[n.ID] = i
		if n.Parent != "" {
			if j, ok := pos[n.Parent]; !ok || j >= i {
				t.Errorf("%s: parent %s does not precede it", n.ID, n.Parent)
			}
		}
	}
}

// specHoisted checks that wrappers are hoisted: the deep button hangs
// under <main>.
func specHoisted(t testing.TB) {
	fx := testenv.Fixtures(t)
	s := snap(t, open(t, fx.URL+"/snapshot/basics.html"), Options{})
	deep := byAttrID(t, s, "deep")
	if par := s.ParentOf(deep); par == nil || par.Tag != "main" {
		t.Errorf("deep button's parent = %+v, want <main>", par)
	}
}

func specIDsAndMaps(t testing.TB) {
	fx := testenv.Fixtures(t)
	p := open(t, fx.URL+"/snapshot/basics.html")
	s := snap(t, p, Options{})
	for i, n := range s.Nodes {
		if want := fmt.Sprintf("node_%d", i+1); n.ID != want {
			t.Fatalf("node %d has id %s, want %s", i, n.ID, want)
		}
		if s.ByID(n.ID) != n {
			t.Fatalf("ByID(%s) is another node", n.ID)
		}
	}
	if s.ByID("node_0") != nil || s.ByID("node_99999") != nil || s.ByID("x") != nil {
		t.Errorf("ByID of unknown ids should be nil")
	}
	// Same page, same ids: a second capture numbers the same elements alike.
	s2 := snap(t, p, Options{})
	if len(s2.Nodes) != len(s.Nodes) {
		t.Fatalf("second capture: %d nodes, first %d", len(s2.Nodes), len(s.Nodes))
	}
	for i := range s.Nodes {
		if key(s.Nodes[i]) != key(s2.Nodes[i]) {
			t.Fatalf("%s is %s then %s", s.Nodes[i].ID, key(s.Nodes[i]), key(s2.Nodes[i]))
		}
	}

	ctx := context.Background()
	deep := byAttrID(t, s2, "deep")
	if deep.BackendNodeID != 0 {
		t.Errorf("backend id known before Resolve")
	}
	id, err := s2.Resolve(ctx, deep)
	if err != nil {
		t.Fatal(err)
	}
	want := p.MustElement("#deep").MustDescribe().BackendNodeID
	if id != want || deep.BackendNodeID != want {
		t.Errorf("Resolve = %d (field %d), want %d", id, deep.BackendNodeID, want)
	}
	if s2.ByBackendID(want) != deep {
		t.Errorf("ByBackendID after Resolve")
	}
	// The other way: the element at a point, as the coordinates strategy
	// gets it, maps back to its node.
	x, y := byAttrID(t, s2, "clicky").Box.Center()
	loc, err := proto.DOMGetNodeForLocation{X: int(x), Y: int(y)}.Call(p)
	if err != nil {
		t.Fatal(err)
	}
	n, err := s2.NodeForBackendID(ctx, loc.BackendNodeID)
	if err != nil || n.Attrs.Get("id") != "clicky" {
		t.Errorf("NodeForBackendID = %+v, %v; want #clicky", n, err)
	}
	if _, err := s2.NodeForBackendID(ctx, p.MustElement("#deco").MustDescribe().BackendNodeID); !errors.Is(err, ErrNoNode) {
		t.Errorf("unkept element: err %v, want ErrNoNode", err)
	}
	// And from the page model's reference of an element.
	for id, want := range map[string]bool{"clicky": true, "deco": false} {
		f, err := s2.model.FindAll(ctx, []pagemodel.Query{{Type: pagemodel.ByAttr, Attrs: []string{"id"}, Value: id}})
		if err != nil || len(f.Answers[0].Els) != 1 {
			t.Fatalf("#%s: %+v, %v", id, f, err)
		}
		n, err := s2.NodeForRef(ctx, f.Answers[0].Els[0].Ref)
		if got := err == nil && n.Attrs.Get("id") == id; got != want || (!want && !errors.Is(err, ErrNoNode)) {
			t.Errorf("NodeForRef(#%s) = %+v, %v; want the node: %v", id, n, err, want)
		}
	}
	// The first snapshot's elements were replaced by the second capture's.
	if _, err := s.Resolve(ctx, byAttrID(t, s, "deep")); !errors.Is(err, ErrStale) {
		t.Errorf("resolving an old snapshot: err %v, want ErrStale", err)
	}
}

func specFind(t testing.TB) {
	fx := testenv.Fixtures(t)
	s := snap(t, open(t, fx.URL+"/snapshot/basics.html"), Options{})
	ids := func(ns []*Node) []string {
		var out []string
		for _, n := range ns {
			out = append(out, n.Attrs.Get("id")+"/"+n.Tag)
		}
		return out
	}
	for _, c := range []struct {
		q    Query
		want string
	}{
		{Query{Role: "button", Name: "Deep button"}, "deep/button"},
		{Query{Role: "button", Name: "  Deep   button "}, "deep/button"},
		{Query{Role: "textbox", Label: "Email address"}, "email/input"},
		{Query{Placeholder: "Search the docs"}, "search/input"},
		{Query{TestID: "fancy-save"}, "testid/div"},
		{Query{TestID: "cy-thing"}, "cy/span"},
		{Query{TestID: "dash-id"}, "dti/span"},
		{Query{Text: "Pointer div"}, "ptr/div"},
		{Query{Role: "link", Name: "acme LOGO", Substring: true}, "logo/a"},
		{Query{Role: "button", Name: "Remove"}, "/button,/button"},
		{Query{Role: "button", Name: "Hidden button", VisibleOnly: true}, ""},
		{Query{Role: "cell", Name: "Blue teapot"}, "/td"},
		{Query{Role: "button", Name: "Nope"}, ""},
	} {
		if got := strings.Join(ids(s.Find(c.q)), ","); got != c.want {
			t.Errorf("Find(%+v) = %q, want %q", c.q, got, c.want)
		}
	}
}

func specFrames(t testing.TB) {
	fx := testenv.Fixtures(t)
	p := open(t, fx.URL+"/snapshot/frames.html?other="+fx.OtherURL)
	checkFrames(t, p)
}

// specFramesOutOfProcess runs the frames page in a browser with site
// isolation, where the cross-site frame (localhost vs 127.0.0.1) is its own
// target: the only test here with a browser of its own, since the shared
// one runs with rod's default of no site isolation.
func specFramesOutOfProcess(t testing.TB) {
	fx := testenv.Fixtures(t)
	b, err := browser.Start(context.Background(), browser.Options{SiteIsolation: true})
	if err != nil {
		t.Fatalf("browser tests need Chromium: %v", err)
	}
	defer b.Close()
	p := b.MustPage("")
	defer p.Close()
	p.MustSetViewport(1280, 800, 1, false)
	other := strings.Replace(fx.OtherURL, "127.0.0.1", "localhost", 1)
	p.MustNavigate(fx.URL + "/snapshot/frames.html?other=" + other)
	testenv.WaitLoad(t, p)
	// The OOPIF's own load may trail the top page's: wait for its target.
	deadline := time.Now().Add(15 * time.Second)
	for {
		ts, err := proto.TargetGetTargets{}.Call(b)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, ti := range ts.TargetInfos {
			if ti.Type == "iframe" {
				n++
			}
		}
		if n > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the cross-site frame never became its own target: no site isolation?")
		}
		time.Sleep(10 * time.Millisecond)
	}
	checkFrames(t, p)
}

// checkFrames checks the frames page: both child documents walked, in
// place, with frame paths and top-level boxes, and resolvable.
func checkFrames(t testing.TB, p *rod.Page) {
	t.Helper()
	s := snap(t, p, Options{})
	if s.Stats.RemoteFrames != 1 {
		t.Errorf("remote frames walked: %d, want 1", s.Stats.RemoteFrames)
	}
	var order []string
	for _, n := range s.Nodes {
		if n.Role == "button" {
			order = append(order, n.Name+"@"+strings.Join(n.FramePath, ">"))
		}
	}
	if got, want := strings.Join(order, ","), "Top button@,Pay now@#same,Pay now@#cross,After frames@"; got != want {
		t.Errorf("buttons in order: %s, want %s", got, want)
	}
	ctx := context.Background()
	for _, fp := range []string{"#same", "#cross"} {
		pay := s.Find(Query{Role: "button", Name: "Pay now", FramePath: []string{fp}})
		if len(pay) != 1 {
			t.Fatalf("Pay now in %s: %d", fp, len(pay))
		}
		frame := byAttrID(t, s, fp[1:])
		if s.ParentOf(pay[0]) != frame {
			t.Errorf("%s: pay's parent %s, want the iframe %s", fp, pay[0].Parent, frame.ID)
		}
		b, f := pay[0].Box, frame.Box
		if b.X < f.X || b.Y < f.Y || b.X+b.Width > f.X+f.Width || b.Y+b.Height > f.Y+f.Height {
			t.Errorf("%s: pay box %+v outside the iframe box %+v", fp, b, f)
		}
		// The box is in top-level viewport pixels: the element there is the button.
		x, y := b.Center()
		id, err := s.Resolve(ctx, pay[0])
		if err != nil {
			t.Fatalf("%s: resolve: %v", fp, err)
		}
		var at proto.Client = p
		if s.OwnSession(pay[0]) {
			// An out-of-process frame answers in its own coordinates:
			// frames.html gives iframes a 5 px border and 3 px padding.
			at, x, y = s.Session(ctx, pay[0]), x-f.X-8, y-f.Y-8
		}
		loc, err := proto.DOMGetNodeForLocation{X: int(x), Y: int(y)}.Call(at)
		if err != nil {
			t.Fatal(err)
		}
		if loc.BackendNodeID != id {
			t.Errorf("%s: element at the box centre is backend %d, the node resolves to %d", fp, loc.BackendNodeID, id)
		}
		if card := s.Find(Query{Role: "textbox", Label: "Card number", FramePath: []string{fp}}); len(card) != 1 {
			t.Errorf("%s: card field by label: %d", fp, len(card))
		}
	}
}

// specClosedRootsKept: a closed shadow root attached to a <div> is out of
// page script's reach and no custom element points at it, so the walk
// misses it; with the replay's ClosedRoots script (pagejs) it is walked,
// and no DevTools pass was needed for it.
func specClosedRootsKept(t testing.TB) {
	fx := testenv.Fixtures(t)
	attach := `() => { const h = document.createElement("div"); h.id = "plain-host"; document.body.append(h);
		h.attachShadow({mode: "closed"}).innerHTML = '<button id="plain-closed" type="button">Kept action</button>'; }`
	found := func(s *Snapshot) bool {
		for _, n := range s.Nodes {
			if n.Role == "button" && n.Name == "Kept action" {
				return true
			}
		}
		return false
	}
	without := open(t, fx.URL+"/snapshot/basics.html")
	without.MustEval(attach)
	if found(snap(t, without, Options{})) {
		t.Errorf("without the script, the closed root of a plain element was walked: the spec proves nothing")
	}
	with := testenv.PageWithClosedRoots(t, fx.URL+"/snapshot/basics.html")
	with.MustEval(attach)
	s := snap(t, with, Options{})
	if !found(s) {
		t.Errorf("with the script, the closed root of a plain element was not walked")
	}
	if s.Stats.ClosedRoots != 0 {
		t.Errorf("closed roots found through DevTools: %d, want 0 (the script kept it)", s.Stats.ClosedRoots)
	}
}

func specShadowRoots(t testing.TB) {
	fx := testenv.Fixtures(t)
	p := open(t, fx.URL+"/snapshot/shadow.html")
	// Without the DevTools pass the closed root's content is absent.
	s0 := snap(t, p, Options{NoClosedShadow: true})
	if len(s0.Find(Query{Role: "button", Name: "Closed action"})) != 0 || len(s0.Find(Query{Role: "link", Name: "Slotted link"})) != 1 {
		t.Errorf("NoClosedShadow: closed content present or light content lost")
	}
	s := snap(t, p, Options{})
	if s.Stats.ClosedRoots != 1 {
		t.Errorf("closed roots: %d, want 1", s.Stats.ClosedRoots)
	}
	var got []string
	for _, n := range s.Nodes {
		if n.Tier == Semantic && (n.Role == "button" || n.Role == "link" || n.Role == "textbox") {
			got = append(got, n.Name+"@"+strings.Join(n.ShadowPath, ">"))
		}
	}
	want := "Slotted button@,Open action@#oc,Closed field@#cc,Slotted link@,Closed action@#cc,Open action@#cc>#nested,Plain custom@,Last@" // flat tree order: a slotted child at its slot
	if strings.Join(got, ",") != want {
		t.Errorf("controls:\n got %s\nwant %s", strings.Join(got, ","), want)
	}
	if len(s.Find(Query{Text: "nested light"})) != 1 {
		t.Errorf("light child slotted into an open root inside a closed root is missing")
	}
	// A node of the closed root resolves to its element.
	ctx := context.Background()
	cb := s.Find(Query{Role: "button", Name: "Closed action"})[0]
	id, err := s.Resolve(ctx, cb)
	if err != nil {
		t.Fatal(err)
	}
	d, err := proto.DOMDescribeNode{BackendNodeID: id}.Call(p)
	if err != nil || d.Node.Attributes == nil || !strings.Contains(strings.Join(d.Node.Attributes, " "), "closed-btn") {
		t.Errorf("closed button resolves to %+v, %v", d, err)
	}
	if n, err := s.NodeForBackendID(ctx, id); err != nil || n != cb {
		t.Errorf("NodeForBackendID(closed button) = %v, %v", n, err)
	}
	// The model keeps the root: the next capture walks it without asking
	// DevTools again, to the same nodes.
	s3 := snap(t, p, Options{NoClosedShadow: true})
	if len(s3.Nodes) != len(s.Nodes) || s3.Stats.ClosedRoots != 0 {
		t.Errorf("capture after the root was kept: %d nodes, %d roots asked; first: %d nodes", len(s3.Nodes), s3.Stats.ClosedRoots, len(s.Nodes))
	}
}

func specServiceCachesAndInvalidates(t testing.TB) {
	fx := testenv.Fixtures(t)
	p := open(t, fx.URL+"/snapshot/basics.html")
	svc, err := NewService(pagemodel.New(p, pagemodel.Options{}), ServiceOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	ctx := context.Background()
	a, err := svc.Get(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := svc.Get(ctx); b != a {
		t.Errorf("a fresh snapshot was not reused")
	}
	svc.Invalidate()
	b, err := svc.Get(ctx)
	if err != nil || b == a {
		t.Fatalf("after Invalidate: same snapshot (%v)", err)
	}
	// Staleness: 30 s later the snapshot is taken anew.
	svc.now = func() time.Time { return b.TakenAt.Add(MaxAge - time.Second) }
	if c, _ := svc.Get(ctx); c != b {
		t.Errorf("a 29 s old snapshot was not reused")
	}
	svc.now = func() time.Time { return b.TakenAt.Add(MaxAge + time.Second) }
	c, err := svc.Get(ctx)
	if err != nil || c == b {
		t.Fatalf("a 31 s old snapshot was reused (%v)", err)
	}
	svc.now = time.Now
	// A navigation fires DOM.documentUpdated, which invalidates.
	if svc.Cached() == nil {
		t.Fatal("nothing cached")
	}
	p.MustNavigate(fx.URL + "/snapshot/shadow.html")
	testenv.WaitLoad(t, p)
	deadline := time.Now().Add(10 * time.Second)
	for svc.Cached() != nil && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if svc.Cached() != nil || svc.DocumentUpdates() == 0 {
		t.Fatalf("navigation did not invalidate (updates seen: %d)", svc.DocumentUpdates())
	}
	d, err := svc.Get(ctx)
	if err != nil || len(d.Find(Query{Role: "heading", Name: "Components"})) != 1 {
		t.Errorf("snapshot after navigation is not of the new page (%v)", err)
	}
}
