// ---- where an element stands: region, neighbours, locators ----

// upEl is el's composed parent element: a shadow root's host stands for
// the root.
function upEl(e) { return e.parentElement || (e.parentNode && e.parentNode.host) || null; }

// flatUp is e's parent in the flat tree, where rendering happens: the slot
// an element of a shadow host's light DOM is assigned to (open roots),
// else upEl.
function flatUp(e) { return e.assignedSlot || upEl(e); }

// drawnIn reports whether element b is a or drawn inside it: a's
// descendant in the flat tree, where rendering happens (flatUp), through
// no control of its own (a button slotted into a list item's end is that
// button, not the item).
function drawnIn(a, b) {
  for (let e = b; e; e = flatUp(e)) {
    if (e === a) return true;
    if (e.matches && e.matches(CONTROLS)) return false;
  }
  return false;
}

// CONTROLS selects the elements a pointer acts on by themselves.
const CONTROLS = "a[href], button, input, select, textarea, [role=button], [role=link], [role=checkbox], [role=radio], [role=switch]";

// reachesEl reports whether a pointer that hits element a reaches element
// b: a is b or drawn inside it (through shadow roots and the slots that
// show an element of a host's light DOM in its shadow tree: an option's
// label slotted into its row), or is in a <label> of b and in no other
// control inside that label (a link in "I agree to the Terms").
function reachesEl(a, b) {
  if (containsFlat(b, a) || drawnIn(b, a)) return true;
  let other = false;
  for (let e = a; e; e = upEl(e)) {
    if (e.tagName === "LABEL" && (containsFlat(e, b) || e.control === b)) return !other;
    if (e.matches && e.matches(CONTROLS)) other = true;
  }
  return false;
}

// pointerReaches reports whether a press on element a is a press on b: a
// reaches b (reachesEl), and no other control inside b takes the press
// first (a "Save for later" button on a card, a row's checkbox: b's own
// tree, or a component in it). A control of b's own shadow tree is b's
// (a button component's inner <button>), a <label>'s control is the
// label's, and a field a press only puts a caret in (a combobox's text
// box) acts on nothing by itself.
function pointerReaches(a, b) {
  if (a === b) return true;
  if (!reachesEl(a, b)) return false;
  if (!containsFlat(b, a)) return true;
  return !controlInside(a, b);
}
// controlInside is the control a press on a takes first inside b
// (pointerReaches), null where there is none. Inside a control (a button
// that holds a link, as Swagger UI's operation summaries do) the press is
// the control's too: what the person pressed when recorded was taken for
// it, and its own listeners see the press.
function controlInside(a, b) {
  if (b.matches && b.matches(CONTROLS)) return null;
  for (let e = a; e && e !== b; e = upEl(e)) {
    if (!e.matches || !e.matches(CONTROLS) || caretOnly(e) || (b.tagName === "LABEL" && b.control === e)) continue;
    let x = e;
    while (x && x !== b && x.getRootNode() !== b.getRootNode()) x = x.getRootNode().host || null;
    if (x !== b) return e;
  }
  return null;
}
function caretOnly(e) {
  return e.tagName === "TEXTAREA" || (e.tagName === "INPUT" && (TYPED.has(e.type) || e.type === "password"));
}

// layerOf is the element a pointer on el acts on where el is a layer of
// it, null where el is none: nothing of el's own says what it is (no
// words, no name: an overlay, an icon), nor of the elements between el
// and it (a layer holds no words: a list of a tree's nodes is no layer of
// the tree), nor is clickable itself, el or one of them fills its box
// (nine tenths of it at least, inside it: a fixed backdrop is no layer of
// the box it covers), and it is what the page made clickable (an onclick
// attribute, a tab stop, or where a pointer cursor starts), a few levels
// up at most. A card's caption overlay, the icon at its middle: the click
// is the card's, and the card is what says which card (its attributes,
// its picture). The click lands where it landed: on the layer.
function layerOf(el) {
  if (!el || el.nodeType !== 1 || (el.textContent || "").trim() ||
    accName(el, labelsOf(el), roleOf(el, el.tagName, el.hasAttributes()), el.hasAttributes())) return null;
  let fill = null, up = 0;
  for (let a = el; a && up < 6; a = upEl(a), up++) {
    if (a.tagName === "BODY" || a.tagName === "HTML" || a.nodeType !== 1) return null;
    const r = a.getBoundingClientRect(), area = r.width * r.height;
    if (a !== el && area > 0 && fill && fill.width * fill.height >= 0.9 * area && inside(fill, r) && madeClickable(a)) return a;
    if (madeClickable(a) || (a !== el && (a.textContent || "").trim())) return null;
    if (!fill || area > fill.width * fill.height) fill = r;
  }
  return null;
}

