package chain

import (
	"fmt"
	"regexp"
)

var secretRE = regexp.MustCompile(`\$\{secret:([^}]*)\}`)
var secretNameRE = regexp.MustCompile(`^[A-Za-z0-9_]+$`)

// SecretRef returns the placeholder "${secret:NAME}" that a flow stores
// instead of a secret value.
func SecretRef(name string) string { return "${secret:" + name + "}" }

// VarRef returns the placeholder "${var:NAME}" for a value replay takes
// from its variables (replayer --var, a --data row).
func VarRef(name string) string { return "${var:" + name + "}" }

// SecretName turns any field name into a valid secret name: letters, digits
// and underscores, upper case ("user-password" becomes "USER_PASSWORD").
func SecretName(field string) string {
	out := make([]byte, 0, len(field))
	for _, c := range []byte(field) {
		switch {
		case c >= 'a' && c <= 'z':
			out = append(out, c-'a'+'A')
		case c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
			out = append(out, c)
		default:
			if len(out) > 0 && out[len(out)-1] != '_' {
				out = append(out, '_')
			}
		}
	}
	for len(out) > 0 && out[len(out)-1] == '_' {
		out = out[:len(out)-1]
	}
	if len(out) == 0 {
		return "SECRET"
	}
	return string(out)
}

// Secrets returns the secret names s refers to, in order.
func Secrets(s string) []string {
	var names []string
	for _, m := range secretRE.FindAllStringSubmatch(s, -1) {
		names = append(names, m[1])
	}
	return names
}

// SecretError says a secret placeholder could not be filled. It never holds
// a secret's value.
type SecretError struct {
	Name   string
	Reason string
}

func (e *SecretError) Error() string {
	return fmt.Sprintf("secret %q: %s", e.Name, e.Reason)
}

// ResolveSecrets replaces every ${secret:NAME} in s by lookup(NAME). It
// fails with a *SecretError on an invalid name or an unset variable.
func ResolveSecrets(s string, lookup func(string) (string, bool)) (string, error) {
	var err error
	out := secretRE.ReplaceAllStringFunc(s, func(m string) string {
		name := secretRE.FindStringSubmatch(m)[1]
		if err != nil {
			return ""
		}
		if !secretNameRE.MatchString(name) {
			err = &SecretError{Name: name, Reason: "name must be letters, digits and underscores"}
			return ""
		}
		v, ok := lookup(name)
		if !ok {
			err = &SecretError{Name: name, Reason: fmt.Sprintf("environment variable %s is not set; export %s=... before replaying", name, name)}
			return ""
		}
		return v
	})
	if err != nil {
		return "", err
	}
	return out, nil
}
