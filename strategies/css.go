package strategies

import (
	"context"
	"fmt"
	"time"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
)

// cssEvaluator runs the strategy's selector with DOM.querySelectorAll in
// every document and shadow root of the scope (selectors do not cross
// shadow or frame boundaries, so each root is queried on its own).
type cssEvaluator struct{}

func init() { Register(cssEvaluator{}) }

func (cssEvaluator) Type() chain.StrategyType { return chain.CSS }

func (cssEvaluator) Evaluate(ctx context.Context, env *Env, s chain.Strategy) Result {
	start := time.Now()
	scope, note, err := env.Scope(ctx)
	if err != nil {
		return Result{Strategy: s, Err: err, Duration: time.Since(start)}
	}
	var cands []*Node
	seen := map[*Node]bool{}
	for _, root := range env.doc.Roots(scope) {
		res, err := proto.DOMQuerySelectorAll{NodeID: root.NodeID, Selector: s.Value}.Call(Caller(ctx, env.Page, root))
		if err != nil {
			return Result{Strategy: s, Err: fmt.Errorf("css %q: DOM.querySelectorAll: %w", s.Value, err), Duration: time.Since(start)}
		}
		for _, id := range res.NodeIDs {
			if n := env.doc.NodeIn(root.Frame, id); n != nil && !seen[n] {
				seen[n] = true
				cands = append(cands, n)
			}
		}
	}
	r := env.Conclude(ctx, s, cands, start)
	r.Detail = joinNotes(note, r.Detail)
	return r
}

// xpathEvaluator evaluates the strategy's XPath in each document of the
// scope (document.evaluate through Runtime.callFunctionOn, the expression
// passed as an argument) and maps the results back to the tree with
// DOM.requestNode.
type xpathEvaluator struct{}

func init() { Register(xpathEvaluator{}) }

func (xpathEvaluator) Type() chain.StrategyType { return chain.XPath }

const xpathFn = `function (xp) {
	const doc = this.nodeType === 9 ? this : this.ownerDocument;
	const r = doc.evaluate(xp, this, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
	const out = [];
	for (let i = 0; i < r.snapshotLength && i < 200; i++) out.push(r.snapshotItem(i));
	return out;
}`

// objectGroup names the remote objects evaluators create, released together.
const objectGroup = "chainreplay-strategies"

func (xpathEvaluator) Evaluate(ctx context.Context, env *Env, s chain.Strategy) Result {
	start := time.Now()
	scope, note, err := env.Scope(ctx)
	if err != nil {
		return Result{Strategy: s, Err: err, Duration: time.Since(start)}
	}
	var cands []*Node
	for _, root := range env.doc.Roots(scope) {
		if root.NodeType != 9 {
			continue
		}
		c := Caller(ctx, env.Page, root)
		defer proto.RuntimeReleaseObjectGroup{ObjectGroup: objectGroup}.Call(c) //nolint:errcheck // best effort
		obj, err := proto.DOMResolveNode{NodeID: root.NodeID, ObjectGroup: objectGroup}.Call(c)
		if err != nil {
			return Result{Strategy: s, Err: fmt.Errorf("xpath: DOM.resolveNode: %w", err), Duration: time.Since(start)}
		}
		res, err := proto.RuntimeCallFunctionOn{FunctionDeclaration: xpathFn, ObjectID: obj.Object.ObjectID,
			Arguments: []*proto.RuntimeCallArgument{{Value: jsonValue(s.Value)}}, ObjectGroup: objectGroup}.Call(c)
		if err != nil {
			return Result{Strategy: s, Err: fmt.Errorf("xpath: Runtime.callFunctionOn: %w", err), Duration: time.Since(start)}
		}
		if res.ExceptionDetails != nil {
			return Result{Strategy: s, Err: fmt.Errorf("xpath %q: %s", s.Value, exceptionText(res.ExceptionDetails)), Duration: time.Since(start)}
		}
		own := true
		props, err := proto.RuntimeGetProperties{ObjectID: res.Result.ObjectID, OwnProperties: own}.Call(c)
		if err != nil {
			return Result{Strategy: s, Err: fmt.Errorf("xpath: Runtime.getProperties: %w", err), Duration: time.Since(start)}
		}
		for _, p := range props.Result {
			if p.Value == nil || p.Value.ObjectID == "" || p.Value.Subtype != proto.RuntimeRemoteObjectSubtypeNode {
				continue
			}
			rn, err := proto.DOMRequestNode{ObjectID: p.Value.ObjectID}.Call(c)
			if err != nil {
				continue
			}
			if n := env.doc.NodeIn(root.Frame, rn.NodeID); n != nil && n.IsElement() {
				cands = append(cands, n)
			}
		}
	}
	r := env.Conclude(ctx, s, cands, start)
	r.Detail = joinNotes(note, r.Detail)
	return r
}

func exceptionText(e *proto.RuntimeExceptionDetails) string {
	if e.Exception != nil && e.Exception.Description != "" {
		return e.Exception.Description
	}
	return e.Text
}
