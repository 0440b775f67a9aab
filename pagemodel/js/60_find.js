// ---- element references ----
// Go names an element by its number in this world's registry: the same
// element keeps its number for the life of the world (the document), so
// that two strategies that find one element give one number.
const REG_IDS = new WeakMap();
let REG = [];
function ref(el) {
  let i = REG_IDS.get(el);
  if (i === undefined) {
    i = REG.length;
    REG.push(el);
    REG_IDS.set(el, i);
  }
  return i;
}
function deref(i) { return REG[i] || null; }

// ---- tree scopes ----
// scopesOf lists the tree scopes under root in tree order: root itself,
// then every shadow root page script can reach (open, or closed and kept
// in its document's map, closedMapOf) in place, and, when frames is set, the documents of
// same-origin frames in place. It also lists what page script cannot
// reach: custom elements without a reachable shadow root (they may hold a
// closed one: DevTools is asked) and, with frames, cross-origin frames.
function scopesOf(root, frames) {
  const scopes = [], hosts = [], far = [];
  (function visit(r) {
    scopes.push(r);
    if (r !== root) observeRoot(r);
    const all = r.querySelectorAll("*");
    for (let i = 0; i < all.length; i++) {
      const e = all[i];
      if (e.tagName === UI) continue;
      const sr = shadowOf(e);
      if (sr) visit(sr);
      else if (e.tagName.indexOf("-") > 0) hosts.push(e);
      if (frames && (e.tagName === "IFRAME" || e.tagName === "FRAME")) {
        let d = null;
        try { d = e.contentDocument; } catch (x) { d = null; }
        if (d && d.documentElement) visit(d);
        else far.push(e);
      }
    }
  })(root);
  return { scopes, hosts, far };
}

// ---- comparing names ----
// Names, labels and texts are compared as people read them: equal, else
// equal once white space runs are collapsed (names computed here already
// are), else equal ignoring case, else equal ignoring white space
// altogether (Chromium puts a space between block-level children: "Express"
// and "2-3 days" in two divs read "Express 2-3 days"). A query takes the
// first of these tiers at which anything matches; the report says when it
// was not the first. A value looked for inside a longer text ("contains")
// is held anywhere at the first two tiers, as Puppeteer's text selectors
// hold it; once case or spacing is forgiven, only as whole words
// (holdsWords): "Ok" is not in "Book Now!".
const TIERS = ["exact", "whitespace", "case", "spacing"];
function unspace(s) { return s.replace(/\s+/g, ""); }
function wantOf(v, contains) {
  const n = collapse(v);
  return { v: v, n: n, l: n.toLowerCase(), u: unspace(n).toLowerCase(), c: !!contains };
}
function tierOf(have, w) {
  if (!w.c) {
    if (have === w.v) return 0;
    const n = collapse(have);
    if (n === w.n) return 1;
    const l = n.toLowerCase();
    if (l === w.l) return 2;
    if (unspace(l) === w.u) return 3;
    return 4;
  }
  if (have.indexOf(w.v) >= 0) return 0;
  const n = collapse(have);
  if (n.indexOf(w.n) >= 0) return 1;
  const l = n.toLowerCase();
  // A value of MAXITEM characters or more was cut there (an item's
  // words): its end may fall inside a word.
  const cut = w.n.length >= MAXITEM;
  if (holdsWords(l, w.l, false, cut)) return 2;
  if (holdsWords(l, w.u, true, cut)) return 3;
  return 4;
}

// holdsWords reports whether s holds v where neither end of v cuts a word
// of s in two (with cut, v's start only); loose, with the white space of s
// left out (v has none). A word is a run of letters, marks and digits of a
// script that spaces its words: in Chinese or Japanese any place is a
// word's end.
function holdsWords(s, v, loose, cut) {
  if (!v) return true;
  let t = s, pos = null;
  if (loose) {
    if (unspace(s).indexOf(v) < 0) return false;
    t = ""; pos = [];
    for (let i = 0; i < s.length; i++) if (!/\s/.test(s[i])) { t += s[i]; pos.push(i); }
  }
  for (let i = t.indexOf(v); i >= 0; i = t.indexOf(v, i + 1)) {
    const a = pos ? pos[i] : i, b = pos ? pos[i + v.length - 1] + 1 : i + v.length;
    if (wordChar(v[0]) && wordChar(s[a - 1])) continue;
    if (!cut && wordChar(v[v.length - 1]) && wordChar(s[b])) continue;
    return true;
  }
  return false;
}
const WORDCHAR = /[\p{L}\p{M}\p{N}]/u;
const UNSPACED = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]/u;
function wordChar(c) { return c !== undefined && WORDCHAR.test(c) && !UNSPACED.test(c); }

