package decision

import (
	"context"
	"strconv"
	"strings"
	"sync"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/internal/par"
	"github.com/qa-chain/chainreplay/pagemodel"
)

// keyEventTypes are the listener types that make typing go key by key.
var keyEventTypes = map[string]bool{"keydown": true, "keypress": true, "keyup": true}

// keyTargets are the objects whose listeners say whether the page listens
// for key events at an element: the element and its ancestors through
// shadow roots up to its document, then its window. Resolving them does
// not depend on the page's state, so it runs while the element is
// prepared; the listeners themselves are read after (a focus handler may
// add some).
type keyTargets struct {
	c    proto.Client
	objs []proto.RuntimeRemoteObjectID
	ok   bool
}

// readKeyTargets resolves the key targets of e into e's object group
// (keyTargetsJS). On failure it reads nothing: listensForKeys then says
// yes.
//
// DevTools shows an object only the listeners added from the execution
// context the object belongs to, and the page model may hold an element of
// a same-origin frame by an object of the main frame's context: such an
// element is resolved anew, by its node, in its own frame's main world,
// where the frame's scripts added their listeners.
func readKeyTargets(ctx context.Context, e Elem) keyTargets {
	t := keyTargets{c: e.client(ctx)}
	if !e.Ref.Valid() {
		return t
	}
	el, _, err := e.object(ctx, false)
	if err != nil {
		return t
	}
	// list runs keyTargetsJS on obj: the array's object, "" when obj is not
	// of its context's document, ok false when the call failed.
	list := func(obj proto.RuntimeRemoteObjectID) (arr proto.RuntimeRemoteObjectID, ok bool) {
		res, err := proto.RuntimeCallFunctionOn{ObjectID: obj, FunctionDeclaration: keyTargetsJS, ObjectGroup: e.group()}.Call(t.c)
		if err != nil || res.ExceptionDetails != nil {
			return "", false
		}
		return res.Result.ObjectID, true
	}
	arr, ok := list(el)
	if !ok {
		return t
	}
	if arr == "" { // another document's element
		node, err := proto.DOMDescribeNode{ObjectID: el}.Call(t.c)
		if err != nil || node.Node == nil {
			return t
		}
		own, err := proto.DOMResolveNode{BackendNodeID: node.Node.BackendNodeID, ObjectGroup: e.group()}.Call(t.c)
		if err != nil || own.Object == nil || own.Object.ObjectID == "" {
			return t
		}
		if arr, _ = list(own.Object.ObjectID); arr == "" {
			return t
		}
	}
	props, err := proto.RuntimeGetProperties{ObjectID: arr, OwnProperties: true}.Call(t.c)
	if err != nil {
		return t
	}
	for _, p := range props.Result {
		if _, err := strconv.Atoi(p.Name); err == nil && p.Value != nil && p.Value.ObjectID != "" {
			t.objs = append(t.objs, p.Value.ObjectID)
		}
	}
	t.ok = len(t.objs) > 0
	return t
}

// keyTargetsJS lists the element (this), its ancestors through shadow
// roots up to its document, and its window; null when the element is not
// of the document of the context the function runs in.
const keyTargetsJS = `function () {
	if (this.ownerDocument !== document) return null;
	const a = [];
	for (let n = this; n; n = n.parentNode || n.host) a.push(n);
	a.push(window);
	return a;
}`

// listensForKeys reports whether the page listens for key events on the
// element, one of its ancestors (through shadow roots), its document or its
// window: DOMDebugger.getEventListeners on each, at once. When it does,
// typing sends a key event pair per character; when it does not, one
// Input.insertText is enough and much faster. On any doubt it says yes.
func listensForKeys(t keyTargets) bool {
	if !t.ok {
		return true
	}
	var mu sync.Mutex
	found := false
	fns := make([]func(), 0, len(t.objs))
	for _, obj := range t.objs {
		fns = append(fns, func() {
			res, err := proto.DOMDebuggerGetEventListeners{ObjectID: obj}.Call(t.c)
			yes := err != nil
			if err == nil {
				for _, l := range res.Listeners {
					if keyEventTypes[l.Type] && !ownListener(l) {
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

// ownListener reports whether l is the page model's own (it notes the
// time of each input for a settled page), not the page's.
func ownListener(l *proto.DOMDebuggerEventListener) bool {
	return l.Handler != nil && strings.Contains(l.Handler.Description, pagemodel.ActivityListener)
}
