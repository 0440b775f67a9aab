package report

import (
	"strings"
	"testing"
)

// A data row's replay and the steps of an included flow say so in JUnit
// and HTML: the row and its values, and where each included step is
// written.
func TestReportsNameRowsAndIncludedSteps(t *testing.T) {
	run := &Run{Flows: []Flow{{
		File: "flows/checkout.yaml", Name: "checkout [row 2: USER=bob]", Status: Failed,
		Row: &Row{Index: 2, Line: 3, Vars: map[string]string{"USER": "bob", "PW": "x y"}},
		Steps: []Step{
			{Index: 1, Action: "include", Description: "login.yaml", Status: Passed},
			{Index: 2, From: "login.yaml#1", Action: "type", Status: Failed,
				Error: &Error{Code: AssertionFailed, Message: "value is \"a\", expected \"b\""}},
			{Index: 3, Action: "click", Status: Skipped},
		},
	}}}
	run.Summarize()
	b, err := JUnit(run, JUnitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	x := string(b)
	for _, want := range []string{
		`<testcase name="checkout [row 2: USER=bob]" classname="flows.checkout"`,
		`message="step 2 of login.yaml#1 (type) failed: ASSERTION_FAILED: value is &#34;a&#34;, expected &#34;b&#34;"`,
		`data row 2 (line 3): PW="x y" USER="bob"`,
		"step 1 include login.yaml: passed",
		"step 2 of login.yaml#1 type: failed",
	} {
		if !strings.Contains(x, want) {
			t.Errorf("JUnit lacks %q:\n%s", want, x)
		}
	}
	h, err := HTML(run, HTMLOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"data row 2 (line 3):", "<code>USER=bob</code>", `<span class="from">· step login.yaml#1</span>`} {
		if !strings.Contains(string(h), want) {
			t.Errorf("HTML lacks %q", want)
		}
	}
}
