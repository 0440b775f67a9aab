package strategies

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/fixtures"
	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/similarity"
)

// recordSubmit describes the sign-in button of healing/original.html the way
// the recorder writes a fingerprint: its attributes, its neighbour texts, an
// id-based XPath (what the recorder prefers when the id is unique) and its
// box in document pixels.
func recordSubmit(ctx context.Context, t *testing.T, page *rod.Page) *chain.Fingerprint {
	t.Helper()
	env := NewEnv(page, nil)
	doc, err := env.Doc(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var btn *Node
	for _, n := range doc.Elements {
		if n.Attr("id") == "login-btn" {
			btn = n
		}
	}
	if btn == nil {
		t.Fatal("no #login-btn on the original page")
	}
	c := describeForSimilarity(btn, newNeighbourhood())
	vp, err := env.Metrics(ctx)
	if err != nil {
		t.Fatal(err)
	}
	box := env.Box(ctx, btn.BackendID)
	if box == nil {
		t.Fatal("#login-btn has no box")
	}
	fp := &chain.Fingerprint{Tag: c.Tag, ID: c.ID, Type: c.Type, Classes: c.Classes, Role: c.Role,
		AccessName: c.AccessName, Text: c.Text, TestIDs: c.TestIDs, XPath: `//button[@id="login-btn"]`,
		Neighbours: c.Neighbours,
		Box:        &chain.Rect{X: box.X + vp.ScrollX, Y: box.Y + vp.ScrollY, Width: box.Width, Height: box.Height}}
	if len(fp.Neighbours) == 0 || fp.Text != "Sign in" || fp.Role != "button" {
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
			r := Evaluate(ctx, NewEnv(page, target), target.Chain[0])
			t.Logf("found %v conf %.3f err %v; %s", r.Found, r.Confidence, r.Err, r.Detail)
			if tc.wantID == "" {
				if r.Found {
					t.Fatalf("the target is gone, yet similarity chose %s (%.2f)", r.Node, r.Confidence)
				}
				if !errors.Is(r.Err, ErrNotFound) && !IsAmbiguous(r.Err) {
					t.Errorf("err %v, want not found or ambiguous", r.Err)
				}
				return
			}
			if !r.Found || r.Node == nil {
				t.Fatalf("not found: %v; %s", r.Err, r.Detail)
			}
			if got := r.Node.Attr("id"); got != tc.wantID {
				t.Fatalf("chose %s, want #%s; %s", r.Node, tc.wantID, r.Detail)
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

func TestAbsoluteXPath(t *testing.T) {
	fx := testenv.Fixtures(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	page := testenv.Page(t, fx.URL+"/healing/original.html")
	doc, err := NewEnv(page, nil).Doc(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"login-btn": "/html/body/div/main/form/button",
		"email":     "/html/body/div/main/form/input[1]",
		"remember":  "/html/body/div/main/form/label[3]/input",
		"signup":    "/html/body/div/aside/button",
	}
	nb := newNeighbourhood()
	for _, n := range doc.Elements {
		if w, ok := want[n.Attr("id")]; ok {
			if got := nb.absoluteXPath(n); got != w {
				t.Errorf("#%s: %q, want %q", n.Attr("id"), got, w)
			}
			// The page agrees: the XPath finds exactly this element.
			res, err := page.Eval(`(x) => { const r = document.evaluate(x, document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null); return r.snapshotLength === 1 ? r.snapshotItem(0).id : "count " + r.snapshotLength }`, w)
			if err != nil {
				t.Fatal(err)
			}
			if got := res.Value.Str(); got != n.Attr("id") {
				t.Errorf("document.evaluate(%q) = %s", w, got)
			}
			delete(want, n.Attr("id"))
		}
	}
	if len(want) > 0 {
		t.Errorf("not seen: %v", want)
	}
}

func TestNeighboursLikeTheRecorder(t *testing.T) {
	fx := testenv.Fixtures(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	page := testenv.Page(t, fx.URL+"/healing/decoy.html")
	doc, err := NewEnv(page, nil).Doc(ctx)
	if err != nil {
		t.Fatal(err)
	}
	nb := newNeighbourhood()
	want := map[string]string{
		"auth-go":       "[Sign in]",
		"email":         "[Email Sign in]",
		"remember":      "[Remember me Sign in]",
		"signup":        "[New here?]",
		"banner-signin": "[]",
	}
	for _, n := range doc.Elements {
		if w, ok := want[n.Attr("id")]; ok {
			if got := fmt.Sprint(nb.of(n)); got != w {
				t.Errorf("#%s: neighbours %s, want %s", n.Attr("id"), got, w)
			}
		}
	}
}

func TestSimilarityScoreTellsTheDecoy(t *testing.T) {
	fx := testenv.Fixtures(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	fp := recordSubmit(ctx, t, testenv.Page(t, fx.URL+"/healing/original.html"))
	page := testenv.Page(t, fx.URL+"/healing/decoy.html")
	env := NewEnv(page, &chain.Target{Fingerprint: fp})
	doc, err := env.Doc(ctx)
	if err != nil {
		t.Fatal(err)
	}
	score := map[string]float64{}
	for _, n := range doc.Elements {
		switch id := n.Attr("id"); id {
		case "auth-go", "banner-signin":
			s, err := SimilarityScore(ctx, env, n.BackendID)
			if err != nil {
				t.Fatal(err)
			}
			score[id] = s.Value
			t.Logf("#%s: value %.3f raw %.3f identity %.3f context %.3f", id, s.Value, s.Raw, s.Identity, s.Context)
		}
	}
	if len(score) != 2 {
		t.Fatalf("scored %v", score)
	}
	if score["banner-signin"] >= similarity.DefaultFloor {
		t.Errorf("the decoy scores %.3f, at or above the floor %.2f", score["banner-signin"], similarity.DefaultFloor)
	}
	if score["auth-go"] < similarity.DefaultFloor {
		t.Errorf("the redesigned button scores %.3f, under the floor", score["auth-go"])
	}
	if _, err := SimilarityScore(ctx, env, 987654321); !errors.Is(err, ErrNotFound) {
		t.Errorf("unknown backend id: %v, want ErrNotFound", err)
	}
}

func TestSuggestStrategiesForAHealedElement(t *testing.T) {
	fx := testenv.Fixtures(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	fp := recordSubmit(ctx, t, testenv.Page(t, fx.URL+"/healing/original.html"))
	page := testenv.Page(t, fx.URL+"/healing/decoy.html")
	target := &chain.Target{Fingerprint: fp, Chain: []chain.Strategy{{Type: chain.Similarity, Confidence: 0.62}}}
	env := NewEnv(page, target)
	r := Evaluate(ctx, env, target.Chain[0])
	if !r.Found {
		t.Fatalf("not healed: %v", r.Err)
	}
	got, err := SuggestStrategies(ctx, env, r.BackendNodeID)
	if err != nil {
		t.Fatal(err)
	}
	want := []chain.Strategy{
		{Type: chain.TestID, Value: "auth-submit", Confidence: suggestTestID},
		{Type: chain.ID, Value: "auth-go", Confidence: suggestID},
		{Type: chain.Role, Value: "button|Log in", Confidence: suggestRole},
		{Type: chain.Text, Value: "Log in", Confidence: suggestText},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("suggestions\n%v\nwant\n%v", got, want)
	}
	// Every suggestion finds the healed element, and only it.
	for _, s := range got {
		res := Evaluate(ctx, NewEnv(page, target), s)
		if !res.Found || res.BackendNodeID != r.BackendNodeID || res.MatchCount != 1 {
			t.Errorf("%s %q: found %v n=%d node %v, want the healed element alone", s.Type, s.Value, res.Found, res.MatchCount, res.Node)
		}
	}
	// The decoy's text and role are not unique on this page ("Sign in" is
	// also the heading), so they are not suggested for it.
	doc, _ := env.Doc(ctx)
	for _, n := range doc.Elements {
		if n.Attr("id") == "banner-signin" {
			sg, err := SuggestStrategies(ctx, env, n.BackendID)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range sg {
				if s.Type == chain.Text {
					t.Errorf("suggested text %q, which the heading shares", s.Value)
				}
			}
		}
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
		r := Evaluate(ctx, NewEnv(page, target), target.Chain[0])
		t.Logf("frame path %v: found %v conf %.3f; %s", tc.framePath, r.Found, r.Confidence, r.Detail)
		if !r.Found || r.Node.Attr("id") != "auth-go" {
			t.Errorf("frame path %v: found %v %v (%v), want the button in the frame", tc.framePath, r.Found, r.Node, r.Err)
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

// Region names the landmark or named section around an element, crossing
// shadow roots, and tells a copied card from the original.
func TestRegionLikeTheRecorder(t *testing.T) {
	fx := testenv.Fixtures(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	u, err := fx.VersionURL(fixtures.Decoy)
	if err != nil {
		t.Fatal(err)
	}
	check := func(url string, want map[string][]string, key func(*Node) string) {
		page := testenv.Page(t, url)
		doc, err := NewEnv(page, nil).Doc(ctx)
		if err != nil {
			t.Fatal(err)
		}
		nb := newNeighbourhood()
		got := map[string][]string{}
		for _, n := range doc.Elements {
			if k := key(n); k != "" {
				got[k] = append(got[k], nb.region(n))
			}
		}
		for k, w := range want {
			if fmt.Sprint(got[k]) != fmt.Sprint(w) {
				t.Errorf("%s: regions %q, want %q", k, got[k], w)
			}
		}
	}
	// The page's <header> has no name: the banner landmark is named by its
	// role.
	check(u+"/apps/shop/", map[string][]string{"add-copper-kettle": {"Staff picks", "All products"}, "open-cart": {"banner"}},
		func(n *Node) string { return n.Attr("data-testid") })
	// The form has named sections and no heading of its own: the submit
	// button outside the sections stands in <main>.
	check(fx.URL+"/apps/checkout/", map[string][]string{"place-order": {"Checkout"}, "email": {"Contact"}},
		func(n *Node) string { return n.Attr("id") })
	check(fx.URL+"/apps/settings/", map[string][]string{
		"save-profile": {"Profile"}, "switch": {"Notifications", "Notifications", "Notifications"}, "confirm-delete-btn": {"Delete your account?"},
	}, func(n *Node) string {
		if n.Attr("role") == "switch" {
			return "switch"
		}
		return n.Attr("id")
	})
}

// A role lookup counts rendered elements only: the confirm button of a
// closed <dialog> shares the visible button's role and name but is no
// rival; once the dialog opens, both count.
func TestRoleCountsRenderedMatches(t *testing.T) {
	fx := testenv.Fixtures(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	page := testenv.Page(t, fx.URL+"/apps/settings/")
	s := chain.Strategy{Type: chain.Role, Value: "button|Delete account", Confidence: 0.92}
	tg := &chain.Target{Fingerprint: &chain.Fingerprint{Tag: "button", Role: "button", AccessName: "Delete account", ID: "delete-account"}}
	r := Evaluate(ctx, NewEnv(page, tg), s)
	if !r.Found || r.MatchCount != 1 || r.Node.Attr("id") != "delete-account" {
		t.Fatalf("dialog closed: found %v, %d matches, %v (%s); want the one visible button", r.Found, r.MatchCount, r.Node, r.Detail)
	}
	if _, err := page.Eval(`() => document.getElementById("confirm-delete").showModal()`); err != nil {
		t.Fatal(err)
	}
	if r := Evaluate(ctx, NewEnv(page, tg), s); r.MatchCount != 2 {
		t.Errorf("dialog open: %d matches (%s), want 2", r.MatchCount, r.Detail)
	}
}
