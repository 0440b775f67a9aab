// ---- accessible name (accname 1.2, as Chromium computes it) ----
//
// accName is the name Chromium's accessibility tree gives an element, for
// an element that is in that tree (computedName adds the rest: an element
// Chromium leaves out has no name). Where WPT's expectations and Chromium
// part, it follows Chromium, whose names the recorder's users see:
//  - a control with a <label> is named by its labels alone, hidden ones
//    giving nothing (no fallback to its value, title or placeholder);
//  - CSS ::before and ::after text is joined to the content without a
//    space; an alternative text (content: "x" / "alt") replaces it;
//  - content comes before the title, and a generic element (a div, a
//    span) takes no name from its title; an <img alt=""> has no name;
//  - a figure is not named by its figcaption;
//  - aria-labeledby is read where aria-labelledby is absent;
//  - an element counts once in a name: one that gave its text through an
//    aria-labelledby gives none again as content;
//  - an element another one owns (aria-owns) gives its text to its owner,
//    even an owner that is not rendered;
//  - ruby annotations (rt) are not part of the name;
//  - text styled with CSS text-transform uppercase, lowercase or
//    capitalize gives the name as shown ("Close" in capitals is "CLOSE";
//    the copied WPT files test only full-size-kana, left as written).
//    Asked of the computed style only where a sheet, an inline style or
//    an enclosing scope says text-transform (scopeInfo's tt); text
//    referenced through aria-labelledby stays as written.
// White space is collapsed as Chromium collapses it: runs of ASCII white
// space to one space; U+00A0 and other spaces are kept. Names are
// trimmed (Chromium's may keep a space its content began with).

// labelMaps holds the names' caches of one call (fresh, in 10_core.js,
// clears it): the scopeInfo of each tree scope met.
const labelMaps = new Map();
// labelsFor is the labels whose for names el in the tree scope scope.
function labelsFor(el, scope) {
  const id = el.id;
  if (!id) return null;
  return scopeInfo(scope).labels.get(id) || null;
}
// ASCII white space, as HTML and accname define it.
const ASCII_WS = /[\t\n\f\r ]+/g;
// collapseName folds runs of ASCII white space to one space and trims
// them at either end: most strings need nothing.
function collapseName(s) {
  if (s === "") return s;
  const a = s.charCodeAt(0), z = s.charCodeAt(s.length - 1);
  if (a > 32 && z > 32 && s.indexOf("  ") < 0 && !/[\t\n\f\r]/.test(s)) return s;
  s = s.replace(ASCII_WS, " ");
  let i = 0, j = s.length;
  if (s.charCodeAt(0) === 32) i = 1;
  if (j > i && s.charCodeAt(j - 1) === 32) j--;
  return s.slice(i, j);
}
// blankName reports whether s is empty once collapsed.
const NON_WS = /[^\t\n\f\r ]/;
function blankName(s) { return !s || !NON_WS.test(s); }

// selectedText is the text of a select's chosen options.
function selectedText(sel) {
  const o = sel.selectedOptions;
  const parts = [];
  if (o) for (const x of o) parts.push(x.label || x.textContent);
  return collapseName(parts.join(" "));
}
// controlValue is what an embedded control (a control inside the label
// or the content that names another element) gives to that name: a text
// field's value, a select's chosen options, a range's value; null for
// the other roles.
function controlValue(el, role) {
  switch (role) {
    case "textbox": case "searchbox": return el.tagName === "INPUT" || el.tagName === "TEXTAREA" ? (inputType(el) === "password" ? "" : el.value) : collapseName(el.textContent || "");
    case "combobox": case "listbox": {
      if (el.tagName === "SELECT") return selectedText(el);
      if (el.tagName === "INPUT") return el.value;
      const sel = el.querySelector("[aria-selected=true]");
      return sel ? collapseName(sel.textContent) : "";
    }
    case "slider": case "spinbutton": case "scrollbar": return el.getAttribute("aria-valuetext") || el.getAttribute("aria-valuenow") || (el.value !== undefined ? String(el.value) : "");
  }
  return null;
}
// inlineDisplay reports whether el's box joins its text to its
// neighbours' without a break (Chromium puts a space between blocks).
// An inline-block (or inline-flex...) box is a block to its neighbours.
function inlineDisplay(el) {
  const d = win.getComputedStyle(el).display;
  return d === "inline" || d === "contents" || d.startsWith("ruby");
}
// childrenFlat is el's children in the flat tree: a shadow host's are its
// shadow root's, a slot's the nodes assigned to it (else its own).
function childrenFlat(el) {
  if (el.tagName === "SLOT") {
    const a = el.assignedNodes({ flatten: true });
    return a.length ? a : Array.from(el.childNodes);
  }
  const sr = shadowOf(el);
  if (sr) return Array.from(sr.childNodes);
  return el.childNodes;
}

