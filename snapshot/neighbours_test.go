package snapshot

import (
	"context"
	"strings"
	"testing"

	"github.com/qa-chain/chainreplay/internal/testenv"
)

// wantNeighbours checks the neighbours of each node, joined by "|", in the
// snapshot and in the page model's description of the same element (what
// the recorder records) against the neighbours a person reads there.
func wantNeighbours(t *testing.T, s *Snapshot, want map[*Node]string, what map[*Node]string) {
	t.Helper()
	var nodes []*Node
	for n, w := range want {
		if got := strings.Join(n.Neighbours, "|"); got != w {
			t.Errorf("snapshot: %s neighbours %q, want %q", what[n], got, w)
		}
		nodes = append(nodes, n)
	}
	els, err := s.Describe(context.Background(), nodes)
	if err != nil {
		t.Fatal(err)
	}
	for i, el := range els {
		if el == nil {
			t.Errorf("%s: not described", what[nodes[i]])
		} else if got, w := strings.Join(el.Neighbours, "|"), want[nodes[i]]; got != w {
			t.Errorf("described: %s neighbours %q, want %q", what[nodes[i]], got, w)
		}
	}
}

// The fields of a table row show what tells the row apart (a line item's
// product and quantity): what they read is among the neighbours of every
// element of the row, each field's own value left out, in the snapshot as
// in the recorder's description.
func TestNeighboursHoldTheValuesOfTheRowsFields(t *testing.T) {
	p := open(t, testenv.Fixtures(t).URL+"/variants/field-rows.html")
	s := snap(t, p, Options{})
	rows := [][2]string{{"Copy paper", "5"}, {"Stapler", "1"}, {"Toner", "2"}}
	want, what := map[*Node]string{}, map[*Node]string{}
	var trs, products, quantities, buttons []*Node
	for _, n := range s.Nodes {
		switch {
		case n.Tag == "tr":
			trs = append(trs, n)
		case n.Tag == "input" && n.Name == "Product":
			products = append(products, n)
		case n.Tag == "input" && n.Name == "Quantity":
			quantities = append(quantities, n)
		case n.Tag == "button":
			buttons = append(buttons, n)
		}
	}
	if len(trs) != 3 || len(products) != 3 || len(quantities) != 3 || len(buttons) != 3 {
		t.Fatalf("%d rows, %d products, %d quantities, %d buttons; want 3 of each", len(trs), len(products), len(quantities), len(buttons))
	}
	for i, r := range rows {
		row := "Order|Remove|" + r[0] + " " + r[1]
		want[trs[i]], what[trs[i]] = row, "row "+r[0]
		want[buttons[i]], what[buttons[i]] = row, "Remove of "+r[0]
		want[products[i]], what[products[i]] = "Order|Remove|"+r[1], "product "+r[0]
		want[quantities[i]], what[quantities[i]] = "Order|Remove|"+r[0], "quantity of "+r[0]
	}
	wantNeighbours(t, s, want, what)
}

// An element of a shadow tree has no row of the light tree among its
// neighbours (its tree has none around it: the recorder's closest("tr,
// li") stops at its root), and a light element slotted into a shadow
// tree has the row of its own tree.
func TestNeighboursOfAShadowTreesElementHaveNoLightRow(t *testing.T) {
	fx := testenv.Fixtures(t)
	p := open(t, fx.URL+"/variants/slotted-buttons.html")
	s := snap(t, p, Options{})
	want, what := map[*Node]string{}, map[*Node]string{}
	for _, n := range s.Nodes {
		switch {
		case n.Tag == "button":
			want[n], what[n] = "Basket", "the Remove button of "+strings.Join(n.ShadowPath, " ")
		case n.Tag == "li":
			want[n], what[n] = "Basket|"+n.Text, "the item "+n.Text
		case n.Tag == "span" && n.Attrs.Get("class") == "name":
			want[n], what[n] = "Basket|"+n.Text+" Remove", "the name "+n.Text
		}
	}
	if len(want) != 9 {
		t.Fatalf("%d buttons, items and names; want 9", len(want))
	}
	wantNeighbours(t, s, want, what)

	p = open(t, fx.URL+"/variants/random-hosts.html")
	s = snap(t, p, Options{})
	want, what = map[*Node]string{}, map[*Node]string{}
	for _, n := range s.Nodes {
		if n.Tag == "button" {
			want[n], what[n] = "", "the Delete button of "+strings.Join(n.ShadowPath, " ")
		}
	}
	if len(want) != 2 {
		t.Fatalf("%d buttons, want 2", len(want))
	}
	wantNeighbours(t, s, want, what)
}

