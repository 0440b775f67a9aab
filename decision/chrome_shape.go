package decision

import (
	"context"

	"github.com/qa-chain/chainreplay/chain"
)

// svgShapes are the SVG elements whose box holds points that are not
// theirs: a star's corners, a ring's hole.
var svgShapes = map[string]bool{"path": true, "circle": true, "ellipse": true, "rect": true, "line": true,
	"polyline": true, "polygon": true}

// shapeOffset is where in an SVG shape's box the pointer acts: the
// recorded offset when that point is on the shape (its fill or stroke),
// else the box centre when it is, else the point of the shape nearest the
// centre. A shape's box holds points that are not the shape's, and
// Chrome's recorder takes a click's offset on SVG content from another
// box than the shape's (the svg's): a pointer sent to such a point lands on
// the svg or on what lies behind (or, added to the shape's box, outside the
// viewport). For any other element, and when the page cannot say, the
// offset is kept.
func shapeOffset(ctx context.Context, el Elem, offset *chain.Point) *chain.Point {
	if el.Element == nil || !svgShapes[el.Element.Tag] {
		return offset
	}
	var off map[string]float64
	if offset != nil {
		off = map[string]float64{"x": offset.X, "y": offset.Y}
	}
	var p *struct{ X, Y float64 }
	if err := callOn(ctx, el, shapeOffsetFn, &p, off); err != nil || p == nil {
		return offset
	}
	return &chain.Point{X: p.X, Y: p.Y}
}

// shapeOffsetFn finds a point of the shape (this) in its box, with a
// pixel and a half of the shape around it on every side: the offset when
// it is one, else the centre, else the one of a 15x15 grid over the box
// nearest the centre; null when none is (or the shape cannot say).
const shapeOffsetFn = `function (offset) {
	const el = this;
	if (typeof el.isPointInFill !== "function" || typeof el.getScreenCTM !== "function") return null;
	const ctm = el.getScreenCTM();
	if (!ctm) return null;
	const inv = ctm.inverse();
	const r = el.getBoundingClientRect();
	if (r.width < 1 || r.height < 1) return null;
	const at = (x, y) => {
		const p = new DOMPoint(r.x + x, r.y + y).matrixTransform(inv);
		return el.isPointInFill(p) || el.isPointInStroke(p);
	};
	// On the shape with a margin: hit tests round to whole pixels.
	const on = (x, y) => at(x, y) && at(x - 1.5, y) && at(x + 1.5, y) && at(x, y - 1.5) && at(x, y + 1.5);
	if (offset && offset.x >= 0 && offset.y >= 0 && offset.x < r.width && offset.y < r.height && on(offset.x, offset.y)) return offset;
	const cx = r.width / 2, cy = r.height / 2;
	if (on(cx, cy)) return {x: cx, y: cy};
	let best = null, bd = Infinity;
	for (let i = 1; i < 16; i++) for (let j = 1; j < 16; j++) {
		const x = r.width * i / 16, y = r.height * j / 16;
		const d = (x - cx) * (x - cx) + (y - cy) * (y - cy);
		if (d < bd && on(x, y)) { bd = d; best = {x, y}; }
	}
	return best;
}`

// inViewJS, in the actionability check of an element of the top document,
// moves the point p (viewport CSS pixels) of the element's box b into the
// viewport: a point out of view (a recorded offset near the corner of an
// element taller than the viewport, which scrolling it into view centres)
// becomes the centre of the part of the box in view. Input there would
// reach another element, or nothing.
const inViewJS = `
const inView = (p, b) => {
	const vw = innerWidth, vh = innerHeight;
	if (p.x >= 0 && p.y >= 0 && p.x < vw && p.y < vh) return p;
	const l = Math.max(b.x, 0), t = Math.max(b.y, 0), r = Math.min(b.x + b.width, vw), btm = Math.min(b.y + b.height, vh);
	return r > l && btm > t ? {x: (l + r) / 2, y: (t + btm) / 2} : p;
};`

// inView is inViewJS for an element of a frame: p moves into the part of
// the box b that the frames on the way leave visible (the world's clip).
func inView(p chain.Point, b *chain.Rect, el Elem) chain.Point {
	if el.Ref.W == nil {
		return p
	}
	c := el.Ref.W.Clip
	if p.X >= c[0] && p.Y >= c[1] && p.X < c[2] && p.Y < c[3] {
		return p
	}
	l, t := max(b.X, c[0]), max(b.Y, c[1])
	r, btm := min(b.X+b.Width, c[2]), min(b.Y+b.Height, c[3])
	if r <= l || btm <= t {
		return p
	}
	return chain.Point{X: (l + r) / 2, Y: (t + btm) / 2}
}
