package chromerec

import (
	"strings"
	"testing"

	"github.com/qa-chain/chainreplay/chain"
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
	_, warns, err := Import([]byte(`{"steps":[{"type":"navigate","url":"http://x/"},{"type":"click","selectors":[["div[[["],["text/Price (USD"],["aria/Don't save"]],"offsetX":1,"offsetY":1}]}`))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range warns {
		got = append(got, w.String())
	}
	if s := strings.Join(got, "\n"); !strings.Contains(s, `"div[[[" is not well formed`) || strings.Contains(s, "Price (USD") || strings.Contains(s, "save") {
		t.Errorf("warnings %q: want the CSS selector's, not the text's or the name's", got)
	}
}

// A step's dialog answers, which Chrome's format cannot hold, are left
// out with a warning.
func TestExportWarnsOfDialogAnswers(t *testing.T) {
	f := &chain.Flow{Version: chain.Version, Name: "d", StartURL: "http://x/", Steps: []chain.Step{{
		Action: chain.Click, Target: &chain.Target{Chain: []chain.Strategy{{Type: chain.ID, Value: "rm", Confidence: 0.9}}},
		JSDialogs: []chain.JSDialog{{Type: "confirm", Accept: true}},
	}}}
	_, warns, err := Export(f)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range warns {
		if strings.Contains(w.String(), "dialogs (confirm) are not written") {
			return
		}
	}
	t.Errorf("warnings %v: want one for the confirm's answer", warns)
}
