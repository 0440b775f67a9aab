package pagemodel

import (
	"context"
	"fmt"
	"strings"
)

// Hidden is what keeps an element from showing (Page.HiddenBy): the part
// of the page that hides it, how, and the controls that disclose that
// part.
type Hidden struct {
	// Part describes the outermost element that hides it (the element
	// itself or an ancestor): "div#navbarResponsive".
	Part string `json:"part"`
	// Self says Part is the element itself.
	Self bool `json:"self"`
	// How it hides: "display: none", "visibility: hidden", "opacity: 0",
	// "a closed <details>", "folded to no size".
	How string `json:"how"`
	// Controls disclose Part: they name it in aria-controls or
	// popovertarget, or are the summary of the closed <details> it is;
	// the first three. More says there are others.
	Controls []Control `json:"controls"`
	More     bool      `json:"more"`
}

// Control is an element that discloses another.
type Control struct {
	Role string `json:"role"`
	Name string `json:"name"`
	Tag  string `json:"tag"`
	// Expanded is its aria-expanded attribute, "" without one.
	Expanded string `json:"expanded"`
	// Shown says it can be seen.
	Shown bool `json:"shown"`
	// Key names it in the world of the element it discloses (a Ref's K).
	Key int `json:"k"`
	// Ref is the control, in that world.
	Ref Ref `json:"-"`
}

// String names the control as a report does: its role (else its tag) and
// its name, cut at 60 characters: `button "Toggle navigation"`.
func (c Control) String() string {
	kind := c.Role
	if kind == "" {
		kind = c.Tag
	}
	name := c.Name
	if r := []rune(name); len(r) > 60 {
		name = string(r[:60]) + "…"
	}
	return fmt.Sprintf("%s %q", kind, name)
}

// String says it as a report does: `div#navbarResponsive hides it
// (display: none); button "Toggle navigation" (aria-expanded=false)
// discloses that part`. It is read after the step failed: what the page
// shows now.
func (h *Hidden) String() string {
	var b strings.Builder
	switch {
	case h.Self:
		fmt.Fprintf(&b, "it is itself hidden (%s)", h.How)
	case h.Part != "":
		fmt.Fprintf(&b, "%s hides it (%s)", h.Part, h.How)
	}
	for i, c := range h.Controls {
		switch {
		case i == 0:
			b.WriteString("; ")
		case i == len(h.Controls)-1:
			b.WriteString(" and ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(c.String())
		var st []string
		if !c.Shown {
			st = append(st, "itself hidden")
		}
		if c.Expanded != "" {
			st = append(st, "aria-expanded="+c.Expanded)
		}
		if len(st) > 0 {
			fmt.Fprintf(&b, " (%s)", strings.Join(st, ", "))
		}
		if i == len(h.Controls)-1 {
			if len(h.Controls) == 1 {
				b.WriteString(" discloses that part")
			} else {
				b.WriteString(" disclose that part")
			}
		}
	}
	return b.String()
}

// HiddenBy says what keeps the element r names from showing, nil when
// nothing does (it shows, or is gone).
func (p *Page) HiddenBy(ctx context.Context, r Ref) (*Hidden, error) {
	if !r.Valid() {
		return nil, nil
	}
	var h *Hidden
	if err := r.W.CallJSON(ctx, "whatHides", &h, r.K); err != nil {
		return nil, err
	}
	if h != nil {
		for i := range h.Controls {
			h.Controls[i].Ref = Ref{W: r.W, K: h.Controls[i].Key}
		}
	}
	return h, nil
}
