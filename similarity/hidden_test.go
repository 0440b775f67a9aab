package similarity

import "testing"

// Ranked without the hidden candidates it tied with, a rendered candidate
// left alone on screen has no margin to show: it is taken only when sure.
func TestShownStandsOut(t *testing.T) {
	scored := func(v float64) *Scored {
		return &Scored{Candidate: &Candidate{Ref: "x"}, Score: Score{Value: v}}
	}
	for _, tc := range []struct {
		name string
		vis  Result
		want bool
	}{
		{"alone and weak (a collapsed menu's parent toggle)", Result{Outcome: Found, Best: scored(0.52), Margin: 0.52}, false},
		{"alone and sure", Result{Outcome: Found, Best: scored(0.8), Margin: 0.8}, true},
		{"found beside a rendered runner-up", Result{Outcome: Found, Best: scored(0.55), RunnerUp: scored(0.2), Margin: 0.35}, true},
		{"not found", Result{Outcome: NotFound, Best: scored(0.8), RunnerUp: scored(0.78)}, false},
	} {
		if got := ShownStandsOut(tc.vis, Options{}); got != tc.want {
			t.Errorf("%s: ShownStandsOut = %v, want %v", tc.name, got, tc.want)
		}
	}
}
