// ---- describing an element ----

// secretField reports whether el's value must never leave the page: a
// password field, a field marked data-secret, or one whose autocomplete
// names a password, a one-time code or card data.
function secretField(el) {
  const ac = (el.getAttribute("autocomplete") || "").toLowerCase();
  return el.type === "password" || el.hasAttribute("data-secret") || /password|one-time-code|cc-number|cc-csc/.test(ac);
}

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
    xp: absXPath(el), nb: neighboursOf(el), rg: regionOf(el), sp: shadowPathOf(el), fp: framePathOf(el),
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
// as [name, value] pairs, strongest first: its id when not generated-
// looking, its test ids, name, aria-label, href, title, and data
// attributes whose value is neither a bare number (a position) nor
// generated-looking nor a state (a card's data-bs-target="#modal-3", a
// row's data-key="inbox"); none for <html> and <body>. Whether one is
// unique is the caller's to ask.
const ANCHOR_SKIP = /^data-(?:reactid|reactroot|react-checksum|v-.*|index|idx|position|pos|order|row|col|state)$/;
const STATE_VALUE = /^(?:true|false|on|off|yes|no|open|opened|closed|active|inactive|selected|checked|hidden|visible|shown|expanded|collapsed)$/i;
function anchorAttrs(e, genI, testIds) {
  const out = [];
  if (e.localName === "html" || e.localName === "body") return out; // the document itself
  if (e.id && !genI.test(e.id)) out.push(["id", e.id]);
  for (const a of testIds) { const v = e.getAttribute(a); if (v) out.push([a, v]); }
  for (const a of ["name", "aria-label", "href", "title"]) {
    const v = e.getAttribute(a);
    if (v && v.length < 80 && v !== "#") out.push([a, v]);
  }
  for (const at of e.attributes) {
    const a = at.name, v = at.value.trim();
    if (a.indexOf("data-") !== 0 || testIds.indexOf(a) >= 0 || ANCHOR_SKIP.test(a)) continue;
    if (!v || v.length >= 80 || /^[-+.\d\s]+$/.test(v) || genI.test(v) || STATE_VALUE.test(v)) continue;
    out.push([a, at.value]);
  }
  return out;
}

// cssFor is a short selector that matches only el in the tree scopes of
// its document (sc), never built on generated-looking ids or classes
// (o.genClass, o.genID: regular expressions). Where nothing of el's own
// does, it is a path from the nearest ancestor an attribute of its own
// names alone (anchorAttrs), else from the scope's root: a place in the
// tree (:nth-of-type) only where no ancestor is named.
function cssFor(el, sc, genC, genI, testIds) {
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
  const anchor = (e) => {
    const t = CSS.escape(e.localName);
    for (const [a, v] of anchorAttrs(e, genI, testIds)) {
      const sel = a === "id" ? "#" + CSS.escape(v) : t + "[" + a + '="' + cssString(v) + '"]';
      if (alone(sel, e)) return sel;
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
  const path = [];
  for (let cur = el; cur && cur.nodeType === 1; cur = cur.parentElement) {
    let s = cur !== el ? anchor(cur) : "";
    const anchored = s !== "";
    if (!anchored) {
      s = CSS.escape(cur.localName);
      if (cur === el && cls.length) s += "." + cls[0];
      if (hasSameTagSibling(cur)) s += ":nth-of-type(" + sameTagIndex(cur) + ")";
    }
    path.unshift(s);
    const sel = path.join(" > ");
    if (uniq(sel)) return sel;
    if (anchored || cur.parentNode === scope) break;
  }
  return "";
}
function cssString(s) { return s.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\a "); }

// xpathFor is an XPath that matches only el in its document: anchored at
// a stable attribute or a short text when one is unique, else the
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
  // A path from the nearest ancestor an attribute of its own names alone
  // (as cssFor's), positional only where a step below it is.
  const rel = [];
  let pos = false;
  for (let cur = el; cur && cur.parentElement; cur = cur.parentElement) {
    if (foreign(cur)) break;
    const i = hasSameTagSibling(cur) ? "[" + sameTagIndex(cur) + "]" : "";
    rel.unshift(cur.localName + i);
    pos = pos || i !== "";
    const up = cur.parentElement;
    if (foreign(up)) break;
    const x = anchorAttrs(up, genI, testIds).map(([a, v]) => "//" + up.localName + "[@" + a + "=" + xs(v) + "]").find((x) => {
      try {
        const r = doc.evaluate(x, doc, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
        return r.snapshotLength === 1 && r.snapshotItem(0) === up;
      } catch (e) {
        return false;
      }
    });
    if (x) {
      const full = x + "/" + rel.join("/");
      if (xq(full)) return { x: full, pos };
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
  d.css = cssFor(el, sc, genC, genI, testIds);
  const root = el.getRootNode();
  if (!d.css && root.nodeType === 11 && root.host) {
    // Repeated components (a toggle in every settings row) have the same
    // inside: a selector unique in el's own shadow root, reached through
    // its hosts as a multi-part selector is.
    d.css = cssFor(el, { scopes: [root] }, genC, genI, testIds);
    if (d.css) d.cssHosts = shadowPathOf(el);
  }
  d.cssPositional = /nth-of-type/.test(d.css);
  const xp = xpathFor(el, genI, testIds, d.textValue);
  d.xpath = xp.x;
  d.xpathPositional = xp.pos;
  d.siblingIndex = sameTagIndex(el);
  d.fixed = fixedLayer(el);
  d.scrollers = scrolledBy(el);
  d.sim = simFactsOf(el, d.text); // 78_simfacts.js
  const v = el.ownerDocument.defaultView || win;
  d.scroll = [v.scrollX, v.scrollY];
  return d;
}
