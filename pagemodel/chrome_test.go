package pagemodel_test

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/pagemodel"
)

// TestHostsQuery: a query with hosts finds its element inside the shadow
// roots of the hosts' matches, as Puppeteer reads ["a", "b", "c"]: a CSS
// part only in that root, an aria (role) or text part in the shadow roots
// below it too, the first part in the document.
func TestHostsQuery(t *testing.T) {
	fx := testenv.Fixtures(t)
	page := testenv.Page(t, fx.URL+"/chrome/shadow.html")
	m := pagemodel.New(page, pagemodel.Options{})
	css := func(v string) pagemodel.Query { return pagemodel.Query{Type: pagemodel.ByCSS, Value: v} }
	cases := []struct {
		name string
		q    pagemodel.Query
		n    int
		cls  string
	}{
		{"css in css in css", pagemodel.Query{Type: pagemodel.ByCSS, Value: "button.add", Hosts: []pagemodel.Query{css("shop-app"), css("product-card:nth-of-type(2)")}}, 1, "add"},
		{"role in css in css", pagemodel.Query{Type: pagemodel.ByRole, Role: "button", Value: "Add to cart", HasName: true, Hosts: []pagemodel.Query{css("shop-app"), css("product-card:nth-of-type(1)")}}, 1, "add"},
		{"any role, below the first host's root", pagemodel.Query{Type: pagemodel.ByRole, Value: "Add to cart", HasName: true, Hosts: []pagemodel.Query{css("shop-app")}}, 2, "add"},
		{"a css part looks in one root only", pagemodel.Query{Type: pagemodel.ByCSS, Value: "button.add", Hosts: []pagemodel.Query{css("shop-app")}}, 0, ""},
		{"text in css", pagemodel.Query{Type: pagemodel.ByText, Value: "Checkout", Contains: true, Hosts: []pagemodel.Query{css("shop-app")}}, 1, "checkout"},
		{"the first css part is the document's", pagemodel.Query{Type: pagemodel.ByCSS, Value: "button.add", Hosts: []pagemodel.Query{css("product-card")}}, 0, ""},
		{"without hosts, CSS looks in every shadow root", css("button.add"), 2, "add"},
	}
	answers := findEach(t, m, len(cases), func(i int) pagemodel.Query { return cases[i].q })
	for i, c := range cases {
		a := answers[i]
		if a.Err != nil || a.N != c.n {
			t.Errorf("%s: %d matches (%v), want %d", c.name, a.N, a.Err, c.n)
			continue
		}
		for _, e := range a.Els {
			if e.Class != c.cls {
				t.Errorf("%s: matched %s", c.name, e)
			}
		}
	}
}

// TestFrameIndexPath: a frame path entry frames[N] names the N-th child
// frame as window.frames counts them, through cross-origin frames; a path
// that leads to no frame finds nothing, and is not searched elsewhere.
func TestFrameIndexPath(t *testing.T) {
	fx := testenv.Fixtures(t)
	page := testenv.Page(t, fx.URL+"/chrome/frames.html")
	m := pagemodel.New(page, pagemodel.Options{})
	ctx := context.Background()
	id := func(v string) []pagemodel.Query {
		return []pagemodel.Query{{Type: pagemodel.ByAttr, Attrs: []string{"id"}, Value: v}}
	}
	for _, c := range []struct {
		path []string
		id   string
		n    int
	}{
		{[]string{"frames[0]"}, "apply", 1},
		{[]string{"frames[0]", "frames[0]"}, "confirm", 1},
		{[]string{"frames[1]"}, "pay", 1},
		{[]string{"frames[2]"}, "helpful", 1},
		{[]string{"frames[0]"}, "pay", 0},
		{[]string{"frames[7]"}, "pay", 0},
	} {
		var f *pagemodel.Found
		deadline := time.Now().Add(5 * time.Second)
		for {
			var err error
			f, err = m.Find(ctx, c.path, id(c.id))
			if err != nil {
				t.Fatal(err)
			}
			if f.Answers[0].N == c.n || time.Now().After(deadline) {
				break
			}
			time.Sleep(100 * time.Millisecond) // the cross-origin frames load late
		}
		if f.Answers[0].N != c.n {
			t.Errorf("%v #%s: %d matches, want %d (%s)", c.path, c.id, f.Answers[0].N, c.n, f.Note)
		}
	}
	if _, _, ok, err := m.Document(ctx, []string{"frames[7]"}); err != nil || ok {
		t.Errorf("frames[7] resolves: %v %v", ok, err)
	}
	f, err := m.Find(ctx, []string{"frames[7]"}, id("decoy-pay"))
	if err != nil || f.Answers[0].N != 0 {
		t.Errorf("a frame path of indexes that leads nowhere searched the page: %+v %v", f, err)
	}
}