// inside reports whether rect a lies within rect b (a pixel aside).
function inside(a, b) {
  return a.left >= b.left - 1 && a.top >= b.top - 1 && a.right <= b.right + 1 && a.bottom <= b.bottom + 1;
}

// madeClickable reports whether the page made a clickable: an onclick
// attribute, a tab stop, or a pointer cursor that starts at it (its
// parent shows another).
function madeClickable(a) {
  if (a.hasAttribute("onclick")) return true;
  const ti = a.getAttribute("tabindex");
  if (ti !== null && ti.trim() !== "" && +ti >= 0) return true;
  const dw = a.ownerDocument.defaultView || win;
  if (dw.getComputedStyle(a).cursor !== "pointer") return false;
  const p = upEl(a);
  return !p || dw.getComputedStyle(p).cursor !== "pointer";
}

// The region of an element: the nearest enclosing section, article,
// aside, nav, form, main, dialog or search element, page-level header or
// footer, or element with a landmark, region, form or dialog role, that
// has a name: its aria-labelledby texts, its aria-label, its own first
// heading (one inside a nested region names that region), or, for a
// landmark, its role ("banner" for the page's header); unnamed ones that
// are not landmarks are climbed past, and shadow roots are crossed to
// their hosts. "" when none.
const REGION_TAGS = /^(section|article|aside|nav|form|main|dialog|search)$/;
const REGION_ROLES = /^(region|navigation|complementary|form|dialog|alertdialog|main|search|banner|contentinfo)$/;
const LANDMARK_ROLES = /^(main|navigation|complementary|banner|contentinfo|search)$/;
const LANDMARK_TAGS = { main: "main", nav: "navigation", aside: "complementary", search: "search" };
function isRegion(a) {
  if (REGION_ROLES.test(a.getAttribute("role") || "")) return true;
  if (a.localName === "header" || a.localName === "footer") return !sectioned(a);
  return REGION_TAGS.test(a.localName);
}
function landmarkOf(a) {
  const r = a.getAttribute("role") || "";
  if (r) return LANDMARK_ROLES.test(r) ? r : "";
  if (LANDMARK_TAGS[a.localName]) return LANDMARK_TAGS[a.localName];
  if (a.localName === "header" && !sectioned(a)) return "banner";
  if (a.localName === "footer" && !sectioned(a)) return "contentinfo";
  return "";
}
function ownHeading(a) {
  for (const h of a.querySelectorAll("h1,h2,h3,h4,h5,h6")) {
    let p = h.parentElement;
    while (p && p !== a && !isRegion(p)) p = p.parentElement;
    if (p === a) return h;
  }
  return null;
}
function regionOf(el) {
  for (let a = upEl(el); a && a.nodeType === 1; a = upEl(a)) {
    if (!isRegion(a)) continue;
    let name = "";
    const ids = (a.getAttribute("aria-labelledby") || "").split(/\s+/).filter(Boolean);
    if (ids.length) {
      const r = a.getRootNode();
      name = collapse(ids.map((id) => { const l = r.getElementById ? r.getElementById(id) : null; return l ? l.textContent : ""; }).join(" "));
    }
    if (!name) name = collapse(a.getAttribute("aria-label") || "");
    if (!name) { const h = ownHeading(a); if (h) name = collapse(h.textContent); }
    if (!name) name = landmarkOf(a);
    if (name) return cap(name, MAXNB);
  }
  return "";
}

// labelsOf is the <label> elements that label el: those whose for names
// it in its tree, and a label around it of which it is the first
// labelable element (HTML's labeled control).
function labelsOf(el) {
  if (!LABELABLE.has(el.tagName)) return null;
  const lf = labelsFor(el, el.getRootNode());
  let out = lf ? lf.slice() : null;
  for (let a = el.parentElement; a; a = a.parentElement) {
    if (a.tagName !== "LABEL") continue;
    if (!a.hasAttribute("for") && firstLabelable(a) === el) (out || (out = [])).push(a);
    break;
  }
  return out;
}
function firstLabelable(label) {
  for (const e of label.querySelectorAll("input,select,textarea,button,meter,output,progress")) {
    if (e.tagName === "INPUT" && inputType(e) === "hidden") continue;
    return e;
  }
  return null;
}

