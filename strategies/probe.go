package strategies

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/pagejs"
	"github.com/qa-chain/chainreplay/internal/par"
)

// Probe evaluates s without reading the page's whole tree, when it can:
// one page function runs the strategy on the page and sends back only the
// slice of the DOM that verifying the match needs (the element's subtree,
// its ancestors, and the labels and aria-labelledby elements that name
// it), so that Conclude scores it exactly as on the whole tree.
// DOM.getDocument costs hundreds of milliseconds on a page of ten thousand
// elements; a probe costs a few round trips on any page.
//
// It answers (Result, true) only when its count of matches is the whole
// page's: s is a test id, id, name, placeholder, CSS, label or role
// strategy without an index;
// the target has no shadow path; exactly one element matches in the
// document searched (the top one, or the one the target's frame path
// leads to while it resolves: probeDocument), its same-origin frames and
// its open shadow roots; and that element is in that document itself,
// with no shadow host in its subtree. Custom elements without an open shadow root may hold a closed
// one, which page script cannot search: DevTools is asked about them (up
// to probeMaxHosts), and any shadow root there makes the probe decline.
// A cross-origin frame (up to probeMaxHosts of them) is counted by the
// same page script run in its own document (frameChecks): a match there,
// or a frame that cannot be counted so, makes it decline. Otherwise it answers
// false and the caller evaluates s on the tree (the viewport the probe
// read stays in env for the round). A closed shadow root attached to a
// plain element (not a custom element) is invisible to page script unless
// the page runs the ClosedRoots script (pagejs; replay.Flow adds it), and
// a closed root declared in HTML is invisible even then: a second match
// there goes uncounted.
func Probe(ctx context.Context, env *Env, s chain.Strategy) (Result, bool) {
	start := time.Now()
	q := probeQuery{MaxHosts: probeMaxHosts}
	switch s.Type {
	case chain.TestID:
		q.Attrs = TestIDAttrs
	case chain.ID:
		q.Attrs = []string{"id"}
	case chain.Name:
		q.Attrs = []string{"name"}
	case chain.Placeholder:
		q.Attrs = []string{"placeholder"}
	case chain.CSS:
		q.Sel = s.Value
	case chain.Label:
		if q.Label = collapse(s.Value); q.Label == "" {
			return Result{}, false
		}
	case chain.Role:
		q.Role, q.Name, q.HasName = roleValue(s.Value)
		q.ByRole = true
		if q.Role == "" {
			return Result{}, false
		}
	default:
		return Result{}, false
	}
	if s.Nth > 0 || s.Value == "" || env.Target == nil || len(env.Target.ShadowPath) > 0 {
		return Result{}, false
	}
	var n *Node
	var obj proto.RuntimeRemoteObjectID
	var ok bool
	env.whileReadingViewport(ctx, func() { n, obj, ok = probeTarget(ctx, env, q, s) })
	if !ok {
		return Result{}, false
	}
	if q.ByRole && (RoleOf(n) != q.Role || (q.HasName && !strings.EqualFold(AccessibleName(n), q.Name))) ||
		q.Label != "" && !labelled(n, q.Label) {
		// Page script and the tree's RoleOf, AccessibleName or LabelOf
		// disagree on this element: the tree decides.
		return Result{}, false
	}
	r := env.Conclude(ctx, s, []*Node{n}, start)
	if r.Found && r.BackendNodeID == n.BackendID {
		r.ObjectID = obj
	}
	return r, r.Found
}

// probeQuery is what probeFindJS looks for: elements matching the CSS
// selector Sel, or whose attribute, one of Attrs, equals the strategy's
// value, or (ByRole) of role Role named Name as RoleOf and AccessibleName
// say (any name unless HasName), or labelled Label (labelled).
type probeQuery struct {
	Sel      string   `json:"sel,omitempty"`
	Attrs    []string `json:"attrs,omitempty"`
	ByRole   bool     `json:"byRole,omitempty"`
	Role     string   `json:"role,omitempty"`
	Name     string   `json:"name,omitempty"`
	HasName  bool     `json:"hasName,omitempty"`
	Label    string   `json:"label,omitempty"`
	MaxHosts int      `json:"maxHosts"`
}