// ---- hidden nodes ----
// ariaHiddenUp reports whether el or an ancestor (across shadow roots)
// has aria-hidden="true".
function ariaHiddenUp(el) {
  for (let a = el; a;) {
    if (a.closest("[aria-hidden=true]")) return true;
    const r = a.getRootNode();
    a = r.host || null;
  }
  return false;
}
// hiddenEl reports whether el is hidden from everyone: not rendered,
// invisible, or aria-hidden.
function hiddenEl(el) { return !renderedEl(el) || ariaHiddenUp(el); }
// renderedEl is visibleEl for the names: an element without a box of
// its own (display: contents, a slot) is as visible as its parent, and
// an option or optgroup as its select.
function renderedEl(el) {
  if (visibleEl(el)) return true;
  const t = el.tagName;
  if (t === "OPTION" || t === "OPTGROUP") { const s = el.closest("select,datalist"); return !!s && s.tagName === "SELECT" && visibleEl(s); }
  if (t === "AREA") return el.hasAttribute("href");
  if (win.getComputedStyle(el).display === "contents") { const p = upEl(el); return !p || renderedEl(p); }
  return false;
}
// HIDE_NONE, HIDE_ALL and HIDE_SELF say how a child that visibleEl calls
// hidden is hidden: not at all (no box of its own, as a slot), wholly
// (display: none, hidden), or only itself (visibility: hidden: its
// visible descendants still count).
const HIDE_NONE = 0, HIDE_ALL = 1, HIDE_SELF = 2;
function hideKind(el) {
  if (visibleEl(el)) return HIDE_NONE;
  // Rendered but invisible: visibility alone hides it.
  if (el.checkVisibility && el.checkVisibility()) return HIDE_SELF;
  return renderedEl(el) ? HIDE_NONE : HIDE_ALL;
}

// ---- what a tree scope says of names ----
// scopeInfo is what the names need of a tree scope, read once a call:
// its labels by the id their for names, the elements aria-owns takes to
// their owners (ownsOf), both from one query, and the keys of the
// elements its style sheets may give ::before or ::after text
// (scanPseudo), and whether its text may be shown transformed (tt).
function scopeInfo(scope) {
  let v = labelMaps.get(scope);
  if (v === undefined) {
    const labels = new Map(), owners = [];
    for (const e of scope.querySelectorAll("label[for],[aria-owns]")) {
      if (e.tagName === "LABEL") {
        const f = e.getAttribute("for");
        if (f !== null) { let a = labels.get(f); if (!a) labels.set(f, a = []); a.push(e); }
      }
      if (e.hasAttribute("aria-owns")) owners.push(e);
    }
    const sheets = scanPseudo(scope);
    v = { scope: scope, labels: labels, owns: owners.length ? ownsOf(scope, owners) : null, pseudo: sheets.any ? sheets : null, tt: false };
    // Whether text here may be shown transformed: a rule of the scope's
    // sheets or an inline style says text-transform, or of a scope around
    // it (the property is inherited through shadow hosts).
    v.tt = sheets.tt || (scope.querySelector && scope.querySelector('[style*="text-transform" i]') !== null) ||
      (scope.host ? scopeInfo(scope.host.getRootNode()).tt : false);
    labelMaps.set(scope, v);
  }
  return v;
}
// infoOf is the scopeInfo of el's tree scope.
function infoOf(el) { return scopeInfo(el.getRootNode()); }