// labelOf is the text a person reads as el's label: the text of its
// <label>s, else of the elements its aria-labelledby names (the walk's
// Label, the label strategy's value).
function labelOf(el) {
  const labels = labelsOf(el);
  if (labels && labels.length) return cap(labelText(labels, el), MAXNAME);
  if (el.hasAttribute("aria-labelledby")) return cap(labelledByText(el), MAXNAME);
  return "";
}

// headingBefore is the nearest heading (role heading) before el in its
// tree, in tree order, else, in a shadow tree, the one before its host:
// the walk's heading neighbour (walk.js tracks the same as it goes). A
// heading's own is the one before it. steps bounds the search. keep, when
// given, passes over the headings it rejects.
function headingBefore(el, keep) {
  let steps = 5000;
  for (let e = el; e;) {
    const root = e.getRootNode();
    const tw = (root.ownerDocument || root).createTreeWalker(root, 1);
    tw.currentNode = e;
    for (let p = tw.previousNode(); p && steps-- > 0; p = tw.previousNode()) {
      if (p.nodeType === 1 && roleOf(p, p.tagName, p.hasAttributes()) === "heading" && (!keep || keep(p))) return p;
    }
    e = root.host || null;
  }
  return null;
}

// neighbourParts are the parts of the nearby text of el, each capped, as
// pagemodel.AppendNeighbours puts them together: its label, the legend of
// the fieldset around it (its own for a fieldset), the name of the
// nearest heading before it, the text of its table row or list item (tr
// or li, el itself included) else, for a control nothing labels, the text
// beside it (besideOf), and the values its row's fields show (valuesIn).
// The snapshot's walk (walk.js) gathers the same parts as it goes, the
// row's values by rowValues and valuesOf as here.
function neighbourParts(el) {
  const fs = el.closest("fieldset");
  const lg = fs ? fs.querySelector("legend") : null;
  const h = headingBefore(el);
  const row = el.closest("tr,li");
  const beside = row ? null : besideOf(el, labelsOf(el));
  return [cap(labelOf(el), MAXNB), lg ? textOf(lg, MAXNB) : "", h ? cap(accName(h, null, "heading", h.hasAttributes()), MAXNB) : "",
    row || beside ? cap(textOf(row || beside, MAXTEXT), MAXNB) : "", row ? valuesIn(row, el) : ""];
}

// ---- secrets ----
// secretField reports whether el's value must never leave the page: a
// password field, a field marked data-secret, one whose autocomplete
// names a password, a one-time code or card data, or one the model saw
// as any of these before (a password a "show" button made a text field).
// It is the one rule: for the values the model reads (a description's,
// the snapshot's, a row's among the neighbours) and for the recorder's
// (the api's secret). am is el's attribute mask where the walk read it
// (attrMask): an attribute it lacks is not asked for.
const SECRET_AC = /password|one-time-code|cc-number|cc-csc/;
const wasSecret = new WeakSet();
function secretField(el, am = -1) {
  if (!el || el.nodeType !== 1) return false;
  if (wasSecret.has(el)) return true;
  const ac = am & A_AC ? el.getAttribute("autocomplete") : null;
  if (el.type === "password" || (am & A_SECRET && el.hasAttribute("data-secret")) || (ac && SECRET_AC.test(ac.toLowerCase()))) {
    wasSecret.add(el);
    return true;
  }
  return false;
}

// valuesIn is what the fields shown in row c other than el read, as a
// person reads them with the row's text (a line item's product and
// quantity, each in a field): text fields' values and the chosen
// options' labels, in tree order, white space collapsed, 8 at most; a
// secret's is left out (secretField), as are boxes and buttons, which
// show no value.
function valuesIn(c, el) { return valuesOf(rowValues(c), el); }

