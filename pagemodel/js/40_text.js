// ---- visible text, bounded ----
const BLOCK = new Set(["DIV", "P", "LI", "TR", "TD", "TH", "BR", "H1", "H2", "H3", "H4", "H5", "H6", "SECTION", "ARTICLE", "HEADER", "FOOTER",
  "NAV", "MAIN", "ASIDE", "UL", "OL", "TABLE", "TBODY", "THEAD", "FORM", "FIELDSET", "LABEL", "DD", "DT", "BLOCKQUOTE", "PRE", "OPTION"]);
// textOf is the visible text of el, white space collapsed, at most max
// characters. textTruncated reports whether the last textOf call cut the
// text short. A text read whole is kept for the call (txt) and reused
// for the element's ancestors and for any max.
const txt = new Map();
let textTruncated = false;
function textOf(el, max) {
  const known = txt.get(el);
  if (known !== undefined) {
    textTruncated = known.length > max;
    return textTruncated ? known.slice(0, max) : known;
  }
  // Raw text holds white space runs that collapse: read a margin more.
  const limit = max * 4 + 64;
  let s = "", cut = false;
  function rec(n) {
    const flat = n.tagName === "SLOT" || shadowOf(n) !== null;
    for (let c = flat ? null : n.firstChild, list = flat ? childrenFlat(n) : null, i = 0; flat ? i < list.length : c; flat ? i++ : (c = c.nextSibling)) {
      if (flat) c = list[i];
      if (s.length >= limit) { cut = true; return; }
      if (c.nodeType === 3) { s += c.data; continue; }
      if (c.nodeType !== 1 || SKIP.has(c.tagName)) continue;
      const t = c.tagName;
      if (t === "INPUT" || t === "SELECT" || t === "TEXTAREA") continue;
      const k = txt.get(c);
      if (k !== undefined) { s += BLOCK.has(t) ? " " + k + " " : k; continue; }
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
  const v = collapse(s);
  if (!cut) txt.set(el, v);
  textTruncated = cut || v.length > max;
  return v.length > max ? v.slice(0, max) : v;
}
function ownText(el) {
  for (let c = el.firstChild; c; c = c.nextSibling) if (c.nodeType === 3 && /\S/.test(c.data)) return true;
  return false;
}