// probeFindJS returns the one element matching q (probeQuery; value is
// the strategy's value) in the document it is called on (this), the
// documents of its same-origin frames and every open shadow root, when
// the page is one a probe can speak for (no plugin, at most q.maxHosts
// custom elements without an open shadow root and as many cross-origin
// frames); else the reason it cannot, as a string. Those custom elements
// (which may hold a closed shadow root, out of page script's reach) and
// frames follow the element in an array (answer in probeRootsJS), for
// DevTools to look into.
var probeFindJS = `function (q, value) {
	const doc = this;
	let sel = q.sel;
	if (!sel && q.attrs) {
		const quote = v => '"' + v.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\a ").replace(/\r/g, "\\d ") + '"';
		sel = q.attrs.map(a => "[" + a + "=" + quote(value) + "]").join(",");
	}
	// User-agent shadow trees (media controls, date fields) hold elements
	// with roles and names that the tree sees and page script does not.
	// Labels, as text, may read what only the tree sees of a control's.
	const uaTree = (e, t) => (q.byRole || q.label) && (t === "video" || t === "audio" ||
		(q.label && t === "details") ||
		(t === "input" && (q.label ? /^(date|time|datetime-local|month|week|file|color)$/ : /^(date|time|datetime-local|month|week)$/).test((e.getAttribute("type") || "").toLowerCase())));
	const maxHosts = q.maxHosts;
	` + probeRootsJS + `
	let found = null, n = 0;
	` + probeRoleJS + `
	if (q.label) {
		each(e => { if (labelled(e, q.label)) { found = e; n++; } });
	} else if (q.byRole) {
		const want = (q.name || "").toLowerCase();
		each(e => { if (roleOf(e) === q.role && (!q.hasName || accName(e).toLowerCase() === want)) { found = e; n++; } });
	} else {
		for (const r of roots) {
			let list;
			try { list = r.querySelectorAll(sel); } catch (e) { return "selector"; }
			if (list.length) found = list[0];
			n += list.length;
		}
	}
	if (n !== 1) return "matches " + n;
	if (found.getRootNode() !== doc) return "not in the document searched";
	return answer(found);
}`

// closedRootOfJS is closedRootOf(e): the closed shadow root of e that the
// replay's ClosedRoots script kept (pagejs), or null.
const closedRootOfJS = `
	const closedRootOf = (e) => {
		const w = e.ownerDocument && e.ownerDocument.defaultView;
		const m = w && w[Symbol.for("` + pagejs.ClosedRootsKey + `")];
		return (m && m.get(e)) || null;
	};`

// probeRootsJS is the part of a probe's page function that gathers what
// it searches: roots, the document, the documents of its same-origin
// frames, every open shadow root and every closed one the ClosedRoots
// script kept (as the tree is searched); hosts, the custom elements
// without a shadow root it can see (which may hold a closed one, out of
// page script's reach); and frames, the <iframe>s whose document page
// script cannot read (cross-origin), at most maxHosts of each, for DevTools
// to look into (frameChecks). answer(x) is what the page function returns
// with them. It returns the reason the probe cannot speak for the page
// instead: a plugin, too many hosts or frames, or an element for which
// uaTree(e, tag) says its user-agent shadow tree holds what the tree would
// see and page script cannot. doc is the document.
var probeRootsJS = `
	` + closedRootOfJS + `
	const roots = [doc], hosts = [], frames = [];
	// The answer x, or x, the number of hosts, the hosts and the frames.
	const answer = x => hosts.length || frames.length ? [x, hosts.length].concat(hosts, frames) : x;
	// each calls fn on every element of the roots.
	const each = fn => {
		for (const r of roots) {
			const all = r.nodeType === 9 ? r.getElementsByTagName("*") : r.querySelectorAll("*");
			for (let j = 0; j < all.length; j++) fn(all[j]);
		}
	};
	for (let i = 0; i < roots.length; i++) {
		const all = roots[i].nodeType === 9 ? roots[i].getElementsByTagName("*") : roots[i].querySelectorAll("*");
		for (let j = 0; j < all.length; j++) {
			const e = all[j], t = e.localName;
			if (t === "iframe" || t === "frame") {
				let d = null;
				try { d = e.contentDocument; } catch (x) { d = null; }
				if (d) roots.push(d);
				else if (frames.length === maxHosts) return "cross-origin frames";
				else frames.push(e);
				continue;
			}
			if (t === "object" || t === "embed") return "plugins";
			if (uaTree(e, t)) return "user-agent shadow trees";
			const sr = e.shadowRoot || closedRootOf(e);
			if (sr) roots.push(sr);
			else if (t.indexOf("-") > 0) {
				if (hosts.length === maxHosts) return "custom elements";
				hosts.push(e);
			}
		}
	}
`

