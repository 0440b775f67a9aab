package chain

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestLoadSaveRoundTrip(t *testing.T) {
	f1, err := Load("testdata/login.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(f1.Steps) != 11 {
		t.Fatalf("steps = %d, want 11", len(f1.Steps))
	}
	path := filepath.Join(t.TempDir(), "out.yaml")
	if err := Save(path, f1); err != nil {
		t.Fatal(err)
	}
	f2, err := Load(path)
	if err != nil {
		t.Fatalf("reload: %v", err)
	}
	if !reflect.DeepEqual(f1, f2) {
		a, _ := Marshal(f1)
		b, _ := Marshal(f2)
		t.Fatalf("round trip differs:\n%s\n---\n%s", a, b)
	}
	// Saving again gives the same bytes.
	a, _ := Marshal(f1)
	b, _ := os.ReadFile(path)
	if string(a) != string(b) {
		t.Fatal("saved bytes differ from Marshal")
	}
}

func TestCoordinatesMetaRoundTrip(t *testing.T) {
	m := CoordinatesMeta{X: 1, Y: 2, BoundingRect: &Rect{3, 4, 5, 6}, Viewport: &Size{1280, 800},
		ScrollPos: &Point{0, 10}, TagName: "button", ElementID: "go", ClassList: []string{"a", "b"},
		Fixed: true, ContainerScroll: []Point{{0, 321}, {-40, 0}}}
	got, err := CoordinatesStrategy(m, 0.6).Coordinates()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, m) {
		t.Fatalf("got %+v, want %+v", got, m)
	}
}

func TestParseNamesFlowAfterFile(t *testing.T) {
	f, err := Parse("dir/checkout.yaml", []byte("version: 1\nstart_url: http://x/\nsteps: []\n"))
	if err != nil {
		t.Fatal(err)
	}
	if f.Name != "checkout" {
		t.Fatalf("name = %q", f.Name)
	}
}

// base is a valid flow; each case appends lines that break one rule.
const base = "version: 1\nname: t\nstart_url: http://127.0.0.1/\nsteps:\n"

