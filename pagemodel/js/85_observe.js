// ---- what the page does: its mutations, for a settled page and a step's effects ----
// One MutationObserver per model watches the world's document from the
// model's install (at the document's start, where replay and the recorder
// install it), the shadow roots and same-origin frame documents find
// meets, and the shadow roots attached after (attachShadow). It keeps the
// time of the last mutation (quietFor: how long the page has been still)
// and, for each watch a step opened, how many elements were added or
// removed since (and of them how many removed), and how many texts
// changed (a text node's words, or text nodes with words added or
// removed, outside <title>, <style> and the like): a table sorted by a
// framework that patches its cells' texts, a counter, add no element.
let lastMutation = performance.now();
const watches = new Map();
let watchSeq = 0;
const observed = new WeakSet();
// docFrom holds, for each document observed, the number of the last watch
// opened before it was: a watch sees all the documents there are as it
// opens (watch), so one observed later is a frame's new document (a
// reload, a frame navigated or added), and what its parser inserts as it
// loads is its loading, not what a step did on the page the watch opened
// on (seenBy).
const docFrom = new WeakMap();
// seenBy reports whether node n is in a document watch w saw as it opened.
function seenBy(w, n) {
  const f = docFrom.get(n.ownerDocument || n);
  return f === undefined || f < w.id;
}
// ownTask reports whether node n changed in a task of its page's own
// (autoTask, below): also in a same-origin frame's document, watched from
// its page, a task of the page's (its timer writing into the frame) or of
// the frame's own, which the model installed in the frame tells
// (OWN_TASK, on each window the model is in).
const OWN_TASK = Symbol.for("chainreplay.ownTask");
try { Object.defineProperty(win, OWN_TASK, { value: () => autoTask, configurable: true }); } catch (e) {}
function ownTask(n) {
  const d = n.ownerDocument || n;
  if (d === win.document || autoTask) return autoTask;
  try {
    const v = d.defaultView, f = v && v[OWN_TASK];
    return typeof f === "function" && !!f();
  } catch (e) { return false; }
}
const observer = typeof MutationObserver === "function" ? new MutationObserver((recs) => {
  let n = 0, rm = 0, page = false;
  const tx = []; // the nodes whose texts changed, one per change
  decorated.length = 0;
  for (const r of recs) {
    if (r.type === "characterData") {
      const p = r.target.parentNode;
      if (!p || ignoredNode(p)) continue;
      page = true;
      const was = r.oldValue || "", now = r.target.data;
      if (r.target.nodeType === 3 && !skipped(p) && was !== now && /\S/.test(was + now) && !ownTask(p)) tx.push(p);
      if (seeking && was !== now) seek(r.target);
      continue;
    }
    if (r.type !== "childList") { page = page || !ignoredNode(r.target); continue; }
    let own = true, added = "", removed = "";
    // Elements the page adds or removes in a task of its own (a feed its
    // interval fills, a carousel's timer) are no step's effect.
    const self = ownTask(r.target);
    // Elements added to or removed from what is no longer on the page (a
    // holder emptied, then taken off, in one batch) are no change a
    // person sees: taking the holder off is.
    const shown = r.target.isConnected;
    // A style sheet, a script or a <meta> added or removed (a scroll lock's
    // <style> in the head) is no element a person sees: it counts as a
    // change of the page, not as an element added or removed.
    const seen = shown && !inHead(r.target);
    for (const x of r.addedNodes) if (!ignoredNode(x)) { own = false; if (x.nodeType === 1) { if (seen && !skipped(x) && !self) { n++; moved.push(r.target, x, true); decor(r.target, x, true); } loading(x); } else if (wordy(x)) added += x.data; if (seeking && shown) seek(x); }
    const gone = r.removedNodes;
    for (let j = 0; j < gone.length; j++) {
      const x = gone[j];
      if (ignoredNode(x)) continue;
      own = false;
      if (x.nodeType !== 1) { if (wordy(x)) removed += x.data; continue; }
      if (!seen || skipped(x) || self) continue;
      n++; rm++;
      moved.push(r.target, x, false);
      decor(r.target, x, false);
      // The sibling it stood before: the next one removed with it, or the
      // one after them all.
      leftFrom.set(x, { p: r.target, next: j + 1 < gone.length ? gone[j + 1] : r.nextSibling });
    }
    // A text set anew to what it read (el.textContent = same) replaces
    // its node: no change.
    if (added !== removed && !skipped(r.target) && !self) tx.push(r.target);
    page = page || !own;
  }
  if (!page) { moved.length = 0; return; }
  workSeq++;
  lastMutation = performance.now();
  if (n || tx.length) {
    const now = performance.now();
    const plains = new Set();
    for (let i = 1; i < decorated.length; i += 3) plains.add(decorated[i]);
    for (const w of watches.values()) {
      for (const t of tx) if (seenBy(w, t)) w.texts++;
      for (let i = 0; i < moved.length; i += 3) {
        const parent = moved[i], x = moved[i + 1], add = moved[i + 2];
        if (!seenBy(w, parent)) continue;
        // What decorates the element acted on (a button's ripple, drawn
        // and taken off) is not what the action did: decoration.
        if (plains.has(x) && isDecoration(w.el, parent, x, add, now)) continue;
        w.content++;
        if (!add) w.removed++;
        if (w.moved.length < MOVED_MAX) w.moved.push(parent, x, add);
        else w.movedCut = true;
      }
    }
  }
  decorated.length = 0;
  moved.length = 0;
  changed();
}) : null;
// moved holds, for the observer's current batch, each element added to
// or removed from a node on the page: (parent, element, added) triples. A
// watch keeps up to MOVED_MAX/3 of them, to tell which were a dialog's
// own (inDialogs).
const moved = [];
const MOVED_MAX = 3 * 400;
// leftFrom keeps, for an element removed, the node it was removed from
// and the sibling it stood before: one put back there is where it was.
const leftFrom = new WeakMap();
// decorated holds, for the observer's current batch, each plain element
// (plain) added or removed, the element it was added to or removed from,
// and whether it was added (parent, element, added triples).
const decorated = [];
// drawn holds, for each plain element added, when and how: inert (it
// takes no pointer events, as a ripple does) and whether it was added
// inside an element acted on then.
const drawn = new WeakMap();
// FORM_OR_MEDIA are what a person reads or uses without words: an element
// holding one is no decoration.
const FORM_OR_MEDIA = "input,textarea,select,button,a,img,svg,canvas,video,audio,iframe,object,embed,picture";
// SAYS are the elements a person uses even without words: an element
// added that is or holds one says something (effects: added).
const SAYS = "input,textarea,select,button,a[href],img[alt]:not([alt='']),[role=button],[role=link],[role=checkbox],[role=switch],[role=option],[role=menuitem],[role=tab]";
// firstWords is the collapsed text of x's first text node with words
// ("" for none).
function firstWords(x) {
  const tw = x.ownerDocument.createTreeWalker(x, NodeFilter.SHOW_TEXT);
  for (let n = tw.nextNode(); n; n = tw.nextNode()) { const c = collapse(n.data || ""); if (c) return c; }
  return "";
}
// readsOf counts the text nodes of the page, in no message (a live
// region), that read head (collapsed).
function readsOf(head) {
  let n = 0;
  for (const s of scopesOf(win.document, true).scopes) {
    const tw = (s.ownerDocument || s).createTreeWalker(s, NodeFilter.SHOW_TEXT);
    for (let t = tw.nextNode(); t; t = tw.nextNode()) {
      if (t.data && collapse(t.data) === head && !(t.parentElement && t.parentElement.closest(LIVE))) n++;
    }
  }
  return n;
}
// plain reports whether x holds nothing a person reads or uses: no words,
// no control, no picture.
function plain(x) {
  if (/\S/.test(x.textContent || "")) return false;
  try { return !x.matches(FORM_OR_MEDIA) && !x.querySelector(FORM_OR_MEDIA); } catch (e) { return false; }
}
function decor(parent, x, added) {
  if (parent.nodeType !== 1 || !plain(x)) return;
  decorated.push(parent, x, added);
  if (added) {
    let inert = false;
    try { inert = x.isConnected && (x.ownerDocument.defaultView || win).getComputedStyle(x).pointerEvents === "none"; } catch (e) { inert = false; }
    let inside = false;
    for (const w of watches.values()) inside = inside || actedOn(w.el) && w.el.contains(parent);
    drawn.set(x, { at: performance.now(), inert: inert, inside: inside });
  }
}
// actedOn reports whether el is an element a step acted on, not the page
// itself (a key pressed on the page watches its document or body).
function actedOn(el) {
  return !!el && el.nodeType === 1 && el !== el.ownerDocument.body && el !== el.ownerDocument.documentElement;
}
// DRAWN_MS is how long after it was drawn a plain element's removal is
// its fading: a ripple's, a wave's.
const DRAWN_MS = 3000;
// isDecoration reports whether plain element x, added to or removed from
// parent, decorates what a watch on el sees: drawn inside el, or beside
// it in its wrapper and inert (a checkbox's ripple, in the control around
// the input); or taken off soon after it was drawn inert or inside an
// element acted on (a ripple fading as the next step acts).
function isDecoration(el, parent, x, added, now) {
  if (added) {
    if (!actedOn(el)) return false;
    const d = drawn.get(x);
    return el.contains(parent) || parent === el.parentElement && !!d && d.inert;
  }
  if (actedOn(el) && el.contains(parent)) return true;
  const d = drawn.get(x);
  return !!d && (d.inert || d.inside) && now - d.at < DRAWN_MS;
}
// ---- what a step shows of what was typed ----
// A step that commits what was typed (Enter in an inline cell editor, Save
// after a field, Add after a todo's title) shows it on the page: an element
// added, or a text changed, reads it. An app that rejects it (the old value
// put back, a toast saying no) adds or changes elements too, but they do
// not read it. entered keeps the values last typed into text fields (not
// secrets: secretField), most recent last; a watch seeks them (or the text it was
// opened with; and, with them, the texts it was opened to seek also: the
// name of an option chosen) in what the page adds and in the texts it
// changes, and effects says which an element still on the page reads
// (shown).
const entered = new Map(); // field -> its value, folded (seekFold)
const ENTERED_MAX = 8, SEEK_MAX = 500;
let seeking = 0; // watches that seek texts
function noteEntered(e) {
  const t = e.composedPath ? e.composedPath()[0] : e.target;
  if (!t || t.nodeType !== 1 || !(t.tagName === "TEXTAREA" || t.tagName === "INPUT" && TYPED.has(t.type))) return;
  entered.delete(t);
  if (secretField(t)) return;
  const v = seekFold(t.value);
  if (!v || v.length > SEEK_MAX) return;
  entered.set(t, v);
  if (entered.size > ENTERED_MAX) entered.delete(entered.keys().next().value);
}
// TYPED are the input types a person types words into.
const TYPED = new Set(["text", "search", "email", "url", "tel", "number", ""]);
function seekFold(s) { return collapse(String(s || "")).toLowerCase(); }
// seekTexts are the ways x reads: its text nodes apart (a row's cells,
// "Nuts" and "42", are two words, not "Nuts42") and together (a word
// split by markup, "Buy <b>milk</b>").
function seekTexts(x) {
  if (x.nodeType === 3) return [seekFold(x.data)];
  const parts = [];
  const tw = x.ownerDocument.createTreeWalker(x, 4);
  for (let n = tw.nextNode(); n; n = tw.nextNode()) if (!skipped(n.parentNode)) parts.push(n.data);
  return [seekFold(parts.join(" ")), seekFold(parts.join(""))];
}
// readsIn reports whether one of texts reads c as words of its own, no
// word cut in two ("5" is not read in "$25": holdsWords).
function readsIn(texts, c) { return texts.some((t) => holdsWords(t, c, false, false)); }
// seek notes x, a node added or a text node changed, in each watch whose
// sought text it reads, outside fields being edited.
function seek(x) {
  const p = x.nodeType === 3 ? x.parentElement : x;
  // A live region or an alert may say the value back as it refuses it
  // ("Could not add 'Buy milk'"): no place that shows it.
  if (!p || p.isContentEditable || skipped(p) || p.closest(LIVE)) return;
  let text = null;
  for (const w of watches.values()) {
    if (!w.seek || !seenBy(w, p)) continue;
    for (const c of w.seek) {
      let hits = w.hits.get(c);
      if (hits.length >= 4) {
        hits = hits.filter((h) => h.isConnected);
        w.hits.set(c, hits);
        if (hits.length >= 4) continue;
      }
      if (text === null) text = seekTexts(x);
      if (readsIn(text, c)) hits.push(x);
    }
  }
}
// shownOf lists the texts watch w sought that a node it noted, still on
// the page and shown (a list kept hidden, its options drawn anew, shows
// nothing), reads.
function shownOf(w) {
  const out = [];
  if (!w.seek) return out;
  const shown = (x) => { const e = x.nodeType === 3 ? x.parentElement : x; return !!e && visibleEl(e); };
  for (const c of w.seek) if (w.hits.get(c).some((x) => x.isConnected && shown(x) && readsIn(seekTexts(x), c))) out.push(c);
  return out;
}
try { win.addEventListener("input", noteEntered, true); } catch (e) {}

