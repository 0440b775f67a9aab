package strategies

import "strings"

// RoleOf is n's ARIA role: its role attribute, else the implicit role of
// its tag (the common cases of HTML-AAM), else "".
func RoleOf(n *Node) string {
	if r := strings.Fields(n.Attr("role")); len(r) > 0 {
		return strings.ToLower(r[0])
	}
	switch n.Tag {
	case "button", "summary":
		return "button"
	case "a", "area":
		if n.HasAttr("href") {
			return "link"
		}
	case "select":
		if n.HasAttr("multiple") {
			return "listbox"
		}
		return "combobox"
	case "textarea":
		return "textbox"
	case "option":
		return "option"
	case "h1", "h2", "h3", "h4", "h5", "h6":
		return "heading"
	case "img":
		if n.Attr("alt") == "" && n.HasAttr("alt") {
			return "presentation"
		}
		return "img"
	case "li":
		return "listitem"
	case "ul", "ol":
		return "list"
	case "nav":
		return "navigation"
	case "main":
		return "main"
	case "form":
		return "form"
	case "table":
		return "table"
	case "tr":
		return "row"
	case "td":
		return "cell"
	case "th":
		return "columnheader"
	case "dialog":
		return "dialog"
	case "progress":
		return "progressbar"
	case "input":
		switch strings.ToLower(n.Attr("type")) {
		case "button", "submit", "reset", "image":
			return "button"
		case "checkbox":
			return "checkbox"
		case "radio":
			return "radio"
		case "range":
			return "slider"
		case "number":
			return "spinbutton"
		case "search":
			return "searchbox"
		case "hidden", "file", "color", "date", "datetime-local", "month", "time", "week":
			return ""
		default:
			return "textbox"
		}
	}
	return ""
}

// AccessibleName approximates n's accessible name: aria-labelledby,
// aria-label, the associated <label>s, the value of input buttons, the
// text content of elements named by content, then title, alt and
// placeholder.
func AccessibleName(n *Node) string {
	if ids := strings.Fields(n.Attr("aria-labelledby")); len(ids) > 0 {
		var parts []string
		for _, id := range ids {
			if l := n.ownerDoc.byIDInScope(n, id); l != nil {
				parts = append(parts, l.Text())
			}
		}
		if s := collapse(strings.Join(parts, " ")); s != "" {
			return s
		}
	}
	if s := collapse(n.Attr("aria-label")); s != "" {
		return s
	}
	if s := LabelOf(n); s != "" {
		return s
	}
	if n.Tag == "input" {
		switch strings.ToLower(n.Attr("type")) {
		case "button", "submit", "reset":
			if v := n.Attr("value"); v != "" {
				return collapse(v)
			}
			if strings.ToLower(n.Attr("type")) == "submit" {
				return "Submit"
			}
		case "image":
			if a := n.Attr("alt"); a != "" {
				return collapse(a)
			}
		}
	}
	if namedByContent(n) {
		if t := contentName(n); t != "" {
			return t
		}
	}
	for _, a := range []string{"title", "alt", "placeholder"} {
		if s := collapse(n.Attr(a)); s != "" {
			return s
		}
	}
	return ""
}

func namedByContent(n *Node) bool {
	switch RoleOf(n) {
	case "button", "link", "heading", "option", "cell", "columnheader",
		"checkbox", "radio", "tab", "menuitem", "menuitemcheckbox", "menuitemradio", "treeitem", "switch", "tooltip":
		// Not row or listitem: Chromium leaves those unnamed.
		return true
	}
	return false
}

// contentName is n's name from its content as Chromium computes it: its
// text, where a descendant named by aria-label, or an image by its alt,
// stands for that name, and descendants hidden by aria-hidden="true" or
// the hidden attribute count for nothing (an icon beside a label). When
// the light tree gives nothing, n's Text (which reads shadow trees).
func contentName(n *Node) string {
	var b strings.Builder
	for _, c := range n.Children {
		collectText(c, &b, false, true)
	}
	if t := collapse(b.String()); t != "" {
		return t
	}
	return n.Text()
}

// LabelOf is the text of n's associated labels: <label for=id> in the same
// tree scope and an enclosing <label>, without the control's own text.
func LabelOf(n *Node) string {
	if !labelable(n) {
		return ""
	}
	var parts []string
	if id := n.Attr("id"); id != "" && n.ownerDoc != nil {
		for _, l := range n.ownerDoc.labelsFor(n, id) {
			parts = append(parts, l.Text())
		}
	}
	for p := n.Parent; p != nil && p.NodeType == 1; p = p.Parent {
		if p.Tag == "label" {
			parts = append(parts, p.Text())
			break
		}
	}
	return collapse(strings.Join(parts, " "))
}

func labelable(n *Node) bool {
	switch n.Tag {
	case "input", "select", "textarea", "button", "meter", "output", "progress":
		return !(n.Tag == "input" && strings.EqualFold(n.Attr("type"), "hidden"))
	}
	return false
}

// treeRoot is the document or shadow root n belongs to.
func treeRoot(n *Node) *Node {
	for p := n; p != nil; p = p.Parent {
		if p.NodeType == 9 || p.NodeType == 11 {
			return p
		}
	}
	return nil
}

type scopeKey struct {
	root *Node
	id   string
}

func (d *Doc) indexScopes() {
	if d.labels != nil {
		return
	}
	d.labels = map[scopeKey][]*Node{}
	d.ids = map[scopeKey]*Node{}
	for _, e := range d.Elements {
		r := treeRoot(e)
		if id := e.Attr("id"); id != "" {
			if _, dup := d.ids[scopeKey{r, id}]; !dup {
				d.ids[scopeKey{r, id}] = e
			}
		}
		if e.Tag == "label" {
			if f := e.Attr("for"); f != "" {
				d.labels[scopeKey{r, f}] = append(d.labels[scopeKey{r, f}], e)
			}
		}
	}
}

func (d *Doc) labelsFor(n *Node, id string) []*Node {
	if d == nil {
		return nil
	}
	d.indexScopes()
	return d.labels[scopeKey{treeRoot(n), id}]
}

func (d *Doc) byIDInScope(n *Node, id string) *Node {
	if d == nil {
		return nil
	}
	d.indexScopes()
	return d.ids[scopeKey{treeRoot(n), id}]
}
