package chromerec

import (
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/qa-chain/chainreplay/chain"
)

func importFile(t *testing.T, name string) (*chain.Flow, []Warning) {
	t.Helper()
	data, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	f, warns, err := Import(data)
	if err != nil {
		t.Fatalf("Import(%s): %v", name, err)
	}
	return f, warns
}

func types(c []chain.Strategy) []string {
	var out []string
	for _, s := range c {
		out = append(out, string(s.Type)+"="+s.Value)
	}
	return out
}

func TestImportCheckout(t *testing.T) {
	f, warns := importFile(t, "checkout.json")
	if f.Name != "Checkout as a new customer" || f.StartURL != "http://127.0.0.1:8080/apps/checkout/" {
		t.Errorf("name %q start %q", f.Name, f.StartURL)
	}
	if f.Viewport == nil || *f.Viewport != (chain.Size{Width: 1280, Height: 800}) || f.DeviceScaleFactor != 1 {
		t.Errorf("viewport %+v dsf %v", f.Viewport, f.DeviceScaleFactor)
	}
	var actions []string
	for _, s := range f.Steps {
		actions = append(actions, string(s.Action))
	}
	want := []string{"click", "type", "press", "type", "select", "click", "scroll", "click", "type", "hover",
		"click", "press", "dblclick", "click", "assert_visible", "click"}
	if !reflect.DeepEqual(actions, want) {
		t.Fatalf("actions\n got %v\nwant %v", actions, want)
	}
	email := f.Steps[1]
	if email.Text != "ada@example.com" {
		t.Errorf("type text %q", email.Text)
	}
	if got := types(email.Target.Chain); !reflect.DeepEqual(got, []string{"testid=checkout-email", "id=email", "label=Email", "xpath=//*[@id=\"email\"]", "css=#email"}) {
		t.Errorf("email chain %v", got)
	}
	for i := 1; i < len(email.Target.Chain); i++ {
		if email.Target.Chain[i].Confidence > email.Target.Chain[i-1].Confidence {
			t.Errorf("chain not ordered by confidence: %v", email.Target.Chain)
		}
	}
	if p, _ := email.Target.Chain[4].Metadata["pierce"].(bool); !p {
		t.Errorf("pierce/ selector lost its meaning: %+v", email.Target.Chain[4])
	}
	if email.Target.Fingerprint == nil || email.Target.Fingerprint.TestIDs["data-testid"] != "checkout-email" {
		t.Errorf("test id attribute not kept: %+v", email.Target.Fingerprint)
	}
	click := f.Steps[0]
	if click.Offset == nil || *click.Offset != (chain.Point{X: 120.5, Y: 14}) {
		t.Errorf("offset %+v", click.Offset)
	}
	// aria/ without a role on a click: a label or a visible text.
	if got := types(click.Target.Chain); got[0] != "id=email" || !strings.Contains(strings.Join(got, " "), "text=Email") {
		t.Errorf("click chain %v", got)
	}
	for _, s := range f.Steps {
		if s.Target == nil {
			continue
		}
		for _, st := range s.Target.Chain {
			if st.Type == chain.Coordinates {
				t.Errorf("coordinates invented: %+v", st)
			}
		}
	}
	if s := f.Steps[2]; s.Key != "Tab" || len(s.Modifiers) != 0 {
		t.Errorf("press %+v", s)
	}
	if s := f.Steps[4]; s.Value != "GB" || s.Text != "" {
		t.Errorf("select %+v", s)
	}
	if s := f.Steps[6]; s.DeltaY != 420 || s.Target != nil {
		t.Errorf("scroll %+v", s)
	}
	if s := f.Steps[7]; !reflect.DeepEqual(s.Target.FramePath, []string{"iframe"}) || s.Target.Chain[0].Type != chain.TestID {
		t.Errorf("frame click %+v", s.Target)
	}
	if s := f.Steps[11]; s.Key != "a" || !reflect.DeepEqual(s.Modifiers, []string{"Control"}) {
		t.Errorf("Control+a %+v", s)
	}
	if s := f.Steps[13]; s.Target.Chain[0].Type != chain.TestID || !reflect.DeepEqual(types(s.Target.Chain)[1:3], []string{"role=button|Place order", "id=place-order"}) {
		t.Errorf("place order chain %v", types(s.Target.Chain))
	} else if s.Target.Chain[0].Confidence < s.Target.Chain[len(s.Target.Chain)-1].Confidence {
		t.Errorf("text/ ranked above a test id")
	}
	if s := f.Steps[12]; s.Target.Chain[0].Value != "heading|Checkout" {
		t.Errorf("aria role: %v", types(s.Target.Chain))
	}
	if s := f.Steps[15]; s.Navigated == nil || s.Navigated.URL != "http://127.0.0.1:8080/apps/settings/" {
		t.Errorf("asserted navigation lost: %+v", s.Navigated)
	}
	var found bool
	for _, w := range warns {
		if w.Step == 22 && w.Type == "waitForExpression" && strings.Contains(w.Msg, "skipped") {
			found = true
		}
	}
	if !found {
		t.Errorf("waitForExpression skipped without a warning naming it: %v", warns)
	}
}

