package chromerec

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
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
		v := string(s.Type) + "=" + s.Value
		for i := len(s.Hosts) - 1; i >= 0; i-- {
			v = string(s.Hosts[i].Type) + "=" + s.Hosts[i].Value + " >>> " + v
		}
		out = append(out, v)
	}
	return out
}

func actions(f *chain.Flow) []string {
	var out []string
	for _, s := range f.Steps {
		out = append(out, string(s.Action))
	}
	return out
}

func TestImportCheckout(t *testing.T) {
	f, warns := importFile(t, "checkout.json")
	if f.Name != "Checkout as a new customer" || f.StartURL != "http://127.0.0.1:8080/apps/checkout/" || f.TimeoutMS != 5000 {
		t.Errorf("name %q start %q timeout %d", f.Name, f.StartURL, f.TimeoutMS)
	}
	if f.Viewport == nil || *f.Viewport != (chain.Size{Width: 1280, Height: 800}) || f.DeviceScaleFactor != 1 || f.Device != nil {
		t.Errorf("viewport %+v dsf %v device %+v", f.Viewport, f.DeviceScaleFactor, f.Device)
	}
	want := []string{"click", "type", "press", "type", "select", "click", "scroll", "click", "type", "hover",
		"click", "press", "dblclick", "click", "wait_element", "wait_expression", "click"}
	if got := actions(f); !reflect.DeepEqual(got, want) {
		t.Fatalf("actions\n got %v\nwant %v", got, want)
	}
	email := f.Steps[1]
	if email.Text != "ada@example.com" {
		t.Errorf("type text %q", email.Text)
	}
	// One recorded selector is one strategy, in the order recorded.
	if got := types(email.Target.Chain); !reflect.DeepEqual(got, []string{"role=*|Email", "testid=checkout-email", "id=email", "xpath=//*[@id=\"email\"]", "css=#email"}) {
		t.Errorf("email chain %v", got)
	}
	if p, _ := email.Target.Chain[4].Metadata[MetaPierce].(bool); !p {
		t.Errorf("pierce/ selector lost its meaning: %+v", email.Target.Chain[4])
	}
	if email.Target.Fingerprint == nil || email.Target.Fingerprint.TestIDs["data-testid"] != "checkout-email" {
		t.Errorf("test id attribute not kept: %+v", email.Target.Fingerprint)
	}
	click := f.Steps[0]
	if click.Offset == nil || *click.Offset != (chain.Point{X: 120.5, Y: 14}) {
		t.Errorf("offset %+v", click.Offset)
	}
	for _, s := range f.Steps {
		if s.Target == nil {
			continue
		}
		for _, st := range s.Target.Chain {
			if st.Type == chain.Coordinates || st.Type == chain.Label {
				t.Errorf("a strategy no selector says: %+v", st)
			}
		}
	}
	if s := f.Steps[2]; s.Key != "Tab" || len(s.Modifiers) != 0 {
		t.Errorf("press %+v", s)
	}
	if s := f.Steps[4]; s.Value != "GB" || s.Text != "" {
		t.Errorf("select %+v", s)
	}
	if s := f.Steps[6]; s.To == nil || *s.To != (chain.Point{X: 0, Y: 420}) || s.Target != nil {
		t.Errorf("scroll %+v", s)
	}
	if s := f.Steps[7]; !reflect.DeepEqual(s.Target.FramePath, []string{"frames[0]"}) || s.Target.Chain[1].Type != chain.TestID {
		t.Errorf("frame click %+v", s.Target)
	}
	if s := f.Steps[11]; s.Key != "a" || !reflect.DeepEqual(s.Modifiers, []string{"Control"}) {
		t.Errorf("Control+a %+v", s)
	}
	if s := f.Steps[13]; !reflect.DeepEqual(types(s.Target.Chain), []string{"role=button|Place order", "testid=place-order", "id=place-order", `xpath=//*[@id="place-order"]`, "text=Place order"}) ||
		s.Target.Chain[4].Match != "contains" {
		t.Errorf("place order chain %v", types(s.Target.Chain))
	}
	if s := f.Steps[12]; s.Target.Chain[0].Value != "heading|Checkout" {
		t.Errorf("aria role: %v", types(s.Target.Chain))
	}
	if s := f.Steps[16]; s.Navigated == nil || s.Navigated.URL != "http://127.0.0.1:8080/apps/settings/" || s.Navigated.Title != "Account settings · Northwind Coffee" {
		t.Errorf("asserted navigation lost: %+v", s.Navigated)
	}
	if s := f.Steps[15]; s.Expression != "document.querySelector('#status').textContent.includes('Thank you')" {
		t.Errorf("waitForExpression %+v", s)
	}
	for _, w := range warns {
		if strings.Contains(w.Msg, "skipped") || strings.Contains(w.Msg, "dropped") {
			t.Errorf("something was left out: %v", w)
		}
	}
}

