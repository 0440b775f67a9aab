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

// assemble puts the walked pieces' nodes into s.Nodes in document order,
// numbering them node_1, node_2... and linking each to its nearest kept
// ancestor.
func (s *Snapshot) assemble(top *piece) {
	total := 0
	var count func(pc *piece)
	count = func(pc *piece) {
		total += len(pc.nodes)
		for _, sb := range pc.subs {
			count(sb.pc)
		}
	}
	count(top)
	s.Nodes = make([]*Node, 0, total)
	s.byBackend = make(map[proto.DOMBackendNodeID]*Node)
	ids := nodeIDs(total)
	s.emit(top, nil, ids)
}

// nodeIDs returns "node_1".."node_n", sharing one allocation.
func nodeIDs(n int) []string {
	var b []byte
	ends := make([]int, n)
	for i := 0; i < n; i++ {
		b = append(b, "node_"...)
		b = strconv.AppendInt(b, int64(i+1), 10)
		ends[i] = len(b)
	}
	all := string(b)
	ids := make([]string, n)
	start := 0
	for i, e := range ends {
		ids[i] = all[start:e]
		start = e
	}
	return ids
}

func (s *Snapshot) emit(pc *piece, rootParent *Node, ids []string) {
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
			s.emit(sb.pc, parent, ids)
		}
	}
	for i := range pc.nodes {
		flush(i)
		n := &pc.nodes[i]
		n.ID = ids[len(s.Nodes)]
		if p := pc.parents[i]; p >= 0 && p < len(w.nodes) && w.nodes[p] != nil {
			n.Parent = w.nodes[p].ID
		} else if rootParent != nil {
			n.Parent = rootParent.ID
		}
		w.put(n.local, n)
		s.Nodes = append(s.Nodes, n)
	}
	flush(len(pc.nodes))
}

func nilIfEmpty(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
}
