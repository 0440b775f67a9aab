package flowupdate

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/report"
)

func coords() chain.Strategy {
	return chain.CoordinatesStrategy(chain.CoordinatesMeta{X: 280, Y: 366, TagName: "button"}, 0.6)
}

func recorded() *chain.Flow {
	return &chain.Flow{Version: chain.Version, Name: "login", StartURL: "http://127.0.0.1:8080/healing/original.html",
		Steps: []chain.Step{
			{Action: chain.Navigate, URL: "http://127.0.0.1:8080/healing/original.html"},
			{Action: chain.Click, Target: &chain.Target{
				Chain: []chain.Strategy{
					{Type: chain.TestID, Value: "login-submit", Confidence: 0.95},
					{Type: chain.ID, Value: "login-btn", Confidence: 0.9},
					{Type: chain.Role, Value: "button|Sign in", Confidence: 0.85},
					{Type: chain.CSS, Value: "form > button", Confidence: 0.7, Nth: 1},
					{Type: chain.Similarity, Confidence: 0.62},
					coords(),
				},
				Fingerprint: &chain.Fingerprint{Tag: "button", ID: "login-btn"}}},
		}}
}

// healedBySimilarity is the report of a replay where only similarity and
// the CSS selector found the element; the role strategy found a decoy.
func healedBySimilarity() report.Flow {
	return report.Flow{Name: "login", Status: report.Passed, Steps: []report.Step{
		{Index: 1, Action: "navigate", Status: report.Passed},
		{Index: 2, Action: "click", Status: report.Passed, Strategy: "similarity",
			Attempts: []report.Attempt{
				{Type: "testid", Value: "login-submit"},
				{Type: "id", Value: "login-btn"},
				{Type: "role", Value: "button|Sign in", Found: true, Confidence: 0.7},
				{Type: "css", Value: "form > button", Found: true, Confidence: 0.66},
				{Type: "similarity", Found: true, Confidence: 0.64},
			},
			Healed: &report.Healing{From: "testid login-submit", To: "similarity", Chain: []report.HealedStrategy{
				{Type: "similarity", Confidence: 0.8},
				{Type: "css", Value: "form > button", Confidence: 0.66},
			}}},
	}}
}

func types(c []chain.Strategy) []string {
	var out []string
	for _, s := range c {
		out = append(out, string(s.Type)+" "+s.Value)
	}
	return out
}

func TestApply(t *testing.T) {
	f := recorded()
	changed, err := Apply(f, healedBySimilarity())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(changed, []int{2}) {
		t.Errorf("changed %v, want [2]", changed)
	}
	got := f.Steps[1].Target.Chain
	want := []string{"similarity ", "css form > button", "coordinates "}
	if !reflect.DeepEqual(types(got), want) {
		t.Fatalf("chain %v, want %v (tried-and-failed testid, id and the decoy-finding role dropped)", types(got), want)
	}
	if got[0].Confidence != 0.8 || got[1].Confidence != 0.66 {
		t.Errorf("confidences %v %v, want the replay's 0.8 and 0.66", got[0].Confidence, got[1].Confidence)
	}
	if got[1].Nth != 1 {
		t.Errorf("css lost its recorded nth")
	}
	if m, err := got[2].Coordinates(); err != nil || m.X != 280 {
		t.Errorf("coordinates metadata lost: %+v %v", m, err)
	}
	if ps := chain.Validate(f); len(ps) > 0 {
		t.Errorf("the updated flow does not validate: %v", ps)
	}
	// Applying the same report again changes nothing more.
	if again, err := Apply(f, healedBySimilarity()); err != nil || len(again) != 0 {
		t.Errorf("second apply changed %v (%v), want nothing", again, err)
	}
}

func TestApplyKeepsUntriedStrategiesBelowTheWinner(t *testing.T) {
	f := recorded()
	res := report.Flow{Steps: []report.Step{{Index: 2, Action: "click", Status: report.Passed,
		Attempts: []report.Attempt{{Type: "testid", Value: "login-submit"}, {Type: "id", Value: "login-btn", Found: true, Confidence: 0.85}},
		Healed:   &report.Healing{From: "testid login-submit", To: "id login-btn", Chain: []report.HealedStrategy{{Type: "id", Value: "login-btn", Confidence: 0.85}}}}}}
	if _, err := Apply(f, res); err != nil {
		t.Fatal(err)
	}
	c := f.Steps[1].Target.Chain
	want := []string{"id login-btn", "role button|Sign in", "css form > button", "similarity ", "coordinates "}
	if !reflect.DeepEqual(types(c), want) {
		t.Fatalf("chain %v, want %v", types(c), want)
	}
	for _, s := range c[1:] {
		if s.Confidence > c[0].Confidence {
			t.Errorf("%s keeps %.2f above the winner's %.2f", s.Type, s.Confidence, c[0].Confidence)
		}
	}
	if c[1].Confidence != 0.85 || c[3].Confidence != 0.62 {
		t.Errorf("role %.2f similarity %.2f: untried strategies keep their confidence, capped at the winner's", c[1].Confidence, c[3].Confidence)
	}
}

