package decision

import (
	"testing"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/strategies"
)

// named gives r's element the accessible name n.
func named(r strategies.Result, n string) strategies.Result {
	if r.Element != nil {
		e := *r.Element
		e.Name = n
		r.Element = &e
	}
	return r
}

// A numbered id and a place that found an element named otherwise are set
// aside where every strategy naming the target by its words agrees on one
// element named as recorded; not where one of them found nothing, another
// element, or only several.
func TestSetAsideRenumbered(t *testing.T) {
	fp := &chain.Fingerprint{AccessName: "Blue"}
	role := named(found(chain.Role, 4, 0.8, 0.74), "Blue")
	within := named(found(chain.Role, 4, 0.78, 0.74), "Blue")
	within.Strategy.Within = &chain.Strategy{Type: chain.Text, Value: "Text colour"}
	indexed := named(found(chain.Text, 4, 0.6, 0.74), "Blue")
	indexed.Strategy.Nth, indexed.Strategy.Of, indexed.MatchCount = 2, 2, 2
	id := named(found(chain.ID, 3, 0.61, 0.61), "Green")
	id.Strategy.Value = "fg-opt-3"
	coords := named(found(chain.Coordinates, 3, 0.69, 0.9), "Green")
	lasting := named(found(chain.ID, 3, 0.61, 0.61), "Green")
	lasting.Strategy.Value = "colour-green"

	aside := func(rs []strategies.Result) []bool {
		out := setAsideRenumbered(fp, rs)
		var gone []bool
		for i := range rs {
			gone = append(gone, rs[i].Found && !out[i].Found)
		}
		return gone
	}
	same := func(a, b []bool) bool {
		for i := range a {
			if a[i] != b[i] {
				return false
			}
		}
		return len(a) == len(b)
	}
	for _, c := range []struct {
		name string
		rs   []strategies.Result
		want []bool
	}{
		{"words agree", []strategies.Result{role, within, indexed, id, coords}, []bool{false, false, false, true, true}},
		{"no words within its item", []strategies.Result{role, indexed, id, coords}, []bool{false, false, false, false}},
		{"a lasting id stays", []strategies.Result{role, lasting}, []bool{false, false}},
		{"words found nothing", []strategies.Result{role, missing(chain.Text), id}, []bool{false, false, false}},
		{"words found another", []strategies.Result{role, named(found(chain.Text, 5, 0.7, 0.7), "Blue"), id}, []bool{false, false, false}},
		{"only an index", []strategies.Result{indexed, id}, []bool{false, false}},
		{"index among more than recorded", func() []strategies.Result {
			x := indexed
			x.MatchCount = 3
			return []strategies.Result{role, x, id}
		}(), []bool{false, false, false}},
		{"words name otherwise", []strategies.Result{named(role, "Navy"), id}, []bool{false, false}},
	} {
		if got := aside(c.rs); !same(got, c.want) {
			t.Errorf("%s: set aside %v, want %v", c.name, got, c.want)
		}
	}
	if out := setAsideRenumbered(&chain.Fingerprint{}, []strategies.Result{role, id}); !out[1].Found {
		t.Errorf("a target recorded without a name: set aside %v", out[1].Err)
	}
}