// TestSelectNamedByItsLabel: a <select> inside its <label> is named as
// Chromium names it, whatever its options say.
func TestSelectNamedByItsLabel(t *testing.T) {
	b := testenv.Browser(t)
	ctx := context.Background()
	for _, h := range []string{
		`<label>Country <select id=t><option>United Kingdom</option><option>France</option></select></label>`,
		`<label><select id=t><option selected>France</option></select> Country</label>`,
		`<label>Country <select id=t><option value="">Choose…</option><option>France</option></select> (required)</label>`,
		`<label><span>Country</span><select id=t><option>France</option></select></label>`,
		`<label>Size <select id=t multiple><option selected>S</option><option>M</option></select></label>`,
		`<label>Country <div><select id=t><option>France</option></select></div></label>`,
		`<label for=t>Country</label><div><label>Other <select id=t><option>France</option></select></label></div>`,
	} {
		page := b.MustPage("data:text/html," + url.PathEscape(h))
		testenv.WaitLoad(t, page)
		m := pagemodel.New(page, pagemodel.Options{})
		f, err := m.Find(ctx, nil, []pagemodel.Query{{Type: pagemodel.ByCSS, Value: "#t"}})
		if err != nil || f.Answers[0].N != 1 {
			t.Fatalf("%s: %v", h, err)
		}
		el := page.MustElement("#t")
		ax, err := proto.AccessibilityGetPartialAXTree{ObjectID: el.Object.ObjectID}.Call(page)
		if err != nil || len(ax.Nodes) == 0 || ax.Nodes[0].Name == nil {
			t.Fatalf("%s: no accessibility node: %v", h, err)
		}
		// Compared as people read them: Chromium 148 keeps the white
		// space beside the select ("Country "), 156 trims it.
		if got, want := f.Answers[0].Els[0].Name, strings.Join(strings.Fields(ax.Nodes[0].Name.Value.String()), " "); got != want {
			t.Errorf("%s: named %q, Chromium names it %q", h, got, want)
		}
		rf, _ := m.Find(ctx, nil, []pagemodel.Query{{Type: pagemodel.ByRole, Value: ax.Nodes[0].Name.Value.String(), HasName: true}})
		if rf.Answers[0].N != 1 || rf.Answers[0].Els[0].ID != "t" {
			t.Errorf("%s: any role named %q finds %d elements", h, ax.Nodes[0].Name.Value.String(), rf.Answers[0].N)
		}
		page.MustClose()
	}
}

