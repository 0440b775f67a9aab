// Called from Go with Runtime.callFunctionOn on one element (this), after the
// event: everything the DOM says about the element, and for each locator
// candidate how many elements of the frame it matches and which of them this
// one is. Counting walks the whole frame once, shadow trees (open and closed)
// in place. mode "frame" describes an <iframe> for a frame path instead.
function (testids, genClass, genID, mode) {
  const el = this;
  const doc = el.ownerDocument;
  const win = doc.defaultView;
  const rec = win && win.__chainrec;
  const genC = new RegExp(genClass), genI = new RegExp(genID);
  const norm = (s) => (s || "").replace(/\s+/g, " ").trim();
  const shadowOf = (h) => h.shadowRoot || (rec ? rec.root(h) : null);
  const cssStr = (s) => s.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\a ");
  const stableID = (id) => id && !genI.test(id);

  function uniq(sel, scope, e) {
    try {
      const l = scope.querySelectorAll(sel);
      return l.length === 1 && l[0] === e;
    } catch (x) {
      return false;
    }
  }
  function sameTagIndex(e) {
    let i = 1;
    for (let s = e.previousElementSibling; s; s = s.previousElementSibling) if (s.localName === e.localName) i++;
    return i;
  }
  function hasSameTagSibling(e) {
    const p = e.parentNode;
    if (!p) return false;
    for (let s = p.firstElementChild; s; s = s.nextElementSibling) if (s !== e && s.localName === e.localName) return true;
    return false;
  }
  // cssFor returns a short selector matching only e within scope (its
  // document or shadow root), never built on generated-looking ids or classes.
  function cssFor(e, scope) {
    const tag = CSS.escape(e.localName);
    const cands = [];
    if (stableID(e.id)) cands.push("#" + CSS.escape(e.id));
    for (const a of testids) {
      const v = e.getAttribute(a);
      if (v) cands.push(tag + "[" + a + '="' + cssStr(v) + '"]');
    }
    const nm = e.getAttribute("name");
    if (nm) cands.push(tag + '[name="' + cssStr(nm) + '"]');
    const cls = [...e.classList].filter((c) => !genC.test(c)).map((c) => CSS.escape(c));
    if (cls.length) {
      cands.push(tag + "." + cls[0]);
      if (cls.length > 1) cands.push(tag + "." + cls.join("."));
    }
    for (const a of ["aria-label", "placeholder", "type", "href", "title", "alt"]) {
      const v = e.getAttribute(a);
      if (v && v.length < 80) cands.push(tag + "[" + a + '="' + cssStr(v) + '"]');
    }
    cands.push(tag);
    for (const c of cands) if (uniq(c, scope, e)) return c;
    const path = [];
    for (let cur = e; cur && cur.nodeType === 1; cur = cur.parentElement) {
      let s;
      if (cur !== e && stableID(cur.id) && uniq("#" + CSS.escape(cur.id), scope, cur)) s = "#" + CSS.escape(cur.id);
      else {
        s = CSS.escape(cur.localName);
        if (cur === e && cls.length) s += "." + cls[0];
        if (hasSameTagSibling(cur)) s += ":nth-of-type(" + sameTagIndex(cur) + ")";
      }
      path.unshift(s);
      const sel = path.join(" > ");
      if (uniq(sel, scope, e)) return sel;
      if (s[0] === "#") break;
    }
    return "";
  }

  if (mode === "frame") {
    // An <iframe>: its selector in its own tree and where its content box is
    // in its frame's viewport.
    const r = el.getBoundingClientRect();
    const cs = win.getComputedStyle(el);
    return JSON.stringify({
      css: cssFor(el, el.getRootNode()),
      x: r.left + el.clientLeft + parseFloat(cs.paddingLeft || "0"),
      y: r.top + el.clientTop + parseFloat(cs.paddingTop || "0"),
    });
  }

  const root = el.getRootNode();
  const secret = rec ? rec.secret(el) : el.type === "password";
  const out = { tag: el.localName, secret };
  const attr = (a) => el.getAttribute(a) || "";
  out.id = el.id || "";
  out.name = attr("name");
  out.type = el.localName === "input" || el.localName === "button" ? el.type || "" : attr("type");
  out.classes = [...el.classList];
  out.href = el.localName === "a" && el.href ? el.href : attr("href");
  out.placeholder = attr("placeholder");
  out.title = attr("title");
  out.alt = attr("alt");
  out.ariaLabel = attr("aria-label");
  out.testids = {};
  for (const a of testids) if (el.hasAttribute(a)) out.testids[a] = el.getAttribute(a);
  if (!secret && "value" in el && typeof el.value === "string" && el.localName !== "button") out.value = el.value;
  if (el.localName === "input" && (el.type === "checkbox" || el.type === "radio")) out.checked = el.checked;
  out.text = norm(el.innerText !== undefined ? el.innerText : el.textContent).slice(0, 200);
  const ownText = norm(el.textContent);

  // Associated label: <label for>, wrapping <label>, aria-labelledby.
  let label = "";
  if (el.labels && el.labels.length) label = [...el.labels].map((l) => norm(l.innerText)).join(" ");
  if (!label && el.hasAttribute("aria-labelledby")) {
    label = norm(attr("aria-labelledby").split(/\s+/).map((id) => {
      const t = root.getElementById ? root.getElementById(id) : doc.getElementById(id);
      return t ? t.textContent : "";
    }).join(" "));
  }
  out.label = label;

  // Every element of the frame in tree order, shadow trees in place.
  const all = [];
  const limit = 20000;
  (function walk(n) {
    for (let c = n.firstElementChild; c && all.length < limit; c = c.nextElementSibling) {
      all.push(c);
      const sr = shadowOf(c);
      if (sr) walk(sr);
      walk(c);
    }
  })(doc);
  out.frameElements = all.length;
  const pos = new Map();
  all.forEach((e, i) => pos.set(e, i));
  // count says how many elements a predicate matches and the 1-based rank of el.
  function count(pred) {
    let n = 0, i = 0;
    for (const e of all) {
      let ok = false;
      try { ok = pred(e); } catch (x) {}
      if (ok) {
        n++;
        if (e === el) i = n;
      }
    }
    return { n, i };
  }
  function countSet(set) {
    const l = [...set].filter((e) => pos.has(e)).sort((a, b) => pos.get(a) - pos.get(b));
    return { n: l.length, i: l.indexOf(el) + 1 };
  }
  const counts = {};
  for (const a of Object.keys(out.testids)) {
    const v = out.testids[a];
    counts["testid:" + a] = count((e) => e.getAttribute(a) === v);
  }
  if (out.id) counts.id = count((e) => e.id === out.id);
  if (out.name) counts.name = count((e) => e.getAttribute("name") === out.name);
  if (out.placeholder) counts.placeholder = count((e) => e.getAttribute("placeholder") === out.placeholder);
  if (out.alt) counts.alt = count((e) => e.getAttribute("alt") === out.alt);
  if (out.title) counts.title = count((e) => e.getAttribute("title") === out.title);
  const labelText = label || out.ariaLabel;
  if (labelText) {
    const set = new Set();
    for (const e of all) {
      if (e.localName === "label" && norm(e.innerText) === labelText && e.control) set.add(e.control);
      if (e.getAttribute("aria-label") === labelText) set.add(e);
    }
    if (label && !set.has(el)) set.add(el); // aria-labelledby
    counts.label = countSet(set);
  }
  out.textValue = "";
  if (ownText && ownText.length <= 80 && !/^(input|textarea|select|html|body)$/.test(el.localName)) {
    out.textValue = ownText;
    const m = (e) => norm(e.textContent) === ownText;
    counts.text = count((e) => {
      if (!m(e)) return false;
      for (let c = e.firstElementChild; c; c = c.nextElementSibling) if (m(c)) return false;
      return true;
    });
  }
  // The elements of el's kind (tag, input type, role attribute): a target
  // that was the only one of its kind can be healed when it is the only
  // one again (similarity.MarkSole).
  const kindOf = (e) => e.localName + "|" + (e.localName === "input" ? (e.getAttribute("type") || "text").toLowerCase() : (e.getAttribute("type") || "").toLowerCase()) +
    "|" + (e.getAttribute("role") || "").trim().toLowerCase();
  const kind = kindOf(el);
  counts.kind = count((e) => kindOf(e) === kind);
  out.counts = counts;

  // A short CSS selector unique in the element's tree, and an XPath unique in
  // the document (XPath cannot enter shadow trees).
  out.css = cssFor(el, root);
  out.cssPositional = /nth-of-type/.test(out.css);
  out.xpath = "";
  if (root === doc) {
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
    if (stableID(out.id)) cands.push("//" + t + "[@id=" + xs(out.id) + "]");
    if (out.name) cands.push("//" + t + "[@name=" + xs(out.name) + "]");
    if (out.textValue && el.childElementCount === 0) cands.push("//" + t + "[normalize-space()=" + xs(out.textValue) + "]");
    for (const a of Object.keys(out.testids)) cands.push("//" + t + "[@" + a + "=" + xs(out.testids[a]) + "]");
    if (out.placeholder) cands.push("//" + t + "[@placeholder=" + xs(out.placeholder) + "]");
    if (out.ariaLabel) cands.push("//" + t + "[@aria-label=" + xs(out.ariaLabel) + "]");
    for (const c of cands) if (xq(c)) { out.xpath = c; break; }
    if (!out.xpath) {
      const parts = [];
      for (let cur = el; cur && cur.nodeType === 1; cur = cur.parentElement) {
        parts.unshift(cur.localName + (hasSameTagSibling(cur) ? "[" + sameTagIndex(cur) + "]" : ""));
      }
      const abs = "/" + parts.join("/");
      if (xq(abs)) {
        out.xpath = abs;
        out.xpathPositional = true;
      }
    }
  }

  // Shadow hosts from the document down to el's root.
  out.shadowPath = [];
  for (let r = root; r && r !== doc && r.host; r = r.host.getRootNode()) out.shadowPath.unshift(cssFor(r.host, r.host.getRootNode()));

  out.siblingIndex = sameTagIndex(el);
  const nb = [];
  if (label) nb.push(label);
  const fs = el.closest && el.closest("fieldset");
  const lg = fs && fs.querySelector("legend");
  if (lg) nb.push(norm(lg.textContent));
  // nearest heading before el, climbing at most 6 levels
  let heading = "";
  outer: for (let a = el, up = 0; a && up < 6; up++) {
    for (let s = a.previousElementSibling, k = 0; s && k < 20; s = s.previousElementSibling, k++) {
      if (/^h[1-6]$/.test(s.localName)) { heading = norm(s.textContent); break outer; }
      const hs = s.querySelectorAll && s.querySelectorAll("h1,h2,h3,h4,h5,h6");
      if (hs && hs.length) { heading = norm(hs[hs.length - 1].textContent); break outer; }
    }
    a = a.parentElement || (a.getRootNode().host || null);
  }
  if (heading) nb.push(heading);
  const row = el.closest && el.closest("tr, li");
  if (row) nb.push(norm(row.innerText).slice(0, 120));
  out.neighbours = nb.filter((s, i) => s && nb.indexOf(s) === i);

  // The nearest landmark or named section around el: regionOf is
  // internal/pagejs/region.js, which healing runs on the page too.
  out.region = regionOf(el);

  const r = el.getBoundingClientRect();
  out.rect = { x: r.left, y: r.top, w: r.width, h: r.height };
  out.scroll = { x: win.scrollX, y: win.scrollY };
  // In a fixed layer (a modal dialog, a fixed bar, a toast) the element keeps
  // its place on screen whatever the scroll.
  out.fixed = false;
  for (let a = el; a && a.nodeType === 1; a = a.parentElement || (a.parentNode && a.parentNode.host) || null) {
    if (win.getComputedStyle(a).position === "fixed") { out.fixed = true; break; }
  }
  return JSON.stringify(out);
}
