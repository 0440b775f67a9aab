package strategies

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/similarity"
)

// recordSubmit describes the sign-in button of healing/original.html the way
// the recorder writes a fingerprint, with an id-based XPath (what the
// recorder prefers when the id is unique).
func recordSubmit(ctx context.Context, t *testing.T, page *rod.Page) *chain.Fingerprint {
	t.Helper()
	m := model(page)
	fp := fingerprintOf(ctx, t, m, byID(ctx, t, m, "login-btn"))
	fp.XPath = `//button[@id="login-btn"]`
	fp.Region = "" // the recorder of these tests' time did not read regions
	if len(fp.Neighbours) == 0 || fp.Text != "Sign in" || fp.Role != "button" || fp.Box == nil {
		t.Fatalf("the recorded description is incomplete: %+v", fp)
	}
	return fp
}

func TestSimilarityHealsOnFixturePages(t *testing.T) {
	fx := testenv.Fixtures(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	fp := recordSubmit(ctx, t, testenv.Page(t, fx.URL+"/healing/original.html"))
	t.Logf("recorded fingerprint: %+v box %+v", *fp, *fp.Box)

	for _, tc := range []struct {
		page    string
		wantID  string // "" when the evaluator must refuse
		minConf float64
	}{
		{"original", "login-btn", 0.85},
		{"redesigned", "auth-go", 0.5},
		{"decoy", "auth-go", 0.5},
		{"removed", "", 0},
		{"replaced", "", 0}, // another control where the button stood
	} {
		t.Run(tc.page, func(t *testing.T) {
			page := testenv.Page(t, fx.URL+"/healing/"+tc.page+".html")
			target := &chain.Target{Fingerprint: fp, Chain: []chain.Strategy{{Type: chain.Similarity, Confidence: 0.65}}}
			r := Evaluate(ctx, NewEnv(model(page), target), target.Chain[0])
			t.Logf("found %v conf %.3f err %v; %s", r.Found, r.Confidence, r.Err, r.Detail)
			if tc.wantID == "" {
				if r.Found {
					t.Fatalf("the target is gone, yet similarity chose %s (%.2f)", r.Element, r.Confidence)
				}
				if !errors.Is(r.Err, ErrNotFound) && !IsAmbiguous(r.Err) {
					t.Errorf("err %v, want not found or ambiguous", r.Err)
				}
				return
			}
			if !r.Found || r.Element == nil {
				t.Fatalf("not found: %v; %s", r.Err, r.Detail)
			}
			if got := r.Element.ID; got != tc.wantID {
				t.Fatalf("chose %s, want #%s; %s", r.Element, tc.wantID, r.Detail)
			}
			if r.Confidence < tc.minConf || r.Confidence > similarity.MaxConfidence {
				t.Errorf("confidence %.3f, want in [%.2f, %.2f]", r.Confidence, tc.minConf, similarity.MaxConfidence)
			}
			if r.Point == nil || r.Box == nil {
				t.Fatalf("no point to act at")
			}
			// The point is on the chosen element: a real click there reaches it.
			fx.ResetEvents()
			if err := page.Mouse.MoveTo(proto.Point{X: r.Point.X, Y: r.Point.Y}); err != nil {
				t.Fatal(err)
			}
			if err := page.Mouse.Click(proto.InputMouseButtonLeft, 1); err != nil {
				t.Fatal(err)
			}
			evs, err := fx.WaitEvents(ctx, 1)
			if err != nil {
				t.Fatalf("no event after the click: %v", err)
			}
			if got := evs[0].Element; got != "submit" {
				t.Errorf("the click reached %q, want submit", got)
			}
		})
	}
}

func TestSimilarityScoreTellsTheDecoy(t *testing.T) {
	fx := testenv.Fixtures(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	fp := recordSubmit(ctx, t, testenv.Page(t, fx.URL+"/healing/original.html"))
	m := model(testenv.Page(t, fx.URL+"/healing/decoy.html"))
	env := NewEnv(m, &chain.Target{Fingerprint: fp})
	score := map[string]float64{}
	for _, id := range []string{"auth-go", "banner-signin"} {
		s, err := SimilarityScore(ctx, env, byID(ctx, t, m, id))
		if err != nil {
			t.Fatal(err)
		}
		score[id] = s.Value
		t.Logf("#%s: value %.3f raw %.3f identity %.3f context %.3f", id, s.Value, s.Raw, s.Identity, s.Context)
	}
	if score["banner-signin"] >= similarity.DefaultFloor {
		t.Errorf("the decoy scores %.3f, at or above the floor %.2f", score["banner-signin"], similarity.DefaultFloor)
	}
	if score["auth-go"] < similarity.DefaultFloor {
		t.Errorf("the redesigned button scores %.3f, under the floor", score["auth-go"])
	}
}

func TestSimilarityInsideAFrame(t *testing.T) {
	fx := testenv.Fixtures(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	fp := recordSubmit(ctx, t, testenv.Page(t, fx.URL+"/healing/original.html"))
	page := testenv.Page(t, fx.URL+"/healing/frame.html")
	if err := page.MustElement("#auth-frame").MustFrame().WaitLoad(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		framePath []string
		note      bool // the frame path no longer resolves: the whole page is searched
	}{
		{[]string{"iframe#auth-frame"}, false},
		{[]string{"iframe#login-frame"}, true},
	} {
		target := &chain.Target{FramePath: tc.framePath, Fingerprint: fp,
			Chain: []chain.Strategy{{Type: chain.Similarity, Confidence: 0.62}}}
		r := Evaluate(ctx, NewEnv(model(page), target), target.Chain[0])
		t.Logf("frame path %v: found %v conf %.3f; %s", tc.framePath, r.Found, r.Confidence, r.Detail)
		if !r.Found || r.Element.ID != "auth-go" {
			t.Errorf("frame path %v: found %v %v (%v), want the button in the frame", tc.framePath, r.Found, r.Element, r.Err)
			continue
		}
		if got := strings.Contains(r.Detail, "no longer resolves"); got != tc.note {
			t.Errorf("frame path %v: detail %q, want the scope note %v", tc.framePath, r.Detail, tc.note)
		}
		if !tc.note && strings.Contains(r.Detail, "banner-signin") {
			t.Errorf("scoped to the frame, yet the top page's decoy was compared: %s", r.Detail)
		}
	}
}

// A role lookup counts every match, rendered or not: the confirm button of
// a closed <dialog> shares the visible button's role and name, and the
// fingerprint, not visibility, picks the one the step means.
func TestRoleCountsEveryMatch(t *testing.T) {
	fx := testenv.Fixtures(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	page := testenv.Page(t, fx.URL+"/apps/settings/")
	m := model(page)
	s := chain.Strategy{Type: chain.Role, Value: "button|Delete account", Confidence: 0.92}
	for _, id := range []string{"delete-account", "confirm-delete-btn"} {
		tg := &chain.Target{Fingerprint: fingerprintOf(ctx, t, m, byID(ctx, t, m, id))}
		r := Evaluate(ctx, NewEnv(m, tg), s)
		if !r.Found || r.MatchCount != 2 || r.Element.ID != id {
			t.Errorf("recorded #%s: found %v, %d matches, %v (%s); want #%s of 2", id, r.Found, r.MatchCount, r.Element, r.Detail, id)
		}
	}
}

// A card's reworded add button, in a grid of cards whose add buttons were
// all reworded alike: the chain names the card by its title (a role
// strategy within the item), so similarity decides within that card, where
// the card's wishlist button is the only rival; the next card's button is
// not. Where the button or the card is gone, or another control stands in
// the button's place, nothing is taken.
func TestSimilarityDecidesWithinTheItem(t *testing.T) {
	fx := testenv.Fixtures(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	fp := recordOn(ctx, t, fx.URL+"/healing/cards.html", "add-1")
	fp.TestIDs = map[string]string{"data-testid": "add-beta-kettle"}
	item := &chain.Strategy{Type: chain.Text, Value: "Beta kettle", Match: "contains", Tag: "li"}
	chn := []chain.Strategy{
		{Type: chain.TestID, Value: "add-beta-kettle", Confidence: 0.97},
		{Type: chain.Role, Value: "button|Add to cart", Within: item, Confidence: 0.9},
		{Type: chain.Similarity, Confidence: 0.62},
	}
	for _, tc := range []struct {
		query  string
		wantID string // "" when nothing may be taken
		inItem bool   // the decision was taken within the card
	}{
		{"redesign", "bag-1", true},
		{"gone", "", false},
		{"nocard", "", false},
		// Another control in the target's place, reading otherwise than
		// the other cards' buttons: the item alone does not make it the
		// target.
		{"notify", "", false},
	} {
		t.Run(tc.query, func(t *testing.T) {
			page := testenv.Page(t, fx.URL+"/healing/cards.html?"+tc.query)
			target := &chain.Target{Fingerprint: fp, Chain: chn}
			env := NewEnv(model(page), target)
			env.Order = chn
			for _, s := range chn[:2] {
				if r := Evaluate(ctx, env, s); r.Found {
					t.Fatalf("%s found %s: the page must leave the step to similarity", s.Type, r.Element)
				}
			}
			r := Evaluate(ctx, env, chn[2])
			t.Logf("found %v %v conf %.3f err %v; %s", r.Found, r.Element, r.Confidence, r.Err, r.Detail)
			if got := strings.Contains(r.Detail, "decided within its item"); got != tc.inItem {
				t.Errorf("decided within the item: %v, want %v", got, tc.inItem)
			}
			if tc.wantID == "" {
				if r.Found {
					t.Fatalf("the target is gone, yet similarity chose %s (%.2f)", r.Element, r.Confidence)
				}
				return
			}
			if !r.Found || r.Element.ID != tc.wantID {
				t.Fatalf("found %v %v, want #%s", r.Found, r.Element, tc.wantID)
			}
		})
	}
	// Without the item in its chain, the next card's button holds the
	// card's back: the rule is the item's, not a lower floor.
	page := testenv.Page(t, fx.URL+"/healing/cards.html?redesign")
	target := &chain.Target{Fingerprint: fp, Chain: []chain.Strategy{chn[0], chn[2]}}
	if r := Evaluate(ctx, NewEnv(model(page), target), chn[2]); r.Found {
		t.Errorf("without the item, similarity took %s (%.2f): the test no longer needs the rule; %s", r.Element, r.Confidence, r.Detail)
	}
}

// In a list whose rows differ by one word, a row's reworded button reads
// almost like the next row's: the page alone does not take it with the
// confidence the decision needs (0.5). Decided within the row the chain
// names it in, the next row's button no longer holds it back.
func TestSimilarityConfidenceWithinTheItem(t *testing.T) {
	fx := testenv.Fixtures(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	fp := recordOn(ctx, t, fx.URL+"/healing/rows.html", "remove-0")
	item := &chain.Strategy{Type: chain.Text, Value: "Apples", Match: "contains", Tag: "li"}
	role := chain.Strategy{Type: chain.Role, Value: "button|Remove", Within: item, Confidence: 0.9}
	sim := chain.Strategy{Type: chain.Similarity, Confidence: 0.62}
	conf := map[bool]float64{}
	for _, scoped := range []bool{false, true} {
		page := testenv.Page(t, fx.URL+"/healing/rows.html?restyled")
		target := &chain.Target{Fingerprint: fp, Chain: []chain.Strategy{sim}}
		if scoped {
			target.Chain = []chain.Strategy{role, sim}
		}
		r := Evaluate(ctx, NewEnv(model(page), target), sim)
		t.Logf("item in the chain %v: found %v %v conf %.3f; %s", scoped, r.Found, r.Element, r.Confidence, r.Detail)
		if r.Found && r.Element.ID != "del-0" {
			t.Fatalf("took %s, want #del-0", r.Element)
		}
		conf[scoped] = r.Confidence
	}
	if conf[false] >= 0.5 {
		t.Fatalf("the page alone gives %.2f: the test no longer needs the item", conf[false])
	}
	if conf[true] < 0.5 {
		t.Errorf("decided within its row: confidence %.2f, want at least 0.5 (the page alone: %.2f)", conf[true], conf[false])
	}
}

// Only a look-alike outside the item, named no better than the best and
// standing elsewhere, is set aside by a decision within the item.
func TestCopyElsewhere(t *testing.T) {
	in := map[string]bool{"best": true, "mate": true}
	for _, tc := range []struct {
		name                  string
		runnerUp              string
		identityLead, ctxLead float64
		want                  bool
	}{
		{"the next card's button, reworded alike", "other", 0, 0.2, true},
		{"the next row's button, its numbered id told apart", "other", 0.14, 0.02, true},
		{"a runner-up better named: the best reads otherwise (Notify me)", "other", -0.3, 0.2, false},
		{"a runner-up that stands as well", "other", 0, 0, false},
		{"a runner-up in the item itself", "mate", 0, 0.2, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := similarity.Scored{Candidate: &similarity.Candidate{Ref: "best"}, Score: similarity.Score{Identity: 0.5, Context: 0.5}}
			ru := similarity.Scored{Candidate: &similarity.Candidate{Ref: tc.runnerUp}, Score: similarity.Score{Identity: 0.5, Context: 0.5}}
			res := similarity.Result{Best: &b, RunnerUp: &ru, IdentityLead: tc.identityLead, ContextLead: tc.ctxLead}
			if got := copyElsewhere(res, func(sc *similarity.Scored) bool { return in[sc.Candidate.Ref] }); got != tc.want {
				t.Errorf("copyElsewhere = %v, want %v", got, tc.want)
			}
		})
	}
}
