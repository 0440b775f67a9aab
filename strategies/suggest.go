package strategies

import (
	"context"
	"fmt"
	"strings"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
)

// Confidences of suggested strategies: the recorder's order (test id, id,
// role and name, text), each only when unique in the scope.
const (
	suggestTestID = 0.95
	suggestID     = 0.9
	suggestRole   = 0.85
	suggestText   = 0.8
)

// SuggestStrategies proposes direct strategies for the element with backend
// id id, typically one that similarity healing found, so that a person (or
// `replayer --update-flows`) can write them into the flow in place of the
// ones that broke: its test id, id, role and accessible name, and short
// text, each kept only when it matches exactly one element of the target's
// scope now. Best first; nil when nothing identifies the element uniquely.
func SuggestStrategies(ctx context.Context, env *Env, id proto.DOMBackendNodeID) ([]chain.Strategy, error) {
	scope, _, err := env.Scope(ctx)
	if err != nil {
		return nil, fmt.Errorf("suggest strategies: %w", err)
	}
	doc, err := env.Doc(ctx)
	if err != nil {
		return nil, fmt.Errorf("suggest strategies: %w", err)
	}
	n := doc.ByBackendID(id)
	if n == nil || !n.IsElement() {
		return nil, fmt.Errorf("suggest strategies: %w: no element with backend id %d", ErrNotFound, id)
	}
	els := doc.ElementsIn(scope)
	unique := func(match func(*Node) bool) bool {
		count := 0
		for _, e := range els {
			if match(e) {
				if count++; count > 1 {
					return false
				}
			}
		}
		return count == 1
	}
	var out []chain.Strategy
	for _, a := range TestIDAttrs {
		v := n.Attr(a)
		if v == "" {
			continue
		}
		if unique(func(e *Node) bool {
			for _, b := range TestIDAttrs {
				if e.Attr(b) == v {
					return true
				}
			}
			return false
		}) {
			out = append(out, chain.Strategy{Type: chain.TestID, Value: v, Confidence: suggestTestID})
			break
		}
	}
	if v := n.Attr("id"); v != "" && unique(func(e *Node) bool { return e.Attr("id") == v }) {
		out = append(out, chain.Strategy{Type: chain.ID, Value: v, Confidence: suggestID})
	}
	if role, name := RoleOf(n), AccessibleName(n); role != "" && name != "" {
		if unique(func(e *Node) bool { return RoleOf(e) == role && AccessibleName(e) == name }) {
			out = append(out, chain.Strategy{Type: chain.Role, Value: role + "|" + name, Confidence: suggestRole})
		}
	}
	if t := n.Text(); t != "" && len([]rune(t)) <= 80 && !strings.ContainsAny(t, "\n") {
		// The text evaluator keeps the innermost of nested elements that
		// carry the same text; count only elements whose children do not.
		if unique(func(e *Node) bool { return e.Text() == t && !childHasText(e, t) }) && !childHasText(n, t) {
			out = append(out, chain.Strategy{Type: chain.Text, Value: t, Confidence: suggestText})
		}
	}
	return out, nil
}

func childHasText(n *Node, t string) bool {
	for _, c := range n.Children {
		if c.IsElement() && c.Text() == t {
			return true
		}
	}
	return false
}
