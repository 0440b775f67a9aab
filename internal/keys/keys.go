// Package keys is the table of DOM key values the flows may name, with what
// DevTools' Input.dispatchKeyEvent needs for each (code, key code, text),
// and the modifier bits of seed 003 (Alt=1, Ctrl=2, Meta=4, Shift=8).
//
// Press and Type send those events through a DevTools client (a page);
// the package knows nothing of flows.
package keys

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Def describes one key for Input.dispatchKeyEvent.
type Def struct {
	// Key is the DOM KeyboardEvent.key value ("Enter", "a").
	Key string
	// Code is the DOM KeyboardEvent.code value ("Enter", "KeyA").
	Code string
	// KeyCode is the legacy windowsVirtualKeyCode.
	KeyCode int
	// Text is what the key types, empty for non-printing keys.
	Text string
}

// Modifier bits as DevTools Input expects them.
const (
	Alt   = 1
	Ctrl  = 2
	Meta  = 4
	Shift = 8
)

// Modifiers maps a modifier name to its bit.
var Modifiers = map[string]int{"Alt": Alt, "Control": Ctrl, "Meta": Meta, "Shift": Shift}

var named = map[string]Def{}

func init() {
	add := func(key, code string, kc int, text string) { named[key] = Def{key, code, kc, text} }
	add("Enter", "Enter", 13, "\r")
	add("Tab", "Tab", 9, "")
	add("Escape", "Escape", 27, "")
	add("Backspace", "Backspace", 8, "")
	add("Delete", "Delete", 46, "")
	add("Insert", "Insert", 45, "")
	add("Home", "Home", 36, "")
	add("End", "End", 35, "")
	add("PageUp", "PageUp", 33, "")
	add("PageDown", "PageDown", 34, "")
	add("ArrowUp", "ArrowUp", 38, "")
	add("ArrowDown", "ArrowDown", 40, "")
	add("ArrowLeft", "ArrowLeft", 37, "")
	add("ArrowRight", "ArrowRight", 39, "")
	add("Shift", "ShiftLeft", 16, "")
	add("Control", "ControlLeft", 17, "")
	add("Alt", "AltLeft", 18, "")
	add("Meta", "MetaLeft", 91, "")
	add("CapsLock", "CapsLock", 20, "")
	add("ContextMenu", "ContextMenu", 93, "")
	add(" ", "Space", 32, " ")
	for i := 1; i <= 24; i++ {
		add(fmt.Sprintf("F%d", i), fmt.Sprintf("F%d", i), 111+i, "")
	}
	// "Space" and "Esc" are common spellings; accept them as aliases.
	named["Space"] = named[" "]
	named["Esc"] = named["Escape"]
}

var punct = map[rune]struct {
	code string
	kc   int
}{
	'`': {"Backquote", 192}, '~': {"Backquote", 192}, '-': {"Minus", 189}, '_': {"Minus", 189},
	'=': {"Equal", 187}, '+': {"Equal", 187}, '[': {"BracketLeft", 219}, '{': {"BracketLeft", 219},
	']': {"BracketRight", 221}, '}': {"BracketRight", 221}, '\\': {"Backslash", 220}, '|': {"Backslash", 220},
	';': {"Semicolon", 186}, ':': {"Semicolon", 186}, '\'': {"Quote", 222}, '"': {"Quote", 222},
	',': {"Comma", 188}, '<': {"Comma", 188}, '.': {"Period", 190}, '>': {"Period", 190},
	'/': {"Slash", 191}, '?': {"Slash", 191}, '!': {"Digit1", 49}, '@': {"Digit2", 50},
	'#': {"Digit3", 51}, '$': {"Digit4", 52}, '%': {"Digit5", 53}, '^': {"Digit6", 54},
	'&': {"Digit7", 55}, '*': {"Digit8", 56}, '(': {"Digit9", 57}, ')': {"Digit0", 48},
}

// Lookup returns the definition of a DOM key value: a named key or a single
// printable character. ok is false for anything else.
func Lookup(key string) (Def, bool) {
	if d, ok := named[key]; ok {
		return d, true
	}
	if utf8.RuneCountInString(key) != 1 {
		return Def{}, false
	}
	r, _ := utf8.DecodeRuneInString(key)
	switch {
	case r >= 'a' && r <= 'z':
		return Def{key, "Key" + strings.ToUpper(key), int(r - 'a' + 'A'), key}, true
	case r >= 'A' && r <= 'Z':
		return Def{key, "Key" + key, int(r), key}, true
	case r >= '0' && r <= '9':
		return Def{key, "Digit" + key, int(r), key}, true
	}
	if p, ok := punct[r]; ok {
		return Def{key, p.code, p.kc, key}, true
	}
	if r < 0x20 || r == 0x7f {
		return Def{}, false
	}
	// Any other printable character: no physical key, but a valid key value.
	return Def{Key: key, Text: key}, true
}

// Valid reports whether key is a DOM key value Lookup knows.
func Valid(key string) bool {
	_, ok := Lookup(key)
	return ok
}

// ParseCombo splits "Control+Shift+a" into the key "a" and the modifiers
// ["Control", "Shift"]. A lone "+" is the plus key.
func ParseCombo(s string) (key string, mods []string, err error) {
	if s == "" {
		return "", nil, fmt.Errorf("empty key")
	}
	parts := strings.Split(s, "+")
	if strings.HasSuffix(s, "++") || s == "+" {
		parts = append(parts[:len(parts)-2], "+")
	}
	key = parts[len(parts)-1]
	for _, m := range parts[:len(parts)-1] {
		if m == "Ctrl" {
			m = "Control"
		}
		if _, ok := Modifiers[m]; !ok {
			return "", nil, fmt.Errorf("unknown modifier %q in %q (want Alt, Control, Meta, Shift)", m, s)
		}
		mods = append(mods, m)
	}
	if !Valid(key) {
		return "", nil, fmt.Errorf("unknown key %q in %q", key, s)
	}
	return key, mods, nil
}

// Bits returns the DevTools modifier bit mask of mods.
func Bits(mods []string) int {
	b := 0
	for _, m := range mods {
		b |= Modifiers[m]
	}
	return b
}
