package pagemodel_test

import (
	"slices"
	"testing"

	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/pagemodel"
)

// Two buttons read "Close project", one shown in capitals: a role or label
// query of either spelling finds both (names that differ in case alone
// read alike), so a flow recorded with the name as written, or as shown,
// does not take the other button alone. A name that differs otherwise is
// still told apart.
func TestNamesDifferingInCaseAloneFindTogether(t *testing.T) {
	page := testenv.Page(t, "about:blank")
	page.MustSetDocumentContent(`<!doctype html><html><head><style>.caps { text-transform: uppercase }</style></head><body>
<button id="a" class="caps">Close project</button>
<button id="b">Close project</button>
<button id="c">Close projects</button>
<label class="caps" for="f">Email</label><input id="f">
<input id="g" aria-label="Email">
</body></html>`)
	m := pagemodel.New(page, pagemodel.Options{})
	role := func(v string) pagemodel.Query {
		return pagemodel.Query{Type: pagemodel.ByRole, Role: "button", Value: v, HasName: true}
	}
	label := func(v string) pagemodel.Query { return pagemodel.Query{Type: pagemodel.ByLabel, Value: v} }
	cases := []struct {
		q    pagemodel.Query
		ids  []string
		tier int
	}{
		{role("Close project"), []string{"a", "b"}, 0},
		{role("CLOSE PROJECT"), []string{"a", "b"}, 0},
		{role("close  project"), []string{"a", "b"}, 2},
		{role("Close projects"), []string{"c"}, 0},
		{label("Email"), []string{"f", "g"}, 0},
	}
	answers := findEach(t, m, len(cases), func(i int) pagemodel.Query { return cases[i].q })
	for i, c := range cases {
		a := answers[i]
		var ids []string
		for _, e := range a.Els {
			ids = append(ids, e.ID)
		}
		if a.Err != nil || len(ids) != len(c.ids) || a.Tier != c.tier {
			t.Errorf("%s %q: %v (tier %d, %v), want %v (tier %d)", c.q.Type, c.q.Value, ids, a.Tier, a.Err, c.ids, c.tier)
			continue
		}
		for j := range ids {
			if ids[j] != c.ids[j] {
				t.Errorf("%s %q: %v, want %v", c.q.Type, c.q.Value, ids, c.ids)
			}
		}
	}
}

// A text looked for inside longer texts is held anywhere when it is
// written as recorded, as Puppeteer's text selectors hold it, but once its
// case or spacing is forgiven only as whole words: a dialog's reworded
// "Ok" is not the "ok" inside "Book Now!" (a Chrome recording's text/Ok
// clicked another dialog's button so), while "OK" still reads "Ok".
func TestForgivenCaseHoldsWholeWords(t *testing.T) {
	page := testenv.Page(t, "about:blank")
	page.MustSetDocumentContent(`<!doctype html><html><body>
<button id="book">Book Now!</button>
<div><button id="save">Save changes</button></div>
<p id="tag">登录按钮</p>
<p><span id="ship">Express</span></p>
</body></html>`)
	m := pagemodel.New(page, pagemodel.Options{})
	text := func(v string) pagemodel.Query {
		return pagemodel.Query{Type: pagemodel.ByText, Value: v, Contains: true}
	}
	cases := []struct {
		v    string
		ids  []string
		tier int
	}{
		{"Ok", nil, 0},                       // only inside "Book", case forgiven: not held
		{"ook", []string{"book"}, 0},         // as written: held anywhere, as Puppeteer holds it
		{"book now", []string{"book"}, 2},    // case forgiven, whole words
		{"SAVE", []string{"save"}, 2},        // a word at the start
		{"AVE CHANGES", nil, 0},              // case forgiven, cuts "Save"
		{"savechanges", []string{"save"}, 3}, // spacing forgiven, whole words
		{"avechanges", nil, 0},               // spacing forgiven, cuts "Save"
		{"按 钮", []string{"tag"}, 3},          // no spaces between words: any place
		{"EXPRESS", []string{"ship"}, 2},
		{"XPRESS", nil, 0},
	}
	answers := findEach(t, m, len(cases), func(i int) pagemodel.Query { return text(cases[i].v) })
	for i, c := range cases {
		a := answers[i]
		var ids []string
		for _, e := range a.Els {
			ids = append(ids, e.ID)
		}
		if a.Err != nil || !slices.Equal(ids, c.ids) || (len(ids) > 0 && a.Tier != c.tier) {
			t.Errorf("text %q: %v (tier %d, %v), want %v (tier %d)", c.v, ids, a.Tier, a.Err, c.ids, c.tier)
		}
	}
}