// changeWaiters are the calls waiting for the page's next change
// (nextChange): a mutation, an input, a route change wakes them.
// changeSeq counts the changes, so that a caller can tell whether one came
// while it was not waiting (effectsNext).
const changeWaiters = new Set();
let changeSeq = 0;
function changed() {
  changeSeq++;
  frameAfter();
  for (const wake of changeWaiters) wake();
  changeWaiters.clear();
}
// The model's own timers use the window's functions as they were before
// the model counted the page's (scheduled work, below); so do the engine's
// page functions, through the entry points frame and timeout: an
// actionability check awaiting a frame is not the page at work.
const ownSetTimeout = win.setTimeout.bind(win), ownClearTimeout = win.clearTimeout.bind(win);
const ownRaf = typeof win.requestAnimationFrame === "function" ? win.requestAnimationFrame.bind(win) : null;
// nextChange resolves at the page's next change, or after ms.
function nextChange(ms) {
  return new Promise((resolve) => {
    const wake = () => { ownClearTimeout(t); changeWaiters.delete(wake); resolve(); };
    const t = ownSetTimeout(wake, ms);
    changeWaiters.add(wake);
  });
}
// ignoredNode: the recorder's own elements (UI: its toolbar, its outline)
// are not the page's doing.
function ignoredNode(x) { return x.tagName === UI; }
// wordy: a text node that reads something (not the white space between
// elements).
function wordy(x) { return x.nodeType === 3 && /\S/.test(x.data); }

// ---- the page's own: what changes by itself ----
// A clock, a ticker, a feed change the page on a timer of their own, with
// no input: such a change is no step's effect. A task is the page's own
// (autoTask) when it is the run of a timer (an interval, a timeout) the
// page set before any input outside an input's task (as it loaded) or in a
// task of its own, or of a message a task of its own posted (the render a
// framework schedules for a clock's tick), with the microtasks it
// queued. What such a task changes is counted for no watch, at record
// time (no effect is recorded from it) as at replay (no step passes on
// it). A timer set once input came (an animation's, a poll until a job is
// done) may be an input's doing, and so may what it changes; an animation
// frame is no task of the page's own (a render loop draws what the input
// changed).
let autoTask = false;
let inputSeen = false; // an input came (a press, a key, a value changed)
// runOwn runs fn, a timer's, frame's or message's callback, as a task of
// the page's own when auto is set, else as one that is not: a task begins
// with autoTask set as its own. An own task's autoTask holds through the
// microtasks it queued and the ones they queue (a framework's render, and
// the observer's answer to it), then ends; an input's task clears it.
function runOwn(auto, fn, self, args) {
  autoTask = auto;
  if (!auto) return fn.apply(self, args);
  try { return fn.apply(self, args); } finally { ownMicrotask(() => ownMicrotask(() => ownMicrotask(() => { autoTask = false; }))); }
}
const ownMicrotask = typeof win.queueMicrotask === "function" ? win.queueMicrotask.bind(win) : (f) => Promise.resolve().then(f);
// inHead reports whether node n is a document's <head> or in it.
function inHead(n) {
  const h = n.ownerDocument && n.ownerDocument.head;
  return !!h && (n === h || h.contains(n));
}
// skipped: an element whose text is no page content (SKIP: <title>,
// <style>, <script>..., in SVG too).
function skipped(el) { return SKIP.has(el.nodeName.toUpperCase()); }
function observeRoot(root) {
  if (!observer || !root || observed.has(root)) return;
  observed.add(root);
  if (root.nodeType === 9 && !docFrom.has(root)) docFrom.set(root, watchSeq);
  try { observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true, characterDataOldValue: true }); } catch (e) {}
}
observeRoot(win.document);
try {
  const attach = win.Element.prototype.attachShadow;
  if (attach && !attach.__chainreplayObserved) {
    const wrapped = function (init) { const r = attach.call(this, init); observeRoot(r); return r; };
    wrapped.__chainreplayObserved = true;
    win.Element.prototype.attachShadow = wrapped;
  }
} catch (e) {}

// The page's reaction to an input, or to a route change, may begin some
// milliseconds after it (a router renders the new view on a timer; on the
// third-party apps the first mutation came a median 14 ms after the input,
// BenchmarkReactionGaps): those count as activity too, so that a quiet
// window does not close before the reaction has begun.
// The listener's name lets replay tell it from the page's own: a page
// that listens for keys is typed into key by key (package decision).
// A waiter wakes once the event's task is over: after the page's own
// listeners of that event ran, and the changes they made synchronously.
let lastActivity = performance.now();
function chainreplayActivity(e) {
  lastActivity = performance.now();
  if (!(e && PASSIVE.has(e.type))) { autoTask = false; inputSeen = true; }
  if (!(e && PASSIVE.has(e.type)) && !reacting) {
    reacting = true;
    ownSetTimeout(() => { reacting = false; }, 0);
  }
  ownSetTimeout(changed, 0);
}
const activity = chainreplayActivity;
// reacting is true while an input's task runs (a press, a key, a value
// changed, back or forward through the history: not a scroll or a
// resource loaded, PASSIVE, and not the page's own pushState, which may
// come as it starts), with the microtasks it queued: a timeout the page
// sets then is its reaction to the input (reactions, below).
let reacting = false;
const PASSIVE = new Set(["scroll", "load", "loadingdone", "routed"]);
const ROUTED = { type: "routed" };
// A scroll (each frame of a smooth one), a resource loaded (an image
// without a size moves what follows it) and fonts loaded move things
// without a mutation: they count too, so that a page scrolling or still
// loading its images is never taken for idle.
for (const t of ["pointerdown", "pointerup", "click", "keydown", "keyup", "input", "change", "hashchange", "popstate",
  "scroll", "load"]) {
  try { win.addEventListener(t, activity, true); } catch (e) {}
}
try { if (win.document && win.document.fonts) win.document.fonts.addEventListener("loadingdone", activity); } catch (e) {}
try {
  for (const m of ["pushState", "replaceState"]) {
    const orig = win.history[m];
    if (typeof orig === "function" && !orig.__chainreplayObserved) {
      const wrapped = function () { activity(ROUTED); return orig.apply(this, arguments); };
      wrapped.__chainreplayObserved = true;
      win.history[m] = wrapped;
    }
  }
} catch (e) {}