func TestImportShadowAndSkips(t *testing.T) {
	f, warns := importFile(t, "settings-shadow.json")
	if len(f.Steps) != 2 {
		t.Fatalf("%d steps, want 2: %+v", len(f.Steps), f.Steps)
	}
	tg := f.Steps[0].Target
	if !reflect.DeepEqual(tg.ShadowPath, []string{"#notify-email"}) {
		t.Errorf("shadow path %v", tg.ShadowPath)
	}
	if got := types(tg.Chain); !reflect.DeepEqual(got, []string{"role=switch|Email newsletter", "css=button"}) {
		t.Errorf("shadow chain %v", got)
	}
	if got := types(f.Steps[1].Target.Chain); !reflect.DeepEqual(got, []string{"testid=save-profile", "text=Save profile"}) {
		t.Errorf("plain-string selectors: %v", got)
	}
	if f.Viewport.Width != 1024 || f.DeviceScaleFactor != 2 {
		t.Errorf("viewport %+v", f.Viewport)
	}
	skipped := map[string]bool{}
	for _, w := range warns {
		if strings.Contains(w.Msg, "skipped") || strings.Contains(w.Msg, "dropped") {
			skipped[w.Type] = true
		}
	}
	for _, typ := range []string{"setViewport", "customStep", "close", "click"} {
		if !skipped[typ] {
			t.Errorf("no warning for the %s that was left out: %v", typ, warns)
		}
	}
}

