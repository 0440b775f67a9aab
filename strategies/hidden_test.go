package strategies

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/testenv"
)

// archiveButton is the fingerprint of healing/hidden-twin.html's shown
// "Archive order" button as recorded before its id was renamed.
func archiveButton() *chain.Fingerprint {
	return &chain.Fingerprint{Tag: "button", ID: "archive-order", Type: "button", Classes: []string{"btn", "btn-warn"},
		Role: "button", AccessName: "Archive order", Text: "Archive order",
		Neighbours: []string{"Order archive"}, Region: "Order archive",
		Box: &chain.Rect{X: 40, Y: 190, Width: 140, Height: 38}}
}

// confirmButton is the fingerprint of the dialog's "Archive order" button,
// recorded with the dialog open.
func confirmButton() *chain.Fingerprint {
	return &chain.Fingerprint{Tag: "button", ID: "archive-order-confirm", Type: "button", Classes: []string{"btn", "btn-warn"},
		Role: "button", AccessName: "Archive order", Text: "Archive order",
		Neighbours: []string{"Archive this order?"}, Region: "Archive this order?",
		Box: &chain.Rect{X: 600, Y: 380, Width: 140, Height: 38}}
}

func TestSimilarityPrefersTheShownTwin(t *testing.T) {
	fx := testenv.Fixtures(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	page := testenv.Page(t, fx.URL+"/healing/hidden-twin.html")
	ev, _ := For(chain.Similarity)

	r := ev.Evaluate(ctx, NewEnv(model(page), &chain.Target{Fingerprint: archiveButton()}), chain.Strategy{Type: chain.Similarity})
	t.Logf("closed dialog: found %v conf %.2f hidden rival %v err %v; %s", r.Found, r.Confidence, r.HiddenRival, r.Err, r.Detail)
	if !r.Found || r.Element.ID != "open-archive" || !r.HiddenRival {
		t.Fatalf("want the shown button, flagged for its hidden twin; got found %v element %v hidden rival %v", r.Found, r.Element, r.HiddenRival)
	}
	if !strings.Contains(r.Detail, "hidden") {
		t.Errorf("the detail does not name the hidden rival: %s", r.Detail)
	}

	// Open, the dialog's twin is a rival like any other: no tie is broken
	// for being shown.
	page.MustEval(`() => document.getElementById("confirm").showModal()`)
	r = ev.Evaluate(ctx, NewEnv(model(page), &chain.Target{Fingerprint: archiveButton()}), chain.Strategy{Type: chain.Similarity})
	t.Logf("open dialog: found %v hidden rival %v err %v; %s", r.Found, r.HiddenRival, r.Err, r.Detail)
	if r.HiddenRival {
		t.Fatalf("nothing is hidden, yet the result is flagged: %s", r.Detail)
	}
	r = ev.Evaluate(ctx, NewEnv(model(page), &chain.Target{Fingerprint: confirmButton()}), chain.Strategy{Type: chain.Similarity})
	t.Logf("open dialog, confirm recorded: found %v conf %.2f err %v; %s", r.Found, r.Confidence, r.Err, r.Detail)
	if !r.Found || r.Element.ID != "do-archive" {
		t.Fatalf("the dialog's button recorded in the open dialog: got found %v element %v err %v", r.Found, r.Element, r.Err)
	}
}