// ---- landing: where the engine's press lands ----
// Between the check that the target takes the pointer and the press, the
// page may move under the point (an animation ends and takes the element
// above the target out): the press would land on another element. While a
// landing guard is up (guard), a press the engine sends whose target is
// not the guarded element, inside it or a <label> of it is stopped before
// the page's own listeners see it, its default prevented, and so is the
// rest of its gesture (release, click); landed says where it went, so that
// the step acts again or refuses instead of acting elsewhere. A press that
// landed on the target keeps its gesture whatever the page does after.
let landingOn = null, landingPress = "", landedOn = "", landedOk = 0;
// A gesture's press is its pointerdown; the mousedown, release and click
// that follow it share its verdict (one with no pointerdown before it is
// judged on its own).
function landing(e) {
  const g = landingOn;
  if (!g || !e.isTrusted) return;
  if (e.type !== "pointerdown" && landingPress === "ok") return;
  if (e.type === "pointerdown" || landingPress === "") {
    const path = e.composedPath(), at = path[0];
    let ok = !!at && at.nodeType === 1 ? pointerReaches(at, g) : path.indexOf(g) >= 0;
    // An element in a closed shadow root shows as the root's host.
    for (let h = g.getRootNode().host; h && !ok; h = h.getRootNode().host) ok = at === h;
    if (e.type === "pointerdown" || e.type === "mousedown") landingPress = ok ? "ok" : "stopped";
    if (ok) { if (e.type === "pointerdown" || e.type === "mousedown") landedOk++; return; }
    if (!landedOn) landedOn = at && at.nodeType === 1 ? at.localName + (at.id ? "#" + at.id : "") + [...at.classList].slice(0, 2).map((c) => "." + c).join("") : "nothing";
  }
  e.stopImmediatePropagation();
  e.preventDefault();
}
// A press reaches the window of the document it lands in alone: the
// guard listens on the top window and on the window of each frame of the
// world it guards an element in. A frame's window object stays as the
// frame loads another document, and the listeners go with the old one:
// they are kept by document.
const landingDocs = new WeakSet();
function listenLanding(w) {
  let d = null;
  try { d = w && w.document; } catch (e) { return; }
  if (!d || landingDocs.has(d)) return;
  landingDocs.add(d);
  for (const t of ["pointerdown", "mousedown", "pointerup", "mouseup", "click", "dblclick", "auxclick", "contextmenu"]) {
    try { w.addEventListener(t, landing, true); } catch (e) {}
  }
}
listenLanding(win);
// listenFrames listens on w and on the windows of its frames of the
// world's origin, at any depth: a press that lands in any of them is seen.
function listenFrames(w) {
  listenLanding(w);
  let n = 0;
  try { n = w.frames.length; } catch (e) { return; }
  for (let i = 0; i < n; i++) {
    let f = null;
    try { f = w.frames[i]; void f.document; } catch (e) { continue; } // another origin
    if (f) listenFrames(f);
  }
}
// guard puts the landing guard up on el (down with el null) and returns
// where a press went since it was put up ({on: "" when every press
// landed}) and how many presses landed on el (ok).
function guard(el) {
  if (el) listenFrames(win);
  const out = JSON.stringify({ on: landedOn, ok: landedOk });
  landingOn = el || null; landingPress = ""; landedOn = ""; landedOk = 0;
  return out;
}

// quietFor is how long (ms) the world's documents have had no mutation,
// input or route change.
function quietFor() { return performance.now() - Math.max(lastMutation, lastActivity); }

// ---- scheduled work: what may still change the page with no new input ----
// A page still reacting has work queued: a timer about to fire, an
// animation frame requested, a message posted to itself (how React and
// others schedule rendering), a request in flight, a transition or
// animation running to its end. The model counts the page's timers, frames
// and requests from the document's start (it wraps the functions that
// queue them, as it wraps pushState), so that a settled page can be told
// from one between two steps of its reaction without waiting out the
// whole quiet window (idleFor). Where it cannot tell (installed after the
// page's scripts ran), the page is never taken for idle.
const fromStart = !win.document || win.document.readyState === "loading";
const timers = new Map();   // timer id -> when it is due (page clock, ms)
const frameReqs = new Set(); // animation frames requested, not yet run
let requests = 0;           // fetches and XMLHttpRequests in flight
let loads = 0;              // scripts and style sheets the page added, loading
let lastWork = -Infinity;   // when a message was posted, a timer or frame callback ran, or a request ended
let workSeq = 0;            // counts the page's mutations and the work it queued
// An interval whose runs have changed nothing so far (no mutation, no work
// queued: a heartbeat, an analytics poll) is inert: it is not waited for.
// One run that changed something makes it live for good.
const inert = new Set(), live = new Set();
// setIn maps a timeout set by the run of another to when that run began
// (running: the run in progress, null outside one). While the page has
// not changed since, it is a poll re-arming itself (nextDue does not wait
// for it); a run that changed the page makes what it set part of the
// reaction.
const setIn = new Map();
let running = null;
// reactions holds the pending timeouts an input's task set (reacting, not
// within a timer's run): what the page does some time after the input,
// as its reaction to it (a list saved through a throttle, a panel closed
// once its delay ran). The quiet window does not wait for a timer due
// later than it; a caller that can wait until such a timeout has run
// does (pendingReactions), so that the next input does not come before
// the page has done what the last one started. A timeout set as another
// runs is not one (a debounce that re-arms its timer as it runs is
// waited for up to its first timer, a poll never).
const reactions = new Set();
// soon is how far ahead a timer counts as queued work: one due later would
// not be waited for by the quiet window either.
const SOON = 30;
function counted(orig, wrap) {
  if (typeof orig !== "function" || orig.__chainreplayCounted) return orig;
  const w = wrap(orig);
  w.__chainreplayCounted = true;
  return w;
}
try {
  win.setTimeout = counted(win.setTimeout, (st) => function (fn, ms, ...args) {
    if (typeof fn !== "function") return st.call(win, fn, ms, ...args);
    let id = 0;
    const parent = running;
    // The page's own: set in a task of its own, or before any input
    // outside an input's task (a clock's first tick, set as it loads).
    const own = autoTask || !reacting && !inputSeen;
    id = st.call(win, function () {
      timers.delete(id);
      setIn.delete(id);
      reactions.delete(id);
      lastWork = performance.now();
      const prev = running;
      running = lastWork;
      try { return runOwn(own, fn, this, arguments); } finally { running = prev; }
    }, ms, ...args);
    workSeq++;
    timers.set(id, performance.now() + (Number(ms) > 0 ? Number(ms) : 0));
    if (parent !== null) setIn.set(id, parent);
    else if (reacting) reactions.add(id);
    return id;
  });
  win.setInterval = counted(win.setInterval, (si) => function (fn, ms, ...args) {
    if (typeof fn !== "function") return si.call(win, fn, ms, ...args);
    const every = Number(ms) > 0 ? Number(ms) : 0;
    let id = 0;
    // The page's own: set in a task of its own, or before any input
    // outside an input's task (a clock started as the page loads).
    const own = autoTask || !reacting && !inputSeen;
    id = si.call(win, function () {
      const seq = workSeq;
      timers.set(id, performance.now() + every);
      if (!inert.has(id)) lastWork = performance.now();
      try { return runOwn(own, fn, this, arguments); } finally {
        // What the run changed shows once its microtasks have run.
        ownSetTimeout(() => {
          if (workSeq !== seq) { live.add(id); inert.delete(id); lastWork = performance.now(); }
          else if (!live.has(id)) inert.add(id);
        }, 0);
      }
    }, ms, ...args);
    workSeq++;
    timers.set(id, performance.now() + every);
    return id;
  });
  for (const c of ["clearTimeout", "clearInterval"]) {
    win[c] = counted(win[c], (cl) => function (id) {
      timers.delete(id); inert.delete(id); live.delete(id); setIn.delete(id); reactions.delete(id);
      return cl.call(win, id);
    });
  }
  win.requestAnimationFrame = counted(win.requestAnimationFrame, (raf) => function (fn) {
    if (typeof fn !== "function") return raf.call(win, fn);
    let id = 0;
    id = raf.call(win, function () { frameReqs.delete(id); lastWork = performance.now(); return runOwn(false, fn, this, arguments); });
    workSeq++;
    frameReqs.add(id);
    return id;
  });
  win.cancelAnimationFrame = counted(win.cancelAnimationFrame, (caf) => function (id) { frameReqs.delete(id); return caf.call(win, id); });
  const posted = () => { workSeq++; lastWork = performance.now(); };
  win.postMessage = counted(win.postMessage, (pm) => function () { posted(); return pm.apply(this, arguments); });
  if (win.MessagePort) {
    const mp = win.MessagePort.prototype;
    // A message one port of a channel posts in a task of the page's own
    // is handled in one (React schedules its renders so): partner pairs
    // a channel's ports, sent queues, for each receiving port, whether
    // each message in flight was posted so.
    // handled: the ports whose onmessage the page set (the queue is read
    // there; a port listened to otherwise is not followed).
    const partner = new WeakMap(), sent = new WeakMap(), handled = new WeakSet();
    if (typeof win.MessageChannel === "function" && !win.MessageChannel.__chainreplayCounted) {
      const MC = win.MessageChannel;
      const wrapped = function MessageChannel() {
        const c = new MC();
        partner.set(c.port1, c.port2);
        partner.set(c.port2, c.port1);
        return c;
      };
      wrapped.prototype = MC.prototype;
      wrapped.__chainreplayCounted = true;
      win.MessageChannel = wrapped;
    }
    mp.postMessage = counted(mp.postMessage, (pm) => function () {
      posted();
      const to = partner.get(this);
      if (to && handled.has(to)) {
        if (!sent.has(to)) sent.set(to, []);
        const q = sent.get(to);
        q.push(autoTask);
        if (q.length > 256) q.shift(); // handled by listeners, not onmessage
      }
      return pm.apply(this, arguments);
    });
    const on = Object.getOwnPropertyDescriptor(mp, "onmessage");
    if (on && on.set && on.get && !on.set.__chainreplayCounted) {
      const page = new WeakMap(); // the handler set -> the page's own
      const set = function (h) {
        if (typeof h !== "function") return on.set.call(this, h);
        const handler = function (e) {
          const q = sent.get(this);
          return runOwn(!!(q && q.shift()), h, this, arguments);
        };
        page.set(handler, h);
        handled.add(this);
        return on.set.call(this, handler);
      };
      const get = function () { const h = on.get.call(this); return (h && page.get(h)) || h; };
      set.__chainreplayCounted = true;
      Object.defineProperty(mp, "onmessage", { configurable: true, enumerable: on.enumerable, get: get, set: set });
    }
  }
  const ended = () => { requests = Math.max(0, requests - 1); lastWork = performance.now(); };
  // A keepalive fetch is a beacon (sent to outlive the page, its answer
  // awaited by nothing the page shows): not counted.
  win.fetch = counted(win.fetch, (f) => function (input, init) {
    const p = f.apply(this == null ? win : this, arguments);
    const beacon = (init && init.keepalive) || (win.Request && input instanceof win.Request && input.keepalive);
    if (!beacon) {
      workSeq++;
      requests++;
      p.then(ended, ended);
    }
    return p;
  });
  if (win.XMLHttpRequest) {
    const xp = win.XMLHttpRequest.prototype;
    xp.send = counted(xp.send, (send) => function () {
      workSeq++;
      requests++;
      this.addEventListener("loadend", ended, { once: true });
      try { return send.apply(this, arguments); } catch (e) { ended(); throw e; }
    });
  }
} catch (e) {}

