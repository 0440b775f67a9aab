package pagemodel

import (
	"encoding/json"
	"fmt"
)

// Neighbours are the nearby texts of an element (AppendNeighbours). In
// JSON, as the page model sends them, they are the five parts
// AppendNeighbours takes.
type Neighbours []string

// UnmarshalJSON reads the page model's five parts and puts them together
// (AppendNeighbours).
func (n *Neighbours) UnmarshalJSON(b []byte) error {
	var p [5]string
	if err := json.Unmarshal(b, &p); err != nil {
		return fmt.Errorf("pagemodel: neighbour parts: %w", err)
	}
	*n = AppendNeighbours(nil, p[0], p[1], p[2], p[3], p[4])
	return nil
}

// AppendNeighbours appends to dst the nearby text of an element, as people
// read it beside the element, from its parts in this order: its label,
// the legend of the fieldset around it, the nearest heading before it,
// the text of its table row or list item (else, for a control nothing
// labels, the text beside it) and the values the row's fields show. An
// empty part is left out, and a text already appended by this call is
// not appended again. The page model's describe and walk send the parts
// (neighbourParts in js/50_context.js); this is the one place they are
// put together, for the recorder's fingerprint and the snapshot's nodes
// alike.
func AppendNeighbours(dst []string, label, legend, heading, row, values string) []string {
	start := len(dst)
	for _, s := range [...]string{label, legend, heading, row, values} {
		if s == "" {
			continue
		}
		dup := false
		for _, o := range dst[start:] {
			if o == s {
				dup = true
				break
			}
		}
		if !dup {
			dst = append(dst, s)
		}
	}
	return dst
}
