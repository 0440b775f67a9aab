package similarity

import (
	"fmt"
	"testing"

	"github.com/qa-chain/chainreplay/chain"
)

// BenchmarkRank ranks n generated candidates (buttons, links and inputs
// with ids, classes, texts, neighbours, XPaths and boxes) against the
// recorded sign-in button: the pure scoring cost of one healing round.
func BenchmarkRank(b *testing.B) {
	for _, n := range []int{100, 1000, 10000} {
		cands := make([]Candidate, n)
		for i := range cands {
			tags := []string{"button", "a", "input"}
			cands[i] = Candidate{Ref: fmt.Sprint(i), Tag: tags[i%3], ID: fmt.Sprintf("el-%d", i),
				Classes: []string{"btn", fmt.Sprintf("c%d", i%17)}, Role: []string{"button", "link", "textbox"}[i%3],
				AccessName: fmt.Sprintf("Action number %d", i), Text: fmt.Sprintf("Action number %d", i),
				XPath:      fmt.Sprintf("/html/body/div[%d]/section/%s", i%50+1, tags[i%3]),
				Neighbours: []string{fmt.Sprintf("Section %d", i/10)},
				Box:        &chain.Rect{X: float64(i % 40 * 30), Y: float64(i / 40 * 24), Width: 80, Height: 24}}
		}
		fp := recordedSubmit()
		b.Run(fmt.Sprintf("candidates=%d", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				Rank(fp, cands, Options{})
			}
		})
	}
}