func TestImportErrors(t *testing.T) {
	data, _ := os.ReadFile("testdata/unknown-step.json")
	_, _, err := Import(data)
	var e *Error
	if !errors.As(err, &e) || e.Step != 3 || e.Type != "dragAndDrop" || !strings.Contains(err.Error(), "unknown step type") {
		t.Errorf("unknown step: %v", err)
	}
	for name, in := range map[string]string{
		"not json":      `title: x`,
		"no steps":      `{"title": "x"}`,
		"no navigate":   `{"title": "x", "steps": [{"type": "click", "selectors": ["#a"], "offsetX": 1, "offsetY": 1}]}`,
		"no offset":     `{"title": "x", "steps": [{"type": "navigate", "url": "http://a/"}, {"type": "click", "selectors": ["#a"]}]}`,
		"no selectors":  `{"title": "x", "steps": [{"type": "navigate", "url": "http://a/"}, {"type": "hover"}]}`,
		"bad selector":  `{"title": "x", "steps": [{"type": "navigate", "url": "http://a/"}, {"type": "hover", "selectors": [3]}]}`,
		"no type":       `{"title": "x", "steps": [{"url": "http://a/"}]}`,
		"unknown key":   `{"title": "x", "steps": [{"type": "navigate", "url": "http://a/"}, {"type": "keyDown", "key": "NoSuchKey"}]}`,
		"change no val": `{"title": "x", "steps": [{"type": "navigate", "url": "http://a/"}, {"type": "change", "selectors": ["#a"]}]}`,
	} {
		if _, _, err := Import([]byte(in)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if _, _, err := Import([]byte(`[1,2]`)); !errors.Is(err, ErrNotRecording) {
		t.Errorf("not a recording: %v", err)
	}
}

// TestRoundTrip: a recording imported, exported and imported again gives
// the same flow; and the export is what Chrome's format requires.
func TestRoundTrip(t *testing.T) {
	for _, name := range []string{"checkout.json", "settings-shadow.json"} {
		f1, _ := importFile(t, name)
		out, _, err := Export(f1)
		if err != nil {
			t.Fatalf("Export(%s): %v", name, err)
		}
		checkSchema(t, out)
		f2, _, err := Import(out)
		if err != nil {
			t.Fatalf("re-import of %s: %v\n%s", name, err, out)
		}
		if !reflect.DeepEqual(f1, f2) {
			a, _ := chain.Marshal(f1)
			b, _ := chain.Marshal(f2)
			t.Errorf("%s: round trip changed the flow\n--- first\n%s\n--- second\n%s", name, a, b)
		}
	}
}

// TestExportFlow exports a flow as our recorder writes it.
func TestExportFlow(t *testing.T) {
	f, err := chain.Load("testdata/recorded.yaml")
	if err != nil {
		t.Fatal(err)
	}
	out, warns, err := Export(f)
	if err != nil {
		t.Fatal(err)
	}
	checkSchema(t, out)
	var rec Recording
	if err := json.Unmarshal(out, &rec); err != nil {
		t.Fatal(err)
	}
	var typs []string
	for _, s := range rec.Steps {
		typs = append(typs, s.Type)
	}
	want := []string{"setViewport", "navigate", "change", "click", "change", "keyDown", "keyUp", "click", "click"}
	if !reflect.DeepEqual(typs, want) {
		t.Fatalf("types %v, want %v", typs, want)
	}
	if got := rec.Steps[3]; *got.OffsetX != 40 || *got.OffsetY != 16 || !reflect.DeepEqual(got.Frame, []int{0}) {
		t.Errorf("click in frame: %+v", got)
	}
	if got := rec.Steps[7].Selectors; !reflect.DeepEqual(got[0], Selector{"#notify-email", "button.switch"}) ||
		!reflect.DeepEqual(got[1], Selector{`aria/Email newsletter[role="switch"]`}) {
		t.Errorf("shadow selectors %v", got)
	}
	if got := rec.Steps[8]; len(got.AssertedEvents) != 1 || got.AssertedEvents[0].URL != "http://127.0.0.1:8080/apps/checkout/" {
		t.Errorf("navigation not asserted: %+v", got)
	}
	left := false
	for _, w := range warns {
		if strings.Contains(w.Msg, "coordinates") {
			left = true
		}
	}
	if !left {
		t.Errorf("coordinates left out without a warning: %v", warns)
	}
	bad := *f
	bad.Steps = append(append([]chain.Step{}, f.Steps...), chain.Step{Action: chain.Upload, Files: []string{"a.txt"},
		Target: &chain.Target{Chain: []chain.Strategy{{Type: chain.ID, Value: "file", Confidence: 0.9}}}})
	var e *Error
	if _, _, err := Export(&bad); !errors.As(err, &e) || e.Step != len(bad.Steps) || e.Type != "upload" {
		t.Errorf("upload: %v", err)
	}
}

// checkSchema checks the fields Schema.ts requires of each step type.
func checkSchema(t *testing.T, data []byte) {
	t.Helper()
	var rec struct {
		Title string           `json:"title"`
		Steps []map[string]any `json:"steps"`
	}
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatalf("export is not JSON: %v", err)
	}
	if rec.Title == "" {
		t.Errorf("no title")
	}
	required := map[string][]string{
		"setViewport":       {"width", "height", "deviceScaleFactor", "isMobile", "hasTouch", "isLandscape"},
		"navigate":          {"url"},
		"click":             {"selectors", "offsetX", "offsetY"},
		"doubleClick":       {"selectors", "offsetX", "offsetY"},
		"hover":             {"selectors"},
		"change":            {"selectors", "value"},
		"keyDown":           {"key"},
		"keyUp":             {"key"},
		"scroll":            {},
		"waitForElement":    {"selectors"},
		"waitForExpression": {"expression"},
	}
	for i, s := range rec.Steps {
		typ, _ := s["type"].(string)
		req, ok := required[typ]
		if !ok {
			t.Errorf("step %d: type %q", i+1, typ)
			continue
		}
		for _, k := range req {
			if _, ok := s[k]; !ok {
				t.Errorf("step %d (%s): %s missing", i+1, typ, k)
			}
		}
		if sels, ok := s["selectors"].([]any); ok {
			for _, sel := range sels {
				if parts, ok := sel.([]any); !ok || len(parts) == 0 {
					t.Errorf("step %d: selector %v is not a non-empty array", i+1, sel)
				}
			}
		}
	}
}

// TestExportMapped: every step of the recording names the flow step it
// comes from, the opening setViewport and navigate none.
func TestExportMapped(t *testing.T) {
	f, err := chain.Load("testdata/recorded.yaml")
	if err != nil {
		t.Fatal(err)
	}
	data, stepOf, _, err := ExportMapped(f)
	if err != nil {
		t.Fatal(err)
	}
	var rec Recording
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	want := []int{0, 0, 1, 2, 3, 3, 3, 4, 5}
	if !reflect.DeepEqual(stepOf, want) || len(stepOf) != len(rec.Steps) {
		t.Errorf("stepOf %v for %d steps, want %v", stepOf, len(rec.Steps), want)
	}
}
