package decision

import (
	"fmt"
	"strings"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/report"
	"github.com/qa-chain/chainreplay/strategies"
)

// checkUnder holds a winner to the items of its tree the target stood
// under when recorded (chain.Fingerprint.Under: a file's folders): an
// "index.ts" under "components" is not the one under "utils", whatever
// found it (an index among the namesakes, a path, a place, similarity).
// A winner under other items has its strategies set aside and the rest
// weighed again: an element named as recorded under the recorded items,
// that a strategy naming it within its item (its folder) found, is taken
// (the folders swapped); else the step is refused, unless an identifier
// without digits names the winner (lastingID).
func checkUnder(p Policy, fp *chain.Fingerprint, results []strategies.Result, v Verdict) Verdict {
	if v.Winner == nil || v.Winner.Element == nil || fp == nil || len(fp.Under) == 0 {
		return v
	}
	w := *v.Winner
	// nil: not known (a virtualized tree's folder row drawn out of view).
	if w.Element.Under == nil || sameUnder(fp.Under, w.Element.Under) || lastingID(results, w) != nil {
		return v
	}
	v2, by := setAside(p, results, w)
	v2.Rounds = v.Rounds
	if o := v2.Winner; o != nil && o.Element != nil && sameUnder(fp.Under, o.Element.Under) && !namedOtherwise(o.Element, fp) && !readsOtherwise(o.Element, fp) && namedInItem(results, *o) {
		v2.Notes = append(v.Notes, fmt.Sprintf("%s found %s under %s, not under %s as recorded: set aside",
			strings.Join(by, " and "), describe(w), underText(w.Element.Under), underText(fp.Under)))
		return v2
	}
	return refuse(v, report.ElementNotFound,
		"the target was recorded under %s in its tree; %s found %s under %s, and nothing names one under %s",
		underText(fp.Under), label(w), describe(w), underText(w.Element.Under), underText(fp.Under))
}

// namedInItem reports whether a strategy naming the target within its
// item by the item's words found o's element, at no place among another
// number than recorded (recounted).
func namedInItem(results []strategies.Result, o strategies.Result) bool {
	for _, r := range results {
		if r.Found && r.Strategy.Within != nil && !recounted(r) && sameNode(r, o) {
			return true
		}
	}
	return false
}

// sameUnder reports whether two lists of the items of a tree read alike
// (white space and case aside).
func sameUnder(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !strings.EqualFold(collapse(a[i]), collapse(b[i])) {
			return false
		}
	}
	return true
}

// underText is items of a tree as a path: "src / utils", or "the tree's
// top" for none.
func underText(items []string) string {
	if len(items) == 0 {
		return "the tree's top"
	}
	return fmt.Sprintf("%q", strings.Join(items, " / "))
}
