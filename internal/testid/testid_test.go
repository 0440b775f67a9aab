package testid

import (
	"reflect"
	"testing"
)

func TestWith(t *testing.T) {
	got := With([]string{"data-automation-id", "data-testid"}, nil, []string{"data-e2e", "data-automation-id"})
	want := append([]string{"data-automation-id", "data-testid", "data-e2e"}, Default[1:]...)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("With = %v, want %v", got, want)
	}
	if got := With(); !reflect.DeepEqual(got, Default) {
		t.Errorf("With() = %v", got)
	}
}
