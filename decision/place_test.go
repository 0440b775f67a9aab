package decision

import (
	"fmt"
	"testing"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/pagemodel"
	"github.com/qa-chain/chainreplay/report"
	"github.com/qa-chain/chainreplay/similarity"
	"github.com/qa-chain/chainreplay/strategies"
)

// byIndex is a strategy that found node among n matches by its recorded index.
func byIndex(t chain.StrategyType, node, n int, conf float64) strategies.Result {
	r := found(t, node, conf, 0.9)
	r.MatchCount, r.NthHeld = n, true
	return r
}

func TestPositionalVotesDoNotCompound(t *testing.T) {
	var p Policy
	one := p.Weigh([]strategies.Result{byIndex(chain.Role, 5, 20, 0.66), found(chain.Coordinates, 5, 0.69, 0.9)})
	three := p.Weigh([]strategies.Result{byIndex(chain.Role, 5, 20, 0.66), byIndex(chain.Text, 5, 20, 0.6), found(chain.Coordinates, 5, 0.69, 0.9)})
	if one.Confidence != three.Confidence {
		t.Fatalf("a third positional vote raised confidence from %.3f to %.3f", one.Confidence, three.Confidence)
	}
	if !three.ByPlaceOnly {
		t.Fatal("a winner found only by index and coordinates must be marked ByPlaceOnly")
	}
	// An identifying strategy does add up with a positional one.
	both := p.Weigh([]strategies.Result{found(chain.TestID, 5, 0.9, 1), found(chain.Coordinates, 5, 0.69, 0.9)})
	if both.Confidence <= 0.9 || both.ByPlaceOnly {
		t.Fatalf("identified + coordinates: confidence %.3f, place only %v", both.Confidence, both.ByPlaceOnly)
	}
}

func TestIdentifiedBeatsPositionalRival(t *testing.T) {
	var p Policy
	// A decoy placed before the target shifts the role's index onto it;
	// the unique test id still names the target.
	v := p.Weigh([]strategies.Result{
		found(chain.TestID, 7, 0.87, 1),
		byIndex(chain.Role, 3, 24, 0.74),
		byIndex(chain.Text, 3, 24, 0.7),
		found(chain.Coordinates, 3, 0.7, 0.9),
	})
	if v.Err != nil || v.Winner == nil || v.Winner.Ref().K != 7 {
		t.Fatalf("want the test id's element, got %+v", v.Err)
	}
	// Two identified elements that disagree stay ambiguous.
	v = p.Weigh([]strategies.Result{found(chain.TestID, 7, 0.8, 1), found(chain.ID, 3, 0.78, 1)})
	if v.Err == nil || v.Err.Code != report.Ambiguous {
		t.Fatalf("two strong identified rivals: want AMBIGUOUS, got %+v", v.Err)
	}
}

func TestCheckPlaceOnly(t *testing.T) {
	var p Policy
	fp := &chain.Fingerprint{TestIDs: map[string]string{"data-testid": "add-copper-kettle"}}
	neighbour := elem(5, map[string]string{"data-testid": "add-brass-kettle"})
	plain := elem(5, nil)
	ambiguous := strategies.Result{Strategy: chain.Strategy{Type: chain.Similarity},
		Err: fmt.Errorf("%w: two buttons", similarity.ErrAmbiguous)}
	confirmed := found(chain.Similarity, 5, 0.7, 1)
	cases := []struct {
		name  string
		node  *pagemodel.Element
		extra []strategies.Result
		want  report.Code // "" means the winner stands
	}{
		{"another test id at the place", neighbour, nil, report.LowConfidence},
		{"similarity cannot tell", plain, []strategies.Result{ambiguous}, report.Ambiguous},
		{"similarity finds nothing", plain, []strategies.Result{{Strategy: chain.Strategy{Type: chain.Similarity}, Err: strategies.ErrNotFound}}, report.LowConfidence},
		{"similarity confirms", plain, []strategies.Result{confirmed}, ""},
		{"no similarity in the chain", plain, nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			role := byIndex(chain.Role, 5, 20, 0.66)
			role.Element = c.node
			coords := found(chain.Coordinates, 5, 0.69, 0.9)
			coords.Element = c.node
			results := append([]strategies.Result{found(chain.TestID, 0, 0, 0), role, coords}, c.extra...)
			results[0].Found = false
			v := checkPlaceOnly(fp, results, p.Weigh(results))
			switch {
			case c.want == "" && v.Err != nil:
				t.Fatalf("refused: %v", v.Err.Msg)
			case c.want != "" && (v.Err == nil || v.Err.Code != c.want):
				t.Fatalf("want %s, got %+v", c.want, v.Err)
			case c.want != "" && v.Winner != nil:
				t.Fatal("a refused step still has a winner")
			}
		})
	}
}

