package keys

import (
	"testing"

	"github.com/go-rod/rod/lib/proto"
)

func TestDownTypesTextUnlessAChord(t *testing.T) {
	a, _ := Lookup("a")
	enter, _ := Lookup("Enter")
	for _, tc := range []struct {
		name string
		d    Def
		mods int
		typ  proto.InputDispatchKeyEventType
		text string
	}{
		{"a", a, 0, proto.InputDispatchKeyEventTypeKeyDown, "a"},
		{"Shift+a", a, Shift, proto.InputDispatchKeyEventTypeKeyDown, "a"},
		{"Alt+a", a, Alt, proto.InputDispatchKeyEventTypeRawKeyDown, ""},
		{"Control+a", a, Ctrl, proto.InputDispatchKeyEventTypeRawKeyDown, ""},
		{"Meta+a", a, Meta, proto.InputDispatchKeyEventTypeRawKeyDown, ""},
		{"Enter", enter, 0, proto.InputDispatchKeyEventTypeKeyDown, "\r"},
	} {
		ev := tc.d.Down(tc.mods)
		if ev.Type != tc.typ || ev.Text != tc.text || ev.UnmodifiedText != tc.text || ev.Modifiers != tc.mods || ev.Key != tc.d.Key {
			t.Errorf("%s: down %+v, want %s with text %q", tc.name, ev, tc.typ, tc.text)
		}
		if up := tc.d.Up(tc.mods); up.Type != proto.InputDispatchKeyEventTypeKeyUp || up.Text != "" || up.Modifiers != tc.mods {
			t.Errorf("%s: up %+v", tc.name, up)
		}
	}
}
