// ---- visible text, bounded ----
const BLOCK = new Set(["DIV", "P", "LI", "TR", "TD", "TH", "BR", "H1", "H2", "H3", "H4", "H5", "H6", "SECTION", "ARTICLE", "HEADER", "FOOTER",
  "NAV", "MAIN", "ASIDE", "UL", "OL", "TABLE", "TBODY", "THEAD", "FORM", "FIELDSET", "LABEL", "DD", "DT", "BLOCKQUOTE", "PRE", "OPTION"]);
// textOf is the visible text of el, capped; it reuses the text of kept
// descendants already computed (texts are filled after the children).
const txt = new Map();
function textOf(el, max) {
  let s = "";
  function rec(n) {
    const flat = n.tagName === "SLOT" || shadowOf(n) !== null;
    for (let c = flat ? null : n.firstChild, list = flat ? childrenFlat(n) : null, i = 0; flat ? i < list.length : c; flat ? i++ : (c = c.nextSibling)) {
      if (flat) c = list[i];
      if (s.length >= max) return;
      if (c.nodeType === 3) { s += c.data; continue; }
      if (c.nodeType !== 1 || SKIP.has(c.tagName)) continue;
      const t = c.tagName;
      if (t === "INPUT" || t === "SELECT" || t === "TEXTAREA") continue;
      const known = txt.get(c);
      if (known !== undefined) { s += BLOCK.has(t) ? " " + known + " " : known; continue; }
      if (BLOCK.has(t)) {
        if (!visibleEl(c)) continue;
        s += " "; rec(c); s += " ";
      } else {
        // Visibility (a layout query) only for a child that adds text.
        const before = s.length;
        rec(c);
        if (s.length !== before && !visibleEl(c)) s = s.slice(0, before);
      }
    }
  }
  rec(el);
  const v = cap(collapse(s), max);
  txt.set(el, v);
  return v;
}
function ownText(el) {
  for (let c = el.firstChild; c; c = c.nextSibling) if (c.nodeType === 3 && /\S/.test(c.data)) return true;
  return false;
}

