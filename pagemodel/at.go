package pagemodel

import (
	"context"
	"encoding/json"
	"maps"
	"math"
	"strings"

	"github.com/go-rod/rod/lib/proto"
)

// hit is what a hit test answers in one world: an element, or the
// cross-origin frame at the point.
type hit struct {
	K   int       `json:"k"`
	El  *Element  `json:"el"`
	Far *farFrame `json:"far"`
}

// Prefer says which element a hit test takes for the pointer's: the
// element hit, or the nearest of it and its ancestors a few levels up of
// Tag (and ID, when set), and of Role, when set and one is (a clickable
// row's inner <div> hit: the row of role button, not the inner div).
// The zero value takes the element hit.
type Prefer struct {
	Tag, ID, Role string
}

// At returns the element at (x, y) of the page's top viewport, as the
// pointer would reach it, through shadow trees (closed ones too) and
// frames; nil when there is none. With pref.Tag set, the element a pointer
// there acts on as one of that tag (and id, when set) is preferred: the
// nearest ancestor of that tag of the element hit, when there is one a few
// levels up (a button whose inner <span> is hit), of pref.Role where one
// is. DevTools' hit test (DOM.getNodeForLocation, which a page cannot
// patch) finds it in each world; where it lands in a same-origin frame of
// the world, page script's hit test finds it instead, from the world's
// document.
func (p *Page) At(ctx context.Context, x, y float64, pref Prefer) (*Element, error) {
	w, err := p.Top(ctx)
	if err != nil {
		return nil, err
	}
	opts := map[string]any{"testIds": p.Options.TestIDs(), "tag": strings.ToLower(pref.Tag), "id": pref.ID, "role": pref.Role}
	top := w
	var topScroll [2]float64
	for depth := 0; depth < 16; depth++ {
		lx, ly := x-w.X, y-w.Y
		var h hit
		own := w.Frame
		if own == "" {
			own = p.Rod.FrameID
		}
		// DOM.getNodeForLocation takes document coordinates: a scrolled
		// page finds nothing at viewport coordinates.
		var sc [2]float64
		if err := w.callJSON(ctx, "", "scroll", &sc); err != nil {
			return nil, err
		}
		hx, hy := lx+sc[0], ly+sc[1]
		if depth == 0 {
			topScroll = sc
		} else if w.S.ID == top.S.ID {
			// A cross-origin frame in the page's own process: the page's
			// session hit-tests in the top document's coordinates.
			hx, hy = x+topScroll[0], y+topScroll[1]
		}
		// An element with pointer-events: none is passed, as the pointer
		// passes it (a grid's row container over its rows' buttons).
		loc, err := proto.DOMGetNodeForLocation{X: int(math.Floor(hx)), Y: int(math.Floor(hy)), IgnorePointerEventsNone: false}.Call(w.S.Client(ctx))
		switch {
		case err != nil:
			return nil, nil // nothing there (outside the page)
		case loc.FrameID == own:
			obj, err := proto.DOMResolveNode{BackendNodeID: loc.BackendNodeID, ObjectGroup: w.group}.Call(w.S.Client(ctx))
			if err != nil {
				return nil, nil
			}
			o := maps.Clone(opts)
			o["x"], o["y"] = lx, ly
			s, err := w.callString(ctx, obj.Object.ObjectID, "atNode", o)
			if err != nil {
				return nil, err
			}
			if s == "null" || json.Unmarshal([]byte(s), &h) != nil {
				return nil, nil
			}
		default:
			// In a frame of this world's own process that page script
			// reaches (same origin), or a cross-origin one in the page's
			// process: page script's hit test finds it.
			s, err := w.callString(ctx, "", "at", lx, ly, opts)
			if err != nil {
				return nil, err
			}
			if s == "null" || json.Unmarshal([]byte(s), &h) != nil {
				return nil, nil
			}
		}
		if h.El != nil {
			h.El.place(w, h.K)
			return h.El, nil
		}
		if h.Far == nil {
			return nil, nil
		}
		nw, err := p.farWorld(ctx, w, *h.Far)
		if err != nil || nw == nil {
			return nil, err
		}
		w = nw
	}
	return nil, nil
}

// ScrollLike scrolls the scroll containers that hold the element r names
// inside its document (Description.Scrollers), outermost first, to
// offsets, when the element sits in as many containers as offsets lists
// (ok; otherwise they are not the recorded ones and nothing moves): a
// point recorded inside a scrolled dialog or list shows what it showed
// then. It returns the offsets the containers had, for
// ScrollLike(ctx, r, prev) to undo it, and whether any moved.
func (p *Page) ScrollLike(ctx context.Context, r Ref, offsets [][2]float64) (prev [][2]float64, moved, ok bool, err error) {
	if !r.Valid() || len(offsets) == 0 {
		return nil, false, false, nil
	}
	var out *struct {
		Moved bool         `json:"moved"`
		Prev  [][2]float64 `json:"prev"`
	}
	if err := r.W.CallJSON(ctx, "scrollLike", &out, r.K, offsets); err != nil {
		return nil, false, false, err
	}
	if out == nil {
		return nil, false, false, nil
	}
	return out.Prev, out.Moved, true, nil
}