// probeRoleJS is RoleOf, AccessibleName, contentName and labelled
// (aria.go, text.go) and Node.Text (dom.go) in page script, line for line,
// as roleOf(e), accName(e) and labelled(e, want), with the role tables
// taken from aria.go: a probe must count what the tree would. Probe checks
// the element it finds against the Go functions on the slice.
var probeRoleJS = `
		const WS = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;
		const collapse = s => s.split(WS).filter(Boolean).join(" ");
		const tagOf = e => e.localName.toLowerCase();
		const SKIP = /^(script|style|template|noscript|head)$/;
		const UASHADOW = /^(input|textarea|select|details|video|audio|meter|progress|marquee|img|object|embed)$/;
		const INLINE = /^(a|abbr|b|bdi|bdo|big|cite|code|data|del|dfn|em|font|i|ins|kbd|label|mark|nobr|q|s|samp|small|span|strike|strong|sub|sup|time|tt|u|var)$/;
		function collect(n, shadow, out, names) {
			if (n.nodeType === 3) { out.push(n.data); return; }
			if (n.nodeType === 1) {
				const t = tagOf(n);
				if (SKIP.test(t)) return;
				if (names) {
					if (n.getAttribute("aria-hidden") === "true" || n.hasAttribute("hidden")) return;
					const l = collapse(n.getAttribute("aria-label") || "");
					if (l) { out.push(" ", l, " "); return; }
					if (t === "img") { out.push(" ", collapse(n.getAttribute("alt") || ""), " "); return; }
				}
			}
			const sep = n.nodeType === 1 && !INLINE.test(tagOf(n));
			if (sep) out.push(" ");
			if (shadow && n.nodeType === 1 && n.shadowRoot) collect(n.shadowRoot, shadow, out, names);
			for (let c = n.firstChild; c; c = c.nextSibling) collect(c, shadow, out, names);
			if (sep) out.push(" ");
		}
		function text(e) {
			let out = [];
			collect(e, false, out);
			let t = collapse(out.join(""));
			if (t === "" && (e.shadowRoot || UASHADOW.test(tagOf(e)))) {
				out = [];
				collect(e, true, out);
				t = collapse(out.join(""));
			}
			return t;
		}
		const ARIA = new Set(` + jsonString(ariaRoleNames) + `);
		const INPUT_ROLE = ` + jsonString(inputRoles) + `;
		const TEXTLIKE = ` + jsonString(textLike) + `;
		const focusable = e => { const t = (e.getAttribute("tabindex") || "").trim(); return t !== "" && !isNaN(+t); };
		const hasOwnName = e => !!((e.getAttribute("aria-label") || "").trim() || e.getAttribute("aria-labelledby") || (e.getAttribute("title") || "").trim());
		const closestAbove = (e, ok) => { for (let p = e.parentNode; p && p.nodeType === 1; p = p.parentNode) if (ok(p)) return p; return null; };
		const sectioned = e => !!closestAbove(e, p => /^(article|aside|main|nav|section)$/.test(tagOf(p)) ||
			/^(article|complementary|main|navigation|region)$/.test((p.getAttribute("role") || "").trim()));
		function tableRole(e) {
			const t = closestAbove(e, p => tagOf(p) === "table" || /^(table|grid|treegrid)$/.test((p.getAttribute("role") || "").trim()));
			if (!t) return "";
			const r = (t.getAttribute("role") || "").trim();
			return r === "grid" || r === "treegrid" ? "grid" : "table";
		}
		function headerRole(e) {
			if (!tableRole(e)) return "";
			const sc = (e.getAttribute("scope") || "").toLowerCase();
			if (sc === "row" || sc === "rowgroup") return "rowheader";
			if (sc === "col" || sc === "colgroup") return "columnheader";
			const row = e.parentNode;
			if (!row || row.nodeType !== 1) return "columnheader";
			if (row.parentNode && row.parentNode.nodeType === 1 && tagOf(row.parentNode) === "thead") return "columnheader";
			for (const c of row.children) if (tagOf(c) === "td") return "rowheader";
			return "columnheader";
		}
		function implicitRole(e) {
			const t = tagOf(e);
			switch (t) {
			case "a": case "area": return e.hasAttribute("href") ? "link" : "";
			case "button": case "summary": return "button";
			case "input": {
				const ty = (e.getAttribute("type") || "").toLowerCase();
				if (e.hasAttribute("list") && TEXTLIKE[ty]) return "combobox";
				return ty in INPUT_ROLE ? INPUT_ROLE[ty] : "textbox";
			}
			case "select": return e.hasAttribute("multiple") || +(e.getAttribute("size") || "").trim() > 1 ? "listbox" : "combobox";
			case "option": return "option";
			case "textarea": return "textbox";
			case "h1": case "h2": case "h3": case "h4": case "h5": case "h6": return "heading";
			case "img": return e.getAttribute("alt") === "" && !hasOwnName(e) ? "" : "img";
			case "nav": return "navigation";
			case "main": return "main";
			case "aside": return "complementary";
			case "header": return sectioned(e) ? "" : "banner";
			case "footer": return sectioned(e) ? "" : "contentinfo";
			case "form": return "form";
			case "search": return "search";
			case "section": return hasOwnName(e) ? "region" : "";
			case "dialog": return "dialog";
			case "fieldset": case "details": return "group";
			case "table": return "table";
			case "tr": return tableRole(e) ? "row" : "";
			case "td": { const r = tableRole(e); return r === "grid" ? "gridcell" : r ? "cell" : ""; }
			case "th": return headerRole(e);
			case "ul": case "ol": case "menu": return "list";
			case "li": { const p = e.parentNode; return p && p.nodeType === 1 && (/^(ul|ol|menu)$/.test(tagOf(p)) || roleOf(p) === "list") ? "listitem" : ""; }
			case "progress": return "progressbar";
			case "meter": return "meter";
			case "output": return "status";
			case "article": return "article";
			case "figure": return "figure";
			case "hr": return "separator";
			case "p": return "paragraph";
			}
			return "";
		}
		function roleOf(e) {
			for (const r of collapse((e.getAttribute("role") || "").toLowerCase()).split(" ")) {
				if (!ARIA.has(r)) continue;
				if (r === "none" || r === "presentation") return focusable(e) ? implicitRole(e) : "";
				return r === "generic" ? "" : r;
			}
			return implicitRole(e);
		}
		const CONTENT = /^(button|link|heading|option|cell|gridcell|columnheader|rowheader|checkbox|radio|tab|menuitem|menuitemcheckbox|menuitemradio|treeitem|switch|tooltip|term)$/;
		function contentName(e) {
			const out = [];
			for (let c = e.firstChild; c; c = c.nextSibling) collect(c, false, out, true);
			return collapse(out.join("")) || text(e);
		}
		const labelMaps = new Map();
		function labelsFor(root, id) {
			let m = labelMaps.get(root);
			if (!m) {
				m = new Map();
				for (const l of root.querySelectorAll("label")) {
					const f = l.getAttribute("for");
					if (f) { if (!m.has(f)) m.set(f, []); m.get(f).push(l); }
				}
				labelMaps.set(root, m);
			}
			return m.get(id) || [];
		}
		function labelOf(e) {
			const t = tagOf(e);
			if (!/^(input|select|textarea|button|meter|output|progress)$/.test(t) || (t === "input" && (e.getAttribute("type") || "").toLowerCase() === "hidden")) return "";
			const parts = [];
			const id = e.getAttribute("id");
			if (id) for (const l of labelsFor(e.getRootNode(), id)) parts.push(text(l));
			for (let p = e.parentNode; p && p.nodeType === 1; p = p.parentNode) {
				if (tagOf(p) === "label") { parts.push(text(p)); break; }
			}
			return collapse(parts.join(" "));
		}
		function accName(e) {
			const ids = collapse(e.getAttribute("aria-labelledby") || "");
			if (ids) {
				const root = e.getRootNode(), parts = [];
				for (const id of ids.split(" ")) {
					const l = root.getElementById(id);
					if (l) parts.push(text(l));
				}
				const s = collapse(parts.join(" "));
				if (s) return s;
			}
			let s = collapse(e.getAttribute("aria-label") || "");
			if (s) return s;
			if ((s = labelOf(e))) return s;
			if (tagOf(e) === "input") {
				const ty = (e.getAttribute("type") || "").toLowerCase();
				if (ty === "button" || ty === "submit" || ty === "reset") {
					const v = e.getAttribute("value");
					if (v) return collapse(v);
					if (ty === "submit") return "Submit";
					if (ty === "reset") return "Reset";
				} else if (ty === "image") {
					const a = e.getAttribute("alt");
					if (a) return collapse(a);
				}
			}
			if (CONTENT.test(roleOf(e))) {
				const t = contentName(e);
				if (t) return t;
			}
			for (const a of ["title", "alt", "placeholder"]) {
				const v = collapse(e.getAttribute(a) || "");
				if (v) return v;
			}
			return "";
		}
		// labelled is labelled (text.go): e's labels, its aria-label or its
		// aria-labelledby name it want, case aside.
		const fold = (a, b) => a === b || a.toLowerCase() === b.toLowerCase() || a.toUpperCase() === b.toUpperCase();
		function labelled(e, want) {
			const l = labelOf(e);
			if (l && fold(l, want)) return true;
			const a = collapse(e.getAttribute("aria-label") || "");
			if (a && fold(a, want)) return true;
			return e.hasAttribute("aria-labelledby") && fold(accName(e), want);
		}
`

