package pagemodel

import (
	"context"
	"errors"
)

// Items is the size of the repeated group of the element r names, or of
// the item it is part of (Description.Items): how many items alike stand
// beside each other, its own included; 0 when it is in none. It fails
// for an element no longer on the page.
func (p *Page) Items(ctx context.Context, r Ref) (int, error) {
	if !r.Valid() {
		return 0, errors.New("pagemodel: items of an invalid reference")
	}
	var n int
	if err := r.W.CallJSON(ctx, "items", &n, r.K); err != nil {
		return 0, err
	}
	if n < 0 {
		return 0, errors.New("pagemodel: items: the element is no longer on the page")
	}
	return n, nil
}
