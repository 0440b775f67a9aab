package pagemodel

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/go-rod/rod/lib/proto"
)

// QueryType says how a Query names elements.
type QueryType string

// The query types (js/60_find.js, matchAll).
const (
	// ByAttr: an attribute (one of Attrs) equal to Value.
	ByAttr QueryType = "attr"
	// ByCSS: a CSS selector, in every tree scope of the document.
	ByCSS QueryType = "css"
	// ByXPath: an XPath, evaluated in the document.
	ByXPath QueryType = "xpath"
	// ByRole: the role Role ("" any role) with the accessible name Value
	// (any name unless HasName).
	ByRole QueryType = "role"
	// ByLabel: labelled Value (the text of its <label>s or aria-labelledby
	// elements) or with the aria-label Value.
	ByLabel QueryType = "label"
	// ByText: whose visible text is Value (Contains: holds it); of nested
	// matches, one per chain, of the tag Tag when given.
	ByText QueryType = "text"
	// ByKind: of the kind Value (tag|input type|role attribute).
	ByKind QueryType = "kind"
)

// Query names elements by one strategy. Names, labels and texts are
// compared as people read them: equal, else equal once white space is
// collapsed, else equal ignoring case, else equal ignoring white space;
// a query takes the first of these tiers at which anything matches
// (Answer.Tier).
type Query struct {
	Type     QueryType `json:"t"`
	Value    string    `json:"v"`
	Attrs    []string  `json:"a,omitempty"`
	Role     string    `json:"r,omitempty"`
	HasName  bool      `json:"hn,omitempty"`
	Contains bool      `json:"-"`
	Tag      string    `json:"tag,omitempty"`
	// Only keeps the matches of that tag.
	Only string `json:"only,omitempty"`
	// Within keeps the matches inside an element Within matches (the
	// item of a list a strategy names its element in).
	Within *Query `json:"w,omitempty"`
	// Item, on a ByText query, says it names an item (a Within): where
	// the innermost element of the tag holding the text only wraps the
	// item's toggle (a <span> put around the button that opens an
	// operation), the item is the nearest ancestor of the tag that is an
	// item of a group whose items hold toggles with words, short of any
	// ancestor that holds another such toggle (js/60_find.js, itemFor).
	// A Contains item query keeps the items that hold the text whole, as
	// the text of one of their parts or its own text nodes: "Pay the rent
	// later" does not name the row "Pay the rent" (holdsWhole). On a
	// ByRole query of images, it names the repeated item each image is in
	// (a card named by its picture).
	Item bool `json:"it,omitempty"`
	// Also, on an Item query, are texts the item must hold whole too.
	Also []string `json:"al,omitempty"`
	// Beside, on an Item query, are texts of which the item must hold half
	// at least, each whole: where fewer are left, it is another item of
	// the same name.
	Beside []string `json:"bs,omitempty"`
	// Line, on a Within query, stands for the parts of the line of each
	// element it matches instead (chain.Strategy.Line; js lineParts).
	Line bool `json:"ln,omitempty"`
	// Under, on a Within query, stands for the rows under each element
	// it matches in a tree drawn flat instead (chain.Strategy.Under; js
	// rowsUnder).
	Under bool `json:"un,omitempty"`
	// Hosts are the parts of a multi-part selector before this one: the
	// query's matches are inside their shadow roots (js/65_chrome.js).
	Hosts []Query `json:"hs,omitempty"`
	// Nth, when beyond the matches returned, is returned as well.
	Nth int `json:"-"`
}

// MarshalJSON writes q as the model reads it.
func (q Query) MarshalJSON() ([]byte, error) {
	type plain Query
	m := ""
	if q.Contains {
		m = "contains"
	}
	return json.Marshal(struct {
		plain
		M string `json:"m,omitempty"`
	}{plain(q), m})
}

// Tiers name the comparison a match needed (Answer.Tier).
var Tiers = []string{"exact", "whitespace", "case", "spacing"}

// Answer is what one query found.
type Answer struct {
	// N is how many elements matched.
	N int
	// Els are the first MaxMatches of them in tree order (and the
	// query's Nth), described.
	Els []*Element
	// Tier is the comparison the matches needed (Tiers): 0 exact.
	Tier int
	// Err says why the query could not run (an invalid selector).
	Err error
}

// MaxMatches is how many matches of a query Find describes.
const MaxMatches = 25

// Found is what Find found: an Answer per query, in order.
type Found struct {
	Answers []Answer
	// Note says how the scope was searched when not as asked ("the frame
	// path no longer resolves; searched every frame").
	Note string
}

type rawFound struct {
	Q []struct {
		N    int    `json:"n"`
		IDs  []int  `json:"ids"`
		Tier int    `json:"tier"`
		Err  string `json:"err"`
	} `json:"q"`
	Els   map[string]*Element `json:"els"`
	Hosts []int               `json:"hosts"`
	Far   []farFrame          `json:"far"`
}

