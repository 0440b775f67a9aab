// ---- roles (WAI-ARIA 1.2, HTML-AAM as Chromium maps it) ----
function explicitRole(el) {
  const r = el.getAttribute("role");
  if (!r) return "";
  for (const t of r.trim().toLowerCase().split(/\s+/)) if (ARIA.has(t)) return t;
  return "";
}
function sectioned(el) { return !!el.parentElement && !!el.parentElement.closest("article,aside,main,nav,section,[role=article],[role=complementary],[role=main],[role=navigation],[role=region]"); }
function hasOwnName(el) { return !!((el.getAttribute("aria-label") || "").trim() || el.getAttribute("aria-labelledby") || (el.getAttribute("title") || "").trim()); }
let curTable = null;
function tableRole(el) {
  if (curTable !== null) return curTable;
  const t = el.closest("table,[role=table],[role=grid],[role=treegrid]");
  if (!t) return "";
  const r = (t.getAttribute("role") || "").trim();
  return r === "grid" || r === "treegrid" ? "grid" : "table";
}
// Chromium exposes every <form> as a form since 149; before, only a
// named one (HTML-AAM), an unnamed one being generic.
const FORM_ALWAYS = +((/Chrome\/(\d+)/.exec(navigator.userAgent) || [0, 999])[1]) >= 149;
function implicitRole(el, tag) {
  switch (tag) {
    case "A": case "AREA": return el.hasAttribute("href") ? "link" : "";
    case "BUTTON": return "button";
    case "INPUT": {
      const t = inputType(el);
      if (t === "hidden") return "";
      if (el.hasAttribute("list") && TEXTLIKE.has(t)) return "combobox";
      return INPUT_ROLE[t] || "textbox";
    }
    case "SELECT": return el.multiple || el.size > 1 ? "listbox" : "combobox";
    case "OPTION": return "option";
    case "TEXTAREA": return "textbox";
    case "H1": case "H2": case "H3": case "H4": case "H5": case "H6": return "heading";
    case "IMG": return el.getAttribute("alt") === "" && !hasOwnName(el) ? "" : "img";
    case "NAV": return "navigation";
    case "MAIN": return "main";
    case "ASIDE": return "complementary";
    case "HEADER": return sectioned(el) ? "" : "banner";
    case "FOOTER": return sectioned(el) ? "" : "contentinfo";
    case "FORM": return FORM_ALWAYS || hasOwnName(el) ? "form" : "";
    case "SEARCH": return "search";
    case "SECTION": return hasOwnName(el) ? "region" : "";
    case "DIALOG": return "dialog";
    case "FIELDSET": return "group";
    case "DETAILS": return "group";
    case "SUMMARY": return "button";
    case "TABLE": return "table";
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
    case "UL": case "OL": case "MENU": return "list";
    case "LI": { const p = el.parentElement; return p && (p.tagName === "UL" || p.tagName === "OL" || p.tagName === "MENU" || explicitRole(p) === "list") ? "listitem" : ""; }
    case "PROGRESS": return "progressbar";
    case "METER": return "meter";
    case "OUTPUT": return "status";
    case "ARTICLE": return "article";
    case "FIGURE": return "figure";
    case "HR": return "separator";
    case "P": return "paragraph";
  }
  return "";
}
function focusable(el) {
  const ti = el.getAttribute("tabindex");
  return ti !== null && ti !== "" && !isNaN(+ti);
}
// roleOf is el's role; ha false says el has no attributes (the walk
// asks once), which skips looking them up one by one; am is el's
// attribute mask when the walk read it.
function roleOf(el, tag, ha, am = -1) {
  if (ha === false) return implicitRole(el, tag);
  const r = am & A_ROLE ? explicitRole(el) : "";
  if (r === "none" || r === "presentation") return focusable(el) ? implicitRole(el, tag) : "";
  if (r === "generic") return "";
  return r || implicitRole(el, tag);
}