// jsonString is v as JSON, for page functions built with Go's tables.
func jsonString(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // the tables are plain strings and maps of them
	}
	return string(b)
}

// probeMaxHosts bounds the custom elements without an open shadow root
// whose shadow roots a probe asks DevTools about; a page with more is
// read whole.
const probeMaxHosts = 16

// probeSliceJS returns, as JSON (probeNode), the slice of the DOM around
// the element (this) that verifying it reads: its subtree; its ancestors,
// each with only the child on the way down, but a <label> around it whole
// (it names the element); and the labels for its id and its
// aria-labelledby elements, under the document. "" when the slice is too
// large to be worth it.
const probeSliceJS = `function () {
	const el = this, doc = el.ownerDocument;
	` + closedRootOfJS + `
	const MAX = 3000;
	let count = 0;
	function full(n) {
		if (++count > MAX) throw new Error("large");
		const o = { t: n.nodeType, n: n.nodeName };
		// A shadow tree gives its host text the tree reads: not in a slice.
		if (n.nodeType === 1 && (n.shadowRoot || closedRootOf(n) || n.localName.indexOf("-") > 0)) throw new Error("shadow host");
		if (n.nodeType === 1) {
			o.l = n.localName;
			o.a = [];
			for (const k of n.getAttributeNames()) o.a.push(k, n.getAttribute(k));
			if (n === el) o.x = 1;
			o.c = [];
			for (let c = n.firstChild; c; c = c.nextSibling) if (c.nodeType === 1 || c.nodeType === 3) o.c.push(full(c));
		} else {
			o.v = n.data;
		}
		return o;
	}
	try {
		let top = el;
		for (let p = el.parentElement; p; p = p.parentElement) if (p.localName === "label") { top = p; break; }
		let node = full(top);
		for (let p = top.parentElement; p; p = p.parentElement) {
			const o = { t: 1, n: p.nodeName, l: p.localName, a: [], c: [node] };
			for (const k of p.getAttributeNames()) o.a.push(k, p.getAttribute(k));
			node = o;
		}
		// f: the document is a frame's, not the page's top one.
		const win = doc.defaultView;
		const root = { t: 9, n: "#document", f: win && win !== win.top ? 1 : 0, c: [node] };
		const refs = [];
		const id = el.getAttribute("id");
		if (id) for (const l of doc.querySelectorAll("label[for]")) if (l.getAttribute("for") === id) refs.push(l);
		for (const r of (el.getAttribute("aria-labelledby") || "").trim().split(/\s+/)) {
			const x = r && doc.getElementById(r);
			if (x) refs.push(x);
		}
		const whole = [top];
		for (const x of refs) {
			if (whole.some(w => w.contains(x))) continue;
			whole.push(x);
			root.c.push(full(x));
		}
		return JSON.stringify(root);
	} catch (e) { return ""; }
}`