// ---- queries ----
// A query q names elements by one strategy:
//   {t: "attr", a: [attributes], v}  an attribute equal to v (test id, id, name, placeholder)
//   {t: "css", v}                    a CSS selector, in every tree scope
//   {t: "xpath", v}                  an XPath, in every document
//   {t: "role", r, v, hn}            role r ("" any) named v (any name unless hn)
//   {t: "label", v}                  labelled v (labelOf) or aria-label v
//   {t: "text", v, m, tag}           whose text is v (m "contains": holds v); of
//                                    nested matches, one per chain (innermost,
//                                    of the tag when given)
//   {t: "kind", v}                   of the kind v (kindOf)
//   q.w (any type)                   only inside an element q.w matches
//   q.it (a role query of images)    names the item each image is in (repeatedUp)
//   q.it (a text query)              names an item (itemFor); with m "contains",
//                                    one that reads v whole (holdsWhole), and
//                                    each of q.al whole too, and half of q.bs
//                                    (it, or with q.ln a part of its line)
//   q.ln (any type)                  the parts of the line of each element
//                                    it matches instead (lineParts)
//   q.un (any type)                  the rows under each element it matches
//                                    in a tree drawn flat instead (rowsUnder)
//   q.only (any type)                only elements of that tag
//   q.hs (any type)                  inside the shadow roots of hosts (65_chrome.js)
// matchAll returns the elements q matches under the scopes, in tree order,
// and the tier (TIERS) of the comparison.
function matchAll(q, sc) {
  const r = q.hs ? matchInHosts(q, sc) : matchOne(q, sc);
  // An image named as an item (q.it) stands for the item it is in: a
  // card named by its picture alone.
  if (q.it && q.t !== "text") r.els = [...new Set(r.els.map((e) => repeatedUp(upEl(e) || e, "")).filter(repeats))];
  if (q.ln) {
    r.els = [...new Set(r.els.flatMap(lineParts))];
    sortTree(r.els, sc);
  }
  if (q.un) r.els = [...new Set(r.els.flatMap(rowsUnder))];
  if (q.only && q.t !== "text") r.els = r.els.filter((e) => e.localName === q.only);
  if (!q.w) return r;
  const cs = matchAll(q.w, sc).els;
  r.els = cs.length ? r.els.filter((e) => cs.some((c) => c !== e && containsFlat(c, e))) : [];
  return r;
}
function matchOne(q, sc) {
  switch (q.t) {
    case "attr": {
      const out = [];
      for (const s of sc.scopes) for (const a of q.a) {
        for (const e of s.querySelectorAll("[" + CSS.escape(a) + "]")) if (e.getAttribute(a) === q.v && out.indexOf(e) < 0) out.push(e);
      }
      if (q.a.length > 1 || sc.scopes.length > 1) sortTree(out, sc);
      return { els: out, tier: 0 };
    }
    case "css": {
      const out = [];
      for (const s of sc.scopes) for (const e of s.querySelectorAll(q.v)) out.push(e);
      return { els: out, tier: 0 };
    }
    case "xpath": {
      const out = [];
      for (const s of sc.scopes) {
        if (s.nodeType !== 9) continue;
        const r = s.evaluate(q.v, s, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
        for (let i = 0; i < r.snapshotLength; i++) { const n = r.snapshotItem(i); if (n.nodeType === 1) out.push(n); }
      }
      return { els: out, tier: 0 };
    }
    case "kind": {
      const out = [];
      eachElement(sc, (e) => { if (kindOf(e) === q.v) out.push(e); });
      return { els: out, tier: 0 };
    }
    case "role": return byTier(sc, q.hn ? wantOf(q.v, false) : null, (e, w) => {
      const tag = e.tagName;
      if (tag === "OPTION" && closedOption(e)) return 4;
      const r = roleOf(e, tag, e.hasAttributes());
      if (q.r ? r !== q.r : !r && !hasOwnName(e)) return 4;
      if (!w) return 0;
      return tierOf(accName(e, labelsOf(e), r, e.hasAttributes()), w);
    });
    case "label": return byTier(sc, wantOf(q.v, false), (e, w) => {
      const t1 = LABELABLE.has(e.tagName) || e.hasAttribute("aria-labelledby") ? tierOf(labelOf(e), w) : 4;
      const al = e.getAttribute("aria-label");
      const t2 = al ? tierOf(al, w) : 4;
      return Math.min(t1, t2);
    }, "input,select,textarea,button,meter,output,progress,[aria-label],[aria-labelledby]");
    case "text": return byText(q, sc);
  }
  throw new Error("unknown query type " + q.t);
}

// eachElement calls f on every element of the scopes, in tree order
// within each scope.
function eachElement(sc, f, sel) {
  for (const s of sc.scopes) {
    const all = s.querySelectorAll(sel || "*");
    for (let i = 0; i < all.length; i++) f(all[i]);
  }
}

// byTier keeps the elements whose tier (rank(e, want)) is the best found.
// Names that differ only in white space or case read alike (case is often
// style: text-transform shows "Close" as "CLOSE"), so the first three
// tiers find one set together, named by the best tier in it: "Close
// project" does not find the one element so written while another shows
// "CLOSE PROJECT"; it finds both, for the step to tell apart or refuse.
function byTier(sc, w, rank, sel) {
  const group = (t) => (t <= 2 ? 0 : t);
  let best = 4, out = [];
  eachElement(sc, (e) => {
    if (SKIP.has(e.tagName)) return;
    const t = rank(e, w);
    if (t === 4 || group(t) > group(best)) return;
    if (group(t) < group(best)) out = [];
    best = Math.min(best, t);
    out.push(e);
  }, sel);
  return { els: best < 4 ? out : [], tier: best < 4 ? best : 0 };
}

// closedOption reports whether option o is one of a closed drop-down
// <select>'s: no element a pointer reaches (the select is chosen from, a
// select step), so no match of a role or text query. A component that
// draws its own list over a hidden <select> (select2, tom-select) keeps
// the select's options: its own items are the ones a person clicks.
function closedOption(o) {
  const s = o.closest("select");
  if (!s || s.multiple || s.size > 1) return false;
  try { if (s.matches(":open")) return false; } catch (e) { /* no :open: a closed picker */ }
  return true;
}

// byText finds the elements whose visible text is (or holds) q.v. The
// candidates are the ancestors of the text nodes that hold the value's
// longest word (case aside), up to where their text is too long to match;
// when none matches (a value that runs across elements without white
// space, "CoffeeBrewingCups"), every element whose textContent holds the
// value, white space and case aside, top down.
function byText(q, sc) {
  const w = wantOf(q.v, q.m === "contains");
  if (!w.n) return { els: [], tier: 0 };
  const wl = longestWord(w);
  const room = w.c ? MAXTEXT * 50 : w.n.length * 2 + 40;
  const seen = new Set(), cands = [];
  for (const s of sc.scopes) {
    const tw = (s.ownerDocument || s).createTreeWalker(s, 4);
    for (let t = tw.nextNode(); t; t = tw.nextNode()) {
      const d = t.data;
      if (d.length < wl.length || d.toLowerCase().indexOf(wl) < 0) continue;
      if (t.parentElement && t.parentElement.tagName === "OPTION" && closedOption(t.parentElement)) continue;
      for (let e = t.parentElement || (t.parentNode && t.parentNode.host) || null; e; e = upEl(e)) {
        if (SKIP.has(e.tagName) || e.tagName === "HTML" || e.tagName === "BODY") break;
        if (seen.has(e)) break;
        seen.add(e);
        const tx = textOf(e, room);
        if (!w.c && tx.length >= room) break;
        cands.push(e);
      }
    }
  }
  let r = bestOfText(cands, w, room);
  if (r.els.length === 0) {
    const more = [];
    const visit = (e) => {
      if (SKIP.has(e.tagName)) return;
      const tc = e.textContent;
      if (tc.length >= w.u.length && unspace(tc).toLowerCase().indexOf(w.u) >= 0) {
        if (e.tagName !== "HTML" && e.tagName !== "BODY" && !seen.has(e)) more.push(e);
        for (let c = e.firstElementChild; c; c = c.nextElementSibling) visit(c);
      }
      const sr = shadowOf(e);
      if (sr) for (let c = sr.firstElementChild; c; c = c.nextElementSibling) visit(c);
    };
    for (const s of sc.scopes) if (s.nodeType === 9 && s.documentElement) visit(s.documentElement);
    r = bestOfText(more, w, room);
  }
  if (q.only) r.els = r.els.filter((e) => e.localName === q.only);
  if (r.els.length === 0) return r;
  sortTree(r.els, sc);
  const tag = (q.tag || q.only || "").toUpperCase();
  r.els = innermostOfChains(r.els, tag, !!q.it);
  if (q.it) {
    // An item holds its words as the whole text of one of its parts (its
    // title, its heading, itself): that is how the recorder named it. An
    // item whose text only holds them inside longer words ("Pay the rent
    // later" where "Pay the rent" was removed) is another item.
    const whole = w.c ? wantOf(q.v, false) : null;
    // The texts that named it better, shared then with another item,
    // it holds too (q.al).
    const wants = (ts) => (ts || []).map((t) => { const a = wantOf(t, false); return [a, longestWord(a)]; });
    const also = wants(q.al);
    // An item that holds fewer than half of the other texts it held
    // beside these (q.bs: its e-mail, its city, its role) is another item
    // of the same name.
    const beside = wants(q.bs);
    const out = [];
    for (const e of r.els) {
      if (whole && !holdsWhole(e, whole, wl)) continue;
      let i = itemFor(e, tag);
      // An element of text alone that reads the words alone is the
      // item's title, not the item (a card's header <div>): the item is
      // the one of its ancestors that repeats. (One that holds its
      // toggle is an item reduced to it: a closed section; a heading
      // names the section it heads, as the recorder names one.)
      if (i === e && !e.querySelector(CONTROLS_IN + ", h1, h2, h3, h4, h5, h6, [role=heading]") &&
          collapse(textOf(e, room)).toLowerCase() === collapse(q.v).toLowerCase()) i = repeatedUp(e, tag);
      // The parts of the item's line (read once, when needed): for a
      // query of the line (q.ln), its cells or the rows drawn beside it
      // (lineParts), which hold its texts too; else the rows drawn beside
      // it, which hold its beside texts too (lineBeside).
      let line = null;
      const inLine = (a, aw) => (line || (line = q.ln ? lineParts(i) : lineMates(i))).some((x) => holdsWhole(x, a, aw));
      if (also.some(([a, aw]) => !holdsWhole(i, a, aw) && !(q.ln && inLine(a, aw)))) continue;
      // Half of them at least: a namesake that shares one of three by
      // chance (the same role) is another person.
      if (beside.length && beside.filter(([a, aw]) => holdsWhole(i, a, aw) || inLine(a, aw)).length * 2 < beside.length) continue;
      if (out.indexOf(i) < 0) out.push(i);
    }
    r.els = out;
  }
  return r;
}

// longestWord is w's longest word, lower case.
function longestWord(w) {
  let word = "";
  for (const x of w.n.split(" ")) if (x.length > word.length) word = x;
  return word.toLowerCase();
}

// holdsWhole reports whether e, or an element inside it (through shadow
// roots), reads w whole (a tierOf match): as its whole text, or as its
// own words, the text of its text nodes and inline children other than
// controls and blocks ("Pay the rent" in <li>Pay <b>the</b> rent
// <button>Delete</button></li>, not in <li>Pay the rent <b>later</b>…).
// A value of MAXITEM characters or more was cut there: a text that
// begins with it reads it. word, lower case, is one of w's words: only
// the elements whose text content holds it (and shadow hosts, whose
// shadow trees their text content leaves out) are read.
function holdsWhole(e, w, word) {
  const cut = w.n.length >= MAXITEM;
  const room = cut ? w.n.length : w.n.length * 2 + 40;
  const whole = (x) => {
    if (tierOf(textOf(x, room), w) < 4) return true;
    if (!ownText(x)) return false;
    let s = "";
    for (let c = x.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) s += c.data;
      else if (c.nodeType === 1 && !SKIP.has(c.tagName) && !BLOCK.has(c.tagName) && !interactiveEl(c)) s += textOf(c, room);
      else s += " ";
    }
    s = collapse(s);
    return tierOf(cut ? s.slice(0, room) : s, w) < 4;
  };
  if (whole(e)) return true;
  return eachComposed(e, (x) => !SKIP.has(x.tagName) && (shadowOf(x) !== null || x.textContent.toLowerCase().indexOf(word) >= 0) && whole(x));
}