// rowValues lists the fields shown in row c that read a value, with what
// they read, as [field, value, ...], in tree order: VALUES_MAX + 1 of
// them at most, enough for valuesOf to leave one out.
const VALUE_LESS = new Set(["hidden", "checkbox", "radio", "file", "button", "submit", "reset", "image", "range", "color"]);
const VALUES_MAX = 8;
function rowValues(c) {
  const out = [];
  const fs = c.querySelectorAll("input, textarea, select");
  for (let i = 0; i < fs.length; i++) { // not for-of: a NodeList's iterator costs as much as the query
    const f = fs[i];
    if (secretField(f) || f.tagName === "INPUT" && VALUE_LESS.has(inputType(f)) || !visibleEl(f)) continue;
    const v = f.tagName === "SELECT" ? (f.selectedOptions[0] ? f.selectedOptions[0].label : "") : f.value;
    if (v) out.push(f, collapse(v));
    if (out.length > 2 * VALUES_MAX) break;
  }
  return out;
}

// valuesOf is what the fields of fv (rowValues) other than el and one
// holding it (a select, for an option) read, VALUES_MAX at most,
// joined by spaces and capped as a neighbour. What they read when none is
// left out is kept on fv (fv.all): a row's other elements share it.
function valuesOf(fv, el) {
  let cut = false;
  for (let i = 0; i < fv.length && !cut; i += 2) cut = fv[i] === el || fv[i].contains(el);
  if (!cut && fv.all !== undefined) return fv.all;
  let s = "", k = 0;
  for (let i = 0; i < fv.length && k < VALUES_MAX; i += 2) {
    const f = fv[i];
    if (f === el || f.contains(el)) continue;
    s += (k++ ? " " : "") + fv[i + 1];
  }
  s = cap(s, MAXNB);
  if (!cut) fv.all = s;
  return s;
}

// ---- where an element stands in a tree ----
// treeUp lists the words of the items of a tree (role tree or treegrid)
// that el is under, outermost first: a file's folders. el's own item is
// the nearest treeitem, or element with an aria-level, holding it (or el);
// above it stand the item holding that one (a nested tree) or, in a tree
// drawn flat (its rows siblings, their depth in aria-level, as virtualized
// trees draw them), the nearest row before it of a lesser level; each
// read by its first words (firstTextIn), a number standing alone in them
// left out. [] outside a tree, or for an item at the tree's top; null
// where a row of a deeper level has none drawn before it (a virtualized
// tree).
const TREE_ITEM = "[role=treeitem],[aria-level]";
function treeItemUp(x, stop) {
  for (let a = x, up = 0; a && a !== stop && up < 16; a = upEl(a), up++) {
    if (a.nodeType !== 1) return null;
    if (a.matches(TREE_ITEM)) return a;
  }
  return null;
}
// rowAbove is the row that row c stands under in a tree drawn flat: the
// nearest sibling before it of a lesser aria-level; null where c has no
// aria-level above 1, or none stands before it.
function rowAbove(c) {
  const lv = Number(c.getAttribute("aria-level")) || 0;
  if (lv <= 1) return null;
  let seen = 0;
  for (let s = c.previousElementSibling; s && seen < 1000; s = s.previousElementSibling, seen++) {
    const l = Number(s.getAttribute("aria-level")) || 0;
    if (l && l < lv) return s;
  }
  return null;
}
// rowsUnder are the rows under row c in a tree drawn flat: the siblings
// after it of a greater aria-level, up to the next of its level or less;
// [c] for an element of no aria-level.
function rowsUnder(c) {
  const lv = Number(c.getAttribute("aria-level")) || 0;
  if (!lv) return [c];
  const out = [];
  let seen = 0;
  for (let s = c.nextElementSibling; s && seen < 5000; s = s.nextElementSibling, seen++) {
    const l = Number(s.getAttribute("aria-level")) || 0;
    if (l && l <= lv) break;
    if (l) out.push(s);
  }
  return out;
}
// treeOf is the element of role tree or treegrid el stands in, null when
// none.
function treeOf(el) {
  for (let a = el, up = 0; a && up < 40; a = upEl(a), up++) {
    const r = a.nodeType === 1 ? a.getAttribute("role") : null;
    if (r === "tree" || r === "treegrid") return a;
  }
  return null;
}
function treeUp(el) {
  const tree = treeOf(el);
  const out = [];
  if (!tree) return out;
  let it = treeItemUp(el, tree);
  while (it && out.length < 8) {
    const above = rowAbove(it) || treeItemUp(upEl(it), tree);
    // A row of a deeper level with none before it: a virtualized tree
    // drew its folder out of view, and what it is under is not known.
    if (!above) return (Number(it.getAttribute("aria-level")) || 0) > 1 ? null : out;
    // A folder's words, not its count ("utils 3": a file added changes it).
    const w = firstTextIn(above);
    out.unshift(w ? collapse(textOf(w, MAXNB).replace(/(^|\s)[0-9]+(?=\s|$)/g, " ")) : "");
    it = above;
  }
  return out;
}