// loading counts a script or style sheet the page added (a module loader's
// next module, a lazily loaded chunk, JSONP) until it has loaded or
// failed: the app it starts is not there before, and a step acting then
// acts on a page that does not listen yet, however quiet it has been (a
// module loader mutates nothing while its next module is on the way), so
// the page is neither quiet nor idle meanwhile (still: loading). Unlike
// a request, a script load always ends. Only what the browser fetches
// counts (a script of a type it runs, not a nomodule one); one that never
// says it is done stops counting after LOAD_MS.
const LOAD_MS = 10000;
const fetched = new WeakSet();
function loading(el) {
  const t = el.tagName;
  if (t !== "SCRIPT" && t !== "LINK" || fetched.has(el) || !el.isConnected) return;
  if (t === "SCRIPT") {
    const type = (el.getAttribute("type") || "").trim().toLowerCase();
    if (!el.src || el.noModule || type && type !== "module" && !/^(text|application)\/(x-)?(java|ecma)script$/.test(type)) return;
  } else if (!/(^|\s)stylesheet(\s|$)/i.test(el.rel || "") || !el.href || el.disabled) {
    return;
  }
  fetched.add(el);
  workSeq++;
  loads++;
  let done = false;
  const end = () => {
    if (done) return;
    done = true;
    el.removeEventListener("load", end);
    el.removeEventListener("error", end);
    ownClearTimeout(timer);
    loads = Math.max(0, loads - 1);
    lastWork = performance.now();
  };
  el.addEventListener("load", end);
  el.addEventListener("error", end);
  const timer = ownSetTimeout(end, LOAD_MS);
}

// busy names the work the page has queued that may change it, "" when it
// has none: a script or style sheet it added loading (loading), a request
// in flight, an animation frame requested, a timer due within SOON ms (but
// an inert interval's), a finite transition or animation running, or the
// same in a same-origin frame (cross-origin frames are not the model's to
// see, as their mutations are not).
const BUSY = Symbol.for("chainreplay.busy");
function busy() {
  if (!fromStart) return "the model was installed after the page's scripts ran";
  if (win.document.readyState !== "complete") return "the document is loading";
  if (loads) return loads + " script(s) or style sheet(s) loading";
  if (requests) return requests + " request(s) in flight";
  if (frameReqs.size) return "an animation frame requested";
  const now = performance.now();
  for (const [id, due] of timers) {
    if (due <= now + SOON && !inert.has(id)) return "a timer due in " + Math.max(0, Math.round(due - now)) + " ms";
  }
  if (animating()) return "an animation running";
  for (let i = 0; i < win.frames.length; i++) {
    let b;
    try { b = win.frames[i][BUSY]; } catch (e) { continue; }
    if (typeof b !== "function") return "a frame the model is not in";
    const r = b();
    if (r) return "a frame: " + r;
  }
  return "";
}
try { Object.defineProperty(win, BUSY, { value: busy, configurable: true }); } catch (e) {}

// animating reports whether a finite transition or animation runs (or is
// about to) in the world's top document: an infinite one (a spinner) never
// ends, and is not waited for.
function animating() {
  try {
    for (const a of win.document.getAnimations()) {
      if (!(a.pending || a.playState === "running")) continue;
      const t = a.effect && a.effect.getComputedTiming ? a.effect.getComputedTiming() : null;
      if (t && isFinite(t.endTime)) return true;
    }
  } catch (e) {}
  return false;
}

// nextDue is in how many ms the page's next timer is due (negative: past
// due, waiting to run behind other tasks), an inert interval's and a
// poll's aside; null when it has none. A timer the page's reaction queued
// as it began (a router rendering its view some milliseconds after the URL
// changed) may be due just as the quiet window closes, or later when the
// browser is busy: the page has not settled until it has run.
function nextDue() {
  let next = Infinity;
  const last = Math.max(lastMutation, lastActivity);
  for (const [id, due] of timers) {
    if (inert.has(id)) continue;
    const run = setIn.get(id);
    if (run !== undefined && last < run) continue; // a poll
    next = Math.min(next, due);
  }
  return next === Infinity ? null : next - performance.now();
}

// pendingReactions lists in how many ms each pending timeout an input's
// task set is due (reactions), soonest first.
function pendingReactions() {
  const now = performance.now(), out = [];
  for (const id of reactions) {
    const due = timers.get(id);
    if (due === undefined) reactions.delete(id);
    else out.push(due - now);
  }
  return out.sort((a, b) => a - b);
}

// idleFor is how long (ms) the page has had no change and nothing queued
// (no mutation, input, route change, message posted, timer or frame
// callback run, request ended), 0 while it has work queued (b: what busy
// answered) or no rendering update has run since its last change.
function idleFor(b) {
  if (b) return 0;
  const last = Math.max(lastMutation, lastActivity, lastWork);
  if (frameSeen <= last) {
    frameAfter();
    return 0;
  }
  return performance.now() - last;
}

// What the browser runs at a rendering update without being asked (resize
// and intersection observers, transition and animation events) may change
// the page too: it is idle only once a whole rendering update has run
// since its last change. frameSeen is when the last one whose end the
// model saw ran its animation-frame callbacks; frameAfter asks for the
// next (the model's own frame and timer, not counted as the page's work).
// Each change asks at once, so that the answer is there by the time a
// settle asks whether the page is idle.
let frameSeen = -Infinity, framePending = false;
function frameAfter() {
  if (framePending || !ownRaf) return;
  framePending = true;
  ownRaf(() => {
    framePending = false;
    const t = performance.now();
    ownSetTimeout(() => { frameSeen = Math.max(frameSeen, t); }, 0);
  });
}

// stateOf is what a step may change of an element itself: checked,
// value, selected, expanded, pressed, open, sort (a label stands for its
// control, or for the one checkbox, radio button or switch beside it: a
// toggle whose script ticks it when its label is clicked; so does an
// element that is no control, drawn in a switch or a checkbox beside its
// hidden input: Element Plus's switch's track; a slider's plain track
// has the value of the slider it holds: ownedSlider). Where el holds no
// expanded or sort state of its own, the item it is part of holds them
// (stateHolder: a tree's row, for the chevron button in it; a column
// header, for its sort button). Selection is not: a row that selects
// itself on any press inside it was not chosen by its buttons.
function stateOf(el) {
  if (!el || !el.isConnected) return null;
  if (el.tagName === "LABEL") el = el.control || besideBox(el) || el;
  else if (!interactiveEl(el) && !el.hasAttribute("role") && !OWN_STATE.test(el.getAttributeNames().join(" ")) &&
    el.tagName !== "BODY" && el.tagName !== "HTML") el = besideBox(el) || el;
  const a = (n) => el.getAttribute(n);
  const held = (n) => {
    const v = el.getAttribute(n);
    if (v !== null) return v;
    const h = stateHolder(el, n);
    return h ? h.getAttribute(n) || "" : "";
  };
  const sl = ownedSlider(el);
  return {
    checked: el.tagName === "INPUT" ? String(el.checked) + (el.indeterminate ? "-" : "") : a("aria-checked") || "",
    value: "value" in el && typeof el.value === "string" ? el.value : sl ? sliderValue(sl) : "",
    selected: el.tagName === "OPTION" ? String(el.selected) : a("aria-selected") || "",
    expanded: held("aria-expanded"),
    pressed: a("aria-pressed") || "",
    open: "open" in el ? String(el.open) : "",
    sort: held("aria-sort"),
  };
}

// HOLDER_ROLES are the roles of the items whose state belongs to the
// controls inside them.
const HOLDER_ROLES = /^(row|treeitem|columnheader|rowheader|gridcell|option|tab)$/;

// stateHolder is the item el is part of that holds its state n (an
// attribute): the nearest ancestor (four levels up at most, through
// shadow hosts) of a role in HOLDER_ROLES, or a <th> or <tr> (their roles
// by the table), that has n, short of the nearest item (a row, a tree
// item, an option, a tab: not a cell, a part of its row) that has not;
// null when none, or where el is an item of its own (a tree's leaf holds
// no folder's state).
function stateHolder(el, n) {
  const holds = (e) => { const r = e.getAttribute("role"); return r ? HOLDER_ROLES.test(r) : e.tagName === "TH" || e.tagName === "TR"; };
  // A cell is part of its row: passed over unless it holds n (a column
  // header's sort).
  const item = (e) => holds(e) && !isCell(e);
  if (item(el)) return null;
  let up = 0;
  for (let e = upEl(el); e && up < 4; e = upEl(e), up++) {
    if (e.tagName === "BODY" || e.tagName === "HTML") return null;
    if (holds(e) && e.hasAttribute(n)) return e;
    if (item(e)) return null;
  }
  return null;
}

// pressedValue reports whether el is an input whose value is what a press
// on it made it (a slider's, a colour's, a date's), not text typed into
// it: the value it became is an effect (became). A <select>'s is its
// option's, chosen by its label where the values were renamed.
function pressedValue(el) {
  return !!el && (el.tagName === "INPUT" && !TYPED.has(el.type) && el.type !== "checkbox" && el.type !== "radio" || !!ownedSlider(el));
}

// ownedSlider is the one slider inside el (an <input type=range>, an
// element of role slider), where el is no control of its own: a slider's
// track, a plain element a press on sets the value of the slider it
// holds by where it lands. null else.
function ownedSlider(el) {
  if (!el || el.tagName === "INPUT" || el.tagName === "SELECT" || el.tagName === "TEXTAREA" || el.tagName === "BODY" ||
    el.tagName === "HTML" || el.hasAttribute("role")) return null;
  const s = el.querySelectorAll("input[type=range], [role=slider]");
  if (s.length !== 1) return null;
  // The track holds its thumb and the slider in it, two levels down at
  // most, and no other control: a video player holding its seek bar
  // beside its buttons is no track.
  let depth = 0;
  for (let e = s[0]; e && e !== el; e = e.parentElement) depth++;
  if (depth > 2) return null;
  for (const c of el.querySelectorAll(CONTROLS_IN)) if (c !== s[0] && !containsFlat(c, s[0])) return null;
  return s[0];
}

