// ---- repeated items: the container an element repeats in, and what shows it ----

// ROWS are the tags of items that repeat in a list, a table or a menu.
const ROWS = new Set(["LI", "TR", "ARTICLE", "DD", "DT", "OPTION", "SUMMARY", "DETAILS"]);
const ROW_ROLES = /^(row|listitem|option|treeitem|article|menuitem|tab)$/;
// CELLS are a table's or a grid's cells (tag|role).
const CELLS = /^(TD|TH)\||\|(cell|gridcell|columnheader|rowheader)$/;

// isCell reports whether e is a table's or a grid's cell (CELLS).
function isCell(e) { return CELLS.test(e.tagName + "|" + (e.getAttribute("role") || "")); }

// columnHeader reports whether e heads a column: role columnheader, or a
// <th> of a table's head.
function columnHeader(e) {
  const r = e.getAttribute("role");
  return r === "columnheader" || (!r && e.tagName === "TH" && !!e.closest("thead"));
}

// alike reports whether b is an item of the same kind as a: same tag and
// role, and for elements that are not list or table items, the same first
// class; elements without a class (a framework's <span> around each
// item), the same structure: first children alike by tag and class. A
// table's or a grid's cells are parts of their row, never items: a
// row's "Promote" is named by its row ("Grace Park"), not by its cell.
// Column headers are items of the header row: a column inserted before
// one moves it.
function alike(a, b) {
  if (a.tagName !== b.tagName || (a.getAttribute("role") || "") !== (b.getAttribute("role") || "")) return false;
  if (isCell(a) && !columnHeader(a)) return false;
  if (ROWS.has(a.tagName) || ROW_ROLES.test(a.getAttribute("role") || "")) return true;
  const ca = a.classList[0], cb = b.classList[0];
  // Instances of one custom element (two <sl-select>s) are alike.
  if (!ca && !cb && a.localName.indexOf("-") > 0) return true;
  if (!ca && !cb) {
    const fa = a.firstElementChild, fb = b.firstElementChild;
    return !!fa && !!fb && fa.tagName === fb.tagName && !!fa.classList[0] && fa.classList[0] === fb.classList[0];
  }
  return !!ca && ca === cb;
}

// MAXOTHERS is how many counterparts' names othersOf gives at most, of
// the OTHERSEEN sibling items nearest the target's that it reads (a table
// of thousands of rows is not read whole).
const MAXOTHERS = 24, OTHERSEEN = 60;

// othersOf are the accessible names of el's counterparts that name one
// of them alone: where el, or the item it is in, repeats among its
// siblings (alike), the element at el's place in each other item (the
// same path of tags and first classes from the item, the same index among
// those it matches), nearest items first, of role; for an el without a
// role (a menu's plain <div> item), the texts of those without one.
// Left out: el's own
// name, a name it differs from in digits alone ("Like (3)", "Item 2":
// counts and numbers change), and a name several counterparts bear (a
// state's label, "Following" on every row, not an identity). An element
// named so when el was recorded is that other one: the operation above a
// removed "DELETE /tasks/{id}", "PUT /tasks/{id}".
function othersOf(el, role, name) {
  const byText = !role;
  if (byText) name = textOf(el, MAXNAME);
  if (!name || (byText && textTruncated)) return [];
  const c = repeating(el, el);
  if (!c) return [];
  const digitless = (t) => t.toLowerCase().replace(/[0-9]+/g, "#");
  const own = digitless(collapse(name)), count = new Map();
  for (const x of twinsOf(c, el)) {
    if (roleOf(x, x.tagName, x.hasAttributes()) !== role) continue;
    const n = collapse(byText ? textOf(x, MAXNAME) : accName(x, labelsOf(x), role, x.hasAttributes()));
    if (byText && textTruncated) continue;
    if (n && n.length <= MAXNAME && digitless(n) !== own) count.set(n, (count.get(n) || 0) + 1);
  }
  const out = [];
  for (const [n, k] of count) if (k === 1 && out.length < MAXOTHERS) out.push(n);
  return out;
}

// twinsOf are the elements at el's place in the items alike c, el's item
// (the same path of tags and first classes from the item, the same index
// among those it matches), of the OTHERSEEN such items nearest c, nearest
// first: what slides into a removed item's place is next to it.
function twinsOf(c, el) {
  const rel = pathFrom(c, el);
  // An el in the item's own shadow tree (a tree item component drawing
  // its row there) is found from the shadow root of each item.
  const own = el.getRootNode() !== c.getRootNode() && el.getRootNode().host === c;
  const from = (x) => (own ? shadowOf(x) : x);
  let at = 0;
  try { at = rel ? pathMatches(from(c), rel).indexOf(el) : 0; } catch (e) { return []; }
  if (at < 0) return [];
  const out = [];
  let seen = 0;
  const look = (s) => {
    if (!alike(s, c)) return;
    seen++;
    let x = s;
    try { x = rel ? pathMatches(from(s), rel)[at] : s; } catch (e) { x = null; }
    if (x) out.push(x);
  };
  let prev = c.previousElementSibling, next = c.nextElementSibling;
  while ((prev || next) && seen < OTHERSEEN) {
    if (next) { look(next); next = next.nextElementSibling; }
    if (prev && seen < OTHERSEEN) { look(prev); prev = prev.previousElementSibling; }
  }
  return out;
}

// itemOf is the nearest ancestor of el (a few levels up) that repeats
// among its siblings (alike), or null: the row, list item or card el is
// one part of.
function itemOf(el) { return repeating(upEl(el), el); }

// repeating is from, or its nearest ancestor (eight levels at most), that
// repeats among its siblings (alike); null when none does below <body>.
// Given el (inside from), a wrapper that holds no words but el's is
// passed over.
function repeating(from, el) {
  let up = 0, wrapper = null;
  const own = el ? collapse(textOf(el, MAXITEM)) : "";
  for (let c = from; c && up < 8; c = upEl(c), up++) {
    if (c.tagName === "BODY" || c.tagName === "HTML") break;
    if (!repeats(c)) continue;
    // A wrapper around el alone (a row's buttons each in a spacing
    // component's item) is no item where items alike repeat further up:
    // nothing in it but el's words names it; the row around the wrappers
    // does. Without such a row (a list whose items hold only their
    // button), the wrapper is the item.
    if (wrapper === null && own !== "" && c !== el && containsFlat(c, el) && collapse(textOf(c, MAXITEM)) === own) {
      wrapper = c;
      continue;
    }
    // The row, where its look-alikes show el's words at el's place (every
    // row's "Send"): the wrapper alone cannot tell el from them. Where
    // they show other words (an API explorer's operations, each in a
    // wrapper of its own, grouped under tags), the wrapper is the item.
    if (wrapper !== null && !twinReads(c, el, own)) return wrapper;
    return c;
  }
  return wrapper;
}
// twinReads reports whether an item alike c holds, at el's place (the
// same path from the item, the same index among its matches), an element
// that reads own. An el in a shadow tree below c stands there by
// its host in c's tree (a row's icon button component): the twin's host
// must read as el's does.
function twinReads(c, el, own) {
  let at = el;
  const top = c.getRootNode();
  while (at && at.getRootNode() !== top) at = at.getRootNode().host || null;
  if (!at) return false;
  if (at !== el) own = collapse(textOf(at, MAXITEM));
  const rel = pathFrom(c, at);
  if (!rel || !c.parentElement) return false;
  // The twin at at's place: the same index among those the path matches
  // (a row's second action component, after its first).
  let i = -1;
  try { i = [...c.querySelectorAll(rel)].indexOf(at); } catch (e) { return false; }
  if (i < 0) return false;
  for (let s = c.parentElement.firstElementChild; s; s = s.nextElementSibling) {
    if (s === c || !alike(s, c)) continue;
    const x = s.querySelectorAll(rel)[i];
    // A twin with fewer of them (a row without its Edit) says nothing.
    if (!x) continue;
    return collapse(textOf(x, MAXITEM)) === own;
  }
  return false;
}