func TestValidationErrors(t *testing.T) {
	cases := []struct {
		name, yaml, want string
	}{
		{"unknown version", "version: 2\nname: t\nstart_url: http://x/\nsteps: []\n", "t.yaml:1: version: unknown format version 2"},
		{"missing version", "name: t\nstart_url: http://x/\nsteps: []\n", "t.yaml:1: version: is required"},
		{"page out of range", base + "  - action: close\n    page: 2\n", "t.yaml:6: steps[0].page: 2 names no page of the flow's pages (it lists 0)"},
		{"page without url", "version: 1\nstart_url: http://x/\npages: [{}, {}]\nsteps: []\n", "pages[1].url: is required"},
		{"bad testid attr", "version: 1\nstart_url: http://x/\ntestid_attrs: ['data x']\nsteps: []\n", "testid_attrs[0]: \"data x\" is not an attribute name"},
		{"bad operator", base + "  - action: wait_element\n    expect: {operator: '!='}\n    target: {chain: [{type: css, value: a, confidence: 0.5}]}\n", "steps[0].expect.operator: \"!=\""},
		{"wait_expression without expression", base + "  - action: wait_expression\n", "steps[0].expression: action wait_expression needs an expression"},
		{"key_down bad key", base + "  - action: key_down\n    key: Shft\n", "steps[0].key: \"Shft\" is not a valid DOM key name"},
		{"set_viewport without viewport", base + "  - action: set_viewport\n", "steps[0].viewport: action set_viewport needs a viewport"},
		{"host without value", base + "  - action: click\n    target: {chain: [{type: css, value: a, confidence: 0.5, hosts: [{type: css}]}]}\n", "steps[0].target.chain[0].hosts[0].value: a css strategy needs a value"},
		{"negative flow timeout", "version: 1\nstart_url: http://x/\ntimeout_ms: -1\nsteps: []\n", "timeout_ms: -1 must not be negative"},
		{"relative start_url", "version: 1\nstart_url: /login\nsteps: []\n", "t.yaml:2: start_url: \"/login\" is not an absolute URL"},
		{"unknown action", base + "  - action: frobnicate\n", "t.yaml:5: steps[0].action: unknown action \"frobnicate\""},
		{"missing action", base + "  - text: hi\n", "t.yaml:5: steps[0].action: is required"},
		{"unknown strategy", base + "  - action: click\n    target:\n      chain:\n        - {type: magic, value: x, confidence: 0.5}\n", "t.yaml:8: steps[0].target.chain[0].type: unknown strategy type \"magic\""},
		{"confidence above 1", base + "  - action: click\n    target:\n      chain:\n        - type: css\n          value: '#a'\n          confidence: 1.7\n", "t.yaml:10: steps[0].target.chain[0].confidence: 1.7 is outside [0,1]"},
		{"confidence negative", base + "  - action: click\n    target: {chain: [{type: css, value: a, confidence: -0.1}]}\n", "steps[0].target.chain[0].confidence: -0.1 is outside [0,1]"},
		{"confidence not a number", base + "  - action: click\n    target: {chain: [{type: css, value: a, confidence: high}]}\n", "t.yaml:6: steps[0].target.chain[0].confidence: \"high\" is not a valid number"},
		{"coordinates without x", base + "  - action: click\n    target:\n      chain:\n        - type: coordinates\n          confidence: 0.6\n          metadata: {y: 3}\n", "t.yaml:10: steps[0].target.chain[0].metadata: metadata.x is required"},
		{"coordinates without metadata", base + "  - action: click\n    target: {chain: [{type: coordinates, confidence: 0.6}]}\n", "steps[0].target.chain[0].metadata: metadata with x and y is required"},
		{"coordinates not numbers", base + "  - action: click\n    target: {chain: [{type: coordinates, confidence: 0.6, metadata: {x: a, y: 1}}]}\n", "steps[0].target.chain[0].metadata: metadata:"},
		{"negative coordinates", base + "  - action: click\n    target: {chain: [{type: coordinates, confidence: 0.6, metadata: {x: -5, y: 1}}]}\n", "steps[0].target.chain[0].metadata: coordinates (-5, 1) must not be negative"},
		{"container scroll not a number", base + "  - action: click\n    target: {chain: [{type: coordinates, confidence: 0.6, metadata: {x: 5, y: 1, containerScroll: [{x: 0, y: .nan}]}}]}\n", "metadata.containerScroll[0]: must be numbers"},
		{"negative box", base + "  - action: click\n    target: {chain: [{type: coordinates, confidence: 0.6, metadata: {x: 5, y: 1, boundingRect: {x: 0, y: 0, width: -1, height: 2}}}]}\n", "metadata.boundingRect: width and height must not be negative"},
		{"text too long", base + "  - action: type\n    target: {chain: [{type: css, value: a, confidence: 0.5}]}\n    text: " + strings.Repeat("x", 10001) + "\n", "t.yaml:7: steps[0].text: is 10001 characters long, the limit is 10000"},
		{"invalid key", base + "  - action: press\n    key: Entr\n", "t.yaml:6: steps[0].key: \"Entr\" is not a valid DOM key name"},
		{"missing key", base + "  - action: press\n", "t.yaml:5: steps[0].key: action press needs a key"},
		{"invalid modifier", base + "  - action: press\n    key: a\n    modifiers: [Hyper]\n", "t.yaml:7: steps[0].modifiers[0]: unknown modifier \"Hyper\""},
		{"empty chain", base + "  - action: click\n    target: {chain: []}\n", "t.yaml:6: steps[0].target.chain: action click needs a target with a non-empty chain"},
		{"missing target", base + "  - action: type\n    text: hi\n", "t.yaml:5: steps[0].target.chain: action type needs a target"},
		{"strategy without value", base + "  - action: click\n    target: {chain: [{type: css, confidence: 0.5}]}\n", "steps[0].target.chain[0].value: a css strategy needs a value"},
		{"role without role", base + "  - action: click\n    target: {chain: [{type: role, value: '|Sign in', confidence: 0.5}]}\n", "has no role"},
		{"negative kind count", base + "  - action: click\n    target: {chain: [{type: css, value: a, confidence: 0.5}], fingerprint: {tag: a, kind_count: -2}}\n", "steps[0].target.fingerprint.kind_count: -2 must not be negative"},
		{"negative nth", base + "  - action: click\n    target: {chain: [{type: text, value: a, nth: -1, confidence: 0.5}]}\n", "steps[0].target.chain[0].nth: -1 must not be negative"},
		{"select without value", base + "  - action: select\n    target: {chain: [{type: css, value: a, confidence: 0.5}]}\n", "steps[0].value: action select needs a value or a label"},
		{"navigate without url", base + "  - action: navigate\n", "t.yaml:5: steps[0].url: action navigate needs a url"},
		{"navigate relative", base + "  - action: navigate\n    url: list.html\n", "t.yaml:6: steps[0].url: \"list.html\" is not an absolute URL"},
		{"upload without files", base + "  - action: upload\n    target: {chain: [{type: css, value: a, confidence: 0.5}]}\n", "steps[0].files: action upload needs at least one file"},
		{"drag without drop target", base + "  - action: drag\n    target: {chain: [{type: css, value: a, confidence: 0.5}]}\n", "steps[0].drop_target.chain: action drag needs a drop target"},
		{"scroll without delta", base + "  - action: scroll\n", "steps[0].delta_y: action scroll needs delta_x or delta_y"},
		{"bad button", base + "  - action: click\n    button: left-ish\n    target: {chain: [{type: css, value: a, confidence: 0.5}]}\n", "t.yaml:6: steps[0].button: unknown button \"left-ish\""},
		{"negative offset", base + "  - action: click\n    offset: {x: -1, y: 0}\n    target: {chain: [{type: css, value: a, confidence: 0.5}]}\n", "t.yaml:6: steps[0].offset: (-1, 0) must not be negative"},
		{"bad secret name", base + "  - action: type\n    target: {chain: [{type: css, value: a, confidence: 0.5}]}\n    text: '${secret:my-pass}'\n", "steps[0].text: secret name \"my-pass\" must be letters, digits and underscores"},
		{"bad viewport", "version: 1\nstart_url: http://x/\nviewport: {width: 0, height: 800}\nsteps: []\n", "t.yaml:3: viewport: 0x800 is not a valid size"},
		{"unknown field", base + "  - action: click\n    colour: red\n    target: {chain: [{type: css, value: a, confidence: 0.5}]}\n", "t.yaml:6: steps[0].colour: unknown field \"colour\""},
		{"empty frame path entry", base + "  - action: click\n    target: {frame_path: [''], chain: [{type: css, value: a, confidence: 0.5}]}\n", "steps[0].target.frame_path[0]: is empty"},
		{"bad js dialog type", base + "  - action: click\n    target: {chain: [{type: css, value: a, confidence: 0.5}]}\n    js_dialogs: [{type: modal, accept: true}]\n", "t.yaml:7: steps[0].js_dialogs[0].type: \"modal\": want alert, confirm, prompt, beforeunload"},
		{"js dialog text not a prompt", base + "  - action: click\n    target: {chain: [{type: css, value: a, confidence: 0.5}]}\n    js_dialogs: [{type: confirm, accept: true, text: yes}]\n", "steps[0].js_dialogs[0].text: only a prompt is answered with text; this is a confirm"},
		{"line outside a within", base + "  - action: click\n    target: {chain: [{type: css, value: a, line: true, confidence: 0.5}]}\n", "steps[0].target.chain[0].line: only the text of a within says the row is on its line"},
		{"line on a within's css", base + "  - action: click\n    target: {chain: [{type: css, value: a, within: {type: css, value: tr, line: true}, confidence: 0.5}]}\n", "steps[0].target.chain[0].within.line: only the text of a within"},
		{"under outside a within", base + "  - action: click\n    target: {chain: [{type: css, value: a, under: true, confidence: 0.5}]}\n", "steps[0].target.chain[0].under: only the text of a within says the element is in the rows under it"},
		{"under with line", base + "  - action: click\n    target: {chain: [{type: css, value: a, within: {type: text, value: utils, under: true, line: true}, confidence: 0.5}]}\n", "steps[0].target.chain[0].within.under: a within is the item's line or the rows under it"},
		{"became a state not changed", base + "  - action: click\n    target: {chain: [{type: css, value: a, confidence: 0.5}]}\n    effect: {state: [checked], became: {expanded: 'true'}}\n", "steps[0].effect.became.expanded: names no state of effect.state (checked)"},
		{"active on a click", base + "  - action: click\n    target: {chain: [{type: css, value: a, confidence: 0.5}]}\n    effect: {active: 'menuitem|Edit'}\n", "steps[0].effect.active: only a press step moves through a widget's items; this is a click"},
		{"active with no name", base + "  - action: press\n    key: ArrowDown\n    effect: {active: menuitem}\n", "steps[0].effect.active: \"menuitem\": want the item as a role strategy names it"},
		{"active of no item's role", base + "  - action: press\n    key: ArrowDown\n    effect: {active: 'button|Edit'}\n", "steps[0].effect.active: \"button|Edit\": \"button\" is no role of a widget's item"},
		{"chose without active", base + "  - action: press\n    key: ArrowRight\n    effect: {chose: true, texts: true}\n", "steps[0].effect.chose: a press chose the item it moved to: want the item, effect.active, beside it"},
		{"added without content", base + "  - action: click\n    target: {chain: [{type: css, value: a, confidence: 0.5}]}\n    effect: {added: true, texts: true}\n", "steps[0].effect.added: elements added are elements changed: want content: true beside it"},
		{"added and removed", base + "  - action: click\n    target: {chain: [{type: css, value: a, confidence: 0.5}]}\n    effect: {content: true, added: true, removed: true}\n", "steps[0].effect.added: a step whose elements were all removed added none"},
		{"moved without chose", base + "  - action: press\n    key: ArrowRight\n    effect: {active: 'tab|Billing', moved: 2}\n", "steps[0].effect.moved: 2: how far a press that chose its item moved; want chose: true beside it"},
		{"became a typed value", base + "  - action: click\n    target: {chain: [{type: css, value: a, confidence: 0.5}], fingerprint: {tag: input, type: text}}\n    effect: {state: [value], became: {value: x}}\n", "steps[0].effect.became.value: a text field's value is what is typed into it"},
		{"not a mapping", "- a\n- b\n", "t.yaml:1: a flow file must be a mapping"},
		{"empty file", "", "t.yaml:1: empty file"},
		{"bad yaml", "version: 1\nsteps: [\n", "t.yaml:2: invalid YAML"},
		{"steps not a list", "version: 1\nstart_url: http://x/\nsteps: 3\n", "t.yaml:3: steps: \"3\" is not a valid list"},
		{"drop target bad strategy", base + "  - action: drag\n    target: {chain: [{type: css, value: a, confidence: 0.5}]}\n    drop_target: {chain: [{type: css, value: b, confidence: 2}]}\n", "steps[0].drop_target.chain[0].confidence: 2 is outside [0,1]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("flows/t.yaml", []byte(c.yaml))
			if err == nil {
				t.Fatalf("no error, want %q", c.want)
			}
			var ve *ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("error %T %v is not a *ValidationError", err, err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error:\n%v\nwant it to contain:\n%s", err, c.want)
			}
		})
	}
}

