// Package aria is the WAI-ARIA vocabulary the engine's Go code and its
// page model's script share: the role names a role strategy may hold, the
// synonyms Chromium maps, and the roles of a composite widget's items. It
// is written once, here; the page model's script gets it from these
// values (pagemodel.Source), so that what the recorder writes and what
// replay and validation accept cannot drift apart. It knows nothing of
// browsers or flow files.
package aria

import "strings"

// Roles are the WAI-ARIA 1.2 roles.
var Roles = strings.Fields(`alert alertdialog application article banner blockquote button caption cell checkbox code
	columnheader combobox complementary contentinfo definition deletion dialog directory document emphasis feed figure form
	generic grid gridcell group heading img insertion link list listbox listitem log main marquee math menu menubar menuitem
	menuitemcheckbox menuitemradio meter navigation none note option paragraph presentation progressbar radio radiogroup
	region row rowgroup rowheader scrollbar search searchbox separator slider spinbutton status strong subscript superscript
	switch tab table tablist tabpanel term textbox time timer toolbar tooltip tree treegrid treeitem`)

// MoreRoles are the roles of WAI-ARIA 1.3, DPUB-ARIA and Graphics-ARIA
// that Chromium takes besides Roles (an element of role doc-noteref is
// a footnote's link; HTML's mark is of role mark).
var MoreRoles = strings.Fields(`image mark sectionheader sectionfooter comment suggestion graphics-document graphics-object
	graphics-symbol doc-abstract doc-acknowledgments doc-afterword doc-appendix doc-backlink doc-biblioentry doc-bibliography
	doc-biblioref doc-chapter doc-colophon doc-conclusion doc-cover doc-credit doc-credits doc-dedication doc-endnote
	doc-endnotes doc-epigraph doc-epilogue doc-errata doc-example doc-footnote doc-foreword doc-glossary doc-glossref
	doc-index doc-introduction doc-noteref doc-notice doc-pagebreak doc-pagefooter doc-pageheader doc-pagelist doc-part
	doc-preface doc-prologue doc-pullquote doc-qna doc-subtitle doc-tip doc-toc`)

// Synonyms maps a role to the one it stands for, as Chromium maps them:
// image is img, directory is list, presentation is none.
var Synonyms = map[string]string{"image": "img", "directory": "list", "presentation": "none"}

// ItemRoles are the roles of the items of a composite widget a key press
// moves among (a menu's, a list box's, a radio group's, a tab list's, a
// tree's, a grid's).
var ItemRoles = []string{"option", "menuitem", "menuitemcheckbox", "menuitemradio", "radio", "tab", "treeitem", "gridcell", "row"}

var known = func() map[string]string {
	m := map[string]string{}
	for _, list := range [][]string{Roles, MoreRoles} {
		for _, r := range list {
			m[r] = r
			if s, ok := Synonyms[r]; ok {
				m[r] = s
			}
		}
	}
	return m
}()

// Role is the role name r stands for, lower case, with its synonym mapped
// (image is img), or "" when r names no role of Roles or MoreRoles.
func Role(r string) string { return known[strings.ToLower(strings.TrimSpace(r))] }