// Find runs qs in the document the frame path leads to (the top document
// when empty), its shadow trees included: open ones, closed ones the
// page's scripts attached (kept by the ClosedRoots script), and closed
// ones DevTools finds on custom elements page script cannot look into.
// Cross-origin frames on the path are entered through their own worlds.
// When the path no longer resolves, every document of the page is
// searched and Found.Note says so.
func (p *Page) Find(ctx context.Context, framePath []string, qs []Query) (*Found, error) {
	f, err := p.find(ctx, framePath, qs)
	if err != nil && errors.Is(err, ErrGone) {
		// The page has a new document since the model last saw it.
		p.mu.Lock()
		stale := p.top != nil && p.top.gone.Load()
		p.mu.Unlock()
		if stale {
			f, err = p.find(ctx, framePath, qs)
		}
	}
	return f, err
}

func (p *Page) find(ctx context.Context, framePath []string, qs []Query) (*Found, error) {
	top, err := p.Top(ctx)
	if err != nil {
		return nil, err
	}
	if len(framePath) > 0 {
		w, doc, ok, err := p.resolvePath(ctx, top, framePath)
		if err != nil {
			return nil, err
		}
		if ok {
			return p.findIn(ctx, w, doc, qs, false)
		}
		if indexedPath(framePath) {
			return unresolved(framePath, qs), nil
		}
		f, err := p.findIn(ctx, top, "", qs, true)
		if f != nil {
			f.Note = fmt.Sprintf("frame path %q no longer resolves; searched every frame", strings.Join(framePath, " > "))
		}
		return f, err
	}
	return p.findIn(ctx, top, "", qs, false)
}

// FindAll runs qs in every document of the page.
func (p *Page) FindAll(ctx context.Context, qs []Query) (*Found, error) {
	top, err := p.Top(ctx)
	if err != nil {
		return nil, err
	}
	return p.findIn(ctx, top, "", qs, true)
}

// FramePath is the frame path the page's snapshot gives the document
// path leads to (a selector per iframe as the model writes them, which may
// differ from a recorded path's), and whether path still resolves.
func (p *Page) FramePath(ctx context.Context, path []string) ([]string, bool, error) {
	if len(path) == 0 {
		return nil, true, nil
	}
	top, err := p.Top(ctx)
	if err != nil {
		return nil, false, err
	}
	w, doc, ok, err := p.resolvePath(ctx, top, path)
	if err != nil || !ok {
		return nil, false, err
	}
	out := append([]string(nil), w.FramePath...)
	if doc != "" {
		var within []string
		if err := w.callJSON(ctx, doc, "framePath", &within); err != nil {
			return nil, false, err
		}
		out = append(out, within...)
	}
	return out, true, nil
}

// resolvePath follows a frame path from world w: the world and the
// document object it leads to (doc "" is the world's own document).
func (p *Page) resolvePath(ctx context.Context, w *World, path []string) (*World, proto.RuntimeRemoteObjectID, bool, error) {
	for len(path) > 0 {
		r, err := w.call(ctx, "", "frameDoc", false, "", path)
		if err != nil {
			return nil, "", false, err
		}
		if r.Type == proto.RuntimeRemoteObjectTypeObject && r.ObjectID != "" {
			return w, r.ObjectID, true, nil
		}
		var far struct {
			Far  *farFrame `json:"far"`
			Rest []string  `json:"rest"`
		}
		if r.Type != proto.RuntimeRemoteObjectTypeString || json.Unmarshal([]byte(r.Value.Str()), &far) != nil || far.Far == nil {
			return nil, "", false, nil
		}
		nw, err := p.farWorld(ctx, w, *far.Far)
		if err != nil || nw == nil {
			return nil, "", false, err
		}
		w, path = nw, far.Rest
	}
	return w, "", true, nil
}