// probeNode is one node of probeSliceJS's answer.
type probeNode struct {
	T int         `json:"t"`
	N string      `json:"n"`
	L string      `json:"l"`
	A []string    `json:"a"`
	V string      `json:"v"`
	C []probeNode `json:"c"`
	X int         `json:"x"`
	F int         `json:"f"`
}

// probeTarget finds the element (probeFindJS), then at once reads the
// slice around it (probeSliceJS), its backend id and its box, and returns
// it as a node of a Doc holding that slice, with its box measured in env,
// and its object (in env.ObjectGroup when set, else "").
func probeTarget(ctx context.Context, env *Env, q probeQuery, s chain.Strategy) (*Node, proto.RuntimeRemoteObjectID, bool) {
	p := env.Page.Context(ctx)
	// Plain calls, not rod's Page.Evaluate, which retries while the page
	// navigates: a probe that cannot answer at once must give way.
	group := fmt.Sprintf("chainreplay-probe-%d", probeGroups.Add(1))
	defer func() {
		go proto.RuntimeReleaseObjectGroup{ObjectGroup: group}.Call(env.Page) //nolint:errcheck // best effort, off the step's path
	}()
	doc, ok := probeDocument(p, env.Target.FramePath, group)
	if !ok {
		return nil, "", false
	}
	args := []*proto.RuntimeCallArgument{{Value: jsonValue(q)}, {Value: jsonValue(s.Value)}}
	// The element's object goes in the caller's group when it has one
	// (see Env.ObjectGroup); the rest in the probe's own.
	keep := env.ObjectGroup
	if keep == "" {
		keep = group
	}
	found, err := proto.RuntimeCallFunctionOn{ObjectID: doc, FunctionDeclaration: probeFindJS,
		Arguments: args, ObjectGroup: keep}.Call(p)
	if err != nil || found.ExceptionDetails != nil || found.Result.ObjectID == "" {
		return nil, "", false
	}
	// The element, or the element then custom elements that may hold
	// closed roots.
	el, hosts, frames, ok := probeSplit(p, found.Result)
	if !ok || el.Subtype != proto.RuntimeRemoteObjectSubtypeNode || el.ObjectID == "" {
		return nil, "", false
	}
	obj := el.ObjectID
	var closed atomic.Bool
	checks := closedRootChecks(p, hosts, &closed)
	if len(frames) > 0 {
		cq, ok := countQueryOf(s)
		if !ok {
			return nil, "", false
		}
		checks = append(checks, frameChecks(p, frames, []countQuery{cq}, group, &closed)...)
	}
	target, ok := sliceOf(p, env, obj, checks...)
	if !ok || closed.Load() {
		return nil, "", false
	}
	if env.ObjectGroup == "" {
		obj = ""
	}
	return target, obj, true
}

