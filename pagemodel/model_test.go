package pagemodel_test

import (
	"context"
	"testing"

	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/pagemodel"
)

func TestFindOnLogin(t *testing.T) {
	fx := testenv.Fixtures(t)
	page := testenv.Page(t, fx.URL+"/login.html")
	m := pagemodel.New(page, pagemodel.Options{})
	ctx := context.Background()
	f, err := m.Find(ctx, nil, []pagemodel.Query{
		{Type: pagemodel.ByAttr, Attrs: pagemodel.DefaultTestIDAttrs, Value: "login-submit"},
		{Type: pagemodel.ByRole, Role: "button", Value: "sign in", HasName: true},
		{Type: pagemodel.ByLabel, Value: "Email"},
		{Type: pagemodel.ByText, Value: "Browse products"},
		{Type: pagemodel.ByCSS, Value: "input"},
		{Type: pagemodel.ByXPath, Value: "//button"},
		{Type: pagemodel.ByRole, Role: "checkbox", Value: "Remember me", HasName: true},
	})
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range f.Answers {
		t.Logf("q%d: n=%d tier=%d err=%v", i, a.N, a.Tier, a.Err)
		for _, e := range a.Els {
			t.Logf("   %s role=%s name=%q label=%q text=%q box=%+v vis=%v nb=%q rg=%q xp=%s", e, e.Role, e.Name, e.Label, e.Text, e.Box, e.Visible, e.Neighbours, e.Region, e.XPath)
		}
	}
	if f.Answers[0].N != 1 || f.Answers[1].N != 1 || f.Answers[1].Els[0].Ref != f.Answers[0].Els[0].Ref {
		t.Errorf("test id and role disagree")
	}
	el, err := m.At(ctx, f.Answers[0].Els[0].Box.X+5, f.Answers[0].Els[0].Box.Y+5, pagemodel.Prefer{})
	if err != nil || el == nil || el.Ref != f.Answers[0].Els[0].Ref {
		t.Errorf("at: %v %v", el, err)
	}
}

// TestDescribeInstallsTheModelWhereTheElementIs: on a page loaded without
// StartScript, Describe and FrameInfo install the model in the world of
// the object they are given (they have no document of their own).
func TestDescribeInstallsTheModelWhereTheElementIs(t *testing.T) {
	fx := testenv.Fixtures(t)
	ctx := context.Background()
	page := testenv.Page(t, fx.URL+"/login.html")
	m := pagemodel.New(page, pagemodel.Options{})
	d, err := pagemodel.Describe(ctx, m.Session(), page.MustElement("#login-btn").Object.ObjectID, pagemodel.DescribeOptions{})
	if err != nil || d.Role != "button" || d.Name != "Sign in" {
		t.Fatalf("describe the sign-in button: %+v, %v", d, err)
	}
	page = testenv.Page(t, fx.URL+"/snapshot/frames.html?other="+fx.OtherURL)
	m = pagemodel.New(page, pagemodel.Options{})
	css, _, _, err := pagemodel.FrameInfo(ctx, m.Session(), page.MustElement("#same").Object.ObjectID, pagemodel.DescribeOptions{})
	if err != nil || css != "#same" {
		t.Fatalf("frame info of #same: %q, %v", css, err)
	}
}

// At finds what a pointer there would reach: a layer that takes no
// pointer events (pointer-events: none, as ag-grid's row container has)
// is not it, the button under it is.
func TestAtPassesThroughWhatTakesNoPointerEvents(t *testing.T) {
	page := testenv.Page(t, "about:blank")
	page.MustSetDocumentContent(`<!doctype html><html><body style="margin:0">
<button id="under" style="position:absolute; left:20px; top:20px; width:120px; height:40px">Promote</button>
<div id="layer" style="position:absolute; left:0; top:0; width:400px; height:200px; pointer-events:none"></div>
</body></html>`)
	m := pagemodel.New(page, pagemodel.Options{})
	el, err := m.At(context.Background(), 60, 40, pagemodel.Prefer{})
	if err != nil || el == nil || el.ID != "under" {
		t.Fatalf("at 60,40: %v, %v; want the button under the layer", el, err)
	}
}
