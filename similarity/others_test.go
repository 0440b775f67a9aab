package similarity

import (
	"fmt"
	"testing"

	"github.com/qa-chain/chainreplay/chain"
)

// opSummary is the summary button of operation k of an API explorer's
// list, at row y: every block alike but for its method and summary.
func opSummary(k int, name string, y float64) Candidate {
	return Candidate{Ref: fmt.Sprintf("op-%d", k), Tag: "button", Role: "button", AccessName: name, Text: name,
		Classes: []string{"opblock-summary-control"}, Type: "submit",
		XPath:      fmt.Sprintf("/html/body/div/main/span[%d]/div/div/button", k),
		Neighbours: []string{"tasks Things to do"}, Region: "tasks",
		Box: &chain.Rect{X: 26, Y: y, Width: 1166, Height: 28}}
}

func TestNamedAsOther(t *testing.T) {
	fp := &chain.Fingerprint{AccessName: "DELETE /tasks/{taskId} Delete a task",
		OtherNames: []string{"GET /tasks List tasks", "PUT /tasks/{taskId}  Update a task"}}
	for _, c := range []struct {
		name string
		want bool
	}{
		{"PUT /tasks/{taskId} Update a task", true},
		{"put /tasks/{taskId}\n update a task", true},
		{"DELETE /tasks/{taskId} Delete a task", false},
		{"DELETE /tasks/{taskId} Remove a task", false},
		{"", false},
	} {
		if got := NamedAsOther(fp, c.name, ""); got != c.want {
			t.Errorf("NamedAsOther(%q) = %v, want %v", c.name, got, c.want)
		}
	}
	if NamedAsOther(&chain.Fingerprint{AccessName: "Delete"}, "Update", "") {
		t.Error("a fingerprint without other names marks nothing")
	}
	// A target without a role (a menu's plain item) is compared by texts.
	plain := &chain.Fingerprint{Tag: "div", Text: "Grace Hopper", OtherNames: []string{"Grete Hermann"}}
	if !NamedAsOther(plain, "", "Grete Hermann") || NamedAsOther(plain, "", "Grace Hopper") || NamedAsOther(plain, "Grete Hermann", "") {
		t.Error("a target without a role: its counterparts are named by their texts")
	}
}

// The operation recorded is removed; the one above it reads much like it
// and keeps the name it had when the step was recorded: never taken. The
// recorded operation reworded is found.
func TestCounterpartNotTaken(t *testing.T) {
	names := []string{"GET /tasks List tasks", "POST /tasks Create a task", "GET /tasks/{taskId} Get a task",
		"PUT /tasks/{taskId} Update a task", "DELETE /tasks/{taskId} Delete a task"}
	target := opSummary(5, names[4], 680)
	fp := chain.Fingerprint{Tag: "button", Type: "submit", Role: "button", AccessName: target.AccessName, Text: target.Text,
		Classes: target.Classes, XPath: target.XPath, Neighbours: target.Neighbours, Region: target.Region,
		Box: target.Box, OtherNames: names[:4]}
	// The operations of another path, and the one above on the same path.
	removed := []Candidate{opSummary(1, names[0], 460), opSummary(2, names[1], 515), opSummary(4, names[3], 625)}
	r := Rank(fp, removed, Options{})
	t.Log(describe(r))
	if r.Outcome == Found {
		t.Fatalf("took %s for the removed operation; %s", r.Best.Candidate.Ref, describe(r))
	}
	if !r.Best.OtherName {
		t.Errorf("the best, %s, not marked as a counterpart; %s", r.Best.Candidate.Ref, describe(r))
	}

	reworded := append([]Candidate(nil), removed...)
	reworded = append(reworded, opSummary(5, "DELETE /tasks/{taskId} Remove a task", 680))
	if r := Rank(fp, reworded, Options{}); r.Outcome != Found || r.Best.Candidate.Ref != "op-5" {
		t.Errorf("reworded: %s, want op-5 found", describe(r))
	}
}
