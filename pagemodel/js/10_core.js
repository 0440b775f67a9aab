// The page model: one page-script module that every part of the engine
// uses to read a page: the recorder (describe), every strategy (find), the
// snapshot (walk) and similarity (the candidates the walk and find
// describe). It is installed once per JavaScript world (pagemodel/install.go)
// and returns the object of functions listed in api.js.
//
// The files of js/ are concatenated in their numbered order inside one
// factory function, function (win) { ... }, so that they share its scope:
// this file opens it with what every part uses (the role and tag tables,
// visibility, white space), the others add roles, names, text, the
// element's context, find, describe and the walk, and api.js closes it.
function (win) {
"use strict";
const CLOSED = Symbol.for("chainreplay.closedRoots");
// A document's map of closed shadow roots, host to root, is on its window:
// the roots the page's scripts attached (internal/pagejs, ClosedRoots) and
// those DevTools found (Page.ClosedRoots). closedMaps holds the ones this
// call has read (fresh empties it: the model may be installed before the
// page defines its map).
const closedMaps = new Map();
function closedMapOf(doc) {
  let m = closedMaps.get(doc);
  if (m === undefined) {
    const v = doc.defaultView;
    m = (v && v[CLOSED]) || null;
    closedMaps.set(doc, m);
  }
  return m;
}
const MAXNAME = 500, MAXTEXT = 200, MAXNB = 120;
// MAXITEM bounds the texts that name an item (itemTexts, holdsWhole).
const MAXITEM = 80;

// ---- roles (WAI-ARIA 1.2, HTML-AAM as Chromium maps it) ----
// The roles a role attribute may name and the synonyms Chromium maps are
// the Go side's (internal/aria): Source writes them in for each /*go:...*/.
const ARIA = new Set(/*go:aria.Roles*/);
const TIER1 = new Set(("button link textbox searchbox checkbox radio combobox listbox option menuitem menuitemcheckbox menuitemradio tab " +
  "switch slider spinbutton treeitem heading img navigation main banner contentinfo complementary search region form dialog alertdialog " +
  "group radiogroup table grid treegrid row cell gridcell columnheader rowheader list listitem tablist tabpanel menu menubar tree toolbar " +
  "progressbar meter status alert figure article scrollbar").split(" "));
// Roles whose name comes from their content (accname 1.2 / Chromium).
const FROM_CONTENT = new Set(("button cell checkbox columnheader gridcell heading link menuitem menuitemcheckbox menuitemradio option " +
  "radio rowheader switch tab tooltip treeitem term").split(" "));
// Containers: no Text, no name from content.
const CONTAINER = new Set(("main navigation banner contentinfo complementary search region form dialog alertdialog group radiogroup " +
  "table grid treegrid list listbox tablist tabpanel menu menubar tree toolbar article figure").split(" "));
const TEXTLIKE = new Set(["text", "search", "email", "tel", "url", ""]);
const INPUT_ROLE = { button: "button", submit: "button", reset: "button", image: "button", file: "button", checkbox: "checkbox",
  radio: "radio", range: "slider", number: "spinbutton", search: "searchbox", email: "textbox", tel: "textbox", text: "textbox",
  url: "textbox", password: "textbox" };
// UI is the tag of the recorder's own elements in a page (its toolbar,
// its outline of the element under the pointer): skipped as scripts are,
// so that no capture, query or hit test ever sees them.
const UI = "CHAINREPLAY-UI";
const SKIP = new Set(["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT", "HEAD", "META", "LINK", "TITLE", "BASE", UI]);
// inUI reports whether el is one of the recorder's own elements or inside one.
function inUI(el) {
  for (let e = el; e; e = e.parentElement || (e.parentNode && e.parentNode.host) || null) if (e.tagName === UI) return true;
  return false;
}
const LABELABLE = new Set(["INPUT", "SELECT", "TEXTAREA", "BUTTON", "METER", "OUTPUT", "PROGRESS"]);
// The elements with a disabled property (and custom elements, which may define one).
const DISABLEABLE = new Set(["INPUT", "SELECT", "TEXTAREA", "BUTTON", "FIELDSET", "OPTGROUP", "OPTION"]);
const ATTRS = ["id", "class", "name", "type", "href", "src", "placeholder", "title", "alt", "aria-label", "aria-labelledby", "role",
  "data-testid", "data-test-id", "data-test", "data-cy", "data-qa", "for", "value", "tabindex", "onclick", "contenteditable"];

const ATTRSET = new Set(ATTRS);
// The attributes the walk asks of every element: their names are read
// once per element (getAttributeNames) into a mask am, and only those
// present are asked for their values. am = -1 (every bit, the default
// where it is a parameter) means the names were not read: ask.
const ABIT = new Map(["id", "class", "role", "style", "tabindex", "contenteditable", "visibility", "hidden", "aria-hidden",
  "aria-disabled", "disabled", "aria-label", "aria-labelledby", "title", "onclick", "data-testid", "data-test-id", "data-test",
  "data-cy", "data-qa", "autocomplete", "data-secret"].map((a, i) => [a, 1 << i]));
const A_ID = ABIT.get("id"), A_CLASS = ABIT.get("class"), A_ROLE = ABIT.get("role"), A_STYLE = ABIT.get("style"),
  A_TABINDEX = ABIT.get("tabindex"), A_CE = ABIT.get("contenteditable"), A_VIS = ABIT.get("visibility"), A_HIDDEN = ABIT.get("hidden"),
  A_AH = ABIT.get("aria-hidden"), A_AD = ABIT.get("aria-disabled"), A_DISABLED = ABIT.get("disabled"), A_AL = ABIT.get("aria-label"),
  A_ALB = ABIT.get("aria-labelledby"), A_TITLE = ABIT.get("title"), A_AC = ABIT.get("autocomplete"), A_SECRET = ABIT.get("data-secret");
const A_TESTLIKE = ABIT.get("onclick") | ABIT.get("data-testid") | ABIT.get("data-test-id") | ABIT.get("data-test") | ABIT.get("data-cy") | ABIT.get("data-qa");
function attrMask(names) {
  let m = 0;
  for (let i = 0; i < names.length; i++) m |= ABIT.get(names[i]) | 0;
  return m;
}
function inputType(el) { return (el.getAttribute("type") || "text").toLowerCase(); }

// ---- state of one call ----
// Every entry point (api.js) calls fresh first: the caches below hold
// what one call learnt of the page, which may change between calls.
function fresh() {
  visCache.clear();
  lineCache.clear();
  labelMaps.clear();
  ttCache.clear();
  txt.clear();
  curTable = null;
  closedMaps.clear();
}

// ---- visibility ----
// visibleEl is cached: names and texts of nested nodes ask again. An
// element that makes no box of its own (display: contents: a <slot>, a
// framework's wrapper) shows its children where its parent in the flat
// tree shows: checkVisibility says false for it, as for no box at all.
const visCache = new Map();
// lineCache holds a grid's children's bands (lineBands) for a page call.
const lineCache = new Map();
const VISOPT = { visibilityProperty: true };
let vq = 0; // visibility queries made (for tests)
function visibleEl(el) {
  let v = visCache.get(el);
  if (v === undefined) {
    vq++;
    v = el.checkVisibility ? el.checkVisibility(VISOPT) : !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
    if (!v && el.isConnected && el.getClientRects().length === 0 && boxless(el)) {
      // A light child of a shadow host that no slot takes is not drawn.
      const p = el.parentElement;
      const up = p && !el.assignedSlot && p.shadowRoot ? null : flatUp(el); // an open root's slots say (a closed one's do not)
      v = !!up && up.nodeType === 1 && visibleEl(up);
    }
    visCache.set(el, v);
  }
  return v;
}
// boxless reports whether el is display: contents (a <slot> by default).
function boxless(el) {
  const cs = (el.ownerDocument.defaultView || win).getComputedStyle(el);
  return cs.display === "contents" && cs.visibility !== "hidden";
}
// viewOf is the view of document d, [width, height] in CSS pixels: the
// window less its scrollbars (a headed window draws them), which is the
// root's client box where the root has one. What lies past it is no
// part of the page a pointer reaches: a press there is on a scrollbar.
function viewOf(d) {
  const w = (d && d.defaultView) || win, root = d && d.documentElement;
  return [Math.min(w.innerWidth, (root && root.clientWidth) || w.innerWidth), Math.min(w.innerHeight, (root && root.clientHeight) || w.innerHeight)];
}
function ariaHiddenSelf(el) { return el.getAttribute("aria-hidden") === "true"; }
// collapse folds white space runs to one space and trims. Most strings
// need nothing: a space at either end, two in a row, or another white
// space character say otherwise (three fast scans, not one regex with
// alternatives).
const WS = /[\t\n\r\f\v\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;
function collapse(s) {
  if (s === "") return s;
  if (s.charCodeAt(0) !== 32 && s.charCodeAt(s.length - 1) !== 32 && s.indexOf("  ") < 0 && !WS.test(s)) return s;
  return s.replace(/[\s\u00a0]+/g, " ").trim();
}
function cap(s, n) { return s.length > n ? s.slice(0, n) : s; }
// shadowOf is el's shadow root page script can reach: an open one, or a
// closed one its document's map of closed roots holds (closedMapOf).
function shadowOf(el) {
  const sr = el.shadowRoot;
  if (sr) return sr;
  const m = closedMapOf(el.ownerDocument);
  return m !== null ? m.get(el) || null : null;
}

// eachComposed visits the elements inside c (c's shadow root's and its
// own), in tree order, a host's shadow tree before its light children,
// until visit returns true; it returns whether one did.
function eachComposed(c, visit) {
  const sr = shadowOf(c);
  if (sr && eachComposed(sr, visit)) return true;
  for (let e = c.firstElementChild; e; e = e.nextElementSibling) {
    if (visit(e) || eachComposed(e, visit)) return true;
  }
  return false;
}
