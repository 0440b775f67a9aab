package chromerec

import (
	"strings"
	"testing"
)

// A recording that is not valid says what is wrong in JSON's words, and
// where; a selector that cannot be read is a warning.
func TestImportProblemsAreSaidForPeople(t *testing.T) {
	for in, want := range map[string]string{
		`{"steps":[{"type":"click","selectors":"#a","offsetX":1,"offsetY":1}]}`:                      `"selectors" must be an array of arrays (of strings), not a string`,
		`{"steps":[{"type":"change","selectors":[["#a"]],"value":3}]}`:                               `"value" must be a string, not a number`,
		"{\"steps\":[\n{\"type\":\"click\",\"selectors\":[[\"#a\"]],\"offsetX\":1,\"offsetY\":1},]}": "invalid JSON at line 2, column",
	} {
		_, _, err := Import([]byte(in))
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "Go struct") {
			t.Errorf("%s: error %v, want it to say %q", in, err, want)
		}
	}
	_, warns, err := Import([]byte(`{"steps":[{"type":"navigate","url":"http://x/"},{"type":"click","selectors":[["div[[["],["text/Price (USD"]],"offsetX":1,"offsetY":1}]}`))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range warns {
		got = append(got, w.String())
	}
	if s := strings.Join(got, "\n"); !strings.Contains(s, `"div[[[" is not well formed`) || strings.Contains(s, "Price (USD") {
		t.Errorf("warnings %q: want the CSS selector's, not the text's", got)
	}
}