// groupOf is the repeated group of el, or of the item el is part of
// (repeating): {n: how many items alike stand in it, el's own included,
// kind: the items' tag, role and, for items alike by it, first class};
// null when el is in none.
// A count that changed since el was recorded, of items of the same kind,
// says an item was inserted or removed: another may stand at its place.
function groupOf(el) {
  const c = repeating(el, el);
  if (!c) return null;
  let n = 0;
  for (let s = c.parentElement.firstElementChild; s; s = s.nextElementSibling) if (s === c || alike(s, c)) n++;
  // The class only where it makes items alike: a list's rows are rows
  // whatever their state's class.
  const role = c.getAttribute("role"), cls = ROWS.has(c.tagName) || ROW_ROLES.test(role || "") ? "" : c.classList[0];
  return { n: n, kind: c.localName + (role ? "[role=" + role + "]" : "") + (cls ? "." + cls : "") };
}

// repeats reports whether c has a sibling alike it: it is an item of a
// repeated group.
function repeats(c) {
  const p = c.parentElement;
  if (!p) return false;
  for (let s = p.firstElementChild; s; s = s.nextElementSibling) if (s !== c && alike(s, c)) return true;
  return false;
}

// pathFrom is a selector relative to c (":scope > li.row > button.del")
// for el inside it, by each step's tag and first class, to find its twin
// in another item alike c; "" when el is c. An el in a shadow tree below
// c gets the path from its root's top (pathMatches reads it from c's own
// shadow root; it finds nothing from c).
function pathFrom(c, el) {
  const path = [];
  for (let e = el; e && e !== c; e = e.parentElement) {
    const k = e.classList[0];
    path.unshift(e.localName + (k && /^[A-Za-z][\w-]*$/.test(k) ? "." + k : ""));
  }
  return path.length ? ":scope > " + path.join(" > ") : "";
}

// pathMatches are the elements rel (pathFrom's selector) names from
// root: an element, or a shadow root (whose :scope matches nothing: the
// path starts at its children). [] for no root (a closed one unkept).
function pathMatches(root, rel) {
  if (!root) return [];
  if (root.nodeType !== 11) return [...root.querySelectorAll(rel)];
  const steps = rel.replace(/^:scope > /, "").split(" > ");
  let cur = [...root.children].filter((e) => e.matches(steps[0]));
  for (let k = 1; k < steps.length; k++) cur = cur.flatMap((e) => [...e.children].filter((x) => x.matches(steps[k])));
  return cur;
}