// sliderValue is slider s's value: an input's, else its aria-valuenow.
function sliderValue(s) { return s.tagName === "INPUT" ? s.value : s.getAttribute("aria-valuenow") || ""; }

// multiSelect reports whether el is an item of a list, tree or grid
// that takes several choices (aria-multiselectable, a <select multiple>):
// choosing such an item again unchooses it.
const MULTI_ROLES = /^(listbox|tree|treegrid|grid|tablist|menu|radiogroup)$/;
function multiSelect(el) {
  for (let e = el; e && e.nodeType === 1; e = e.parentElement || (e.parentNode && e.parentNode.host) || null) {
    if (e.tagName === "SELECT") return !!e.multiple;
    const m = e.getAttribute("aria-multiselectable");
    if (m !== null) return m === "true";
    // The nearest list, tree or grid says: not one it stands in.
    if (MULTI_ROLES.test(e.getAttribute("role") || "")) return false;
  }
  return false;
}

// The active item of a composite widget: what a key press inside a menu,
// a list, a radio group, a tab list, a tree or a grid moves to. A step
// that moved it when recorded must move it to the same item at replay,
// whatever the items' order (effects: active; activeOf).
const ITEM_ROLES = new RegExp("^(" + /*go:aria.ItemRoles*/.join("|") + ")$");
const COMPOSITE_ROLES = /^(listbox|menu|menubar|radiogroup|tablist|tree|treegrid|grid)$/;
const HORIZONTAL_ROLES = /^(menubar|tablist)$/;

// activeItem is the item active in doc: its focused element (through
// shadow roots), or the element that one names as its active descendant,
// when it is of a role in ITEM_ROLES; null else.
function activeItem(doc) {
  const a = focusedIn(doc);
  if (!a) return null;
  return focusItem(a);
}

// focusedIn is the element focused in doc, through shadow roots; null
// when none is.
function focusedIn(doc) {
  let a = doc && doc.activeElement;
  for (let sr = a && shadowOf(a); sr && sr.activeElement; sr = shadowOf(a)) a = sr.activeElement;
  return a && a.nodeType === 1 ? a : null;
}

// focusItem is the item focused element a stands for: itself, or the
// element it names as its active descendant, where that is of a role in
// ITEM_ROLES; null else.
function focusItem(a) {
  let d = a.ariaActiveDescendantElement || null;
  if (!d && a.hasAttribute("aria-activedescendant")) {
    const root = a.getRootNode();
    d = root.getElementById ? root.getElementById(a.getAttribute("aria-activedescendant")) : null;
  }
  if (d && d.isConnected) a = d;
  return ITEM_ROLES.test(roleOf(a, a.tagName, a.hasAttributes())) ? a : null;
}

// itemName is an item as a role strategy names it: "role|name".
function itemName(el) {
  const role = roleOf(el, el.tagName, el.hasAttributes());
  return role + "|" + collapse(accName(el, labelsOf(el), role, el.hasAttributes()));
}

// itemsWith are the items shown beside el in its composite widget (its
// nearest ancestor of a role in COMPOSITE_ROLES, shadow hosts crossed; a
// native radio button's group, by its name), el's own role, in tree
// order; and whether the widget lays them out in a row (aria-orientation,
// else its role: a menu bar, a tab list).
const ITEMS_MAX = 500;
function itemsWith(el) {
  const role = roleOf(el, el.tagName, el.hasAttributes());
  let c = null;
  for (let e = upEl(el), up = 0; e && e.nodeType === 1 && up < 12; e = upEl(e), up++) {
    if (COMPOSITE_ROLES.test(roleOf(e, e.tagName, e.hasAttributes()))) { c = e; break; }
  }
  // A native radio button's group is its name's, also inside another
  // widget (a grid of questions, a group of radio buttons each).
  if (el.tagName === "INPUT" && el.type === "radio" && el.name) {
    const scope = el.form || el.getRootNode();
    const items = [...scope.querySelectorAll("input[type=radio]")].filter((x) => x.name === el.name && (x === el || visibleEl(x)));
    return { items: items.slice(0, ITEMS_MAX), horizontal: false };
  }
  if (!c) return { items: [el], horizontal: false };
  const items = [];
  eachComposed(c, (x) => {
    if (x === el || roleOf(x, x.tagName, x.hasAttributes()) === role && visibleEl(x)) items.push(x);
    return items.length >= ITEMS_MAX;
  });
  const o = c.getAttribute("aria-orientation");
  return { items: items, horizontal: o ? o === "horizontal" : HORIZONTAL_ROLES.test(roleOf(c, c.tagName, c.hasAttributes())) };
}

// activeOf is, for watch id's document, the item active now ("role|name",
// "" when none: activeItem), its place among the items of its widget
// (itemsWith; -1 when none), how many of those items are named want
// ("role|name"), and, where none is, how many are of its role and
// reworded (nearItem: "Edit details" for "Edit"); the place of the one
// item meant (the one named want, else the one reworded; -1 where there
// is none or several); how many items there are, and whether they lie in
// a row; whether the active item is chosen (chosenItem: a radio button
// checked, an option or a tab selected), and which items are; and the
// place key, pressed now (with modifiers held: held), is to move to
// (nextItem: in a radio group, and where the widget chose the item its
// key moved to when recorded, chooses, steps places on; -1 where that is
// not known, -2 where no item is there) and its name.
function activeOf(id, want, key, chooses, steps, rows, held) {
  const w = watches.get(id);
  if (!w) return null;
  const doc = w.el.ownerDocument || w.el;
  const a = activeItem(doc);
  if (!a) return { now: "", at: -1, want: 0, near: 0, target: -1, items: 0, horizontal: false, chosen: false, chosenNames: chosenIn(focusedIn(doc)), next: -1, nextName: "" };
  const g = itemsWith(a);
  const names = g.items.map(itemName);
  let n = 0, near = 0, target = -1, nearAt = -1;
  names.forEach((x, i) => {
    if (x === want) { n++; target = i; } else if (nearItem(x, want)) { near++; nearAt = i; }
  });
  if (n > 1) target = -1;
  if (n === 0) target = near === 1 ? nearAt : -1;
  const at = g.items.indexOf(a);
  const next = at < 0 || g.items.length < 2 || g.items.length >= ITEMS_MAX ? -1 : nextItem(g, at, key || "", !!chooses, steps | 0, rows | 0, !!held, target);
  const combo = inCombobox(a);
  const chosen = combo ? [] : chosenOf(g.items);
  return { now: itemName(a), at: at, want: n, near: n ? 0 : near, target: target, items: g.items.length, horizontal: g.horizontal,
    chosen: !combo && chosenItem(a), chosenNames: chosen, next: next, nextName: next >= 0 ? names[next] : "" };
}

// nearItem reports whether item x ("role|name") is want reworded: of its
// role, named with every word of want's name (case and punctuation
// aside), and perhaps more, none of which turns the action round, widens
// it or makes it another ("Don't save", "Delete all", "Undo delete" are
// other actions than "Save" and "Delete"; NOT_WORDS).
const NOT_WORDS = new Set(["no", "not", "don", "dont", "can", "cannot", "won", "doesn", "isn", "never", "without", "except", "unless",
  "none", "all", "every", "everything", "everyone", "everywhere", "each", "any", "both", "entire", "whole",
  "permanently", "forever", "undo", "cancel", "stop", "disable", "remove"]);
function nearItem(x, want) {
  const i = x.indexOf("|"), j = want.indexOf("|");
  if (x.slice(0, i) !== want.slice(0, j)) return false;
  const words = (s) => s.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const w = words(want.slice(j + 1)), have = words(x.slice(i + 1));
  if (!w.length || !w.every((t) => have.includes(t))) return false;
  return !have.some((t) => !w.includes(t) && NOT_WORDS.has(t));
}

// inCombobox reports whether item a is an option of a combobox's list,
// the combobox focused (or an element inside one): the list marks the
// option its keys highlight as selected; its Enter chooses, its arrows do
// not.
function inCombobox(a) {
  const f = focusedIn(a.ownerDocument || a);
  return !!f && f !== a && (roleOf(f, f.tagName, f.hasAttributes()) === "combobox" || !!f.closest("[role=combobox]"));
}

// chosenOf names the chosen ones of items (chosenItem): 20 at most.
function chosenOf(items) {
  const out = [];
  for (const x of items) {
    if (out.length >= 20) break;
    if (chosenItem(x)) out.push(itemName(x));
  }
  return out;
}

// chosenIn names the items chosen in composite widget c, the focused
// element where no item of it is active yet (a list box focused before
// its first arrow): 20 at most; none where c is no such widget.
function chosenIn(c) {
  const out = [];
  if (!c || !COMPOSITE_ROLES.test(roleOf(c, c.tagName, c.hasAttributes()))) return out;
  eachComposed(c, (x) => {
    if (ITEM_ROLES.test(roleOf(x, x.tagName, x.hasAttributes())) && chosenItem(x) && visibleEl(x)) out.push(itemName(x));
    return out.length >= 20;
  });
  return out;
}

// chosenItem reports whether item el is chosen: a radio button checked,
// an option, a tab, a tree's or a grid's item selected. An item of a
// menu is chosen as it is activated, never as it is moved to: never.
function chosenItem(el) {
  if (el.tagName === "INPUT" && el.type === "radio") return el.checked;
  const role = roleOf(el, el.tagName, el.hasAttributes());
  if (role === "radio") return el.getAttribute("aria-checked") === "true";
  if (role === "option" && el.tagName === "OPTION") return el.selected;
  return /^(option|tab|treeitem|gridcell|row)$/.test(role) && el.getAttribute("aria-selected") === "true";
}

