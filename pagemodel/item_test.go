package pagemodel_test

import (
	"context"
	"testing"

	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/pagemodel"
)

// An item named by its text (Query.Item) is the innermost element of its
// tag that holds the text, unless that element only wraps the item's
// toggle and is no item of a repeated group: then the nearest ancestor of
// the tag that is one, past wrappers of the toggle alone. A row reduced to
// one link, a repeated item reduced to its toggle, a lone item reduced to
// its toggle, and an item reduced to its toggle whose class changed with
// its state are still the item, never what is around them. An item holds
// its words whole, as the text of a part: one whose text holds them only
// inside longer words ("Pay the rent later") is not the item.
func TestItemNamedByItsText(t *testing.T) {
	page := testenv.Page(t, "about:blank")
	page.MustSetDocumentContent(`<!doctype html><html><body>
<div id="ops">
  <span id="op1"><div class="op"><span class="slot" id="w1"><button aria-expanded="true">GET /tasks List tasks</button></span><span class="slot"><button>Copy</button></span><span class="slot"><button aria-expanded="true" aria-label="Collapse"></button></span><button>Try it out</button></div></span>
  <span id="op2"><div class="op"><span><button aria-expanded="false">POST /tasks Create a task</button></span></div></span>
</div>
<div id="rows">
  <div id="r1"><a href="#">Pay the rent</a></div>
  <div id="r2"><a href="#">Buy milk</a><button>Delete</button></div>
  <div id="r3"><a href="#">Walk the dog twice</a><button>Delete</button></div>
  <div id="r4"><a href="#">Call the bank</a> <span>today</span><button>Delete</button></div>
  <div id="r5">Water the plants <button>Delete</button></div>
  <div id="r6">Book <b>the</b> flights <button>Delete</button></div>
  <div id="r7">Fix the door <b>later</b> <button>Delete</button></div>
  <div id="r8"><h4>Renew the passport before the summer holidays start, and the identity cards of all the children too</h4><button>Delete</button></div>
</div>
<div id="nested">
  <div class="op" id="n1"><div class="head"><div><button aria-expanded="true">Alpha</button></div></div><button>Run</button></div>
  <div class="op" id="n2"><div class="head"><div><button aria-expanded="false">Beta</button></div></div></div>
</div>
<main><div id="lone"><button aria-expanded="false">Delivery options</button></div><button>Save</button></main>
<div id="panels">
  <div class="panel" id="p1">
    <div class="item-closed" id="ship"><button aria-expanded="false">Postal address</button></div>
    <div class="item-open" id="bill"><button aria-expanded="true">Billing</button><div><button>Save</button></div></div>
    <div class="item-open" id="pay"><button aria-expanded="true">Payment</button><div><button>Edit</button></div></div>
  </div>
  <div class="panel" id="p2"><div class="item-open"><button aria-expanded="true">Other</button></div></div>
</div>
<div id="acc">
  <div class="item" id="i1"><button aria-expanded="false">Shipping</button></div>
  <div class="item" id="i2"><button aria-expanded="true">Billing</button><div><button>Save</button></div></div>
</div>
</body></html>`)
	m := pagemodel.New(page, pagemodel.Options{})
	ctx := context.Background()
	for _, c := range []struct {
		text, tag string
		item      bool
		want      string
	}{
		{"GET /tasks List tasks", "span", false, "w1"},
		{"GET /tasks List tasks", "span", true, "op1"},
		{"Pay the rent", "div", true, "r1"},
		{"Walk the dog", "div", true, ""},
		{"Walk the dog", "div", false, "r3"},
		{"Call the bank", "div", true, "r4"},
		{"Water the plants", "div", true, "r5"},
		{"Book the flights", "div", true, "r6"},
		{"Fix the door", "div", true, ""},
		// Cut at 80 characters, as the recorder names an item.
		{"Renew the passport before the summer holidays start, and the identity cards of a", "div", true, "r8"},
		{"Shipping", "div", true, "i1"},
		{"Alpha", "div", true, "n1"},
		{"Beta", "div", true, "n2"},
		{"Delivery options", "div", true, "lone"},
		// Its class changed with its state: alike none of the others,
		// yet never the panel that holds them.
		{"Postal address", "div", true, "ship"},
	} {
		q := pagemodel.Query{Type: pagemodel.ByText, Value: c.text, Contains: true, Only: c.tag, Item: c.item}
		f, err := m.Find(ctx, nil, []pagemodel.Query{q})
		if err != nil {
			t.Fatal(err)
		}
		a := f.Answers[0]
		if c.want == "" && a.N != 0 || c.want != "" && (a.N != 1 || len(a.Els) != 1 || a.Els[0].ID != c.want) {
			var got []string
			for _, e := range a.Els {
				got = append(got, e.XPath)
			}
			t.Errorf("%q (item %v): %d matches %q, want #%s", c.text, c.item, a.N, got, c.want)
		}
	}
}

