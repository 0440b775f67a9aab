// ---- describing an element ----

// typeOf is el's type as the fingerprint keeps it: an input's or a
// button's type property (a button without one is "submit"), else the
// attribute.
function typeOf(el) {
  if (el.tagName === "INPUT" || el.tagName === "BUTTON") return String(el.type || "").toLowerCase();
  return (el.getAttribute("type") || "").toLowerCase();
}

// checkedOf is "true", "false" or "mixed" for a checkbox, radio or
// switch, else "".
function checkedOf(el, role) {
  if (role !== "checkbox" && role !== "radio" && role !== "switch" && role !== "menuitemcheckbox" && role !== "menuitemradio") return "";
  if (el.tagName === "INPUT") return el.indeterminate ? "mixed" : String(el.checked);
  return el.getAttribute("aria-checked") || "false";
}

// disabledEl reports whether el is disabled: its own disabled state (a
// disabled fieldset's controls too) or aria-disabled.
function disabledEl(el) {
  if ((DISABLEABLE.has(el.tagName) || el.tagName.indexOf("-") > 0) && el.disabled === true) return true;
  if (LABELABLE.has(el.tagName) && el.matches(":disabled")) return true;
  return el.getAttribute("aria-disabled") === "true";
}

// textFieldOf reports whether el's text is not read: a form field's is
// its value.
function textFieldOf(el) { return el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "IFRAME" || el.tagName === "FRAME"; }

