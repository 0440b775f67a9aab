package decision

import (
	"context"
	"fmt"
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
// for key events at an element: the window, then the element and its
// ancestors through shadow roots up to its document. Resolving them does
// not depend on the page's state, so it runs while the element is
// prepared; the listeners themselves are read after (a focus handler may
// add some).
type keyTargets struct {
	c    proto.Client
	objs []proto.RuntimeRemoteObjectID
	ok   bool
}

// readKeyTargets resolves the key targets of e into e's object group: the
// ancestors are listed by page script from the element's object while the
// window is resolved. On failure it reads nothing: listensForKeys then
// says yes.
func readKeyTargets(ctx context.Context, e Elem) keyTargets {
	t := keyTargets{c: e.client(ctx)}
	if !e.Ref.Valid() {
		return t
	}
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

// ancestorsJS lists the element (this) and its ancestors through shadow
// roots up to its document.
const ancestorsJS = `function () {
	const a = [];
	for (let n = this; n; n = n.parentNode || n.host) a.push(n);
	return a;
}`

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
