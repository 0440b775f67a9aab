// Called with snapshot.Call on the kept nodes of a page: for each element
// the facts similarity healing would have of it besides the snapshot's
// own (which the page side is asked to provide, see README): its region
// (internal/pagejs, as the recorder and replay read it), its landmark path,
// its id-anchored XPath, whether it stands in a fixed layer, and its
// identity across a synthetic redesign (__simid).
function (els) {
  const region = REGION;
  const up = (e) => e.parentElement || (e.parentNode && e.parentNode.host) || null;
  const sectioned = (a) => !!a.parentElement &&
    !!a.parentElement.closest("article,aside,main,nav,section,[role=article],[role=complementary],[role=main],[role=navigation],[role=region]");
  const ROLES = /^(banner|navigation|main|complementary|contentinfo|search|form|region|dialog|alertdialog)$/;
  // landmark is the landmark role a contributes to the path, or "".
  const landmark = (a) => {
    const r = (a.getAttribute("role") || "").trim().split(/\s+/)[0].toLowerCase();
    if (r) return ROLES.test(r) ? (r === "alertdialog" ? "dialog" : r) : "";
    switch (a.localName) {
      case "header": return sectioned(a) ? "" : "banner";
      case "footer": return sectioned(a) ? "" : "contentinfo";
      case "nav": return "navigation";
      case "main": return "main";
      case "aside": return "complementary";
      case "search": return "search";
      case "form": return "form";
      case "dialog": return "dialog";
      case "section":
        return a.hasAttribute("aria-label") || a.hasAttribute("aria-labelledby") || a.hasAttribute("title") ? "region" : "";
    }
    return "";
  };
  const foreign = (e) => e.namespaceURI !== "http://www.w3.org/1999/xhtml" || e.localName.indexOf(":") >= 0;
  const position = (e) => {
    let i = 1;
    for (let s = e.previousElementSibling; s; s = s.previousElementSibling) if (s.localName === e.localName) i++;
    return i;
  };
  // idxpath is the XPath from the nearest element (e itself included)
  // with an id, every step with its same-tag position; from /html when
  // no element above has one; "" inside a shadow tree.
  const idxpath = (e) => {
    if (e.getRootNode() !== e.ownerDocument) return "";
    const steps = [];
    for (let a = e; a && a.nodeType === 1; a = a.parentElement) {
      const id = a.getAttribute("id");
      if (id && id.indexOf('"') < 0) return '//*[@id="' + id + '"]' + (steps.length ? "/" + steps.join("/") : "");
      if (a === e.ownerDocument.documentElement) return "/html" + (steps.length ? "/" + steps.join("/") : "");
      steps.unshift((foreign(a) ? "*[local-name()='" + a.localName + "']" : a.localName) + "[" + position(a) + "]");
    }
    return "";
  };
  // icon names an element without a text by its descendant icons and
  // pictures, at most four in document order: an <svg>'s data-icon,
  // classes and <use> fragment, an <img>'s file name (src without
  // directories, query and extension) and alt, an <i>'s or <span>'s
  // classes; "" for a text control, a select, an element with a text or
  // without such descendants.
  const icon = (e) => {
    if (/^(input|select|textarea)$/.test(e.localName) || (e.innerText || "").trim() !== "") return "";
    const marks = [];
    for (const d of e.querySelectorAll("svg,img,i,span")) {
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
  };
  return els.map((e) => {
    const lms = [];
    for (let a = up(e); a && a.nodeType === 1; a = up(a)) {
      const l = landmark(a);
      if (l) lms.unshift(l);
    }
    let fixed = false;
    for (let a = e; a && a.nodeType === 1; a = up(a)) {
      if (getComputedStyle(a).position === "fixed") { fixed = true; break; }
    }
    return { region: region(e), landmarks: lms, idxpath: idxpath(e), icon: icon(e), fixed, simid: e.__simid || 0 };
  });
}
