package strategies

import (
	"strconv"
	"strings"
)

// ariaRoleNames are the WAI-ARIA 1.2 roles: an explicit role attribute
// names the first of its tokens that is one, as Chromium reads it. The
// probes' page-script port of RoleOf (probeRoleJS) takes them from here.
var ariaRoleNames = strings.Fields(`alert alertdialog application article banner blockquote button caption cell checkbox code
	columnheader combobox complementary contentinfo definition deletion dialog directory document emphasis feed figure form
	generic grid gridcell group heading img insertion link list listbox listitem log main marquee math menu menubar menuitem
	menuitemcheckbox menuitemradio meter navigation none note option paragraph presentation progressbar radio radiogroup
	region row rowgroup rowheader scrollbar search searchbox separator slider spinbutton status strong subscript superscript
	switch tab table tablist tabpanel term textbox time timer toolbar tooltip tree treegrid treeitem`)

var ariaRoles = func() map[string]bool {
	m := map[string]bool{}
	for _, r := range ariaRoleNames {
		m[r] = true
	}
	return m
}()

// chromiumRoles are the names Chromium's accessibility tree gives some
// roles where WAI-ARIA has another (ARIA 1.3's "image" for img; its own
// names for the options of a select and a summary's triangle).
var chromiumRoles = map[string]string{
	"image":              "img",
	"MenuListOption":     "option",
	"ListBoxOption":      "option",
	"DisclosureTriangle": "button",
}

// ARIARole is the WAI-ARIA name of role, which may be the name Chromium's
// accessibility tree gives it ("image" is img), or "" when role is none
// (Chromium's "Iframe", "StaticText"...). A role strategy's value names a
// WAI-ARIA role, the one RoleOf computes: the recorder writes it so, and
// flows recorded with Chromium's names still replay.
func ARIARole(role string) string {
	role = strings.TrimSpace(role)
	if r, ok := chromiumRoles[role]; ok {
		return r
	}
	if r := strings.ToLower(role); ariaRoles[r] {
		return r
	}
	return ""
}

// roleValue splits a role strategy's value "role|name" into its WAI-ARIA
// role (ARIARole; "" matches nothing) and its name, white space collapsed;
// hasName is false when the value names no one, and then every element of
// the role matches.
func roleValue(v string) (role, name string, hasName bool) {
	role, name, hasName = strings.Cut(v, "|")
	name = collapse(name)
	return ARIARole(role), name, hasName && name != ""
}

// RoleOf is n's WAI-ARIA role as Chromium computes it: the first valid
// token of its role attribute, else the implicit role of its tag
// (HTML-AAM as Chromium maps it), else "". none, presentation and generic
// are "", but a focusable element keeps its implicit role.
func RoleOf(n *Node) string {
	for _, r := range strings.Fields(strings.ToLower(n.Attr("role"))) {
		if !ariaRoles[r] {
			continue
		}
		switch r {
		case "none", "presentation":
			if focusable(n) {
				return implicitRole(n)
			}
			return ""
		case "generic":
			return ""
		}
		return r
	}
	return implicitRole(n)
}

// focusable reports whether n has a numeric tabindex.
func focusable(n *Node) bool {
	ti, ok := n.Attrs["tabindex"]
	if !ok || strings.TrimSpace(ti) == "" {
		return false
	}
	_, err := strconv.ParseFloat(strings.TrimSpace(ti), 64)
	return err == nil
}

// hasOwnName reports whether n is named by its own attributes: a section
// is a region only then.
func hasOwnName(n *Node) bool {
	return strings.TrimSpace(n.Attr("aria-label")) != "" || n.Attr("aria-labelledby") != "" ||
		strings.TrimSpace(n.Attr("title")) != ""
}

// closestAbove is the nearest ancestor of n in its own tree (not crossing
// a shadow root) for which match holds, or nil.
func closestAbove(n *Node, match func(*Node) bool) *Node {
	for p := n.Parent; p != nil && p.NodeType == 1; p = p.Parent {
		if match(p) {
			return p
		}
	}
	return nil
}

// tableRole is "table" or "grid" for the table n sits in, "" outside one.
func tableRole(n *Node) string {
	t := closestAbove(n, func(p *Node) bool {
		switch strings.TrimSpace(p.Attr("role")) {
		case "table", "grid", "treegrid":
			return true
		}
		return p.Tag == "table"
	})
	if t == nil {
		return ""
	}
	if r := strings.TrimSpace(t.Attr("role")); r == "grid" || r == "treegrid" {
		return "grid"
	}
	return "table"
}

// inputRoles are the roles of <input> by type; a type not here is a
// textbox, but for those Chromium gives a role of its own (date, color...),
// which are "".
var inputRoles = map[string]string{"button": "button", "submit": "button", "reset": "button", "image": "button", "file": "button",
	"checkbox": "checkbox", "radio": "radio", "range": "slider", "number": "spinbutton", "search": "searchbox",
	"hidden": "", "color": "", "date": "", "datetime-local": "", "month": "", "time": "", "week": ""}

