package strategies

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/pagejs"
	"github.com/qa-chain/chainreplay/internal/par"
	"github.com/qa-chain/chainreplay/similarity"
	"github.com/qa-chain/chainreplay/snapshot"
)

// A round that heals without the page's tree.
//
// When a step's target has changed, every strategy of its chain fails and
// the round comes down to similarity healing and the coordinates. Reading
// the page's whole tree (DOM.getDocument) for that costs 200 ms on a page of
// ten thousand elements and a second at fifty thousand, only to learn that
// nothing matches. SkipTree learns it in one page function instead: it
// counts, in page script, the matches of every strategy before similarity,
// and when they are all none (on a page a probe can speak for, of at least
// TreelessFrom elements), the round is evaluated without the tree: those strategies report nothing
// found, similarity ranks the page snapshot's candidates (package snapshot,
// described in the recorder's terms: TestSnapshotDescribesCandidatesAsTheTree),
// and the coordinates look up the element at the point alone. The element
// taken is read as a slice of the DOM around it (sliceOf), as a probe reads
// one. Whatever that cannot do (an element in a frame or shadow tree, a
// stale snapshot) sets NeedsTree, and the caller evaluates the round on the
// tree as before.

// ErrNeedsTree is returned (wrapped) by an evaluation without the tree that
// found it needs the tree after all.
var ErrNeedsTree = errors.New("needs the page's tree")

// countQuery is one strategy as probeCountJS counts it.
type countQuery struct {
	// Sel is a css strategy's selector.
	Sel string `json:"sel,omitempty"`
	// Attrs and Value make the attribute selector in page script (quoting
	// is done there, as probeFindJS does).
	Attrs []string `json:"attrs,omitempty"`
	Value string   `json:"value,omitempty"`
	// ByRole counts elements of Role named Name (any name unless HasName).
	ByRole  bool   `json:"byRole,omitempty"`
	Role    string `json:"role,omitempty"`
	Name    string `json:"name,omitempty"`
	HasName bool   `json:"hasName,omitempty"`
	// Text counts elements whose text is it (textEvaluator's rules, at
	// their loosest: case and white space aside).
	Text string `json:"text,omitempty"`
	// Label counts form controls labelled it (labelEvaluator's rules).
	Label string `json:"label,omitempty"`
	// XPath counts the expression's matches in each document.
	XPath string `json:"xpath,omitempty"`
}

// countQueryOf returns the query that counts s's matches, or false when
// page script cannot count them as the tree would.
func countQueryOf(s chain.Strategy) (countQuery, bool) {
	if s.Value == "" {
		return countQuery{}, false
	}
	switch s.Type {
	case chain.TestID:
		return countQuery{Attrs: TestIDAttrs, Value: s.Value}, true
	case chain.ID:
		return countQuery{Attrs: []string{"id"}, Value: s.Value}, true
	case chain.Name:
		return countQuery{Attrs: []string{"name"}, Value: s.Value}, true
	case chain.Placeholder:
		return countQuery{Attrs: []string{"placeholder"}, Value: s.Value}, true
	case chain.CSS:
		return countQuery{Sel: s.Value}, true
	case chain.Role:
		role, name, hasName := roleValue(s.Value)
		if role == "" {
			return countQuery{}, false
		}
		return countQuery{ByRole: true, Role: role, Name: name, HasName: hasName}, true
	case chain.Text:
		if t := unspaced(collapse(s.Value)); t != "" {
			return countQuery{Text: t}, true
		}
	case chain.Label:
		if l := collapse(s.Value); l != "" {
			return countQuery{Label: l}, true
		}
	case chain.XPath:
		return countQuery{XPath: s.Value}, true
	}
	return countQuery{}, false
}

