// ---- visible text, bounded ----
const BLOCK = new Set(["DIV", "P", "LI", "TR", "TD", "TH", "BR", "H1", "H2", "H3", "H4", "H5", "H6", "SECTION", "ARTICLE", "HEADER", "FOOTER",
  "NAV", "MAIN", "ASIDE", "UL", "OL", "TABLE", "TBODY", "THEAD", "FORM", "FIELDSET", "LABEL", "DD", "DT", "BLOCKQUOTE", "PRE", "OPTION"]);
// textOf is the visible text of el, white space collapsed, at most max
// characters; of an el not shown, the text it shows once shown (a closed
// menu's, a hidden twin's), without the parts hidden by their own style.
// textTruncated reports whether the last textOf call cut the text short.
// A text read whole is kept for the call (txt) and reused for the
// element's ancestors and for any max, where it shows in them.
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
  // A child counts where it shows, or, in an el not shown itself, where
  // only el hides it (el's visibility asked once, and only then).
  let hidden;
  const counts = (c) => visibleEl(c) || ((hidden === undefined ? (hidden = !visibleEl(el)) : hidden) && !selfHidden(c));
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
      // A child's text read before is taken only where it shows in el.
      const k = txt.get(c);
      if (k !== undefined) {
        if (k && !counts(c)) continue;
        s += BLOCK.has(t) ? " " + k + " " : k;
        continue;
      }
      if (BLOCK.has(t)) {
        if (!counts(c)) continue;
        s += " "; rec(c); s += " ";
      } else {
        // Visibility (a layout query) only for a child that adds text.
        const before = s.length;
        rec(c);
        if (s.length !== before && !counts(c)) s = s.slice(0, before);
      }
    }
  }
  rec(el);
  const v = collapse(s);
  if (!cut) txt.set(el, v);
  textTruncated = cut || v.length > max;
  return v.length > max ? v.slice(0, max) : v;
}
// selfHidden reports whether el is hidden by its own style or attribute
// (display: none, visibility: hidden, hidden), as it would stay with its
// ancestors shown.
function selfHidden(el) {
  if (el.hidden) return true;
  const w = el.ownerDocument.defaultView || win, cs = w.getComputedStyle(el);
  if (cs.display === "none") return true;
  if (cs.visibility === "visible") return false;
  // Visibility is inherited: hidden by el's own style where its parent's is visible.
  const p = upEl(el);
  return !p || p.nodeType !== 1 || w.getComputedStyle(p).visibility === "visible";
}
function ownText(el) {
  for (let c = el.firstChild; c; c = c.nextSibling) if (c.nodeType === 3 && /\S/.test(c.data)) return true;
  return false;
}

