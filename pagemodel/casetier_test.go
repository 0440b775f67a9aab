package pagemodel_test

import (
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