// SkipTree reports whether env's round can be evaluated without the page's
// tree, and if so puts env in that mode until Reset. It can when the
// target has no frame or shadow path and a fingerprint, order (the chain in
// evaluation order) is strategies page script can count, then similarity,
// then at most the coordinates, and none of the first matches anything on
// the page (probeCountJS, one page function for all of them, with
// DevTools asked about custom elements that may hold closed shadow roots).
// Its cost is that page function: a few milliseconds, tens on a page of
// ten thousand elements. A page whose top document has fewer than
// TreelessFrom elements is read whole, which costs less there. As for
// Probe, a closed shadow root page script cannot see (on a plain element,
// without the ClosedRoots script, or declared in HTML) goes uncounted.
func SkipTree(ctx context.Context, env *Env, order []chain.Strategy) bool {
	t := env.Target
	if t == nil || t.Fingerprint == nil || len(t.FramePath) > 0 || len(t.ShadowPath) > 0 {
		return false
	}
	i := 0
	for ; i < len(order); i++ {
		if _, ok := countQueryOf(order[i]); !ok {
			break
		}
	}
	if i == len(order) || order[i].Type != chain.Similarity {
		return false
	}
	for _, s := range order[i+1:] {
		if s.Type != chain.Coordinates {
			return false
		}
	}
	var none bool
	env.whileReadingViewport(ctx, func() { none = env.countsNone(ctx, order[:i], TreelessFrom) })
	if !none {
		return false
	}
	env.treeless = true
	return true
}

// TreelessFrom is how many elements a page must have for SkipTree to let a
// round go without the tree. Below it the tree costs less than a snapshot
// captured for the first time on the page (the walker's code is cold then):
// on generated pages just loaded, a heal round without the tree took 27, 31,
// 58 and 85 ms at 100, 300, 1000 and 3000 elements, on the tree 16, 25, 50
// and 107 ms.
var TreelessFrom = 2000

// CountsNone reports whether page script counts no match on the page for
// any of ss, as the tree's evaluators would count them (the count SkipTree
// makes; TestCountNoneIsSound): false when it counts one, or cannot count
// them all.
// The strategies counted none are remembered for the round (until
// Env.Reset), and not counted again.
func CountsNone(ctx context.Context, env *Env, ss []chain.Strategy) bool {
	return env.countsNone(ctx, ss, 0)
}

// StillCountsNone counts ss again, whatever the round counted before: a
// verdict put together from several page calls (a strategy counted none,
// then the next one probed) holds only if the page did not change under
// it, as a page that renders late does.
func StillCountsNone(ctx context.Context, env *Env, ss []chain.Strategy) bool {
	for _, s := range ss {
		delete(env.none, noneKey(s))
	}
	return env.countsNone(ctx, ss, 0)
}

// countsNone is CountsNone on a page whose top document has at least
// minElements elements.
func (e *Env) countsNone(ctx context.Context, ss []chain.Strategy, minElements int) bool {
	qs := make([]countQuery, 0, len(ss))
	for _, s := range ss {
		q, ok := countQueryOf(s)
		if !ok {
			return false
		}
		if !e.none[noneKey(s)] {
			qs = append(qs, q)
		}
	}
	if !countNone(ctx, e, qs, minElements) {
		return false
	}
	if e.none == nil {
		e.none = map[string]bool{}
	}
	for _, s := range ss {
		e.none[noneKey(s)] = true
	}
	return true
}

// noneKey is what a count of s depends on.
func noneKey(s chain.Strategy) string { return string(s.Type) + "\x00" + s.Value }

