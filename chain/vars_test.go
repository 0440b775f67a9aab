package chain

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func lookupIn(m map[string]string) func(string) (string, bool) {
	return func(n string) (string, bool) { v, ok := m[n]; return v, ok }
}

func TestResolveVars(t *testing.T) {
	vars := lookupIn(map[string]string{"USER": "ada", "PW": "${secret:PW}", "LOOP": "${var:USER}"})
	for in, want := range map[string]string{
		"plain":                        "plain",
		"${var:USER}":                  "ada",
		"hi ${var:USER}, ${var:USER}!": "hi ada, ada!",
		"${var:PW}":                    "${secret:PW}",
		"${var:LOOP}":                  "${var:USER}",
		"${secret:X} and ${var:USER}":  "${secret:X} and ada",
	} {
		got, err := ResolveVars(in, vars)
		if err != nil || got != want {
			t.Errorf("ResolveVars(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	_, err := ResolveVars("x ${var:NOPE} y", vars)
	var ve *VarError
	if !errors.As(err, &ve) || ve.Name != "NOPE" || !strings.Contains(err.Error(), `"NOPE"`) {
		t.Errorf("unknown variable: %v", err)
	}
}

func TestStepWithVarsFillsTextFieldsOnly(t *testing.T) {
	s := Step{Action: Select, Text: "${var:A}", URL: "http://h/${var:A}", Value: "${var:A}", Label: "L ${var:A}",
		Files: []string{"${var:A}.txt"}, Navigated: &Navigation{URL: "http://h/${var:A}/done"}, Key: "Enter",
		Comment: "${var:A}", Target: &Target{Chain: []Strategy{{Type: Text, Value: "${var:A}"}}}}
	orig := s
	orig.Files = append([]string(nil), s.Files...)
	nav := *s.Navigated
	got, err := s.WithVars(lookupIn(map[string]string{"A": "x"}))
	if err != nil {
		t.Fatal(err)
	}
	if got.Text != "x" || got.URL != "http://h/x" || got.Value != "x" || got.Label != "L x" ||
		!reflect.DeepEqual(got.Files, []string{"x.txt"}) || got.Navigated.URL != "http://h/x/done" {
		t.Fatalf("filled %+v", got)
	}
	if got.Comment != "${var:A}" || got.Target.Chain[0].Value != "${var:A}" {
		t.Fatal("a comment or a locator was filled")
	}
	if !reflect.DeepEqual(s.Files, orig.Files) || *s.Navigated != nav || s.Text != orig.Text {
		t.Fatal("WithVars changed the step it was given")
	}
	if _, err := s.WithVars(lookupIn(nil)); err == nil {
		t.Fatal("an unknown variable filled")
	}
}

func TestVarsAreCheckedAtLoad(t *testing.T) {
	for name, tc := range map[string]struct{ step, want string }{
		"bad name":    {`{action: navigate, url: "http://h/${var:a-b}"}`, `4: steps[0].url: variable name "a-b" must be letters, digits and underscores`},
		"empty name":  {`{action: assert_url, url: "${var:}"}`, `4: steps[0].url: variable name "" must be`},
		"unclosed":    {`{action: navigate, url: "http://h/${var:X"}`, `4: steps[0].url: a ${var: placeholder has no closing }`},
		"in a key":    {`{action: press, key: "${var:K}"}`, `4: steps[0].key: a key is a key name; it cannot come from a variable`},
		"in the text": {`{action: assert_url, url: "http://h/", text: "a ${var:b c}"}`, `4: steps[0].text: variable name "b c"`},
	} {
		_, err := Parse("f.yaml", []byte(flowYAML("http://h/", tc.step)))
		if err == nil || !strings.Contains(err.Error(), "f.yaml:"+tc.want) {
			t.Errorf("%s: err = %v, want %q", name, err, tc.want)
		}
	}
	for _, ok := range []string{
		flowYAML("http://h/${var:PATH}", `{action: navigate, url: "${var:NEXT}"}`),
		flowYAML("http://h/", `{action: navigate, url: "http://h/users/${var:ID}", navigated: {url: "http://h/u/${var:ID}"}}`),
		flowYAML("http://h/", `{action: select, value: "${var:V}", label: "${var:L}", target: {chain: [{type: id, value: s, confidence: 0.9}]}}`),
	} {
		if _, err := Parse("f.yaml", []byte(ok)); err != nil {
			t.Errorf("%v\n%s", err, ok)
		}
	}
	_, err := Parse("f.yaml", []byte("version: 1\nstart_url: \"${var:X\"\nsteps: []\n"))
	if err == nil || !strings.Contains(err.Error(), "f.yaml:2: start_url: a ${var: placeholder has no closing }") {
		t.Errorf("start_url: %v", err)
	}
}