// TestAtInScrolledCrossOriginFrame: the hit test finds an element far down
// a cross-origin frame that shares the page's process, once the frame has
// scrolled to it (DevTools' hit test of the page's session takes the top
// document's coordinates, not the frame's).
func TestAtInScrolledCrossOriginFrame(t *testing.T) {
	fx := testenv.Fixtures(t)
	page := testenv.Page(t, fx.URL+"/chrome/frames.html")
	m := pagemodel.New(page, pagemodel.Options{})
	ctx := context.Background()
	q := []pagemodel.Query{{Type: pagemodel.ByAttr, Attrs: []string{"id"}, Value: "helpful"}}
	var f *pagemodel.Found
	for deadline := time.Now().Add(5 * time.Second); ; {
		var err error
		if f, err = m.Find(ctx, []string{"frames[2]"}, q); err != nil {
			t.Fatal(err)
		}
		if f.Answers[0].N == 1 || time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if f.Answers[0].N != 1 {
		t.Fatalf("no #helpful in frames[2]")
	}
	page.MustEval(`() => document.getElementById("reviews-frame").scrollIntoView()`)
	r := f.Answers[0].Els[0].Ref
	obj, err := m.Object(ctx, r, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (proto.RuntimeCallFunctionOn{ObjectID: obj, FunctionDeclaration: `function () { this.scrollIntoView({block: "center"}); }`}).Call(r.W.S.Client(ctx)); err != nil {
		t.Fatal(err)
	}
	// Found again: the frame's world is placed anew where the frame is now.
	f, err = m.Find(ctx, []string{"frames[2]"}, q)
	if err != nil || f.Answers[0].N != 1 {
		t.Fatalf("find again: %v", err)
	}
	x, y := f.Answers[0].Els[0].Box.Center()
	hit, err := m.At(ctx, x, y, pagemodel.Prefer{})
	if err != nil || hit == nil || hit.Ref != r {
		t.Errorf("at %.0f,%.0f: %v %v, want #helpful", x, y, hit, err)
	}
}

// TestTextHeldByTwoSiblings: a text that two links of one form hold is
// found twice, not once for the form that holds both: a look-alike placed
// before the target must not hide it.
func TestTextHeldByTwoSiblings(t *testing.T) {
	b := testenv.Browser(t)
	ctx := context.Background()
	page := b.MustPage("data:text/html," + url.PathEscape(`<div id=card><div><a id=a1 href="#sso">Login</a></div>`+
		`<form><a id=a2 href="#in">
      Login
    </a><button id=b1><span>Log in later</span></button></form></div>`))
	testenv.WaitLoad(t, page)
	defer page.MustClose()
	m := pagemodel.New(page, pagemodel.Options{})
	f, err := m.Find(ctx, nil, []pagemodel.Query{
		{Type: pagemodel.ByText, Value: "Login", Contains: true},
		{Type: pagemodel.ByText, Value: "Log in later"},
	})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, e := range f.Answers[0].Els {
		ids = append(ids, e.ID)
	}
	if strings.Join(ids, ",") != "a1,a2" {
		t.Errorf("text holding \"Login\": found %v, want the two links a1,a2", ids)
	}
	// A wrapper and its child with the same text are one chain: the control.
	if a := f.Answers[1]; a.N != 1 || a.Els[0].ID != "b1" {
		t.Errorf("text \"Log in later\": %d matches %v, want the button b1", a.N, a.Els)
	}
}

// findEach asks the top document, in one Find, the n queries q gives and
// returns their answers in order.
func findEach(t *testing.T, m *pagemodel.Page, n int, q func(int) pagemodel.Query) []pagemodel.Answer {
	t.Helper()
	qs := make([]pagemodel.Query, n)
	for i := range qs {
		qs[i] = q(i)
	}
	f, err := m.Find(context.Background(), nil, qs)
	if err != nil {
		t.Fatal(err)
	}
	return f.Answers
}

// TestViewIsTheWindowLessItsScrollbars: the view the page model gives
// (view: where a pointer reaches the page, a press past it is on a
// scrollbar) is the window's on a short page, in standards mode and in
// quirks mode (where the root is stretched to fill the window; the test
// browser hides scrollbars).
func TestViewIsTheWindowLessItsScrollbars(t *testing.T) {
	b := testenv.Browser(t)
	ctx := context.Background()
	for _, h := range []string{`<!doctype html><p id=t>Short`, `<p id=t>Short`} {
		page := b.MustPage("data:text/html," + url.PathEscape(h))
		testenv.WaitLoad(t, page)
		if err := page.SetViewport(&proto.EmulationSetDeviceMetricsOverride{Width: 800, Height: 600, DeviceScaleFactor: 1}); err != nil {
			t.Fatal(err)
		}
		if _, err := pagemodel.New(page, pagemodel.Options{}).Find(ctx, nil, []pagemodel.Query{{Type: pagemodel.ByCSS, Value: "#t"}}); err != nil {
			t.Fatalf("%s: %v", h, err)
		}
		got := page.MustEval(`() => { const v = globalThis[` + pagemodel.Key() + `].view(document); return v.join("x") + " " + document.compatMode; }`).Str()
		if !strings.HasPrefix(got, "800x600 ") {
			t.Errorf("%s: view %s, want 800x600", h, got)
		}
		page.MustClose()
	}
}
