// ---- facts for similarity healing: landmark paths and icons ----
// What package similarity compares beside a node's attributes and texts
// (similarity.Candidate, chain.Fingerprint): the landmark roles around an
// element and, for an element without a text, the icons and pictures
// that name it. The id-anchored XPath is the walk's own (Node.XPath).
const LANDMARK_ROLE = /^(banner|navigation|main|complementary|contentinfo|search|form|region|dialog|alertdialog)$/;
// pathLandmark is the landmark role el adds to the path of the elements
// inside it, or "": an explicit landmark role (alertdialog read as
// dialog); else a header or footer outside article, aside, main, nav and
// section, a nav, main, aside, search, form or dialog element, or a
// section named by aria-label, aria-labelledby or title. (50_context.js's
// landmarkOf names a region; this is the path similarity compares.)
function pathLandmark(el) {
  const r = (el.getAttribute("role") || "").trim().split(/\s+/)[0].toLowerCase();
  if (r) return LANDMARK_ROLE.test(r) ? (r === "alertdialog" ? "dialog" : r) : "";
  switch (el.localName) {
    case "header": return sectioned(el) ? "" : "banner";
    case "footer": return sectioned(el) ? "" : "contentinfo";
    case "nav": return "navigation";
    case "main": return "main";
    case "aside": return "complementary";
    case "search": return "search";
    case "form": return "form";
    case "dialog": return "dialog";
    case "section":
      return el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby") || el.hasAttribute("title") ? "region" : "";
  }
  return "";
}
// (upEl, 50_context.js: the parent element, or a shadow root's host.)
// PATH_LANDMARK_TAGS are the local names pathLandmark may name a
// landmark by without a role attribute: the walk asks it only of those
// and of elements with a role.
const PATH_LANDMARK_TAGS = new Set(["header", "footer", "nav", "main", "aside", "search", "form", "dialog", "section"]);
// withLandmark is the path outer extended by the landmark l ("" for none).
function withLandmark(outer, l) { return l ? (outer ? outer + " " + l : l) : outer; }
// landmarksOf is the space-separated landmark path around el (el
// excluded), outermost first, for one element (the recorder's
// description). The walk extends its parent's path as it descends
// instead (80_walk.js, ctx.lm).
function landmarksOf(el) {
  let p = "";
  const up = [];
  for (let a = upEl(el); a && a.nodeType === 1; a = upEl(a)) up.push(a);
  for (let i = up.length - 1; i >= 0; i--) p = withLandmark(p, pathLandmark(up[i]));
  return p;
}
const NO_ICON = new Set(["INPUT", "SELECT", "TEXTAREA"]);
// iconOf names an element without a text by its descendant icons and
// pictures, at most four in document order, space-separated: an <svg>'s
// data-icon, classes and <use> fragment, an <img>'s file name (its src
// without directories, query and extension) and alt, an <i>'s or
// <span>'s classes. text is the element's text as the walk read it; ""
// for a text control, a select, an element with a text or none of those.
function iconOf(el, text) {
  if (text || NO_ICON.has(el.tagName)) return "";
  const marks = [];
  for (const d of el.querySelectorAll("svg,img,i,span")) {
    const parts = [];
    if (d.localName === "img") {
      const src = (d.getAttribute("src") || "").split(/[?#]/)[0].split("/").pop().replace(/\.[a-z0-9]+$/i, "");
      parts.push(src, d.getAttribute("alt") || "");
    } else {
      parts.push(d.getAttribute("data-icon") || "", d.getAttribute("class") || "");
      const u = d.localName === "svg" && d.querySelector("use");
      if (u) parts.push((u.getAttribute("href") || u.getAttribute("xlink:href") || "").split("#").pop());
    }
    const s = parts.join(" ").replace(/\s+/g, " ").trim();
    if (s) marks.push(s);
    if (marks.length === 4) break;
  }
  return marks.join(" ");
}
// simFacts sets, on each walked node n of the element els[n.k] that is a
// tier 1 or 2 node whose text was read and is empty, its icon (n.ic). (The
// walk sets each node's landmark path, n.lm, as it goes.)
function simFacts(nodes, els) {
  for (const n of nodes) {
    const el = els[n.k];
    if (el && n.t <= 2 && !n.nx && !n.x) n.ic = iconOf(el, "");
  }
}
// idXPathOf is el's XPath from the nearest element with an id (el
// itself included), every step with its same-tag position, else from
// /html: the walk's Node.XPath, for the recorder's description; "" inside
// a shadow tree.
function idXPathOf(el) {
  if (el.getRootNode() !== el.ownerDocument) return "";
  const steps = [];
  for (let a = el; a && a.nodeType === 1; a = a.parentElement) {
    const id = a.getAttribute("id");
    if (id && id.indexOf('"') < 0) return '//*[@id="' + id + '"]' + (steps.length ? "/" + steps.join("/") : "");
    if (a === el.ownerDocument.documentElement) return "/html" + (steps.length ? "/" + steps.join("/") : "");
    let i = 1;
    for (let s = a.previousElementSibling; s; s = s.previousElementSibling) if (s.localName === a.localName) i++;
    const ns = a.namespaceURI !== "http://www.w3.org/1999/xhtml" || a.localName.indexOf(":") >= 0;
    steps.unshift((ns ? "*[local-name()='" + a.localName + "']" : a.localName) + "[" + i + "]");
  }
  return "";
}
// simFactsOf is what similarity healing compares of el beside its
// description, as the walk gives it for its nodes: the id-anchored XPath
// (ix), the landmark path (lm, space-separated) and the icon (ic; text is
// el's text as described).
function simFactsOf(el, text) {
  return { ix: idXPathOf(el), lm: landmarksOf(el), ic: iconOf(el, text) };
}
