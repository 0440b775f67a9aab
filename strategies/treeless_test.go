package strategies

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/testenv"
)

// TestCountNoneIsSound evaluates, on the fixture pages, strategies made
// from every element's id, name, placeholder, test ids, role and name,
// text (as it is, in other case, with other spacing), label, CSS and
// XPath, and the same values changed so that they match nothing, both on
// the page's tree and by page script (countNone, what SkipTree asks). Page
// script must never count none where the tree finds an element: the round
// would then heal past a strategy that still works. Where it declines
// (counts something, or cannot count) and the tree finds nothing, it only
// costs the tree; the test reports how often.
func TestCountNoneIsSound(t *testing.T) {
	fx := testenv.Fixtures(t)
	ctx := context.Background()
	defer func(n int) { TreelessFrom = n }(TreelessFrom)
	TreelessFrom = 0 // the fixture pages are small
	pages := []string{"login.html", "list.html", "pay.html", "spa.html", "long.html", "shadow.html", "frames.html",
		"healing/original.html", "healing/decoy.html", "healing/hidden-twin.html", "variants/login-wrapped.html",
		"variants/actions.html", "snapshot/basics.html", "snapshot/shadow.html", "snapshot/generated.html?n=200"}
	checked, found, skipped, declined, internal := 0, 0, 0, 0, 0
	for _, p := range pages {
		page := testenv.Page(t, fx.URL+"/"+p)
		if p == "login.html" {
			// Text around a script and a template (left out of an
			// element's text), a value that is a button's text, two
			// labels that name one field together.
			page.MustEval(`() => document.body.insertAdjacentHTML("beforeend",
				'<p id="t1">Pay <script>var paid = 1;</script>now, <b>quick</b><template>later</template>ly</p>' +
				'<input type="submit" value="Send it"> <input type="reset">' +
				'<label for="f2">First</label> <span>and</span> <label for="f2">last name</label><input id="f2">')`)
		}
		env := NewEnv(page, &chain.Target{Fingerprint: &chain.Fingerprint{Tag: "button"}})
		doc, err := env.Doc(ctx)
		if err != nil {
			t.Fatal(err)
		}
		nb := newNeighbourhood()
		seen := map[string]bool{}
		var ss []chain.Strategy
		add := func(typ chain.StrategyType, v string) {
			k := string(typ) + "\x00" + v
			if v == "" || seen[k] {
				return
			}
			seen[k] = true
			ss = append(ss, chain.Strategy{Type: typ, Value: v}, chain.Strategy{Type: typ, Value: v + "-gone"})
		}
		for _, n := range doc.Elements {
			add(chain.ID, n.Attr("id"))
			add(chain.Name, n.Attr("name"))
			add(chain.Placeholder, n.Attr("placeholder"))
			for _, a := range TestIDAttrs {
				add(chain.TestID, n.Attr(a))
			}
			if r := RoleOf(n); r != "" {
				add(chain.Role, r+"|"+AccessibleName(n))
			}
			if tx := n.Text(); len(tx) < 80 {
				add(chain.Text, tx)
				add(chain.Text, strings.ToUpper(tx))
				add(chain.Text, strings.ReplaceAll(tx, " ", "  "))
			}
			add(chain.Label, LabelOf(n))
			add(chain.Label, strings.ToUpper(LabelOf(n)))
			if cl := strings.Fields(n.Attr("class")); len(cl) > 0 {
				add(chain.CSS, n.Tag+"."+cl[0])
			}
			add(chain.XPath, nb.absoluteXPath(n))
		}
		for _, s := range ss {
			env.Reset()
			r := Evaluate(ctx, env, s)
			q, ok := countQueryOf(s)
			if !ok {
				t.Fatalf("%s: cannot count %s %q", p, s.Type, s.Value)
			}
			none := countNone(ctx, env, []countQuery{q}, TreelessFrom)
			checked++
			switch {
			case r.MatchCount > 0 && none && s.Type != chain.Text && s.Type != chain.Label && s.Type != chain.Role &&
				r.Node != nil && inShadow(r.Node, proto.DOMShadowRootTypeUserAgent):
				// An element of a control's user-agent shadow tree
				// (div#placeholder of an <input>): the tree pierces into
				// it, page script cannot, and no recorder names it.
				internal++
			case r.MatchCount > 0 && none:
				t.Errorf("%s: %s %q: page script counts none, the tree finds %d (%s)", p, s.Type, s.Value, r.MatchCount, r.Node)
			case r.MatchCount > 0:
				found++
			case none:
				skipped++
			default:
				declined++
			}
		}
	}
	t.Logf("%d strategies: %d found on the tree (and counted in page script), %d counted none by both, %d not counted though the tree found none, %d found only inside a user-agent shadow tree",
		checked, found, skipped, declined, internal)
	if skipped == 0 || found == 0 {
		t.Error(fmt.Sprintf("want strategies of both kinds, got %d found and %d none", found, skipped))
	}
}

// CountsNone remembers, for the round, what it counted none; a page that
// renders late can have a match a moment later, and StillCountsNone counts
// again whatever the round remembered.
func TestStillCountsNoneCountsAgain(t *testing.T) {
	fx := testenv.Fixtures(t)
	page := testenv.Page(t, fx.URL+"/login.html")
	ctx := context.Background()
	env := NewEnv(page, &chain.Target{})
	s := []chain.Strategy{{Type: chain.ID, Value: "late-field", Confidence: 0.9}}
	if !CountsNone(ctx, env, s) {
		t.Fatal("#late-field counted before the page has it")
	}
	page.MustEval(`() => { const i = document.createElement("input"); i.id = "late-field"; document.body.append(i); }`)
	if !CountsNone(ctx, env, s) {
		t.Error("CountsNone counted again within the round")
	}
	if StillCountsNone(ctx, env, s) {
		t.Error("StillCountsNone did not see the field the page rendered since")
	}
}
