package recorder

import (
	"slices"
	"testing"

	"github.com/qa-chain/chainreplay/chain"
)

// Two values typed into one password field (a wrong password, then the
// right one) are two secrets; the same value typed again is the same one.
func TestTwoPasswordsTypedAreTwoSecrets(t *testing.T) {
	b := ownWindow(t)
	f := recordDriveIn(t, b, "login.html", "type #password abc\nclick #remember\nclick #password\npress Control+a\npress Backspace\ntype #password abcsecret12\nclick #remember\nclick #password\npress Control+a\npress Backspace\ntype #password abc\n")
	var refs []string
	for _, s := range f.Steps {
		if s.Action == chain.Type && len(chain.Secrets(s.Text)) > 0 {
			refs = append(refs, s.Text)
		}
	}
	want := []string{chain.SecretRef("PASSWORD"), chain.SecretRef("PASSWORD_2"), chain.SecretRef("PASSWORD")}
	if !slices.Equal(refs, want) {
		t.Errorf("typed %q, want %q", refs, want)
	}
}
