package snapshot

import (
	"fmt"
)

// Cross-origin frames are out of page script's reach: the walk lists the
// iframes whose document it cannot read, and only those are entered
// through DevTools, by the page model (pagemodel.Page.FrameWorld), so a
// page without them pays nothing. (Closed shadow roots: walkDoc.)

// remoteFrame walks the cross-origin frame f of pc in its own world: the
// main world of its document, in the page's session when the frame lives
// in the page's process, else (site isolation) in a session attached to
// the frame's own target.
func (c *capture) remoteFrame(pc *piece, f rawFrame) (*piece, error) {
	wd := c.worlds[pc.w]
	// The walker's offsets are in the top viewport; the model's, in the
	// parent world's.
	x, y := wd.w.X, wd.w.Y
	nw, err := c.model.FrameWorld(c.ctx, wd.w, f.H, f.FP[min(len(wd.w.FramePath), len(f.FP)):], f.OX-x, f.OY-y,
		[4]float64{f.Clip[0] - x, f.Clip[1] - y, f.Clip[2] - x, f.Clip[3] - y}, f.Hid)
	if err != nil {
		return nil, fmt.Errorf("snapshot: frame %v: %w", f.FP, err)
	}
	if nw == nil {
		return nil, nil // not loaded
	}
	c.worlds = append(c.worlds, &world{w: nw})
	clip := f.Clip
	sp, err := c.walkDoc(len(c.worlds)-1, walkOptions{Seq: c.seq, All: c.opts.AllTiers, AC: c.opts.askCursor, Sel: c.opts.Select, VW: c.vw, VH: c.vh, OX: f.OX, OY: f.OY,
		Clip: &clip, FP: f.FP, Hidden: f.Hid})
	if err != nil {
		return nil, err
	}
	c.stats.RemoteFrames++
	return sp, nil
}
