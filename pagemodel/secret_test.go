package pagemodel_test

import (
	"context"
	"strings"
	"testing"

	"github.com/qa-chain/chainreplay/internal/testenv"
	"github.com/qa-chain/chainreplay/pagemodel"
)

// One rule says which fields are secret, for the description of the field
// itself and for the values a row's fields show among its elements'
// neighbours: a password, a field marked data-secret, one whose
// autocomplete names a password, a one-time code or card data, and a
// field the model saw a password once (a password shown as text). Their
// values are neither the field's value nor anyone's neighbour; an
// ordinary field's value is both.
func TestOneRuleSaysWhatIsSecret(t *testing.T) {
	fx := testenv.Fixtures(t)
	page := testenv.Page(t, fx.URL+"/variants/secret-rows.html")
	m := pagemodel.New(page, pagemodel.Options{})
	ctx := context.Background()
	describe := func(css string) *pagemodel.Description {
		t.Helper()
		d, err := pagemodel.Describe(ctx, m.Session(), page.MustElement(css).Object.ObjectID, pagemodel.DescribeOptions{})
		if err != nil {
			t.Fatalf("describe %s: %v", css, err)
		}
		return d
	}
	page.MustElement("#pw").MustEval(`function () { this.value = "hunter2"; }`)
	describe("#save") // the model sees #pw a password
	page.MustElement("#show").MustClick()
	if ty := page.MustElement("#pw").MustEval(`function () { return this.type; }`).Str(); ty != "text" {
		t.Fatalf("#pw is a %q field, want it shown as text", ty)
	}
	for _, c := range []struct{ css, value, neighbours string }{
		{"#save", "", "Payment|Show Save|Ada Lovelace"},
		{"#holder", "Ada Lovelace", "Payment|Show Save"},
		{"#verify", "", "Payment|Verify|Countess"},
		{"#nick", "Countess", "Payment|Verify"},
	} {
		d := describe(c.css)
		if got := strings.Join(d.Neighbours, "|"); got != c.neighbours {
			t.Errorf("%s: neighbours %q, want %q", c.css, got, c.neighbours)
		}
		if d.Secret || d.Tag == "input" && d.Value != c.value {
			t.Errorf("%s: secret %v, value %q; want the value %q", c.css, d.Secret, d.Value, c.value)
		}
	}
	for _, css := range []string{"#card", "#cvc", "#pw", "#otp"} {
		if d := describe(css); !d.Secret || d.Value != "" {
			t.Errorf("%s: secret %v, value %q; want a secret, of no value", css, d.Secret, d.Value)
		}
	}
}