// repeatedUp is the item e is part of: e, or the nearest ancestor of tag
// (a few levels up) that repeats among its siblings, where e does not (a
// card's title <div>, inside the card <div> that is one of a list's
// cards); e where none does.
function repeatedUp(e, tag) {
  let up = 0;
  for (let x = e; x && up < 6; x = upEl(x), up++) {
    if (x.tagName === "BODY" || x.tagName === "HTML") break;
    if ((!tag || x.tagName === tag) && repeats(x)) return x;
  }
  return e;
}

// itemFor is the item a text names by e, the innermost element of the
// item's tag holding the text: e, unless e only wraps the item's toggle
// (isToggle: a <span> a redesign put around the button that opens an
// operation) and is no item reduced to its toggle (togglesAlike); then
// the nearest ancestor of the tag that is an item of a group whose items
// hold toggles, past ancestors of the tag that hold the toggle's words
// alone, and short of any that holds another toggle with words. Where an
// ancestor holds more and is no such item (a lone item reduced to its
// toggle, a page's root), or holds other items' toggles (a group whose
// items' classes changed with their state), the item cannot be told from
// its surroundings: e.
function itemFor(e, tag) {
  const k = e.children;
  const t = collapse(e.textContent);
  if (k.length !== 1 || !isToggle(k[0]) || t !== collapse(k[0].textContent) || togglesAlike(e)) return e;
  let up = 0;
  for (let x = upEl(e); x && up < 6; x = upEl(x), up++) {
    if (x.tagName === "BODY" || x.tagName === "HTML") break;
    // An ancestor that holds another toggle with words holds other
    // items (a group whose items' classes changed with their state).
    if (textToggleIn(x, k[0])) break;
    if (tag && x.tagName !== tag) continue;
    if (togglesAlike(x)) return x;
    if (collapse(x.textContent) !== t) break;
  }
  return e;
}