func TestImportShadowAndMore(t *testing.T) {
	f, warns := importFile(t, "settings-shadow.json")
	if got := actions(f); !reflect.DeepEqual(got, []string{"click", "click", "set_viewport", "custom", "close"}) {
		t.Fatalf("actions %v", got)
	}
	tg := f.Steps[0].Target
	want := []string{"role=switch|Email newsletter", "id=notify-email >>> css=button", "css=#notify-email button", "css=toggle-switch:nth-of-type(2) >>> css=button.switch"}
	if got := types(tg.Chain); !reflect.DeepEqual(got, want) {
		t.Errorf("shadow chain\n got %v\nwant %v", got, want)
	}
	if len(tg.ShadowPath) != 0 {
		t.Errorf("a shadow path for every selector: %v", tg.ShadowPath)
	}
	if got := types(f.Steps[1].Target.Chain); !reflect.DeepEqual(got, []string{"testid=save-profile", "text=Save profile"}) {
		t.Errorf("plain-string selectors: %v", got)
	}
	if f.Viewport.Width != 1024 || f.DeviceScaleFactor != 2 || !reflect.DeepEqual(f.TestIDAttrs, []string{"data-testid"}) {
		t.Errorf("viewport %+v attrs %v", f.Viewport, f.TestIDAttrs)
	}
	if v := f.Steps[2].Viewport; v == nil || v.Width != 390 || !v.Mobile || !v.Touch || v.DeviceScaleFactor != 3 {
		t.Errorf("second viewport %+v", v)
	}
	if s := f.Steps[3]; s.Chrome["name"] != "lighthouse" {
		t.Errorf("custom %+v", s)
	}
	var custom bool
	for _, w := range warns {
		custom = custom || (w.Type == "customStep" && strings.Contains(w.Msg, "not run"))
	}
	if !custom {
		t.Errorf("no warning says the custom step is not run: %v", warns)
	}
}

