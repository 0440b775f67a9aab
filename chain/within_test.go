package chain

import "testing"

func TestBesideNote(t *testing.T) {
	if got := (Strategy{}).BesideNote(); got != "" {
		t.Errorf("no beside texts: %q, want none", got)
	}
	s := Strategy{Type: Text, Value: "Grace Hopper", Beside: []string{"grace@navy.mil", "Arlington"}}
	if got, want := s.BesideNote(), ` beside "grace@navy.mil" or "Arlington"`; got != want {
		t.Errorf("BesideNote = %q, want %q", got, want)
	}
	s.Line = true
	if got, want := s.BesideNote(), ` beside "grace@navy.mil" or "Arlington", on its line`; got != want {
		t.Errorf("BesideNote on a line = %q, want %q", got, want)
	}
}