// brief is what the engine compares of an element: what a strategy's
// match is verified with, and what similarity scores (see Go's
// pagemodel.Element for the fields). o: testIds, the test id attributes;
// local, boxes in the viewport of the element's own document (else of the
// world's top document).
function brief(el, o) {
  const testIds = o.testIds || [];
  const tag = el.tagName;
  const ha = el.hasAttributes();
  const role = roleOf(el, tag, ha);
  const labels = labelsOf(el);
  const name = accName(el, labels, role, ha);
  const r = el.getBoundingClientRect();
  const off = o.local ? [0, 0, [-1e9, -1e9, 1e9, 1e9]] : frameOffset(el);
  const x = r.x + off[0], y = r.y + off[1];
  const secret = secretField(el);
  const d = {
    k: ref(el), tag: el.localName, id: el.id || "", cls: el.getAttribute("class") || "", nm: el.getAttribute("name") || "",
    ty: typeOf(el), href: tag === "A" && el.href ? el.href : el.getAttribute("href") || "",
    ph: el.getAttribute("placeholder") || "", ti: el.getAttribute("title") || "", alt: el.getAttribute("alt") || "",
    al: el.getAttribute("aria-label") || "", tid: testIdsOf(el, testIds || []),
    role: role, name: name, lab: labelOf(el),
    text: tag === "SELECT" ? optionsText(el) : textFieldOf(el) ? "" : textOf(el, MAXTEXT),
    val: "", chk: checkedOf(el, role), box: [x, y, r.width, r.height],
    vis: r.width > 0 && r.height > 0 && visibleEl(el), dis: disabledEl(el), ah: ariaHiddenUp(el), sec: secret,
    xp: absXPath(el), nbp: neighbourParts(el), rg: regionOf(el), sp: shadowPathOf(el), fp: framePathOf(el), up: treeUp(el),
  };
  // Out of the accessibility tree: no role and no name, as Chromium's
  // tree has none for it (the walk's nodes say the same).
  if (d.ah) { d.role = ""; d.name = ""; }
  if (!secret && (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT")) d.val = cap(String(el.value), MAXNAME);
  else if (!secret && el.hasAttribute("value")) d.val = cap(el.getAttribute("value"), MAXNAME);
  if (d.fp.length) d.clip = off[2];
  if (!d.xp) d.tp = treePath(el);
  return d;
}

// ---- what the recorder writes: locators and their counts ----

// anchorAttrs are the attributes of an element that may name it alone,
// as [name, value, numbered] triples, strongest first: its id when not
// generated-looking, its test ids, name, aria-label and title without
// digits, an href without a query, and data attributes whose value is
// neither a bare number (a position) nor generated-looking nor a state
// ("open", "hover active"), nor named for a state or a sort; none for
// <html> and <body>. An attribute whose value is one of a numbered series
// (another element of the tag carries it with other digits:
// data-bs-target="#portfolioModal3" beside "#portfolioModal4") comes after
// the others, numbered: an app may number its items in order, and an
// item inserted before renumbers the rest. Whether one is unique is the
// caller's to ask.
const ANCHOR_SKIP = /^data-(?:reactid|reactroot|react-checksum|v-.*|index|idx|position|pos|order|row|col)$|-(?:state|status|sort|original-title|tooltip)(?:-|$)/;
const STATE_WORD = /^(?:true|false|on|off|yes|no|open|opened|closed|active|inactive|selected|checked|hidden|visible|shown|expanded|collapsed|hover|hovered|focus|focused|focus-visible|current|pressed|disabled|enabled|loading|loaded|pending|asc|ascending|desc|descending)$/i;
function anchorAttrs(e, genI, testIds) {
  const out = [];
  if (e.localName === "html" || e.localName === "body") return out; // the document itself
  const add = (a, v) => out.push([a, v, numberedSeries(e, a, v)]);
  if (e.id && !genI.test(e.id)) add("id", e.id);
  for (const a of testIds) { const v = e.getAttribute(a); if (v) add(a, v); }
  for (const a of ["name", "aria-label", "title", "href"]) {
    const v = e.getAttribute(a);
    if (!v || v.length >= 80 || v === "#") continue;
    if (a === "href" ? v.indexOf("?") >= 0 : a !== "name" && /\d/.test(v)) continue; // a session in a query; a count in words
    add(a, v);
  }
  for (const at of e.attributes) {
    const a = at.name, v = at.value.trim();
    if (a.indexOf("data-") !== 0 || !/^[a-z][a-z0-9_-]*$/.test(a) || testIds.indexOf(a) >= 0 || ANCHOR_SKIP.test(a)) continue;
    if (!v || v.length >= 80 || /^[-+.\d\s]+$/.test(v) || genI.test(v) || v.split(/\s+/).some((w) => STATE_WORD.test(w))) continue;
    add(a, at.value);
  }
  return out.filter((x) => !x[2]).concat(out.filter((x) => x[2]));
}
// numberedSeries reports whether e's attribute a, of value v, is one of a
// numbered series: another element of e's tag in its tree scope carries a
// with a value that differs from v in its digits only.
function numberedSeries(e, a, v) {
  if (!/\d/.test(v)) return false;
  const stem = v.replace(/\d+/g, "0");
  let others;
  try { others = e.getRootNode().querySelectorAll(CSS.escape(e.localName) + "[" + CSS.escape(a) + "]"); } catch (x) { return false; }
  for (const o of others) {
    const w = o.getAttribute(a);
    if (o !== e && w !== v && w.replace(/\d+/g, "0") === stem) return true;
  }
  return false;
}
// MAX_ANCHOR_UP is how many ancestors a selector's path looks at for an
// anchor: each costs, for cssFor and again for xpathFor, a query of the
// document per attribute, and one more per attribute with digits
// (numberedSeries).
const MAX_ANCHOR_UP = 12;

// cssFor is a short selector that matches only el in the tree scopes of
// its document (sc), never built on generated-looking ids or classes
// (o.genClass, o.genID: regular expressions): its id, test ids, name,
// classes or other attributes, then one of its anchorAttrs. Where nothing
// of el's own does, it is a path up from el, each step a tag with :nth-of-type where
// siblings share it, until it is unique or, while no step is a position,
// reaches an ancestor an attribute of its own names alone (anchorAttrs),
// which then starts it. (Below an anchor, a position would follow the
// place among look-alikes, as an index does, and agree with it on the
// wrong one once they are reordered: such a path goes on up as before.)
// out, when given, gets numbered: the path starts at a numbered anchor.
function cssFor(el, sc, genC, genI, testIds, out) {
  const scope = el.getRootNode();
  const stableID = (id) => id && !genI.test(id);
  const alone = (sel, of) => {
    let n = 0, hit = false;
    try {
      for (const s of sc.scopes) for (const e of s.querySelectorAll(sel)) { n++; if (e === of) hit = true; if (n > 1) return false; }
    } catch (x) { return false; }
    return n === 1 && hit;
  };
  const uniq = (sel) => alone(sel, el);
  let numbered = false;
  const anchor = (e) => {
    const t = CSS.escape(e.localName);
    for (const [a, v, num] of anchorAttrs(e, genI, testIds)) {
      const sel = a === "id" ? "#" + CSS.escape(v) : t + "[" + a + '="' + cssString(v) + '"]';
      if (alone(sel, e)) { numbered = num; return sel; }
    }
    return "";
  };
  const tag = CSS.escape(el.localName);
  const cands = [];
  if (stableID(el.id)) cands.push("#" + CSS.escape(el.id));
  for (const a of testIds) {
    const v = el.getAttribute(a);
    if (v) cands.push(tag + "[" + a + '="' + cssString(v) + '"]');
  }
  const nm = el.getAttribute("name");
  if (nm) cands.push(tag + '[name="' + cssString(nm) + '"]');
  const cls = [...el.classList].filter((c) => !genC.test(c)).map((c) => CSS.escape(c));
  if (cls.length) {
    cands.push(tag + "." + cls[0]);
    if (cls.length > 1) cands.push(tag + "." + cls.join("."));
  }
  for (const a of ["aria-label", "placeholder", "type", "href", "title", "alt"]) {
    const v = el.getAttribute(a);
    if (v && v.length < 80) cands.push(tag + "[" + a + '="' + cssString(v) + '"]');
  }
  cands.push(tag);
  for (const c of cands) if (uniq(c)) return c;
  // An attribute of its own that names it alone, as an anchor would (a
  // card's data-target): numbered where it is one of a numbered series.
  for (const [a, v, num] of anchorAttrs(el, genI, testIds)) {
    const sel = a === "id" ? "#" + CSS.escape(v) : tag + "[" + a + '="' + cssString(v) + '"]';
    if (uniq(sel)) {
      if (out) out.numbered = num;
      return sel;
    }
  }
  const path = [];
  let placed = false; // a step so far is a position
  for (let cur = el, up = 0; cur && cur.nodeType === 1; cur = cur.parentElement, up++) {
    let s = cur !== el && !placed && up <= MAX_ANCHOR_UP ? anchor(cur) : "";
    const anchored = s !== "";
    if (!anchored) {
      s = CSS.escape(cur.localName);
      if (cur === el && cls.length) s += "." + cls[0];
      if (hasSameTagSibling(cur)) { s += ":nth-of-type(" + sameTagIndex(cur) + ")"; placed = true; }
    }
    path.unshift(s);
    const sel = path.join(" > ");
    if (uniq(sel)) {
      if (out) out.numbered = anchored && numbered;
      return sel;
    }
    if (anchored || cur.parentNode === scope) break;
  }
  return "";
}
function cssString(s) { return s.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\a "); }

// xpathFor is an XPath that matches only el in its document: anchored at
// a stable attribute or a short text of el's when one is unique (one of
// its anchorAttrs, positional when numbered), else a
// path without positions from the nearest ancestor an attribute names
// alone (anchorAttrs; positional when the anchor is numbered), else the
// absolute path (positional). "" in a shadow tree.
function xpathFor(el, genI, testIds, textValue) {
  const doc = el.ownerDocument;
  if (el.getRootNode() !== doc) return { x: "", pos: false };
  const xs = (s) => (s.indexOf('"') < 0 ? '"' + s + '"' : s.indexOf("'") < 0 ? "'" + s + "'" :
    "concat(" + s.split('"').map((p) => '"' + p + '"').join(", '\"', ") + ")");
  const xq = (x) => {
    try {
      const r = doc.evaluate(x, doc, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
      return r.snapshotLength === 1 && r.snapshotItem(0) === el;
    } catch (e) {
      return false;
    }
  };
  const t = el.localName;
  const cands = [];
  if (el.id && !genI.test(el.id)) cands.push("//" + t + "[@id=" + xs(el.id) + "]");
  const nm = el.getAttribute("name");
  if (nm) cands.push("//" + t + "[@name=" + xs(nm) + "]");
  if (textValue && el.childElementCount === 0) cands.push("//" + t + "[normalize-space()=" + xs(textValue) + "]");
  for (const a of testIds) { const v = el.getAttribute(a); if (v) cands.push("//" + t + "[@" + a + "=" + xs(v) + "]"); }
  const ph = el.getAttribute("placeholder");
  if (ph) cands.push("//" + t + "[@placeholder=" + xs(ph) + "]");
  const al = el.getAttribute("aria-label");
  if (al) cands.push("//" + t + "[@aria-label=" + xs(al) + "]");
  for (const c of cands) if (xq(c)) return { x: c, pos: false };
  for (const [a, v, num] of anchorAttrs(el, genI, testIds)) {
    const c = "//" + t + "[@" + a + "=" + xs(v) + "]";
    if (xq(c)) return { x: c, pos: num };
  }
  // A path without positions from the nearest ancestor an attribute of
  // its own names alone (as cssFor's), positional only where the anchor
  // is numbered; with a position below any anchor, the absolute path.
  const rel = [];
  for (let cur = el, n = 0; cur && cur.parentElement && n < MAX_ANCHOR_UP; cur = cur.parentElement, n++) {
    if (foreign(cur)) break;
    const i = hasSameTagSibling(cur) ? "[" + sameTagIndex(cur) + "]" : "";
    rel.unshift(cur.localName + i);
    if (i !== "") break; // a position below any anchor: the absolute path
    const up = cur.parentElement;
    if (foreign(up)) break;
    const anc = anchorAttrs(up, genI, testIds).find(([a, v]) => {
      try {
        const r = doc.evaluate("//" + up.localName + "[@" + a + "=" + xs(v) + "]", doc, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
        return r.snapshotLength === 1 && r.snapshotItem(0) === up;
      } catch (e) {
        return false;
      }
    });
    if (anc) {
      const full = "//" + up.localName + "[@" + anc[0] + "=" + xs(anc[1]) + "]/" + rel.join("/");
      if (xq(full)) return { x: full, pos: anc[2] };
      break;
    }
  }
  const abs = absXPath(el);
  return xq(abs) ? { x: abs, pos: true } : { x: "", pos: false };
}

// describe is brief and what the recorder needs to write a step's chain:
// the text locator's value, a CSS selector and an XPath unique in the
// document, the element's place among its siblings, whether it stands in
// a fixed layer, and, for every locator the recorder may write, how many
// elements of the document (shadow trees included) it matches and which
// of them el is ({n, i}, i 1-based, 0 when el is not among them), counted
// by the same matching as replay's (matchAll). o: testIds, genClass,
// genID, secret (the recorder saw the field as a secret before).
function describe(el, o) {
  const testIds = o.testIds || [];
  const d = brief(el, o);
  if (o.secret) { d.sec = true; d.val = ""; }
  const sc = scopesOf(el.ownerDocument, false);
  const count = (q) => {
    let r;
    try { r = matchAll(q, sc); } catch (x) { return null; }
    return { n: r.els.length, i: r.els.indexOf(el) + 1, tier: r.tier };
  };
  const tag = el.tagName;
  d.textValue = "";
  if (!textFieldOf(el) && tag !== "SELECT" && tag !== "HTML" && tag !== "BODY") {
    const t = textOf(el, 80);
    if (t && !textTruncated) d.textValue = t;
  }
  const c = {};
  if (d.tid) {
    c.testid = {};
    for (const a of Object.keys(d.tid)) c.testid[d.tid[a]] = count({ t: "attr", a: testIds, v: d.tid[a] });
  }
  if (d.role && d.name) c.role = count({ t: "role", r: d.role, v: d.name, hn: true });
  if (d.ph) c.placeholder = count({ t: "attr", a: ["placeholder"], v: d.ph });
  const lab = d.lab || collapse(d.al);
  if (lab) c.label = count({ t: "label", v: lab });
  if (d.alt) c.alt = count({ t: "attr", a: ["alt"], v: d.alt });
  if (d.textValue) {
    c.text = count({ t: "text", v: d.textValue, tag: el.localName });
    // Of nested elements that read the same text, the text alone names
    // the innermost (interactive) one, as Chrome's text/ does: a row
    // whose text is its label's is named only with its tag.
    const alone = c.text && c.text.i > 0 ? count({ t: "text", v: d.textValue }) : null;
    d.textInChild = !!alone && alone.n > 0 && alone.i === 0;
  }
  if (d.ti) c.title = count({ t: "attr", a: ["title"], v: d.ti });
  if (d.id) c.id = count({ t: "attr", a: ["id"], v: d.id });
  if (d.nm) c.name = count({ t: "attr", a: ["name"], v: d.nm });
  c.kind = count({ t: "kind", v: kindOf(el) });
  d.counts = c;
  // Named as others are too: the repeated item (a row, a list item, a
  // card) or the section it is in, named by a text of its own, and el
  // inside it.
  const genC = new RegExp(o.genClass || "(?!)"), genI = new RegExp(o.genID || "(?!)");
  d.scope = scopeOf(el, sc, genC);
  d.others = othersOf(el, d.role, d.name);
  const cssOut = { numbered: false };
  d.css = cssFor(el, sc, genC, genI, testIds, cssOut);
  const root = el.getRootNode();
  if (!d.css && root.nodeType === 11 && root.host) {
    // Repeated components (a toggle in every settings row) have the same
    // inside: a selector unique in el's own shadow root, reached through
    // its hosts as a multi-part selector is.
    d.css = cssFor(el, { scopes: [root] }, genC, genI, testIds, cssOut);
    if (d.css) d.cssHosts = shadowPathOf(el, genI);
  }
  d.cssPositional = /nth-of-type/.test(d.css) || cssOut.numbered || (d.cssHosts || []).some((h) => /nth-/.test(h));
  const xp = xpathFor(el, genI, testIds, d.textValue);
  d.xpath = xp.x;
  d.xpathPositional = xp.pos;
  d.siblingIndex = sameTagIndex(el);
  const g = groupOf(el);
  d.items = g ? g.n : 0;
  d.itemKind = g ? g.kind : "";
  d.fixed = fixedLayer(el);
  d.scrollers = scrolledBy(el);
  d.sim = simFactsOf(el, d.text); // 78_simfacts.js
  const v = el.ownerDocument.defaultView || win;
  d.scroll = [v.scrollX, v.scrollY];
  return d;
}
