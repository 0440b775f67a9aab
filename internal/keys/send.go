package keys

import (
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/go-rod/rod/lib/proto"
)

// ErrUnknownKey is what Press wraps for a key value Lookup does not know.
var ErrUnknownKey = errors.New("not a key value this table knows")

// Press sends the keyDown and keyUp of a DOM key value with the modifier
// bits mods held (Def.Down: a chord types no text), through c (a page).
// Where c's context has ended it sends nothing; once the keyDown is sent,
// the key is released however c's context ends meanwhile (Release: an
// event sent as a context ends is still delivered, its answer lost).
func Press(c proto.Client, key string, mods int) error {
	d, ok := Lookup(key)
	if !ok {
		return fmt.Errorf("%q: %w", key, ErrUnknownKey)
	}
	if err := contextOf(c).Err(); err != nil {
		return err
	}
	rc, cancel := Release(c)
	defer cancel()
	if err := d.Down(mods).Call(rc); err != nil {
		return fmt.Errorf("Input.dispatchKeyEvent keyDown %s: %w", key, err)
	}
	if err := d.Up(mods).Call(rc); err != nil {
		return fmt.Errorf("Input.dispatchKeyEvent keyUp %s: %w", key, err)
	}
	return nil
}

// Type types s into the focused element through c: one keyDown/keyUp pair
// per character that has a physical key (so that pages listening for key
// events see them), Enter for "\n", and Input.insertText for runs of
// characters that have none (as an input method would).
func Type(c proto.Client, s string) error {
	var pending []byte
	flush := func() error {
		if len(pending) == 0 {
			return nil
		}
		err := proto.InputInsertText{Text: string(pending)}.Call(c)
		pending = pending[:0]
		if err != nil {
			return fmt.Errorf("Input.insertText: %w", err)
		}
		return nil
	}
	for len(s) > 0 {
		r, n := utf8.DecodeRuneInString(s)
		ch := s[:n]
		s = s[n:]
		if ch == "\n" {
			ch = "Enter"
		}
		if d, ok := Lookup(ch); ok && (d.Code != "" || ch == "Enter") && r != '\t' {
			if err := flush(); err != nil {
				return err
			}
			if err := Press(c, ch, 0); err != nil {
				return err
			}
			continue
		}
		pending = append(pending, ch...)
	}
	return flush()
}