func TestEveryProblemIsReported(t *testing.T) {
	y := base + "  - action: frob\n  - action: press\n    key: Nope\n  - action: click\n    target: {chain: []}\n"
	_, err := Parse("t.yaml", []byte(y))
	var ve *ValidationError
	if !errors.As(err, &ve) || len(ve.Problems) != 3 {
		t.Fatalf("want 3 problems, got %v", err)
	}
}

func TestLoadRefusesLargeFileBeforeParsing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.yaml")
	fh, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	// A sparse file: a parser that read it would take long; Load must not.
	if err := fh.Truncate(MaxFileSize + 1); err != nil {
		t.Fatal(err)
	}
	fh.Close()
	_, err = Load(path)
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("err = %v, want ErrTooLarge", err)
	}
}

func TestSaveKeepsOldFileWhenWriteFails(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.yaml")
	f, err := Load("testdata/login.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := Save(path, f); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(path)
	// A read-only folder makes the temp file impossible (not for root, so
	// use a path whose folder is a file instead).
	if err := Save(filepath.Join(path, "sub.yaml"), f); err == nil {
		t.Fatal("save into a file-as-folder succeeded")
	}
	f.Name = "changed"
	if err := os.Chmod(dir, 0o500); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(dir, 0o700)
	if os.Geteuid() != 0 {
		if err := Save(path, f); err == nil {
			t.Fatal("save into a read-only folder succeeded")
		}
	}
	after, _ := os.ReadFile(path)
	if os.Geteuid() != 0 && string(before) != string(after) {
		t.Fatal("old file changed after a failed save")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("temp files left behind: %v", entries)
	}
}

func TestSecrets(t *testing.T) {
	env := map[string]string{"PASSWORD": "hunter2"}
	look := func(n string) (string, bool) { v, ok := env[n]; return v, ok }
	got, err := ResolveSecrets("pw=${secret:PASSWORD}!", look)
	if err != nil || got != "pw=hunter2!" {
		t.Fatalf("got %q, %v", got, err)
	}
	_, err = ResolveSecrets("${secret:MISSING}", look)
	var se *SecretError
	if !errors.As(err, &se) || se.Name != "MISSING" || !strings.Contains(err.Error(), "export MISSING") {
		t.Fatalf("err = %v", err)
	}
	if SecretName("user-password") != "USER_PASSWORD" || SecretName("--") != "SECRET" {
		t.Fatal("SecretName")
	}
	if s := Secrets("${secret:A} and ${secret:B_2}"); !reflect.DeepEqual(s, []string{"A", "B_2"}) {
		t.Fatalf("Secrets = %v", s)
	}
}

// TestChromeKeysRoundTrip: the keys Chrome's recordings need (pages,
// device, timeouts, test id attributes, the new actions and the chrome
// key) load and save unchanged, and a flow may have no start_url.
func TestChromeKeysRoundTrip(t *testing.T) {
	src := `version: 1
name: popup
timeout_ms: 4000
testid_attrs: [data-automation-id]
device: {mobile: true, touch: true}
pages:
  - {}
  - {url: "http://127.0.0.1/help.html"}
chrome: {extra: 1}
steps:
  - action: click
    button: back
    duration_ms: 600
    target:
      frame_path: ["frames[1]"]
      chain:
        - type: role
          value: "*|Save"
          confidence: 0.85
          hosts: [{type: css, value: my-app, confidence: 0}]
    navigated: {url: "http://127.0.0.1/b.html", title: B}
    chrome: {deviceType: pen}
  - action: wait_element
    page: 1
    target: {chain: [{type: css, value: li, confidence: 0.65}]}
    expect: {count: 3, operator: "==", gone: true, attributes: {role: row}, properties: {value: x}}
  - action: wait_expression
    expression: document.title === "x"
  - action: key_down
    key: Shift
  - action: emulate_network
    network: {download: -1, upload: -1, latency: 300}
  - action: set_viewport
    viewport: {width: 390, height: 844, device_scale_factor: 3, mobile: true, touch: true}
  - action: close
    page: 1
  - action: custom
    chrome: {name: myStep, parameters: {a: 1}}
`
	f, err := Parse("popup.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if f.StartURL != "" || f.TimeoutMS != 4000 || len(f.Pages) != 2 || f.Steps[1].Page != 1 || !f.Device.Mobile {
		t.Errorf("flow %+v", f)
	}
	if i, ok := FrameIndex(f.Steps[0].Target.FramePath[0]); !ok || i != 1 || !IndexedFrames(f.Steps[0].Target.FramePath) {
		t.Errorf("frame index %v %v", i, ok)
	}
	if e := f.Steps[1].Expect; !e.Compare(3) || e.Compare(2) || !e.Gone {
		t.Errorf("expect %+v", e)
	}
	if v := f.Steps[5].Viewport; v.Width != 390 || !v.Touch || v.DeviceScaleFactor != 3 {
		t.Errorf("viewport %+v", v)
	}
	out, err := Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	g, err := Parse("popup.yaml", out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !reflect.DeepEqual(f, g) {
		t.Errorf("round trip changed the flow:\n%s", out)
	}
}