// countNone reports whether page script counts no match for any of qs, on
// a page it can speak for whose top document has at least minElements
// elements.
func countNone(ctx context.Context, env *Env, qs []countQuery, minElements int) bool {
	p := env.Page.Context(ctx)
	if minElements > 0 {
		// The top document's elements alone tell a small page, in one
		// cheap call, before the counting function is even compiled.
		size, err := proto.RuntimeEvaluate{Expression: `document.getElementsByTagName("*").length`, ReturnByValue: true}.Call(p)
		if err != nil || size.Result.Value.Int() < minElements {
			return false
		}
	}
	if len(qs) == 0 {
		return true // all counted before in the round
	}
	group := fmt.Sprintf("chainreplay-probe-%d", probeGroups.Add(1))
	defer func() {
		go proto.RuntimeReleaseObjectGroup{ObjectGroup: group}.Call(env.Page) //nolint:errcheck // best effort, off the step's path
	}()
	doc, err := proto.RuntimeEvaluate{Expression: "document", ObjectGroup: group}.Call(p)
	if err != nil || doc.Result.ObjectID == "" {
		return false
	}
	res, err := proto.RuntimeCallFunctionOn{ObjectID: doc.Result.ObjectID, FunctionDeclaration: probeCountJS,
		Arguments: []*proto.RuntimeCallArgument{{Value: jsonValue(qs)}, {Value: jsonValue(probeMaxHosts)}}, ObjectGroup: group}.Call(p)
	if err != nil || res.ExceptionDetails != nil {
		return false
	}
	// The counts, or the counts then custom elements that may hold
	// closed roots.
	first, hosts, frames, ok := probeSplit(p, res.Result)
	if !ok || !allZero(first, len(qs)) {
		return false
	}
	var some atomic.Bool
	par.Do(append(closedRootChecks(p, hosts, &some), frameChecks(p, frames, qs, group, &some)...)...)
	return !some.Load()
}

// probeCountJS counts, for each query (countQuery), its matches in the
// document, the documents of its same-origin frames and every open shadow
// root, and returns the counts as a JSON array; or, when the page is not
// one it can speak for, the reason as a string. Custom elements without an
// open shadow root follow the counts in an array, for DevTools to look
// into. Text and label queries count as the tree's evaluators would, with
// the page functions RoleOf, AccessibleName, LabelOf and Text are ported
// to (probeRoleJS); what page script cannot see of an element's
// user-agent shadow tree (a control's value or placeholder, a default
// button label) is compared as if it were its text, and pages with media,
// date, file or colour controls or <details> are not counted.
var probeCountJS = `function (qs, maxHosts) {
	const doc = document;
	const loose = qs.some(q => q.byRole || q.text || q.label);
	const uaTree = (e, t) => loose && (t === "video" || t === "audio" || t === "details" ||
		(t === "input" && /^(date|time|datetime-local|month|week|file|color)$/.test((e.getAttribute("type") || "").toLowerCase())));
	` + probeRootsJS + `
	` + probeRoleJS + `
	const quote = v => '"' + v.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\a ").replace(/\r/g, "\\d ") + '"';
	const bare = s => s.replace(/\s+/g, "");
	const SKIPTEXT = /^(html|body|head|script|style)$/;
	const UATEXT = /^(input|textarea|select|img|meter|progress|marquee)$/;
	// What a control's user-agent shadow tree may show as its text.
	const uaTexts = e => {
		const out = [e.getAttribute("value"), e.getAttribute("placeholder"), e.getAttribute("alt"), e.getAttribute("title")];
		if (typeof e.value === "string") out.push(e.value);
		if (e.localName === "input") {
			const ty = (e.getAttribute("type") || "").toLowerCase();
			if (ty === "submit") out.push("Submit");
			if (ty === "reset") out.push("Reset");
		}
		return out.filter(Boolean);
	};
	function count(q) {
		let n = 0;
		if (q.sel || q.attrs) {
			const sel = q.sel || q.attrs.map(a => "[" + a + "=" + quote(q.value) + "]").join(",");
			for (const r of roots) n += r.querySelectorAll(sel).length;
		} else if (q.byRole) {
			const want = (q.name || "").toLowerCase();
			each(e => { if (roleOf(e) === q.role && (!q.hasName || accName(e).toLowerCase() === want)) n++; });
		} else if (q.label) {
			each(e => { if (labelled(e, q.label)) n++; });
		} else if (q.text) {
			// Text, as the tree's Text is, for every element would cost the
			// sum of their subtrees. White space aside, an element's text
			// is its text nodes but those under skipped elements: one walk
			// adds up those lengths, and only elements whose length is
			// about the value's are read whole. Hosts whose shadow text
			// stands in for their own, and controls whose user-agent
			// shadow tree shows their value, are read when their own text
			// is empty.
			const want = q.text.toLowerCase(), wl = q.text.length;
			const check = (e, len) => {
				const t = e.localName;
				if (SKIPTEXT.test(t)) return;
				if (len > 0) {
					if (Math.abs(len - wl) <= 4 && bare(text(e)).toLowerCase() === want) n++;
					return;
				}
				if (e.shadowRoot) {
					if (bare(text(e)).toLowerCase() === want) n++;
				} else if (UATEXT.test(t) && uaTexts(e).some(v => bare(v).toLowerCase() === want)) n++;
			};
			const walk = e => {
				let len = 0;
				for (let c = e.firstChild; c; c = c.nextSibling) {
					if (c.nodeType === 3) len += bare(c.data).length;
					else if (c.nodeType === 1) {
						const l = walk(c);
						if (!SKIP.test(tagOf(c))) len += l;
					}
				}
				check(e, len);
				return len;
			};
			for (const r of roots) {
				if (r.nodeType === 9) { if (r.documentElement) walk(r.documentElement); }
				else for (let c = r.firstElementChild; c; c = c.nextElementSibling) walk(c);
			}
		} else if (q.xpath) {
			for (const r of roots) if (r.nodeType === 9) n += r.evaluate(q.xpath, r, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null).snapshotLength;
		}
		return n;
	}
	const counts = [];
	try {
		for (const q of qs) counts.push(count(q));
	} catch (x) {
		return "cannot count: " + x;
	}
	const c = JSON.stringify(counts);
	return answer(c);
}`

