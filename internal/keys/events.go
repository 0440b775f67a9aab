package keys

import "github.com/go-rod/rod/lib/proto"

// Down is the Input.dispatchKeyEvent that presses d with the modifier
// bits mods held. A key that types text types it on its way down (so
// keypress and input fire) unless Alt, Control or Meta is held: a chord
// types nothing, as with Puppeteer's keyboard.
func (d Def) Down(mods int) proto.InputDispatchKeyEvent {
	ev := proto.InputDispatchKeyEvent{Type: proto.InputDispatchKeyEventTypeRawKeyDown, Modifiers: mods, Key: d.Key,
		Code: d.Code, WindowsVirtualKeyCode: d.KeyCode, NativeVirtualKeyCode: d.KeyCode}
	if d.Text != "" && mods&(Alt|Ctrl|Meta) == 0 {
		ev.Type, ev.Text, ev.UnmodifiedText = proto.InputDispatchKeyEventTypeKeyDown, d.Text, d.Text
	}
	return ev
}

// Up is the Input.dispatchKeyEvent that releases d with mods held.
func (d Def) Up(mods int) proto.InputDispatchKeyEvent {
	return proto.InputDispatchKeyEvent{Type: proto.InputDispatchKeyEventTypeKeyUp, Modifiers: mods, Key: d.Key,
		Code: d.Code, WindowsVirtualKeyCode: d.KeyCode, NativeVirtualKeyCode: d.KeyCode}
}
