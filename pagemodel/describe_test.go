package pagemodel_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/pagemodel"
)

// An element with nothing of its own that names it (a card's caption
// overlay, a row's bare cell) is described from the nearest ancestor that
// an attribute of its own names alone, not by its place in the page: the
// selectors still name this card once another card is inserted before it.
// Where no ancestor is named, or a step below it is a position, or the one
// named is one of a numbered series, the path is positional and says so;
// the document's <body>, a position (data-index) and a state (data-state)
// name nothing.
func TestSelectorsFromTheNearestNamedAncestor(t *testing.T) {
	card := func(n, name string) string {
		// The circus card alone is open: a state, which names nothing.
		state := ""
		if name == "circus" {
			state = ` data-state="open active"`
		}
		return `<div class="col"><div class="item" data-index="` + n + `"` + state + ` data-bs-toggle="modal" data-bs-target="#modal-` + name + `">` +
			`<div class="caption"><i class="icon"></i></div><img src="` + name + `.png"></div></div>`
	}
	slide := func(n string) string {
		return `<div class="slide" data-target="#slide` + n + `"><div class="dot"></div></div>`
	}
	const list = `<ul><li><span></span></li><li><span></span></li></ul>`
	const table = `<table><tr><td></td><td><span></span></td></tr></table>`
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(`<!doctype html><body data-spy="scroll"><section><div class="row">` + //nolint:errcheck
			card("1", "cabin") + card("2", "cake") + card("3", "circus") + slide("1") + slide("2") +
			`</div></section>` + list + list + table + `<table id="people">` + table[len("<table>"):] + `</body>`))
	}))
	t.Cleanup(srv.Close)
	page := testenv.Page(t, srv.URL)
	m := pagemodel.New(page, pagemodel.Options{})
	ctx := context.Background()
	for _, c := range []struct {
		el, css, xpath string
		positional     bool
	}{
		{`[data-bs-target="#modal-circus"] .caption`, `div[data-bs-target="#modal-circus"] > div.caption`, `//div[@data-bs-target="#modal-circus"]/div`, false},
		// One of a numbered series: the app may number its items in order.
		{`[data-target="#slide2"] .dot`, `div[data-target="#slide2"] > div.dot`, `//div[@data-target="#slide2"]/div`, true},
		// A position below the anchor: the path goes on up, as before.
		{`#people td:nth-child(2) span`, `table:nth-of-type(2) > tbody > tr > td:nth-of-type(2) > span`, `/html/body/table[2]/tbody/tr/td[2]/span`, true},
		{`ul:nth-of-type(2) li:nth-child(2) span`, `ul:nth-of-type(2) > li:nth-of-type(2) > span`, `/html/body/ul[2]/li[2]/span`, true},
	} {
		d, err := pagemodel.Describe(ctx, m.Session(), page.MustElement(c.el).Object.ObjectID, pagemodel.DescribeOptions{})
		if err != nil {
			t.Fatalf("describe %s: %v", c.el, err)
		}
		if d.CSS != c.css || d.CSSPositional != c.positional {
			t.Errorf("%s: CSS %q (positional %v), want %q (%v)", c.el, d.CSS, d.CSSPositional, c.css, c.positional)
		}
		if d.XPathLocator != c.xpath || d.XPathPositional != c.positional {
			t.Errorf("%s: XPath %q (positional %v), want %q (%v)", c.el, d.XPathLocator, d.XPathPositional, c.xpath, c.positional)
		}
	}
}