// nextItem is the place among the items g (itemsWith) that key, pressed
// with the one at place at active, moves to, as far as it can be told:
// -1 where it cannot, -2 where it would move to no item.
//
// A radio group checks what its arrows move to: the next item not
// disabled, round the end, for ArrowDown or ArrowRight, the previous one
// for the opposite arrows. Native radio buttons move as Chromium moves
// them: whatever the modifiers but Ctrl, Alt and Meta (they do not move
// them; the caller knows), ArrowLeft forward where the group reads right
// to left, over a radio button aria-disabled. A radio group of role radio
// moves as its script has it: as the ARIA pattern does, Home and End to
// the first and the last, its aria-disabled items skipped; where it reads
// right to left its sideways arrows are not known.
//
// Where the widget chose the item its key moved to when recorded
// (chooses: tabs that select as they move, a list box, a tree or a grid
// whose selection follows its focus), a press is an action, and two
// witnesses are asked where it leads: the ARIA pattern of its items
// (patternItem), where it is sure of the widget's ways, and the move
// recorded (movedItem: steps places on among the items, in a grid steps
// columns and rows rows, for a bare Home or End steps from that end), for
// the keys that move by places (byPlace). Where both can say and differ,
// the place one of them says other than want (the place of the item
// meant) is answered; where neither can, -1. On the page as
// recorded the move recorded is right; where the items changed, the
// pattern says whether the key still leads there (an item inserted, a
// disabled one enabled, a grid laid out anew).
function nextItem(g, at, key, chooses, steps, rows, held, want) {
  const p = patternItem(g, at, key, chooses, held);
  if (!chooses) return p;
  let m = -1;
  if ((steps || rows || ends(key, held)) && byPlace(g.items[at], key, held)) m = movedItem(g.items, at, key, held, steps, rows);
  if (p === -1) return m;
  if (m === -1 || m === p) return p;
  return p !== want ? p : m;
}

// ends reports whether key is a bare Home or End: it leads to an end of
// the items, wherever the one active stands.
function ends(key, held) { return !held && (key === "Home" || key === "End"); }

// byPlace reports whether key, pressed with item a active, moves by
// places among the items, so that the move recorded says where it leads
// on the page as recorded: an arrow (in a tree, down and up: its sideways
// arrows open, close and climb), or a bare Home or End. A letter (to the
// next item it starts) and Page Down (a page's worth) do not.
function byPlace(a, key, held) {
  if (ends(key, held)) return true;
  if (roleOf(a, a.tagName, a.hasAttributes()) === "treeitem") return key === "ArrowDown" || key === "ArrowUp";
  return /^Arrow(Down|Up|Left|Right)$/.test(key);
}

// movedItem is the place among items of the item the move recorded leads
// to from the one at place at (-2 where there is none): steps on, or for
// a bare Home or End the place steps from the first or the last item; in
// a grid (a cell's) the cell steps columns on and rows down, by its row
// and its place among its row's cells, or for Home and End steps from its
// row's first or last cell.
function movedItem(items, at, key, held, steps, rows) {
  const a = items[at], end = ends(key, held);
  if (roleOf(a, a.tagName, a.hasAttributes()) === "gridcell") {
    const gr = gridOf(items);
    if (!gr) return -1;
    const { row, col } = cellPlace(gr, a);
    if (!end) return cellAt(gr, items, row + rows, col + steps);
    const r = gr.rows[row + rows], last = r ? gr.cells.get(r).length - 1 : 0;
    return cellAt(gr, items, row + rows, key === "Home" ? steps : last + steps);
  }
  const i = !end ? at + steps : key === "Home" ? steps : items.length - 1 + steps;
  return i >= 0 && i < items.length ? i : -2;
}

// patternItem is nextItem as the platform moves native radio buttons and
// the ARIA patterns move the items of widgets whose ways it can be sure
// of: radio groups; tabs along their list's direction and round its
// ends; options along their list's direction, not round its ends; Home
// and End to the first and the last; a grid's cells as gridItem; a
// letter typed in a list box or a tree to the next item it starts
// (typedItem); a tree's sideways arrows to the parent or the first child
// (treeSideways). Not known (-1): an item disabled where the key leads,
// sideways arrows where the widget reads right to left, a tree's and
// rows' other keys (what is shown of them and which are headers), other
// keys, and keys pressed with modifiers held (held) but in a radio group.
function patternItem(g, at, key, chooses, held) {
  const items = g.items, n = items.length, a = items[at];
  const role = roleOf(a, a.tagName, a.hasAttributes());
  if (!key || role !== "radio" && (!chooses || held)) return -1;
  const rtl = (a.ownerDocument.defaultView || win).getComputedStyle(a).direction === "rtl";
  if (role === "radio") {
    const native = a.tagName === "INPUT";
    const off = (x) => x.matches(":disabled") || !!x.closest("[inert]") || !native && x.getAttribute("aria-disabled") === "true";
    const walk = (from, d) => {
      for (let k = 1, i = from; k <= n; k++) {
        i = (i + d + n) % n;
        if (!off(items[i])) return i;
      }
      return -1;
    };
    switch (key) {
      case "ArrowDown": return walk(at, 1);
      case "ArrowUp": return walk(at, -1);
      case "ArrowRight": return native ? walk(at, rtl ? -1 : 1) : rtl ? -1 : walk(at, 1);
      case "ArrowLeft": return native ? walk(at, rtl ? 1 : -1) : rtl ? -1 : walk(at, -1);
      case "Home": return native ? -1 : walk(n - 1, 1);
      case "End": return native ? -1 : walk(0, -1);
    }
    return -1;
  }
  const on = (i) => i >= 0 && !items[i].matches(":disabled") && items[i].getAttribute("aria-disabled") !== "true" ? i : -1;
  if (role === "gridcell") return rtl ? -1 : on(gridItem(items, at, key));
  if ((role === "option" || role === "treeitem") && [...key].length === 1 && key.trim()) return on(typedItem(items, at, key));
  if (role === "treeitem" && (key === "ArrowLeft" || key === "ArrowRight")) return rtl ? -1 : on(treeSideways(items, at, key));
  if (role !== "tab" && role !== "option" || g.horizontal && rtl) return -1;
  const round = role === "tab";
  const step = (d) => {
    const i = at + d;
    return i >= 0 && i < n ? i : round ? (i + n) % n : -1;
  };
  let i = -1;
  switch (key) {
    case g.horizontal ? "ArrowRight" : "ArrowDown": i = step(1); break;
    case g.horizontal ? "ArrowLeft" : "ArrowUp": i = step(-1); break;
    case "Home": i = 0; break;
    case "End": i = n - 1; break;
  }
  return on(i);
}

// typedItem is the place among items that a printable key, typed with the
// one at place at active, moves to in a list box or a tree, as the ARIA
// patterns have type-ahead: the next item, round the end, whose name
// starts with it (case aside); -1 where none does.
function typedItem(items, at, key) {
  const k = key.toLowerCase(), n = items.length;
  for (let d = 1; d < n; d++) {
    const i = (at + d) % n, name = itemName(items[i]);
    if (name.slice(name.indexOf("|") + 1).trim().toLowerCase().startsWith(k)) return i;
  }
  return -1;
}

// treeSideways is the place among a tree's items that ArrowLeft or
// ArrowRight moves to from the one at place at, as the ARIA tree pattern
// has them: ArrowLeft from an item not open to its parent, ArrowRight
// from an open one to its first child; -1 where the key opens or closes
// the item instead, or there is none. Levels are aria-level's, else the
// nesting of items.
function treeSideways(items, at, key) {
  const a = items[at], open = a.getAttribute("aria-expanded") === "true", lv = treeLevel(a);
  if (key === "ArrowRight") return open && at + 1 < items.length && treeLevel(items[at + 1]) === lv + 1 ? at + 1 : -1;
  if (open) return -1;
  for (let i = at - 1; i >= 0; i--) {
    const l = treeLevel(items[i]);
    if (l < lv) return l === lv - 1 ? i : -1;
  }
  return -1;
}

// treeLevel is a tree item's level: its aria-level, else 1 and one more
// for each tree item it is inside.
function treeLevel(x) {
  const l = Number(x.getAttribute("aria-level"));
  if (l > 0) return l;
  let n = 1;
  for (let e = x.parentElement; e; e = e.parentElement) if (e.getAttribute("role") === "treeitem") n++;
  return n;
}

// gridItem is the place among a grid's cells (items, in tree order) that
// key moves to from the one at place at, as the ARIA grid pattern moves:
// sideways within its row, down and up to the cell of its column in the
// next or previous row, Home and End to its row's first and last; not
// round the ends (-1). Only where the grid is regular (gridOf): a
// calendar's short first week, a header cell in some rows, a row split
// among pinned parts, a nested grid are not known.
function gridItem(items, at, key) {
  const gr = gridOf(items);
  if (!gr || !gr.regular) return -1;
  const { row, col } = cellPlace(gr, items[at]);
  const x = { ArrowRight: [row, col + 1], ArrowLeft: [row, col - 1], ArrowDown: [row + 1, col], ArrowUp: [row - 1, col],
    Home: [row, 0], End: [row, gr.wide - 1] }[key];
  return x ? cellAt(gr, items, x[0], x[1]) : -1;
}

// gridOf lays a grid's cells (items, in tree order) out in rows: its rows
// (the cells' row elements, in order), the cells of each, and whether it
// is regular: every row holds as many cells (wide), none spanning
// columns. null where a cell is in no row.
function gridOf(items) {
  const rows = [], cells = new Map();
  let regular = true;
  for (const x of items) {
    const r = x.closest("[role=row], tr");
    if (!r) return null;
    if (x.colSpan > 1 || Number(x.getAttribute("aria-colspan")) > 1) regular = false;
    if (!cells.has(r)) { cells.set(r, []); rows.push(r); }
    cells.get(r).push(x);
  }
  const wide = rows.length ? cells.get(rows[0]).length : 0;
  return { rows, cells, wide, regular: regular && rows.every((r) => cells.get(r).length === wide) };
}

// cellPlace is cell x's row and column in grid gr (gridOf): the place of
// its row, and its place among its row's cells.
function cellPlace(gr, x) {
  const r = x.closest("[role=row], tr");
  return { row: gr.rows.indexOf(r), col: r ? gr.cells.get(r).indexOf(x) : -1 };
}

// cellAt is the place among items of grid gr's cell at row and col; -2
// where there is none.
function cellAt(gr, items, row, col) {
  const r = gr.rows[row], c = r && gr.cells.get(r)[col];
  return c ? items.indexOf(c) : -2;
}

// besideBox is the one checkbox, radio button or switch among the
// siblings of l, an input or an element of that role (a label that labels
// no control, beside a switch a UI kit draws; a switch's track); null
// when there is none or several.
function besideBox(l) {
  const p = l.parentElement;
  if (!p) return null;
  const boxes = p.querySelectorAll(":scope > input[type=checkbox], :scope > input[type=radio], :scope > [role=switch], :scope > [role=checkbox], :scope > [role=radio]");
  return boxes.length === 1 ? boxes[0] : null;
}
// OWN_STATE matches the attribute names of an element with a state of
// its own (an accordion's header, aria-expanded): it stands for nothing
// beside it.
const OWN_STATE = /(^| )aria-(expanded|pressed|checked|selected)( |$)/;

