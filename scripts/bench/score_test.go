package main

import (
	"testing"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/fixtures"
)

func ev(name, typ string) fixtures.Event { return fixtures.Event{Element: name, Type: typ} }

func TestScore(t *testing.T) {
	app := &fixtures.App{Name: "x", Removed: []string{"pay"}}
	r := &recorded{app: app, expect: []string{"email", "", "submit", "pay"},
		flow: &chain.Flow{Steps: []chain.Step{{Action: chain.Type}, {Action: chain.Scroll}, {Action: chain.Click}, {Action: chain.Click}}}}
	orig, _ := fixtures.LookupVersion(fixtures.Original)
	removed, _ := fixtures.LookupVersion(fixtures.TargetRemoved)

	// right element, late change of email during the next step: correct.
	sc := score(r, orig, []stepResult{
		{status: "passed", events: []fixtures.Event{ev("email", "click"), ev("email", "input")}},
		{status: "passed"},
		{status: "passed", events: []fixtures.Event{ev("email", "change"), ev("submit", "click")}},
		{status: "passed", events: []fixtures.Event{ev("pay", "click")}},
	})
	if sc.steps != 3 || sc.correct != 3 || sc.wrong != 0 || sc.safe != 0 {
		t.Errorf("all right: %+v", sc)
	}
	// a decoy hit is wrong; a step that passed with no report is wrong; a failure is safe.
	sc = score(r, orig, []stepResult{
		{status: "passed", events: []fixtures.Event{ev("decoy:email", "click")}},
		{status: "passed"},
		{status: "passed"},
		{status: "failed"},
	})
	if sc.correct != 0 || sc.wrong != 2 || sc.safe != 1 {
		t.Errorf("decoy: %+v", sc)
	}
	// a removed target must fail; acting anyway is wrong; later steps are not reachable.
	sc = score(r, removed, []stepResult{
		{status: "passed", events: []fixtures.Event{ev("email", "input")}},
		{status: "passed"},
		{status: "passed", events: []fixtures.Event{ev("submit", "click")}},
		{status: "passed", events: []fixtures.Event{ev("submit", "click")}},
	})
	if sc.steps != 2 || sc.correct != 2 || sc.removed != 1 || sc.refused != 0 || sc.wrong != 1 {
		t.Errorf("removed and acted: %+v", sc)
	}
	sc = score(r, removed, []stepResult{{status: "passed", events: []fixtures.Event{ev("email", "input")}}, {status: "passed"},
		{status: "passed", events: []fixtures.Event{ev("submit", "click")}}, {status: "failed"}})
	if sc.refused != 1 || sc.wrong != 0 {
		t.Errorf("removed and refused: %+v", sc)
	}
	// a click that navigates: its report arrives after the next step's marker.
	sc = score(r, orig, []stepResult{
		{status: "passed", events: []fixtures.Event{ev("email", "input")}},
		{status: "passed"},
		{status: "passed"},
		{status: "passed", events: []fixtures.Event{ev("submit", "click"), ev("pay", "click")}},
	})
	if sc.correct != 3 || sc.wrong != 0 {
		t.Errorf("late report: %+v", sc)
	}
}

func TestSplitMarks(t *testing.T) {
	w := splitMarks([]fixtures.Event{ev("a", "click"), ev("__peer:0:1", "step"), ev("b", "click"), ev("__peer:0:2", "step"),
		ev("c", "click"), ev("__peer:0:2", "step")}, "__peer:")
	if len(w["__peer:0:1"]) != 1 || len(w["__peer:0:2"]) != 2 {
		t.Errorf("windows %v", w)
	}
}
