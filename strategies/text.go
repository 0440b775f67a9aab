package strategies

import (
	"context"
	"strings"
	"time"
	"unicode"

	"github.com/qa-chain/chainreplay/chain"
)

// textEvaluator finds elements whose text content is the strategy's value
// (whitespace-collapsed; case-insensitively when nothing matches exactly).
// Of an element and its descendants that all carry the same text, it keeps
// the one of the recorded tag, else the innermost interactive one, else the
// innermost.
type textEvaluator struct{}

func init() { Register(textEvaluator{}) }

func (textEvaluator) Type() chain.StrategyType { return chain.Text }

func (textEvaluator) Evaluate(ctx context.Context, env *Env, s chain.Strategy) Result {
	start := time.Now()
	want := collapse(s.Value)
	scope, note, err := env.Scope(ctx)
	if err != nil {
		return Result{Strategy: s, Err: err, Duration: time.Since(start)}
	}
	els := env.doc.ElementsIn(scope)
	match := func(same func(t string) bool) []*Node {
		var out []*Node
		for _, n := range els {
			switch n.Tag {
			case "html", "body", "head", "script", "style":
				continue
			}
			if same(n.Text()) {
				out = append(out, n)
			}
		}
		return out
	}
	cands := match(func(t string) bool { return t == want })
	if len(cands) == 0 {
		cands = match(func(t string) bool { return strings.EqualFold(t, want) })
	}
	if len(cands) == 0 {
		// The tree's text separates text nodes by a space, the recorder's
		// (textContent) does not: "Cart (<span>2</span>)" is "Cart ( 2 )"
		// here and "Cart (2)" there. Compare without white space.
		bare := unspaced(want)
		cands = match(func(t string) bool { return strings.EqualFold(unspaced(t), bare) })
	}
	tag := ""
	if fp := env.Fingerprint(); fp != nil {
		tag = strings.ToLower(fp.Tag)
	}
	cands = innermostOfChains(cands, tag)
	r := env.Conclude(ctx, s, cands, start)
	r.Detail = joinNotes(note, r.Detail)
	return r
}

// innermostOfChains collapses nested matches (a wrapper and its child with
// the same text) to one element per chain.
func innermostOfChains(cands []*Node, tag string) []*Node {
	in := map[*Node]bool{}
	for _, c := range cands {
		in[c] = true
	}
	// group each candidate under its outermost matching ancestor
	top := map[*Node]*Node{}
	var order []*Node
	for _, c := range cands {
		t := c
		for p := c.Parent; p != nil; p = p.Parent {
			if in[p] {
				t = p
			}
		}
		if _, seen := top[t]; !seen {
			order = append(order, t)
		}
		if prev, ok := top[t]; !ok || better(c, prev, tag) {
			top[t] = c
		}
	}
	out := make([]*Node, 0, len(order))
	for _, t := range order {
		out = append(out, top[t])
	}
	return out
}

// better reports whether a is a better representative of a chain than b.
func better(a, b *Node, tag string) bool {
	if tag != "" && (a.Tag == tag) != (b.Tag == tag) {
		return a.Tag == tag
	}
	ia, ib := interactive(a), interactive(b)
	if ia != ib {
		return ia
	}
	return b.Contains(a) // deeper wins
}

func interactive(n *Node) bool {
	switch n.Tag {
	case "a", "button", "input", "select", "textarea", "label", "summary", "option":
		return true
	}
	return n.HasAttr("onclick") || n.HasAttr("role") || n.HasAttr("tabindex")
}

// labelEvaluator finds form controls by the text of their label: <label
// for>, an enclosing <label>, aria-labelledby or aria-label.
type labelEvaluator struct{}

func init() { Register(labelEvaluator{}) }

func (labelEvaluator) Type() chain.StrategyType { return chain.Label }

func (labelEvaluator) Evaluate(ctx context.Context, env *Env, s chain.Strategy) Result {
	start := time.Now()
	want := collapse(s.Value)
	return findInScope(ctx, env, s, start, func(n *Node) bool { return labelled(n, want) })
}

// labelled reports whether n is labelled want (white space collapsed):
// by its <label>s, its aria-label or its aria-labelledby, case aside.
func labelled(n *Node, want string) bool {
	if l := LabelOf(n); l != "" && (l == want || strings.EqualFold(l, want)) {
		return true
	}
	if a := collapse(n.Attr("aria-label")); a != "" && strings.EqualFold(a, want) {
		return true
	}
	return n.HasAttr("aria-labelledby") && strings.EqualFold(AccessibleName(n), want)
}

// roleEvaluator finds elements by ARIA role and accessible name; the value
// is "role|name" (name optional: "role" alone matches every element of it).
type roleEvaluator struct{}

func init() { Register(roleEvaluator{}) }

func (roleEvaluator) Type() chain.StrategyType { return chain.Role }

func (roleEvaluator) Evaluate(ctx context.Context, env *Env, s chain.Strategy) Result {
	start := time.Now()
	role, name, hasName := roleValue(s.Value)
	return findInScope(ctx, env, s, start, func(n *Node) bool {
		if role == "" || RoleOf(n) != role {
			return false
		}
		return !hasName || strings.EqualFold(AccessibleName(n), name)
	})
}

// unspaced is s without white space.
func unspaced(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}
