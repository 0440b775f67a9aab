package strategies

import (
	"math"
	"testing"

	"github.com/qa-chain/chainreplay/chain"
)

var submitFP = &chain.Fingerprint{
	Tag: "button", ID: "login-btn", Type: "submit", Classes: []string{"btn", "primary"},
	Role: "button", AccessName: "Sign in", Text: "Sign in", TestIDs: map[string]string{"data-testid": "login-submit"},
	Box: &chain.Rect{X: 460, Y: 360, Width: 73, Height: 31},
}

func submitcandidate() candidate {
	return candidate{Tag: "button", ID: "login-btn", Type: "submit", Classes: []string{"btn", "primary"},
		Role: "button", AccessName: "Sign in", Text: "Sign in", TestIDs: map[string]string{"data-testid": "login-submit"},
		Box: &chain.Rect{X: 460, Y: 360, Width: 73, Height: 31}}
}

func TestVerifyIdenticalScoresOne(t *testing.T) {
	v := verifyCandidate(submitcandidate(), submitFP)
	if v.Score != 1 || v.KindMismatch {
		t.Fatalf("identical element: got %+v, want score 1 and same kind", v)
	}
}

func TestVerifyNilFingerprintIsNeutral(t *testing.T) {
	if v := verifyCandidate(candidate{Tag: "div"}, nil); v.Score != 1 || v.KindMismatch {
		t.Fatalf("no fingerprint: got %+v", v)
	}
}

func TestVerifyDifferentKindIsFlagged(t *testing.T) {
	c := candidate{Tag: "div", Classes: []string{"btn", "primary"}, Text: "Sign in",
		Box: &chain.Rect{X: 460, Y: 360, Width: 73, Height: 31}}
	v := verifyCandidate(c, submitFP)
	if !v.KindMismatch {
		t.Fatalf("a div where a button was recorded must be a kind mismatch: %+v", v)
	}
	if v.Score >= 0.6 {
		t.Fatalf("score %.2f too high for another kind of element", v.Score)
	}
}

func TestVerifyCheckboxIsNotATextbox(t *testing.T) {
	fp := &chain.Fingerprint{Tag: "input", Type: "email"}
	if v := verifyCandidate(candidate{Tag: "input", Type: "checkbox"}, fp); !v.KindMismatch {
		t.Fatal("checkbox where an email input was recorded must be a kind mismatch")
	}
	if v := verifyCandidate(candidate{Tag: "input", Type: "text"}, fp); v.KindMismatch {
		t.Fatal("text and email inputs are the same kind")
	}
}

func TestVerifyRenamedIDCostsSomething(t *testing.T) {
	c := submitcandidate()
	c.ID = "submit-login"
	v := verifyCandidate(c, submitFP)
	if v.Score >= 1 || v.Score < 0.8 || v.KindMismatch {
		t.Fatalf("renamed id: got %+v, want a score in [0.8,1)", v)
	}
}

func TestVerifyMovedBoxLowersScore(t *testing.T) {
	near, far := submitcandidate(), submitcandidate()
	far.Box = &chain.Rect{X: 460, Y: 900, Width: 73, Height: 31}
	if a, b := verifyCandidate(near, submitFP).Score, verifyCandidate(far, submitFP).Score; !(a > b) {
		t.Fatalf("the element where it was (%.3f) must verify better than one 540 px away (%.3f)", a, b)
	}
	hidden := submitcandidate()
	hidden.Box = nil
	if s := verifyCandidate(hidden, submitFP).Score; s >= 1 {
		t.Fatalf("an unrendered element cannot verify its box: %.3f", s)
	}
}

func TestPositionScoreTolerances(t *testing.T) {
	r := chain.Rect{X: 0, Y: 0, Width: 10, Height: 10}
	for _, tc := range []struct {
		dy   float64
		want float64
	}{{0, 1}, {19, 1}, {60, 0.5}, {100, 0}, {300, 0}} {
		got := positionScore(r, chain.Rect{X: 0, Y: tc.dy, Width: 10, Height: 10})
		if math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("distance %v: got %v, want %v", tc.dy, got, tc.want)
		}
	}
}

func TestAdjust(t *testing.T) {
	base := Evidence{Recorded: 0.9, Matches: 1, Score: 1, Visible: true}
	if got := Adjust(base); math.Abs(got-0.9) > 1e-9 {
		t.Fatalf("unique, fully verified: got %v, want the recorded 0.9", got)
	}
	kind := base
	kind.KindMismatch, kind.Score = true, 0.4
	if got := Adjust(kind); got > 0.3*0.9 {
		t.Fatalf("another kind of element must lose most of its confidence, got %v", got)
	}
	amb := base
	amb.Matches, amb.SecondScore = 3, 1
	if got := Adjust(amb); got >= Adjust(base)*0.7 {
		t.Fatalf("3 indistinguishable matches: got %v, want well below %v", got, Adjust(base))
	}
	distinct := amb
	distinct.SecondScore = 0.5
	if !(Adjust(distinct) > Adjust(amb)) {
		t.Fatal("several matches where fingerprint tells them apart must cost less than indistinguishable ones")
	}
	hidden := base
	hidden.Visible = false
	if !(Adjust(hidden) < Adjust(base)) {
		t.Fatal("an unrendered element must cost confidence")
	}
	if got := Adjust(Evidence{Recorded: 2, Score: 5, Matches: 1, Visible: true}); got != 1 {
		t.Fatalf("confidence must be clamped to 1, got %v", got)
	}
}
