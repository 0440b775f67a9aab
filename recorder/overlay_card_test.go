package recorder

import (
	"slices"
	"testing"

	"github.com/qa-chain/chainreplay/chain"
)

// A card of a portfolio grid clicked on its caption overlay, which has
// nothing of its own that names it (no text, no attribute; Start
// Bootstrap's Freelancer theme): the overlay fills the card, which the
// page made clickable, so the click is the card's, and the card names
// itself by the dialog it opens (the pictures are left out here). The
// recording names the card so, not by its place in the grid: replayed
// once another card is inserted before it, the step clicks that card,
// not the one now at its place.
func TestOverlayOfACardIsNamedFromItsCard(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "variants/portfolio.html?nopics", "click \"[data-target='#portfolio-circus'] .caption\"\n")
	n := len(f.Steps)
	if n == 0 || f.Steps[n-1].Action != chain.Click {
		t.Fatalf("recorded %v", stepLines(f))
	}
	if c := f.Steps[n-1].Target.Chain; !slices.ContainsFunc(c, func(s chain.Strategy) bool {
		return s.Type == chain.CSS && s.Value == `div[data-target="#portfolio-circus"]`
	}) {
		t.Errorf("chain %+v: want the card by its data-target", c)
	}
	for _, v := range []string{"", "&v=inserted"} {
		p, err := replayFlowIn(t, b, f, f.StartURL+v, true)
		if err != nil {
			t.Errorf("%q: %v", v, err)
		}
		if acted := p.MustEval(`() => acted.join(",")`).Str(); acted != "circus" {
			t.Errorf("%q: clicked %q, recorded on circus", v, acted)
		}
	}
}

// The same grid where no attribute names a card: the pointer lands on
// the caption overlay's icon, and the step is the card's, which its
// picture tells from the others. Where the grid has as many cards as when
// recorded, the card at the recorded place is taken; once a card is
// inserted before it, another card stands there: the card is taken by its
// picture, and where the cards have no pictures, nothing tells them
// apart and the step is refused, never clicking the card now at the
// recorded place.
func TestUnnamedCardIsNotTakenByPlaceOnceTheGridChanged(t *testing.T) {
	b := ownWindow(t)
	for _, pics := range []string{"", "&nopics"} {
		f := recordDriveIn(t, b, "variants/portfolio.html?anon"+pics, "click \".col:nth-child(3) .caption\"\n")
		n := len(f.Steps)
		if n == 0 || f.Steps[n-1].Action != chain.Click {
			t.Fatalf("%q: recorded %v", pics, stepLines(f))
		}
		fp := f.Steps[n-1].Target.Fingerprint
		if fp == nil || fp.Tag != "div" || !slices.Contains(fp.Classes, "item") || fp.Items != 6 || fp.ItemKind != "div.col" {
			t.Fatalf("%q: fingerprint %+v: want the card (div.item), one of the grid's 6 (div.col)", pics, fp)
		}
		for _, c := range []struct {
			query   string
			want    string
			refused bool
		}{{"", "circus", false}, {"&v=inserted", "circus", false}} {
			if pics != "" && c.query != "" {
				c.want, c.refused = "", true
			}
			p, failed := replayFlowIn(t, b, f, f.StartURL+c.query, !c.refused)
			if !c.refused && failed != nil {
				t.Errorf("%q%q: %v", pics, c.query, failed)
			}
			if c.refused && failed == nil {
				t.Errorf("%q%q: the click passed", pics, c.query)
			}
			if c.refused && failed != nil {
				t.Logf("%q%q: refused: %v", pics, c.query, failed)
			}
			if acted := p.MustEval(`() => acted.join(",")`).Str(); acted != c.want {
				t.Errorf("%q%q: clicked %q, want %q (recorded on circus)", pics, c.query, acted, c.want)
			}
		}
	}
}
