// ---- the module's entry points ----
// Each returns what Go reads (a JSON string, a number, an element) and
// starts from fresh caches. root, doc and el are the object Go calls the
// function on (Runtime.callFunctionOn's this).
//
// preferred is the element a pointer on el acts on as o.tag (and o.id)
// say: el itself, or its nearest ancestor of that tag (through shadow
// hosts, a few levels up): a click on a button's inner <span> is a click
// on the button, and one on a <label> a click on its control.
function preferred(el, o) {
  if (!o.tag) return el;
  // Of the tag and the recorded role, where one is: a clickable row's
  // inner <div> is a click on the row.
  if (o.role) {
    let up = 0;
    for (let a = el; a && a.nodeType === 1 && up < 8; a = upEl(a), up++) {
      if (a.localName === o.tag && (!o.id || a.id === o.id) && roleOf(a, a.tagName, a.hasAttributes()) === o.role) return a;
    }
  }
  if (el.localName === o.tag) return el;
  let up = 0;
  for (let a = el; a && up < 8; a = upEl(a), up++) {
    if (a !== el && a.localName === o.tag && (!o.id || a.id === o.id)) return a;
    // A click on a <label> acts on its control: a checkbox or radio
    // drawn by its label, the input itself hidden under the drawing.
    const c = a.tagName === "LABEL" ? a.control : null;
    if (c && c.localName === o.tag && (!o.id || c.id === o.id)) return c;
  }
  return el;
}