// textToggleIn reports whether x holds a toggle with words (isToggle)
// other than but.
function textToggleIn(x, but) {
  for (const o of x.querySelectorAll(TOGGLES)) if (o !== but && isToggle(o) && collapse(o.textContent)) return true;
  return false;
}

// togglesAlike reports whether e has a sibling alike it that holds a
// toggle with words too: e is then an item reduced to its toggle (a
// collapsed accordion item), not a wrapper among wrappers of other
// controls (an icon that expands the same item, a copy button).
function togglesAlike(e) {
  const p = e.parentElement;
  if (!p) return false;
  for (let s = p.firstElementChild; s; s = s.nextElementSibling) if (s !== e && alike(s, e) && textToggleIn(s, null)) return true;
  return false;
}

// TOGGLES selects the elements that may be toggles (isToggle).
const TOGGLES = "[aria-expanded], summary";

// isToggle reports whether b opens and closes a part of the page it
// names (aria-expanded, a <summary>), not a list of choices (a menu
// button, a combobox: their words are the value chosen).
function isToggle(b) {
  return b.matches(TOGGLES) && !b.hasAttribute("aria-haspopup") &&
    !b.matches(".dropdown-toggle, [data-bs-toggle=dropdown], [data-toggle=dropdown]") &&
    !/^(combobox|listbox|menu|menuitem|option|tab)$/.test(b.getAttribute("role") || "");
}