// ---- CSS generated content ----
// A scope's style sheets are read for the rules that give ::before or
// ::after text, and each such rule's selector is reduced to a key of its
// subject: an id, a class, an attribute or a tag an element must have to
// match it. An element is asked its pseudo elements' style (a style
// query) only when it has one of the keys. A sheet's keys are kept across
// calls while its rule count stays.
//
// What the sheets do not tell (a sheet page script may not read, as a
// cross-origin one; a rule whose subject has no key) is learnt from the
// elements: the first element of each tag and class attribute is asked,
// and the others of its kind are asked only when it had pseudo text.
// An element that differs from the first of its kind by what such a rule
// selects on (another attribute, its place) may be misread.
const sheetKeys = new WeakMap();
const PSEUDO_SEL = /::?(before|after)\b/i;
// scanPseudo returns the keys of a tree scope's sheets, {any, unknown,
// ids, cls, attrs, tags, kinds, tt}: any says some rule gives pseudo text
// (unknown: the sheets do not tell of every element; kinds: what the
// first element of each kind said); tt that a rule sets a text-transform
// other than none, or a sheet cannot be read.
function scanPseudo(scope) {
  const k = { unknown: false, ids: new Set(), cls: new Set(), attrs: [], tags: new Set(), any: false, kinds: new Map(), tt: false };
  function add(sk) {
    if (sk.tt) k.tt = true;
    if (sk.unknown) k.unknown = true;
    for (const x of sk.ids) k.ids.add(x);
    for (const x of sk.cls) k.cls.add(x);
    for (const x of sk.tags) k.tags.add(x);
    for (const x of sk.attrs) if (k.attrs.indexOf(x) < 0) k.attrs.push(x);
    if (sk.unknown || sk.ids.length || sk.cls.length || sk.tags.length || sk.attrs.length) k.any = true;
  }
  function sheet(sh) {
    let list;
    try { list = sh.cssRules; } catch (e) { k.unknown = k.any = k.tt = true; return; }
    if (!list) return;
    let sk = sheetKeys.get(sh);
    if (!sk || sk.n !== list.length) {
      sk = { n: list.length, unknown: false, tt: false, ids: [], cls: [], attrs: [], tags: [], imports: [] };
      rules(list, sk);
      sheetKeys.set(sh, sk);
    }
    add(sk);
    // An imported sheet's keys are its own: read on every call, cached or not.
    for (const im of sk.imports) sheet(im);
  }
  function rules(list, sk) {
    for (let i = 0; i < list.length && !(sk.unknown && sk.tt); i++) {
      const r = list[i];
      // Any text-transform but none may change a name: a keyword, a
      // var(), "uppercase full-width".
      if (!sk.tt && r.style) { const t = r.style.textTransform; if (t && t !== "none") sk.tt = true; }
      if (r.type === 1 && !sk.unknown) {
        const c = r.style.content;
        if (c && c !== "none" && c !== "normal" && PSEUDO_SEL.test(r.selectorText)) {
          if (r.parentRule && r.parentRule.type === 1) { sk.unknown = true; continue; }
          for (const sel of splitSelectors(r.selectorText)) if (PSEUDO_SEL.test(sel)) subjectKey(sel, sk);
        }
      }
      if (r.type === 3) { if (r.styleSheet) sk.imports.push(r.styleSheet); else sk.unknown = sk.tt = true; continue; }
      let sub = null;
      try { sub = r.cssRules; } catch (e) { sk.unknown = true; continue; }
      if (sub && sub.length) rules(sub, sk);
    }
  }
  try {
    if (scope.styleSheets) for (const sh of scope.styleSheets) sheet(sh);
    if (scope.adoptedStyleSheets) for (const sh of scope.adoptedStyleSheets) sheet(sh);
  } catch (e) { k.unknown = k.any = k.tt = true; }
  return k;
}
// splitSelectors splits a selector list at its top-level commas (not in
// parentheses, brackets or escapes), each part trimmed.
function splitSelectors(t) {
  if (t.indexOf(",") < 0) return [t.trim()];
  const out = [];
  let d = 0, from = 0;
  for (let i = 0; i < t.length; i++) {
    const ch = t[i];
    if (ch === "\\") { i++; continue; }
    if (ch === "(" || ch === "[") d++;
    else if (ch === ")" || ch === "]") d--;
    else if (ch === "," && d === 0) { out.push(t.slice(from, i).trim()); from = i + 1; }
  }
  out.push(t.slice(from).trim());
  return out;
}
// subjectKey adds to sk the key of the subject of sel (a selector with a
// ::before or ::after): the last compound's id, else a class, else an
// attribute, else its tag; all when it has none, or names a host.
function subjectKey(sel, sk) {
  sel = sel.replace(/::?(before|after)\b.*$/i, "").trim();
  if (/:host|::slotted|::part|&/.test(sel)) { sk.unknown = true; return; }
  // The last compound: after the last combinator outside () and [].
  let d = 0, from = 0;
  for (let i = 0; i < sel.length; i++) {
    const ch = sel[i];
    if (ch === "\\") { i++; continue; }
    if (ch === "(" || ch === "[") d++;
    else if (ch === ")" || ch === "]") d--;
    else if (d === 0 && (ch === " " || ch === ">" || ch === "+" || ch === "~")) from = i + 1;
  }
  const c = sel.slice(from).replace(/:not\([^)]*\)|:is\([^)]*\)|:where\([^)]*\)|:has\([^)]*\)/g, "");
  let m = /#((?:\\.|[\w-])+)/.exec(c);
  if (m) { sk.ids.push(cssUnescape(m[1])); return; }
  m = /\.((?:\\.|[\w-])+)/.exec(c);
  if (m) { sk.cls.push(cssUnescape(m[1])); return; }
  m = /\[\s*([\w-]+)/.exec(c);
  if (m) { sk.attrs.push(m[1].toLowerCase()); return; }
  m = /^([a-zA-Z][\w-]*)/.exec(c);
  if (m) { sk.tags.push(m[1].toUpperCase()); return; }
  sk.unknown = true;
}
function cssUnescape(s) {
  if (s.indexOf("\\") < 0) return s;
  return s.replace(/\\([0-9a-fA-F]{1,6}\s?|.)/g, (_, x) => /^[0-9a-fA-F]/.test(x) ? String.fromCodePoint(parseInt(x, 16)) : x);
}
// mayPseudo reports whether el may have ::before or ::after text, by the
// keys p (scanPseudo) of its scope.
function mayPseudo(el, p) {
  if (p === null) return false;
  if (p.tags.size && p.tags.has(el.tagName.toUpperCase())) return true;
  const ha = el.hasAttributes();
  if (ha) {
    if (p.ids.size && el.id && p.ids.has(el.id)) return true;
    if (p.cls.size) {
      const cl = el.classList;
      for (let i = 0; i < cl.length; i++) if (p.cls.has(cl[i])) return true;
    }
    for (let i = 0; i < p.attrs.length; i++) if (el.hasAttribute(p.attrs[i])) return true;
  }
  if (!p.unknown) return false;
  const kind = el.tagName + " " + (ha ? el.getAttribute("class") || "" : "");
  let v = p.kinds.get(kind);
  if (v === undefined) {
    v = hasPseudo(el, "::before") || hasPseudo(el, "::after");
    p.kinds.set(kind, v);
  }
  return v;
}
// hasPseudo reports whether el's pseudo element which has content.
function hasPseudo(el, which) {
  const c = win.getComputedStyle(el, which).content;
  return !!c && c !== "none" && c !== "normal";
}
// pseudoText is the text of el's ::before or ::after (which): the
// strings (and attr() values) of its content, joined to the element's
// text without a space; where the content has an alternative text
// (content: "x" / "alt"), that text instead, spaced (Chromium reads it
// as a node of its own). Images (url()) and counters give nothing.
const CONTENT_TOKEN = /url\((?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^)]*)\)|"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|attr\(\s*([^\s)]+)\s*\)|(\/)/g;
function pseudoText(el, which) {
  if (el.tagName === "Q") return which === "::before" ? "\u201c" : "\u201d"; // the UA's quotes
  const cs = win.getComputedStyle(el, which);
  const c = cs.content;
  if (!c || c === "none" || c === "normal" || cs.display === "none") return "";
  let s = "", alt = null;
  CONTENT_TOKEN.lastIndex = 0;
  for (let m; (m = CONTENT_TOKEN.exec(c));) {
    if (m[4]) { alt = ""; continue; }
    let t = "";
    if (m[3]) t = el.getAttribute(m[3]) || "";
    else if (m[1] !== undefined || m[2] !== undefined) t = cssUnescape(m[1] !== undefined ? m[1] : m[2]);
    if (alt !== null) alt += t;
    else s += t;
  }
  if (alt !== null) return alt ? " " + alt + " " : "";
  return s && cs.textTransform !== "none" ? transformText(s, cs.textTransform) : s;
}
// TRANSFORMS are the CSS text-transform values that change a name (as
// Chromium's tree shows it); full-width and full-size-kana are left as
// written.
const TRANSFORMS = new Set(["uppercase", "lowercase", "capitalize"]);
// transformed is the text t of a text node as its parent element p shows
// it (text-transform, TRANSFORMS).
function transformed(t, p) {
  if (p === null) return t;
  let tt = ttCache.get(p);
  if (tt === undefined) {
    tt = (p.ownerDocument.defaultView || win).getComputedStyle(p).textTransform;
    ttCache.set(p, tt);
  }
  return tt === "none" ? t : transformText(t, tt);
}
// ttCache holds the computed text-transform of the elements asked in one
// call (fresh clears it).
const ttCache = new Map();
// transformText applies the TRANSFORMS keyword of a text-transform value
// ("uppercase full-width" is uppercase) to t.
function transformText(t, value) {
  let tt = value;
  if (!TRANSFORMS.has(tt)) {
    tt = "";
    for (const w of value.split(" ")) if (TRANSFORMS.has(w)) tt = w;
  }
  switch (tt) {
    case "uppercase": return t.toUpperCase();
    case "lowercase": return t.toLowerCase();
    case "capitalize": return t.replace(/(^|[^\p{L}\p{N}\p{M}'\u2019])(\p{Ll})/gu, (m, a, b) => a + b.toUpperCase());
  }
  return t;
}

// ---- aria-owns ----
// ownsOf maps, for a tree scope and its elements with aria-owns (owners),
// the elements an aria-owns takes to their owner: the first owner naming
// them that is not aria-hidden and is not inside them.
function ownsOf(scope, owners) {
  let v = null;
  for (const o of owners) {
    if (ariaHiddenUp(o)) continue;
    for (const id of o.getAttribute("aria-owns").trim().split(/\s+/)) {
      const t = id && scope.getElementById ? scope.getElementById(id) : null;
      if (!t || t === o || t.contains(o)) continue;
      if (!v) v = new Map();
      if (!v.has(t)) v.set(t, o);
    }
  }
  return v;
}

// ---- the text alternative ----
// A computation's state st: seen holds the elements already visited (one
// gives its text once), lb is set inside an aria-labelledby traversal,
// hid when that traversal started at a hidden element (hidden content
// then counts), self is the element whose name is asked (it never gives
// its own value to its name), info is the scopeInfo of the tree scope
// the traversal is in.
//
// textAlt computes the text alternative of el; root is set for the
// element whose name is asked. The walk passes role, ha (el has
// attributes) and am (its attribute mask) it knows, and labels.
function textAlt(el, st, root, labels, role, ha, am = -1) {
  if (st.seen.has(el)) return "";
  st.seen.add(el);
  const tag = el.tagName;
  if (ha === undefined) ha = el.hasAttributes();
  if (role === undefined) role = roleOf(el, tag, ha);
  // A slot stands for what it shows: it is not in the accessibility tree
  // and its own attributes name nothing.
  if (ha && tag !== "SLOT") {
    // aria-labelledby (aria-labeledby where it is absent).
    if (!st.lb) {
      let lb = am & A_ALB ? el.getAttribute("aria-labelledby") : null;
      if (lb === null) lb = el.getAttribute("aria-labeledby");
      if (lb) {
        const t = labelledBy(el, lb, st);
        if (!blankName(t)) return t;
      }
    }
    const al = am & A_AL ? el.getAttribute("aria-label") : null;
    if (al !== null && !blankName(al)) {
      // An embedded control gives its value, whatever its aria-label.
      if (!root && el !== st.self) { const v = controlValue(el, role); if (v !== null) return v; }
      return al;
    }
  }
  if (!root && el !== st.self) {
    const v = controlValue(el, role);
    if (v !== null) return v;
  }
  // The host language's own label.
  if (root && labels && labels.length && LABELABLE.has(tag)) return labelText(labels, el);
  const n = nativeName(el, tag, ha, st);
  if (n !== null) return n;
  if (!root || (FROM_CONTENT.has(role) && tag !== "INPUT" && tag !== "SELECT" && tag !== "TEXTAREA")) {
    const t = fromContent(el, st, false);
    if (!blankName(t)) return t;
  }
  if (ha) {
    // The tooltip: not for a plain generic element (Chromium gives it no
    // name), but for one inside another's name.
    if (am & A_TITLE && (!root || role || TITLED.has(tag))) {
      const ti = el.getAttribute("title");
      if (ti && !blankName(ti)) return ti;
    }
    if (root && (tag === "INPUT" || tag === "TEXTAREA")) {
      const ph = el.getAttribute("placeholder") || el.getAttribute("aria-placeholder") || "";
      if (!blankName(ph)) return ph;
    }
  }
  return "";
}
// TITLED are the elements without a role that a title names.
const TITLED = new Set(["ABBR", "ACRONYM", "IFRAME", "FRAME", "OBJECT", "EMBED", "AUDIO", "VIDEO", "CANVAS"]);
// labelledBy is the text of the elements the id list lb names, for el.
function labelledBy(el, lb, st) {
  const scope = st.info.scope;
  let out = "";
  for (const id of lb.trim().split(/\s+/)) {
    const r = scope.getElementById ? scope.getElementById(id) : null;
    if (!r) continue;
    // el may name itself (its other sources give its part); an element
    // visited before gives nothing again.
    if (r === el) st.seen.delete(el);
    else if (st.seen.has(r)) continue;
    const sub = { seen: st.seen, lb: true, hid: hiddenEl(r), self: st.self, info: st.info };
    const t = collapseName(textAlt(r, sub, false));
    if (t) out += (out ? " " : "") + t;
  }
  return out;
}
// nativeName is the name an element takes from its own markup (alt, a
// legend, a caption, an svg title, a button's value...), or null when
// its markup gives none.
function nativeName(el, tag, ha, st) {
  switch (tag) {
    case "INPUT": {
      const t = inputType(el);
      if (t === "button" || t === "submit" || t === "reset") {
        // Its value, else (no value attribute at all) the default label.
        const v = ha ? el.getAttribute("value") : null;
        if (v !== null) return v !== "" ? v : null;
        return t === "submit" ? "Submit" : t === "reset" ? "Reset" : null;
      }
      if (t === "image" && ha) {
        const a = el.getAttribute("alt");
        if (a !== null && !blankName(a)) return a;
        const v = el.getAttribute("value");
        if (v !== null && !blankName(v)) return v;
        const ti = el.getAttribute("title");
        return ti !== null && !blankName(ti) ? ti : "Submit";
      }
      return null;
    }
    case "IMG": case "AREA": {
      const a = ha ? el.getAttribute("alt") : null;
      return a !== null ? a : null;
    }
    case "OPTION": case "OPTGROUP": {
      const l = ha ? el.getAttribute("label") : null;
      return l !== null && !blankName(l) ? l : null;
    }
    case "FIELDSET":
      for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
        if (c.tagName !== "LEGEND") continue;
        if (st.hid || !hiddenEl(c)) { const t = fromContent(c, st, false); if (!blankName(t)) return t; }
        break;
      }
      return null;
    case "TABLE": {
      const c = el.caption;
      if (c && (st.hid || !hiddenEl(c))) { const t = fromContent(c, st, false); if (!blankName(t)) return t; }
      return null;
    }
    case "svg": case "SVG":
      for (let c = el.firstElementChild; c; c = c.nextElementSibling) if (c.tagName === "title") return collapseName(c.textContent || "");
      return null;
  }
  return null;
}
// fromContent is the text of el's content: its ::before, its children in
// the flat tree (an embedded control's value, an element's own text
// alternative, text), the elements it owns, its ::after. ownHidden says
// el's own text is hidden (visibility: hidden) while its children may
// show.
function fromContent(el, st, ownHidden) {
  const info = st.info;
  const pse = !ownHidden && (el.tagName === "Q" || mayPseudo(el, info.pseudo));
  let s = pse ? pseudoText(el, "::before") : "";
  const sr = el.tagName === "SLOT" ? null : shadowOf(el);
  const flat = sr !== null || el.tagName === "SLOT";
  const list = flat ? childrenFlat(el) : null;
  // The children of a shadow host are its shadow root's; a slot's, the
  // light tree's it shows.
  if (sr !== null) st.info = scopeInfo(sr);
  else if (flat && list.length) st.info = infoOf(list[0]);
  const owns = st.info.owns;
  // The children's texts, and for each element's the element: whether a
  // block's spaces go around it (a style query) is asked only where they
  // would join two words (join).
  const parts = [];
  for (let i = 0, c = flat ? list[0] : el.firstChild; c; c = flat ? list[++i] : c.nextSibling) {
    if (c.nodeType === 3) {
      // A slot's text shows with the slot's style (the flat tree's parent).
      if (!ownHidden && c.data) parts.push(info.tt || st.info.tt ? transformed(c.data, el.tagName === "SLOT" ? el : c.parentElement || el) : c.data, null);
      continue;
    }
    if (c.nodeType !== 1) continue;
    const ct = c.tagName;
    if (SKIP.has(ct) || ct === "RT" || ct === "RP") continue;
    if (owns !== null && owns.has(c) && owns.get(c) !== el) continue; // another element owns it
    childText(c, st, parts);
  }
  st.info = info;
  if (info.owns !== null && el.hasAttribute("aria-owns")) {
    for (const [t, o] of info.owns) {
      if (o !== el || st.seen.has(t)) continue;
      if (!st.hid && (!renderedEl(t) || ariaHiddenSelf(t))) continue;
      childText(t, st, parts);
    }
  }
  s = join(s, parts);
  if (pse) s += pseudoText(el, "::after");
  return s;
}
// join appends to s the texts of parts (text, element or null pairs),
// putting spaces around an element's text where the element is a block
// and the space would part two words.
function join(s, parts) {
  for (let i = 0; i < parts.length; i += 2) {
    const t = parts[i], e = parts[i + 1];
    if (e === null) { s += t; continue; }
    const before = s.length > 0 && !isSpace(s.charCodeAt(s.length - 1)) && !isSpace(t.charCodeAt(0));
    const after = i + 2 < parts.length && !isSpace(t.charCodeAt(t.length - 1)) && !isSpace(parts[i + 2].charCodeAt(0));
    if ((before || after) && !inlineDisplay(e)) s += " " + t + " ";
    else s += t;
  }
  return s;
}
function isSpace(c) { return c === 32 || c === 9 || c === 10 || c === 13 || c === 12; }
// childText adds to parts what the child element c adds to its parent's
// content: its text alternative (join spaces it when it is a block),
// nothing when it is hidden (unless the traversal reads hidden content).
// Visibility, a layout query, is asked only of children that have some
// text.
function childText(c, st, parts) {
  if (c.tagName === "BR") { parts.push(" ", null); return; }
  const t = textAlt(c, st, false);
  if (!t) return;
  if (st.sh && (ariaHiddenSelf(c) || selfHidden(c))) return; // read as shown: hidden by itself
  if (!st.hid) {
    if (ariaHiddenSelf(c)) return;
    switch (hideKind(c)) {
      case HIDE_ALL: return;
      case HIDE_SELF: {
        // Hidden itself, but its visible descendants count: read them
        // again, its own text left out.
        const t2 = visibleInside(c, st);
        if (t2) parts.push(" " + t2 + " ", null);
        return;
      }
    }
  }
  parts.push(t, c);
}
// visibleInside is the text of the visible descendants of an element
// hidden by visibility (their own text alternatives, computed afresh).
function visibleInside(el, st) {
  let s = "";
  for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
    if (SKIP.has(c.tagName) || ariaHiddenSelf(c)) continue;
    const k = hideKind(c);
    if (k === HIDE_ALL) continue;
    if (k === HIDE_SELF) { const t = visibleInside(c, st); if (t) s += " " + t + " "; continue; }
    const t = textAlt(c, { seen: new Set([st.self]), lb: st.lb, hid: false, self: st.self, info: st.info }, false);
    if (t) s += inlineDisplay(c) ? t : " " + t + " ";
  }
  return collapseName(s);
}
// labelledByText is the text of the elements el's aria-labelledby
// names, as the recorder reads a label that is not a <label>: each one's
// text alternative as the accessible name reads it (labelledBy), el's own
// label where it names itself ("Expand" of a tree's chevron named by
// itself and its row).
function labelledByText(el) {
  const ids = (el.getAttribute("aria-labelledby") || "").trim();
  if (!ids) return "";
  const st = { seen: new Set([el]), lb: false, hid: false, self: el, info: infoOf(el) };
  return collapse(labelledBy(el, ids, st));
}
// optionsText is a select's text as innerText gives it: its options'.
function optionsText(sel) {
  const parts = [];
  for (const o of sel.options) parts.push(o.text);
  return cap(collapse(parts.join(" ")), MAXTEXT);
}
// labelText is the text of the <label>s of self: those that are not
// hidden, each its text alternative, joined by spaces.
function labelText(labels, self) {
  let out = "";
  for (const l of labels) {
    // A label around self is hidden only where self is (what Chromium's
    // tree then leaves out): asked only of the others. Where it is hidden
    // with self (in a closed section), it is read as it reads once shown
    // (sh: its parts hidden by their own style left out), as self would
    // be named then: a slot in it (a checkbox component's) is hidden with
    // it.
    const around = l.contains(self);
    // (A label around a rendered self is rendered: asked only where self
    // is not.)
    const closed = around ? !renderedEl(self) && hiddenEl(l) : hiddenEl(l);
    if (!around && closed) continue;
    const t = collapseName(textAlt(l, { seen: new Set([self]), lb: false, hid: around && closed, sh: around && closed, self: self, info: infoOf(l) }, false));
    if (t) out += (out ? " " : "") + t;
  }
  return out;
}
// rootSt is the state of every top-level name computation (labels make
// their own).
const rootSt = { seen: new Set(), lb: false, hid: false, self: null, info: null };
// accName is el's accessible name: labels are its <label>s, role, ha
// and am what roleOf took (the walk knows them).
function accName(el, labels, role, ha, am) {
  rootSt.seen.clear();
  rootSt.self = el;
  rootSt.info = infoOf(el);
  const n = cap(collapseName(textAlt(el, rootSt, true, labels, role, ha, am)), MAXNAME);
  rootSt.self = null;
  rootSt.info = null;
  return n;
}
// computedName is el's name in Chromium's accessibility tree: accName,
// or "" for an element the tree leaves out (computedRole "none").
function computedName(el) {
  const tag = el.tagName, ha = el.hasAttributes();
  const role = roleOf(el, tag, ha);
  if (axExcluded(el, tag, role)) return "";
  return accName(el, labelsOf(el), role, ha);
}