// openDialogs are the dialogs shown now: open <dialog>s, visible elements
// with a dialog role, and the layers shown over the page that a control
// opens and closes, holding controls of their own (a confirmation's
// popover, role tooltip; an open popover), in the world's documents.
const DIALOGS = "dialog[open], [role=dialog], [role=alertdialog], [aria-modal=true], [role=tooltip], [popover]";
function openDialogs() {
  const out = new Set();
  for (const s of scopesOf(win.document, true).scopes) {
    for (const d of s.querySelectorAll(DIALOGS)) {
      if (d.hasAttribute("popover") && !popoverOpen(d)) continue;
      // A tooltip or a popover that holds no control is a hint the
      // pointer shows on its way (a button's tooltip), not a layer a
      // step opens or closes.
      if ((d.getAttribute("role") === "tooltip" || d.hasAttribute("popover")) && !d.querySelector(CONTROLS_IN)) continue;
      if (visibleEl(d)) out.add(d);
    }
  }
  return out;
}

// watch opens a watch on what happens after now: the element's state, the
// open dialogs, and (counted by the observer) elements added or removed
// and texts changed.
// It returns the watch's number.
function watch(el, sought, gone, also) {
  for (const s of scopesOf(win.document, true).scopes) observeRoot(s);
  const id = ++watchSeq;
  const c = sought ? [seekFold(sought)].filter(Boolean) : [...new Set([...entered.values(), ...(also || []).map(seekFold).filter(Boolean)])];
  const w = { id: id, el: el, state: stateOf(el), dialogs: openDialogs(), content: 0, removed: 0, texts: 0, url: String(win.location.href), seen: changeSeq,
    seek: c.length ? c : null, hits: new Map(c.map((x) => [x, []])), moved: [], movedCut: false, gone: gone ? seekFold(gone) : "" };
  // How many times the page reads the text sought gone as the watch opens.
  if (w.gone) w.goneWas = readsOutsideMessages(pageText(), w.gone);
  w.vals = fieldValues(el);
  // The frame the element's document is in: its document going while the
  // frame stays is another document loaded there (effects: unloaded).
  try { const v = (el.ownerDocument || el).defaultView; w.frame = v && v !== win ? v.frameElement : null; } catch (e) { w.frame = null; }
  w.multi = multiSelect(el);
  w.active = activeItem(el.ownerDocument || el);
  // The items of the active one's widget chosen as the watch opens (of
  // the widget focused where none is active yet): a press that makes
  // another active and chooses it chose as it moved (effects).
  w.focus = focusedIn(el.ownerDocument || el);
  w.activeName = w.active ? itemName(w.active) : "";
  w.chosen = w.active ? chosenOf(itemsWith(w.active).items) : chosenIn(w.focus);
  watches.set(id, w);
  if (w.seek) seeking++;
  if (watches.size > 64) unwatch(watches.keys().next().value);
  return id;
}
function unwatch(id) {
  const w = watches.get(id);
  if (w && w.seek) seeking--;
  watches.delete(id);
}

// effects is what happened since watch id opened: the state properties
// of its element that changed, elements added or removed (content; of
// them removed: removed), texts changed (texts), dialogs opened or
// closed, a changed URL.
function effects(id, close) {
  const w = watches.get(id);
  if (!w) return null;
  if (close) unwatch(id);
  w.seen = changeSeq;
  const out = { state: [], became: {}, was: {}, content: w.content, removed: w.removed, texts: w.texts, dialog: "", url: String(win.location.href) !== w.url, shown: shownOf(w), dialogContent: 0, multi: w.multi };
  // An element the page drew anew (a form drawn from the app's state once
  // its save was answered) is read on the element drawn in its place, the
  // one its id, or its name alone, names now; one the page took off, or
  // drew anew unnamed: its state is not known.
  const now = stateOf(w.el) || (w.state ? stateOf(drawnAnew(w.el)) : null);
  out.detached = !!w.state && !now;
  // The document of the element (a frame's) has gone: the frame loaded
  // another, or the same anew.
  out.unloaded = !!w.frame && w.frame.isConnected && !(w.el.ownerDocument || w.el).defaultView;
  // The item active now, and whether it is another than as the watch
  // opened: a key press moved through a widget's items.
  const act = activeItem(w.el.ownerDocument || w.el);
  out.active = act ? itemName(act) : "";
  out.activeMoved = !!act && act !== w.active;
  // Whether no other item of its widget is named as it is: one that is
  // not cannot be told from its namesakes.
  if (out.activeMoved) {
    const g = itemsWith(act);
    out.activeOne = g.items.length < ITEMS_MAX && g.items.filter((x) => x === act || itemName(x) === out.active).length === 1;
    // Whether the press chose the item it moved to: it is chosen now and
    // was not as the watch opened, and it moved within its widget, from
    // one of its items (where the widget drew its items anew, the one
    // named as the item active before) or from the widget focused, not
    // from the page (the focus taken into another widget, Tab, chose
    // nothing there; a combobox's list marks what its keys highlight as
    // selected, and chooses nothing until Enter). Where it moved from an
    // item, how many places on (negative: back) in the items' order:
    // activeSteps.
    let from = w.active ? g.items.indexOf(w.active) : -1;
    if (from < 0 && w.active && !w.active.isConnected) {
      const same = g.items.filter((x) => itemName(x) === w.activeName);
      if (same.length === 1) from = g.items.indexOf(same[0]);
    }
    const f = w.focus;
    const within = w.active ? from >= 0 : !!f && f !== act && f.isConnected && COMPOSITE_ROLES.test(roleOf(f, f.tagName, f.hasAttributes())) && f.contains(act);
    out.activeChose = within && !inCombobox(act) && chosenItem(act) && !w.chosen.includes(out.active);
    // With it, its place from the ends a bare Home or End count from:
    // the first and the last item (activeFirst, activeLast). In a grid,
    // columns on and rows down (activeRows), and its place in its row.
    const i = g.items.indexOf(act);
    out.activeSteps = out.activeChose && from >= 0 ? i - from : 0;
    if (out.activeSteps) {
      const gr = roleOf(act, act.tagName, act.hasAttributes()) === "gridcell" ? gridOf(g.items) : null;
      if (gr) {
        const a = cellPlace(gr, act), b = cellPlace(gr, g.items[from]);
        out.activeSteps = a.col - b.col;
        out.activeRows = a.row - b.row;
        out.activeFirst = a.col;
        out.activeLast = a.col - (gr.cells.get(gr.rows[a.row]).length - 1);
      } else {
        out.activeFirst = i;
        out.activeLast = i - (g.items.length - 1);
      }
    }
  }
  // What each changed property became, and what they all were as the
  // watch opened: the two-valued ones (a field's value is text).
  if (w.state) for (const k of Object.keys(w.state)) if (k !== "value") out.was[k] = w.state[k];
  if (w.state && now) for (const k of Object.keys(now)) {
    if (now[k] === w.state[k]) continue;
    out.state.push(k);
    if (k !== "value" || pressedValue(w.el)) out.became[k] = now[k];
  }
  const d = openDialogs();
  for (const x of d) if (!w.dialogs.has(x)) { out.dialog = "opened"; break; }
  if (!out.dialog) for (const x of w.dialogs) if (!d.has(x)) { out.dialog = "closed"; break; }
  // Elements added or removed in a dialog that opened or closed (its
  // content rendered as it opened, a calendar's months as it closed), or
  // with it, are its opening or closing: the dialog says it, and whether
  // they come within the step's time or before it depends on the machine.
  // An element added and taken off again since the watch opened (a toast
  // that came and went, a spinner) is neither: the page is as it was
  // there.
  // Nor is an element taken off and put back where it stood (a row a
  // grid lifted for a drag that did not take, a list drawn anew with the
  // same nodes in the same order).
  const passing = new Set();
  if (!w.movedCut) {
    const added = new Set(), left = new Set();
    for (let i = 0; i < w.moved.length; i += 3) {
      const x = w.moved[i + 1];
      if (w.moved[i + 2]) {
        added.add(x);
        if (left.has(x) && backInPlace(x)) { left.delete(x); passing.add(x); out.content -= 2; out.removed--; }
      } else if (added.has(x) && !x.isConnected) { passing.add(x); out.content -= 2; out.removed--; }
      else left.add(x);
    }
  }
  // So are the elements with no words or controls added to or removed
  // from where the dialog was, with it (the backdrop a dialog library
  // draws beside it).
  const dialogs = new Set();
  if (out.dialog && !w.movedCut) {
    const changed = [...d].filter((x) => !w.dialogs.has(x)).concat([...w.dialogs].filter((x) => !d.has(x)));
    const beside = new Set();
    for (let i = 0; i < w.moved.length; i += 3) if (holdsDialog(changed, w.moved[i + 1])) beside.add(w.moved[i]);
    for (let i = 0; i < w.moved.length; i += 3) {
      if (passing.has(w.moved[i + 1])) continue;
      if (!inDialogs(changed, w.moved[i], w.moved[i + 1]) && !(beside.has(w.moved[i]) && plain(w.moved[i + 1]))) continue;
      dialogs.add(w.moved[i + 1]);
      out.content--;
      out.dialogContent++;
      if (!w.moved[i + 2]) out.removed--;
    }
  }
  // Of the elements added (a dialog's own aside), those that are
  // messages (a toast saying "Deleted", in a live region or an alert): a
  // step that removed elements and added only those removed them; one
  // that added only those added no element of its own.
  out.messages = 0;
  if (!w.movedCut) {
    for (let i = 0; i < w.moved.length; i += 3) {
      const x = w.moved[i + 1];
      if (w.moved[i + 2] && !passing.has(x) && !dialogs.has(x) && x.isConnected && x.closest && (x.matches(LIVE) || x.closest(LIVE) || x.querySelector(LIVE))) out.messages++;
    }
  }
  // Of the elements added, those of the step's own (added; -1 where
  // too many changed to tell): an element that says something (words,
  // a control), is still on the page, and is no message (in or holding a
  // live region), no dialog's own, not added and gone again or put back
  // where it stood, and not the same as one removed where it was added
  // (same tag and words: a row or a list drawn anew). An icon swapped for
  // a spinner says nothing. The first words of the first few, and how
  // many times the page read them, no message, are kept from the first
  // read that saw any (addedReads): addedHeld is whether the page reads
  // one of them as many times still (a row drawn anew, or whose pending
  // label went, does; one taken back, a toast saying so, do not).
  out.added = w.movedCut ? -1 : 0;
  if (!w.movedCut) {
    const message = (x) => x.matches(LIVE) || !!x.closest(LIVE) || !!x.querySelector(LIVE);
    const says = (x) => /\S/.test(x.textContent || "") || x.matches(SAYS) || !!x.querySelector(SAYS);
    const gone = new Map(), texts = [];
    for (let i = 0; i < w.moved.length; i += 3) {
      const p = w.moved[i], x = w.moved[i + 1];
      if (w.moved[i + 2] || passing.has(x) || dialogs.has(x) || !x.matches || !says(x)) continue;
      const k = x.localName + "\u0000" + collapse(x.textContent || "");
      if (!gone.has(p)) gone.set(p, []);
      gone.get(p).push(k);
    }
    for (let i = 0; i < w.moved.length; i += 3) {
      const p = w.moved[i], x = w.moved[i + 1];
      if (!w.moved[i + 2] || passing.has(x) || dialogs.has(x) || !x.matches || !x.isConnected || !says(x) || message(x)) continue;
      const t = collapse(x.textContent || ""), was = gone.get(p), j = was ? was.indexOf(x.localName + "\u0000" + t) : -1;
      if (j >= 0) { was.splice(j, 1); continue; }
      out.added++;
      const head = t && texts.length < 3 ? firstWords(x) : "";
      if (head) texts.push(head);
    }
    if (out.added > 0 && !w.addedReads) w.addedReads = texts.map((h) => [h, readsOf(h)]);
  }
  out.addedHeld = !w.addedReads || !w.addedReads.length || w.addedReads.some(([h, n]) => readsOf(h) >= n);
  // What the step took off the page: the texts of the elements it
  // removed (a dialog's own aside) that the page no longer reads; and,
  // where the watch looks for one such text (w.gone), whether the page
  // reads it fewer times than as the watch opened (a namesake row may
  // read it still).
  // (The texts gone are read as the watch closes, the recorder's report:
  // a replay polling its watch reads only the one it seeks.)
  const all = close && !w.movedCut;
  const page = w.gone || all ? pageText() : "";
  out.gone = all ? goneTexts(w, passing, dialogs, page) : [];
  // A row whose text changed since it was recorded (a date, an id the
  // server gave) is not read as recorded before the step either: then
  // elements removed stand for it.
  out.goneNow = !!w.gone && (w.goneWas > 0 ? readsOutsideMessages(page, w.gone) < w.goneWas : out.removed > 0);
  // The fields whose value the step changed (a date picker's day writing
  // the date into its field), and a sought text one of them holds now.
  out.fields = [];
  for (const [f, v] of w.vals) {
    if (!f.isConnected || f.value === v || !f.value) continue;
    out.fields.push(collapse(f.value));
    if (w.seek) for (const c of w.seek) if (seekFold(f.value) === c && out.shown.indexOf(c) < 0) out.shown.push(c);
  }
  return out;
}

