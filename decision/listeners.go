package decision

import (
	"context"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/strategies"
)

// keyEventTypes are the listener types that make typing go key by key.
var keyEventTypes = map[string]bool{"keydown": true, "keypress": true, "keyup": true}

// listensForKeys reports whether the page listens for key events on the
// element, one of its ancestors (through shadow roots and frames), the
// document or the window (DOMDebugger.getEventListeners). When it does,
// typing sends a key event pair per character; when it does not, one
// Input.insertText is enough and much faster. On any doubt it says yes.
func listensForKeys(ctx context.Context, page *rod.Page, el *strategies.Node) bool {
	if el == nil {
		return true
	}
	c := strategies.Caller(ctx, page, el)
	ancestors := map[proto.DOMBackendNodeID]bool{}
	for n := el; n != nil; n = n.Parent {
		ancestors[n.BackendID] = true
	}
	depth := -1
	for _, expr := range []string{"document", "window"} {
		obj, err := proto.RuntimeEvaluate{Expression: expr, ObjectGroup: objectGroup}.Call(c)
		if err != nil || obj.Result.ObjectID == "" {
			return true
		}
		req := proto.DOMDebuggerGetEventListeners{ObjectID: obj.Result.ObjectID}
		if expr == "document" {
			req.Depth, req.Pierce = &depth, true
		}
		res, err := req.Call(c)
		if err != nil {
			return true
		}
		for _, l := range res.Listeners {
			if !keyEventTypes[l.Type] {
				continue
			}
			if expr == "window" || l.BackendNodeID == 0 || ancestors[l.BackendNodeID] {
				return true
			}
		}
	}
	return false
}