// bestOfText keeps the candidates whose text matches w at the best tier.
function bestOfText(cands, w, room) {
  let best = 4, out = [];
  for (const e of cands) {
    const t = tierOf(textOf(e, room), w);
    if (t > best) continue;
    if (t < best) { best = t; out = []; }
    out.push(e);
  }
  return best === 4 ? { els: [], tier: 0 } : { els: out, tier: best };
}

// innermostOfChains keeps one element of each chain of nested matches (a
// wrapper and its child with the same text): the one of the recorded tag,
// else, for a query naming an item (items), the innermost that is no
// table or grid cell (isCell), else the innermost interactive one, else
// the innermost. A match that
// holds several chains (a form around two links that read "Login", each
// matched by a text that holds "Login") belongs to none of them.
function innermostOfChains(els, tag, items) {
  const inSet = new Set(els), outer = new Set();
  for (const e of els) for (let p = upEl(e); p; p = upEl(p)) if (inSet.has(p)) outer.add(p);
  const leaves = els.filter((e) => !outer.has(e));
  const held = new Map(); // matched ancestor -> how many leaves it holds
  for (const l of leaves) for (let p = upEl(l); p; p = upEl(p)) if (inSet.has(p)) held.set(p, (held.get(p) || 0) + 1);
  const out = [];
  for (const l of leaves) {
    let best = l;
    for (let p = upEl(l); p; p = upEl(p)) {
      if (!inSet.has(p)) continue;
      if (held.get(p) > 1) break; // holds other matches too: not of this chain
      if (betterOfChain(p, best, tag, items)) best = p;
    }
    out.push(best);
  }
  return out;
}
function betterOfChain(a, b, tag, items) {
  if (tag && (a.tagName === tag) !== (b.tagName === tag)) return a.tagName === tag;
  // A query naming an item takes, of a row and its name cell (both
  // <div>s in a grid), the row: a cell is part of an item, never one.
  if (items) { const ca = isCell(a), cb = isCell(b); if (ca !== cb) return cb; }
  const ia = interactiveEl(a), ib = interactiveEl(b);
  if (ia !== ib) return ia;
  return containsFlat(b, a); // deeper wins
}
function interactiveEl(e) {
  switch (e.tagName) {
    case "A": case "BUTTON": case "INPUT": case "SELECT": case "TEXTAREA": case "LABEL": case "SUMMARY": case "OPTION": return true;
  }
  return e.hasAttribute("onclick") || e.hasAttribute("role") || e.hasAttribute("tabindex");
}
function containsFlat(a, b) {
  for (let e = b; e; e = upEl(e)) if (e === a) return true;
  return false;
}