const LIVE = "[aria-live]:not([aria-live=off]), [role=status], [role=log], [role=alert], [role=timer], [role=marquee]";
// POPUPS are the lists a widget pops up and changes as it is used.
const POPUPS = "[role=listbox], [role=menu], [role=tooltip]";
// floats reports whether p, or an element between it and c, is taken out
// of the page's flow (positioned absolute or fixed): a popup over the
// page, not a part of c's content.
function floats(p, c) {
  for (let n = p; n && n !== c; n = n.parentElement) {
    const pos = getComputedStyle(n).position;
    if (pos === "absolute" || pos === "fixed") return true;
  }
  return false;
}
// itemTexts are the texts that may name an item c, best first: its
// heading, its own name (aria-label, aria-labelledby), the texts of the
// first few elements in it that carry text of their own, neither hold el
// nor are in it, and are no button, then, when whole, its whole text
// (which holds el's own), and the words of its title toggle; each at most
// MAXITEM characters (a longer text cut there).
function itemTexts(c, el, whole) {
  const out = [];
  // A list a widget in it pops up (a combobox's options, a menu, a
  // tooltip, floating over the page) changes as the flow uses the widget
  // (its options filtered as text is typed): its words name no item. A
  // menu or list box that stands in the item's flow (a sidebar's menu,
  // option cards) is the item's own.
  const popped = (n) => { const p = n.closest(POPUPS); return !!p && p !== c && c.contains(p) && !containsFlat(p, el) && floats(p, c); };
  const add = (t) => { t = collapse(t || ""); if (t && t.length <= MAXITEM && out.indexOf(t) < 0) out.push(t); };
  const h = c.querySelector("h1,h2,h3,h4,h5,h6,[role=heading]");
  if (h && !containsFlat(h, el) && !containsFlat(el, h)) add(textOf(h, MAXITEM));
  add(c.getAttribute("aria-label"));
  if (c.hasAttribute("aria-labelledby")) add(labelledByText(c));
  // The texts of the item's first few parts that say something of their
  // own, el's aside, and the item's buttons' aside: a button says what it
  // does (a star, a Delete the hover shows), the item's own words say
  // which item it is.
  // Shadow trees inside the item are read too (a row component's title
  // in its own shadow root), each before its host's light children.
  let parts = 0;
  eachComposed(c, (n) => {
    if (containsFlat(n, el) || containsFlat(el, n) || SKIP.has(n.tagName)) return false;
    if (n.closest("button, [role=button]")) return false;
    // A live region says what is happening now (a combobox's "Use Up and
    // Down to choose options", a status): its words change, and name no
    // item.
    const live = n.closest(LIVE);
    if (live && live !== c && c.contains(live)) return false;
    if (popped(n)) return false;
    if (ownText(n) && visibleEl(n)) {
      // For an el alone of its name (whole false) a part with a digit is
      // left out: a time, a price, a count change, and its item would be
      // gone.
      const t = textOf(n, MAXITEM);
      if (whole || !/[0-9]/.test(t)) add(t);
      parts++;
    }
    return parts >= 4;
  });
  // The words of the toggle that opens and closes it (isToggle), where
  // they come first in it (its title: an API explorer's operation, its
  // method, path and summary in one button; a <summary>), hold no count
  // or number of their own ("Comments (3)", "Item 2"; "/v1/" is part of a
  // path), and the other items' toggles at its place all read otherwise,
  // and otherwise than each other (two or more of them): a state's words
  // ("Show details" on every closed one) name no item.
  let title = "";
  const ft = firstTextIn(c);
  const tg = ft && [...c.querySelectorAll(TOGGLES)].find((b) => isToggle(b) && visibleEl(b) && containsFlat(b, ft));
  if (tg && !containsFlat(tg, el) && !containsFlat(el, tg)) {
    const t = textOf(tg, MAXITEM);
    if (t && !textTruncated && !/(^|[\s(\[#])\d+(?=$|[\s)\].,:])/.test(t) && distinctAcross(c, tg, t)) title = t;
  }
  if (!whole) add(title);
  else {
    const all = textOf(c, MAXITEM);
    if (!textTruncated && ![...c.querySelectorAll(POPUPS)].some((p) => !containsFlat(p, el) && visibleEl(p) && floats(p, c))) add(all);
    add(title);
  }
  // Texts with a word come before those of letters in ones and twos (an
  // avatar's initials "LP", a size "XL", a count): people name a row by
  // its words, and others share initials.
  return out.filter(worded).concat(out.filter((t) => !worded(t)));
}

// worded reports whether t holds a word of three letters or more.
function worded(t) { return /\p{L}{3}/u.test(t); }

// KEY_SHAPE matches a record's number: "#1003", "No. 1003", "INV-1003",
// "1003".
const KEY_SHAPE = /^(#|no\.? ?|[a-z]{1,4}[-#]?)?[0-9]{3,12}$/i;

// countsOn reports whether the number in t, read by b in item c, is one
// more than the number its twin in the item before c reads, or one less
// than the one after c's: a count of the place, or numbers given in
// sequence.
function countsOn(c, b, t) {
  const k = Number(t.replace(/[^0-9]/g, ""));
  const rel = pathFrom(c, b);
  const at = (s) => {
    if (!s || !alike(s, c)) return NaN;
    let x = null;
    try { x = rel ? s.querySelector(rel) : s; } catch (e) { x = null; }
    const u = x ? collapse(textOf(x, MAXITEM)).replace(/[^0-9]/g, "") : "";
    return u ? Number(u) : NaN;
  };
  return at(c.previousElementSibling) === k - 1 || at(c.nextElementSibling) === k + 1;
}

// distinctAcross reports whether b's twins in the items alike c (twinsOf)
// read otherwise than t and than each other, two of them at least.
function distinctAcross(c, b, t) {
  const seen = new Set([collapse(t)]);
  const twins = twinsOf(c, b);
  for (const o of twins) {
    const u = collapse(textOf(o, MAXITEM));
    if (!u || seen.has(u)) return false;
    seen.add(u);
  }
  return twins.length >= 2;
}

// firstTextIn is the element of the first visible words in c, null when
// it has none.
function firstTextIn(c) {
  const tw = (c.ownerDocument || win.document).createTreeWalker(c, 4);
  for (let n = tw.nextNode(); n; n = tw.nextNode()) {
    const p = n.parentElement;
    if (p && n.data.trim() && !SKIP.has(p.tagName) && visibleEl(p)) return p;
  }
  return null;
}

// scopeOf proposes the query naming a part of the page that holds el by a
// text unique on the page, and the query naming el inside it (its role
// and name, else a CSS selector of its tag and class: tagInner), with how
// many elements that scoped query matches in sc and which is el. The part
// is the repeated item el is in (a row, a card: named by its own text, a
// contains match on items of its tag, else, where another item's text
// holds it too, "Checkbox" beside "Checkbox checked", an equal one; or by
// a part of it that holds el, a column named by its form group's label),
// also for an el its query alone names (the "Try it out" of the one
// operation open: another item may show its own later); else, for an el
// whose role and name others share, the nearest section around el that a
// heading names ("Item 3" of the accordion under "Not Animated", where
// every accordion has an "Item 3"): the nearest ancestor of el that holds
// the heading before el (one in no control), named by that heading's
// text, a contains match on elements of its tag, innermost first, and
// holding no other element named as el. null when nothing names such a
// part alone, or, for an el whose name others share, the part does not
// narrow its look-alikes. Where the query inside names el by its role and
// name, alt names it by its tag and class instead (withTagInner: for an
// assertion on its text).
function scopeOf(el, sc, genC) {
  const role = roleOf(el, el.tagName, el.hasAttributes());
  const name = role ? accName(el, labelsOf(el), role, el.hasAttributes()) : "";
  const c = itemOf(el);
  const byTag = tagInner(el, genC, c);
  // A name of white space alone (a no-break space) names nothing, and
  // one that counts el's item's place (a row header's "3") names the
  // place: in the item, el is named by its tag.
  const inner = role && /\S/.test(name) && !(c && ordinalIn(c, collapse(name))) ? { t: "role", r: role, v: name, hn: true } : byTag;
  const alone = matchAll(inner, sc).els.length;
  if (c && alone >= 1) {
    // An el its query alone names is named in its item by the item's
    // words, never by a text that holds el's own (the item's whole text):
    // the item would be gone whenever el's words changed.
    // A count of the item's place (a grid's row header "3") names its
    // place, not the item: another item stands there once the rows move.
    const texts = itemTexts(c, el, alone > 1).filter((t) => !ordinalIn(c, t));
    let s = scopeIn(el, c, pairs(texts), inner, alone, sc, false);
    // One of several named alike in its item is named by the part of the
    // item it is alone in, where a text names that part.
    const part = s && s.n > 1 ? partScope(el, c, inner, alone, sc) : null;
    if (part) s = part;
    // An item of no words but el's (a grid's frozen row header, its
    // pinned checkbox; a cell that holds a button) is named by a part of
    // its line that has them (the row drawn beside it, a cell of its line).
    const own = collapse(textOf(el, MAXITEM));
    const wordless = !texts.some((t) => worded(t) && t !== own);
    const lookAlike = (x) => matchAll(inner, { scopes: [x] }).els.length > 0;
    const namers = s || !wordless ? [] : lineNamers(c, lookAlike);
    if (namers.length && !rowLike(c)) s = lineScope(el, namers, inner, sc);
    else for (const m of namers) if ((s = scopeIn(el, m, pairs(itemTexts(m, el, false)), inner, alone, sc, true))) break;
    if (s) return withTagInner(s, el, inner, byTag, sc);
    // An item of no words (a gallery's card: a picture and its "Add") is
    // named by its picture.
    if (wordless && (s = pictureScope(el, c, inner, sc))) return s;
    // An el of namesakes (alone > 1: a tree's "index.ts" in two folders)
    // whose item no words of its own name is named in the item it is part
    // of, by that one's words ("utils"), where they name el alone there:
    // the second Delete of a folder is another file's once one is inserted
    // above it. (An el its query names alone needs no outer item: the
    // words of a form's outer box, "Login", are a link's, and a decoy's
    // box may read them too.)
    const up = alone > 1 ? itemOf(c) : null;
    if (up && (s = scopeIn(el, up, pairs(itemTexts(up, el, false)), inner, alone, sc, false)) && s.n === 1) return withTagInner(s, el, inner, byTag, sc);
    // In a tree drawn flat, the folder a file is in holds it only as the
    // rows under it do.
    const tree = alone > 1 ? treeOf(el) : null, row = tree ? treeItemUp(el, tree) : null, above = row ? rowAbove(row) : null;
    if (above && (s = scopeIn(el, above, pairs(itemTexts(above, el, false)), inner, alone, sc, false, true)) && s.n === 1) return withTagInner(s, el, inner, byTag, sc);
  }
  // A cell named by a number alone (a calendar's day "15") is one of its
  // grid's, which the grid's label names ("March 2024"): the same number
  // in the grid of another month is another cell.
  if (alone < 2) return /^[0-9]{1,4}$/.test(collapse(name || "")) ? gridScope(el, inner, sc) : null;
  const h = sectionHeading(el);
  if (!h) return null;
  const t = collapse(textOf(h, MAXITEM));
  if (!t || textTruncated) return null;
  let up = 0;
  for (let a = upEl(el); a && up < 8; a = upEl(a), up++) {
    if (a.tagName === "BODY" || a.tagName === "HTML") break;
    if (a === c || !containsFlat(a, h)) continue;
    const s = scopeIn(el, a, [[t, "contains"]], inner, alone, sc);
    if (s && s.n === 1) return withTagInner(s, el, inner, byTag, sc);
  }
  return null;
}

// partScope is scopeOf's scope for el, one of several elements its query
// names in its item c (a row's two Copy buttons, one beside its e-mail,
// one beside its phone): the innermost part of c that holds el and none
// of the others, named alone on the page by a text of its own (the
// phone's cell, by the phone). el's place among the item's look-alikes
// changes as one is put before it or taken out; the text beside it does
// not. null when no part is so named.
function partScope(el, c, inner, alone, sc) {
  for (let a = upEl(el), up = 0; a && a !== c && up < 4; a = upEl(a), up++) {
    if (!containsFlat(c, a)) break;
    if (matchAll(inner, { scopes: [a] }).els.length !== 1) continue;
    // Words first, then a number long enough to be an identifier (a
    // phone's, an account's: seven digits or more); never a count, a
    // price or a place ("2" adults: another room may read it now).
    for (const whole of [false, true]) {
      const texts = itemTexts(a, el, whole).filter((t) => !/[0-9]/.test(t) || (t.match(/[0-9]/g) || []).length >= 7);
      const s = scopeIn(el, a, pairs(texts), inner, alone, sc, false);
      if (s && s.n === 1) return s;
    }
  }
  return null;
}

// tagInner is the query naming el by its tag and a class that is neither
// generated nor a state's (genC): "button.role-chip"; in item c, the
// first of those that names the fewest elements there (a grid's row
// handle by "tabulator-row-handle", not by "tabulator-cell" that every
// cell of the row has), of those its twin in another item has too.
function tagInner(el, genC, c) {
  let best = "", fewest = Infinity;
  // A class el's twin in another item lacks is a state's (is-selected).
  const twin = c ? twinsOf(c, el)[0] : null;
  for (const x of el.classList) {
    if (!/^[A-Za-z][\w-]*$/.test(x) || (genC && genC.test(x)) || (twin && !twin.classList.contains(x))) continue;
    if (!c) { best = x; break; }
    let n = Infinity;
    try { n = c.querySelectorAll(el.localName + "." + CSS.escape(x)).length; } catch (e) { n = Infinity; }
    if (n < fewest) { best = x; fewest = n; }
    if (n <= 1) break;
  }
  return { t: "css", v: el.localName + (best ? "." + CSS.escape(best) : "") };
}

// withTagInner gives scope s, whose inner query names el by its role and
// name, the same part of the page with el named by its tag and class
// instead (s.alt: that query, how many it names in the part, which is
// el): an assertion on el's text must not find el by that text.
function withTagInner(s, el, inner, byTag, sc) {
  if (inner.t !== "role") return s;
  const within = { t: "text", v: s.text, m: s.m, only: s.tag, it: true, ln: s.line, un: s.under, al: s.also, bs: s.beside };
  const r = matchAll(Object.assign({ w: within }, byTag), sc).els;
  const i = r.indexOf(el) + 1;
  if (i > 0) s.alt = { v: byTag.v, n: r.length, i: i };
  return s;
}

// pictureScope is scopeOf's scope for el in item c named by a picture:
// the text alternative of an image in c (an <img>'s alt, the name of an
// element of role img) that is not part of el (its icon names el), has a
// word, names no other image of the page, and stands where another item
// at least shows a picture, each of another name, where el's query
// names el alone in the item that image is in (a role query of the item,
// by "img"). null when none does.
function pictureScope(el, c, inner, sc) {
  const altOf = (im) => collapse(accName(im, labelsOf(im), "img", true));
  for (const im of c.querySelectorAll("img[alt], [role=img]")) {
    if (containsFlat(el, im) || roleOf(im, im.tagName, true) !== "img") continue;
    const t = altOf(im);
    if (!worded(t) || t.length > MAXITEM) continue;
    // The picture that names each item: at its place in another item at
    // least, each of another name (not a badge one item shows, "Sale",
    // nor a placeholder the items without a picture show).
    const twins = twinsOf(c, im), seen = new Set([t]);
    if (twins.length < 1 || twins.some((x) => { const u = altOf(x); if (!u || seen.has(u)) return true; seen.add(u); return false; })) continue;
    const within = { t: "role", r: "img", v: t, hn: true, it: true };
    const items = matchAll(within, sc).els;
    if (items.length !== 1 || items[0] !== c) continue;
    const m = matchAll(Object.assign({ w: within }, inner), sc).els;
    if (m.length !== 1 || m[0] !== el) continue;
    return { tag: "", text: t, m: "", by: "img", line: false, also: [], beside: [], inner: innerOut(inner), n: 1, i: 1 };
  }
  return null;
}

// innerOut is a scope's inner query as describe reports it (Scope.Inner).
function innerOut(inner) { return { t: inner.t, r: inner.r || "", v: inner.v }; }

// gridScope is scopeOf's scope for el in the grid or table it stands in,
// named by its label (aria-labelledby, aria-label: a label query), where
// the label holds a word, names that grid alone on the page, and el's
// query names el alone in it; null else.
function gridScope(el, inner, sc) {
  for (let a = upEl(el), up = 0; a && up < 6; a = upEl(a), up++) {
    const r = a.getAttribute("role");
    if (a.tagName !== "TABLE" && r !== "grid" && r !== "table" && r !== "treegrid") continue;
    const t = collapse(labelOf(a) || a.getAttribute("aria-label") || "");
    if (!worded(t) || t.length > MAXITEM) return null;
    const within = { t: "label", v: t };
    const grids = matchAll(within, sc).els;
    if (grids.length !== 1 || grids[0] !== a) return null;
    const m = matchAll(Object.assign({ w: within }, inner), sc).els;
    if (m.length !== 1 || m[0] !== el) return null;
    return { tag: a.localName, text: t, m: "", by: "label", line: false, also: [], beside: [], inner: innerOut(inner), n: 1, i: 1 };
  }
  return null;
}

// sectionHeading is the nearest visible heading before el (headingBefore)
// that is in no control and does not hold el: a heading inside an
// accordion's title names that title, not the section.
function sectionHeading(el) {
  return headingBefore(el, (h) => !containsFlat(h, el) && visibleEl(h) &&
    !h.closest("a[href], button, [role=button], [role=link], [role=tab], summary"));
}

// scopeIn is scopeOf's query for el (inner, which matches alone elements
// of the page) within c, named by the first of texts ([text, match]
// pairs) that names c alone (or, for a contains match, a part of c that
// holds el), or null. The scoped query must match fewer elements than
// inner alone.
// For line, c is the row on the line of the row that holds el
// (lineNamers): el is named in the rows on c's line (lineMates); a cell's
// line is named by lineScope.
// For under, c is the row el's row stands under in a tree drawn flat
// (rowAbove): el is named in the rows under c (rowsUnder).
function scopeIn(el, c, texts, inner, alone, sc, line, under) {
  // shared: the worded texts tried before the one that names c alone that
  // c holds whole and another item holds too: they named it better, but
  // with another (its name, two rows had it). Those every item shown holds
  // (every: a template's words, or a filter that shows only namesakes,
  // told apart by their cities) come after those only some hold: they
  // tell none apart, but the name every row a filter shows shares is as
  // much c's as the city.
  const g = groupOf(c);
  const shared = [], every = [];
  for (const [text, m] of texts) {
    const also = shared.concat(every).filter((t) => t !== text && text.indexOf(t) < 0).slice(0, 2);
    const within = { t: "text", v: text, m: m, only: c.localName, it: true };
    // The one element of the page the text names: c, or a part of it
    // that holds el (its form group, where c is a column).
    const items = matchAll(within, sc).els;
    if (m === "contains" && items.length > 1 && worded(text) && shared.indexOf(text) < 0 && every.indexOf(text) < 0) {
      const w = wantOf(text, false);
      if (items.indexOf(c) >= 0 && holdsWhole(c, w, longestWord(w))) (g && items.length >= g.n ? every : shared).push(text);
    }
    if (items.length !== 1 || items[0] !== c && !(containsFlat(c, items[0]) && containsFlat(items[0], el))) continue;
    const r = matchAll(Object.assign({ w: line ? Object.assign({ ln: true }, within) : under ? Object.assign({ un: true }, within) : within }, inner), sc).els;
    const i = r.indexOf(el) + 1;
    if (i === 0 || r.length >= alone && alone > 1) continue;
    // What the element the text names (c, or its part that holds el)
    // does not read whole, replay would not find in it.
    const held = also.filter((t) => items[0] === c || reads(items[0], t));
    // The record's key (an order's number) must be read too: a namesake
    // record of another number is another record.
    const key = keyText(c, items[0], text, texts, sc);
    if (key && held.indexOf(key) < 0) held.push(key);
    let beside = besideTexts(c, items[0], text, held, texts, g, sc);
    if (!beside.length && !line && !under) beside = lineBeside(c, el, text, also, sc);
    return { tag: items[0].localName, text: text, m: m, line: !!line, under: !!under, also: held, beside: beside, inner: innerOut(inner), n: r.length, i: i };
  }
  return null;
}

// pairs are texts as scopeIn tries them: each as a contains match, then
// as an equal one.
function pairs(texts) { return texts.flatMap((t) => [[t, "contains"], [t, ""]]); }

// ordinalIn reports whether t, a text of item c, is a count of c's place
// among the items alike it: a whole number that the item before c reads
// less one, or the item after it plus one, at the same place (a grid's
// row header "3" between "2" and "4"; the place is the same index of
// child at each level: a selected row's cells carry classes the others
// lack).
function ordinalIn(c, t) {
  if (!/^[0-9]{1,6}$/.test(t)) return false;
  const k = Number(t);
  let x = c;
  for (const e of c.querySelectorAll("*")) if (collapse(e.textContent) === t) x = e;
  const at = [];
  for (let e = x; e !== c; e = e.parentElement) at.unshift([...e.parentElement.children].indexOf(e));
  const readsAt = (s, want) => {
    if (!s || !alike(s, c)) return false;
    let y = s;
    for (const i of at) if (!(y = y && y.children[i])) return false;
    return collapse(y.textContent) === String(want);
  };
  return readsAt(c.previousElementSibling, k - 1) || readsAt(c.nextElementSibling, k + 1);
}

// lineNamers are the parts on c's line (lineParts) that may name it, where
// c holds no words of its own: for a row (the body of a grid whose row
// headers, or pinned columns, stand in another table drawn over it), the
// one row there that holds words, none when more than one does; for a
// cell of a grid drawn without rows, the cells there that hold words and
// no look-alike of el (lookAlike: a card beside el's in a gallery holds
// its own "Add"; it is another item, not a cell of el's line; lineScope
// names the line by them).
function lineNamers(c, lookAlike) {
  const w = lineParts(c).filter((x) => repeats(x) && worded(textOf(x, MAXITEM)));
  if (rowLike(c)) return w.length === 1 ? w : [];
  return w.some(lookAlike) ? [] : w;
}

// lineScope is scopeOf's scope for el in a cell of a grid drawn without
// rows that holds no words but el's: the line it stands on, named by the
// whole text of one of the line's cells (namers, those without a digit
// first: a price, a date, a count change), with as few of the other
// cells' texts as it takes (also, two at most) to name that line alone
// and el alone on it: "Sam Lee" of "Support", where two other Sam Lees
// work elsewhere. Up to three texts of the line's other cells, without a
// digit and not on every line, are beside texts: the line must still
// hold one (lineBesides). null when nothing names el alone.
function lineScope(el, namers, inner, sc) {
  const named = [];
  for (const m of namers) {
    const t = collapse(textOf(m, MAXITEM));
    if (!textTruncated && !RELATIVE_TIME.test(t) && !m.closest(LIVE)) named.push([m, t]);
  }
  named.sort((a, b) => /[0-9]/.test(a[1]) - /[0-9]/.test(b[1]));
  for (const [m, t] of named) {
    for (const how of ["contains", ""]) {
      const within = { t: "text", v: t, m: how, only: m.localName, it: true, ln: true };
      const inLine = (al) => matchAll(Object.assign({ w: Object.assign({ al: al }, within) }, inner), sc).els;
      const also = [];
      let r = inLine(also);
      for (const [, a] of named) {
        if (r.length <= 1 || also.length >= 2) break;
        if (a === t) continue;
        const r2 = inLine(also.concat([a]));
        if (r2.indexOf(el) >= 0 && r2.length < r.length) { also.push(a); r = r2; }
      }
      if (r.length !== 1 || r[0] !== el) continue;
      const beside = lineBesides(m, t, also, named, sc);
      const w = Object.assign({ al: also, bs: beside }, within);
      const all = matchAll(Object.assign({ w: w }, inner), sc).els;
      if (all.length !== 1 || all[0] !== el) continue;
      return { tag: m.localName, text: t, m: how, line: true, also: also, beside: beside, inner: innerOut(inner), n: 1, i: 1 };
    }
  }
  return null;
}

// lineBesides are lineScope's beside texts for the line the cell m names
// by t (with also): the texts of the line's other cells (named, [cell,
// text] pairs), up to three, each worded, without a digit (a time, a
// price, a count change), and read by fewer cells of m's tag than m's
// column has (a status every line shows tells none apart).
function lineBesides(m, t, also, named, sc) {
  const bands = lineBands(m.parentElement), at = bands.els.indexOf(m);
  let lines = 0;
  for (let i = 0; i < bands.els.length; i++) {
    if (Math.abs(bands.lefts[i] - bands.lefts[at]) <= 2 && Math.abs(bands.widths[i] - bands.widths[at]) <= 2) lines++;
  }
  const out = [];
  for (const [x, u] of named) {
    if (out.length >= 3) break;
    if (x === m || u === t || also.indexOf(u) >= 0 || out.indexOf(u) >= 0 || !worded(u) || /[0-9]/.test(u)) continue;
    if (matchAll({ t: "text", v: u, m: "contains", only: x.localName, it: true }, sc).els.length >= lines - 1) continue;
    out.push(u);
  }
  return out;
}

// lineParts are the parts of c's line drawn apart from it: the rows on a
// row's line (lineMates), or the cells on a cell's (cellLine).
function lineParts(c) { return rowLike(c) ? lineMates(c) : cellLine(c); }

// MAXLINECELLS is how many children of a grid cellLine reads at most.
const MAXLINECELLS = 2000;

// cellLine are, for c a cell of a grid drawn without row elements (every
// cell a child of the grid: a CSS grid, a virtualised table's cells each
// placed by hand, cells by their role), its visible siblings whose band
// across the page overlaps c's by half the lower one's height at least:
// the other cells of its line, whatever their height and alignment. []
// for anything else, and where the grid draws one line only (a toolbar).
// The bands of a grid's children are read once a page call (lineBands).
function cellLine(c) {
  const p = c.parentElement;
  if (!p || rowLike(p) || p.childElementCount > MAXLINECELLS) return [];
  if (!isCell(c) && !/^(grid|table|rowgroup|treegrid)$/.test(p.getAttribute("role") || "")) {
    const ps = getComputedStyle(p).display, cs = getComputedStyle(c).position;
    if (ps !== "grid" && ps !== "inline-grid" && cs !== "absolute") return [];
  }
  const bands = lineBands(p);
  const at = bands.els.indexOf(c);
  if (at < 0) return [];
  const t = bands.tops[at], h = bands.heights[at];
  const out = [];
  let lines = 1;
  for (let i = 0; i < bands.els.length; i++) {
    if (i === at) continue;
    const over = Math.min(t + h, bands.tops[i] + bands.heights[i]) - Math.max(t, bands.tops[i]);
    if (over < 0.5 * Math.min(h, bands.heights[i])) { lines = 2; continue; }
    if (visibleEl(bands.els[i])) out.push(bands.els[i]);
  }
  return lines > 1 ? out : [];
}

// lineBands are the children of p that have a height, with their boxes
// (tops, heights, lefts, widths), cached for the page call (lineCache,
// cleared by fresh).
function lineBands(p) {
  let b = lineCache.get(p);
  if (b) return b;
  b = { els: [], tops: [], heights: [], lefts: [], widths: [] };
  for (let x = p.firstElementChild; x; x = x.nextElementSibling) {
    const r = x.getBoundingClientRect();
    if (r.height <= 0) continue;
    b.els.push(x); b.tops.push(r.top); b.heights.push(r.height); b.lefts.push(r.left); b.widths.push(r.width);
  }
  lineCache.set(p, b);
  return b;
}

// lineMates are, for a row c (a <tr>, a role row), the visible rows of
// its tag, in c's tree scope and outside c's list, whose band across the
// page is c's (top and bottom within two pixels): the parts of c's row
// drawn apart from it. [] for an element that is no row (cards side by
// side are no parts of one another).
function lineMates(c) {
  if (!rowLike(c)) return [];
  const r = c.getBoundingClientRect();
  if (r.height <= 0) return [];
  const out = [];
  for (const x of c.getRootNode().querySelectorAll(c.localName)) {
    if (x === c || x.parentElement === c.parentElement || !rowLike(x) || containsFlat(x, c) || containsFlat(c, x)) continue;
    const b = x.getBoundingClientRect();
    if (Math.abs(b.top - r.top) <= 2 && Math.abs(b.bottom - r.bottom) <= 2 && visibleEl(x)) out.push(x);
  }
  return out;
}

// lineBeside are beside texts (besideTexts) of the row on the line of row
// c (lineMates), where c holds none of its own: a grid's pinned part of a
// row, its checkbox and the customer's name, whose order and product are
// in the row drawn beside it. [] when c is no row or none is there.
function lineBeside(c, el, text, also, sc) {
  for (const m of lineMates(c)) {
    if (!repeats(m)) continue;
    const b = besideTexts(m, m, text, also, pairs(itemTexts(m, el, false)), groupOf(m), sc);
    if (b.length) return b;
  }
  return [];
}

// rowLike reports whether e is a table's row or has the role row.
function rowLike(e) { return e.tagName === "TR" || e.getAttribute("role") === "row"; }

// listedIn reports whether an element inside c that reads text t is, or
// is inside, one of several parts alike below c (a list's item), or a
// time or a status (its words change by themselves).
function listedIn(c, t) {
  let n = 0;
  for (const x of c.querySelectorAll("*")) {
    if (++n > 400) return false;
    if (collapse(textOf(x, MAXITEM)) !== t) continue;
    if (x.closest("time, [datetime], " + LIVE)) return true;
    for (let a = x; a && a !== c; a = upEl(a)) if (repeats(a)) return true;
  }
  return false;
}
// RELATIVE_TIME matches a time said relative to now ("Modified
// yesterday", "3 days ago"): its words change by themselves.
const RELATIVE_TIME = /\b(ago|yesterday|today|tomorrow|just now)\b/i;

// reads reports whether e reads text t whole, as replay reads an item's
// texts (holdsWhole).
function reads(e, t) {
  const w = wantOf(t, false);
  return holdsWhole(e, w, longestWord(w));
}

// besideTexts are the worded texts of item c other than the one that
// names it (text) and those it must hold too (also), up to three: what
// else says which item it is (Ada Lovelace's e-mail and city). Another
// item of the same name holds none of them. A text with a digit is left
// out (a time, a price, a count change), and so is one every item of
// c's group holds (a template's words tell none apart), one that
// the element the scope names (named: c, or the part of c that holds the
// target, an accordion's panel without its header) does not read whole as
// replay reads it (holdsWhole: a paragraph cut short), and one of a list
// inside c (a dropdown's options, a card's tags: they come and go with a
// filter, and say which option, not which item).
function besideTexts(c, named, text, also, texts, g, sc) {
  const out = [];
  for (const [t] of texts) {
    if (out.length >= 3) break;
    if (t === text || out.indexOf(t) >= 0 || also.indexOf(t) >= 0 || !worded(t) || /[0-9]/.test(t) ||
        t.indexOf(text) >= 0 || text.indexOf(t) >= 0) continue;
    if (!reads(named, t) || listedIn(c, t) || RELATIVE_TIME.test(t)) continue;
    if (g && g.n > 1 && matchAll({ t: "text", v: t, m: "contains", only: c.localName, it: true }, sc).els.length >= g.n) continue;
    out.push(t);
  }
  return out;
}

// keyText is the text of item c that says which record it is by a
// number: an order's "#1003", told apart from its namesake "#1013" by
// nothing else. It is the first text of c's parts (texts, [text, match]
// pairs) shaped as a record's number (KEY_SHAPE: three digits or more,
// a short prefix at most; no price, count, date or time, which change by
// themselves), that the element the scope names reads whole, where the
// parts at its place in the other items (twins: two at least) all read
// otherwise and otherwise than each other (a key column), whose number
// does not step by one from the item before or after it (a count of the
// place, "103." between "102." and "104.", is another item's once one is
// inserted above; so are numbers given in sequence: left out too), and
// that no other item of the page holds. "" when none.
function keyText(c, named, text, texts, sc) {
  for (const [t] of texts) {
    if (t === text || !KEY_SHAPE.test(t) || ordinalIn(c, t)) continue;
    if (!reads(named, t) || listedIn(c, t)) continue;
    let b = null;
    for (const e of c.querySelectorAll("*")) if (collapse(textOf(e, MAXITEM)) === t) b = e;
    if (!b || !distinctAcross(c, b, t) || countsOn(c, b, t)) continue;
    if (matchAll({ t: "text", v: t, m: "contains", only: c.localName, it: true }, sc).els.length !== 1) continue;
    return t;
  }
  return "";
}

// ---- what shows an element: the hover of another ----

// hoverRules reads a tree scope's style rules that show or hide: those
// that apply under :hover and set display, visibility or opacity (show),
// and those without :hover that hide (display: none, visibility: hidden,
// opacity: 0). They are read again when the scope's sheets change.
const hoverCache = new WeakMap();
function hoverRules(scope) {
  const sheets = [...(scope.styleSheets || []), ...(scope.adoptedStyleSheets || [])];
  const c = hoverCache.get(scope);
  if (c && c.n === sheets.length) return c;
  const show = [], hide = [];
  const rules = (list) => {
    for (const r of list) {
      const st = r.style, sel = r.selectorText;
      if (sel && st) {
        if (sel.indexOf(":hover") >= 0) {
          if (st.display || st.visibility || st.opacity) show.push(sel);
        } else if (st.display === "none" || st.visibility === "hidden" || st.opacity === "0") {
          hide.push(sel);
        }
      }
      let sub = null;
      try { sub = r.cssRules; } catch (e) { sub = null; }
      if (sub && sub.length) rules(sub);
    }
  };
  for (const sh of sheets) { try { rules(sh.cssRules); } catch (e) {} }
  const out = { n: sheets.length, show, hide };
  hoverCache.set(scope, out);
  return out;
}

// hiddenBy reports whether a rule of hide matches e.
function hiddenBy(e, hide) {
  for (const sel of hide) {
    try { if (e.matches(sel)) return true; } catch (x) {}
  }
  return false;
}

// hoverPrefix is a selector up to the end of its compound holding
// ":hover" ("ul li:hover .x" gives "ul li:hover"), or "" when :hover is
// in its last compound (the rule styles the hovered element itself).
function hoverPrefix(sel) {
  const at = sel.indexOf(":hover");
  if (at < 0) return "";
  let depth = 0;
  for (let i = at; i < sel.length; i++) {
    const ch = sel[i];
    if (ch === "(" || ch === "[") depth++;
    else if (ch === ")" || ch === "]") depth--;
    else if (depth === 0 && (ch === " " || ch === ">" || ch === "+" || ch === "~")) return sel.slice(0, i).trim();
  }
  return "";
}

// revealedBy is the element whose hover shows el, or null: an ancestor a
// style rule shows el under while it is hovered (".menu:hover .submenu
// { display: block }") where another rule hides it otherwise; the
// element a script showed el for (shownByScript); or the repeated item
// el stands in, hovered now, whose counterparts in the other items are
// hidden or absent (a row's delete button, shown by a :hover rule or by
// a script on mouseenter), unless pressedIn says the person pressed in
// that item since (a dropdown toggle: the press showed it, not the hover).
function revealedBy(el, changed, pressedIn) {
  const scope = el.getRootNode();
  const hr = hoverRules(scope.styleSheets ? scope : el.ownerDocument);
  for (const sel of hr.show) {
    for (const part of splitSelectors(sel)) {
      const prefix = hoverPrefix(part);
      if (!prefix) continue;
      let x = el;
      for (let up = 0; x && up < 6; x = x.parentElement, up++) {
        let m = false;
        try { m = x.matches(part); } catch (e) { m = false; }
        if (!m) continue;
        // Shown under the hover of h, and hidden by a rule of its own
        // otherwise.
        let h = null;
        try { h = x.parentElement && x.parentElement.closest(prefix); } catch (e) { h = null; }
        if (h && h !== el && !containsFlat(el, h) && hiddenBy(x, hr.hide)) return h;
        break;
      }
    }
  }
  const byScript = shownByScript(el, changed, hr);
  if (byScript) return byScript;
  const c = itemOf(el);
  if (!c || !visibleEl(el)) return null;
  if (pressedIn && pressedIn(c)) return null;
  let hovered = false;
  try { hovered = c.matches(":hover"); } catch (e) { hovered = false; }
  if (!hovered) return null;
  // An el in a shadow tree below c is compared by the host that holds it
  // in c's tree: querySelector does not reach into the other items'
  // shadow trees, where el's twins would seem absent.
  let t = el;
  while (t.getRootNode() !== c.getRootNode() && t.getRootNode().host && t.getRootNode().host !== c) t = t.getRootNode().host;
  // el in c's own shadow tree: its twins are in the other items' (a row
  // component showing its delete button on :host(:hover)).
  const own = t.getRootNode().host === c;
  if (!own && t.getRootNode() !== c.getRootNode()) return null;
  const rel = own ? pathFrom(c, t).replace(/^:scope > /, "") : pathFrom(c, t);
  if (!rel) return null;
  let others = 0, shown = 0, hidden = 0;
  for (let s = c.parentElement.firstElementChild; s; s = s.nextElementSibling) {
    if (s === c || !alike(s, c)) continue;
    // An item closed where c is open (a section, a disclosure) hides its
    // parts by being closed, not for want of the pointer.
    if (closedWhere(s, c)) continue;
    others++;
    let twin = null;
    const root = own ? shadowOf(s) : s;
    try { twin = root ? root.querySelector(rel) : null; } catch (e) { return null; }
    if (!twin) continue;
    // Shown: drawn with a width, or drawn through its children
    // (display: contents, no box of its own).
    if (visibleEl(twin) && (twin.getBoundingClientRect().width > 0 || twin.getClientRects().length === 0)) shown++;
    else hidden++;
  }
  // Twins hidden in the other items, or, in list and table rows, absent
  // from them all (a script renders the button in the hovered row only).
  const row = ROWS.has(c.tagName) || ROW_ROLES.test(c.getAttribute("role") || "");
  return shown === 0 && (hidden > 0 || (row && others >= 2 && hidden === 0)) ? c : null;
}

// closedWhere reports whether item s is closed where its counterpart c
// is open: a <details> or a component with an open property, or one that
// says it is expanded or not (aria-expanded on it, or on the first
// element of its shadow tree that does).
function closedWhere(s, c) {
  if ("open" in s && typeof s.open === "boolean") return !s.open && !!c.open;
  // The item's own state, or its component's header's (in its shadow
  // tree): not a menu button's in its light content, open in one row.
  const ex = (x) => {
    const e = x.matches("[aria-expanded]") ? x : x.shadowRoot && x.shadowRoot.querySelector("[aria-expanded]");
    return e ? e.getAttribute("aria-expanded") : null;
  };
  return ex(s) === "false" && ex(c) === "true";
}

// popupTrigger is h, or the element up to two levels above it that holds
// it (a button around the words the pointer entered), that declares a
// popup: aria-haspopup other than false, or aria-expanded true; null
// when none does.
function popupTrigger(h) {
  let up = 0;
  for (let x = h; x && up < 3; x = upEl(x), up++) {
    if (x.tagName === "BODY" || x.tagName === "HTML") break;
    const hp = x.getAttribute("aria-haspopup");
    if (hp && hp !== "false" || x.getAttribute("aria-expanded") === "true") return x;
  }
  return null;
}

// POPUP_ROLES are the roles of what a menu button or a hovered item pops up.
const POPUP_ROLES = /^(menu|menubar|listbox|tooltip|dialog|tree|grid)$/;

// coversView reports whether e's box covers its whole window: a dialog's
// backdrop, or a full-window layer, that a click put under the resting
// pointer; or the document's root or body, which hold every point of the
// page whatever their box (on a short page the pointer enters the root
// below the body's end). The pointer is over it wherever it is, so it is
// no element a person hovers to show something, and what a script shows
// next (the dialog the click opened) is not its hover's doing.
function coversView(e) {
  const d = e.ownerDocument;
  if (d && (e === d.documentElement || e === d.body)) return true;
  const r = e.getBoundingClientRect();
  const [vw, vh] = viewOf(d);
  return r.width > 0 && r.left <= 0 && r.top <= 0 && r.right >= vw && r.bottom >= vh;
}

// shownByScript is the element whose hover made a script show el, or
// null. shown(n) says, of a node a script added or restyled (its style,
// class or hidden attribute) moments after the pointer entered an element
// h and before any press, {h, added}: the recorder's listener keeps it.
// An h that covers its window (coversView) shows nothing.
// Such a change shows el when it is el or an ancestor, h is not inside el,
// and the change is near h: n added or restyled inside h, beside it (in
// its parent or grandparent), or h, or the control a few levels above it
// that holds the words the pointer entered (popupTrigger: then that
// control is the element to hover), declares a popup (aria-haspopup,
// aria-expanded) or n is one (a menu, a listbox, a tooltip). Where n holds
// h itself (a class put on the hovered menu item), it shows el only if an
// element between them is hidden by a style rule otherwise (".submenu
// { display: none }" that ".open > .submenu" overrides), and n, when only
// a few levels above h, is the element to hover.
function shownByScript(el, shown, hr) {
  if (typeof shown !== "function") return null;
  let up = 0;
  for (let n = el; n && up < 16; n = upEl(n), up++) {
    if (n.tagName === "BODY" || n.tagName === "HTML") break;
    const s = shown(n);
    if (!s) continue;
    const h = s.h;
    if (!h || !h.isConnected || h === el || containsFlat(el, h) || coversView(h)) continue;
    if (containsFlat(n, h)) {
      // The element a few levels above the one entered, its class
      // changed, is the one the script listens on (a row on mouseenter):
      // hover it; a far ancestor's centre may not be over h at all.
      let d = 0;
      for (let x = h; x && x !== n; x = upEl(x)) d++;
      for (let x = el; x && x !== n; x = upEl(x)) if (hiddenBy(x, hr.hide)) return d <= 3 ? n : h;
      continue;
    }
    const p = upEl(h), g = p && upEl(p);
    // (A trigger that holds what it shows, a tree item around its open
    // branch, is no button the pointer rests on for it.)
    let pops = popupTrigger(h);
    if (pops && containsFlat(pops, n)) pops = null;
    const near = containsFlat(h, n) || (p && containsFlat(p, n)) || (g && g.tagName !== "BODY" && containsFlat(g, n)) ||
      !!pops || POPUP_ROLES.test(roleOf(n, n.tagName, n.hasAttributes()));
    // The pointer entered the words of a menu button: the button is
    // what a person hovers.
    if (near) return pops || h;
  }
  return null;
}