// fieldValues are the values of the text fields shown in el's document
// (its tree scopes, 300 at most) other than el and those holding it:
// fields a step may write into without typing (a picker's, a stepper's).
// A secret's (secretField), and a field hidden, are left out.
const FIELD_MAX = 300;
function fieldValues(el) {
  const out = new Map();
  for (const s of scopesOf(win.document, true).scopes) {
    for (const f of s.querySelectorAll("input, textarea")) {
      if (out.size >= FIELD_MAX) return out;
      if (f === el || (el && f.contains && f.contains(el)) || f.tagName === "INPUT" && !TYPED.has(f.type) && f.type !== "date" || secretField(f)) continue;
      if (visibleEl(f)) out.set(f, f.value);
    }
  }
  return out;
}

// backInPlace reports whether x, removed and added again, stands where it
// was removed from (leftFrom): in the same node, before the same sibling.
function backInPlace(x) {
  const f = leftFrom.get(x);
  return !!f && x.isConnected && x.parentNode === f.p && x.nextSibling === f.next;
}

// pageText is the document's text and its shadow trees', folded
// (seekFold).
function pageText() {
  const parts = [];
  for (const s of scopesOf(win.document, true).scopes) {
    const root = s.nodeType === 9 ? s.body || s.documentElement : s;
    if (root) parts.push(root.textContent);
  }
  return seekFold(parts.join(" \n "));
}

// readsOutsideMessages is how many times page (pageText) reads t outside
// the page's messages (LIVE: a toast saying 'Deleted "Pay the rent"'
// reads a deleted row's words, and is not the row). A live region that
// holds items (a list announcing its changes, a chat's log) is no message:
// its rows are read.
const ITEMS_IN = "li, tr, [role=listitem], [role=row], [role=article], [role=option], [role=treeitem]";
function readsOutsideMessages(page, t) {
  const n = timesIn(page, t);
  if (n === 0) return 0;
  const parts = [];
  for (const s of scopesOf(win.document, true).scopes) {
    for (const m of s.querySelectorAll(LIVE)) {
      if (m.parentElement && m.parentElement.closest(LIVE)) continue;
      if (m.matches(ITEMS_IN + ", ul, ol, table, [role=list], [role=log], [role=feed], [role=grid]") || m.querySelector(ITEMS_IN)) continue;
      parts.push(m.textContent);
    }
  }
  return parts.length ? Math.max(0, n - timesIn(seekFold(parts.join(" \n ")), t)) : n;
}

// timesIn is how many times t occurs in s, none overlapping.
function timesIn(s, t) {
  let n = 0;
  for (let i = s.indexOf(t); i >= 0; i = s.indexOf(t, i + t.length)) n++;
  return n;
}

// goneTexts are, of the elements watch w saw removed (passing ones and
// dialogs' aside), the first two whose text, of three letters or more,
// page (the document's text, folded) no longer holds: a deleted row's.
// An element re-rendered with its text is not gone. Of a list drawn anew
// without the row, the row's text is what went (narrowGone), not the
// list's.
function goneTexts(w, passing, dialogs, page) {
  const out = [];
  for (let i = 0; i < w.moved.length && out.length < 2; i += 3) {
    let x = w.moved[i + 1];
    if (w.moved[i + 2] || passing.has(x) || dialogs.has(x) || x.nodeType !== 1 || x.isConnected) continue;
    if (page.indexOf(seekFold(x.textContent)) < 0) x = narrowGone(x, page);
    const t = seekFold(x.textContent);
    if (t.length > MAXITEM * 4 || !/\p{L}{3}/u.test(t) || out.indexOf(t) >= 0) continue;
    if (page.indexOf(t) < 0) out.push(t);
  }
  return out;
}

// drawnAnew is the element the page drew in place of el, which it took
// off: of el's tag, in el's document, with el's id, else the one form
// control of its name (a radio button's group shares one: none).
function drawnAnew(el) {
  if (!el || el.isConnected || el.nodeType !== 1) return null;
  const d = el.ownerDocument;
  if (!d) return null;
  const same = (x) => x && x !== el && x.isConnected && x.tagName === el.tagName;
  if (el.id) {
    const x = d.getElementById(el.id);
    return same(x) ? x : null;
  }
  const n = el.getAttribute("name");
  if (!n || !/^(INPUT|SELECT|TEXTAREA|BUTTON)$/.test(el.tagName)) return null;
  const all = [...d.getElementsByName(n)].filter(same);
  return all.length === 1 ? all[0] : null;
}

// narrowGone is, of element x whose text page no longer reads, the part
// the words gone are in: while one child alone reads a text (of three
// letters or more) page does not hold, and x's other children all read
// on the page still (a list drawn anew, its other rows there again), it
// goes down to that child. The row's words alone are then what the step
// took away: a message put into the list, or into the row, does not
// make the page read a whole list's text fewer times.
function narrowGone(x, page) {
  for (;;) {
    let only = null, n = 0;
    for (const c of x.children) {
      const t = seekFold(c.textContent);
      if (!/\p{L}{3}/u.test(t) || page.indexOf(t) >= 0) continue;
      only = c;
      n++;
    }
    if (n !== 1) return x;
    x = only;
  }
}

// CONTROLS_IN are the controls that make a tooltip or a popover a layer a
// step acts in: CONTROLS, and a menu's items and a list's options.
const CONTROLS_IN = CONTROLS + ", [role=menuitem], [role=option]";
function popoverOpen(d) { try { return d.matches(":popover-open"); } catch (e) { return false; } }

// inDialogs reports whether element x, added to or removed from parent,
// is one of dialogs, holds one, or stands in one (through shadow roots).
function inDialogs(dialogs, parent, x) {
  if (holdsDialog(dialogs, x)) return true;
  for (const dlg of dialogs) {
    for (let e = parent.nodeType === 11 ? parent.host : parent; e; e = upEl(e)) if (e === dlg) return true;
  }
  return false;
}
// holdsDialog reports whether element x is one of dialogs, or holds one
// and nothing else a person reads or uses (a portal's wrapper): a row
// taken off with the dialog it drew is the row's removal.
function holdsDialog(dialogs, x) {
  for (const dlg of dialogs) {
    if (x === dlg) return true;
    let holds = false;
    for (let e = upEl(dlg); e && !holds; e = upEl(e)) holds = e === x;
    if (holds && collapse(x.textContent || "") === collapse(dlg.textContent || "") && !outsideControl(x, dlg)) return true;
  }
  return false;
}
// outsideControl reports whether x holds a control outside dlg.
function outsideControl(x, dlg) {
  for (const c of x.querySelectorAll(FORM_OR_MEDIA)) if (!dlg.contains(c)) return true;
  return false;
}

// effectsNext is effects (the watch kept open) once the page next changes,
// or after ms; at once when it changed after the watch's last answer, so
// that a change between two calls is never waited for.
function effectsNext(id, ms) {
  const w = watches.get(id);
  const answer = () => { fresh(); return JSON.stringify(effects(id, false)); };
  if (!w || w.seen !== changeSeq) return Promise.resolve(answer());
  return nextChange(ms).then(answer);
}
