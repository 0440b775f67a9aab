package pagemodel

import (
	"context"
	"errors"
)

// Items is the repeated group of the element r names, or of the item it
// is part of (Description.Items and ItemKind): how many items alike stand
// beside each other, its own included, and their kind; 0 and "" when it
// is in none. It fails for an element no longer on the page.
func (p *Page) Items(ctx context.Context, r Ref) (n int, kind string, err error) {
	if !r.Valid() {
		return 0, "", errors.New("pagemodel: items of an invalid reference")
	}
	var g *struct {
		N    int    `json:"n"`
		Kind string `json:"kind"`
	}
	if err := r.W.CallJSON(ctx, "items", &g, r.K); err != nil {
		return 0, "", err
	}
	if g == nil {
		return 0, "", errors.New("pagemodel: items: the element is no longer on the page")
	}
	return g.N, g.Kind, nil
}