// sortTree puts els in the order a walk of the scopes meets them: scope by
// scope, tree order within one.
function sortTree(els, sc) {
  if (els.length < 2) return;
  const si = new Map(sc.scopes.map((s, i) => [s, i]));
  els.sort((a, b) => {
    const ra = si.get(a.getRootNode()) || 0, rb = si.get(b.getRootNode()) || 0;
    if (ra !== rb) return ra - rb;
    const p = a.compareDocumentPosition(b);
    return p & 4 ? -1 : p & 2 ? 1 : 0;
  });
}

// kindOf is an element's kind: its tag, input type and role attribute.
function kindOf(e) {
  return e.localName + "|" + (e.localName === "input" ? (e.getAttribute("type") || "text").toLowerCase() : (e.getAttribute("type") || "").toLowerCase()) +
    "|" + (e.getAttribute("role") || "").trim().toLowerCase();
}

// find runs the queries qs under root (a document or a shadow root). o:
// frames (also search same-origin frames, and list cross-origin ones),
// lim (matches returned per query, 25 when 0), nth (per query, the
// 1-based match to return as well when it lies beyond lim), testIds (the
// test id attributes, for descriptions). Each query's answer: n (how many
// matched), ids (the first lim and the nth, as references), tier, or err.
// els describes every element returned (brief). hosts and far reference
// the custom elements and cross-origin frames page script could not look
// into.
function find(root, qs, o) {
  const sc = scopesOf(root, !!o.frames);
  const lim = o.lim || 25;
  const out = { q: [], els: {}, hosts: sc.hosts.map(ref), far: sc.far.map((f) => farFrame(f)) };
  for (let i = 0; i < qs.length; i++) {
    const q = qs[i];
    let r;
    try { r = matchAll(q, sc); } catch (x) { out.q.push({ n: 0, ids: [], err: String(x && x.message || x) }); continue; }
    const ids = [];
    for (let k = 0; k < r.els.length && k < lim; k++) ids.push(ref(r.els[k]));
    const nth = o.nth && o.nth[i];
    if (nth > lim && nth <= r.els.length) ids.push(ref(r.els[nth - 1]));
    for (const id of ids) if (!(id in out.els)) out.els[id] = brief(REG[id], o);
    out.q.push({ n: r.els.length, ids: ids, tier: r.tier });
  }
  return out;
}

