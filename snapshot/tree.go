package snapshot

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// WriteTree prints s for a person: one line per node, indented by its
// depth in the flattened tree, with id, role, name, tier, tag, box and
// whether it is in the viewport.
//
//	node_7 button "Deep button" [tier 1] <button#deep> (14,112 89x21) in-viewport
func (s *Snapshot) WriteTree(w io.Writer) error {
	fmt.Fprintf(w, "%s  %q  viewport %gx%g  %d nodes (%d semantic, %d interactive, %d structural)",
		s.URL, s.Title, s.Viewport.Width, s.Viewport.Height, len(s.Nodes), s.Stats.Semantic, s.Stats.Interactive, s.Stats.Structural)
	if s.Stats.RemoteFrames > 0 || s.Stats.ClosedRoots > 0 {
		fmt.Fprintf(w, ", %d cross-origin frames, %d closed shadow roots", s.Stats.RemoteFrames, s.Stats.ClosedRoots)
	}
	if _, err := fmt.Fprintf(w, "  in %.1f ms\n", float64(s.Stats.Capture.Microseconds())/1000); err != nil {
		return err
	}
	depth := make(map[string]int, len(s.Nodes))
	var b strings.Builder
	for _, n := range s.Nodes {
		d := 0
		if n.Parent != "" {
			d = depth[n.Parent] + 1
		}
		depth[n.ID] = d
		b.Reset()
		b.WriteString(strings.Repeat("  ", d))
		b.WriteString(n.ID)
		if n.Role != "" {
			b.WriteString(" " + n.Role)
		} else {
			b.WriteString(" -")
		}
		if n.Name != "" {
			b.WriteString(" " + strconv.Quote(clip(n.Name, 80)))
		} else if n.Text != "" {
			b.WriteString(" text=" + strconv.Quote(clip(n.Text, 80)))
		}
		fmt.Fprintf(&b, " [tier %d] <%s", n.Tier, n.Tag)
		if id := n.Attrs.Get("id"); id != "" {
			b.WriteString("#" + id)
		}
		b.WriteString(">")
		if t := n.TestID(); t != "" {
			b.WriteString(" testid=" + strconv.Quote(t))
		}
		if n.Value != "" {
			b.WriteString(" value=" + strconv.Quote(clip(n.Value, 40)))
		}
		if n.Checked != "" {
			b.WriteString(" checked=" + n.Checked)
		}
		fmt.Fprintf(&b, " (%.0f,%.0f %.0fx%.0f)", n.Box.X, n.Box.Y, n.Box.Width, n.Box.Height)
		switch {
		case !n.Visible:
			b.WriteString(" hidden")
		case n.InViewport:
			b.WriteString(" in-viewport")
		default:
			b.WriteString(" off-viewport")
		}
		if n.Disabled {
			b.WriteString(" disabled")
		}
		if len(n.FramePath) > 0 {
			b.WriteString(" frame=" + strings.Join(n.FramePath, " >>> "))
		}
		if len(n.ShadowPath) > 0 {
			b.WriteString(" shadow=" + strings.Join(n.ShadowPath, " >>> "))
		}
		b.WriteByte('\n')
		if _, err := io.WriteString(w, b.String()); err != nil {
			return err
		}
	}
	return nil
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
