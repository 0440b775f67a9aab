package pagemodel_test

import (
	"context"
	"testing"

	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/pagemodel"
)

// The document's root and body hold every point of the page (below a
// short body the pointer is over the root): a script that shows a menu
// moments after the pointer entered either did not show it for their
// hover. The menu's trigger, beside it, did.
func TestRootShowsNothingByItsHover(t *testing.T) {
	page := testenv.Page(t, "about:blank")
	page.MustSetDocumentContent(`<!doctype html><html><body style="margin:0">
<nav><button id="projects" aria-haspopup="true">Projects</button><ul id="menu" hidden><li><a id="beta" href="#">Beta</a></li></ul></nav>
</body></html>`)
	m := pagemodel.New(page, pagemodel.Options{})
	if _, err := m.Find(context.Background(), nil, []pagemodel.Query{{Type: pagemodel.ByText, Value: "Projects"}}); err != nil {
		t.Fatal(err)
	}
	page.MustEval(`() => { document.getElementById("menu").hidden = false; }`)
	for h, want := range map[string]string{"root": "", "body": "", "projects": "projects"} {
		got := page.MustEval(`(h) => {
			const menu = document.getElementById("menu");
			const by = h === "root" ? document.documentElement : h === "body" ? document.body : document.getElementById(h);
			const r = globalThis[`+pagemodel.Key()+`].revealedBy(document.getElementById("beta"), (n) => (n === menu ? { h: by } : undefined), () => false);
			return r ? r.id || r.tagName : "";
		}`, h).Str()
		if got != want {
			t.Errorf("menu shown after the pointer entered %s: revealed by %q, want %q", h, got, want)
		}
	}
}
