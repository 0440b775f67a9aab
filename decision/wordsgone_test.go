package decision

import (
	"fmt"
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
