// ---- the selectors of Chrome's recorder, as Puppeteer reads them ----
// matchInHosts answers a query with hosts (q.hs): the parts of a
// multi-part selector before its last. The first part is found in the
// scopes (a CSS, id or test id part in the document only, as
// document.querySelectorAll finds it); each next part, and then q itself, inside the shadow root of
// a match of the part before, or among its descendants when it has none.
// There a CSS part is looked for in that root only (querySelectorAll); an
// aria (role), label or text part also in the shadow roots below it, as
// the accessibility tree and Puppeteer's text query reach them.
function matchInHosts(q, sc) {
  let roots = null;
  for (const h of q.hs) {
    const els = partIn(h, roots, sc).els;
    if (els.length === 0) return { els: [], tier: 0 };
    roots = Array.from(new Set(els.map((e) => shadowOf(e) || e)));
  }
  const last = Object.assign({}, q);
  delete last.hs;
  return partIn(last, roots, sc);
}
function partIn(q, roots, sc) {
  if (roots === null) return matchOne(q, q.t === "css" || q.t === "attr" ? { scopes: [sc.scopes[0]], hosts: [], far: [] } : sc);
  if (q.t === "xpath") {
    const out = [];
    for (const r of roots) {
      const doc = r.ownerDocument || r;
      const res = doc.evaluate(q.v, r, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
      for (let i = 0; i < res.snapshotLength; i++) { const n = res.snapshotItem(i); if (n.nodeType === 1 && out.indexOf(n) < 0) out.push(n); }
    }
    return { els: out, tier: 0 };
  }
  let scopes = roots;
  if (q.t !== "css" && q.t !== "attr") {
    scopes = [];
    for (const r of roots) for (const s of scopesOf(r, false).scopes) if (scopes.indexOf(s) < 0) scopes.push(s);
  }
  const r = matchOne(q, { scopes: scopes, hosts: [], far: [] });
  r.els = Array.from(new Set(r.els));
  return r;
}

// frameByIndex is the frame element a frame path entry "frames[N]" names
// in document d: the one whose window is d's N-th child frame
// (window.frames[N], the frame tree's order, which Chrome's recorder
// counts in), or null when d has no such frame. It is undefined for an
// entry that is a CSS selector.
const FRAME_INDEX = /^frames\[(\d{1,4})\]$/;
function frameByIndex(d, entry) {
  const m = FRAME_INDEX.exec(entry);
  if (!m) return undefined;
  const w = d.defaultView;
  const n = +m[1];
  if (!w || n >= w.frames.length) return null;
  const target = w.frames[n];
  for (const s of scopesOf(d, false).scopes) {
    for (const f of s.querySelectorAll("iframe,frame")) if (f.contentWindow === target) return f;
  }
  return null;
}