func TestApplySkipsFailedAndUnhealedSteps(t *testing.T) {
	res := healedBySimilarity()
	res.Steps[1].Status = report.Failed
	f := recorded()
	if changed, err := Apply(f, res); err != nil || len(changed) != 0 {
		t.Errorf("a failed step was applied: %v %v", changed, err)
	}
	res.Steps[1].Status, res.Steps[1].Healed = report.Passed, nil
	if changed, err := Apply(f, res); err != nil || len(changed) != 0 {
		t.Errorf("a step without healing was applied: %v %v", changed, err)
	}
	if !reflect.DeepEqual(f, recorded()) {
		t.Error("the flow changed")
	}
}

func TestApplyRefusesAReportOfAnotherFlow(t *testing.T) {
	for name, res := range map[string]report.Flow{
		"other action":  {Steps: []report.Step{{Index: 2, Action: "type", Status: report.Passed}}},
		"step too far":  {Steps: []report.Step{{Index: 3, Action: "click", Status: report.Passed}}},
		"index of zero": {Steps: []report.Step{{Index: 0, Action: "click"}}},
	} {
		f := recorded()
		if _, err := Apply(f, res); err == nil {
			t.Errorf("%s: no error", name)
		}
		if !reflect.DeepEqual(f, recorded()) {
			t.Errorf("%s: the flow changed", name)
		}
	}
}

func TestUpdateWritesAndKeepsBackup(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "login.yaml")
	if err := chain.Save(path, recorded()); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(path)
	changed, err := Update(path, healedBySimilarity())
	if err != nil || !reflect.DeepEqual(changed, []int{2}) {
		t.Fatalf("Update = %v, %v", changed, err)
	}
	bak, err := os.ReadFile(path + chain.BackupSuffix)
	if err != nil || string(bak) != string(before) {
		t.Fatalf("backup missing or different: %v", err)
	}
	f, err := chain.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := f.Steps[1].Target.Chain[0].Type; got != chain.Similarity {
		t.Errorf("first strategy %s after update", got)
	}
	// Nothing to change: the file and the backup stay as they are.
	os.Remove(path + chain.BackupSuffix)
	after, _ := os.ReadFile(path)
	if changed, err := Update(path, healedBySimilarity()); err != nil || len(changed) != 0 {
		t.Fatalf("second Update = %v, %v", changed, err)
	}
	if now, _ := os.ReadFile(path); string(now) != string(after) {
		t.Error("an update with nothing to change rewrote the file")
	}
	if _, err := os.Stat(path + chain.BackupSuffix); !os.IsNotExist(err) {
		t.Error("an update with nothing to change made a backup")
	}
	if _, err := Update(filepath.Join(dir, "missing.yaml"), healedBySimilarity()); err == nil || !strings.Contains(err.Error(), "missing.yaml") {
		t.Errorf("missing file: %v", err)
	}
}

// A target that was not described (an imported Chrome recording's: its
// selectors and the test id attribute one names) becomes the target
// described anew, keeping, in confidence order before its similarity and
// coordinates, the selectors it does not hold but the broken ones, with
// their hosts; one both hold gains the imported one's metadata.
func TestApplyDescribedKeepsTheImportedSelectors(t *testing.T) {
	pierce := chain.Strategy{Type: chain.CSS, Value: "#login-btn", Confidence: 0.7, Metadata: map[string]any{"pierce": true}}
	stale := chain.Strategy{Type: chain.XPath, Value: "//form/button[2]", Confidence: 0.6}
	hosted := chain.Strategy{Type: chain.Role, Value: "*|Sign in", Confidence: 0.8, Hosts: []chain.Strategy{{Type: chain.CSS, Value: "my-app"}}}
	imported := &chain.Target{
		Chain:       []chain.Strategy{{Type: chain.ID, Value: "login-btn", Confidence: 0.9}, hosted, pierce, stale},
		Fingerprint: &chain.Fingerprint{TestIDs: map[string]string{"data-qa": "login"}},
	}
	described := &chain.Target{
		Chain: []chain.Strategy{
			{Type: chain.Role, Value: "button|Sign in", Confidence: 0.92},
			{Type: chain.ID, Value: "login-btn", Confidence: 0.76},
			{Type: chain.CSS, Value: "#login-btn", Confidence: 0.72},
			{Type: chain.Similarity, Confidence: 0.62},
			coords(),
		},
		Fingerprint: &chain.Fingerprint{Tag: "button", ID: "login-btn", AccessName: "Sign in"},
	}
	h := &report.Healing{From: "id login-btn", To: "id login-btn", Described: true, Target: described,
		Broke: []report.HealedStrategy{{Type: "xpath", Value: "//form/button[2]"}}}
	if !ApplyStep(imported, h, nil) {
		t.Fatal("the imported target was not rewritten")
	}
	var got []string
	for _, s := range imported.Chain {
		got = append(got, string(s.Type)+" "+s.Value)
	}
	want := []string{"role button|Sign in", "role *|Sign in", "id login-btn", "css #login-btn", "similarity ", "coordinates "}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("chain %q, want %q", got, want)
	}
	if imported.Chain[1].Hosts == nil || imported.Chain[3].Metadata["pierce"] != true {
		t.Errorf("the imported selectors lost their hosts or metadata: %+v", imported.Chain)
	}
	if !imported.Described() || imported.Fingerprint.ID != "login-btn" {
		t.Errorf("the fingerprint is not the described one: %+v", imported.Fingerprint)
	}
}
