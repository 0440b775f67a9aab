package recorder

import "regexp"

// GeneratedClass matches class names that look machine-generated (CSS-in-JS
// and CSS-module hashes such as css-1x9f2k, sc-bdVaJa, Button_primary__3xk9q,
// Home_container__bCOhY, Home_main__kqzfe, _3xk9q, x1n2onr6); a BEM
// element's name in lower case (el-select__selected-item,
// v-field__overlay) is words, not a hash. They are kept in the fingerprint but never used in a
// selector: they change with every build. The expression is shared with the
// in-page code, so it stays in the subset of syntax both RE2 and JavaScript read.
const GeneratedClass = `^(?:css|sc|jss|emotion|styled|chakra|svelte|jsx|astro|ember|makeStyles)-|` +
	`__[A-Za-z0-9_-]*[0-9A-Z][A-Za-z0-9_-]*$|^[A-Za-z0-9]+_[A-Za-z0-9-]+__[A-Za-z0-9_-]{5}$|^_[A-Za-z0-9_-]{4,}$|^[a-z]{1,2}[0-9][a-z0-9]{4,}$|` +
	`[-_](?:[A-Za-z]+[0-9]|[0-9]+[A-Za-z])[A-Za-z0-9]{3,}$`

// GeneratedID matches element ids that look generated per render or per
// build (React useId ":r1:", "«r0»" and "_r_1_", also inside a library's
// id, "radix-:re:"; Ember "ember123", Element Plus "el-id-4052-13",
// uuids, bare numbers, and the
// shapes of GeneratedClass): such ids are not used as locators.
const GeneratedID = `^[:«].*[:»]$|[:«]r[0-9a-v]{1,3}[:»]|(?:^|[^A-Za-z0-9])_r_[0-9a-z]+_(?:$|[^A-Za-z0-9])|` +
	`^(?:ember|ext-gen|ext-comp|gwt-uid-|yui_|mui-|radix-|headlessui-|react-select-|el-id-)[-_A-Za-z0-9]*[0-9]|` +
	`^[0-9]+$|^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-|` + GeneratedClass

// StateClass matches class names that say what the pointer, the focus or
// the page is doing to the element as it is recorded (ui-state-hover,
// is-focused, nav-link active, is-selected, ui-state-highlight on today's
// day, collapsed, show, Mui-focusVisible; an item's or a cell's state the
// click itself set: ag-active-item, tabulator-editing): at replay the
// element may lack them and another carry them. Like generated ones they
// are kept in the fingerprint but never used in a selector.
const StateClass = `(?:^|[-_])(?:hover|hovered|hovering|over|focus|focused|focus-visible|focus-within|active|pressed|` +
	`selected|checked|open|opened|closed|collapsed|expanded|current|highlight|highlighted|show|pending|editing|dragging)` +
	`(?:[-_](?:item|row|cell|option|node|tab|link))?$|` +
	`[a-z](?:Hover|Hovered|Focus|Focused|Visible|Active|Pressed|Selected|Checked|Open|Expanded|Collapsed|Current)$`

// AvoidedClass matches the class names selectors are never built on:
// generated ones and state ones.
const AvoidedClass = GeneratedClass + `|` + StateClass

var (
	stateClassRE     = regexp.MustCompile(StateClass)
	generatedClassRE = regexp.MustCompile(GeneratedClass)
	generatedIDRE    = regexp.MustCompile(GeneratedID)
)

// IsGeneratedClass reports whether a class name looks machine-generated.
func IsGeneratedClass(c string) bool { return generatedClassRE.MatchString(c) }

// IsStateClass reports whether a class name says an element's passing
// state (StateClass).
func IsStateClass(c string) bool { return stateClassRE.MatchString(c) }

// IsGeneratedID reports whether an element id looks generated.
func IsGeneratedID(id string) bool { return id != "" && generatedIDRE.MatchString(id) }