// probeDocument returns the document a probe searches, in group: the top
// document, or the document the frame path leads to, as Env.Scope searches
// it. Each <iframe> of the path is found by its selector in its parent's
// document, and its document is resolved through DevTools, in the frame's
// own world when it is of another origin. ok is false when the path no
// longer resolves (the tree then searches every frame) or a frame is out
// of process.
func probeDocument(p proto.Client, path []string, group string) (proto.RuntimeRemoteObjectID, bool) {
	doc, err := proto.RuntimeEvaluate{Expression: "document", ObjectGroup: group}.Call(p)
	if err != nil || doc.Result.ObjectID == "" {
		return "", false
	}
	cur := doc.Result.ObjectID
	for _, sel := range path {
		f, err := proto.RuntimeCallFunctionOn{ObjectID: cur, ObjectGroup: group, Arguments: []*proto.RuntimeCallArgument{{Value: jsonValue(sel)}},
			FunctionDeclaration: `function (sel) { try { const f = this.querySelector(sel); return f && /^i?frame$/.test(f.localName) ? f : null; } catch (e) { return null; } }`}.Call(p)
		if err != nil || f.ExceptionDetails != nil || f.Result.ObjectID == "" {
			return "", false
		}
		var ok bool
		if cur, ok = frameDocument(p, f.Result.ObjectID, group); !ok {
			return "", false
		}
	}
	return cur, true
}

