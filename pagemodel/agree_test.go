package pagemodel

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"unicode"

	"github.com/go-rod/rod"

	"github.com/qa-chain/chainreplay/internal/testenv"
)

// TestChromiumAgreement serves the pages of testdata/agree (markup as
// sites write it: icon fonts, visually hidden text, hidden labels,
// generated content, presentational tables, custom elements...) and, for
// every element marked data-agree (in the document and open shadow
// roots), compares the model's computedRole and computedName with
// Chromium's (Accessibility.getPartialAXTree). Names are compared as WPT
// compares them (ASCII white space collapsed and trimmed); roles where
// Chromium gives a WAI-ARIA role (its own internal ones, LabelText,
// LayoutTable, DisclosureTriangle..., are not compared). Every
// disagreement fails the test but on an element marked
// data-agree="differs: <why>", a known difference it logs.
func TestChromiumAgreement(t *testing.T) {
	const dir = "testdata/agree"
	pages, err := wptPages(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) == 0 {
		t.Fatalf("no pages in %s", dir)
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer srv.Close()
	ctx := context.Background()
	names, roles, known := 0, 0, 0
	for _, pg := range pages {
		p := testenv.Page(t, srv.URL+"/"+pg)
		w, err := New(p, Options{}).Top(ctx)
		if err != nil {
			t.Fatal(err)
		}
		sel := [][2]string{{"agree", "[data-agree]"}}
		els, err := p.ElementsByJS(rod.Eval(wptElements, sel))
		if err != nil {
			t.Fatalf("%s: %v", pg, err)
		}
		if len(els) == 0 {
			t.Fatalf("%s marks no element", pg)
		}
		if _, err := w.callString(ctx, els[0].Object.ObjectID, "computedRole"); err != nil { // installs the model
			t.Fatal(err)
		}
		for _, el := range els {
			r := wptResult{Page: pg}
			if err := r.answer(el, []wptCheck{{"agree", "[data-agree]"}}, sel); err != nil {
				t.Fatalf("%s: %v", pg, err)
			}
			html := el.MustEval(`function () { const h = this.outerHTML; return h.length > 120 ? h.slice(0, 120) + "…" : h }`).Str()
			why := strings.TrimSpace(strings.TrimPrefix(*el.MustAttribute("data-agree"), "differs:"))
			report := t.Errorf
			if why != "" {
				report = t.Logf
				known++
			} else {
				names++
			}
			if r.OurName != r.ChrName {
				report("%s: name %q, Chromium %q  %s", pg, r.OurName, r.ChrName, html)
			}
			if ariaRole(r.ChrRole) {
				if why == "" {
					roles++
				}
				if wptRole(r.OurRole) != wptRole(r.ChrRole) {
					report("%s: role %q, Chromium %q  %s", pg, r.OurRole, r.ChrRole, html)
				}
			}
		}
	}
	t.Logf("%d names and %d roles compared, %d elements of known differences", names, roles, known)
}

// ariaRole reports whether role, as Chromium's tree gives it, is a
// WAI-ARIA role name rather than one of Chromium's own (capitalized).
func ariaRole(role string) bool {
	return role != "" && !unicode.IsUpper(rune(role[0])) && !strings.ContainsAny(role, " ")
}
