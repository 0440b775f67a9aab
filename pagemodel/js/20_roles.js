// ---- roles (WAI-ARIA 1.2, HTML-AAM as Chromium maps it) ----
//
// roleOf is the role the engine matches and records: a WAI-ARIA role
// name, "" where the element has none (generic, none, presentation).
// computedRole (the end of this file) says which of those "" it is, as
// WPT and Chromium's accessibility tree name roles.

// Roles of WAI-ARIA 1.3 and DPUB-ARIA that Chromium takes besides ARIA's
// (10_core.js), and the synonyms it maps: image is img, directory is list.
const ROLE_MORE = new Set(/*go:aria.MoreRoles*/);
const ROLE_SYNONYM = /*go:aria.Synonyms*/;
// The global ARIA attributes that make an element with role none or
// presentation keep its own role (WAI-ARIA's presentational role
// conflict resolution, as Chromium applies it: not the deprecated global
// states aria-disabled, aria-errormessage, aria-haspopup, aria-invalid).
const ARIA_GLOBAL = new Set(["aria-atomic", "aria-braillelabel", "aria-brailleroledescription", "aria-busy", "aria-controls", "aria-current",
  "aria-describedby", "aria-description", "aria-details", "aria-dropeffect", "aria-flowto", "aria-grabbed", "aria-keyshortcuts",
  "aria-label", "aria-labelledby", "aria-live", "aria-owns", "aria-relevant", "aria-roledescription"]);
// TAG_ROLE maps HTML elements to their implicit role (HTML-AAM as
// Chromium maps it); null for those whose role depends on their
// attributes or context (implicitRole's switch). Others are generic.
const TAG_ROLE = new Map(Object.entries({ ADDRESS: "group", HGROUP: "group", BLOCKQUOTE: "blockquote", CAPTION: "caption", CODE: "code",
  DD: "definition", DT: "term", DFN: "term", DEL: "deletion", S: "deletion", INS: "insertion", EM: "emphasis", STRONG: "strong",
  MARK: "mark", SUB: "subscript", SUP: "superscript", TIME: "time", DIR: "list", DATALIST: "listbox", OPTGROUP: "group", MATH: "math",
  P: "paragraph", HR: "separator", PROGRESS: "progressbar", METER: "meter", OUTPUT: "status", ARTICLE: "article", FIGURE: "figure",
  DIALOG: "dialog", SEARCH: "search", NAV: "navigation", MAIN: "main", FIELDSET: "group", DETAILS: "group", TABLE: "table",
  TEXTAREA: "textbox", OPTION: "option", BUTTON: "button", UL: "list", OL: "list", MENU: "list",
  H1: "heading", H2: "heading", H3: "heading", H4: "heading", H5: "heading", H6: "heading",
  A: null, AREA: null, INPUT: null, SELECT: null, IMG: null, ASIDE: null, HEADER: null, FOOTER: null, FORM: null, SECTION: null,
  SUMMARY: null, THEAD: null, TBODY: null, TFOOT: null, TR: null, TD: null, TH: null, LI: null }));