// frameDocument resolves the document of the <iframe> frame, in group: in
// the frame's own world when it is of another origin. ok is false when the
// frame is out of process or not loaded.
func frameDocument(p proto.Client, frame proto.RuntimeRemoteObjectID, group string) (doc proto.RuntimeRemoteObjectID, ok bool) {
	depth := 1
	d, err := proto.DOMDescribeNode{ObjectID: frame, Depth: &depth, Pierce: true}.Call(p)
	if err != nil || d.Node.ContentDocument == nil {
		return "", false
	}
	r, err := proto.DOMResolveNode{BackendNodeID: d.Node.ContentDocument.BackendNodeID, ObjectGroup: group}.Call(p)
	if err != nil || r.Object.ObjectID == "" {
		return "", false
	}
	return r.Object.ObjectID, true
}

// sliceOf reads the slice of the DOM around the element obj
// (probeSliceJS), its backend id and its box at once, with the extra calls
// also, and returns it as a node of a Doc holding that slice, with its box
// measured in env. It fails when the slice is not worth it (a shadow host
// in it, or too large).
func sliceOf(p proto.Client, env *Env, obj proto.RuntimeRemoteObjectID, also ...func()) (*Node, bool) {
	var (
		slice            *proto.RuntimeCallFunctionOnResult
		desc             *proto.DOMDescribeNodeResult
		box              *proto.DOMGetBoxModelResult
		sErr, dErr, bErr error
	)
	fns := append([]func(){
		func() {
			slice, sErr = proto.RuntimeCallFunctionOn{ObjectID: obj, FunctionDeclaration: probeSliceJS, ReturnByValue: true}.Call(p)
		},
		func() { desc, dErr = proto.DOMDescribeNode{ObjectID: obj}.Call(p) },
		func() { box, bErr = proto.DOMGetBoxModel{ObjectID: obj}.Call(p) },
	}, also...)
	par.Do(fns...)
	if sErr != nil || dErr != nil || slice.ExceptionDetails != nil || desc.Node.BackendNodeID == 0 {
		return nil, false
	}
	js := slice.Result.Value.Str()
	if js == "" {
		return nil, false
	}
	var root probeNode
	if err := json.Unmarshal([]byte(js), &root); err != nil {
		return nil, false
	}
	d := &Doc{byBackend: map[proto.DOMBackendNodeID]*Node{}, byNodeID: map[nodeKey]*Node{}, byRef: map[NodeRef]*Node{}}
	d.Root = d.build(root.proto(desc.Node.BackendNodeID), nil, nil, nil)
	d.subframe = root.F == 1
	target := d.ByBackendID(desc.Node.BackendNodeID)
	if target == nil {
		return nil, false
	}
	var r *chain.Rect // none for an element without a layout box
	if bErr == nil && box.Model != nil {
		q := QuadRect(box.Model.Border)
		r = &q
	}
	if env.boxes == nil {
		env.boxes = map[*Node]*chain.Rect{}
	}
	env.boxes[target] = r
	return target, true
}