// A row's secret fields (a card number, a field marked data-secret, a
// one-time code, a password shown as text) are read by the page model's
// one rule: their values are neither neighbours nor values of the
// snapshot, while an ordinary field's value still is.
func TestSecretFieldsAreNoNeighbours(t *testing.T) {
	p := open(t, testenv.Fixtures(t).URL+"/variants/secret-rows.html")
	p.MustElement("#pw").MustEval(`function () { this.value = "hunter2"; }`)
	s := snap(t, p, Options{}) // the walk sees #pw a password
	p.MustElement("#show").MustClick()
	if ty := p.MustElement("#pw").MustEval(`function () { return this.type; }`).Str(); ty != "text" {
		t.Fatalf("#pw is a %q field, want it shown as text", ty)
	}
	s = snap(t, p, Options{})
	want := map[*Node]string{
		byAttrID(t, s, "save"):   "Payment|Show Save|Ada Lovelace",
		byAttrID(t, s, "holder"): "Payment|Show Save",
		byAttrID(t, s, "verify"): "Payment|Verify|Countess",
	}
	what := map[*Node]string{}
	for n := range want {
		what[n] = "#" + n.Attrs.Get("id")
	}
	wantNeighbours(t, s, want, what)
	for _, id := range []string{"card", "cvc", "pw", "otp"} {
		n := byAttrID(t, s, id)
		if n.Value != "" || n.Attrs.Get("value") != "" {
			t.Errorf("#%s: value %q, value attribute %q; want neither: a secret", id, n.Value, n.Attrs.Get("value"))
		}
	}
	if n := byAttrID(t, s, "holder"); n.Value != "Ada Lovelace" {
		t.Errorf("#holder: value %q, want Ada Lovelace", n.Value)
	}
}

// A <label> around a shadow host labels the first field of its own tree,
// not one in the host's shadow tree (as Chromium names them), and a
// heading out of the accessibility tree, which has no name there, is
// still the heading a person reads above what follows it.
func TestNeighboursOfAShadowFieldInALabelAndUnderAHiddenHeading(t *testing.T) {
	p := open(t, testenv.Fixtures(t).URL+"/snapshot/basics.html")
	p.MustEval(`() => {
		customElements.define("x-in", class extends HTMLElement {
			constructor() { super(); this.attachShadow({ mode: "open" }).innerHTML = '<input class="inner" value="inner">'; }
		});
		document.body.innerHTML = '<h2 id="h" aria-hidden="true">Hidden heading</h2>' +
			'<label>Wrapped <x-in id="host"></x-in><input id="after"></label>';
	}`)
	s := snap(t, p, Options{})
	var inner *Node
	for _, n := range s.Nodes {
		if n.Attrs.Get("class") == "inner" {
			inner = n
		}
	}
	after := byAttrID(t, s, "after")
	if inner == nil || inner.Label != "" || inner.Name != "" || after.Label == "" {
		t.Fatalf("the shadow field %+v, the field after it %+v: want the label on the field after", inner, after)
	}
	want := map[*Node]string{inner: "Hidden heading", after: after.Label + "|Hidden heading"}
	wantNeighbours(t, s, want, map[*Node]string{inner: "the shadow field", after: "#after"})
}