// roleToken is the role the first role token of el's role attribute that
// names a role stands for ("" when none does: the element takes its
// implicit role). Synonyms are mapped: "none" for presentation.
function roleToken(el) {
  const r = el.getAttribute("role");
  if (!r) return "";
  const ts = r.indexOf(" ") < 0 && r.indexOf("\t") < 0 && r.indexOf("\n") < 0 ? [r.toLowerCase()] : r.trim().toLowerCase().split(/\s+/);
  for (const t of ts) {
    if (ARIA.has(t) || ROLE_MORE.has(t)) return ROLE_SYNONYM[t] || t;
  }
  return "";
}
// sectioned reports whether el (a header or footer) is scoped to
// sectioning content or main, where it is a section's header or footer,
// not the page's banner or contentinfo.
function sectioned(el) { return !!el.parentElement && !!el.parentElement.closest("article,aside,main,nav,section,[role=article],[role=complementary],[role=main],[role=navigation],[role=region]"); }
// hasOwnName reports whether el is named by its author: a non-blank
// aria-label, an aria-labelledby or a non-blank title.
function hasOwnName(el) { return !!((el.getAttribute("aria-label") || "").trim() || el.getAttribute("aria-labelledby") || (el.getAttribute("title") || "").trim()); }
// authorNamed is hasOwnName as Chromium decides whether a section, an
// aside, a form or an explicit region has a name: an aria-labelledby
// only counts when it names an element with some text.
function authorNamed(el) {
  if ((el.getAttribute("aria-label") || "").trim() || (el.getAttribute("title") || "").trim()) return true;
  const lb = el.getAttribute("aria-labelledby") || el.getAttribute("aria-labeledby");
  if (!lb) return false;
  const scope = el.getRootNode();
  for (const id of lb.trim().split(/\s+/)) {
    const r = scope.getElementById ? scope.getElementById(id) : null;
    if (r && (r.textContent.trim() || (r.getAttribute("aria-label") || "").trim())) return true;
  }
  return false;
}
// curTable is the walk's table context for the element it asks the
// role of: "table", "grid", "" (none) or null (not known: look).
let curTable = null;
function tableRole(el) {
  if (curTable !== null) return curTable;
  const t = el.closest("table,[role=table],[role=grid],[role=treegrid]");
  if (!t) return "";
  const r = roleToken(t);
  if (r === "grid" || r === "treegrid") return "grid";
  if (r === "table" || (t.tagName === "TABLE" && (r === "" || (r === "none" && presentationalKept(t, "TABLE"))))) return "table";
  return "";
}
// Chromium exposes every <form> as a form since 149; before, only a
// named one (HTML-AAM), an unnamed one being generic.
const FORM_ALWAYS = +((/Chrome\/(\d+)/.exec(navigator.userAgent) || [0, 999])[1]) >= 149;
// asideScoped reports whether an aside is in sectioning content (article,
// aside, nav, section), where it is complementary only when named.
function asideScoped(el) { return !!el.parentElement && !!el.parentElement.closest("article,aside,nav,section"); }
// firstSummary reports whether el (a summary) is its details' summary:
// the first summary child of a details element.
function firstSummary(el) {
  const p = el.parentElement;
  if (!p || p.tagName !== "DETAILS") return false;
  for (let c = p.firstElementChild; c; c = c.nextElementSibling) if (c.tagName === "SUMMARY") return c === el;
  return false;
}
function implicitRole(el, tag) {
  const r = TAG_ROLE.get(tag);
  if (r !== null) return r === undefined ? "" : r;
  switch (tag) {
    case "A": case "AREA": return el.hasAttribute("href") ? "link" : "";
    case "INPUT": {
      const t = inputType(el);
      if (t === "hidden") return "";
      if (el.hasAttribute("list") && TEXTLIKE.has(t)) return "combobox";
      return INPUT_ROLE[t] || "textbox";
    }
    case "SELECT": return el.multiple || el.size > 1 ? "listbox" : "combobox";
    case "IMG": return el.getAttribute("alt") === "" && !(el.getAttribute("title") || "") && !hasGlobalAria(el) && !focusable(el, tag) ? "" : "img";
    case "ASIDE": return !asideScoped(el) || authorNamed(el) ? "complementary" : "";
    case "HEADER": return sectioned(el) ? "sectionheader" : "banner";
    case "FOOTER": return sectioned(el) ? "sectionfooter" : "contentinfo";
    case "FORM": return FORM_ALWAYS || authorNamed(el) ? "form" : "";
    case "SECTION": return authorNamed(el) ? "region" : "";
    case "SUMMARY": return firstSummary(el) ? "button" : "";
    case "THEAD": case "TBODY": case "TFOOT": return tableRole(el) ? "rowgroup" : "";
    case "TR": return tableRole(el) ? "row" : "";
    case "TD": { const t = tableRole(el); return t === "grid" ? "gridcell" : t ? "cell" : ""; }
    case "TH": {
      if (!tableRole(el)) return "";
      const sc = (el.getAttribute("scope") || "").toLowerCase();
      if (sc === "row" || sc === "rowgroup") return "rowheader";
      if (sc === "col" || sc === "colgroup") return "columnheader";
      if (el.parentElement && el.parentElement.parentElement && el.parentElement.parentElement.tagName === "THEAD") return "columnheader";
      const row = el.parentElement;
      if (row) for (let c = row.firstElementChild; c; c = c.nextElementSibling) if (c.tagName === "TD") return "rowheader";
      return "columnheader";
    }
    case "LI": {
      // A list item is one wherever it stands (Chromium), but the items of
      // a presentational list are presentational too.
      const p = el.parentElement;
      return p && (p.tagName === "UL" || p.tagName === "OL" || p.tagName === "MENU" || p.tagName === "DIR") && roleToken(p) === "none" &&
        !presentationalKept(p, p.tagName) ? "" : "listitem";
    }
  }
  return "";
}
// focusable reports whether el takes focus: a tabindex, or an element
// focusable by nature (a link, an enabled form control, a frame, an
// editing host, a details' summary).
function focusable(el, tag) {
  const ti = el.getAttribute("tabindex");
  if (ti !== null && ti !== "" && !isNaN(+ti)) return true;
  switch (tag) {
    case "A": case "AREA": return el.hasAttribute("href");
    case "BUTTON": case "SELECT": case "TEXTAREA": return !el.disabled;
    case "INPUT": return !el.disabled && inputType(el) !== "hidden";
    case "IFRAME": return true;
    case "SUMMARY": return firstSummary(el);
  }
  const ce = el.getAttribute("contenteditable");
  return ce !== null && ce !== "false";
}
// hasGlobalAria reports whether el carries a global ARIA attribute.
function hasGlobalAria(el) {
  const an = el.getAttributeNames();
  for (let i = 0; i < an.length; i++) if (ARIA_GLOBAL.has(an[i])) return true;
  return false;
}
// presentationalKept reports whether an element with role none or
// presentation keeps its implicit role: it is focusable or carries a
// global ARIA attribute (WAI-ARIA's conflict resolution).
function presentationalKept(el, tag) { return focusable(el, tag) || hasGlobalAria(el); }
// CONTEXT_ROLE names, for the roles Chromium only takes in their
// required context, the roles that context may have: an element with
// such a role outside it takes its implicit role.
const CONTEXT_ROLE = { option: /^(listbox|group|combobox)$/, listitem: /^(list|group|directory)$/, treeitem: /^(tree|group)$/ };
// inContext reports whether the nearest ancestor of el with a role
// (skipping generic and presentational ones) has a role re accepts, in
// the flat tree, as Chromium's accessibility tree has it: an option
// slotted into a component's listbox is in the listbox.
function inContext(el, re) {
  for (let a = flatUp(el); a && a.nodeType === 1; a = flatUp(a)) {
    const r = roleOf(a, a.tagName, a.hasAttributes());
    if (r) return re.test(r);
  }
  return false;
}
// minimumRole is the role a generic element takes for what it does:
// group for one that can be dragged or takes focus on load (HTML-AAM's
// minimum role, as Chromium applies it to elements without a role
// attribute).
function minimumRole(el, tag) {
  if (tag !== "DIV") return "";
  return (el.hasAttribute("draggable") || el.hasAttribute("autofocus")) && !el.hasAttribute("role") ? "group" : "";
}
// roleOf is el's role; ha false says el has no attributes (the walk
// asks once), which skips looking them up one by one; am is el's
// attribute mask when the walk read it.
function roleOf(el, tag, ha, am = -1) {
  if (ha === false) return implicitRole(el, tag);
  const r = am & A_ROLE ? roleToken(el) : "";
  if (r === "") {
    const i = implicitRole(el, tag);
    return i || minimumRole(el, tag);
  }
  if (r === "none") return presentationalKept(el, tag) ? implicitRole(el, tag) : "";
  if (r === "generic") return "";
  // Roles that need a name or a context, without it: the implicit role.
  if ((r === "region" || r === "form") && !authorNamed(el)) return implicitRole(el, tag);
  const c = CONTEXT_ROLE[r];
  if (c !== undefined && !inContext(el, c)) return implicitRole(el, tag);
  return r;
}

