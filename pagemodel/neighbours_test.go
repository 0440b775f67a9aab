package pagemodel

import (
	"encoding/json"
	"slices"
	"testing"
)

func TestAppendNeighbours(t *testing.T) {
	got := AppendNeighbours([]string{"Shipping"}, "Shipping", "", "Shipping", "Express 2 days", "Express 2 days")
	if want := []string{"Shipping", "Shipping", "Express 2 days"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q: each part once in this call, whatever dst held before", got, want)
	}
	var e Element
	if err := json.Unmarshal([]byte(`{"nbp":["Email","Account","Sign in","",""]}`), &e); err != nil {
		t.Fatal(err)
	}
	if want := []string{"Email", "Account", "Sign in"}; !slices.Equal(e.Neighbours, want) {
		t.Errorf("from the page model's parts: %q, want %q", e.Neighbours, want)
	}
	if err := json.Unmarshal([]byte(`{"nbp":"Email"}`), &e); err == nil {
		t.Error("a part list that is no list was read")
	}
}
