package decision

import (
	"context"
	"fmt"
	"strconv"
	"sync"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/internal/par"
	"github.com/qa-chain/chainreplay/strategies"
)

// keyEventTypes are the listener types that make typing go key by key.
var keyEventTypes = map[string]bool{"keydown": true, "keypress": true, "keyup": true}

// maxKeyTargets bounds how many ancestors keyTargets resolves one by one;
// for a deeper element the whole document's listeners are read instead.
const maxKeyTargets = 48

// keyTargets are the objects whose listeners say whether the page listens
// for key events at an element: the window, then the element and its
// ancestors through shadow roots up to the top document of its process.
// Resolving them does not depend on the page's state, so it runs while the
// element is prepared; the listeners themselves are read after (a focus
// handler may add some).
type keyTargets struct {
	c  proto.Client
	el *strategies.Node
	// objs[0] is the window; the rest are the element and its ancestors,
	// or, when whole is set, only the document, whose listeners are read
	// whole (piercing) and kept when they are on an ancestor.
	objs  []proto.RuntimeRemoteObjectID
	whole bool
	ok    bool
}

// readKeyTargets resolves the key targets of e into e's object group, all
// at once. With no node for e it reads nothing: listensForKeys then says
// yes.
func readKeyTargets(ctx context.Context, e Elem) keyTargets {
	el, group := e.Node, e.group()
	t := keyTargets{c: e.client(ctx), el: el}
	if el == nil {
		return t
	}
	var chain []*strategies.Node
	partial := false // a probe's slice of the page knows only the element's backend id
	for n := el; n != nil && n.Frame == el.Frame; n = n.Parent {
		chain = append(chain, n)
		partial = partial || (n.BackendID == 0 && n.Parent != nil)
	}
	if partial {
		return readKeyTargetsInPage(ctx, t, e)
	}
	t.whole = len(chain) > maxKeyTargets
	exprs := []string{"window"}
	if t.whole {
		exprs, chain = append(exprs, "document"), nil
	}
	t.objs = make([]proto.RuntimeRemoteObjectID, len(exprs)+len(chain))
	var mu sync.Mutex
	ok := true
	set := func(i int, id proto.RuntimeRemoteObjectID, err error) {
		mu.Lock()
		defer mu.Unlock()
		if err != nil || id == "" {
			ok = false
			return
		}
		t.objs[i] = id
	}
	fns := make([]func(), 0, len(t.objs))
	for i, expr := range exprs {
		fns = append(fns, func() {
			res, err := proto.RuntimeEvaluate{Expression: expr, ObjectGroup: group}.Call(t.c)
			if err != nil {
				set(i, "", err)
				return
			}
			set(i, res.Result.ObjectID, nil)
		})
	}
	for j, n := range chain {
		fns = append(fns, func() {
			res, err := proto.DOMResolveNode{BackendNodeID: n.BackendID, ObjectGroup: group}.Call(t.c)
			if err != nil {
				set(len(exprs)+j, "", err)
				return
			}
			set(len(exprs)+j, res.Object.ObjectID, nil)
		})
	}
	par.Do(fns...)
	t.ok = ok
	return t
}

// ancestorsJS lists the element (this) and its ancestors through shadow
// roots up to its document.
const ancestorsJS = `function () {
	const a = [];
	for (let n = this; n; n = n.parentNode || n.host) a.push(n);
	return a;
}`

// readKeyTargetsInPage is readKeyTargets for an element whose ancestors
// have no backend ids (strategies.Probe read only a slice of the page):
// the ancestors are listed by page script from the element's object (the
// one the probe left, usually), while the window is resolved.
func readKeyTargetsInPage(ctx context.Context, t keyTargets, e Elem) keyTargets {
	group := e.group()
	var win proto.RuntimeRemoteObjectID
	var props *proto.RuntimeGetPropertiesResult
	var winErr, listErr error
	par.Do(
		func() {
			res, err := proto.RuntimeEvaluate{Expression: "window", ObjectGroup: group}.Call(t.c)
			if winErr = err; err == nil {
				win = res.Result.ObjectID
			}
		},
		func() { props, listErr = listAncestors(ctx, t.c, e) },
	)
	if winErr != nil || listErr != nil || win == "" {
		return t
	}
	objs := make([]proto.RuntimeRemoteObjectID, 0, len(props.Result)+1)
	objs = append(objs, win)
	for _, p := range props.Result {
		if _, err := strconv.Atoi(p.Name); err == nil && p.Value != nil && p.Value.ObjectID != "" {
			objs = append(objs, p.Value.ObjectID)
		}
	}
	t.objs, t.ok = objs, true
	return t
}

// listAncestors lists e and its ancestors (ancestorsJS) as the properties
// of an array in e's object group.
func listAncestors(ctx context.Context, c proto.Client, e Elem) (*proto.RuntimeGetPropertiesResult, error) {
	el, _, err := e.object(ctx, false)
	if err != nil {
		return nil, err
	}
	list, err := proto.RuntimeCallFunctionOn{ObjectID: el, FunctionDeclaration: ancestorsJS, ObjectGroup: e.group()}.Call(c)
	if err != nil {
		return nil, err
	}
	if list.ExceptionDetails != nil || list.Result.ObjectID == "" {
		return nil, fmt.Errorf("listing the ancestors failed")
	}
	return proto.RuntimeGetProperties{ObjectID: list.Result.ObjectID, OwnProperties: true}.Call(c)
}

// listensForKeys reports whether the page listens for key events on the
// element, one of its ancestors (through shadow roots), its document or the
// window: DOMDebugger.getEventListeners on each, at once (or on the whole
// document, piercing, for a very deep element). When it does, typing sends
// a key event pair per character; when it does not, one Input.insertText
// is enough and much faster. On any doubt it says yes.
func listensForKeys(t keyTargets) bool {
	if t.el == nil || !t.ok {
		return true
	}
	ancestors := map[proto.DOMBackendNodeID]bool{}
	for n := t.el; n != nil; n = n.Parent {
		ancestors[n.BackendID] = true
	}
	var mu sync.Mutex
	found := false
	fns := make([]func(), 0, len(t.objs))
	for i, obj := range t.objs {
		fns = append(fns, func() {
			req := proto.DOMDebuggerGetEventListeners{ObjectID: obj}
			whole := t.whole && i == 1
			if whole {
				depth := -1
				req.Depth, req.Pierce = &depth, true
			}
			res, err := req.Call(t.c)
			yes := err != nil
			if err == nil {
				for _, l := range res.Listeners {
					if keyEventTypes[l.Type] && (!whole || l.BackendNodeID == 0 || ancestors[l.BackendNodeID]) {
						yes = true
						break
					}
				}
			}
			if yes {
				mu.Lock()
				found = true
				mu.Unlock()
			}
		})
	}
	par.Do(fns...)
	return found
}