// similarityOnSnapshot is the similarity evaluator without the tree: it
// ranks the page snapshot's candidates (the elements similarityCandidate
// keeps, described by similarity.FromNode) as the evaluator ranks the
// tree's, with their boxes from the snapshot and the regions of the
// finalists read from the page (pagejs.Region), and reads the element taken as
// a slice of the DOM. An element taken in a frame or a shadow tree needs
// the tree (NeedsTree).
func similarityOnSnapshot(ctx context.Context, env *Env, fp *chain.Fingerprint, r *Result) {
	fail := func(err error) {
		env.needTree(err)
		r.Err = fmt.Errorf("%w: %w", ErrNeedsTree, err)
	}
	snap, err := snapshot.Capture(ctx, env.Page, snapshot.Options{})
	if err != nil {
		fail(err)
		return
	}
	vp, err := env.Metrics(ctx)
	if err != nil {
		r.Err = err
		return
	}
	byID := make(map[string]*snapshot.Node, len(snap.Nodes))
	for _, n := range snap.Nodes {
		byID[n.ID] = n
	}
	cands := similarity.FromSnapshot(snap, chain.Point{X: snap.ScrollX, Y: snap.ScrollY}, func(n *snapshot.Node) bool {
		return actionable(n.Tag, func(a string) bool { _, ok := n.Attrs.Lookup(a); return ok }, n.Attrs.Get, fp.Tag)
	})
	if len(cands) == 0 {
		r.Err = fmt.Errorf("%w: no interactive element to compare", ErrNotFound)
		return
	}
	env.snap = snap
	keep := firstPass(fp, cands)
	final := make([]similarity.Candidate, len(keep))
	nodes := make([]*snapshot.Node, len(keep))
	names := make([]string, len(keep))
	for i, k := range keep {
		final[i], nodes[i] = cands[k], byID[cands[k].Ref]
		names[i] = candidateName(&final[i])
	}
	if err := finalists(ctx, snap, nodes, final, vp); err != nil {
		fail(err)
		return
	}
	i := decideSimilarity(fp, final, names, len(cands), "", r)
	r.Detail = joinNotes("without the tree: the page snapshot's candidates", r.Detail)
	if i < 0 {
		return
	}
	n := nodes[i]
	if len(n.FramePath) > 0 || len(n.ShadowPath) > 0 || snap.OwnSession(n) {
		r.Confidence = 0
		fail(fmt.Errorf("the element taken, %s, is in a frame or shadow tree", names[i]))
		return
	}
	obj, err := snap.Object(ctx, n)
	if err != nil {
		r.Confidence = 0
		fail(err)
		return
	}
	p := env.Page.Context(ctx)
	el, ok := env.sliceNode(p, obj.ObjectID)
	_ = proto.RuntimeReleaseObject{ObjectID: obj.ObjectID}.Call(p)
	if !ok {
		r.Confidence = 0
		fail(fmt.Errorf("cannot read %s as a slice of the DOM", names[i]))
		return
	}
	// The vet may score this element again (SimilarityScore): it has
	// just been described, region and box included.
	env.snapScored = map[proto.DOMBackendNodeID]similarity.Candidate{el.BackendID: final[i]}
	concludeSimilarity(ctx, env, el, vp, r)
}

