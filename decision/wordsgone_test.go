package decision

import (
	"fmt"
	"strings"
	"testing"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/strategies"
)

// A winner found only by a path holding digits is refused where the
// chain's text finds its words nowhere and the winner does not read them;
// not where it reads them, nor where something names it by what it is.
func TestCheckWordsGone(t *testing.T) {
	path := found(chain.XPath, 2, 0.6, 0.5)
	path.Strategy.Value = `//*[@id="menu"]/div[2]`
	path.Element.Text = "Archive inactive"
	gone := missing(chain.Text)
	gone.Strategy.Value = "Invite user"
	gone.Err = fmt.Errorf("%w text %q", strategies.ErrNotFound, "Invite user")
	weigh := func(rs ...strategies.Result) Verdict {
		return checkWordsGone(rs, Verdict{Winner: &rs[0], Attempts: rs})
	}
	if v := weigh(path, gone); v.Err == nil {
		t.Errorf("a path's element reading otherwise, the words nowhere: taken")
	}
	reads := path
	e := *path.Element
	e.Text = "Invite user now"
	reads.Element = &e
	if v := weigh(reads, gone); v.Err != nil {
		t.Errorf("the element reads the words: refused %v", v.Err)
	}
	count := gone
	count.Strategy.Value = "Archive (3)"
	e2 := *path.Element
	e2.Text = "Archive (0)"
	counted := path
	counted.Element = &e2
	if v := weigh(counted, count); v.Err != nil {
		t.Errorf("the element reads the words with another count: refused %v", v.Err)
	}
	numbered := path
	e3 := *path.Element
	e3.Text = "Invoice 304"
	numbered.Element = &e3
	other := gone
	other.Strategy.Value = "Invoice 303"
	if v := weigh(numbered, other); v.Err == nil {
		t.Errorf("Invoice 304 for Invoice 303: taken (a number is a word, not a count)")
	}
	byID := found(chain.ID, 2, 0.8, 0.9)
	byID.Strategy.Value = "invite"
	byID.Element = path.Element
	if v := weigh(path, gone, byID); v.Err != nil {
		t.Errorf("a lasting id names it: refused %v", v.Err)
	}
}

// Coordinates, the last resort, keep an element whose words all changed.
func TestCheckWordsGoneLeavesCoordinates(t *testing.T) {
	at := found(chain.Coordinates, 2, 0.68, 0.9)
	at.Element.Text = "Log in"
	gone := missing(chain.Role)
	gone.Strategy.Value = "button|Sign in"
	gone.Err = fmt.Errorf("%w role %q", strategies.ErrNotFound, "button|Sign in")
	rs := []strategies.Result{at, gone}
	if v := checkWordsGone(rs, Verdict{Winner: &rs[0], Attempts: rs}); v.Err != nil {
		t.Errorf("coordinates' element refused: %v", v.Err)
	}
}

// A path's element that has none of the classes a CSS selector of the
// chain names, which finds nothing, is refused.
func TestCheckWordsGoneReadsClasses(t *testing.T) {
	path := found(chain.XPath, 2, 0.6, 0.5)
	path.Strategy.Value = `//*[@id="users"]/tbody/tr[2]/td[2]/button[1]`
	path.Element.Class = "rm small"
	css := missing(chain.CSS)
	css.Strategy.Value = "tr:nth-of-type(2) button.ed"
	css.Err = fmt.Errorf("%w css %q", strategies.ErrNotFound, css.Strategy.Value)
	rs := []strategies.Result{path, css}
	if v := checkWordsGone(rs, Verdict{Winner: &rs[0], Attempts: rs}); v.Err == nil {
		t.Errorf("button.rm for button.ed: taken")
	}
	e := *path.Element
	e.Class = "ed small"
	rs[0].Element = &e
	if v := checkWordsGone(rs, Verdict{Winner: &rs[0], Attempts: rs}); v.Err != nil {
		t.Errorf("the element has the class: refused %v", v.Err)
	}
	for sel, want := range map[string]string{"tr:nth-of-type(2) button.ed": "ed", "div.a.b:hover": "a,b", "#x > li": "", "a, b.c": "", "li:not(.x)": ""} {
		if got := strings.Join(lastClasses(sel), ","); got != want {
			t.Errorf("lastClasses(%q) = %q, want %q", sel, got, want)
		}
	}
}

// The check is for chains recorded without a fingerprint: with one, vet
// weighed the winner against it (a label reworded, the switch at its place
// is the target).
func TestWordsGoneOnlyWithoutAFingerprint(t *testing.T) {
	for _, c := range []struct {
		fp   *chain.Fingerprint
		want bool
	}{{nil, true}, {&chain.Fingerprint{TestIDs: map[string]string{"data-testid": "x"}}, true}, {&chain.Fingerprint{Tag: "button"}, false}} {
		if got := withoutFingerprint(c.fp); got != c.want {
			t.Errorf("fingerprint %+v: checked %v, want %v", c.fp, got, c.want)
		}
	}
}
