// ---- accessible name (accname 1.2) ----
const labelMaps = new Map(); // tree scope -> Map(id -> [label])
function labelsFor(el, scope) {
  const id = el.id;
  if (!id) return null;
  let m = labelMaps.get(scope);
  if (!m) {
    m = new Map();
    for (const l of scope.querySelectorAll("label[for]")) {
      const f = l.getAttribute("for");
      let a = m.get(f); if (!a) m.set(f, a = []); a.push(l);
    }
    labelMaps.set(scope, m);
  }
  return m.get(id) || null;
}
function selectedText(sel) {
  const o = sel.selectedOptions;
  const parts = [];
  if (o) for (const x of o) parts.push(x.label || x.textContent);
  return collapse(parts.join(" "));
}
function controlValue(el, role) {
  switch (role) {
    case "textbox": case "searchbox": return el.tagName === "INPUT" || el.tagName === "TEXTAREA" ? (inputType(el) === "password" ? "" : el.value) : collapse(el.textContent || "");
    case "combobox": case "listbox": return el.tagName === "SELECT" ? selectedText(el) : (el.value !== undefined ? String(el.value) : "");
    case "slider": case "spinbutton": return el.getAttribute("aria-valuetext") || el.getAttribute("aria-valuenow") || (el.value !== undefined ? String(el.value) : "");
  }
  return null;
}
function displayInline(el) {
  const d = win.getComputedStyle(el).display;
  return d.startsWith("inline") || d === "contents";
}
function childrenFlat(el) {
  if (el.tagName === "SLOT") {
    const a = el.assignedNodes({ flatten: true });
    return a.length ? a : Array.from(el.childNodes);
  }
  const sr = shadowOf(el);
  if (sr) return Array.from(sr.childNodes);
  return el.childNodes;
}
function fromContent(el, st, self) {
  let s = "";
  const flat = el.tagName === "SLOT" || shadowOf(el) !== null;
  const list = flat ? childrenFlat(el) : null;
  for (let i = 0, c = flat ? list[0] : el.firstChild; c; c = flat ? list[++i] : c.nextSibling) {
    if (c.nodeType === 3) { s += c.data; continue; }
    if (c.nodeType !== 1 || SKIP.has(c.tagName)) continue;
    // The child's text first: visibility (a layout query) is asked only
    // of children that have some (the walk of c has no side effect that
    // an invisible c would leave behind: seen only guards this tree).
    const t = textAlt(c, st, self, false);
    if (!t) continue;
    if (!st.ignoreHidden && (!visibleEl(c) || ariaHiddenSelf(c))) continue;
    s += displayInline(c) ? t : " " + t + " ";
  }
  return s;
}
// textAlt computes the text alternative of el. root is true for the
// element whose name is asked; self is that element (never contributes
// its own value when embedded in its label).
// The walk passes role and ha (has attributes) of the root it knows.
function textAlt(el, st, self, root, labels, role, ha, am = -1) {
  if (st.seen.has(el)) return "";
  st.seen.add(el);
  const tag = el.tagName;
  if (ha === undefined) ha = el.hasAttributes();
  if (role === undefined) role = roleOf(el, tag, ha);
  if (!ha) return textAltBare(el, tag, role, st, self, root, labels);
  if (!st.inLabelledBy && am & A_ALB) {
    const lb = el.getAttribute("aria-labelledby");
    if (lb) {
      const scope = el.getRootNode();
      const parts = [];
      for (const id of lb.trim().split(/\s+/)) {
        const r = scope.getElementById ? scope.getElementById(id) : null;
        if (!r) continue;
        const sub = { seen: new Set([el]), inLabelledBy: true, ignoreHidden: !visibleEl(r) };
        const t = collapse(textAlt(r, sub, self, false));
        if (t) parts.push(t);
      }
      const j = parts.join(" ");
      if (j) return j;
    }
  }
  const al = am & A_AL ? collapse(el.getAttribute("aria-label") || "") : "";
  if (!root && el !== self) {
    // An embedded control inside a label or content contributes its value.
    const v = controlValue(el, role);
    if (v !== null && (role !== "textbox" || !al)) return v;
  }
  if (al) return al;
  // Native host-language labels.
  if (tag === "INPUT") {
    const t = inputType(el);
    if (t === "button" || t === "submit" || t === "reset") {
      const v = el.getAttribute("value");
      if (v !== null && v !== "") return v;
      if (root && labels && labels.length) { const l = labelText(labels, el); if (l) return l; }
      return t === "submit" ? "Submit" : t === "reset" ? "Reset" : (el.getAttribute("title") || "");
    }
    if (t === "image") return el.getAttribute("alt") || el.getAttribute("value") || el.getAttribute("title") || "Submit";
  }
  if (root && LABELABLE.has(tag) && labels && labels.length) {
    const l = labelText(labels, el);
    if (l) return l;
  }
  if (tag === "IMG" || tag === "AREA") {
    const a = el.getAttribute("alt");
    if (a !== null && collapse(a)) return collapse(a);
    return collapse(el.getAttribute("title") || "");
  }
  const cap = nativeCaption(el, tag, st, self);
  if (cap !== null) return cap;
  if (!root || (FROM_CONTENT.has(role) && tag !== "INPUT" && tag !== "SELECT" && tag !== "TEXTAREA")) {
    const t = collapse(fromContent(el, st, self));
    if (t) return t;
  }
  if ((root || !st.inLabelledBy) && am & A_TITLE) {
    const ti = collapse(el.getAttribute("title") || "");
    if (ti) return ti;
  }
  if (root && (tag === "INPUT" || tag === "TEXTAREA")) {
    const ph = collapse(el.getAttribute("placeholder") || el.getAttribute("aria-placeholder") || "");
    if (ph) return ph;
  }
  return "";
}
// nativeCaption is the name an element takes from a child of its own (a
// fieldset's legend, a table's caption, a figure's figcaption, an svg's
// title), or null when it has none to give.
function nativeCaption(el, tag, st, self) {
  if (tag === "FIELDSET") {
    for (let c = el.firstElementChild; c; c = c.nextElementSibling) if (c.tagName === "LEGEND") { const t = collapse(fromContent(c, st, self)); if (t) return t; break; }
  } else if (tag === "TABLE") {
    const c = el.caption; if (c) { const t = collapse(fromContent(c, st, self)); if (t) return t; }
  } else if (tag === "FIGURE") {
    for (let c = el.firstElementChild; c; c = c.nextElementSibling) if (c.tagName === "FIGCAPTION") { const t = collapse(fromContent(c, st, self)); if (t) return t; break; }
  } else if (tag === "svg" || tag === "SVG") {
    for (let c = el.firstElementChild; c; c = c.nextElementSibling) if (c.tagName === "title") return collapse(c.textContent || "");
  }
  return null;
}
// textAltBare is textAlt for an element without attributes: only its
// native label, its content or its value can name it.
function textAltBare(el, tag, role, st, self, root, labels) {
  if (!root && el !== self) {
    const v = controlValue(el, role);
    if (v !== null) return v;
  }
  if (tag === "INPUT") { // type text: no label of its own but the native ones
    if (root && labels && labels.length) { const l = labelText(labels, el); if (l) return l; }
    return "";
  }
  if (root && LABELABLE.has(tag) && labels && labels.length) {
    const l = labelText(labels, el);
    if (l) return l;
  }
  if (tag === "IMG" || tag === "AREA") return "";
  const cap = nativeCaption(el, tag, st, self);
  if (cap !== null) return cap;
  if (!root || (FROM_CONTENT.has(role) && tag !== "SELECT" && tag !== "TEXTAREA")) {
    const t = collapse(fromContent(el, st, self));
    if (t) return t;
  }
  return "";
}
// labelledByText is the text of the elements el's aria-labelledby
// names, as the recorder reads a label that is not a <label>.
function labelledByText(el) {
  const ids = (el.getAttribute("aria-labelledby") || "").trim();
  if (!ids) return "";
  const scope = el.getRootNode();
  const parts = [];
  for (const id of ids.split(/\s+/)) {
    const r = scope.getElementById ? scope.getElementById(id) : null;
    parts.push(r ? r.textContent : "");
  }
  return collapse(parts.join(" "));
}
// optionsText is a select's text as innerText gives it: its options'.
function optionsText(sel) {
  const parts = [];
  for (const o of sel.options) parts.push(o.text);
  return cap(collapse(parts.join(" ")), MAXTEXT);
}
function labelText(labels, self) {
  const parts = [];
  for (const l of labels) {
    const t = collapse(textAlt(l, { seen: new Set([self]), inLabelledBy: false, ignoreHidden: false }, self, false));
    if (t) parts.push(t);
  }
  return parts.join(" ");
}
// rootSt is the state of every top-level name computation (never
// nested: labelledby and labels make their own).
const rootSt = { seen: new Set(), inLabelledBy: false, ignoreHidden: false };
function accName(el, labels, role, ha, am) {
  rootSt.seen.clear();
  return cap(collapse(textAlt(el, rootSt, el, true, labels, role, ha, am)), MAXNAME);
}
