// The in-page half of the recorder. It runs in the main world of every frame
// before the page's own scripts (Page.addScriptToEvaluateOnNewDocument), listens
// in the capture phase, and reports what the user did through the Runtime
// binding __BINDING__. It does as little as it can per event (a few attribute
// reads and one getBoundingClientRect); everything else is read later from Go
// through DevTools. Only trusted events are reported: page scripts calling
// el.click() are not the user. Events on the recorder's own elements (the
// toolbar, toolbar.js) are never reported; in assert mode a press is an
// assertion about the element under the pointer and never reaches the page.
(function () {
  "use strict";
  if (window.__chainrec) return;
  const BINDING = "__BINDING__";
  const TESTIDS = __TESTIDS__;
  // The page model (pagemodel), installed before this script in every
  // document: its watches say what an action did to the page (effects).
  const MODEL = __MODEL__;
  // DESCRIBE: the options the recorder describes elements with
  // (pagemodel.DescribeOptions.JSON), for a pressed element described here.
  const DESCRIBE = __DESCRIBE__;
  // This script's own timers (ownTimeout) are not the page's work: the
  // model does not count them when it says whether the page is settled.
  __OWNTIMERS__
  // Frequent reports (mousedown, keystrokes' input, scrolls) are queued and
  // sent in one binding call after the event's task, so the page's own
  // handlers do not wait for DevTools; see emitNow for the others.
  const queue = [];
  let flushTimer = 0;
  function flushQueue() {
    if (flushTimer) { clearTimeout(flushTimer); flushTimer = 0; }
    if (!queue.length) return;
    const t0 = performance.now();
    const batch = queue.splice(0, queue.length);
    try { window[BINDING](JSON.stringify(batch)); } catch (e) {}
    stats.flushes++;
    stats.flushMs += performance.now() - t0;
  }
  const emitRaw = (m) => {
    queue.push(m);
    if (!flushTimer) flushTimer = ownTimeout(window, flushQueue, 0);
  };

  // Closed shadow roots are invisible to composedPath() from outside, so every
  // root the page attaches gets our listeners too (see listen below).
  const closedRoots = new WeakMap();
  const closedList = [];
  const roots = [];
  const origAttach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = origAttach.call(this, init);
    roots.push(new WeakRef(root));
    if (hoverMO) hoverMO.observe(root, MO_OPTS);
    if (init && init.mode === "closed") {
      closedRoots.set(this, root);
      closedList.push(new WeakRef(root));
      listen(root);
    }
    return root;
  };

  // Element references handed to Go by number.
  let nextRef = 1;
  const refs = new Map();
  const refOf = new WeakMap();
  function ref(el) {
    if (!el) return 0;
    let id = refOf.get(el);
    if (id) return id;
    id = nextRef++;
    refOf.set(el, id);
    refs.set(id, el);
    if (refs.size > 500) refs.delete(refs.keys().next().value);
    return id;
  }

  const stats = { events: 0, totalMs: 0, maxMs: 0, flushes: 0, flushMs: 0 };
  // isSecret is the page model's rule of what is secret (its secret: a
  // password, data-secret, autocomplete of a password, a one-time code or
  // card data, a field it saw a password once), the one that also keeps
  // such values out of a description's neighbours. Without the model,
  // every field is: its value is never read.
  function isSecret(el) {
    if (!el || el.nodeType !== 1) return false;
    const m = window[MODEL];
    try { return m ? m.secret(el) : true; } catch (x) { return true; }
  }
  function mods(e) {
    const m = [];
    if (e.altKey) m.push("Alt");
    if (e.ctrlKey) m.push("Control");
    if (e.metaKey) m.push("Meta");
    if (e.shiftKey) m.push("Shift");
    return m;
  }
  function rect(el) {
    const r = el.getBoundingClientRect();
    return { x: r.left, y: r.top, w: r.width, h: r.height };
  }
  // cheap is what Go falls back on when the element is gone before it could be
  // described (a click that navigates away): attribute reads only.
  function cheap(el) {
    const c = { tag: el.localName };
    for (const a of ["id", "name", "type", "placeholder", "aria-label", "title", "alt", "href"]) {
      const v = el.getAttribute(a);
      if (v) c[a] = v;
    }
    for (const a of TESTIDS) {
      const v = el.getAttribute(a);
      if (v) (c.testids || (c.testids = {}))[a] = v;
    }
    if (el.childElementCount < 8) {
      const t = (el.textContent || "").replace(/\s+/g, " ").trim();
      if (t) c.text = t.slice(0, 80);
    }
    return c;
  }
  function editable(el) {
    if (!el || el.nodeType !== 1) return false;
    if (el.isContentEditable) return true;
    if (el.localName === "textarea") return true;
    if (el.localName !== "input") return false;
    return !/^(checkbox|radio|button|submit|reset|file|image|range|color|hidden)$/.test(el.type);
  }
  function valueOf(el) {
    if (isSecret(el)) return undefined;
    return el.isContentEditable ? el.innerText : el.value;
  }

  // Scroll intent: scroll events also come from scrollIntoView, focus and page
  // scripts; only those shortly after a wheel, touch or scrolling key are the user's.
  let intentAt = -1e9;
  // keyAt: when a key press was last recorded as a step.
  let keyAt = -1e9;
  // richKeyAt: when Enter, Backspace or Delete in rich text was recorded as
  // a step; the input it makes is that step's, not text typed.
  let richKeyAt = -1e9;
  // caretOnly reports whether the selection is a caret (nothing selected).
  function caretOnly() { const s = window.getSelection(); return !s || s.isCollapsed; }
  // spaceDown: a Space press step was reported and its key not released
  // yet; spaceUpAt: when it was.
  let spaceDown = false, spaceUpAt = -1e9;
  // KEY_CLICK is how long after a key press (or Space's release) a click
  // with no detail is taken for the key's own activation, in ms.
  const KEY_CLICK = 1000;
  const scrollKeys = /^(PageUp|PageDown|Home|End|ArrowUp|ArrowDown|ArrowLeft|ArrowRight| )$/;
  const pendingScroll = new Map(); // scroller -> {x0, y0, timer}
  function scrollPos(s) {
    return s === document ? { x: window.scrollX, y: window.scrollY } : { x: s.scrollLeft, y: s.scrollTop };
  }
  function flushScroll(s) {
    const p = pendingScroll.get(s);
    if (!p) return;
    clearTimeout(p.timer);
    pendingScroll.delete(s);
    if (!pendingScroll.size) intentAt = -1e9; // the burst is over
    const now = scrollPos(s);
    const dx = now.x - p.x0, dy = now.y - p.y0;
    if (dx === 0 && dy === 0) return;
    const m = { k: "scroll", dx, dy, sx: now.x, sy: now.y };
    if (s !== document) { m.id = ref(s); m.c = cheap(s); m.r = rect(s); }
    emitRaw(m);
  }
  function flushAll() { for (const s of [...pendingScroll.keys()]) flushScroll(s); }

  // emit queues one report; pending scrolls go first so the order is the
  // user's. emitNow also sends the queue at once: it is for the reports of
  // actions that may navigate or re-render (click, key, select), which must
  // reach the recorder before the navigation does.
  function emit(m) {
    if (pendingScroll.size) flushAll();
    emitRaw(m);
  }
  function emitNow(m) {
    emit(m);
    flushQueue();
  }

  // handled marks events already reported by a deeper (closed shadow root)
  // listener; a listener that only sees a closed host defers to it.
  const handled = new WeakSet();
  function targetOf(e) {
    let t = e.composedPath()[0];
    if (t && t.nodeType === 3) t = t.parentElement;
    if (t === document || t === window) t = document.documentElement;
    return t && t.localName === "slot" ? slottedTextOwner(t) : t;
  }
  // slottedTextOwner is the element whose text a pointer on slot s hit:
  // Chromium aims a press on text that a slot shows at the slot (it has
  // no box of its own: display: contents), but the text is the light DOM
  // child of a host (a tab component's label), and that host is what the
  // person pressed. s itself when it shows no text.
  function slottedTextOwner(s) {
    let nodes = [];
    try { nodes = s.assignedNodes({ flatten: true }); } catch (x) { nodes = []; }
    const tx = nodes.find((n) => n.nodeType === 3 && n.data.trim());
    return (tx && tx.parentElement) || s;
  }
  // pointerTarget is the element a pointer action is about: the nearest
  // element of e's composed path (the innermost first) that a person acts
  // on, so a click on a button's icon or text span is a click on the
  // button, as the person means it and as replay must find it again; t
  // itself when nothing interactive encloses it. A press on a box with
  // no words of its own in a grid's cell (the empty box a calendar draws
  // in a day) is a press on the cell, named by its date, not on the
  // fourth box of a week's row; one on words in the cell (an event) is
  // on those words.
  const ACTIONABLE = "button,a[href],summary,label,input,textarea,select,[contenteditable=''],[contenteditable=true]," +
    "[role=button],[role=link],[role=switch],[role=checkbox],[role=radio],[role=tab],[role=menuitem]," +
    "[role=menuitemcheckbox],[role=menuitemradio],[role=option],[role=treeitem]";
  const ROLE_CONTROL = "[role=button],[role=link],[role=switch],[role=checkbox],[role=radio],[role=tab],[role=menuitem]," +
    "[role=menuitemcheckbox],[role=menuitemradio],[role=option],[role=treeitem]";
  // Where nothing of that kind encloses it, a click on a layer of a
  // clickable element (a card's overlay: the page model's layerOf) is
  // that element's (layers); an assertion or a drop is about what is
  // under the pointer.
  // ICON_MAX is the largest side, in CSS pixels, of an SVG drawing taken
  // for an icon (pointerTarget).
  const ICON_MAX = 64;
  function pointerTarget(e, t, layers) {
    const path = e.composedPath();
    for (let i = 0; i < path.length; i++) {
      const n = path[i];
      if (n === document || n === window) break;
      if (n.nodeType !== 1 || !(n.matches(ACTIONABLE) || tabStopLeaf(n, path.slice(0, i)))) continue;
      // A label of no control inside an element of a control's role (a
      // checkbox component's label part, in its shadow tree) is a part
      // of that control: the press is the control's.
      if (n.localName === "label" && !n.control && path.slice(i + 1).some((x) => x.nodeType === 1 && x.matches(ROLE_CONTROL))) continue;
      return n;
    }
    if (t && t.nodeType === 1 && !/\S/.test(t.textContent)) {
      // Not a picture or an icon (an svg's <path>), nor anything named or
      // with a handler of its own, between the box and the cell.
      for (const n of e.composedPath()) {
        if (n === document || n === window) break;
        if (n.nodeType !== 1) continue;
        if (n.getAttribute("role") === "gridcell") return n;
        if (n.matches("img,svg,i,[aria-label],[title],[role=img],input,[onclick]")) break;
      }
    }
    // A press on a part of an icon drawn in SVG (its <path>) is a press
    // on the icon: its outermost <svg>, which its name is on. A larger
    // drawing (a chart's bars, a map's regions), or one of parts apart (a
    // rating's stars), is made of parts pressed each for itself.
    if (t && t.nodeType === 1 && t.namespaceURI === "http://www.w3.org/2000/svg" && t.localName !== "svg") {
      let svg = null;
      for (let a = t; a && a.nodeType === 1 && a.namespaceURI === "http://www.w3.org/2000/svg"; a = a.parentElement) if (a.localName === "svg") svg = a;
      // Nor one whose parts stand apart, each pressed for itself (a
      // rating's stars): a part with a sibling of its tag whose box it
      // does not meet.
      const apart = (x) => {
        const r = x.getBoundingClientRect();
        for (let s = x.parentElement && x.parentElement.firstElementChild; s; s = s.nextElementSibling) {
          if (s === x || s.localName !== x.localName) continue;
          const b = s.getBoundingClientRect();
          if (b.right <= r.left || b.left >= r.right || b.bottom <= r.top || b.top >= r.bottom) return true;
        }
        return false;
      };
      for (let a = t; svg && a && a !== svg; a = a.parentElement) if (apart(a)) svg = null;
      const r = svg ? svg.getBoundingClientRect() : null;
      if (r && r.width <= ICON_MAX && r.height <= ICON_MAX) t = svg;
    }
    if (!layers) return t;
    const model = window[MODEL];
    let a = null;
    try { a = model ? model.layerOf(t) : null; } catch (x) { a = null; }
    return a || t;
  }
  // tabStopLeaf reports whether the page made n a control of its own: a
  // tab stop with no role of its own (a calendar's event, an <a> with no
  // href) that holds no other control or tab stop (a scroll region or a
  // grid that takes focus holds its controls, and is none), nor, on the
  // way to what was pressed (below: the path's nodes inside n), one of
  // several parts alike (a menu's items, in a dropdown that takes focus:
  // the press chose one of them). One with a role says what it is (a
  // combobox's box, named by the option it shows once it opens), and is
  // left as it was.
  const TAB_STOP = "[tabindex]:not([tabindex^='-'])";
  function tabStopLeaf(n, below) {
    if (!n.matches(TAB_STOP) || n.hasAttribute("role") || n === document.body || n === document.documentElement) return false;
    if (n.querySelector(ACTIONABLE + "," + TAB_STOP + ",table,ul,ol,[role]")) return false;
    if (below.some((x) => x.nodeType === 1 && hasAlike(x))) return false;
    // A region made focusable to scroll by keys holds content, not a control.
    const cs = getComputedStyle(n);
    return !/auto|scroll/.test(cs.overflowX + " " + cs.overflowY);
  }
  // enterInTextarea records Enter in a <textarea> as a step of its own
  // where it typed no new line: the page took it for itself (a grid's
  // cell editor commits, a chat box sends). A new line typed is part of
  // the text typed. What the key did is watched from now, and reported
  // only if it is a step.
  function enterInTextarea(e, t) {
    const before = t.value, lines = before.split("\n").length;
    const q = openEffect(t);
    const m = { k: "key", key: "Enter", m: mods(e), id: ref(t), q, c: cheap(t), r: rect(t) };
    ownTimeout(window, () => {
      if (!e.defaultPrevented && t.isConnected && t.value !== before && t.value.split("\n").length > lines) return;
      keyAt = performance.now();
      emitNow(m);
    }, 0);
  }

  // hasAlike reports whether el has a sibling of its tag and classes.
  function hasAlike(el) {
    const p = el.parentElement;
    if (!p) return false;
    for (const s of p.children) if (s !== el && s.localName === el.localName && s.getAttribute("class") === el.getAttribute("class")) return true;
    return false;
  }
  function deepActive() {
    let a = document.activeElement;
    for (;;) {
      const r = a && (a.shadowRoot || closedRoots.get(a));
      if (!r || !r.activeElement) return a;
      a = r.activeElement;
    }
  }

  // Effects: a watch of the page model opens at each action (at the
  // mousedown of a click, before its handlers run) and closes at the next
  // action or EFFECT_MS later; what it saw is reported for the action's
  // step ({k: "effect", q}).
  const EFFECT_MS = 1000;
  let effect = null; // {q, id, timer, el}
  let actions = 0;
  function openEffect(el) {
    closeEffect();
    const m = window[MODEL];
    if (!m || !el) return 0;
    let id = 0;
    try { id = m.watch(el, "", "", chosenName(m, el)); } catch (x) { return 0; }
    const q = ++actions;
    effect = { q, id, el, timer: ownTimeout(window, closeEffect, EFFECT_MS) };
    return q;
  }
  // chosenName is, for an element in an option of a list (a select's or
  // a combobox's: role option or menuitemradio, el or up to two levels
  // above it), the option's name in a list, for the watch to seek where
  // the page shows the choice (the field's value drawn anew); [] else.
  function chosenName(m, el) {
    let up = 0;
    for (let x = el; x && x.nodeType === 1 && up < 3; x = x.parentElement, up++) {
      const r = m.role(x);
      if (r === "option" || r === "menuitemradio") {
        const n = m.name(x);
        return n ? [n] : [];
      }
    }
    return [];
  }
  // effectOf is the open watch's number when it is about el (a click after
  // its mousedown), else a new one.
  function effectOf(el) { return effect && effect.el === el ? effect.q : openEffect(el); }
  function closeEffect() {
    const w = effect;
    if (!w) return;
    effect = null;
    clearTimeout(w.timer);
    const m = window[MODEL];
    let e = null;
    try { e = m && JSON.parse(m.effects(null, w.id, true)); } catch (x) { e = null; }
    if (e) emitNow({ k: "effect", q: w.q, e });
  }

  // What the pointer's hover makes scripts show: the element the pointer
  // entered (hov), and, for each node a script added or restyled within
  // HOVER_MS of that and before any press, which element it was (shownAt).
  // Until the pointer moves after a press, what changes is the press's
  // doing (a dropdown opened by a click, a modal fading in under the
  // pointer), not the hover's. The page model decides from it what a
  // hover revealed (revealedBy).
  const HOVER_MS = 600;
  let pressAt = null; // {x, y} of the last press, until the pointer leaves it
  let lastPressed = null; // WeakRef of the element last pressed
  const MO_OPTS = { subtree: true, childList: true, attributes: true, attributeFilter: ["style", "class", "hidden", "open"] };
  let hov = null; // {el, t, pressed}
  let hoverMO = null;
  const shownAt = new WeakMap();
  const shown = (n) => shownAt.get(n);
  function onMutations(list) {
    const h = hov;
    if (!h || h.pressed || pressAt || performance.now() - h.t > HOVER_MS) return;
    const s = { h: h.el };
    for (const m of list) {
      if (m.type === "childList") {
        for (const n of m.addedNodes) if (n.nodeType === 1 && n.localName !== UI_TAG) shownAt.set(n, s);
      } else if (m.target.nodeType === 1 && m.target.localName !== UI_TAG) shownAt.set(m.target, s);
    }
  }
  function hovered(t) {
    hov = { el: t, t: performance.now(), pressed: false };
    if (!hoverMO && document.documentElement) {
      hoverMO = new MutationObserver(onMutations);
      hoverMO.observe(document, MO_OPTS);
      for (const w of roots) { const r = w.deref(); if (r) hoverMO.observe(r, MO_OPTS); }
    }
  }
  function pressed(t, e) {
    if (hov) hov.pressed = true;
    pressAt = e && "clientX" in e ? { x: e.clientX, y: e.clientY } : pressAt;
    lastPressed = t && typeof WeakRef === "function" ? new WeakRef(t) : null;
  }
  // leftPress notes that the pointer moved away from where it last
  // pressed (a mouseover comes before the mousemove of the same move, and a
  // page's mouseenter may render before that mousemove).
  function leftPress(e) {
    if (pressAt && Math.hypot(e.clientX - pressAt.x, e.clientY - pressAt.y) > 2) pressAt = null;
  }
  // pressedIn reports whether the element last pressed is inside c.
  function pressedIn(c) {
    const p = lastPressed && lastPressed.deref();
    return !!p && (c === p || c.contains(p));
  }
  // reveals lists the elements whose hover shows t, outermost first (a
  // menu's item shown by hovering the menu, shown by hovering the bar).
  function reveals(t) {
    const model = window[MODEL];
    const out = [];
    for (let x = t; model && out.length < 3;) {
      let rv = null;
      try { rv = model.revealedBy(x, shown, pressedIn); } catch (e) { rv = null; }
      if (!rv || out.includes(rv) || rv === t) break;
      out.unshift(rv);
      x = rv;
    }
    return out;
  }

  // Pointer drags: a press that moves DRAG_PX before its release on another
  // element (a sortable list's pointer handlers), and HTML5 drags
  // (dragstart ... drop), each reported as one drag from the pressed element
  // to the one released on; the click a pointer drag ends with is not.
  const DRAG_PX = 8;
  // digest is a short hash of a secret's value (FNV-1a): the recorder
  // tells two passwords typed apart by it, and never sees either.
  const digest = (v) => {
    let h = 0x811c9dc5;
    for (let i = 0; i < v.length; i++) h = Math.imul(h ^ v.charCodeAt(i), 0x01000193) >>> 0;
    return h.toString(16);
  };
  let down = null; // {el, x, y, ox, oy, r, q, moved, html5, bar, c, item, desc}
  // pointerDown: the pointerdown of the press in progress, until its
  // pointerup (its mousedown, when one comes, is the same press).
  let pointerDown = null;
  // released: the press a release in place just ended, for its click.
  let released = null;
  // holds reports whether a holds b, through shadow roots.
  const holds = (a, b) => {
    for (let x = b; x; x = x.parentElement || (x.parentNode && x.parentNode.host)) if (x === a) return true;
    return false;
  };
  // dragClick: the click the browser fires right after a pointer drag's
  // mouseup (on the elements' common ancestor) is not the person's.
  let dragClick = false;
  // A press and release in place that the browser follows with no click:
  // a page that takes the pressed control off as it handles the press or
  // the release (Closure's controls render their row anew; a row deleted
  // on release) gets no click from Chromium, though the page acted. The
  // person clicked: once the release's task is over and no click came,
  // the click is reported
  //   - on the pressed element, when it is still on the page;
  //   - where the page rendered it anew, on the element now under the
  //     release that reads as the pressed one did (tag, attributes, text:
  //     cheap) in an item that reads as its did (the same row, not the
  //     next one moved up into its place);
  //   - else on the pressed element as described when it was pressed,
  //     before the page's handlers ran (gone, dsc).
  // A release on another element is no click.
  let clicks = 0; // trusted clicks seen at the window, however reported
  window.addEventListener("click", (e) => { if (e.isTrusted) clicks++; }, { capture: true });
  let awaited = null; // the check of the last release, until it has run
  // labelled: a label's click, reported once its dispatch ended cancelled.
  let labelled = null;
  // onScrollbar reports whether a press is on a scrollbar, the viewport's
  // or a scroll container's (past its client area, where the bar is): a
  // press and release there is no click, and Chromium fires none.
  function onScrollbar(e) {
    const de = document.documentElement;
    let view = de ? [de.clientWidth, de.clientHeight] : [Infinity, Infinity];
    try { const m = window[MODEL]; if (m) view = m.view(document); } catch (x) { /* as without the model */ }
    if (e.clientX >= view[0] || e.clientY >= view[1]) return true;
    const n = e.composedPath()[0];
    if (!n || n.nodeType !== 1 || !n.clientWidth || !n.clientHeight) return false;
    const b = n.getBoundingClientRect();
    const x = e.clientX - b.left - n.clientLeft, y = e.clientY - b.top - n.clientTop;
    if (x < n.clientWidth && y < n.clientHeight) return false;
    const cs = getComputedStyle(n);
    return /auto|scroll/.test(cs.overflowX + " " + cs.overflowY);
  }
  const itemText = (el) => { const m = window[MODEL]; try { return m ? m.itemText(el) : ""; } catch (x) { return ""; } };
  // describeHere describes a pressed element as the recorder does, in the
  // page, before the page's handlers run: what a click reports when the
  // page took its element off by the time the recorder could ask.
  const describeHere = (el) => { const m = window[MODEL]; try { return m ? m.describe(el, DESCRIBE) : null; } catch (x) { return null; } };
  function clickAwaited(d, e, t) {
    const seen = clicks;
    const to = pointerTarget(e, t, true);
    const x = e.clientX, y = e.clientY;
    // The pressed element as it is before the page handles the release,
    // or as it was pressed when the page took it off handling the press.
    const was = d.el.isConnected ? { c: cheap(d.el), r: rect(d.el), item: itemText(d.el) } : d;
    const check = () => {
      if (awaited !== check) return;
      awaited = null;
      if (clicks !== seen || mode !== "record") return;
      let el = d.el, gone = false;
      if (!el.isConnected) {
        const at = deepAt(x, y);
        el = at && at.closest ? at.closest(ACTIONABLE) || at : null;
        if (!el || JSON.stringify(cheap(el)) !== JSON.stringify(was.c) || itemText(el) !== was.item) {
          el = d.el;
          gone = true;
        }
      } else if (to && to.isConnected && to !== el && !el.contains(to) && !to.contains(el)) {
        return;
      }
      if (skipPointer(el)) return;
      const m = { k: "click", id: ref(el), b: 0, n: 1, m: mods(e), x: d.x, y: d.y, ox: d.ox, oy: d.oy,
        r: gone ? was.r : d.r, c: gone ? was.c : cheap(el), q: effect && effect.q === d.q ? d.q : effectOf(el) };
      if (gone) { m.gone = true; m.dsc = d.desc; }
      else if (el.localName === "input" && (el.type === "checkbox" || el.type === "radio")) m.chk = el.checked;
      emitNow(m);
    };
    awaited = check;
    ownTimeout(window, check, 0);
  }
  // settleAwaited runs the check of the last release now (a later task
  // than the release's: a click would have come), so that a report asked
  // for after it (the drive's mark, the page's end) comes after the click.
  function settleAwaited() { if (awaited) awaited(); if (labelled) labelled(); }
  function deepAt(x, y) {
    let el = document.elementFromPoint(x, y);
    for (let sr = el && (el.shadowRoot || closedRoots.get(el)); sr && sr.elementFromPoint;) {
      const inner = sr.elementFromPoint(x, y);
      if (!inner || inner === el) break;
      el = inner;
      sr = el.shadowRoot || closedRoots.get(el);
    }
    return el && el.localName !== UI_TAG ? el : null;
  }
  // dropTarget is what a drag releases on: the element under the pointer,
  // or the nearest element a person acts on that holds it, climbed out of
  // inline text (a card's <span> title is a drop on the card).
  const INLINE = /^(span|b|i|em|strong|small|svg|path|use|img|code|mark|s|u)$/;
  function dropTarget(e, t) {
    const d = pointerTarget(e, t);
    return d === t ? outOfInline(d) : d;
  }
  // outOfInline is the nearest element holding d that is no inline text.
  function outOfInline(d) {
    while (d && INLINE.test(d.localName) && d.parentElement && d.parentElement !== document.body) d = d.parentElement;
    return d;
  }
  // over reports the element a drag is over, so that the recorder
  // describes it as it is before the drop changes it.
  function over(e, t) {
    const to = dropTarget(e, t);
    if (!down || !to || to === down.over || to === down.el) return;
    down.over = to;
    emit({ k: "over", id: ref(to) });
  }
  // movedAway reports whether the page moved pressed element d.el during
  // its drag: its box is not where it was pressed.
  function movedAway(d) {
    if (!d.el.isConnected || !d.r) return false;
    const r = rect(d.el);
    // In the page's coordinates: a page scrolled by a selection's drag
    // moves nothing.
    return Math.hypot(r.x + scrollX - d.r.x - d.sx, r.y + scrollY - d.r.y - d.sy) >= DRAG_PX;
  }
  // underDragged is the element a drop lands on under dragged element el
  // at e's point: the topmost there that is neither el nor in it, nor the
  // recorder's own.
  function underDragged(el, e) {
    for (const n of document.elementsFromPoint(e.clientX, e.clientY)) {
      if (n === el || holds(el, n) || n.localName === UI_TAG || n === document.documentElement || n === document.body) continue;
      return outOfInline(n);
    }
    return null;
  }
  function reportDrag(src, to, e) {
    if (!src || !to || to === src.el || src.el.contains(to)) return false;
    const r = rect(to);
    emitNow({ k: "drag", id: ref(src.el), to: ref(to), x: src.x, y: src.y, ox: src.ox, oy: src.oy,
      tx: e.clientX - r.x, ty: e.clientY - r.y, r: src.r, tr: r, c: cheap(src.el), tc: cheap(to), q: src.q });
    return true;
  }

  // Assert mode (set by the recorder, mode()): the element under the
  // pointer is outlined with its role and name; a press records an
  // assertion about it and neither it nor the rest of its click reaches
  // the page; Escape leaves the mode.
  let mode = "record";
  let swallowUntil = -1e9;
  let outlined = null;
  const UI_TAG = "chainreplay-ui";
  const UI = () => window.__chainrecUI;
  function assertTarget(kind, e, t) {
    if (kind === "assert-value") {
      for (let x = t; x; x = x.parentElement || (x.parentNode && x.parentNode.host) || null) {
        if (editable(x) || x.localName === "select" || (x.localName === "input" && x.type !== "hidden")) return x;
      }
      return null;
    }
    if (kind === "assert-text") {
      for (let x = t; x && x !== document.body; x = x.parentElement) if (textOf(x)) return x;
      return null;
    }
    return pointerTarget(e, t);
  }
  function textOf(x) { return (x.innerText || x.textContent || "").replace(/\s+/g, " ").trim(); }
  const ASSERT_TEXT_MAX = 200;
  function clipText(s) {
    if (s.length <= ASSERT_TEXT_MAX) return s;
    const cut = s.slice(0, ASSERT_TEXT_MAX);
    const sp = cut.lastIndexOf(" ");
    return sp > ASSERT_TEXT_MAX / 2 ? cut.slice(0, sp) : cut;
  }
  function describeFor(x) {
    const model = window[MODEL];
    let role = "", name = "";
    try { role = model ? model.role(x) : ""; name = model ? model.name(x) : ""; } catch (e) { /* a label without them */ }
    let s = (role || x.localName) + (name ? ' "' + (name.length > 60 ? name.slice(0, 59) + "…" : name) + '"' : "");
    if (mode === "assert-value") s += isSecret(x) ? " = (secret)" : " = " + JSON.stringify(String(x.isContentEditable ? x.innerText : x.value).slice(0, 40));
    return s;
  }
  function onAssertEvent(e) {
    if (!e.isTrusted) return false;
    const t = targetOf(e);
    if (t && t.localName === UI_TAG) return false;
    const type = e.type;
    if (mode.startsWith("assert")) {
      if (type === "mousemove") {
        const x = t && assertTarget(mode, e, t);
        if (x !== outlined) {
          outlined = x;
          const ui = UI();
          if (ui) { if (x) ui.outline(x, describeFor(x), false); else if (t) ui.outline(t, mode === "assert-value" ? "not a field" : "no text", true); }
        }
        return false;
      }
      if (type === "keydown" && e.key === "Escape") { emitNow({ k: "tool", cmd: "cancel" }); setMode("record"); return true; }
      // The press is the pointerdown: cancelling it keeps the browser from
      // firing mousedown and mouseup at all (the click is swallowed below).
      if (type === "pointerdown" && e.button === 0) {
        const x = t && assertTarget(mode, e, t);
        if (x) {
          const m = { k: "assert", a: mode, id: ref(x), r: rect(x), c: cheap(x) };
          if (mode === "assert-text") m.v = clipText(textOf(x));
          if (mode === "assert-value") { if (isSecret(x)) m.s = true; else m.v = valueOf(x); }
          emitNow(m);
          setMode("record");
        }
        swallowUntil = performance.now() + 1000;
        return true;
      }
      return /^(pointerdown|mousedown|pointerup|mouseup|click|dblclick|auxclick|contextmenu)$/.test(type);
    }
    // The rest of a click whose press was an assertion.
    if (performance.now() < swallowUntil && /^(mousedown|pointerup|mouseup|click|dblclick|auxclick|contextmenu)$/.test(type)) {
      if (type === "click" || type === "contextmenu") swallowUntil = -1e9;
      return true;
    }
    return false;
  }
  function setMode(m) {
    mode = m;
    outlined = null;
    const ui = UI();
    if (ui && !m.startsWith("assert")) ui.unoutline();
  }
  for (const type of ["pointerdown", "pointerup", "mousedown", "mouseup", "click", "dblclick", "auxclick", "contextmenu", "mousemove", "keydown"]) {
    window.addEventListener(type, (e) => {
      if ((mode === "record" || mode === "paused") && performance.now() >= swallowUntil) return;
      const t0 = performance.now();
      if (onAssertEvent(e)) { e.preventDefault(); e.stopImmediatePropagation(); }
      account(t0, "assert:" + type);
    }, { capture: true });
  }

  const handlers = {
    mouseover(e, t) {
      leftPress(e);
      hovered(t);
      if (down && down.moved) over(e, t);
    },
    // The press is the pointerdown: the page may open a menu as it
    // comes (what it shows then is the press's doing, not the hover's),
    // and where it cancels it no mousedown and no mouseup follow (a menu
    // button that opens on pointerdown, Headless UI's, Radix's). A
    // mousedown after a pointerdown is the same press.
    pointerdown(e, t) {
      if (e.pointerType === "touch") return;
      pointerDown = e;
      handlers.mousedown(e, t);
    },
    pointermove(e) {
      // Cancelled: no mousemove comes; the move of a drag is this.
      if (pointerDown && pointerDown.defaultPrevented) handlers.mousemove(e);
    },
    pointerup(e, t) {
      const pd = pointerDown;
      pointerDown = null;
      // Cancelled: no mouseup comes; the release is this.
      if (pd && pd.defaultPrevented && e.pointerType !== "touch") handlers.mouseup(e, t);
    },
    pointercancel() { pointerDown = null; },
    mousedown(e, t) {
      // The same press as the pointerdown before it (another button's,
      // pressed while the first is held, has none of its own).
      if (e.type === "mousedown" && pointerDown && pointerDown.button === e.button) return;
      pressed(t, e);
      t = pointerTarget(e, t, true);
      if (skipPointer(t)) return;
      const m = { k: "down", id: ref(t), q: openEffect(t) };
      const r = rect(t);
      down = { el: t, x: e.clientX, y: e.clientY, ox: e.clientX - r.x, oy: e.clientY - r.y, r, q: m.q, moved: false, html5: false,
        bar: onScrollbar(e), sx: scrollX, sy: scrollY };
      if (!down.bar) Object.assign(down, { c: cheap(t), item: itemText(t), desc: describeHere(t) });
      // Controls shown only while the pointer is over another element (a
      // row's delete button, a menu's item): those elements, for the
      // hover steps the click needs first.
      const rv = reveals(t);
      if (rv.length) m.rv = rv.map(ref);
      emit(m);
    },
    mousemove(e) {
      leftPress(e);
      if (down && !down.moved && (e.buttons & 1) && Math.hypot(e.clientX - down.x, e.clientY - down.y) >= DRAG_PX) down.moved = true;
    },
    mouseup(e, t) {
      const d = down;
      down = null;
      released = d && !d.moved && !d.html5 && !d.bar && e.button === 0 ? d : null;
      if (d && !d.moved && !d.html5 && !d.bar && e.button === 0) clickAwaited(d, e, t);
      if (!d || !d.moved || d.html5 || e.button !== 0) return;
      const sel = window.getSelection && String(window.getSelection());
      let to = dropTarget(e, deepAt(e.clientX, e.clientY) || t);
      // A sortable list that moves the dragged element along under the
      // pointer (SortableJS's pointer fallback) has it under the release:
      // the drop is on what lies under it there (the list it went to).
      if (to && (to === d.el || d.el.contains(to)) && movedAway(d)) to = underDragged(d.el, e) || to;
      if (sel && to && (to === d.el || d.el.contains(to) || to.contains(d.el))) return; // selecting text
      if (!reportDrag(d, to, e)) return;
      dragClick = true;
      ownTimeout(window, () => { dragClick = false; }, 0);
    },
    dragstart(e) {
      pointerDown = null; // no pointerup ends an HTML5 drag
      if (down) down.html5 = true;
      else {
        const t = e.composedPath()[0];
        const r = rect(t);
        down = { el: t, x: e.clientX, y: e.clientY, ox: e.clientX - r.x, oy: e.clientY - r.y, r, q: 0, moved: true, html5: true };
      }
    },
    dragenter(e, t) { if (down) over(e, t); },
    drop(e, t) {
      const d = down;
      down = null;
      if (d) reportDrag(d, dropTarget(e, t), e);
    },
    dragend() { down = null; },
    click(e, t) {
      t = pointerTarget(e, t, true);
      // Pressed on one element and released on another (the press showed
      // a popup under the pointer): the click goes to an element holding
      // both, and where that element does nothing itself (nothing a
      // pointer acts on: the body), what the person pressed is the step's
      // element. A card link holding a pressed button took the click.
      const p = released;
      released = null;
      const at = p && p.el !== t && p.el.isConnected && !(t.matches && t.matches(ACTIONABLE)) && holds(t, p.el) ? p : null;
      if (at) t = at.el;
      if (skipPointer(t)) return;
      // A click on a <label> is followed by one on its control: keep that
      // one, unless the page cancels the label's click and acts on it
      // itself (a toggle component): then no click on the control comes,
      // and the label's is the step.
      const lab = t.closest && t.closest("label");
      const forwards = lab && lab.control && lab.control !== t && !lab.control.disabled && !lab.control.contains(t);
      if (e.detail > 1) return; // part of a double click, reported by dblclick
      if (forwards && dragClick) return; // the control's click that follows ends the drag
      if (dragClick) { dragClick = false; return; } // the end of a pointer drag
      // Enter's implicit form submission or button activation, Space's on
      // release, and an arrow key's move to the next radio button of its
      // group, click with detail 0: the press step already replays it.
      // (Only a key gives a trusted click no detail; the window is wide so
      // that a busy page, the key's step taking a while to describe, does
      // not let its click through as a step of its own.)
      if (e.detail === 0 && (performance.now() - keyAt < KEY_CLICK || spaceDown || performance.now() - spaceUpAt < KEY_CLICK)) return;
      const r = at ? at.r : rect(t);
      const x = at ? at.x : e.clientX, y = at ? at.y : e.clientY;
      const m = { k: "click", id: ref(t), b: e.button, n: e.detail, m: mods(e), x, y,
        ox: x - r.x, oy: y - r.y, r, c: cheap(t), q: effectOf(t) };
      if (t.localName === "input" && (t.type === "checkbox" || t.type === "radio")) m.chk = t.checked;
      if (forwards) {
        // The label's activation clicks the control as the dispatch ends,
        // before this timer (or settleAwaited, at a page's end or a mark).
        labelled = () => { labelled = null; if (e.defaultPrevented) emitNow(m); };
        ownTimeout(window, () => { if (labelled) labelled(); }, 0);
        return;
      }
      emitNow(m);
    },
    auxclick(e, t) {
      t = pointerTarget(e, t, true);
      if (skipPointer(t)) return;
      const r = rect(t);
      emitNow({ k: "click", id: ref(t), b: e.button, n: e.detail, m: mods(e), x: e.clientX, y: e.clientY,
        ox: e.clientX - r.x, oy: e.clientY - r.y, r, c: cheap(t) });
    },
    dblclick(e, t) {
      t = pointerTarget(e, t, true);
      if (skipPointer(t)) return;
      const r = rect(t);
      emitNow({ k: "dblclick", id: ref(t), b: e.button, m: mods(e), x: e.clientX, y: e.clientY,
        ox: e.clientX - r.x, oy: e.clientY - r.y, r, c: cheap(t), q: effectOf(t) });
    },
    input(e, t) {
      if (!editable(t)) return;
      // In rich text a paragraph or line break made, or text deleted, is
      // the doing of the key recorded as its own step (Enter, Backspace,
      // Delete: keydown): no text typed.
      if (t.isContentEditable && performance.now() - richKeyAt < 500 && /^(insertParagraph|insertLineBreak|delete)/.test(e.inputType || "")) {
        richKeyAt = -1e9;
        return;
      }
      const m = { k: "input", id: ref(t) };
      if (isSecret(t)) { m.s = true; m.h = digest(String((t.isContentEditable ? t.innerText : t.value) || "")); } else m.v = valueOf(t);
      emit(m);
    },
    change(e, t) {
      if (t.localName === "select") {
        const o = t.selectedOptions[0];
        emitNow({ k: "select", id: ref(t), v: t.value, l: o ? o.label : "", c: cheap(t), r: rect(t), q: openEffect(t) });
      } else if (t.localName === "input" && t.type === "file") {
        emitNow({ k: "upload", id: ref(t), f: [...t.files].map((f) => f.name), c: cheap(t), r: rect(t) });
      } else if (editable(t)) {
        emit({ k: "change", id: ref(t) });
      }
    },
    keydown(e, t) {
      pressed(t, e);
      if (scrollKeys.test(e.key) && !editable(t)) intentAt = performance.now();
      if (e.repeat || e.isComposing) return;
      const k = e.key;
      const inSelect = t.localName === "select";
      const inField = editable(t);
      const modded = e.ctrlKey || e.metaKey || e.altKey;
      let press = false;
      // In rich text the caret's place (and a selection Shift makes) is
      // what the next format or text acts on, and what Enter, Backspace
      // and Delete do depends on the editor (a paragraph, a list's next
      // item, an indented line; text deleted at the caret): they are
      // steps of their own. In a plain field the typed value says it all.
      const rich = t.isContentEditable;
      if (k === "Enter" && !modded && t.localName === "textarea") {
        enterInTextarea(e, t);
        return;
      }
      if (k === "Enter") press = modded || t.localName !== "textarea";
      else if (k === "Tab" || k === "Escape") press = true;
      else if (/^Arrow/.test(k)) press = !inSelect;
      else if (/^(PageUp|PageDown|Home|End)$/.test(k)) press = (!inField || rich) && !inSelect;
      // Backspace and Delete at the caret: a selection the mouse made is
      // no step, and what its deletion leaves is typed text.
      else if (/^(Backspace|Delete)$/.test(k)) press = (!inField || rich && caretOnly()) && !inSelect;
      else if (/^F\d+$/.test(k)) press = true;
      else if (modded && !/^(Control|Alt|Meta|Shift)$/.test(k)) press = true;
      else if (k.length === 1 && !inField && !inSelect) {
        // A character on a focused element that takes no text: Space that
        // selects a grid's row or presses a button, a letter that jumps to
        // a tree's node. On the page itself Space scrolls, and the scroll
        // is the step.
        const f = deepActive();
        press = !!f && f !== document.body && f !== document.documentElement;
      }
      if (!press) {
        // Any key but a bare modifier (a letter typed, Backspace in a
        // field) starts the next action: what the page does from now on
        // is not the last step's effect (a select-all's step would take
        // the deletion after it).
        if (!/^(Control|Alt|Meta|Shift)$/.test(k)) closeEffect();
        return;
      }
      keyAt = performance.now();
      if (rich && /^(Enter|Backspace|Delete)$/.test(k)) richKeyAt = performance.now();
      if (k === " ") spaceDown = true;
      const a = deepActive() || t;
      const m = { k: "key", key: k, m: mods(e), id: a && a !== document.body ? ref(a) : 0, q: openEffect(a) };
      if (m.id) { m.c = cheap(a); m.r = rect(a); }
      emitNow(m);
    },
    keyup(e) {
      // Space activates a button or a checkbox as it is released: the
      // click that follows is the press step's.
      if (e.key === " " && spaceDown) { spaceDown = false; spaceUpAt = performance.now(); }
    },
    wheel() { intentAt = performance.now(); },
    touchmove() { intentAt = performance.now(); },
    scroll(e) {
      const now = performance.now();
      if (!e.isTrusted || now - intentAt > 300) return;
      intentAt = now - 150; // a burst goes on while its events keep coming
      let s = e.target;
      if (s === window || s === document.documentElement || s === document.body) s = document;
      if (s.nodeType !== 1 && s !== document) return;
      let p = pendingScroll.get(s);
      if (!p) {
        // The position before this scroll event is not kept by the browser;
        // track it from the first event of a burst (see lastPos).
        const last = lastPos.get(s) || { x: 0, y: 0 };
        p = { x0: last.x, y0: last.y, timer: 0 };
        pendingScroll.set(s, p);
      }
      clearTimeout(p.timer);
      p.timer = ownTimeout(window, () => flushScroll(s), 200);
    },
  };
  // lastPos remembers each scroller's position after every scroll event, so
  // a burst's delta is measured from where it started.
  const lastPos = new Map();
  const noteScroll = (e) => {
    let s = e.target;
    if (s === window || s === document.documentElement || s === document.body) s = document;
    if (s === document || s.nodeType === 1) lastPos.set(s, scrollPos(s));
  };
  function skipPointer(t) {
    if (!t || t.nodeType !== 1) return true;
    const n = t.localName;
    return n === "select" || n === "option" || n === "optgroup" || (n === "input" && t.type === "file") ||
      (t.closest && t.closest("select"));
  }

  function wrap(type, fn, scope) {
    return function (e) {
      if (!e.isTrusted) return;
      if (type === "scroll") {
        const t0 = performance.now();
        fn(e);
        noteScroll(e);
        account(t0, type);
        return;
      }
      if (handled.has(e) || mode === "paused") return;
      const t = targetOf(e);
      if (t && t.localName === UI_TAG) return;
      if (t && closedRoots.has(t) && scope === window) {
        // The event may come from inside the closed root: its own listener
        // reports it; if none does (the host itself was hit), report the host.
        ownTimeout(window, () => { if (!handled.has(e)) { handled.add(e); fn(e, t); } }, 0);
        return;
      }
      if (t && closedRoots.has(t) && scope !== window && t !== scope.host) return;
      const t0 = performance.now();
      handled.add(e);
      fn(e, t);
      account(t0, type);
    };
  }
  const samples = [];
  const byType = {};
  function account(t0, type) {
    const d = performance.now() - t0;
    const bt = byType[type] || (byType[type] = { n: 0, ms: 0 });
    bt.n++;
    bt.ms += d;
    if (samples.length < 4096) samples.push(d);
    stats.events++;
    stats.totalMs += d;
    if (d > stats.maxMs) stats.maxMs = d;
  }
  function listen(scope) {
    for (const type of Object.keys(handlers)) {
      if (scope !== window && (type === "scroll" || type === "wheel" || type === "touchmove")) continue;
      const opts = { capture: true, passive: true };
      scope.addEventListener(type, wrap(type, handlers[type], scope), opts);
    }
  }
  listen(window);
  emitNow({ k: "tool", cmd: "hello" });
  window.addEventListener("pagehide", () => { settleAwaited(); closeEffect(); flushAll(); flushQueue(); }, true);

  Object.defineProperty(window, "__chainrec", {
    value: Object.freeze({
      el: (id) => refs.get(id) || null,
      ref,
      root: (host) => host.shadowRoot || closedRoots.get(host) || null,
      closedRoots: () => closedList.map((w) => w.deref()).filter(Boolean),
      flush: flushAll,
      // tool: a press of a toolbar button (toolbar.js).
      tool: (cmd) => emitNow({ k: "tool", cmd: String(cmd) }),
      // mode: the recorder's mode in this frame: record, paused, or
      // assert-visible / assert-text / assert-value.
      mode: (m) => { setMode(String(m)); return mode; },
      mark: (n) => { settleAwaited(); flushAll(); emitRaw({ k: "mark", n }); flushQueue(); },
      // settle: close the open effect watch now (the drive's next line,
      // the end of a recording).
      settle: closeEffect,
      // stats: main-thread time of the listeners, for the benchmarks
      // (performance.now() is coarsened to 0.1 ms outside cross-origin isolation).
      stats: () => {
        const q = samples.slice().sort((a, b) => a - b);
        const at = (f) => (q.length ? q[Math.min(q.length - 1, Math.floor(q.length * f))] : 0);
        return Object.assign({ p50: at(0.5), p95: at(0.95), byType: JSON.parse(JSON.stringify(byType)) }, stats);
      },
      resetStats: () => { for (const k in byType) delete byType[k]; samples.length = 0; stats.events = 0; stats.totalMs = 0; stats.maxMs = 0; stats.flushes = 0; stats.flushMs = 0; },
      secret: isSecret,
    }),
  });
})();