// A strategy recorded as the 2nd of several (a radio group's name) that now
// finds one element has not identified it: the recorded option may be gone
// and the one left is its sibling.
func TestRecordedIndexIsPositionalEvenWhenUnique(t *testing.T) {
	r := found(chain.Name, 4, 0.63, 0.9)
	r.Strategy.Nth = 2
	if !Positional(r) {
		t.Fatal("a strategy recorded with nth 2 that finds one match must count as positional")
	}
	var p Policy
	v := p.Weigh([]strategies.Result{r})
	if v.Winner != nil && !v.ByPlaceOnly {
		t.Fatalf("winner found only by a recorded index must be marked ByPlaceOnly: %+v", v)
	}
	if u := found(chain.Name, 4, 0.63, 0.9); Positional(u) {
		t.Error("a unique match of a strategy recorded without an index is not positional")
	}
}

func TestIdentifiedByAttribute(t *testing.T) {
	w := found(chain.Placeholder, 4, 0.67, 0.9)
	name := found(chain.Name, 4, 0.56, 0.9)
	if identifyingMatch([]strategies.Result{w, name}, w) == nil {
		t.Error("a unique name match on the winner identifies it")
	}
	other := found(chain.Name, 5, 0.56, 0.9)
	if identifyingMatch([]strategies.Result{w, other}, w) != nil {
		t.Error("a name match on another element does not identify the winner")
	}
	two := name
	two.MatchCount = 2
	indexed := name
	indexed.Strategy.Nth = 2
	text := found(chain.Text, 4, 0.7, 0.9)
	for _, r := range []strategies.Result{two, indexed, text} {
		if identifyingMatch([]strategies.Result{w, r}, w) != nil {
			t.Errorf("%s with %d matches, nth %d: not an identifying attribute match", r.Strategy.Type, r.MatchCount, r.Strategy.Nth)
		}
	}
}

// A winner vouched for by similarity healing alone is refused when it
// carries another test id and the target was one of a repeated group: the
// removed card's neighbour slid into its place and reads the same. A
// strategy that identified it lets it stand, and so does a lone target
// (no index in its chain) whose test id a redesign renamed.
func TestHealedOntoAnotherTestID(t *testing.T) {
	var p Policy
	fp := &chain.Fingerprint{TestIDs: map[string]string{"data-testid": "add-copper-kettle"}}
	next := elem(5, map[string]string{"data-testid": "add-gooseneck-kettle"})
	sim := found(chain.Similarity, 5, 0.61, 0.9)
	sim.Element = next
	role := byIndex(chain.Role, 5, 23, 0.63)
	role.Element, role.Strategy.Nth = next, 15
	results := []strategies.Result{role, sim}
	v := checkPlaceOnly(fp, results, p.Weigh(results))
	if v.Err == nil || v.Err.Code != report.LowConfidence || v.Winner != nil {
		t.Fatalf("healed onto another test id: want LOW_CONFIDENCE and no winner, got %+v", v.Err)
	}
	byName := found(chain.Label, 5, 0.8, 0.9)
	byName.Element = next
	results = []strategies.Result{byName, sim}
	if v := checkPlaceOnly(fp, results, p.Weigh(results)); v.Err != nil || v.Winner == nil {
		t.Fatalf("identified by its label too: the winner stands, got %+v", v.Err)
	}
	lone := found(chain.TestID, 0, 0, 0)
	lone.Found = false
	results = []strategies.Result{lone, sim}
	if v := checkPlaceOnly(fp, results, p.Weigh(results)); v.Err != nil || v.Winner == nil {
		t.Fatalf("a lone target healed across a renamed test id stands, got %+v", v.Err)
	}
}

