package pagemodel

import (
	"context"
	"encoding/json"
)

// At returns the element at (x, y) of the page's top viewport, as page
// script's hit test sees it (elementFromPoint), through shadow trees and
// frames; nil when there is none.
func (p *Page) At(ctx context.Context, x, y float64) (*Element, error) {
	w, err := p.Top(ctx)
	if err != nil {
		return nil, err
	}
	for depth := 0; depth < 16; depth++ {
		s, err := w.callString(ctx, "", "at", x-w.X, y-w.Y, map[string]any{"testIds": p.Options.TestIDs()})
		if err != nil {
			return nil, err
		}
		var r struct {
			K   int       `json:"k"`
			El  *Element  `json:"el"`
			Far *farFrame `json:"far"`
		}
		if s == "null" || json.Unmarshal([]byte(s), &r) != nil {
			return nil, nil
		}
		if r.El != nil {
			r.El.place(w, r.K)
			return r.El, nil
		}
		if r.Far == nil {
			return nil, nil
		}
		nw, err := p.farWorld(ctx, w, *r.Far)
		if err != nil || nw == nil {
			return nil, err
		}
		w = nw
	}
	return nil, nil
}