// finalists reads, for each of nodes, its region from the page (pagejs.Region)
// and, in the top document, its border box (the snapshot's are rounded to a
// hundredth of a pixel, enough to tip a confidence over a threshold), into
// cands: one page function per world.
func finalists(ctx context.Context, snap *snapshot.Snapshot, nodes []*snapshot.Node, cands []similarity.Candidate, vp Viewport) error {
	res, err := snap.Call(ctx, nodes, finalistsJS)
	if err != nil {
		return err
	}
	for i, v := range res {
		cands[i].Region = v.Get("region").Str()
		cands[i].Unknown = without(cands[i].Unknown, similarity.Region)
		if b, ok := v.Gets("box"); ok && len(b.Arr()) == 4 {
			cands[i].Box, cands[i].Screen = nil, nil
			r := chain.Rect{X: b.Arr()[0].Num(), Y: b.Arr()[1].Num(), Width: b.Arr()[2].Num(), Height: b.Arr()[3].Num()}
			if r.Width > 0 && r.Height > 0 {
				cands[i].Box, cands[i].Screen = placed(r, vp)
			}
		}
	}
	return nil
}

// finalistsJS answers, for each element, its region (the recorder's,
// internal/pagejs) and, in the top document, its border box in viewport CSS
// pixels.
var finalistsJS = `function (els) {
	const region = ` + pagejs.Region + `;
	return els.map(e => {
		const o = { region: region(e) };
		if (e.ownerDocument === document) {
			const r = e.getBoundingClientRect();
			o.box = [r.x, r.y, r.width, r.height];
		}
		return o;
	});
}`

// without returns attrs without a (a new slice).
func without(attrs []similarity.Attr, a similarity.Attr) []similarity.Attr {
	var out []similarity.Attr
	for _, x := range attrs {
		if x != a {
			out = append(out, x)
		}
	}
	return out
}

// similarityScoreOnSnapshot is SimilarityScore in a round without the
// tree whose similarity evaluation captured a snapshot: the element is
// described from its snapshot node, with its region and box read as for a
// finalist. It answers false when the element is not a node of that
// snapshot (the caller reads the tree then).
func similarityScoreOnSnapshot(ctx context.Context, env *Env, fp *chain.Fingerprint, id proto.DOMBackendNodeID) (similarity.Score, bool) {
	snap := env.snap
	if !env.treeless || snap == nil {
		return similarity.Score{}, false
	}
	if c, ok := env.snapScored[id]; ok {
		return scoreAgainst(fp, &c), true
	}
	n, err := snap.NodeForBackendID(ctx, id)
	if err != nil {
		return similarity.Score{}, false
	}
	vp, err := env.Metrics(ctx)
	if err != nil {
		return similarity.Score{}, false
	}
	c := []similarity.Candidate{similarity.FromNode(n, chain.Point{X: snap.ScrollX, Y: snap.ScrollY})}
	if finalists(ctx, snap, []*snapshot.Node{n}, c, vp) != nil {
		return similarity.Score{}, false
	}
	return scoreAgainst(fp, &c[0]), true
}