// findIn runs qs on doc of world w (its document when ""), and, with all,
// in every frame below it. Custom elements page script could not look
// into are asked of DevTools once: a closed shadow root found there is
// handed to the model, which walks into it from then on, and the queries
// run again.
func (p *Page) findIn(ctx context.Context, w *World, doc proto.RuntimeRemoteObjectID, qs []Query, all bool) (*Found, error) {
	nth := make([]int, len(qs))
	for i, q := range qs {
		nth[i] = q.Nth
	}
	opts := map[string]any{"frames": all, "lim": MaxMatches, "nth": nth, "testIds": p.Options.TestIDs()}
	var raw rawFound
	for attempt := 0; ; attempt++ {
		raw = rawFound{}
		if err := w.callJSON(ctx, doc, "find", &raw, qs, opts); err != nil {
			return nil, err
		}
		if len(raw.Hosts) == 0 || attempt > 0 {
			break
		}
		found, err := p.closedRoots(ctx, w, raw.Hosts)
		if err != nil {
			return nil, err
		}
		if found == 0 {
			break
		}
	}
	f := &Found{Answers: make([]Answer, len(qs))}
	els := map[int]*Element{}
	for k, e := range raw.Els {
		var i int
		if _, err := fmt.Sscan(k, &i); err != nil || e == nil {
			continue
		}
		e.place(w, i)
		els[i] = e
	}
	for i := range qs {
		if i >= len(raw.Q) {
			break
		}
		q := raw.Q[i]
		a := Answer{N: q.N, Tier: q.Tier}
		if q.Err != "" {
			a.Err = fmt.Errorf("%s %q: %s", qs[i].Type, qs[i].Value, q.Err)
		}
		for _, id := range q.IDs {
			if e := els[id]; e != nil {
				a.Els = append(a.Els, e)
			}
		}
		f.Answers[i] = a
	}
	if !all {
		return f, nil
	}
	for _, ff := range raw.Far {
		nw, err := p.farWorld(ctx, w, ff)
		if err != nil {
			return nil, err
		}
		if nw == nil {
			continue
		}
		sub, err := p.findIn(ctx, nw, "", qs, true)
		if err != nil {
			return nil, err
		}
		merge(f, sub)
	}
	return f, nil
}

// merge adds what sub found to f: the counts add up, the matches follow,
// and where the two needed different comparison tiers, the better wins.
func merge(f, sub *Found) {
	for i := range f.Answers {
		a, b := &f.Answers[i], sub.Answers[i]
		switch {
		case b.N == 0:
		case a.N == 0 || b.Tier < a.Tier:
			*a = b
		case b.Tier == a.Tier:
			a.N += b.N
			a.Els = append(a.Els, b.Els...)
		}
		if a.Err == nil {
			a.Err = b.Err
		}
	}
}

// keepRootFn puts a closed shadow root (this) in the map of closed roots
// of its host's window, where the model reads it (js/10_core.js,
// shadowOf); both objects are of the main world of the host's document.
const keepRootFn = `function (host) {
	const v = host.ownerDocument.defaultView, k = Symbol.for("chainreplay.closedRoots");
	let m = v[k];
	if (!m) { m = new WeakMap(); Object.defineProperty(v, k, { value: m }); }
	m.set(host, this);
}`

// closedRoots asks DevTools whether the custom elements hosts of world w
// hold a closed shadow root (several at a time), puts each one found in
// its document's map of closed roots, where the model finds it from then
// on, and marks the others checked, so that the model stops listing them.
// It returns how many it found.
func (p *Page) closedRoots(ctx context.Context, w *World, hosts []int) (int, error) {
	if len(hosts) > maxHostsChecked {
		hosts = hosts[:maxHostsChecked]
	}
	type res struct {
		host, root proto.DOMBackendNodeID
		err        error
	}
	out := make([]res, len(hosts))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	for i, k := range hosts {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			obj, err := w.call(ctx, "", "el", false, "", k)
			if err != nil || obj.ObjectID == "" {
				out[i].err = err
				return
			}
			depth := 1
			d, err := proto.DOMDescribeNode{ObjectID: obj.ObjectID, Depth: &depth, Pierce: true}.Call(w.S.Client(ctx))
			if err != nil {
				out[i].err = err
				return
			}
			out[i].host = d.Node.BackendNodeID
			for _, r := range d.Node.ShadowRoots {
				if r.ShadowRootType == proto.DOMShadowRootTypeClosed {
					out[i].root = r.BackendNodeID
				}
			}
		}()
	}
	wg.Wait()
	var none []int
	found := 0
	c := w.S.Client(ctx)
	for i, r := range out {
		if r.err != nil {
			if gone(r.err) {
				return 0, fmt.Errorf("%w: %v", ErrGone, r.err)
			}
			continue
		}
		if r.root == 0 {
			none = append(none, hosts[i])
			continue
		}
		host, err1 := proto.DOMResolveNode{BackendNodeID: r.host, ObjectGroup: w.group}.Call(c)
		root, err2 := proto.DOMResolveNode{BackendNodeID: r.root, ObjectGroup: w.group}.Call(c)
		if err1 != nil || err2 != nil {
			continue
		}
		res, err := proto.RuntimeCallFunctionOn{FunctionDeclaration: keepRootFn, ObjectID: root.Object.ObjectID,
			Arguments: []*proto.RuntimeCallArgument{{ObjectID: host.Object.ObjectID}}, Silent: true}.Call(c)
		if err != nil || res.ExceptionDetails != nil {
			continue
		}
		found++
	}
	if len(none) > 0 {
		if _, err := w.call(ctx, "", "checked", true, "", none); err != nil {
			return 0, err
		}
	}
	return found, nil
}

// maxHostsChecked bounds the custom elements asked about in one call; the
// others are asked in later calls (checked ones are not listed again).
const maxHostsChecked = 256