// checked holds the custom elements DevTools found without a closed
// shadow root, so that find and walk stop listing them (Page.ClosedRoots:
// one it finds is put in its document's map of closed roots instead,
// which shadowOf reads).
const CHECKED = new WeakSet();
return {
  find(root, qs, o) { fresh(); const r = find(root, qs, o); r.hosts = r.hosts.filter((k) => !CHECKED.has(REG[k])); return JSON.stringify(r); },
  frameDoc(doc, path) { fresh(); const r = frameDoc(doc, path); return r && r.doc ? r.doc : JSON.stringify(r); },
  // reaches: whether a pointer that hits element h reaches element t
  // (reachesEl), by their references; reachesNode the same for the nodes
  // themselves (the engine's own page functions), and controls the
  // selector of what a pointer acts on by itself (CONTROLS).
  reaches(_, h, t) {
    const a = REG[h], b = REG[t];
    return a && b && reachesEl(a, b) ? "true" : "false";
  },
  // pointerReaches: whether a press on h is a press on t
  // (pointerReaches); pointerReachesNode the same for the nodes, and
  // controlInside the control inside t that takes a press on h first.
  pointerReaches(_, h, t) {
    const a = REG[h], b = REG[t];
    return a && b && pointerReaches(a, b) ? "true" : "false";
  },
  reachesNode(h, t) { return reachesEl(h, t); },
  pointerReachesNode(h, t) { return pointerReaches(h, t); },
  controlInside(h, t) { return controlInside(h, t); },
  controls: CONTROLS,
  // whatHides: what keeps element k from showing (whatHides), "null"
  // when nothing does.
  whatHides(_, k) { fresh(); const el = REG[k]; return JSON.stringify(el && el.isConnected ? whatHides(el) : null); },
  // scrollLike: scroll element k's scroll containers to offsets
  // (scrollLike: {moved, prev}, or null when they are not as many).
  scrollLike(_, k, offsets) { const el = REG[k]; return JSON.stringify(el && el.isConnected ? scrollLike(el, offsets) : null); },
  // items: element k's repeated group (groupOf: {n, kind}), {n: 0} when
  // it is in none, null when it is gone.
  items(_, k) { fresh(); const el = REG[k]; return JSON.stringify(el && el.isConnected ? groupOf(el) || { n: 0, kind: "" } : null); },
  scroll(doc) { const v = doc.defaultView || win; return JSON.stringify([v.scrollX, v.scrollY]); },
  // guard: the landing guard up on element k (down with k < 0); what the
  // presses since it was last put up did ({on, ok}: guard).
  guard(_, k) { return guard(k >= 0 ? REG[k] : null); },
  quiet() { return quietFor(); },
  // animating: whether a finite transition or animation runs.
  animating() { return animating(); },
  // still: how long the page has been still, and the page-clock time of
  // its last change (a mutation, an input or a route change).
  // idle: how long it has been still with no work queued (0 while it
  // has some), and busy: what work; due: in how many ms its next timer
  // is due (negative: past due), null if it has none; reactions: in how
  // many ms each timeout an input's task set is due; requests: how many
  // fetches and XMLHttpRequests are in flight.
  still() {
    const b = busy();
    return JSON.stringify({ quiet: quietFor(), last: Math.max(lastMutation, lastActivity), idle: idleFor(b), busy: b,
      due: nextDue(), loading: loads, reactions: pendingReactions(), requests: requests });
  },
  // frame, timeout: requestAnimationFrame and setTimeout for the
  // engine's own page functions (called from the page, not from Go),
  // uncounted: what the engine schedules is not the page's work (busy,
  // idle), so a settle never waits it out.
  frame(fn) { return ownRaf ? ownRaf(fn) : ownSetTimeout(() => fn(performance.now()), 16); },
  timeout(fn, ms) { return ownSetTimeout(fn, ms); },
  // watch: about an element, or (a document) about its body; seeking
  // sought among the texts the page shows, or else the values last typed
  // and the texts also (an option's name).
  watch(el, sought, gone, also) { fresh(); return watch(el && el.nodeType === 9 ? el.body || el.documentElement : el, sought || "", gone || "", also); },
  // watchAt: watch about the element of reference k (0 when it is gone).
  watchAt(_, k, sought, gone) { const el = deref(k); if (!el) return 0; fresh(); return watch(el, sought || "", gone || ""); },
  effects(_, id, close) { fresh(); return JSON.stringify(effects(id, close)); },
  // activeOf: the item active in watch id's document, among its widget's
  // items, how many of those are named want, and where key moves to
  // (activeOf).
  activeOf(_, id, want, key, chooses, steps, rows, held) { fresh(); return JSON.stringify(activeOf(id, want, key, chooses, steps, rows, held)); },
  // next: resolves at the page's next change, or after ms.
  next(_, ms) { return nextChange(ms).then(() => ""); },
  // nextAfter: at once when the page changed after last (page clock, ms)
  // or has work queued now (busy), else as next.
  nextAfter(_, last, ms) {
    if (Math.max(lastMutation, lastActivity) > last || busy()) return "";
    return nextChange(ms).then(() => "");
  },
  // effectsNext: effects, once the page changes after the watch's last
  // answer (or after ms).
  effectsNext(_, id, ms) { return effectsNext(id, ms); },
  revealedBy(el, shown, pressedIn) { fresh(); return revealedBy(el, shown, pressedIn); },
  framePath(doc) { return JSON.stringify(doc.documentElement ? framePathOf(doc.documentElement) : []); },
  // atNode: the element a hit test reached (this, a node DevTools found at
  // a point): its reference and description, or the cross-origin frame
  // it is ({far}). A ::before or ::after box (a checkbox its label draws,
  // an icon) stands for the element it belongs to.
  atNode(n, o) {
    fresh();
    // Text of a host's own that a slot shows is on that slot.
    let el = n.nodeType === 1 ? n : n.element && n.element.nodeType === 1 ? n.element
      : n.assignedSlot || n.parentElement || (n.parentNode && n.parentNode.host) || null;
    if (!el || inUI(el)) return "null";
    // A host DevTools hit over text of its own that a slot shows: the
    // slot, inside (o.x, o.y: the point in this document's viewport).
    if (o.x !== undefined) el = throughShadows(el, o.x, o.y);
    el = preferred(el, o);
    if (el.tagName === "IFRAME" || el.tagName === "FRAME") {
      let cd = null;
      try { cd = el.contentDocument; } catch (e) { cd = null; }
      if (!cd || !cd.documentElement) return JSON.stringify({ far: farFrame(el) });
    }
    return JSON.stringify({ k: ref(el), el: brief(el, o) });
  },
  at(doc, x, y, o) { fresh(); return JSON.stringify(at(doc, x, y, o)); },
  brief(_, ks, o) { fresh(); return JSON.stringify(ks.map((k) => REG[k] && REG[k].isConnected ? brief(REG[k], o) : null)); },
  stashBrief(_, seq, idx, o) {
    fresh();
    const s = win[SNAP];
    if (!s || s.seq !== seq) return "null";
    return JSON.stringify(idx.map((i) => { const e = s.els[i]; return e && e.isConnected ? brief(e, o) : null; }));
  },
  // frameInfo: an <iframe> (this) as a frame path names it: a selector
  // unique in its document, and where its content box starts in its
  // document's viewport.
  frameInfo(el, o) {
    fresh();
    const sc = scopesOf(el.ownerDocument, false);
    const css = cssFor(el, sc, new RegExp(o.genClass || "(?!)"), new RegExp(o.genID || "(?!)"), o.testIds || []) || selectorOf(el);
    const r = el.getBoundingClientRect();
    const cs = (el.ownerDocument.defaultView || win).getComputedStyle(el);
    return JSON.stringify({ css: css, x: r.left + el.clientLeft + parseFloat(cs.paddingLeft || "0"), y: r.top + el.clientTop + parseFloat(cs.paddingTop || "0") });
  },
  describe(el, o) { fresh(); return JSON.stringify(describe(el, o)); },
  ref(el) { return ref(el); },
  el(_, k) { return deref(k); },
  checked(_, ks) { for (const k of ks) if (REG[k]) CHECKED.add(REG[k]); },
  role(el) { fresh(); return roleOf(el, el.tagName, el.hasAttributes()); },
  computedRole(el) { fresh(); return computedRole(el); },
  computedName(el) { fresh(); return computedName(el); },
  // slottedAt: the slot showing host's own text at (x, y) (slottedAt).
  slottedAt(host, x, y) { return slottedAt(host, x, y); },
  // layerOf: the clickable element el is a layer of (layerOf), or null.
  layerOf(el) { fresh(); return layerOf(el); },
  name(el) { fresh(); return accName(el, labelsOf(el), roleOf(el, el.tagName, el.hasAttributes()), el.hasAttributes()); },
  label(el) { fresh(); return labelOf(el); },
  text(el) { fresh(); return textOf(el, MAXTEXT); },
  // itemText: the text of el's repeated item (a list's row, a card), ""
  // when el is in none: what tells one row's control from another's.
  itemText(el) { fresh(); const c = itemOf(el); return c ? collapse(textOf(c, MAXITEM)) : ""; },
  visible(el) { fresh(); return visibleEl(el); },
  // view: [width, height] of document d's view, scrollbars excluded (viewOf).
  view(d) { return viewOf(d); },
  region(el) { fresh(); return regionOf(el); },
  // secret: whether el's value must never leave the page (secretField,
  // the one rule: the recorder asks it of every field it reads).
  secret(el) { return secretField(el); },
  walk(start, o) { fresh(); return walk(start, o); },
};
}