// ---- the accessibility tree's view ----
// computedRole is el's role as WAI-ARIA's computed role names it (what
// WPT and Chromium's accessibility tree say): roleOf, with its "" told
// apart as "generic" or "none", "none" also for an element Chromium
// leaves out of its tree (axExcluded).
function computedRole(el) {
  const tag = el.tagName;
  const r = roleOf(el, tag, el.hasAttributes());
  if (axExcluded(el, tag, r)) return "none";
  return r || "generic";
}
// axExcluded reports whether Chromium leaves el out of its accessibility
// tree (it then says role none, no name): el is hidden (not rendered,
// invisible, aria-hidden), presentational, a tbody that takes no focus,
// or a generic element of no interest: not focusable, without a global
// ARIA attribute or a title, and neither an inline box of its own
// (inline-block...) nor a block holding text (Chromium keeps those, the
// paragraphs of a page; never a span).
function axExcluded(el, tag, role) {
  if (tag === "INPUT" && inputType(el) === "hidden") return true;
  if (hiddenEl(el)) return true;
  if (role) return tag === "TBODY" && role === "rowgroup" && !presentationalKept(el, tag);
  const ha = el.hasAttributes();
  if (ha && roleToken(el) === "none" && !presentationalKept(el, tag)) return true;
  if (tag === "LI" || tag === "TR") return true; // a presentational list's item; a presentational table's row
  if (tag === "svg" || CHROME_KEPT.has(tag) || tag === "SECTION") return false;
  if (tag === "LABEL") return !!el.control; // one that labels a control is left out
  if (ha && (presentationalKept(el, tag) || el.hasAttribute("title"))) return false;
  if (tag === "CANVAS") return !el.firstElementChild; // kept for its fallback content
  return !genericKept(el, tag);
}
// CHROME_KEPT are elements without an ARIA role that Chromium keeps in
// its tree under roles of its own (a legend, a figcaption, a line break,
// an abbreviation, embedded content...); computedRole calls them generic.
const CHROME_KEPT = new Set(["LEGEND", "FIGCAPTION", "DL", "BR", "ABBR", "IFRAME", "FRAME", "VIDEO", "AUDIO", "EMBED", "OBJECT"]);
// genericKept reports whether Chromium keeps a generic element for its
// box: an inline box of its own (inline-block, inline-flex...), or a
// block (not a span) whose content is text and inline boxes.
const TEXT_BLOCK = new Set(["block", "list-item", "flow-root", "table-cell", "table-caption"]);
function genericKept(el, tag) {
  const d = win.getComputedStyle(el).display;
  if (d.startsWith("inline-")) return true;
  if (tag === "SPAN" || !TEXT_BLOCK.has(d)) return false;
  let text = false;
  for (let c = el.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 3) { if (/[^\t\n\f\r ]/.test(c.data)) text = true; continue; }
    if (c.nodeType !== 1 || SKIP.has(c.tagName)) continue;
    const cd = win.getComputedStyle(c).display;
    if (cd === "none") continue;
    if (!cd.startsWith("inline") && cd !== "contents") return false;
    text = true;
  }
  return text;
}
