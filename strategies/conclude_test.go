package strategies

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/testenv"
)

// A strategy recorded as the only match that now matches several elements
// which the fingerprint cannot tell apart finds nothing (ErrIndistinct):
// taking the first in document order is how a replay clicks a look-alike
// placed before the target. Where the fingerprint tells them apart, the
// one it names is found.
func TestIndistinctMatchesFindNothing(t *testing.T) {
	fx := testenv.Fixtures(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s := chain.Strategy{Type: chain.Role, Value: "button|Sign in", Confidence: 0.85}

	orig := model(testenv.Page(t, fx.URL+"/login.html"))
	fp := fingerprintOf(ctx, t, orig, byID(ctx, t, orig, "login-btn"))

	m := model(testenv.Page(t, fx.URL+"/variants/login-decoy.html"))
	// An imported Chrome recording's step: its selector and no fingerprint.
	r := Evaluate(ctx, NewEnv(m, &chain.Target{}), s)
	if r.Found || r.MatchCount != 2 || !errors.Is(r.Err, ErrIndistinct) {
		t.Errorf("no fingerprint: found %v (%v), %d matches, err %v; want nothing found, 2 matches, ErrIndistinct", r.Found, r.Element, r.MatchCount, r.Err)
	}
	// The recorder's step: the fingerprint names the form's button.
	r = Evaluate(ctx, NewEnv(m, &chain.Target{Fingerprint: fp}), s)
	if !r.Found || r.MatchCount != 2 || r.Element == nil || r.Element.ID == "promo-signin" {
		t.Errorf("recorded fingerprint: found %v, %v (%s), %d matches; want the form's button of 2", r.Found, r.Element, r.Detail, r.MatchCount)
	}
}
