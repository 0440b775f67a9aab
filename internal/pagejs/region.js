// The region of an element as the recorder reads it and healing compares
// it (strategies/neighbours.go computes the same on the DOM tree): the
// nearest enclosing section, article, aside, nav, form, main, dialog or
// search element, page-level header or footer, or element with a landmark,
// region, form or dialog role, that has a name: its aria-labelledby texts,
// its aria-label, its own first heading (one inside a nested region names
// that region), or, for a landmark, its role ("banner" for the page's
// header); unnamed ones that are not landmarks are climbed past, and shadow
// roots are crossed to their hosts. "" when none.
function (el) {
  const norm = (s) => (s || "").replace(/\s+/g, " ").trim();
  const REGION_TAGS = /^(section|article|aside|nav|form|main|dialog|search)$/;
  const REGION_ROLES = /^(region|navigation|complementary|form|dialog|alertdialog|main|search|banner|contentinfo)$/;
  const LANDMARK_ROLES = /^(main|navigation|complementary|banner|contentinfo|search)$/;
  const LANDMARK_TAGS = { main: "main", nav: "navigation", aside: "complementary", search: "search" };
  const sectioned = (a) => !!a.parentElement &&
    !!a.parentElement.closest("article,aside,main,nav,section,[role=article],[role=complementary],[role=main],[role=navigation],[role=region]");
  const isRegion = (a) => {
    if (REGION_ROLES.test(a.getAttribute("role") || "")) return true;
    if (a.localName === "header" || a.localName === "footer") return !sectioned(a);
    return REGION_TAGS.test(a.localName);
  };
  const landmark = (a) => {
    const r = a.getAttribute("role") || "";
    if (r) return LANDMARK_ROLES.test(r) ? r : "";
    if (LANDMARK_TAGS[a.localName]) return LANDMARK_TAGS[a.localName];
    if (a.localName === "header" && !sectioned(a)) return "banner";
    if (a.localName === "footer" && !sectioned(a)) return "contentinfo";
    return "";
  };
  const ownHeading = (a) => {
    for (const h of a.querySelectorAll("h1,h2,h3,h4,h5,h6")) {
      let p = h.parentElement;
      while (p && p !== a && !isRegion(p)) p = p.parentElement;
      if (p === a) return h;
    }
    return null;
  };
  const up = (e) => e.parentElement || (e.parentNode && e.parentNode.host) || null;
  for (let a = up(el); a && a.nodeType === 1; a = up(a)) {
    if (!isRegion(a)) continue;
    let name = "";
    const ids = (a.getAttribute("aria-labelledby") || "").split(/\s+/).filter(Boolean);
    if (ids.length) {
      const r = a.getRootNode();
      name = norm(ids.map((id) => { const l = r.getElementById ? r.getElementById(id) : null; return l ? l.textContent : ""; }).join(" "));
    }
    if (!name) name = norm(a.getAttribute("aria-label") || "");
    if (!name) { const h = ownHeading(a); if (h) name = norm(h.textContent); }
    if (!name) name = landmark(a);
    if (name) return name.slice(0, 120);
  }
  return "";
}
