package decision

import (
	"slices"
	"testing"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/pagemodel"
)

// The recorded surroundings are the texts around the target other than
// its own words, spacing and case aside, its region included; an element
// stands among each one it has as a neighbour or as its region.
func TestSurroundings(t *testing.T) {
	fp := &chain.Fingerprint{AccessName: "Item 3", Text: "Item  3", Neighbours: []string{"Multiple", "item 3", " multiple ", "Pay the rent"}, Region: "Accordions"}
	got := surroundings(fp)
	if want := []string{"Multiple", "Pay the rent", "Accordions"}; !slices.Equal(got, want) {
		t.Fatalf("surroundings = %q, want %q", got, want)
	}
	el := &pagemodel.Element{Neighbours: []string{"MULTIPLE", "Item 3"}, Region: "accordions"}
	if has := standsAmong(el, got); !slices.Equal(has, []bool{true, false, true}) {
		t.Errorf("standsAmong = %v, want [true false true]", has)
	}
	if s := surroundings(&chain.Fingerprint{AccessName: "Save", Neighbours: []string{"Save"}}); len(s) != 0 {
		t.Errorf("a target whose only neighbour is its own name has no surroundings, got %q", s)
	}
}
