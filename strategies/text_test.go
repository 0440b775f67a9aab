package strategies

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/go-rod/rod/lib/proto"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/internal/testenv"
)

// The recorder reads an element's text as its textContent with white space
// collapsed: "Cart (<span>2</span>)" is "Cart (2)", and two <div>s inside a
// button run together. The tree's text runs inline elements on and sets
// blocks apart, as Chromium's accessible names do: the text strategy must
// find the element either way, and the role strategy by Chromium's name.
func TestTextAcrossInlineChildren(t *testing.T) {
	page, err := testenv.Browser(t).Page(proto.TargetCreateTarget{URL: "about:blank"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { page.Close() })
	if err := page.SetDocumentContent(`<main>
<button id="cart">Cart (<span>2</span>)</button>
<p id="greet"><b>Hello</b>, world</p>
<button id="other">Cart (3)</button>
<button id="two"><div>Add</div><div>to cart</div></button>
</main>`); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	for _, tc := range []struct{ text, id string }{{"Cart (2)", "cart"}, {"Hello, world", "greet"}, {"cart (3)", "other"},
		// textContent runs the blocks together; the tree sets them apart.
		{"Addto cart", "two"}} {
		r := Evaluate(ctx, NewEnv(page, nil), chain.Strategy{Type: chain.Text, Value: tc.text, Confidence: 0.7})
		if !r.Found || r.MatchCount != 1 || r.Node.Attr("id") != tc.id {
			t.Errorf("text %q: found %v, %d matches, %v (%v); want #%s", tc.text, r.Found, r.MatchCount, r.Node, r.Err, tc.id)
		}
	}
	// The accessible name is computed as Chromium does: no space either.
	if r := Evaluate(ctx, NewEnv(page, nil), chain.Strategy{Type: chain.Role, Value: "button|Cart (2)", Confidence: 0.9}); !r.Found || r.Node.Attr("id") != "cart" {
		t.Errorf("role button|Cart (2): found %v, %v (%v)", r.Found, r.Node, r.Err)
	}
	if r := Evaluate(ctx, NewEnv(page, nil), chain.Strategy{Type: chain.Role, Value: "button|Add to cart", Confidence: 0.9}); !r.Found || r.Node.Attr("id") != "two" {
		t.Errorf("role button|Add to cart: found %v, %v (%v)", r.Found, r.Node, r.Err)
	}
	if r := Evaluate(ctx, NewEnv(page, nil), chain.Strategy{Type: chain.Text, Value: "Cart (4)", Confidence: 0.7}); r.Found {
		t.Errorf("text \"Cart (4)\" found %v", r.Node)
	}
}

// A strategy recorded with an index beyond the candidates Conclude
// verifies (maxVerified) still takes the element at that index: the 30th
// of 30 look-alike buttons, not the best-verified of the first 25. The
// fingerprint says which card the recorded one sat in, so every button
// there is a fair rival; only the index tells them apart.
func TestNthBeyondTheVerifiedCandidates(t *testing.T) {
	page, err := testenv.Browser(t).Page(proto.TargetCreateTarget{URL: "about:blank"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { page.Close() })
	html := "<ul>"
	for i := 1; i <= maxVerified+5; i++ {
		html += fmt.Sprintf(`<li><button id="b%d">Add to cart</button></li>`, i)
	}
	if err := page.SetDocumentContent(html + "</ul>"); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	tg := &chain.Target{Fingerprint: &chain.Fingerprint{Tag: "button", Role: "button", AccessName: "Add to cart", Text: "Add to cart"}}
	for _, nth := range []int{3, maxVerified, maxVerified + 1, maxVerified + 5} {
		s := chain.Strategy{Type: chain.Role, Value: "button|Add to cart", Nth: nth, Confidence: 0.9}
		tg.Chain = []chain.Strategy{s}
		r := Evaluate(ctx, NewEnv(page, tg), s)
		want := fmt.Sprintf("b%d", nth)
		if !r.Found || r.Node.Attr("id") != want || !r.NthHeld || r.MatchCount != maxVerified+5 {
			t.Errorf("nth %d: found %v %v, %d matches, nth held %v (%s); want #%s", nth, r.Found, r.Node, r.MatchCount, r.NthHeld, r.Detail, want)
		}
	}
}

// ARIARole names Chromium's roles as WAI-ARIA does, and no role at all
// for Chromium's own.
func TestARIARole(t *testing.T) {
	for in, want := range map[string]string{"image": "img", "img": "img", "Button": "button", " link ": "link",
		"MenuListOption": "option", "ListBoxOption": "option", "DisclosureTriangle": "button",
		"Iframe": "", "StaticText": "", "RootWebArea": "", "": "", "region": "region"} {
		if got := ARIARole(in); got != want {
			t.Errorf("ARIARole(%q) = %q, want %q", in, got, want)
		}
	}
}