// An element's path runs through the shadow roots on its way (TreePath),
// with indices among same-tag siblings in each tree, so that an item
// holds what its shadow trees hold and nothing of another item's.
func TestPathThroughShadowRoots(t *testing.T) {
	page := testenv.Page(t, "about:blank")
	page.MustSetDocumentContent(`<!doctype html><html><body><main><x-list></x-list><x-list></x-list></main></body></html>`)
	page.MustEval(`() => {
		for (const host of document.querySelectorAll("x-list")) {
			const r = host.attachShadow({ mode: "open" });
			r.innerHTML = "<ul><li><x-row></x-row></li><li><x-row></x-row></li></ul>";
			for (const row of r.querySelectorAll("x-row")) row.attachShadow({ mode: "open" }).innerHTML = "<span>t</span><button>Delete</button>";
		}
	}`)
	m := pagemodel.New(page, pagemodel.Options{})
	f, err := m.Find(context.Background(), nil, []pagemodel.Query{{Type: pagemodel.ByCSS, Value: "button"}, {Type: pagemodel.ByCSS, Value: "li"}, {Type: pagemodel.ByCSS, Value: "x-list"}})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range f.Answers[0].Els {
		got = append(got, e.Path())
	}
	want := []string{
		"/html/body/main/x-list[1]/#shadow-root/ul/li[1]/x-row/#shadow-root/button",
		"/html/body/main/x-list[1]/#shadow-root/ul/li[2]/x-row/#shadow-root/button",
	}
	if len(got) != 4 || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("buttons' paths %q, want %q first", got, want)
	}
	items, lists := f.Answers[1].Els, f.Answers[2].Els
	first := f.Answers[0].Els[0]
	if !items[0].Holds(first) || items[1].Holds(first) || !lists[0].Holds(first) || lists[1].Holds(first) {
		t.Errorf("the first row and list hold the first button, the others not: rows %q, lists %q", []string{items[0].Path(), items[1].Path()}, []string{lists[0].Path(), lists[1].Path()})
	}
	if first.XPath != "" || lists[0].XPath != "/html/body/main/x-list[1]" {
		t.Errorf("XPath %q in a shadow tree, %q in the document", first.XPath, lists[0].XPath)
	}
}

// A hidden part's text is the text it shows once shown, whatever was read
// before (its item read alone, or first): a text query for an item
// holding a closed menu's words finds the closed menu as well as the open
// one, as every match counts, shown or not; a part hidden by its own style
// inside it adds nothing.
func TestAHiddenPartReadsTheSameWhateverWasReadBefore(t *testing.T) {
	page := testenv.Page(t, "about:blank")
	page.MustSetDocumentContent(`<!doctype html><html><body>
<div class="menu" id="a" style="display:none"><ul><li>Mark shipped</li><li id="dup">Duplicate</li></ul></div>
<div class="menu" id="c" style="display:none"><ul><li>Mark shipped</li><li style="display:none">Duplicate</li></ul></div>
<div class="menu" id="b"><ul><li>Mark shipped</li><li>Duplicate</li></ul></div>
</body></html>`)
	m := pagemodel.New(page, pagemodel.Options{})
	item := pagemodel.Query{Type: pagemodel.ByText, Value: "Duplicate", Contains: true, Only: "div", Item: true}
	for _, first := range []bool{false, true} {
		if first {
			page.MustEval(`() => { const m = globalThis[` + pagemodel.Key() + `]; m.text(document.getElementById("dup")); }`)
		}
		ans, err := m.Find(context.Background(), nil, []pagemodel.Query{item})
		if err != nil {
			t.Fatal(err)
		}
		if a := ans.Answers[0]; a.N != 2 || len(a.Els) != 2 || a.Els[0].ID != "a" || a.Els[1].ID != "b" {
			t.Errorf("the hidden menu's item read first %v: %d items (%+v), want the closed menu a and the open menu b", first, a.N, a.Els)
		}
	}
}