// farFrame describes a frame page script cannot enter: its reference,
// frame path and where its content starts in the world's top viewport.
function farFrame(f) {
  const off = frameOffset(f);
  const r = f.getBoundingClientRect();
  const cs = (f.ownerDocument.defaultView || win).getComputedStyle(f);
  const x = off[0] + r.left + f.clientLeft + parseFloat(cs.paddingLeft || "0");
  const y = off[1] + r.top + f.clientTop + parseFloat(cs.paddingTop || "0");
  const cw = f.clientWidth - parseFloat(cs.paddingLeft || "0") - parseFloat(cs.paddingRight || "0");
  const ch = f.clientHeight - parseFloat(cs.paddingTop || "0") - parseFloat(cs.paddingBottom || "0");
  const c = off[2];
  return { k: ref(f), fp: framePathOf(f).concat([selectorOf(f)]), x: x, y: y,
    clip: [Math.max(c[0], x), Math.max(c[1], y), Math.min(c[2], x + cw), Math.min(c[3], y + ch)], vis: visibleEl(f) };
}

// frameDoc follows a frame path (a selector per iframe, each searched in
// every tree scope of its document) from doc: the document it leads to,
// or, where a frame cannot be entered, that frame and the rest of the
// path, or null when a selector finds nothing.
function frameDoc(doc, path) {
  let d = doc;
  for (let i = 0; i < path.length; i++) {
    let f = frameByIndex(d, path[i]);
    if (f === undefined) for (const s of scopesOf(d, false).scopes) { f = s.querySelector(path[i]); if (f) break; }
    if (!f || (f.tagName !== "IFRAME" && f.tagName !== "FRAME")) return null;
    let cd = null;
    try { cd = f.contentDocument; } catch (x) { cd = null; }
    if (!cd || !cd.documentElement) return { far: farFrame(f), rest: path.slice(i + 1) };
    d = cd;
  }
  return { doc: d };
}

// slottedAt is the slot that shows the text of host's own at (x, y) of
// its document's viewport (a button component's label, slotted into the
// button inside it), or null: both elementFromPoint and DevTools hit such
// text as the host, while the pointer there is on the slot's button.
function slottedAt(host, x, y) {
  for (const n of host.childNodes) {
    if (n.nodeType !== 3 || !n.assignedSlot || !n.data.trim()) continue;
    const rg = (host.ownerDocument || win.document).createRange();
    rg.selectNodeContents(n);
    for (const q of rg.getClientRects()) if (x >= q.left && x < q.right && y >= q.top && y < q.bottom) return n.assignedSlot;
  }
  return null;
}

// throughShadows is the element at (x, y) of el's document's viewport
// inside el's shadow roots (open and closed), el hit there: each root's
// own hit, or the slot that shows text of its host's own (slottedAt: in
// an open root; a closed root's slot is not told to its host's text); el
// itself where nothing inside is.
function throughShadows(el, x, y) {
  for (let sr = shadowOf(el); sr && sr.elementFromPoint;) {
    let inner = sr.elementFromPoint(x, y);
    if (!inner || inner === el) inner = slottedAt(el, x, y);
    if (!inner) break;
    el = inner;
    sr = shadowOf(el);
  }
  return el;
}

// at is the element at (x, y) of the world's top viewport, through shadow
// roots (and the slots that show text of a host's own: slottedAt) and
// same-origin frames: its reference and description, or the cross-origin
// frame there ({far}), or null.
function at(doc, x, y, o) {
  let d = doc, ox = 0, oy = 0;
  for (let depth = 0; depth < 32; depth++) {
    let el = d.elementFromPoint(x - ox, y - oy);
    if (!el || el.tagName === UI) return null;
    el = throughShadows(el, x - ox, y - oy);
    if (el.tagName !== "IFRAME" && el.tagName !== "FRAME") { el = preferred(el, o); return { k: ref(el), el: brief(el, o) }; }
    let cd = null;
    try { cd = el.contentDocument; } catch (e) { cd = null; }
    if (!cd || !cd.documentElement) return { far: farFrame(el) };
    const r = el.getBoundingClientRect();
    const cs = (el.ownerDocument.defaultView || win).getComputedStyle(el);
    ox += r.left + el.clientLeft + parseFloat(cs.paddingLeft || "0");
    oy += r.top + el.clientTop + parseFloat(cs.paddingTop || "0");
    d = cd;
  }
  return null;
}