// besideOf is the element whose text a person reads as the label of a
// control that nothing labels (a checkbox and a <label> without for in
// one container, "Checkbox" beside "Checkbox checked"): the control's
// parent, when the control is its only one. null for a control with a
// label (labels), an ARIA name, or a name of its own (a button, a submit
// input), and where the parent holds other controls.
function besideOf(el, labels) {
  const tag = el.tagName;
  if (!LABELABLE.has(tag) || tag === "BUTTON" || (labels && labels.length) ||
      el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby")) return null;
  if (tag === "INPUT" && /^(submit|reset|button|image|hidden)$/.test(inputType(el))) return null;
  const p = upEl(el);
  if (!p || p.nodeType !== 1 || p.tagName === "BODY" || p.tagName === "HTML") return null;
  return p.querySelectorAll("input:not([type=hidden]),select,textarea,button").length === 1 ? p : null;
}

// ---- locators ----
function sameTagIndex(e) {
  let i = 1;
  for (let s = e.previousElementSibling; s; s = s.previousElementSibling) if (s.localName === e.localName) i++;
  return i;
}
function hasLaterSame(e) { for (let s = e.nextElementSibling; s; s = s.nextElementSibling) if (s.localName === e.localName) return true; return false; }
function hasSameTagSibling(e) { return sameTagIndex(e) > 1 || hasLaterSame(e); }
function foreign(el) { return el.namespaceURI !== "http://www.w3.org/1999/xhtml" || el.localName.indexOf(":") >= 0; }

// absXPath is el's XPath from its document's root, a position only on a
// step whose element has a sibling of its tag ("/html/body/main/button[2]");
// "" inside a shadow tree, where XPath cannot reach.
function absXPath(el) {
  return el.getRootNode().nodeType === 9 ? treePath(el) : "";
}

// treePath is absXPath's path continued through shadow roots: a shadow
// root is a "#shadow-root" step after its host's
// ("/html/body/task-list/#shadow-root/ul/li[2]/button"). It tells whether
// one element holds another wherever they are in a document.
function treePath(el) {
  const parts = [];
  for (let e = el; e && e.nodeType === 1;) {
    const step = foreign(e) ? "*[local-name()='" + e.localName + "']" : e.localName;
    parts.unshift(step + (hasSameTagSibling(e) ? "[" + sameTagIndex(e) + "]" : ""));
    const p = e.parentNode;
    if (p && p.nodeType === 11 && p.host) { parts.unshift("#shadow-root"); e = p.host; } else e = e.parentElement;
  }
  return "/" + parts.join("/");
}

// selectorOf is a CSS selector for el in its tree scope: its id when that
// is unique there (and genI, when given, does not match it), else a path
// of tags with :nth-of-type from the nearest ancestor with such an id
// (frame and shadow paths).
function selectorOf(el, genI) {
  const scope = el.getRootNode();
  const named = (e) => e.id && !(genI && genI.test(e.id)) && scope.querySelectorAll && scope.querySelectorAll("#" + CSS.escape(e.id)).length === 1;
  if (named(el)) return "#" + CSS.escape(el.id);
  const parts = [];
  for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
    if (e !== el && named(e)) { parts.unshift("#" + CSS.escape(e.id)); break; }
    const i = sameTagIndex(e);
    parts.unshift(e.localName + (i > 1 || hasLaterSame(e) ? ":nth-of-type(" + i + ")" : ""));
    if (e.parentNode === scope) break;
  }
  return parts.join(" > ");
}

// shadowPathOf is a selector for each shadow host from el's document down
// to el's shadow root; genI, when given, the ids a selector is not built
// on (generated ones: a component library's random ids change with every
// load).
function shadowPathOf(el, genI) {
  const out = [];
  for (let r = el.getRootNode(); r && r.nodeType === 11 && r.host; r = r.host.getRootNode()) out.unshift(selectorOf(r.host, genI));
  return out;
}

