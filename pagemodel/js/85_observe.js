// ---- what the page does: its mutations, for a settled page and a step's effects ----
// One MutationObserver per model watches the world's document from the
// model's install (at the document's start, where replay and the recorder
// install it), the shadow roots and same-origin frame documents find
// meets, and the shadow roots attached after (attachShadow). It keeps the
// time of the last mutation (quietFor: how long the page has been still)
// and, for each watch a step opened, how many elements were added or
// removed since.
let lastMutation = performance.now();
const watches = new Map();
let watchSeq = 0;
const observed = new WeakSet();
const observer = typeof MutationObserver === "function" ? new MutationObserver((recs) => {
  let n = 0, page = false;
  for (const r of recs) {
    if (r.type !== "childList") { page = page || !ignoredNode(r.target); continue; }
    let own = true;
    for (const x of r.addedNodes) if (!ignoredNode(x)) { own = false; if (x.nodeType === 1) n++; }
    for (const x of r.removedNodes) if (!ignoredNode(x)) { own = false; if (x.nodeType === 1) n++; }
    page = page || !own;
  }
  if (!page) return;
  lastMutation = performance.now();
  if (n) for (const w of watches.values()) w.content += n;
  changed();
}) : null;
// changeWaiters are the calls waiting for the page's next change
// (nextChange): a mutation, an input, a route change wakes them.
// changeSeq counts the changes, so that a caller can tell whether one came
// while it was not waiting (effectsNext).
const changeWaiters = new Set();
let changeSeq = 0;
function changed() {
  changeSeq++;
  for (const wake of changeWaiters) wake();
  changeWaiters.clear();
}
// nextChange resolves at the page's next change, or after ms.
function nextChange(ms) {
  return new Promise((resolve) => {
    const wake = () => { clearTimeout(t); changeWaiters.delete(wake); resolve(); };
    const t = setTimeout(wake, ms);
    changeWaiters.add(wake);
  });
}
// ignoredNode: the recorder's own elements (UI: its toolbar, its outline)
// are not the page's doing.
function ignoredNode(x) { return x.tagName === UI; }
function observeRoot(root) {
  if (!observer || !root || observed.has(root)) return;
  observed.add(root);
  try { observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true }); } catch (e) {}
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
function chainreplayActivity() { lastActivity = performance.now(); setTimeout(changed, 0); }
const activity = chainreplayActivity;
for (const t of ["pointerdown", "pointerup", "click", "keydown", "keyup", "input", "change", "hashchange", "popstate"]) {
  try { win.addEventListener(t, activity, true); } catch (e) {}
}
try {
  for (const m of ["pushState", "replaceState"]) {
    const orig = win.history[m];
    if (typeof orig === "function" && !orig.__chainreplayObserved) {
      const wrapped = function () { activity(); return orig.apply(this, arguments); };
      wrapped.__chainreplayObserved = true;
      win.history[m] = wrapped;
    }
  }
} catch (e) {}

// quietFor is how long (ms) the world's documents have had no mutation,
// input or route change.
function quietFor() { return performance.now() - Math.max(lastMutation, lastActivity); }

// stateOf is what a step may change of an element itself: checked,
// value, selected, expanded, pressed, open (a label stands for its
// control).
function stateOf(el) {
  if (!el || !el.isConnected) return null;
  if (el.tagName === "LABEL" && el.control) el = el.control;
  const a = (n) => el.getAttribute(n);
  return {
    checked: el.tagName === "INPUT" ? String(el.checked) + (el.indeterminate ? "-" : "") : a("aria-checked") || "",
    value: "value" in el && typeof el.value === "string" ? el.value : "",
    selected: el.tagName === "OPTION" ? String(el.selected) : a("aria-selected") || "",
    expanded: a("aria-expanded") || "",
    pressed: a("aria-pressed") || "",
    open: "open" in el ? String(el.open) : "",
  };
}

// openDialogs are the dialogs shown now: open <dialog>s and visible
// elements with a dialog role, in the world's documents.
function openDialogs() {
  const out = new Set();
  for (const s of scopesOf(win.document, true).scopes) {
    for (const d of s.querySelectorAll("dialog[open], [role=dialog], [role=alertdialog], [aria-modal=true]")) {
      if (visibleEl(d)) out.add(d);
    }
  }
  return out;
}

// watch opens a watch on what happens after now: the element's state, the
// open dialogs, and (counted by the observer) elements added or removed.
// It returns the watch's number.
function watch(el) {
  for (const s of scopesOf(win.document, true).scopes) observeRoot(s);
  const id = ++watchSeq;
  watches.set(id, { el: el, state: stateOf(el), dialogs: openDialogs(), content: 0, url: String(win.location.href), seen: changeSeq });
  if (watches.size > 64) watches.delete(watches.keys().next().value);
  return id;
}

// effects is what happened since watch id opened: the state properties
// of its element that changed, elements added or removed (content),
// dialogs opened or closed, a changed URL.
function effects(id, close) {
  const w = watches.get(id);
  if (!w) return null;
  if (close) watches.delete(id);
  w.seen = changeSeq;
  const out = { state: [], content: w.content, dialog: "", url: String(win.location.href) !== w.url };
  const now = stateOf(w.el);
  if (w.state && now) for (const k of Object.keys(now)) if (now[k] !== w.state[k]) out.state.push(k);
  const d = openDialogs();
  for (const x of d) if (!w.dialogs.has(x)) { out.dialog = "opened"; break; }
  if (!out.dialog) for (const x of w.dialogs) if (!d.has(x)) { out.dialog = "closed"; break; }
  return out;
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