// probeSplit reads the answer of a probe's page function (probeFindJS,
// probeCountJS): the answer itself, or, when it is an array (answer in
// probeRootsJS), its first item, the objects of the hosts and those of the
// cross-origin frames. ok is false when the array cannot be read.
func probeSplit(p proto.Client, res *proto.RuntimeRemoteObject) (first *proto.RuntimeRemoteObject, hosts, frames []proto.RuntimeRemoteObjectID, ok bool) {
	if res.Subtype != proto.RuntimeRemoteObjectSubtypeArray {
		return res, nil, nil, true
	}
	props, err := proto.RuntimeGetProperties{ObjectID: res.ObjectID, OwnProperties: true}.Call(p)
	if err != nil {
		return nil, nil, nil, false
	}
	items := map[int]*proto.RuntimeRemoteObject{}
	for _, pr := range props.Result {
		if i, err := strconv.Atoi(pr.Name); err == nil && pr.Value != nil {
			items[i] = pr.Value
		}
	}
	first, count := items[0], items[1]
	if first == nil || count == nil || count.Type != proto.RuntimeRemoteObjectTypeNumber {
		return nil, nil, nil, false
	}
	nh := count.Value.Int()
	for i := 2; i < len(items); i++ {
		v := items[i]
		if v == nil || v.Subtype != proto.RuntimeRemoteObjectSubtypeNode || v.ObjectID == "" {
			return nil, nil, nil, false
		}
		if i < 2+nh {
			hosts = append(hosts, v.ObjectID)
		} else {
			frames = append(frames, v.ObjectID)
		}
	}
	return first, hosts, frames, true
}

// frameChecks returns one set of DevTools calls per cross-origin frame
// that sets some unless page script in the frame's own document counts no
// match for any of qs (probeCountJS, run there in the frame's main world):
// a frame that cannot be read or counted (out of process, not loaded, with
// frames or custom elements of its own) sets it too. For the caller to run
// with its own.
func frameChecks(p proto.Client, frames []proto.RuntimeRemoteObjectID, qs []countQuery, group string, some *atomic.Bool) []func() {
	fns := make([]func(), 0, len(frames))
	for _, f := range frames {
		fns = append(fns, func() {
			if !frameCountsNone(p, f, qs, group) {
				some.Store(true)
			}
		})
	}
	return fns
}

func frameCountsNone(p proto.Client, frame proto.RuntimeRemoteObjectID, qs []countQuery, group string) bool {
	doc, ok := frameDocument(p, frame, group)
	if !ok {
		return false
	}
	res, err := proto.RuntimeCallFunctionOn{ObjectID: doc, FunctionDeclaration: probeCountJS,
		Arguments: []*proto.RuntimeCallArgument{{Value: jsonValue(qs)}, {Value: jsonValue(0)}}, ObjectGroup: group}.Call(p)
	if err != nil || res.ExceptionDetails != nil {
		return false
	}
	// A plain answer: hosts or frames of its own (maxHosts 0) make it a reason.
	return allZero(res.Result, len(qs))
}

// allZero reports whether a counting page function's answer (probeCountJS)
// is n counts of 0, not a reason the page cannot be counted.
func allZero(res *proto.RuntimeRemoteObject, n int) bool {
	if res.Type != proto.RuntimeRemoteObjectTypeString {
		return false
	}
	var counts []int
	if json.Unmarshal([]byte(res.Value.Str()), &counts) != nil || len(counts) != n {
		return false
	}
	for _, c := range counts {
		if c != 0 {
			return false
		}
	}
	return true
}

// closedRootChecks returns one DevTools call per host (a custom element
// without an open shadow root) that sets closed when the host holds a
// shadow root page script did not see, for the caller to run with its own.
func closedRootChecks(p proto.Client, hosts []proto.RuntimeRemoteObjectID, closed *atomic.Bool) []func() {
	fns := make([]func(), 0, len(hosts))
	for _, h := range hosts {
		fns = append(fns, func() {
			d, err := proto.DOMDescribeNode{ObjectID: h, Pierce: true}.Call(p)
			if err != nil || len(d.Node.ShadowRoots) > 0 {
				closed.Store(true)
			}
		})
	}
	return fns
}

// probeGroups numbers the object groups of probes: each probe releases
// its own after it answers, without touching a later probe's.
var probeGroups atomic.Int64

// proto converts the probe's node into the shape DOM.getDocument gives,
// with backend id target on the marked element and none elsewhere (no
// DevTools call may be made about the other nodes).
func (pn *probeNode) proto(target proto.DOMBackendNodeID) *proto.DOMNode {
	n := &proto.DOMNode{NodeType: pn.T, NodeName: pn.N, LocalName: pn.L, NodeValue: pn.V, Attributes: pn.A}
	if pn.X == 1 {
		n.BackendNodeID = target
	}
	for i := range pn.C {
		n.Children = append(n.Children, pn.C[i].proto(target))
	}
	return n
}