// testIdsOf maps the test id attributes el carries (of attrs) to their values.
function testIdsOf(el, attrs) {
  let out = null;
  for (const a of attrs) {
    const v = el.getAttribute(a);
    if (v !== null) (out || (out = {}))[a] = v;
  }
  return out;
}

// fixedLayer reports whether el or an ancestor has position: fixed (a
// modal dialog, a fixed bar, a toast) relative to the viewport: it keeps
// its place on screen whatever the scroll. A fixed element inside an
// ancestor that makes the containing block of fixed descendants (a
// transform, a filter...: containsFixed) moves with that ancestor.
function fixedLayer(el) {
  for (let a = el; a && a.nodeType === 1; a = flatUp(a)) {
    const v = a.ownerDocument.defaultView || win;
    if (v.getComputedStyle(a).position !== "fixed") continue;
    let held = false;
    for (let p = flatUp(a); p && p.nodeType === 1 && !held; p = flatUp(p)) held = containsFixed((p.ownerDocument.defaultView || win).getComputedStyle(p));
    if (!held) return true;
  }
  return false;
}

// containsFixed reports whether an element of computed style cs is the
// containing block of its fixed-position descendants (CSS Transforms,
// Filter Effects, Containment, Will Change).
function containsFixed(cs) {
  return cs.transform !== "none" || cs.perspective !== "none" || cs.filter !== "none" ||
    (cs.backdropFilter && cs.backdropFilter !== "none") || /layout|paint|strict|content/.test(cs.contain || "") ||
    /transform|perspective|filter/.test(cs.willChange || "") || (cs.containerType && cs.containerType !== "normal");
}

// whatHides says what keeps el from showing: the outermost of el and its
// ancestors (through shadow hosts) that hides it (display: none,
// visibility: hidden, content-visibility: hidden, a closed <details> it
// is in), else the outermost that makes it unseen (opacity: 0, a box
// folded to no size that clips its content), how, and the controls of the
// page that disclose that part (aria-controls naming it, a popovertarget,
// a closed <details>'s summary), each with its role, name, aria-expanded,
// whether it shows and its key (ref), the first three (more: there are
// others): {part, self, how, more, controls: [{k, role, name, tag,
// expanded, shown}]}, or null.
function whatHides(el) {
  let part = null, how = "", weak = null, weakHow = "";
  for (let a = el, prev = null; a && a.nodeType === 1; prev = a, a = flatUp(a)) {
    const cs = (a.ownerDocument.defaultView || win).getComputedStyle(a);
    let h = "", w = "";
    if (cs.display === "none") h = "display: none";
    else if (a !== el && a.tagName === "DETAILS" && !a.open && !(prev && prev.tagName === "SUMMARY" && prev.parentElement === a)) h = "a closed <details>";
    else if (cs.visibility === "hidden" || cs.visibility === "collapse") h = "visibility: " + cs.visibility;
    else if (a !== el && cs.contentVisibility === "hidden") h = "content-visibility: hidden";
    else if (cs.opacity === "0") w = "opacity: 0";
    else if (a !== el && a.tagName !== "BODY" && a.tagName !== "HTML" && (a.offsetWidth === 0 || a.offsetHeight === 0) &&
      cs.overflowX + cs.overflowY !== "visiblevisible") w = "folded to no size";
    if (h) { part = a; how = h; }
    if (w) { weak = a; weakHow = w; }
  }
  if (!part) { part = weak; how = weakHow; }
  if (!part) return null;
  const controls = [];
  const add = (c) => {
    if (!c || controls.some((x) => x.el === c)) return;
    const role = roleOf(c, c.tagName, c.hasAttributes());
    controls.push({ el: c, k: ref(c), role: role || "", name: role ? collapse(accName(c, labelsOf(c), role, c.hasAttributes())) : collapse(textOf(c, 80)),
      tag: c.localName, expanded: c.getAttribute("aria-expanded") || "", shown: visibleEl(c) });
  };
  if (part.id) {
    const root = part.getRootNode();
    for (const c of root.querySelectorAll("[aria-controls], [popovertarget]")) {
      const ids = (c.getAttribute("aria-controls") || "").split(/\s+/);
      if (ids.includes(part.id) || c.getAttribute("popovertarget") === part.id) add(c);
    }
  }
  if (part.tagName === "DETAILS") add(part.querySelector(":scope > summary"));
  const cls = [...part.classList].slice(0, 2).map((c) => "." + c).join("");
  return { part: part.localName + (part.id ? "#" + part.id : cls), self: part === el, how: how, more: controls.length > 3,
    controls: controls.slice(0, 3).map((c) => { delete c.el; return c; }) };
}

