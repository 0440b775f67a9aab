package strategies

import (
	"testing"

	"github.com/qa-chain/chainreplay/chain"
)

// A page replayed in a window of another width is laid out anew; one whose
// width differs by a scrollbar's (shown on one run and not the other) is
// not.
func TestRelaidOutLeavesAScrollbarsWidth(t *testing.T) {
	target := &chain.Target{Chain: []chain.Strategy{
		{Type: chain.ID, Value: "x", Confidence: 0.9},
		{Type: chain.Coordinates, Confidence: 0.6, Metadata: map[string]any{
			"x": 10, "y": 10, "viewport": map[string]any{"width": 1280, "height": 800}}},
	}}
	env := &Env{Target: target}
	for _, c := range []struct {
		width float64
		want  bool
	}{
		{1280, false}, {1265, false}, {1295, false}, {1260, false},
		{1259, true}, {1301, true}, {800, true},
	} {
		if got := env.RelaidOut(Viewport{Width: c.width, Height: 800}); got != c.want {
			t.Errorf("recorded 1280 wide, replayed %v wide: relaid out %v, want %v", c.width, got, c.want)
		}
	}
	if (&Env{Target: &chain.Target{Chain: target.Chain[:1]}}).RelaidOut(Viewport{Width: 800}) {
		t.Error("a chain with no coordinates says nothing of the recorded width")
	}
}
