package strategies

import (
	"context"
	"strings"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/aria"
	"github.com/qa-chain/chainreplay/pagemodel"
)

// chromiumRoles are the names Chromium's accessibility tree gives some
// roles where WAI-ARIA has another: its own names for the options of a
// select and a summary's triangle.
var chromiumRoles = map[string]string{
	"MenuListOption":     "option",
	"ListBoxOption":      "option",
	"DisclosureTriangle": "button",
}

// ARIARole is the WAI-ARIA name of role, which may be the name Chromium's
// accessibility tree gives it ("image" is img) or a synonym, or "" when
// it names no role the page model knows (Chromium's "Iframe",
// "StaticText"...). A role strategy's value names a role as the page
// model computes it: flows recorded with Chromium's names (Chrome's
// recorder) still replay.
func ARIARole(role string) string {
	role = strings.TrimSpace(role)
	if r, ok := chromiumRoles[role]; ok {
		return r
	}
	return aria.Role(role)
}

// RoleValue splits a role strategy's value "role|name" into its WAI-ARIA
// role and its name. An empty role, or "*", is any role (a name alone, as
// Chrome's recorder writes aria/Name); any says so. A role that is no
// WAI-ARIA role matches nothing (ok false). hasName is false when the
// value names no one: then every element of the role matches.
func RoleValue(v string) (role, name string, any, hasName, ok bool) {
	r, n, _ := strings.Cut(v, "|")
	name = strings.Join(strings.Fields(n), " ")
	hasName = name != ""
	if r = strings.TrimSpace(r); r == "" || r == "*" {
		return "", name, true, hasName, hasName
	}
	role = ARIARole(r)
	return role, name, false, hasName, role != ""
}

// QueryOf is the page model's query for s: what the strategy names, in
// the page model's terms. testIDs are the attributes read as test ids;
// tag is the recorded tag (the text strategy keeps it among nested
// matches). Coordinates, similarity, and a role strategy naming no
// WAI-ARIA role have none.
func QueryOf(s chain.Strategy, testIDs []string, tag string) (pagemodel.Query, bool) {
	q := pagemodel.Query{Value: s.Value, Nth: s.Nth}
	switch s.Type {
	case chain.TestID:
		q.Type, q.Attrs = pagemodel.ByAttr, testIDs
	case chain.ID:
		q.Type, q.Attrs = pagemodel.ByAttr, []string{"id"}
	case chain.Name:
		q.Type, q.Attrs = pagemodel.ByAttr, []string{"name"}
	case chain.Placeholder:
		q.Type, q.Attrs = pagemodel.ByAttr, []string{"placeholder"}
	case chain.CSS:
		q.Type = pagemodel.ByCSS
	case chain.XPath:
		q.Type = pagemodel.ByXPath
	case chain.Label:
		q.Type = pagemodel.ByLabel
	case chain.Text:
		q.Type, q.Tag = pagemodel.ByText, strings.ToLower(tag)
	case chain.Role:
		role, name, _, hasName, ok := RoleValue(s.Value)
		if !ok {
			return q, false
		}
		q.Type, q.Role, q.Value, q.HasName = pagemodel.ByRole, role, name, hasName
	default:
		return q, false
	}
	if q.Value == "" {
		return q, false
	}
	q.Contains = s.Match == "contains"
	q.Only = strings.ToLower(s.Tag)
	if s.Within != nil {
		w, ok := QueryOf(*s.Within, testIDs, "")
		if !ok {
			return q, false
		}
		// A text names an item, and so does an image: it holds nothing,
		// and stands for the item it is in (a card named by its picture).
		w.Item = w.Type == pagemodel.ByText || w.Type == pagemodel.ByRole && w.Role == "img"
		if w.Type == pagemodel.ByText {
			w.Also, w.Beside = s.Within.Also, s.Within.Beside
		}
		w.Line, w.Under = s.Within.Line, s.Within.Under
		q.Within = &w
	}
	for _, h := range s.Hosts {
		hq, ok := QueryOf(h, testIDs, "")
		if !ok {
			return q, false
		}
		q.Hosts = append(q.Hosts, hq)
	}
	return q, true
}

// queryEvaluator evaluates every strategy that names elements by a page
// model query (QueryOf): the model finds the matches in the target's
// document and describes them, and Conclude verifies and picks.
type queryEvaluator struct{ typ chain.StrategyType }

func init() {
	for _, t := range []chain.StrategyType{chain.TestID, chain.ID, chain.Name, chain.Placeholder, chain.CSS, chain.XPath,
		chain.Label, chain.Text, chain.Role} {
		Register(queryEvaluator{t})
	}
}

func (q queryEvaluator) Type() chain.StrategyType { return q.typ }

func (q queryEvaluator) Evaluate(ctx context.Context, env *Env, s chain.Strategy) Result {
	start := time.Now()
	ans, err := env.Answer(ctx, s)
	if err != nil {
		return Result{Strategy: s, Err: err, Duration: time.Since(start)}
	}
	return env.Conclude(ctx, s, ans, start)
}