func TestImportEveryStep(t *testing.T) {
	f, warns := importFile(t, "every-step.json")
	want := []string{"emulate_network", "click", "type", "press", "key_down", "key_down", "key_up", "key_up", "press",
		"dblclick", "click", "click", "click", "click", "hover", "scroll", "scroll", "wait_element", "wait_element", "wait_element",
		"wait_expression", "click", "wait_expression", "click", "type", "select", "close", "set_viewport", "navigate", "custom", "click"}
	if got := actions(f); !reflect.DeepEqual(got, want) {
		t.Fatalf("actions\n got %v\nwant %v", got, want)
	}
	if f.Device == nil || !f.Device.Mobile || !f.Device.Touch || f.TimeoutMS != 7000 || f.Chrome["recorderVersion"] != "test" {
		t.Errorf("flow %+v", f)
	}
	if nav, _ := f.Chrome[FlowKeyNavigate].(map[string]any); nav == nil || nav["assertedEvents"] == nil {
		t.Errorf("the opening navigate's asserted events are not kept: %v", f.Chrome)
	}
	s := f.Steps
	if got := types(s[1].Target.Chain); !reflect.DeepEqual(got, []string{"role=*|Search", "testid=search", "testid=search-box", "id=search",
		`xpath=//*[@id="search"]`, "css=#search", "text=Sear"}) {
		t.Errorf("search chain %v", got)
	}
	if s[1].TimeoutMS != 2500 || s[1].Chrome["deviceType"] != "touch" {
		t.Errorf("click %+v", s[1])
	}
	if s[3].Key != "Enter" || s[3].Navigated == nil || s[3].Navigated.Title != "Results" {
		t.Errorf("Enter that navigates %+v", s[3])
	}
	if s[8].Key != "a" || !reflect.DeepEqual(s[8].Modifiers, []string{"Meta"}) {
		t.Errorf("Meta+a %+v", s[8])
	}
	add := s[10]
	if got := types(add.Target.Chain); !reflect.DeepEqual(got, []string{"css=shop-app >>> css=product-card:nth-of-type(2) >>> role=button|Add to cart",
		"css=product-card:nth-of-type(2) button.add", "css=shop-app >>> xpath=/section/button", "css=shop-app >>> text=Add to"}) {
		t.Errorf("multi-part chain %v", got)
	}
	if add.Button != "right" || add.DurationMS != 700 {
		t.Errorf("long right click %+v", add)
	}
	if s[11].Button != "back" || s[12].Button != "forward" || s[13].Button != "middle" || s[13].Offset != nil {
		t.Errorf("buttons %q %q %q", s[11].Button, s[12].Button, s[13].Button)
	}
	if e := s[17].Expect; e == nil || *e.Count != 3 || e.Operator != "==" || e.Attributes["data-state"] != "ready" || e.Gone {
		t.Errorf("waitForElement %+v", e)
	}
	if e := s[18].Expect; e == nil || !e.Gone {
		t.Errorf("visible: false %+v", e)
	}
	if fp := s[21].Target.FramePath; !reflect.DeepEqual(fp, []string{"frames[1]", "frames[0]"}) || s[21].Navigated == nil {
		t.Errorf("frame path %v navigated %+v", fp, s[21].Navigated)
	}
	if fp := s[22].Target.FramePath; !reflect.DeepEqual(fp, []string{"frames[1]"}) || len(s[22].Target.Chain) != 0 {
		t.Errorf("expression in a frame: %+v", s[22].Target)
	}
	if len(f.Pages) != 2 || f.Pages[1].URL != "http://127.0.0.1:8080/chrome/help.html" || s[24].Page != 1 || s[25].Page != 1 || s[26].Page != 1 || s[23].Page != 0 {
		t.Errorf("pages %+v", f.Pages)
	}
	if v := s[27].Viewport; v == nil || !v.Landscape || v.Width != 1280 {
		t.Errorf("set_viewport %+v", v)
	}
	if s[30].Chrome["futureField"] == nil {
		t.Errorf("an unknown field is not kept: %+v", s[30].Chrome)
	}
	for _, w := range []struct{ typ, in string }{{"click", "futureField"}, {"", "recorderVersion"}, {"customStep", "lighthouse"}, {"click", "outside the element"}} {
		found := false
		for _, x := range warns {
			found = found || (x.Type == w.typ && strings.Contains(x.Msg, w.in))
		}
		if !found {
			t.Errorf("no warning for %s %q: %v", w.typ, w.in, warns)
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
		"no offset":     `{"title": "x", "steps": [{"type": "navigate", "url": "http://a/"}, {"type": "click", "selectors": ["#a"]}]}`,
		"no selectors":  `{"title": "x", "steps": [{"type": "navigate", "url": "http://a/"}, {"type": "hover"}]}`,
		"bad selector":  `{"title": "x", "steps": [{"type": "navigate", "url": "http://a/"}, {"type": "hover", "selectors": [3]}]}`,
		"no type":       `{"title": "x", "steps": [{"url": "http://a/"}]}`,
		"unknown key":   `{"title": "x", "steps": [{"type": "navigate", "url": "http://a/"}, {"type": "keyDown", "key": "NoSuchKey"}]}`,
		"change no val": `{"title": "x", "steps": [{"type": "navigate", "url": "http://a/"}, {"type": "change", "selectors": ["#a"]}]}`,
		"bad button":    `{"title": "x", "steps": [{"type": "click", "selectors": ["#a"], "offsetX": 1, "offsetY": 1, "button": "left"}]}`,
		"no network":    `{"title": "x", "steps": [{"type": "emulateNetworkConditions", "download": 1}]}`,
	} {
		if _, _, err := Import([]byte(in)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if _, _, err := Import([]byte(`[1,2]`)); !errors.Is(err, ErrNotRecording) {
		t.Errorf("not a recording: %v", err)
	}
}

// TestImportWithoutNavigate: a recording that opens no page imports, says
// replay starts on --url, and never says it is not a recording.
func TestImportWithoutNavigate(t *testing.T) {
	f, warns, err := Import([]byte(`{"title": "x", "steps": [{"type": "click", "selectors": ["#a"], "offsetX": 1, "offsetY": 1}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if f.StartURL != "" || len(f.Steps) != 1 {
		t.Errorf("flow %+v", f)
	}
	said := false
	for _, w := range warns {
		said = said || strings.Contains(w.Msg, "--url")
		if strings.Contains(w.Msg, "not a Chrome") {
			t.Errorf("warning %v", w)
		}
	}
	if !said {
		t.Errorf("no warning names --url: %v", warns)
	}
}

// recordings lists the recordings of testdata.
func recordings(t *testing.T) []string {
	t.Helper()
	names, err := filepath.Glob("testdata/*.json")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, n := range names {
		if b := filepath.Base(n); b != "unknown-step.json" {
			out = append(out, b)
		}
	}
	return out
}

// TestRoundTrip: every recording, imported and exported, is given back
// as it was (defaults normalised); so is one written to a flow file and
// read again; and the export is what Chrome's format requires.
func TestRoundTrip(t *testing.T) {
	for _, name := range recordings(t) {
		orig, _ := os.ReadFile("testdata/" + name)
		f1, _ := importFile(t, name)
		out, warns, err := Export(f1)
		if err != nil {
			t.Fatalf("Export(%s): %v", name, err)
		}
		checkSchema(t, out)
		if same, d, err := Same(orig, out); err != nil || !same {
			t.Errorf("%s: import then export is not the recording: %s %v\n%s", name, d, err, out)
		}
		if len(warns) > 0 {
			t.Errorf("%s: export of an imported flow warns: %v", name, warns)
		}
		y, err := chain.Marshal(f1)
		if err != nil {
			t.Fatal(err)
		}
		f2, err := chain.Parse(name+".yaml", y)
		if err != nil {
			t.Fatalf("%s: the imported flow does not load: %v\n%s", name, err, y)
		}
		out2, _, err := Export(f2)
		if err != nil {
			t.Fatal(err)
		}
		if same, d, _ := Same(orig, out2); !same {
			t.Errorf("%s: through a flow file, the recording changed: %s\n%s", name, d, y)
		}
	}
}

// TestRoundTripEachField: a recording of each step type with each of its
// fields set comes back exact.
func TestRoundTripEachField(t *testing.T) {
	steps := []string{
		`{"type": "click", "selectors": [["#a"]], "offsetX": 1, "offsetY": 2}`,
		`{"type": "click", "target": "main", "selectors": [["aria/A"], ["#a"]], "offsetX": 1, "offsetY": 2, "button": "secondary", "deviceType": "pen", "duration": 300, "timeout": 900}`,
		`{"type": "click", "selectors": [["#a"]], "offsetX": 1, "offsetY": 2, "button": "auxiliary"}`,
		`{"type": "click", "selectors": [["#a"]], "offsetX": 1, "offsetY": 2, "button": "back"}`,
		`{"type": "click", "selectors": [["#a"]], "offsetX": 1, "offsetY": 2, "button": "forward"}`,
		`{"type": "click", "selectors": [["#a"]], "offsetX": 1, "offsetY": 2, "assertedEvents": [{"type": "navigation", "url": "http://h/b", "title": "B"}]}`,
		`{"type": "click", "selectors": [["#a"]], "offsetX": 1, "offsetY": 2, "assertedEvents": [{"type": "navigation"}]}`,
		`{"type": "doubleClick", "frame": [0, 2], "selectors": [["xpath///div[2]"]], "offsetX": 1, "offsetY": 2}`,
		`{"type": "hover", "selectors": [["text/Hello"], ["pierce/.x"], ["a", "b"]]}`,
		`{"type": "change", "selectors": [["[name=\"q\"]"], ["[placeholder='Find']"]], "value": "x y"}`,
		`{"type": "change", "selectors": [["select#s"]], "value": "v"}`,
		`{"type": "keyDown", "key": "Shift"}`,
		`{"type": "keyUp", "key": "Shift"}`,
		`{"type": "keyDown", "key": "Escape", "timeout": 100}`,
		`{"type": "scroll"}`,
		`{"type": "scroll", "x": 10, "y": 20}`,
		`{"type": "scroll", "selectors": [["#list"]], "x": 0, "y": 99}`,
		`{"type": "navigate", "url": "http://h/c", "timeout": 5}`,
		`{"type": "waitForElement", "selectors": [["#a"]]}`,
		`{"type": "waitForElement", "selectors": [["#a"]], "operator": "<", "count": 2, "visible": false}`,
		`{"type": "waitForElement", "selectors": [["#a"]], "count": 4}`,
		`{"type": "waitForElement", "selectors": [["#a"]], "operator": ">", "attributes": {"x": "y"}, "properties": {"checked": true}}`,
		`{"type": "waitForExpression", "expression": "1 + 1 === 2", "timeout": 10}`,
		`{"type": "customStep", "name": "n", "parameters": {"p": [1, 2]}}`,
		`{"type": "customStep", "name": "n", "parameters": {}, "target": "http://h/popup"}`,
		`{"type": "emulateNetworkConditions", "download": -1, "upload": -1, "latency": 0}`,
		`{"type": "setViewport", "width": 10, "height": 20, "deviceScaleFactor": 1.5, "isMobile": true, "hasTouch": false, "isLandscape": true}`,
		`{"type": "close", "target": "http://h/popup"}`,
		`{"type": "close"}`,
	}
	for _, st := range steps {
		rec := `{"title": "t", "steps": [{"type": "navigate", "url": "http://h/"}, ` + st + `]}`
		f, _, err := Import([]byte(rec))
		if err != nil {
			t.Errorf("%s: %v", st, err)
			continue
		}
		out, _, err := Export(f)
		if err != nil {
			t.Errorf("%s: export: %v", st, err)
			continue
		}
		if same, d, _ := Same([]byte(rec), out); !same {
			t.Errorf("%s: %s\n%s", st, d, out)
		}
	}
}

// TestImportedFlowGainsNoSelectors: export writes exactly the selectors
// the recording had, and drops nothing without a warning.
func TestImportedFlowGainsNoSelectors(t *testing.T) {
	f, _ := importFile(t, "checkout.json")
	out, _, err := Export(f)
	if err != nil {
		t.Fatal(err)
	}
	var orig, back struct {
		Steps []struct {
			Selectors []Selector `json:"selectors"`
		} `json:"steps"`
	}
	data, _ := os.ReadFile("testdata/checkout.json")
	json.Unmarshal(data, &orig)
	json.Unmarshal(out, &back)
	if len(orig.Steps) != len(back.Steps) {
		t.Fatalf("%d steps, want %d", len(back.Steps), len(orig.Steps))
	}
	for i := range orig.Steps {
		if !reflect.DeepEqual(orig.Steps[i].Selectors, back.Steps[i].Selectors) {
			t.Errorf("step %d: selectors %v, want %v", i+1, back.Steps[i].Selectors, orig.Steps[i].Selectors)
		}
	}
}

// TestEditedStrategyWrittenAnew: a strategy whose value changed since it
// was imported is written from its new value, not from the kept selector.
func TestEditedStrategyWrittenAnew(t *testing.T) {
	f, _, err := Import([]byte(`{"title": "t", "steps": [{"type": "hover", "selectors": [["[data-testid='a']"]]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	st := &f.Steps[0].Target.Chain[0]
	if st.Metadata[MetaSelector] != "[data-testid='a']" {
		t.Fatalf("selector not kept: %+v", st)
	}
	st.Value = "b"
	out, _, _ := Export(f)
	if !strings.Contains(string(out), `"[data-testid=\"b\"]"`) {
		t.Errorf("edited strategy: %s", out)
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
		"setViewport":              {"width", "height", "deviceScaleFactor", "isMobile", "hasTouch", "isLandscape"},
		"navigate":                 {"url"},
		"click":                    {"selectors", "offsetX", "offsetY"},
		"doubleClick":              {"selectors", "offsetX", "offsetY"},
		"hover":                    {"selectors"},
		"change":                   {"selectors", "value"},
		"keyDown":                  {"key"},
		"keyUp":                    {"key"},
		"scroll":                   {},
		"waitForElement":           {"selectors"},
		"waitForExpression":        {"expression"},
		"close":                    {},
		"customStep":               {"name", "parameters"},
		"emulateNetworkConditions": {"download", "upload", "latency"},
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

// hasWarning reports whether a warning on step (0: the recording) says
// word.
func hasWarning(ws []Warning, step int, word string) bool {
	for _, w := range ws {
		if w.Step == step && strings.Contains(w.Msg, word) {
			return true
		}
	}
	return false
}

// TestImportURLReplayCannotOpen: Puppeteer's parser takes any string as a
// URL, and Chrome's own recorder tests hold placeholders such as
// "https://localhost:<test-port>/". Such a URL in the opening navigate or
// in an asserted navigation does not make import fail: the flow has no
// start_url (replay starts on --url), a warning names the step and the
// field, and export gives the recording back.
func TestImportURLReplayCannotOpen(t *testing.T) {
	rec := `{"title": "t", "steps": [
		{"type": "setViewport", "width": 800, "height": 600, "deviceScaleFactor": 1, "isMobile": false, "hasTouch": false, "isLandscape": false},
		{"type": "navigate", "url": "https://localhost:<test-port>/a.html", "assertedEvents": [{"type": "navigation", "url": "https://localhost:<test-port>/a.html", "title": ""}]},
		{"type": "click", "selectors": [["#go"]], "offsetX": 1, "offsetY": 2, "assertedEvents": [{"type": "navigation", "url": "http://{{host}}/b.html", "title": "B"}]}
	]}`
	f, warns, err := Import([]byte(rec))
	if err != nil {
		t.Fatalf("Import: %v", err)
	}
	if f.StartURL != "" {
		t.Errorf("start_url %q: a URL replay cannot open", f.StartURL)
	}
	if !hasWarning(warns, 2, "url") {
		t.Errorf("no warning names step 2 and its url: %v", warns)
	}
	if len(f.Steps) != 1 || f.Steps[0].Navigated != nil {
		t.Fatalf("steps %+v", f.Steps)
	}
	if !hasWarning(warns, 3, "asserted events") {
		t.Errorf("no warning names step 3 and its asserted events: %v", warns)
	}
	out, _, err := Export(f)
	if err != nil {
		t.Fatal(err)
	}
	if same, d, _ := Same([]byte(rec), out); !same {
		t.Errorf("round trip: %s\n%s", d, out)
	}
	// A navigate later in the recording is a step replay must run: an
	// error naming it, not a flow that cannot be valid.
	_, _, err = Import([]byte(`{"title": "t", "steps": [{"type": "navigate", "url": "https://h/"}, {"type": "navigate", "url": "https://h:<port>/"}]}`))
	var e *Error
	if !errors.As(err, &e) || e.Step != 2 {
		t.Errorf("a later navigate to a URL replay cannot open: %v", err)
	}
}

// A step in a frame that navigated the page (target="_top") is exported
// without its navigation, with a warning: Chrome waits for a navigation of
// the step's frame, which is gone with the page's old document.
func TestPageNavigationFromAFrameIsNotAsserted(t *testing.T) {
	f, _, err := Import([]byte(`{"title": "t", "steps": [{"type": "click", "frame": [0], "selectors": [["#leave"]], "offsetX": 1, "offsetY": 1,
		"assertedEvents": [{"type": "navigation", "url": "http://127.0.0.1/next.html"}]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	out, warns, err := Export(f)
	if err != nil || !strings.Contains(string(out), "assertedEvents") {
		t.Fatalf("the frame's navigation is not asserted: %v %s", err, out)
	}
	f.Steps[0].Navigated.Page = true
	delete(f.Steps[0].Chrome, "assertedEvents")
	out, warns, err = Export(f)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out), "assertedEvents") {
		t.Errorf("the page's navigation asserted in the frame: %s", out)
	}
	said := false
	for _, w := range warns {
		said = said || strings.Contains(w.Msg, "page's navigation")
	}
	if !said {
		t.Errorf("no warning says the navigation is left out: %v", warns)
	}
}