// textLike are the input types a list attribute makes a combobox.
var textLike = map[string]bool{"text": true, "search": true, "email": true, "tel": true, "url": true, "": true}

func implicitRole(n *Node) string {
	switch n.Tag {
	case "a", "area":
		if n.HasAttr("href") {
			return "link"
		}
	case "button", "summary":
		return "button"
	case "input":
		t := strings.ToLower(n.Attr("type"))
		if n.HasAttr("list") && textLike[t] {
			return "combobox"
		}
		if r, ok := inputRoles[t]; ok {
			return r
		}
		return "textbox"
	case "select":
		if n.HasAttr("multiple") {
			return "listbox"
		}
		if sz, err := strconv.Atoi(strings.TrimSpace(n.Attr("size"))); err == nil && sz > 1 {
			return "listbox"
		}
		return "combobox"
	case "option":
		return "option"
	case "textarea":
		return "textbox"
	case "h1", "h2", "h3", "h4", "h5", "h6":
		return "heading"
	case "img":
		if n.HasAttr("alt") && n.Attr("alt") == "" && !hasOwnName(n) {
			return ""
		}
		return "img"
	case "nav":
		return "navigation"
	case "main":
		return "main"
	case "aside":
		return "complementary"
	case "header":
		if !sectioned(n) {
			return "banner"
		}
	case "footer":
		if !sectioned(n) {
			return "contentinfo"
		}
	case "form":
		// Chromium exposes every form as one since 149, only a named one
		// before; a role strategy names its element, so both agree here.
		return "form"
	case "search":
		return "search"
	case "section":
		if hasOwnName(n) {
			return "region"
		}
	case "dialog":
		return "dialog"
	case "fieldset", "details":
		return "group"
	case "table":
		return "table"
	case "tr":
		if tableRole(n) != "" {
			return "row"
		}
	case "td":
		switch tableRole(n) {
		case "grid":
			return "gridcell"
		case "table":
			return "cell"
		}
	case "th":
		return headerRole(n)
	case "ul", "ol", "menu":
		return "list"
	case "li":
		if p := n.Parent; p != nil && p.NodeType == 1 && (p.Tag == "ul" || p.Tag == "ol" || p.Tag == "menu" || RoleOf(p) == "list") {
			return "listitem"
		}
	case "progress":
		return "progressbar"
	case "meter":
		return "meter"
	case "output":
		return "status"
	case "article":
		return "article"
	case "figure":
		return "figure"
	case "hr":
		return "separator"
	case "p":
		return "paragraph"
	}
	return ""
}

// headerRole is a <th>'s role: by its scope, else a column header in a
// <thead> or in a row without data cells, else a row header.
func headerRole(n *Node) string {
	if tableRole(n) == "" {
		return ""
	}
	switch strings.ToLower(n.Attr("scope")) {
	case "row", "rowgroup":
		return "rowheader"
	case "col", "colgroup":
		return "columnheader"
	}
	row := n.Parent
	if row == nil || row.NodeType != 1 {
		return "columnheader"
	}
	if g := row.Parent; g != nil && g.Tag == "thead" {
		return "columnheader"
	}
	for _, c := range row.Children {
		if c.Tag == "td" {
			return "rowheader"
		}
	}
	return "columnheader"
}

// AccessibleName approximates n's accessible name: aria-labelledby,
// aria-label, the associated <label>s, the value of input buttons, the
// text content of elements named by content, then title, alt and
// placeholder.
func AccessibleName(n *Node) string {
	if s := labelledBy(n); s != "" {
		return s
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
			switch strings.ToLower(n.Attr("type")) {
			case "submit":
				return "Submit"
			case "reset":
				return "Reset"
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
	case "button", "link", "heading", "option", "cell", "gridcell", "columnheader", "rowheader",
		"checkbox", "radio", "tab", "menuitem", "menuitemcheckbox", "menuitemradio", "treeitem", "switch", "tooltip", "term":
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

// labelledBy is the text of the elements n's aria-labelledby names, in n's
// tree, or "".
func labelledBy(n *Node) string {
	ids := strings.Fields(n.Attr("aria-labelledby"))
	if len(ids) == 0 {
		return ""
	}
	var parts []string
	for _, id := range ids {
		if l := n.ownerDoc.byIDInScope(n, id); l != nil {
			parts = append(parts, l.Text())
		}
	}
	return collapse(strings.Join(parts, " "))
}

// recordedLabel is n's label as the recorder reads it (describe.js): its
// <label>s, else the elements its aria-labelledby names.
func recordedLabel(n *Node) string {
	if s := LabelOf(n); s != "" {
		return s
	}
	return labelledBy(n)
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
