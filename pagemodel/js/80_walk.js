// ---- the snapshot walk ----
// walk walks a document, its shadow trees (closed ones the model keeps
// included) and same-origin frames, and returns the kept elements as one
// string in a compact form (the snapshot package's decode.go reads it).
// start is the Document to walk and o the options (snapshot/capture.go,
// walkOptions).
//
// Kept elements are pushed on stash.els so that Go can later ask for one of
// them by index (Snapshot.Resolve), and a backend node id can be mapped back
// to its node by the element's position in that array.
//
// The result is a small JSON object of page facts (viewport, url, title,
// scroll, frame and shadow paths, closed shadow host candidates,
// cross-origin frames, counts), a new line, then the first chunk of the
// nodes; stash.next gives the others. A chunk is the numbers in base64 VLQ
// (string lengths, the XPath table, the nodes), a new line, and every
// string first used in it, concatenated, sliced in Go by the lengths
// (UTF-16 units). Strings are referred to by index (0 is ""), so a name
// repeated as aria-label, text or title costs one index. See decode.go
// for the layout.
const SNAP = Symbol.for("chainreplay.snapshot");
// A kept node with a box has a layout object, so checkVisibility can
// only be false for it under visibility or content-visibility: author
// rules, inline styles, SVG's attribute, animations, or the UA's closed
// <details> and hidden=until-found. scanSheets reads a tree scope's
// style sheets once and puts the elements their visibility rules match
// in vRoots; the walk then asks checkVisibility only in those subtrees
// and the others above (ctx.vchk), and everywhere in a scope it cannot
// analyse (unreadable sheet, nested or :host rules, animations...).
//
// The same scan puts the elements that rules setting cursor match in
// cRoots: tier2 asks getComputedStyle(el).cursor (a style query) only
// in their subtrees, under an inline style that sets cursor, in a link
// (the UA sheet's pointer) and everywhere in a scope it cannot analyse
// (ctx.cur); elsewhere the cursor is the initial one.
const vRoots = new Set(), cRoots = new Set();
const V_UNKNOWN = 1, C_UNKNOWN = 2;
// scanSheets returns what the scope's sheets do not tell: V_UNKNOWN,
// C_UNKNOWN or both.
function scanSheets(scope, doc) {
  const vsels = [], csels = [];
  let unknown = 0;
  function rules(list) {
    for (let i = 0; i < list.length && unknown !== 3; i++) {
      const r = list[i];
      const st = r.style;
      if (st) {
        const v = !!(st.visibility || st.contentVisibility), c = !!st.cursor;
        if (v || c) {
          let bad = r.type !== 1 || !r.selectorText || /:host|::slotted|::part|&/.test(r.selectorText);
          // Nested in a style rule (a relative selector) or in @scope: not
          // a selector querySelectorAll can take alone.
          for (let q = r.parentRule; q && !bad; q = q.parentRule) if (q.type === 1 || "start" in q) bad = true;
          if (bad) unknown |= (v ? V_UNKNOWN : 0) | (c ? C_UNKNOWN : 0);
          else {
            if (v) vsels.push(r.selectorText);
            if (c) csels.push(r.selectorText);
          }
        }
      }
      if (r.type === 3) {
        if (r.styleSheet) sheet(r.styleSheet);
        else unknown = 3;
        continue;
      }
      let sub = null;
      try { sub = r.cssRules; } catch (e) { unknown = 3; continue; }
      if (sub && sub.length) rules(sub);
    }
  }
  function sheet(sh) {
    let list;
    try { list = sh.cssRules; } catch (e) { unknown = 3; return; }
    if (list) rules(list);
  }
  try {
    for (const sh of scope.styleSheets) sheet(sh);
    if (scope.adoptedStyleSheets) for (const sh of scope.adoptedStyleSheets) sheet(sh);
    if (doc && unknown !== 3) {
      for (const a of doc.getAnimations ? doc.getAnimations() : []) {
        const kf = a.effect && a.effect.getKeyframes ? a.effect.getKeyframes() : [];
        for (const k of kf) {
          if ("visibility" in k || "contentVisibility" in k) unknown |= V_UNKNOWN;
          if ("cursor" in k) unknown |= C_UNKNOWN;
        }
      }
    }
  } catch (e) { return 3; }
  if (!(unknown & V_UNKNOWN)) {
    try { for (const sel of vsels) for (const x of scope.querySelectorAll(sel)) vRoots.add(x); } catch (e) { unknown |= V_UNKNOWN; }
  }
  if (!(unknown & C_UNKNOWN)) {
    try { for (const sel of csels) for (const x of scope.querySelectorAll(sel)) cRoots.add(x); } catch (e) { unknown |= C_UNKNOWN; }
  }
  return unknown;
}
// vSelf reports whether el starts a subtree whose visibility the sheets
// do not tell.
// sty is el's style attribute, or null.
function vSelf(el, tag, am, sty) {
  if (tag === "DETAILS" || (tag.indexOf("-") > 0 && !el.shadowRoot)) return true; // closed content; maybe a closed shadow root
  if (vRoots.size && vRoots.has(el)) return true;
  if (!am) return false;
  if (am & (A_VIS | A_HIDDEN)) return true;
  return sty !== null && sty.indexOf("visibility") >= 0;
}
// cSelf reports whether el starts a subtree whose cursor the sheets do
// not tell.
function cSelf(el, tag, sty) {
  if (cRoots.size && cRoots.has(el)) return true;
  if (sty !== null && sty.indexOf("cursor") >= 0) return true;
  return (tag === "A" || tag === "AREA") && el.hasAttribute("href");
}
function walk(start, o) {
  vq = 0;
  vRoots.clear();
  cRoots.clear();
  const dwin = start.defaultView || win;
  const stash = { els: [], seq: o.seq };
  try { Object.defineProperty(dwin, SNAP, { value: stash, configurable: true, writable: true }); } catch (e) { dwin[SNAP] = stash; }
  const els = stash.els;
  const all = !!o.all;
  const VW = o.vw || dwin.innerWidth, VH = o.vh || dwin.innerHeight;
  const out = { n: [], p: [], c: [], f: [], s: [], vw: VW, vh: VH, u: String(dwin.location.href), t: start.title || "", sx: dwin.scrollX, sy: dwin.scrollY, k0: els.length };
  // o.sel: the elements a CSS selector matches (in every tree scope and
  // same-origin frame) are listed by their position in out.n (out.s), with
  // every attribute (the others carry ATTRS only).
  let selSet = null;
  if (o.sel) {
    selSet = new Set();
    for (const sc of scopesOf(start, true).scopes) for (const e of sc.querySelectorAll(o.sel)) selSet.add(e);
  }

  const pathIdx = new Map();
  function pathOf(fp, sp) {
    const key = fp.join("\u0001") + "\u0002" + sp.join("\u0001");
    let i = pathIdx.get(key);
    if (i === undefined) { i = out.p.length; out.p.push({ f: fp, s: sp }); pathIdx.set(key, i); }
    return i;
  }

  // ---- XPath, as a table of (prefix entry, step) built on demand ----
  // Each walked element gets an XP link to its parent's (or none at the
  // root of a document or shadow tree); a kept node's link is put in the
  // table with those of its ancestors not yet in it, so a path shared by
  // many nodes is sent once. An entry is (prefix entry or -1, local name,
  // code, anchor): code is i<<3 | foreign<<2 | sole<<1 | anchored, i the
  // same-tag position (0 for the root step "/html", its name taken whole),
  // foreign set outside the HTML namespace (the step is then
  // *[local-name()='x']), sole set when no sibling shares the tag (the
  // absolute form omits the position there, as the recorder does), and
  // anchor the step //*[@id="x"] that starts the anchored form at an id.
  // Go builds both forms (decode.go).
  function XP(up, name, i, ns, el, anchor) { this.up = up; this.name = name; this.i = i; this.ns = ns; this.el = el; this.anchor = anchor; this.idx = -1; }
  const xpt = []; // (index of the prefix entry or -1, name, code, anchor) quadruples
  function xpIndex(x) {
    if (x.idx < 0) {
      const up = x.up ? xpIndex(x.up) : -1;
      x.idx = xpt.length / 4;
      const sole = x.i === 1 && !hasLaterSame(x.el);
      xpt.push(up, x.name, x.i << 3 | (x.ns ? 4 : 0) | (sole ? 2 : 0) | (x.anchor ? 1 : 0), x.anchor);
      x.el = null;
    }
    return x.idx;
  }
  function xpFor(el, base, name, i, ns, am) {
    const id = am & A_ID ? el.getAttribute("id") : null;
    return new XP(base, name, i, ns, el, id && id.indexOf('"') < 0 ? '//*[@id="' + id + '"]' : null);
  }


  // ---- tier 2 heuristics ----
  const CLICKY = /(^|[\s_-])(btn|button|clickable|link)([\s_-]|$)/i;
  function tier2(el, ctx, am, cur) {
    if (!am) return false; // every heuristic below reads an attribute
    if (am & A_TESTLIKE) return true;
    if (am & A_ROLE) {
      const r = el.getAttribute("role");
      if (r && r !== "presentation" && r !== "none" && r !== "generic") return true;
    }
    if (am & A_TABINDEX && +el.getAttribute("tabindex") >= 0) return true;
    if (am & A_CE && el.getAttribute("contenteditable") !== "false") return true;
    if (ctx.inter) return false; // cursor and class are inherited/decorative inside a control
    const cls = am & A_CLASS ? el.getAttribute("class") : null;
    if (cls && CLICKY.test(cls)) return true;
    if ((cls || am & A_STYLE) && (cur || o.ac) && dwin.getComputedStyle(el).cursor === "pointer") return true;
    return false;
  }

  // ---- boxes ----
  // The boxes of the kept nodes are asked after the walk, one after the
  // other (boxAll): getBoundingClientRect costs about 2 µs a node either
  // way, but the walk of a 10k-element page took 2 to 4 ms less (of about
  // 40) than when each was asked in the middle of reading attributes and
  // texts. emit leaves what a box needs in boxes: per node the element,
  // its frame's offset (x, y) and clip, whether it is hidden for sure and
  // whether checkVisibility must be asked, and its record.
  const boxes = [];
  const BOX_STRIDE = 7;
  function boxAll() {
    for (let i = 0; i < boxes.length; i += BOX_STRIDE) {
      const el = boxes[i], c = boxes[i + 3], n = boxes[i + 6];
      // A DOMRect's x and y are its left and top: getBoundingClientRect
      // never has a negative size.
      const r = el.getBoundingClientRect();
      const x = r.x + boxes[i + 1], y = r.y + boxes[i + 2], w = r.width, h = r.height;
      let vis = !boxes[i + 4] && w > 0 && h > 0;
      if (vis && boxes[i + 5]) vis = visibleEl(el); // else what checkVisibility would say
      n.b0 = cents(x); n.b1 = cents(y); n.b2 = cents(w); n.b3 = cents(h);
      if (vis) {
        n.f |= 1;
        // In the viewport: at least half of it, within its frames' clip.
        const ix = Math.max(0, Math.min(x + w, c[2], VW) - Math.max(x, c[0], 0));
        const iy = Math.max(0, Math.min(y + h, c[3], VH) - Math.max(y, c[1], 0));
        if (ix * iy >= 0.5 * w * h) n.f |= 2;
      }
    }
    boxes.length = 0;
  }
  // cents is v in hundredths of a pixel, rounded (0 when not finite).
  function cents(v) {
    const c = Math.round(v * 100);
    return c > -1e15 && c < 1e15 ? c : 0;
  }

  // ---- the walk ----
  // heading is the stash index of the latest heading of the document being
  // walked (-1: none); nodes refer to it for their neighbour texts.
  let heading = -1;
  const tagLow = new Map();
  function lower(tag) {
    let t = tagLow.get(tag);
    if (t === undefined) { t = tag.toLowerCase(); tagLow.set(tag, t); }
    return t;
  }
  // emit keeps el: a record of fixed shape (decode.go reads its fields in
  // this order, as numbers and string indexes).
  function emit(el, tag, role, tier, ctx, labels, ha, vchk, an, am) {
    const k = els.length;
    els.push(el);
    const n = { k: k, p: ctx.pk, g: tag, r: role, t: tier, i: ctx.pi, f: 0, b0: 0, b1: 0, b2: 0, b3: 0, n: "", x: "", l: "", v: "", c: "", hl: 0,
      a: null, xp0: 0, hd: -1, rw: -1, rt: "", rv: "", hn: "", nx: false, lm: ctx.lm, ic: "" };
    boxes.push(el, ctx.ox, ctx.oy, ctx.clip, ctx.hidden, vchk, n); // boxAll: box, visible, in the viewport
    let f = 0;
    const pw = tag === "INPUT" && inputType(el) === "password";
    // A secret's value is never read (secretField, the model's one rule).
    const field = tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT";
    const sec = field && secretField(el, am);
    if (field && ctx.row) rowFields.push(el, n); // shown or not: rowValues asks
    // :disabled beyond the element's own attribute comes from a disabled
    // fieldset: asked only under one (ctx.fsd).
    if (((DISABLEABLE.has(tag) || tag.indexOf("-") > 0) && el.disabled === true) || (am & A_AD && el.getAttribute("aria-disabled") === "true") || (ctx.fsd && LABELABLE.has(tag) && el.matches(":disabled"))) f |= 4;
    if (ctx.ah || (am & A_AH && ariaHiddenSelf(el))) f |= 8;
    if (pw) f |= 16;
    n.f = f;
    // Out of the accessibility tree (aria-hidden): no role and no name.
    if (f & 8) n.r = "";
    else if (role && (TIER1.has(role) || tier <= 2)) n.n = accName(el, labels, role, ha, am);
    if (labels && labels.length) n.l = cap(labelText(labels, el), MAXNAME);
    else if (am & A_ALB) n.l = cap(labelledByText(el), MAXNAME);
    if (!sec) {
      if (tag === "INPUT" || tag === "TEXTAREA") { if (el.value) n.v = cap(el.value, MAXNAME); }
      else if (tag === "SELECT") { if (el.value) n.v = el.value; }
    }
    if (role === "checkbox" || role === "radio" || role === "switch" || role === "menuitemcheckbox" || role === "menuitemradio") {
      const ac = el.getAttribute("aria-checked");
      n.c = tag === "INPUT" ? (el.indeterminate ? "mixed" : String(el.checked)) : (ac || "false");
    }
    if (role === "heading") {
      const lv = +(el.getAttribute("aria-level") || (/^H[1-6]$/.test(tag) ? tag[1] : 2));
      n.hl = Number.isFinite(lv) ? Math.trunc(lv) : 0;
      // Out of the accessibility tree, it has no name, but a person still
      // reads it: the neighbour of what follows (neighbourParts).
      if (f & 8) n.hn = cap(accName(el, null, role, ha, am), MAXNB);
    }
    const picked = selSet !== null && selSet.has(el);
    if (picked) out.s.push(out.n.length);
    if (an) {
      // getAttributeNames (read by the walk), not attributes: that would
      // make an Attr node for each attribute of the page.
      for (let i = 0; i < an.length; i++) {
        const name = an[i];
        if ((!picked && !ATTRSET.has(name)) || (name === "value" && (field ? sec : secretField(el, am)))) continue;
        const v = el.getAttribute(name);
        (n.a || (n.a = [])).push(name, v.length > 300 ? v.slice(0, 300) : v);
      }
    }
    n.xp0 = xpt.length / 4;
    xpIndex(ctx.xpc);
    n.hd = heading; // a heading's is the one before it
    // The row: the nearest tr or li of el's tree, el itself included (the
    // recorder's closest("tr, li"), neighbourParts), its text and the values
    // its fields show, else the text beside a control.
    if (tag === "TR" || tag === "LI") late.push(n, el, n, true);
    else if (ctx.row) late.push(n, ctx.row, ctx.rowRec, true);
    else { const b = besideOf(el, labels); if (b) late.push(n, b, null, false); } // a control nothing labels
    if (ctx.legend) n.lg = ctx.legend;
    if (role === "heading") heading = k;
    out.n.push(n);
    return n;
  }
  // finish fills what depends on the node's children: its text. A
  // container's is not read (n.nx): it would be most of the page's.
  function finish(el, tag, role, tier, n, am) {
    if (CONTAINER.has(role)) { n.nx = true; return; }
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || tag === "IFRAME" || tag === "FRAME") return;
    const tx = textOf(el, MAXTEXT);
    n.x = tx;
    if (tier === 2 && !n.n && !role) {
      const nm = (am & A_AL ? collapse(el.getAttribute("aria-label") || "") : "") || tx || (am & A_TITLE ? collapse(el.getAttribute("title") || "") : "");
      if (nm) n.n = cap(nm, MAXNAME);
    }
  }
  const late = [];
  const rowFields = [];

  function walkNode(el, ctx) {
    const tag = el.tagName;
    if (SKIP.has(tag)) return;
    if (tag === "INPUT" && inputType(el) === "hidden") return;
    const ha = el.hasAttributes();
    const an = ha ? el.getAttributeNames() : null;
    const am = an ? attrMask(an) : 0;
    const s_xp = ctx.xp;
    ctx.xpc = xpFor(el, ctx.xp, ctx.stepName, ctx.stepI, ctx.stepNS, am);
    curTable = ctx.table;
    const role = roleOf(el, tag, ha, am);
    curTable = null;
    let labels = null;
    if (LABELABLE.has(tag)) {
      const lf = labelsFor(el, ctx.scope);
      if (lf) labels = lf.slice();
      if (ctx.label && !ctx.label.used && !ctx.label.el.hasAttribute("for")) {
        ctx.label.used = true;
        (labels || (labels = [])).push(ctx.label.el);
      }
    }
    const sty = am & A_STYLE ? el.getAttribute("style") : null;
    let vchk = ctx.vchk || vSelf(el, tag, am, sty);
    let cur = ctx.cur || cSelf(el, tag, sty);
    if ((!vchk || !cur) && el.shadowRoot) { // :host rules reach el itself
      const u = scanSheets(el.shadowRoot, null);
      if (u & V_UNKNOWN) vchk = true;
      if (u & C_UNKNOWN) cur = true;
    }
    let tier = 3;
    if (role && TIER1.has(role)) tier = 1;
    else if (tier2(el, ctx, am, cur)) tier = 2;
    const isFrame = tag === "IFRAME" || tag === "FRAME";
    const keep = all || tier < 3 || isFrame || (!ctx.inContent && ownText(el));
    const n = keep ? emit(el, tag, role, tier, ctx, labels, ha, vchk, an, am) : null;
    const k = n ? n.k : -1;
    if (tag === "SELECT") { if (n) n.x = optionsText(el); return; } // its options are not nodes
    if (tag === "svg" || tag === "SVG") return;
    // Context for children: mutated in place and restored (no allocation
    // per element).
    const s_lm = ctx.lm, s_pk = ctx.pk, s_ah = ctx.ah, s_inter = ctx.inter, s_ic = ctx.inContent, s_label = ctx.label, s_row = ctx.row, s_rowRec = ctx.rowRec, s_table = ctx.table, s_fsd = ctx.fsd, s_vchk = ctx.vchk, s_cur = ctx.cur, s_legend = ctx.legend;
    ctx.vchk = vchk;
    ctx.cur = cur;
    if (k >= 0) ctx.pk = k;
    if (am & A_AH && ariaHiddenSelf(el)) ctx.ah = true;
    if (tag === "FIELDSET") {
      if (am & A_DISABLED) ctx.fsd = true;
      // The recorder's neighbour text for what a fieldset holds: its
      // first legend, in document order.
      const lg = el.querySelector("legend");
      ctx.legend = lg ? textOf(lg, MAXNB) : "";
      if (n) n.lg = ctx.legend; // the recorder's closest("fieldset") is the fieldset itself
    }
    if (tier <= 2 && (FROM_CONTENT.has(role) || tier === 2)) ctx.inter = true;
    if (tier === 1 && FROM_CONTENT.has(role) && role !== "row") ctx.inContent = true;
    if (tag === "LABEL") ctx.label = { el: el, used: false };
    if (tag === "TR" || tag === "LI") { ctx.row = el; ctx.rowRec = n; }
    if (am & A_ROLE || PATH_LANDMARK_TAGS.has(el.localName)) ctx.lm = withLandmark(ctx.lm, pathLandmark(el)); // 78_simfacts.js
    ctx.xp = ctx.xpc;
    // A table's cells are cells by its role: a <table role=presentation>
    // (a layout table) has none.
    if (tag === "TABLE" || role === "table" || role === "grid" || role === "treegrid") ctx.table = role === "grid" || role === "treegrid" ? "grid" : role === "table" ? "table" : "";
    walkInside(el, tag, ctx, k);
    if (n) finish(el, tag, role, tier, n, am);
    ctx.xp = s_xp;
    ctx.lm = s_lm; ctx.pk = s_pk; ctx.ah = s_ah; ctx.inter = s_inter; ctx.inContent = s_ic; ctx.label = s_label; ctx.row = s_row; ctx.rowRec = s_rowRec; ctx.table = s_table; ctx.fsd = s_fsd; ctx.vchk = s_vchk; ctx.cur = s_cur; ctx.legend = s_legend;
  }
  function walkInside(el, tag, c, k) {
    if (tag === "IFRAME" || tag === "FRAME") { walkFrame(el, c, k); return; }
    const sr = shadowOf(el);
    if (sr) {
      // The shadow tree's headings are neighbours of what follows them in
      // it, not of the light tree's elements (slotted or after the host),
      // which see the light tree's own (hl, swapped in around slotted
      // children); a legend does not reach into it.
      // Nor does a row (closest("tr, li") stops at the shadow root), nor a
      // <label> around the host (it labels its own tree's first field).
      const sc = Object.assign({}, c, { scope: sr, sp: c.sp.concat([selectorOf(el)]), xp: null, legend: "", row: null, rowRec: null, label: null, hl: { h: heading } });
      sc.pi = pathOf(c.fp, sc.sp);
      sc.light = Object.assign({}, c);
      walkChildren(sr, sc);
      heading = sc.hl.h;
      return;
    }
    if (tag.indexOf("-") > 0 && !CHECKED.has(el)) {
      // A custom element without an open root: maybe a closed one. Go asks
      // DevTools (describeNode pierce) for it, once (CHECKED).
      out.c.push({ h: ref(el), pk: c.pk, pos: out.n.length, sp: c.sp.concat([selectorOf(el)]), fp: c.fp, ox: c.ox, oy: c.oy, clip: c.clip, hid: !!c.hidden });
    }
    if (tag === "SLOT") {
      const a = el.assignedElements({ flatten: true });
      if (a.length) {
        if (!c.light) return; // a closed root's own slots: the light children were walked by the parent walk
        const sh = heading;
        if (c.hl) heading = c.hl.h;
        for (const x of a) walkNode(x, Object.assign({}, c.light, { pk: c.pk, inContent: c.inContent, inter: c.inter, ah: c.ah, vchk: c.vchk, cur: c.cur, stepName: x.localName, stepI: sameTagIndex(x), stepNS: foreign(x) }));
        if (c.hl) c.hl.h = heading;
        heading = sh;
        return;
      }
    }
    walkChildren(el, c);
  }
  function walkChildren(parent, ctx) {
    let counts = null;
    for (let ch = parent.firstElementChild; ch; ch = ch.nextElementSibling) {
      const t = ch.localName;
      if (!counts) counts = new Map();
      const i = (counts.get(t) || 0) + 1;
      counts.set(t, i);
      ctx.stepName = t;
      ctx.stepI = i;
      ctx.stepNS = foreign(ch);
      walkNode(ch, ctx);
    }
  }
  function walkFrame(el, ctx, k) {
    const r = el.getBoundingClientRect();
    const cs = dwin.getComputedStyle(el);
    const ox = ctx.ox + r.left + el.clientLeft + parseFloat(cs.paddingLeft || "0");
    const oy = ctx.oy + r.top + el.clientTop + parseFloat(cs.paddingTop || "0");
    const cw = el.clientWidth - parseFloat(cs.paddingLeft || "0") - parseFloat(cs.paddingRight || "0");
    const ch = el.clientHeight - parseFloat(cs.paddingTop || "0") - parseFloat(cs.paddingBottom || "0");
    const clip = [Math.max(ctx.clip[0], ox), Math.max(ctx.clip[1], oy), Math.min(ctx.clip[2], ox + cw), Math.min(ctx.clip[3], oy + ch)];
    const fp = ctx.fp.concat([selectorOf(el)]);
    const hidden = ctx.hidden || !visibleEl(el);
    let doc = null;
    try { doc = el.contentDocument; } catch (e) { doc = null; }
    if (doc && doc.documentElement) {
      const fc = { scope: doc, fp: fp, sp: [], pi: pathOf(fp, []), pk: k, ox: ox, oy: oy, clip: clip, hidden: hidden, ah: ctx.ah, label: null, row: null, rowRec: null, inter: false, inContent: false, light: null, table: "", xp: null, xpc: null, stepName: "/html", stepI: 0, stepNS: false, legend: "", hl: null, fsd: false, vchk: false, cur: false, lm: "" };
      const u = scanSheets(doc, doc);
      fc.vchk = (u & V_UNKNOWN) !== 0;
      fc.cur = (u & C_UNKNOWN) !== 0;
      const saveHeading = heading;
      heading = -1;
      walkNode(doc.documentElement, fc);
      heading = saveHeading;
      return;
    }
    // Cross-origin: Go walks it in its own context.
    out.f.push({ h: ref(el), k: k, pos: out.n.length, fp: fp, ox: ox, oy: oy, clip: clip, hid: hidden });
  }

  const u = scanSheets(start, start);
  const ctx0 = {
    scope: start, fp: o.fp || [], sp: o.sp || [], pi: 0, pk: -1,
    ox: o.ox || 0, oy: o.oy || 0, clip: o.clip || [-1e9, -1e9, 1e9, 1e9], hidden: !!o.hidden, ah: false,
    label: null, row: null, rowRec: null, inter: false, inContent: false, light: null, table: "",
    xp: null, xpc: null, stepName: "/html", stepI: 0, stepNS: false, legend: "", hl: null,
    fsd: false, vchk: (u & V_UNKNOWN) !== 0, cur: (u & C_UNKNOWN) !== 0, lm: "",
  };
  ctx0.pi = pathOf(ctx0.fp, ctx0.sp);
  if (start.documentElement) walkNode(start.documentElement, ctx0);
  boxAll();
  // A row's field the walk found shown is what visibleEl would say
  // (boxAll): rowValues need not ask again.
  for (let i = 0; i < rowFields.length; i += 2) if (rowFields[i + 1].f & 1) visCache.set(rowFields[i], true);
  // Row and list item texts for neighbours, now that they are known: a
  // reference to the row's node when its Text is that text, else the text;
  // and the values the row's fields show other than the node's own
  // (valuesIn: rowValues, read once a row, and valuesOf).
  const rowVals = new Map();
  for (let i = 0; i < late.length; i += 4) {
    const n = late[i], row = late[i + 1], rr = late[i + 2];
    if (late[i + 3]) {
      let fv = rowVals.get(row);
      if (fv === undefined) { fv = rowValues(row); rowVals.set(row, fv); }
      if (fv.length) n.rv = valuesOf(fv, els[n.k]);
    }
    const whole = txt.get(row);
    const known = whole !== undefined ? cap(whole, MAXTEXT) : undefined;
    const rt = known !== undefined ? known : textOf(row, MAXNB);
    if (!rt) continue;
    if (rr && known !== undefined && rr.x === known) n.rw = rr.k;
    else n.rt = cap(rt, MAXNB);
  }
  simFacts(out.n, els); // 78_simfacts.js: icons
  // The numbers, per node (decode.go reads them): a header (tier | flags
  // << 2 | which optional fields follow << 7), the tag, the distance to
  // the parent (0: none), the box in hundredths of a pixel as differences
  // from the previous node's, the XPath entries this node added (count,
  // then per entry the distance to its prefix entry, 0 for none, the
  // step's name and code, and its anchor when the code says it has one; the
  // node's own entry is the last), then the
  // optional fields in the order of their bits (8192, a container whose
  // text was not read, has none; then the landmark path, the icon, the
  // values the fields of its row show, valuesOf's, and the name a heading
  // out of the accessibility tree has as a neighbour). A node's heading
  // (distance back to it, 0 for none) is sent only when it differs from
  // the previous node's.
  //
  // A number is written in base64 VLQ, as source maps do: 5 bits a digit,
  // low digits first, a digit with 32 added when more follow, the sign in
  // the lowest bit of the value; digits are the base64 alphabet. Most
  // numbers take one or two characters and need no separator.
  //
  // A string is sent once, where it is first used: its token is then
  // -(length + 1) and its characters follow, in order, in the third part;
  // later uses refer to it by its 1-based position. 0 is "".
  const B64 = new Uint8Array(64);
  for (let i = 0; i < 64; i++) B64[i] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".charCodeAt(i);
  let buf = new Uint8Array(1 << 16), bl = 0;
  // room makes sure k more numbers fit (11 characters at most each).
  function room(k) {
    if (bl + 11 * k <= buf.length) return;
    let size = buf.length * 2;
    while (size < bl + 11 * k) size *= 2;
    const nb = new Uint8Array(size);
    nb.set(buf.subarray(0, bl));
    buf = nb;
  }
  function V(v) {
    if (v >= 0 && v < 16) { buf[bl++] = B64[v << 1]; return; } // most numbers
    if (v === (v | 0) && v > -0x40000000 && v < 0x40000000) {
      let u = v < 0 ? (-v) << 1 | 1 : v << 1;
      while (u >= 32) { buf[bl++] = B64[32 | (u & 31)]; u >>>= 5; }
      buf[bl++] = B64[u];
      return;
    }
    // A large box in cents, or not a finite number (read as 0).
    let u = Number.isFinite(v) ? Math.trunc(v) : 0;
    u = u < 0 ? -u * 2 + 1 : u * 2;
    while (u >= 32) { const d = u % 32; buf[bl++] = B64[32 | d]; u = (u - d) / 32; }
    buf[bl++] = B64[u];
  }
  const strIdx = new Map();
  let strs = [], nstr = 0;
  function S(s) {
    if (!s) { V(0); return; }
    const i = strIdx.get(s);
    if (i !== undefined) { V(i); return; }
    strs.push(s);
    strIdx.set(s, ++nstr);
    V(-1 - s.length);
  }
  const nodes = out.n;
  let j = 0, prevHd = -1, px = 0, py = 0, pw = 0, ph = 0;
  // encode writes the next max nodes as one chunk: their numbers, a new
  // line, and the strings first used in them.
  function encode(max) {
    bl = 0;
    strs = [];
    const end = Math.min(nodes.length, j + max);
    for (; j < end; j++) {
      const n = nodes[j];
      let m = 0;
      if (n.r) m |= 1;
      if (n.n) m |= 2;
      if (n.x) m |= 4;
      if (n.l) m |= 8;
      if (n.v) m |= 16;
      if (n.c) m |= 32;
      if (n.hl) m |= 64;
      if (n.i) m |= 128;
      if (n.a) m |= 256;
      if (n.hd !== prevHd) m |= 512;
      if (n.rw >= 0) m |= 1024;
      else if (n.rt) m |= 2048;
      if (n.lg) m |= 4096;
      if (n.nx) m |= 8192;
      if (n.lm) m |= 16384;
      if (n.ic) m |= 32768;
      if (n.rv) m |= 65536;
      if (n.hn) m |= 131072;
      const xe = j + 1 < nodes.length ? nodes[j + 1].xp0 : xpt.length / 4;
      room(24 + 4 * (xe - n.xp0) + (n.a ? n.a.length : 0));
      V(n.t | n.f << 2 | m << 7); S(lower(n.g)); V(n.p < 0 ? 0 : n.k - n.p);
      V(n.b0 - px); V(n.b1 - py); V(n.b2 - pw); V(n.b3 - ph);
      px = n.b0; py = n.b1; pw = n.b2; ph = n.b3;
      V(xe - n.xp0);
      for (let e = n.xp0; e < xe; e++) {
        const up = xpt[4 * e], code = xpt[4 * e + 2];
        V(up < 0 ? 0 : e - up); S(xpt[4 * e + 1]); V(code);
        if (code & 1) S(xpt[4 * e + 3]);
      }
      if (m & 1) S(n.r);
      if (m & 2) S(n.n);
      if (m & 4) S(n.x);
      if (m & 8) S(n.l);
      if (m & 16) S(n.v);
      if (m & 32) S(n.c);
      if (m & 64) V(n.hl);
      if (m & 128) V(n.i);
      if (m & 256) {
        V(n.a.length >> 1);
        for (let i = 0; i < n.a.length; i += 2) { S(n.a[i]); S(n.a[i + 1]); }
      }
      if (m & 512) { V(n.hd < 0 ? 0 : n.k - n.hd); prevHd = n.hd; }
      if (m & 1024) V(n.k - n.rw);
      else if (m & 2048) S(n.rt);
      if (m & 4096) S(n.lg);
      if (m & 16384) S(n.lm);
      if (m & 32768) S(n.ic);
      if (m & 65536) S(n.rv);
      if (m & 131072) S(n.hn);
    }
    return new TextDecoder().decode(buf.subarray(0, bl)) + "\n" + strs.join("");
  }
  // A large answer goes out in chunks of o.chunk nodes: this call returns
  // the first, and stash.next(seq, i) the i-th (Go asks for them all at
  // once and decodes each while the page encodes the next), or "" when it
  // has no such chunk. A chunk asked out of order is encoded in order and
  // kept until asked for.
  const size = o.chunk > 0 ? o.chunk : nodes.length || 1;
  const count = Math.max(1, Math.ceil(nodes.length / size));
  const first = encode(size);
  stash.next = null;
  if (count > 1) {
    const done = [null];
    let given = 1;
    stash.next = (seq, i) => {
      if (seq !== o.seq || !(i > 0 && i < count) || done[i] === undefined && done.length > i) return "";
      while (done.length <= i) done.push(encode(size));
      const c = done[i];
      done[i] = undefined;
      if (++given === count) stash.next = null;
      return c;
    };
  }
  const meta = { vw: out.vw, vh: out.vh, u: out.u, t: out.t, sx: out.sx, sy: out.sy, p: out.p, c: out.c, f: out.f, s: out.s, k0: out.k0, nn: nodes.length, ch: count, vq: vq };
  return JSON.stringify(meta) + "\n" + first;
}