func TestOutsideTheItem(t *testing.T) {
	at := func(xp string) *pagemodel.Element { return &pagemodel.Element{XPath: xp} }
	shadow := func(tp string) *pagemodel.Element { return &pagemodel.Element{TreePath: tp} }
	framed := func(xp string) *pagemodel.Element { return &pagemodel.Element{XPath: xp, FramePath: []string{"#pay"}} }
	w := strategies.Result{Element: at("/html/body/div[2]/div[3]/ul/li[1]/a")}
	sw := strategies.Result{Element: shadow("/html/body/task-list/#shadow-root/ul/li[3]/button")}
	for _, c := range []struct {
		name  string
		w     strategies.Result
		items []*pagemodel.Element
		want  bool
	}{
		{"inside the item", w, []*pagemodel.Element{at("/html/body/div[2]/div[3]")}, false},
		{"the item itself", w, []*pagemodel.Element{at("/html/body/div[2]/div[3]/ul/li[1]/a")}, false},
		{"paths that start like the winner's but are not its ancestors", w, []*pagemodel.Element{at("/html/body/div[2]/div[3]/ul/li[1]/a[2]"), at("/html/body/div[2]/div")}, true},
		{"another item", w, []*pagemodel.Element{at("/html/body/div[2]/div[2]")}, true},
		{"an item in another frame at the same path", w, []*pagemodel.Element{framed("/html/body/div[2]/div[3]")}, true},
		{"a path not known", w, []*pagemodel.Element{at("/html/body/div[2]/div[2]"), at("")}, false},
		{"no items", w, nil, false},
		{"in a shadow tree, another item", sw, []*pagemodel.Element{shadow("/html/body/task-list/#shadow-root/ul/li[2]")}, true},
		{"in a shadow tree, inside the item", sw, []*pagemodel.Element{shadow("/html/body/task-list/#shadow-root/ul/li[3]")}, false},
		{"in a shadow tree, inside the host", sw, []*pagemodel.Element{at("/html/body/task-list")}, false},
		{"in a shadow tree, outside a document item", sw, []*pagemodel.Element{at("/html/body/main")}, true},
		{"a winner whose path is not known", strategies.Result{Element: at("")}, []*pagemodel.Element{at("/html/body")}, false},
	} {
		if got := outside(c.w, c.items); got != c.want {
			t.Errorf("%s: outside %v, want %v", c.name, got, c.want)
		}
	}
}

func TestCheckOther(t *testing.T) {
	fp := &chain.Fingerprint{AccessName: "DELETE /tasks/{taskId} Delete a task", OtherNames: []string{"PUT /tasks/{taskId} Update a task"}}
	named := func(n string) *pagemodel.Element { return &pagemodel.Element{Tag: "button", Role: "button", Name: n} }
	found := func(typ chain.StrategyType, value string, el *pagemodel.Element) strategies.Result {
		return strategies.Result{Strategy: chain.Strategy{Type: typ, Value: value}, Found: true, MatchCount: 1, Element: el}
	}
	put := named("PUT /tasks/{taskId} Update a task")
	for _, c := range []struct {
		name    string
		winner  strategies.Result
		results []strategies.Result
		refused bool
	}{
		{"a counterpart found by its place", found(chain.XPath, "/html/body/span[5]/div/button", put), nil, true},
		{"a counterpart found by similarity", found(chain.Similarity, "", put), nil, true},
		{"the target reworded", found(chain.Similarity, "", named("DELETE /tasks/{taskId} Remove a task")), nil, false},
		{"an id without digits names it", found(chain.XPath, "/html/body/span[5]/div/button", put),
			[]strategies.Result{found(chain.ID, "delete-task", put)}, false},
		{"a numbered id names it", found(chain.XPath, "/html/body/span[5]/div/button", put),
			[]strategies.Result{found(chain.ID, "op-5", put)}, true},
	} {
		results := append([]strategies.Result{c.winner}, c.results...)
		v := checkOther(fp, results, Verdict{Winner: &results[0]})
		if refused := v.Winner == nil; refused != c.refused {
			t.Errorf("%s: refused %v (%v), want %v", c.name, refused, v.Err, c.refused)
		}
		if c.refused && CodeOf(v.Err) != report.ElementNotFound {
			t.Errorf("%s: code %v, want ELEMENT_NOT_FOUND", c.name, CodeOf(v.Err))
		}
	}
}
