package pagemodel_test

import (
	"context"
	"testing"

	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/pagemodel"
)

// An item named by its text (Query.Item) is the innermost element of its
// tag that holds the text, unless that element only wraps the item's
// toggle and is no item of a repeated group: then its nearest ancestor of
// the tag. A row reduced to one link, and a repeated item reduced to its
// toggle, are still the item, never the list around them.
func TestItemNamedByItsText(t *testing.T) {
	page := testenv.Page(t, "about:blank")
	page.MustSetDocumentContent(`<!doctype html><html><body>
<div id="ops">
  <span id="op1"><div class="op"><span id="w1"><button aria-expanded="true">GET /tasks List tasks</button></span><button>Try it out</button></div></span>
</div>
<div id="rows">
  <div id="r1"><a href="#">Pay the rent</a></div>
  <div id="r2"><a href="#">Buy milk</a><button>Delete</button></div>
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
		{"Shipping", "div", true, "i1"},
	} {
		q := pagemodel.Query{Type: pagemodel.ByText, Value: c.text, Contains: true, Only: c.tag, Item: c.item}
		f, err := m.Find(ctx, nil, []pagemodel.Query{q})
		if err != nil {
			t.Fatal(err)
		}
		a := f.Answers[0]
		if a.N != 1 || len(a.Els) != 1 || a.Els[0].ID != c.want {
			var got []string
			for _, e := range a.Els {
				got = append(got, e.XPath)
			}
			t.Errorf("%q (item %v): %d matches %q, want #%s", c.text, c.item, a.N, got, c.want)
		}
	}
}