// scrollersOf lists the scroll containers el sits in inside its own
// document (through shadow hosts, not frames), outermost first: the
// ancestors a person can scroll (overflow auto or scroll) whose content
// overflows them. (A box clipped with overflow: hidden scrolls only from
// script, as a carousel does: its offset is the page's state, not the
// person's.) The document's own scroll is not among them.
function scrollersOf(el) {
  const out = [];
  const doc = el.ownerDocument;
  for (let a = flatUp(el); a && a.nodeType === 1; a = flatUp(a)) {
    if (a === doc.documentElement || a === doc.body || a === doc.scrollingElement) continue;
    if (a.scrollHeight <= a.clientHeight && a.scrollWidth <= a.clientWidth) continue;
    const cs = (doc.defaultView || win).getComputedStyle(a);
    if (/auto|scroll/.test(cs.overflowX + " " + cs.overflowY)) out.push(a);
  }
  return out.reverse();
}

// scrolledBy is the scroll offsets [x, y] of el's scroll containers
// (scrollersOf), outermost first, or null when it is in none.
function scrolledBy(el) {
  const sc = scrollersOf(el);
  return sc.length ? sc.map((a) => [Math.round(a.scrollLeft), Math.round(a.scrollTop)]) : null;
}

// scrollLike scrolls el's scroll containers to offsets (scrolledBy's,
// outermost first) when el sits in as many as offsets lists (else they
// are not the recorded ones, and nothing moves): {moved, prev}, prev the
// offsets they had (scrollLike(el, prev) undoes it), or null.
function scrollLike(el, offsets) {
  const sc = scrollersOf(el);
  if (sc.length !== offsets.length) return null;
  const prev = sc.map((a) => [a.scrollLeft, a.scrollTop]);
  let moved = false;
  for (let i = 0; i < sc.length; i++) {
    const a = sc[i], [x, y] = offsets[i];
    if (Math.abs(a.scrollLeft - x) < 1 && Math.abs(a.scrollTop - y) < 1) continue;
    const bx = a.scrollLeft, by = a.scrollTop;
    a.scrollTo({ left: x, top: y, behavior: "instant" });
    if (a.scrollLeft !== bx || a.scrollTop !== by) moved = true;
  }
  return { moved: moved, prev: prev };
}

// frameOffset is where el's document's viewport starts in the viewport of
// the world's top document (same-origin frames in between), and the clip
// the frames make: [x, y, clip].
function frameOffset(el) {
  const fs = [];
  for (let v = el.ownerDocument.defaultView; v && v.frameElement; v = v.frameElement.ownerDocument.defaultView) fs.unshift(v.frameElement);
  let x = 0, y = 0;
  let clip = [-1e9, -1e9, 1e9, 1e9];
  for (const f of fs) {
    const r = f.getBoundingClientRect();
    const cs = (f.ownerDocument.defaultView || win).getComputedStyle(f);
    const fx = x + r.left + f.clientLeft + parseFloat(cs.paddingLeft || "0");
    const fy = y + r.top + f.clientTop + parseFloat(cs.paddingTop || "0");
    const cw = f.clientWidth - parseFloat(cs.paddingLeft || "0") - parseFloat(cs.paddingRight || "0");
    const ch = f.clientHeight - parseFloat(cs.paddingTop || "0") - parseFloat(cs.paddingBottom || "0");
    clip = [Math.max(clip[0], fx), Math.max(clip[1], fy), Math.min(clip[2], fx + cw), Math.min(clip[3], fy + ch)];
    x = fx;
    y = fy;
  }
  return [x, y, clip];
}

// framePathOf is a selector for each iframe from the world's top document
// down to el's document.
function framePathOf(el) {
  const out = [];
  for (let v = el.ownerDocument.defaultView; v && v.frameElement; v = v.frameElement.ownerDocument.defaultView) out.unshift(selectorOf(v.frameElement));
  return out;
}
