package recorder

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestParseDrive(t *testing.T) {
	src := `# comment
click #pay-frame >>> button.pay

type #username  alice  smith
type [aria-label="Full name"] Ada Lovelace
type form > input.name Bob
select #sort price
press Control+a
scroll 0 -250.5
goto http://127.0.0.1:8080/x?a=1
wait 120
dblclick tr:nth-child(2) td
hover settings-toggle >>> input
type "ul.todo-list > li:nth-child(1) input.edit" Walk the cat
type 'a[title="it\'s"]' x
click "li .destroy"
`
	lines, err := ParseDrive(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	want := []DriveLine{
		{Line: 2, Op: "click", Selector: "#pay-frame >>> button.pay"},
		{Line: 4, Op: "type", Selector: "#username", Arg: " alice  smith"},
		{Line: 5, Op: "type", Selector: `[aria-label="Full name"]`, Arg: "Ada Lovelace"},
		{Line: 6, Op: "type", Selector: "form > input.name", Arg: "Bob"},
		{Line: 7, Op: "select", Selector: "#sort", Arg: "price"},
		{Line: 8, Op: "press", Arg: "Control+a"},
		{Line: 9, Op: "scroll", DX: 0, DY: -250.5},
		{Line: 10, Op: "goto", Arg: "http://127.0.0.1:8080/x?a=1"},
		{Line: 11, Op: "wait", Wait: 120 * time.Millisecond},
		{Line: 12, Op: "dblclick", Selector: "tr:nth-child(2) td"},
		{Line: 13, Op: "hover", Selector: "settings-toggle >>> input"},
		{Line: 14, Op: "type", Selector: "ul.todo-list > li:nth-child(1) input.edit", Arg: "Walk the cat"},
		{Line: 15, Op: "type", Selector: `a[title="it's"]`, Arg: "x"},
		{Line: 16, Op: "click", Selector: "li .destroy"},
	}
	if len(lines) != len(want) {
		t.Fatalf("got %d lines, want %d: %+v", len(lines), len(want), lines)
	}
	for i := range want {
		if lines[i] != want[i] {
			t.Errorf("line %d = %+v\nwant %+v", i, lines[i], want[i])
		}
	}
}

func TestParseDriveErrors(t *testing.T) {
	for src, msg := range map[string]string{
		"jump #x":        "unknown command",
		"click":          "needs a CSS selector",
		"press Hyper+q":  "unknown modifier",
		"scroll 10":      "scroll needs DX DY",
		"select #sort":   "needs an option value",
		"wait soon":      "milliseconds",
		"\n\ngoto":       "goto needs a URL",
		"press NotAKey2": "unknown key",
		// The text starts with what reads as more of the selector.
		"type ul.todo-list > li:nth-child(1) input.edit Walk the cat": "ambiguous",
		"type #list li Buy milk": "ambiguous",
		"type #q .x":             "ambiguous",
		`type "#q Bob`:           "not closed",
		`type "#q"Bob`:           "a space must follow",
		`click "#a" extra`:       "takes only a selector",
	} {
		_, err := ParseDrive(strings.NewReader(src))
		var de *DriveError
		if !errors.As(err, &de) || !strings.Contains(err.Error(), msg) {
			t.Errorf("ParseDrive(%q) = %v, want a DriveError containing %q", src, err, msg)
		}
	}
	_, err := ParseDrive(strings.NewReader("\n\ngoto"))
	var de *DriveError
	if errors.As(err, &de) && de.Line != 3 {
		t.Errorf("line = %d, want 3", de.Line)
	}
}

func stringsReader(s string) *strings.Reader { return strings.NewReader(s) }
