package keys

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/go-rod/rod/lib/proto"
)

// calls records the DevTools calls made through it, one line each.
type calls []string

func (c *calls) Call(_ context.Context, _, method string, params any) ([]byte, error) {
	switch p := params.(type) {
	case proto.InputDispatchKeyEvent:
		*c = append(*c, fmt.Sprintf("%s %s %s", method, p.Type, p.Key))
	case proto.InputInsertText:
		*c = append(*c, fmt.Sprintf("%s %q", method, p.Text))
	default:
		*c = append(*c, method)
	}
	return []byte("{}"), nil
}

func TestTypeSendsKeysAndInsertsTheRest(t *testing.T) {
	var c calls
	if err := Type(&c, "a é€\nb"); err != nil {
		t.Fatal(err)
	}
	want := calls{
		"Input.dispatchKeyEvent keyDown a", "Input.dispatchKeyEvent keyUp a",
		"Input.dispatchKeyEvent keyDown  ", "Input.dispatchKeyEvent keyUp  ",
		`Input.insertText "é€"`,
		"Input.dispatchKeyEvent keyDown Enter", "Input.dispatchKeyEvent keyUp Enter",
		"Input.dispatchKeyEvent keyDown b", "Input.dispatchKeyEvent keyUp b",
	}
	if !slices.Equal(c, want) {
		t.Errorf("Type sent\n  %q\nwant\n  %q", c, want)
	}
}

func TestPressNamesAnUnknownKey(t *testing.T) {
	var c calls
	err := Press(&c, "NoSuchKey", 0)
	if !errors.Is(err, ErrUnknownKey) || len(c) != 0 {
		t.Errorf("Press(NoSuchKey) = %v after %d calls, want ErrUnknownKey and none", err, len(c))
	}
}
