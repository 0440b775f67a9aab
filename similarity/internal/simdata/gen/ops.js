// Called with page.Evaluate on a loaded page whose elements carry their
// identity (__simid): redesigns the page with the operators of ops (name:
// probability), in a fixed order, with a seeded random source, keeping
// every element's identity where the redesign keeps the element (a tag
// changed, an id renamed, a wrapper put around it) and giving none to what
// it adds (a copy of a block, a look-alike sibling). Returns how many times
// each operator acted.
function (ops, seed) {
  let st = seed >>> 0;
  const rnd = () => {
    st = (st + 0x6d2b79f5) >>> 0;
    let t = st;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
  const counts = {};
  const did = (op) => { counts[op] = (counts[op] || 0) + 1; };
  const body = document.body;
  const shown = (e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden";
  };
  const TARGETS = "a[href],button,input:not([type=hidden]),select,textarea,[role=button],[role=link],[role=tab],[role=menuitem],[onclick],label.btn,span.btn,div.btn";
  const targets = () => [...body.querySelectorAll(TARGETS)].filter(shown);
  const textNodes = (root) => {
    const out = [];
    const w = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
      acceptNode: (n) => (/^(script|style|noscript|template)$/i.test(n.parentNode.nodeName) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    for (let n = w.nextNode(); n; n = w.nextNode()) if (/\S/.test(n.data)) out.push(n);
    return out;
  };
  const replaceTag = (e, tag, drop) => {
    const n = document.createElement(tag);
    for (const a of e.attributes) if (!drop.includes(a.name)) n.setAttribute(a.name, a.value);
    while (e.firstChild) n.appendChild(e.firstChild);
    n.__simid = e.__simid;
    e.replaceWith(n);
    return n;
  };
  // tokens splits an identifier on - _ . / and camelCase.
  const tokens = (v) => v.replace(/([a-z0-9])([A-Z])/g, "$1 $2").split(/[-_.\/\s]+/).filter(Boolean).map((t) => t.toLowerCase());
  const renameIdent = (v) => {
    const ts = tokens(v);
    switch (Math.floor(rnd() * 5)) {
      case 0: // kebab <-> camel
        return /[-_]/.test(v) ? ts[0] + ts.slice(1).map((t) => t[0].toUpperCase() + t.slice(1)).join("") : ts.join("-");
      case 1:
        return v + pick(["-link", "-btn", "-item", "-nav", "-new"]);
      case 2:
        return pick(["js-", "main-", "site-", "app-"]) + v;
      case 3:
        return ts.length > 1 ? ts.slice().reverse().join("-") : ts.join("_") + "_" + pick(["field", "control", "el"]);
      default:
        return ts.join("_");
    }
  };
  const renameHref = (h) => {
    if (/^(mailto:|tel:|javascript:)/i.test(h)) return h;
    switch (Math.floor(rnd() * 5)) {
      case 0:
        if (/\.html?($|[?#])/.test(h)) return h.replace(/\.html?/, "");
        return h + (h.includes("?") ? "&" : "?") + "ref=nav";
      case 1:
        if (h.startsWith("#")) return h + "-section";
        return h + (h.includes("?") ? "&" : "?") + "utm_source=site";
      case 2:
        if (/^https?:\/\/(?!www\.)/.test(h)) return h.replace(/^(https?:\/\/)/, "$1www.");
        if (/^http:/.test(h)) return h.replace(/^http:/, "https:");
        return h.startsWith("#") ? "#" + renameIdent(h.slice(1)) : "en/" + h.replace(/^\.?\//, "");
      case 3:
        return h.startsWith("#") ? "#" + renameIdent(h.slice(1)) : h.replace(/([^\/?#]+)(\.html?)?($|[?#])/, (m, b, x, r) => renameIdent(b) + (x || "") + r);
      default:
        return /^https?:/.test(h) ? h.replace(/^http:/, "https:") + (h.endsWith("/") ? "" : "/") : h.replace(/^(?!\/|#)/, "/");
    }
  };
  const otherToken = (t) => {
    const langs = ["en", "de", "fr", "es", "it", "nl", "pt", "ja"];
    if (langs.includes(t)) return pick(langs.filter((l) => l !== t));
    if (/^\d+$/.test(t)) return String(+t + 1 + Math.floor(rnd() * 3));
    return pick(["alt", "other", "next", "prev", "extra", "more", "pro", "lite"].filter((w) => w !== t));
  };
  const swapLastToken = (v) => {
    const m = v.match(/^(.*?)([A-Za-z0-9]+)([^A-Za-z0-9]*)$/);
    return m ? m[1] + otherToken(m[2].toLowerCase()) + m[3] : v + "-2";
  };
  const WORDS = ["Overview", "Our work", "Latest news", "Highlights", "Get started", "Details", "Explore", "The team",
    "Contact us", "About", "Features", "Pricing", "Updates", "Resources", "Projects", "Insights", "Solutions", "Community"];
  const SYN = { "sign in": "Log in", "log in": "Sign in", "login": "Sign in", "submit": "Send", "send": "Submit",
    "learn more": "Read more", "read more": "Learn more", "more info": "Details", "view all": "See all", "contact": "Contact us",
    "home": "Start", "search": "Find", "register": "Sign up", "sign up": "Create account", "next": "Continue",
    "close": "Dismiss", "save": "Save changes", "cancel": "Go back", "download": "Get it", "about": "About us",
    "services": "What we do", "portfolio": "Work", "team": "People", "contact us": "Get in touch", "profile": "My profile",
    "settings": "Preferences", "logout": "Sign out", "sign out": "Log out", "dashboard": "Overview" };
  const B5 = { "ml-": "ms-", "mr-": "me-", "pl-": "ps-", "pr-": "pe-", "float-left": "float-start", "float-right": "float-end",
    "text-left": "text-start", "text-right": "text-end", "badge-": "bg-", "btn-block": "w-100", "form-group": "mb-3",
    "custom-select": "form-select", "no-gutters": "g-0", "sr-only": "visually-hidden", "font-weight-": "fw-", "pull-left": "float-start",
    "pull-right": "float-end", "col-xs-": "col-", "panel": "card", "btn-default": "btn-secondary", "input-group-addon": "input-group-text" };
  const rewordText = (e) => {
    const tn = textNodes(e).find((n) => /[A-Za-z]/.test(n.data));
    if (!tn) return false;
    const t = tn.data.trim();
    const syn = SYN[t.toLowerCase()];
    if (syn) tn.data = tn.data.replace(t, syn);
    else if (rnd() < 0.5) tn.data = tn.data.replace(t, t === t.toUpperCase() ? t.charAt(0) + t.slice(1).toLowerCase() : t.toUpperCase());
    else tn.data = tn.data.replace(t, rnd() < 0.5 ? t + " " + pick(["now", "here", "today", "»"]) : pick(["Go to", "Open", "View"]) + " " + t);
    return true;
  };
  const solo = (e) => e.parentElement && /^(li|p|div)$/.test(e.parentElement.localName) && e.parentElement.children.length === 1 ? e.parentElement : e;
  const run = {
    // siblings: a look-alike inserted beside a target, its id, href and
    // text one token away from the target's.
    siblings(q) {
      for (const e of targets()) {
        if (!(e.id || (e.getAttribute("href") || "").length > 1) || rnd() >= q) continue;
        const at = solo(e);
        const copy = at.cloneNode(true);
        const c = at === e ? copy : copy.querySelector(e.localName) || copy;
        if (c.id) c.id = swapLastToken(c.id);
        const h = c.getAttribute("href");
        if (h && h.length > 1) c.setAttribute("href", swapLastToken(h));
        const tn = textNodes(c).find((n) => /[A-Za-z0-9]/.test(n.data));
        if (tn) tn.data = tn.data.replace(/[A-Za-z0-9]+(?=[^A-Za-z0-9]*$)/, (w) => otherToken(w.toLowerCase()));
        for (const d of copy.querySelectorAll("[id]")) if (d !== c) d.removeAttribute("id");
        at.after(copy);
        did("siblings");
      }
    },
    // retag: a clickable text element becomes another of its family.
    retag(q) {
      for (const e of targets()) {
        if (rnd() >= q) continue;
        const t = e.localName;
        let n = null;
        if (t === "a" && !e.querySelector("a,button,input,select,textarea")) n = replaceTag(e, "button", ["href", "target", "rel"]), n.type = "button";
        else if (t === "button" && !e.closest("form")) n = replaceTag(e, "a", ["type"]), n.setAttribute("href", "#");
        else if (t === "label") n = replaceTag(e, "span", ["for"]);
        else if ((t === "span" || t === "div") && e.getAttribute("role") === "button") n = replaceTag(e, "button", ["role", "tabindex"]);
        else if (t === "span" || t === "div") n = replaceTag(e, "a", []), n.setAttribute("href", "#");
        else if (t === "input" && /^(submit|button)$/.test(e.type)) {
          n = replaceTag(e, "button", ["value"]);
          n.textContent = e.value;
        }
        if (n) did("retag");
      }
    },
    // ids: ids, names and hrefs renamed (a label's for follows its control).
    ids(q) {
      for (const e of targets()) {
        if (e.id && rnd() < q) {
          const v = renameIdent(e.id);
          for (const l of document.querySelectorAll("label[for]")) if (l.htmlFor === e.id) l.htmlFor = v;
          e.id = v;
          did("ids");
        }
        const nm = e.getAttribute("name");
        if (nm && rnd() < q) e.setAttribute("name", renameIdent(nm)), did("ids");
        const h = e.getAttribute("href");
        if (h && h.length > 1 && rnd() < q) e.setAttribute("href", renameHref(h)), did("ids");
      }
    },
    // classes: Bootstrap 4 to 5 renames, re-hashed build suffixes, a class dropped.
    classes(q) {
      for (const e of body.querySelectorAll("[class]")) {
        const cl = [...e.classList];
        const out = [];
        for (const c of cl) {
          let d = c;
          for (const k in B5) if (k.endsWith("-") ? c.startsWith(k) : c === k) { d = k.endsWith("-") ? B5[k] + c.slice(k.length) : B5[k]; break; }
          if (d === c && rnd() < q * 0.3 && !/^(btn|nav|col|row|fa|fas|far|fab|bi|d|m|p)(-|$)/.test(c)) d = c + "_" + Math.floor(rnd() * 1e6).toString(36);
          if (rnd() < q * 0.1) continue;
          out.push(d);
        }
        if (out.join(" ") !== cl.join(" ")) e.setAttribute("class", out.join(" ")), did("classes");
      }
    },
    // numbers: the numbers in the page's texts change (a count, a
    // price, a date); a text of numbers alone (a pager's page, a badge)
    // is left alone: it is the element's whole name.
    numbers(q) {
      for (const n of textNodes(body)) {
        if (!/[A-Za-z]/.test(n.data)) continue;
        const v = n.data.replace(/\d+/g, (d) => (rnd() < q ? String(+d + 1 + Math.floor(rnd() * Math.max(1, +d))) : d));
        if (v !== n.data) n.data = v, did("numbers");
      }
    },
    // text: a target's text reworded (a synonym, its case, a word added).
    text(q) {
      for (const e of targets()) {
        if ((e.innerText || "").trim().length > 0 && (e.innerText || "").length <= 40 && rnd() < q && rewordText(e)) did("text");
      }
    },
    // context: headings renamed, labels and table headers reworded.
    context(q) {
      for (const h of body.querySelectorAll("h1,h2,h3,h4,h5,h6,legend,th")) {
        if (rnd() >= q) continue;
        const tn = textNodes(h);
        if (!tn.length) continue;
        tn[0].data = pick(WORDS);
        for (const n of tn.slice(1)) n.data = "";
        did("context");
      }
      for (const l of body.querySelectorAll("label")) {
        if (rnd() < q * 0.5 && rewordText(l)) did("context");
      }
    },
    // wrap: a wrapper put around a target or its parent.
    wrap(q) {
      for (const e of targets()) {
        if (rnd() >= q) continue;
        const at = rnd() < 0.5 || !e.parentElement || e.parentElement === body ? e : e.parentElement;
        const inline = /^(a|span|button|label|input|select|textarea|em|strong|small|b|i)$/.test(at.localName) && !/^(div|li|td|form|section|body)$/.test(at.parentElement.localName);
        const w = document.createElement(inline ? "span" : "div");
        w.className = pick(["wrapper", "inner", "col", "container-fluid", "item"]);
        at.replaceWith(w);
        w.appendChild(at);
        did("wrap");
      }
    },
    // reorder: the children of a list, a menu or a row shuffled.
    reorder(q) {
      for (const c of body.querySelectorAll("ul,ol,nav,.row,.navbar-nav,.list-group,.btn-group,.nav")) {
        const kids = [...c.children];
        if (kids.length < 2 || rnd() >= q) continue;
        for (let i = kids.length - 1; i > 0; i--) {
          const j = Math.floor(rnd() * (i + 1));
          [kids[i], kids[j]] = [kids[j], kids[i]];
        }
        for (const k of kids) c.appendChild(k);
        did("reorder");
      }
    },
    // footer: the first menu of links repeated in the page's footer.
    footer(q) {
      if (rnd() >= q) return;
      const menu = [...body.querySelectorAll("ul,nav")].find((m) => m.querySelectorAll("a[href]").length >= 3 && shown(m));
      if (!menu) return;
      let f = [...body.querySelectorAll("footer")].pop();
      if (!f) {
        f = document.createElement("footer");
        body.appendChild(f);
      }
      const copy = menu.cloneNode(true);
      for (const d of copy.querySelectorAll("[id]")) d.removeAttribute("id");
      if (copy.id) copy.removeAttribute("id");
      f.appendChild(copy);
      did("footer");
    },
    // move: a target moved to another part of the page.
    move(q) {
      const places = [...body.querySelectorAll("section,footer,aside,main,.container")].filter(shown);
      for (const e of targets()) {
        if (rnd() >= q || !places.length) continue;
        const to = pick(places);
        if (to.contains(e)) continue;
        to.appendChild(solo(e));
        did("move");
      }
    },
    // remove: a target removed.
    remove(q) {
      for (const e of targets()) {
        if (rnd() >= q) continue;
        solo(e).remove();
        did("remove");
      }
    },
  };
  for (const op of ["siblings", "footer", "retag", "ids", "classes", "numbers", "text", "context", "move", "remove", "wrap", "reorder"]) {
    if (ops[op]) run[op](ops[op]);
  }
  return counts;
}
