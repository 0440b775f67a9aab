package snapshot

import (
	"strconv"

	"github.com/go-rod/rod/lib/proto"
)

// Flags the walker sets on each node (rawNode.F).
const (
	flagVisible = 1 << iota
	flagInViewport
	flagDisabled
	flagAriaHidden
	flagPassword
)

// assemble turns the walked pieces into s.Nodes in document order, numbering
// them node_1, node_2... and linking each to its nearest kept ancestor.
func (s *Snapshot) assemble(top *piece) {
	total := 0
	var count func(pc *piece)
	count = func(pc *piece) {
		total += len(pc.out.N)
		for _, sb := range pc.subs {
			count(sb.pc)
		}
	}
	count(top)
	s.Nodes = make([]*Node, 0, total)
	s.byBackend = make(map[proto.DOMBackendNodeID]*Node)
	s.emit(top, nil)
}

func (s *Snapshot) emit(pc *piece, rootParent *Node) {
	w := s.worlds[pc.w]
	si := 0
	flush := func(pos int) {
		for si < len(pc.subs) && pc.subs[si].pos <= pos {
			sb := pc.subs[si]
			si++
			var parent *Node
			if sb.parent >= 0 && sb.parent < len(w.nodes) {
				parent = w.nodes[sb.parent]
			}
			s.emit(sb.pc, parent)
		}
	}
	for i := range pc.out.N {
		flush(i)
		r := &pc.out.N[i]
		n := &Node{
			ID:         "node_" + strconv.Itoa(len(s.Nodes)+1),
			FrameID:    pc.frameID,
			Tag:        r.G,
			Role:       r.R,
			Name:       r.N,
			Tier:       Tier(r.T),
			Attrs:      r.A,
			Text:       r.X,
			Label:      r.L,
			Value:      r.V,
			Checked:    r.C,
			Level:      r.HL,
			Box:        Rect{r.B[0], r.B[1], r.B[2], r.B[3]},
			Visible:    r.F&flagVisible != 0,
			InViewport: r.F&flagInViewport != 0,
			Disabled:   r.F&flagDisabled != 0,
			AriaHidden: r.F&flagAriaHidden != 0,
			Password:   r.F&flagPassword != 0,
			XPath:      r.XP,
			Neighbours: r.NB,
			world:      pc.w,
			local:      r.K,
		}
		if r.I >= 0 && r.I < len(pc.out.P) {
			n.FramePath = nilIfEmpty(pc.out.P[r.I].F)
			n.ShadowPath = nilIfEmpty(pc.out.P[r.I].S)
		}
		if r.P >= 0 && r.P < len(w.nodes) && w.nodes[r.P] != nil {
			n.Parent = w.nodes[r.P].ID
		} else if rootParent != nil {
			n.Parent = rootParent.ID
		}
		w.put(r.K, n)
		s.Nodes = append(s.Nodes, n)
	}
	flush(len(pc.out.N))
}

func nilIfEmpty(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
}
