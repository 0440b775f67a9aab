package decision

import (
	"testing"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/strategies"
)

func TestCSSByAttribute(t *testing.T) {
	for sel, want := range map[string]bool{
		`a[href="#/active"]`:          true,
		`input[name="email"]`:         true,
		`#save`:                       true,
		`button#save`:                 true,
		`[data-testid='add-to-cart']`: true,
		`label[for=email]`:            true,
		`a.btn`:                       false,
		`li:nth-of-type(2) > a`:       false,
		`#filters a[href="#/"]`:       false,
		`a[href^="#/"]`:               false,
		`th[aria-label="Age"]`:        false,
		`a[href="x"].selected`:        false,
		`input[type="text"]`:          false,
		`a`:                           false,
		`#1a`:                         false,
		`a[href="a\"b"]`:              false,
	} {
		if got := cssByAttribute(sel); got != want {
			t.Errorf("cssByAttribute(%q) = %v, want %v", sel, got, want)
		}
	}
}

// A CSS strategy counts as an identifying attribute match only when its
// selector is made of identifying attributes, it found one element, and it
// was not scoped to a container.
func TestIdentifiedByAttributeCSS(t *testing.T) {
	w := found(chain.Coordinates, 4, 0.6, 0.5)
	byHref := found(chain.CSS, 4, 0.58, 0.62)
	byHref.Strategy.Value = `a[href="#/active"]`
	if identifyingMatch([]strategies.Result{w, byHref}, w) == nil {
		t.Error("a unique match of a[href=...] on the winner identifies it")
	}
	byClass := byHref
	byClass.Strategy.Value = `a.selected`
	scoped := byHref
	scoped.Strategy.Within = &chain.Strategy{Type: chain.Text, Value: "Pay the rent"}
	two := byHref
	two.MatchCount = 2
	for _, r := range []strategies.Result{byClass, scoped, two} {
		if identifyingMatch([]strategies.Result{w, r}, w) != nil {
			t.Errorf("css %q (%d matches, within %v) does not identify the winner", r.Strategy.Value, r.MatchCount, r.Strategy.Within)
		}
	}
}
